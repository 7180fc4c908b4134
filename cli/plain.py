"""``meneur --plain``: the plain seat in this terminal (:mod:`meneur.play.conversation`)
— lines in, lines out, and a prompt; no cursor movement, no colour, nothing a screen
reader or a braille display cannot follow. It never imports textual."""

from __future__ import annotations

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
    from meneur.play.campaigns import Campaign

FOLLOW_SECONDS = 0.25
"""How often others' entries are looked for while nothing is typed."""
PROMPT = "> "


def run_plain(args: argparse.Namespace | SimpleNamespace) -> int:
    """Sit at the campaign (``--campaign``, else the one used last, made on a first run
    as the app makes it) and talk until ``quit`` or the end of the input."""
    from meneur.content.strings import strings
    from meneur.play.campaigns import default_author, remember
    from meneur.play.conversation import Conversation
    from meneur.play.session import Session

    words = strings(args.lang or "fr")
    campaign = _open(Path(args.campaign) if args.campaign else None, words)
    campaign.author = default_author()
    remember(campaign.directory)
    seed = getattr(args, "seed", None)
    rng = random.Random(seed) if seed is not None else random.SystemRandom()
    talk = Conversation(Session(campaign, words, rng))
    try:
        _say(talk.greeting())
        _prompt()
        while True:
            ready, _, _ = select.select([sys.stdin], [], [], FOLLOW_SECONDS)
            if not ready:
                news = talk.news()
                if news:
                    _say(news)
                    _prompt()
                continue
            typed = sys.stdin.readline()
            if not typed:  # the end of the input: as quit
                _say(talk.answer("quit").lines)
                return 0
            said = talk.answer(typed)
            _say([*talk.news(), *said.lines])
            if not said.going:
                return 0
            _prompt()
    finally:
        campaign.close()


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
