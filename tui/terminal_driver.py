"""The local terminal's driver: Textual's own, whose input hands on each read of the
terminal through :class:`meneur.tui.typed_bursts.Bursts` (typed lines a line at a time, a
paste as one paste). POSIX only, as Textual's Linux driver is."""

from __future__ import annotations

import os
import selectors
from codecs import getincrementaldecoder

from textual._loop import loop_last
from textual._parser import ParseError
from textual._xterm_parser import XTermParser
from textual.drivers.linux_driver import LinuxDriver

from .typed_bursts import Bursts


class TerminalDriver(LinuxDriver):
    """Textual's driver for the local terminal, whose input thread hands on each read's
    keys through :meth:`Bursts.coalesce`."""

    def run_input_thread(self) -> None:
        """Textual's own input loop (textual 8.2.8, pinned), each read's events
        coalesced."""
        selector = selectors.SelectSelector()
        selector.register(self.fileno, selectors.EVENT_READ)
        parser = XTermParser(self._debug)
        decode = getincrementaldecoder("utf-8")().decode
        bursts = Bursts()

        def process(ready: list[tuple[selectors.SelectorKey, int]], final: bool = False) -> None:
            for last, (_key, mask) in loop_last(ready):
                if mask & selectors.EVENT_READ:
                    text = decode(os.read(self.fileno, 1024 * 4), final=final and last)
                    if not text:
                        break  # stdin is a pipe that closed
                    for event in bursts.coalesce(parser.feed(text)):
                        self.process_message(event)
            for event in parser.tick():
                self.process_message(event)

        try:
            while not self.exit_event.is_set():
                process(selector.select(0.1))
            selector.unregister(self.fileno)
            process(selector.select(0.1), final=True)
        finally:
            selector.close()
            try:
                for _event in parser.feed(""):
                    pass
            except (EOFError, ParseError):
                pass
