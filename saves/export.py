"""Exporting a campaign: Markdown that reads as a story, or one TOML archive.

Markdown: sessions and scenes as headings (a new day starts a session when none was
marked), in-game time when it changes, notes as prose (as rewritten), each roll on one
line (what was tried, the dice, the outcome in French with its gloss), state changes in
italics.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from datetime import date
from typing import Any

import tomli_w

from meneur.content import ContentError, term

from .campaign import Campaign
from .journal import Entry


def _dice(roll: Mapping[str, Any]) -> str:
    faces = []
    for die in roll.get("dice", []):
        face = f"{die['face']:+d}" if die.get("sides") == "F" else str(die["face"])
        faces.append(f"[{face}]" if die.get("kept") else face)
    return " ".join(faces)


def _outcome(roll: Mapping[str, Any]) -> str:
    outcome = roll.get("outcome")
    if outcome is None:
        return f"{roll.get('result')}" if "result" in roll else ""
    try:
        return term(f"{roll['system']}.outcome.{outcome}").glossed
    except ContentError:
        return str(outcome)


def roll_line(entry: Entry, *, markdown: bool = True) -> str:
    """One compact line for a roll: what was tried, the dice, the outcome.

    With ``markdown``, a list item with the attempt in bold; else plain text.
    """
    roll = entry.roll or {}
    line = f"- **{entry.text}**" if markdown else entry.text
    dice = _dice(roll)
    if dice:
        line += f" : {dice}"
    outcome = _outcome(roll)
    if outcome:
        line += f" → {outcome}"
    return line


def markdown_lines(campaign: Campaign) -> Iterator[str]:
    """The journal as Markdown, line by line (the whole journal is never held at once)."""
    system = term(f"system.{campaign.system}").glossed
    yield f"# {campaign.name}"
    yield ""
    yield f"*{system} — journal de {campaign.journal.last_id} entrées (entries)*"
    day: date | None = None
    game_time: str | None = None
    listing = False  # a blank line must close a list before prose or a heading

    def block(*lines: str) -> Iterator[str]:
        nonlocal listing
        yield ""
        yield from lines
        listing = False

    for entry in campaign.journal:
        if entry.kind == "session":
            day = entry.time.date()
            yield from block(f"## {entry.text}")
            continue
        if entry.time.date() != day:
            day = entry.time.date()
            yield from block(f"## Séance du {day:%d/%m/%Y} (session)")
        if entry.kind == "scene":
            yield from block(f"### {entry.text}")
            continue
        if entry.game_time and entry.game_time != game_time:
            game_time = entry.game_time
            yield from block(f"*{game_time}*")
        if entry.kind == "note":
            yield from block(campaign.note_text(entry))
            continue
        if not listing:
            yield ""
            listing = True
        yield roll_line(entry) if entry.roll is not None else f"- *{entry.text}*"


def export_markdown(campaign: Campaign) -> str:
    """The whole journal as one Markdown document."""
    return "\n".join(markdown_lines(campaign)).rstrip() + "\n"


def export_toml(campaign: Campaign) -> str:
    """The campaign's state and every journal entry as one TOML document."""
    state = dict(campaign.state)
    return tomli_w.dumps(
        {"campaign": state, "entry": [entry.to_data() for entry in campaign.journal]}
    )
