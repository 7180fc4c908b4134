"""``meneur --plain``: the plain seat in this terminal (:mod:`meneur.play.conversation`)
— lines in, lines out, and a prompt; no cursor movement, no colour, nothing a screen
reader or a braille display cannot follow. It never imports textual."""

from __future__ import annotations

import os
import random
import select
import sys
from collections.abc import Iterable, Sequence
from pathlib import Path
from types import SimpleNamespace
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    import argparse

    from meneur.content.strings import Strings
    from meneur.play.campaigns import Campaign
    from meneur.play.lines import PreparedTest
    from meneur.play.presence import FedPresence
    from meneur.play.rolling import TestAsked
    from meneur.play.session import Session

FOLLOW_SECONDS = 0.25
"""How often others' entries are looked for while nothing is typed."""
PROMPT = "> "
READ_SIZE = 65536


def run_plain(args: argparse.Namespace | SimpleNamespace) -> int:
    """Sit at the campaign (``--campaign``, else the one used last, made on a first run
    as the app makes it) and talk until ``quit`` or the end of the input."""
    from meneur.content.strings import strings
    from meneur.play.campaigns import remember
    from meneur.play.conversation import Conversation
    from meneur.play.seating import seat_named, served_seat
    from meneur.play.session import Session

    words = strings(args.lang or "fr")
    campaign = _open(Path(args.campaign) if args.campaign else None, words)
    name = getattr(args, "seat_name", None)
    served = getattr(args, "served_seat", None)
    try:
        if served is not None:  # a seat the table serves: by its id alone
            seat = served_seat(campaign.directory, campaign.state, *served)
        else:
            seat = seat_named(campaign.directory, campaign.state, name)
    except BaseException:
        campaign.close()
        raise
    if name is None and served is None:  # the GM at their own machine: theirs to reopen
        remember(campaign.directory)
    seed = getattr(args, "seed", None)
    rng = random.Random(seed) if seed is not None else random.SystemRandom()
    presence = _fed_presence()
    talk = Conversation(Session(campaign, words, rng, seat=seat, presence=presence), read_test)
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


def read_test(words: Sequence[str], session: Session) -> PreparedTest:
    """A system's test at ``session``'s seat (the plain seat's ``test``, the feed's
    ``{"test": …}``), read with the options of ``meneur roll SYSTEM`` (the command
    line's own grammar, refusals and all) and rolled as ``meneur roll SYSTEM …
    --campaign DIR --as NAME`` rolls it (:func:`meneur.play.rolling.roll_test`): the
    seat's rights, its secrecy, a character's sheet (karma) and the table's committed
    dice.

    Raises:
        ValueError: saying what the options do not describe, in the reader's language.
    """
    import contextlib
    import io

    from .arguments import build_parser
    from .parser_words import speaking, translate_parser
    from .usage import UsageError

    campaign, seat = session.campaign, session.seat
    system, lang = campaign.system, session.strings.lang
    shown = io.StringIO()
    try:
        with speaking(lang), contextlib.redirect_stdout(shown):
            parser = build_parser(["roll", system])
            translate_parser(parser, lang)
            args = parser.parse_args(["roll", system, *words, "--lang", lang])
    except UsageError as error:
        raise ValueError(error.said(lang)) from None
    except SystemExit:  # --help: its text is the answer
        raise ValueError(shown.getvalue().rstrip()) from None
    # A player's one character acts (and answers the GM's requests).
    one = seat.role == "player" and len(seat.characters) == 1
    if getattr(args, "character", None) is None and one:
        args.character = next(iter(seat.characters))
    args.campaign = str(campaign.directory)
    args.seat_name = None if seat.role == "gm" else seat.name
    args._seat = seat
    args.json = False
    # Options that do not go together are refused now, not at the roll.
    return TestRead(args, session.strings)


class TestRead:
    """A test set up at a seat (see :func:`read_test`): its odds are weighed once, as
    it is set up.

    Raises:
        ValueError: saying why options that do not go together describe no test.
    """

    def __init__(self, args: argparse.Namespace, words: Strings) -> None:
        self.args = args
        self.words = words
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

    def asked(self) -> TestAsked:
        """The test as the table rolls it, from a copy of its options (a sheet read
        into them at each roll)."""
        import copy

        from .commands import test_parts
        from .journaling import test_asked
        from .rooms import find

        args = copy.copy(self.args)
        args.seed = None
        inputs_of, roll = test_parts(args)
        return _refusals_said(test_asked(args, inputs_of, roll, find(args.system)), self.words)


def _refusals_said(asked: TestAsked, words: Strings) -> TestAsked:
    """``asked``, whose reading of the sheet says what it refuses as a sentence in the
    reader's language (the command line's own refusals: ``--character brings the
    sheet's karma; drop --karma``)."""
    import dataclasses

    from .usage import UsageError

    prepare = asked.prepare

    def prepared(state: Any) -> Any:
        try:
            return prepare(state)
        except UsageError as error:
            raise ValueError(error.said(words.lang)) from None

    return dataclasses.replace(asked, prepare=prepared)


def _open(directory: Path | None, words: Strings) -> Campaign:
    """The campaign to sit at, as the app opens it (the default one made on a first
    run).

    Raises:
        UsageError: when the campaign used last is gone (naming it).
        CampaignError: when it cannot be opened.
    """
    from meneur.play.campaigns import Campaign, default_author, default_campaign
    from meneur.play.session import create_default

    from .campaigns import _directory

    target = directory if directory is not None else _directory(None)
    # Who the GM writing from here is (a player's seat writes as the player: play.act).
    if target == default_campaign() and not (target / "campaign.toml").exists():
        return create_default(target, words, author=default_author())
    return Campaign.open(target, author=default_author())


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
