"""``meneur --plain``: the plain seat in this terminal (:mod:`meneur.play.conversation`)
— lines in, lines out, and a prompt; no cursor movement, no colour, nothing a screen
reader or a braille display cannot follow. It never imports textual."""

from __future__ import annotations

import os
import random
import select
import sys
from collections.abc import Iterable
from pathlib import Path
from types import SimpleNamespace
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    import argparse

    from meneur.content.strings import Strings
    from meneur.core.table_rules import Seat
    from meneur.play.campaigns import Campaign
    from meneur.play.presence import FedPresence

FOLLOW_SECONDS = 0.25
"""How often others' entries are looked for while nothing is typed."""
PROMPT = "> "
READ_SIZE = 65536


def run_plain(args: argparse.Namespace | SimpleNamespace) -> int:
    """Sit at the campaign (``--campaign``, else the one used last, made on a first run
    as the app makes it) and talk until ``quit`` or the end of the input."""
    from meneur.content.strings import strings
    from meneur.play.campaigns import default_author, remember
    from meneur.play.conversation import Conversation
    from meneur.play.seating import seat_named
    from meneur.play.session import Session

    words = strings(args.lang or "fr")
    campaign = _open(Path(args.campaign) if args.campaign else None, words)
    name = getattr(args, "seat_name", None)
    try:
        seat = seat_named(campaign.directory, campaign.state, name)
    except BaseException:
        campaign.close()
        raise
    if name is None:  # the GM at their own machine: this campaign is theirs to reopen
        campaign.author = default_author()
        remember(campaign.directory)
    else:
        campaign.author = seat.name
    seed = getattr(args, "seed", None)
    rng = random.Random(seed) if seed is not None else random.SystemRandom()
    reader = TestReader(campaign.directory, campaign.system, words, seat, rng)
    presence = _fed_presence()
    talk = Conversation(Session(campaign, words, rng, seat=seat, presence=presence), reader.read)
    try:
        _say(talk.greeting())
        _prompt()
        # Read from the descriptor, not sys.stdin: lines that come together (a paste, a
        # braille display's program, a network) would wait in its buffer, unseen by
        # select, until more came.
        fd = sys.stdin.fileno()
        waiting = b""
        while True:
            ready, _, _ = select.select([fd], [], [], FOLLOW_SECONDS)
            if not ready:
                news = talk.news()
                if news:
                    _say(news)
                    _prompt()
                continue
            data = os.read(fd, READ_SIZE)
            waiting += data
            *lines, waiting = waiting.split(b"\n")
            if not data:  # the end of the input (what was left unended too): as quit
                lines, waiting = [*lines, waiting] if waiting else lines, b""
                lines.append(b"quit")
            for line in lines:
                said = talk.answer(line.decode("utf-8", "replace"))
                _say([*talk.news(), *said.lines])
                if not said.going:
                    return 0
                _prompt()
    finally:
        campaign.close()


class TestReader:
    """A system's test at the plain seat, read with the options of ``meneur roll
    SYSTEM`` (the command line's own grammar, refusals and all) and rolled as
    ``meneur roll SYSTEM … --campaign DIR --as NAME`` rolls it: the seat's rights, its
    secrecy, a character's sheet (karma) and the table's committed dice."""

    def __init__(
        self,
        directory: Path,
        system: str,
        words: Strings,
        seat: Seat,
        rng: random.Random,
    ) -> None:
        self.directory = directory
        self.seat = seat
        self.seat_name = None if seat.role == "gm" else seat.name
        self.system = system
        self.words = words
        self.rng = rng

    def read(self, options: str) -> PreparedTest:
        """The test ``options`` describe.

        Raises:
            ValueError: saying what the options do not describe, in the reader's
                language.
        """
        import contextlib
        import io
        import shlex

        from .arguments import build_parser
        from .parser_words import speaking, translate_parser
        from .usage import UsageError

        lang = self.words.lang
        shown = io.StringIO()
        try:
            words = shlex.split(options)
            with speaking(lang), contextlib.redirect_stdout(shown):
                parser = build_parser(["roll", self.system])
                translate_parser(parser, lang)
                args = parser.parse_args(["roll", self.system, *words, "--lang", lang])
        except UsageError as error:
            raise ValueError(error.said(lang)) from None
        except ValueError as error:  # shlex: an unclosed quote
            raise ValueError(str(error)) from None
        except SystemExit:  # --help: its text is the answer
            raise ValueError(shown.getvalue().rstrip()) from None
        seat = self.seat
        # A player's one character acts (and answers the GM's requests).
        one = seat.role == "player" and len(seat.characters) == 1
        if getattr(args, "character", None) is None and one:
            args.character = next(iter(seat.characters))
        args.campaign = str(self.directory)
        args.seat_name = self.seat_name
        args.json = False
        # Options that do not go together are refused now, not at the roll.
        return PreparedTest(args, self.words, self.rng)


class PreparedTest:
    """A test set up at the plain seat (see :class:`TestReader`): its odds are weighed
    once, as it is set up.

    Raises:
        ValueError: saying why options that do not go together describe no test.
    """

    def __init__(self, args: argparse.Namespace, words: Strings, rng: random.Random) -> None:
        self.args = args
        self.words = words
        self.rng = rng
        self._lines = self._weighed()

    def lines(self) -> list[str]:
        """The test and its exact odds, as ``meneur odds`` says them, without bars (a
        screen reader reads them as noise)."""
        return list(self._lines)

    def _weighed(self) -> list[str]:
        import re

        from . import commands, text
        from .usage import UsageError

        try:
            said = text.render_odds(commands.run_odds(self.args), self.words)
        except UsageError as error:
            raise ValueError(error.said(self.words.lang)) from None
        plain = [re.sub(r"\s*[█░]+\s*", "  ", line).rstrip() for line in said.split("\n")]
        return [line for line in plain if line.strip()]

    def roll(self) -> None:
        """Roll it, journaled as this seat (the journal's line reaches the reader as
        news). With ``--seed`` given to the seat, each roll's seed comes from it."""
        import copy

        from . import commands
        from .usage import UsageError

        args = copy.copy(self.args)
        args.seed = None if isinstance(self.rng, random.SystemRandom) else self.rng.getrandbits(63)
        try:
            commands.run_roll(args)
        except UsageError as error:
            raise ValueError(error.said(self.words.lang)) from None


def _open(directory: Path | None, words: Strings) -> Campaign:
    """The campaign to sit at, as the app opens it (the default one made on a first
    run).

    Raises:
        UsageError: when the campaign used last is gone (naming it).
        CampaignError: when it cannot be opened.
    """
    from meneur.play.campaigns import Campaign, default_campaign
    from meneur.play.session import create_default

    from .campaigns import _directory

    target = directory if directory is not None else _directory(None)
    if target == default_campaign() and not (target / "campaign.toml").exists():
        return create_default(target, words)
    return Campaign.open(target)


def _fed_presence() -> FedPresence | None:
    """Who is at the table, when a served seat runs this process (the server names the
    pipe it tells that through); None at a seat of one's own."""
    from meneur.play.presence import PRESENCE_FD, FedPresence

    fd = os.environ.get(PRESENCE_FD, "")
    if not fd.isdigit():
        return None
    try:
        return FedPresence(int(fd))
    except OSError:  # not a descriptor this process holds: no one to tell of
        return None


def _say(lines: Iterable[str]) -> None:
    """Lines on the output, their control characters shown, not sent (a campaign's text
    never drives the terminal)."""
    from meneur.core.text import visible

    for line in lines:
        sys.stdout.write(visible(line) + "\n")
    sys.stdout.flush()


def _prompt() -> None:
    sys.stdout.write(PROMPT)
    sys.stdout.flush()
