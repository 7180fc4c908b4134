"""The campaign in Lonelog notation (``meneur export --format lonelog``): a plain-text
notation for solo logs by Roberto Bisceglie (CC BY-SA 4.0; version 1.6.0 is the one
read here, its digital form), which a solo player can take to any notebook.

Its digital form, as the notation lays it out: YAML front matter (the campaign), the
campaign's title, sessions as level-2 headings with their date, scenes as level-3
headings (``### S1 *La montée*``), the notation in code blocks and the narrative (a
note) as prose between them — between ``\\---`` and ``---\\`` when it would not read
back whole as prose (blank lines, a line the notation would read as its own, a fence
line of its own, escaped): every title and note reads back as it was written
(:mod:`.lonelog_text`). Inside a block:

- a test or a dice roll: ``@(Kael) Escalader`` (who, what was tried), then ``d: 3d6 [4,
  5d, 3] -> Réussite (chances : 50,0 %)`` — the dice as played, a dropped one marked
  ``d`` (the dice notation add-on's form), the outcome, the chance it had;
- a question to the yes/no oracle: ``? Le garde dort-il ?``, then its ``d:`` line;
- a roll on a table: ``tbl: Météo d6 [3] -> Brouillard``;
- a clock or a track: ``[Clock:Les loups approchent 3/6]``, ``[Track:Atteindre le col
  2/10|ardu]`` (its boxes, by the quarter, and its rank); a thread or a person:
  ``[Thread:Retrouver la caravane|Open]``, ``[N:Alix]``;
- anything else (the tension, time passing, a sheet changed): a meta note ``(note: …)``.

Each roll made by meneur is followed by a meta note meneur reads back, ``(meneur:
{…})``: its kind, inputs and seed (or the faces typed, for physical dice), so that an
import replays it exactly (:mod:`meneur.play.lonelog_import`); another reader skips it as
a margin comment. The words are the reader's language; the notation's signs are its own.

An entry brought from a log (:attr:`meneur.saves.journal.Entry.written`) is written as
its lines came, its layout with it, and a log whose first entry (the first its reader may
see) came so begins with that log's own head (its front matter, its title) instead of
meneur's: a log from elsewhere goes out line for line as it came in, and what was played
since follows it. meneur's own head is dated by the first and last entries its reader
may see.
"""

from __future__ import annotations

import json
from collections.abc import Iterator, Mapping
from fractions import Fraction
from typing import Any

from meneur.content import term
from meneur.content.outcomes import percent_text
from meneur.content.strings import strings
from meneur.core.names import one_line
from meneur.core.text import visible
from meneur.core.visibility import GM, Viewer
from meneur.saves.campaign import Campaign
from meneur.saves.journal import Entry

from .export import _bookkeeping, left_out_of_story
from .export_split import yaml_string
from .journal import last_seen, seen
from .lonelog_read import looks_like_notation
from .lonelog_text import note_lines, written_title
from .reading import Translate, odds_before, read_entry, secret_reading
from .views import entries_for

FENCE = "```"
RECORD_KEYS = ("kind", "inputs", "seed", "physical", "dice")
"""What the ``(meneur: …)`` note keeps of a roll: enough to replay it."""


def lonelog_lines(campaign: Campaign, lang: str = "fr", *, viewer: Viewer = GM) -> Iterator[str]:
    """The campaign in Lonelog notation, a line at a time (the journal is never held
    whole), as ``viewer`` may see it, as a story (what was taken back left out)."""
    t = strings(lang).t
    first_entry = next(seen(campaign, viewer, campaign.journal), None)
    if first_entry is None or first_entry.written is None:
        # A log brought from elsewhere begins with its own head (its first entry's).
        yield from _header(campaign, lang, first_entry, viewer)
    taken_back = left_out_of_story(campaign, viewer)
    block = False  # inside a code block of notation
    scene = 0
    for entry in entries_for(campaign.journal, viewer, campaign.journal, campaign.state):
        if entry.kind in ("undo", "redo") or entry.id in taken_back or campaign.is_struck(entry):
            continue
        if entry.written is not None and not _rewritten(entry, campaign):
            # As the log it came from wrote it (its layout, its fences with it).
            for line in entry.written.split("\n") if entry.written else ():
                block ^= line.strip().startswith(FENCE)
                yield line
            continue
        if _bookkeeping(entry):
            continue
        if entry.kind in ("session", "scene") or (entry.kind == "note" and not entry.redacted):
            if block:
                yield FENCE
                block = False
            if entry.kind == "session":
                scene = 0
                day = t("lonelog.date", day=f"{entry.time.date():%Y-%m-%d}")
                yield from ("", f"## {written_title(entry.text)}", "", f"*{day}*")
            elif entry.kind == "scene":
                scene += 1
                yield from ("", f"### S{scene} *{written_title(entry.text)}*")
            else:
                yield ""
                yield from note_lines(
                    visible(read_entry(entry, campaign, t).text), looks_like_notation
                )
            continue
        lines = list(_notation(entry, campaign, t))
        if not lines:
            continue
        if not block:
            yield from ("", FENCE)
            block = True
        yield from lines
    if block:
        yield FENCE


def _header(
    campaign: Campaign, lang: str, first_entry: Entry | None, viewer: Viewer
) -> Iterator[str]:
    """meneur's own head of a log: its front matter and the campaign's title, dated by
    the first and last entries ``viewer`` may see (``first_entry`` the first): dated by
    the journal's, a player's log told her when the GM prepared and wrote secrets."""
    system = term(f"system.{campaign.system}").said(lang)
    latest = last_seen(campaign, viewer, 1)
    first = first_entry.time.date() if first_entry is not None else None
    last = latest[0].time.date() if latest else None
    yield "---"
    yield f"title: {yaml_string(campaign.name)}"
    yield f"ruleset: {yaml_string(system)}"
    yield 'tools: "meneur"'
    yield f"lang: {lang}"  # the log's words' language (the import reads it back)
    if first is not None and last is not None:
        yield f"start_date: {first.isoformat()}"
        yield f"last_update: {last.isoformat()}"
    yield "---"
    yield ""
    yield f"# {one_line(visible(campaign.name))}"


def _rewritten(entry: Entry, campaign: Campaign) -> bool:
    """Whether a note brought from elsewhere was rewritten here since (then its lines
    no longer say it: it is written as meneur writes a note)."""
    return entry.kind == "note" and str(entry.id) in campaign.state["note_edits"]


def _notation(entry: Entry, campaign: Campaign, t: Translate) -> Iterator[str]:
    """An entry's lines of notation (none for what the notation has no words for)."""
    if entry.redacted:
        yield f"(note: {secret_reading(entry, t, campaign)})"
        return
    if entry.roll is not None:
        yield from _roll(entry, campaign, t)
        return
    said = list(_story_tags(entry, campaign))
    if said:
        yield from said
        return
    text = read_entry(entry, campaign, t).text
    if text:
        yield f"(note: {visible(text)})"


def _roll(entry: Entry, campaign: Campaign, t: Translate) -> Iterator[str]:
    roll = dict(entry.roll or {})
    reading = read_entry(entry, campaign, t)
    system = roll.get("system")
    result = visible(reading.result) if reading.result else ""
    chance = odds_before(roll)
    if isinstance(chance, Fraction):
        result += f" ({t('lonelog.chance', percent=percent_text(chance, _lang(t)))})"
    dice = _dice(roll)
    text = visible(reading.text)
    if system == "yesno":
        # The question as asked (a clock's says its change in words: its tag says it).
        inputs = roll.get("inputs", {})
        asked = inputs.get("question") if isinstance(inputs, Mapping) else None
        text = visible(asked) if isinstance(asked, str) and asked else text
        yield f"? {text}" if text else "?"
        yield f"d: {dice} -> {result}".replace("  ", " ")
    elif system == "tables":
        yield f"tbl: {text} {dice} -> {result}".replace("  ", " ")
    else:
        yield f"@ {text}" if text else "@"
        yield f"d: {dice} -> {result}".replace("  ", " ")
    yield from _story_tags(entry, campaign)  # a clock the oracle moved
    kept = {key: roll[key] for key in RECORD_KEYS if key in roll}
    if "physical" not in kept:
        kept.pop("dice", None)  # replayed from its seed: its dice follow
    yield f"(meneur: {json.dumps(kept, ensure_ascii=False, sort_keys=True)})"


def _lang(t: Translate) -> str:
    from .tested import language_of

    return language_of(t)


def _dice(roll: Mapping[str, Any]) -> str:
    """A roll's dice as played: ``3d6 [4, 5d, 3]`` (a dropped die marked ``d``), runs of
    like dice together, a table's own pick left out."""
    groups: list[tuple[str, list[str]]] = []
    for die in roll.get("dice", ()):
        if not isinstance(die, Mapping) or str(die.get("role", "")).startswith("table:"):
            continue
        sides = "F" if die.get("sides") == "F" else die.get("sides")
        face = f"{die.get('face')}" + ("d" if die.get("kept") is False else "")
        if groups and groups[-1][0] == str(sides):
            groups[-1][1].append(face)
        else:
            groups.append((str(sides), [face]))
    return " ".join(f"{len(faces)}d{sides} [{', '.join(faces)}]" for sides, faces in groups)


def _story_tags(entry: Entry, campaign: Campaign) -> Iterator[str]:
    """The notation's tags for what an entry did to the story: a clock or track made or
    moved, a thread or a person added, closed or reopened."""
    from meneur.core.changes import MISSING
    from meneur.core.story import TRACK_BOXES

    from .story_words import boxes

    for change in entry.changes:
        path = change.path
        if path[0] == "trackers" and len(path) in (2, 3):
            tracker = change.after if len(path) == 2 else campaign.state["trackers"].get(path[1])
            if not isinstance(tracker, Mapping):
                continue
            value = tracker.get("value", 0) if len(path) == 2 else change.after
            if change.after is MISSING or not isinstance(value, int):
                continue
            name = visible(str(tracker.get("name", path[1])))
            if tracker.get("kind") == "clock":
                yield f"[Clock:{name} {value}/{tracker.get('max', '?')}]"
            elif tracker.get("kind") == "track":
                # Its ticks as boxes by the quarter, in the notation's numbers (2.25).
                shown = boxes(value).replace("¼", ".25").replace("½", ".5").replace("¾", ".75")
                shown = "0" + shown if shown.startswith(".") else shown
                rank = f"|{tracker['rank']}" if tracker.get("rank") else ""
                yield f"[Track:{name} {shown}/{TRACK_BOXES}{rank}]"
        elif path[:2] in (("lists", "threads"), ("lists", "people")):
            yield from _list_tags(change, path[1])


def _list_tags(change: Any, key: str) -> Iterator[str]:
    from .story_words import _items

    before, after = _items(change.before), _items(change.after)
    if before is None or after is None:
        return
    for name, item in after.items():
        was = before.get(name)
        if was is not None and was.closed == item.closed:
            continue
        name = visible(name)
        if key == "threads":
            yield f"[Thread:{name}|{'Closed' if item.closed else 'Open'}]"
        else:
            yield f"[N:{name}{'|closed' if item.closed else ''}]"
