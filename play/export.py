"""Exporting a campaign: Markdown that reads as a story, or one TOML archive.

Markdown reads as the journal does (:mod:`meneur.play.reading`): sessions and scenes as
headings, in-game time when it changes, notes as prose (as rewritten), each roll on one
line — who, what, its result in words and symbols, the chance that result had — each
oracle question with its likelihood and answer, state changes in italics.

As a story (the default), it is what was played: what was taken back (an undone entry,
a struck note) and the bookkeeping (the undos and redos themselves, dice and seeds) are
left out. ``detailed`` keeps everything, each roll's dice and seed under it.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator, Mapping
from datetime import date
from fractions import Fraction
from pathlib import Path
from typing import Any

import tomli_w

from meneur.content import term
from meneur.content.outcomes import percent_text
from meneur.content.strings import strings
from meneur.core.systems import continuation
from meneur.core.visibility import GM, Viewer
from meneur.saves.atomic import write_out, writes_atomically
from meneur.saves.campaign import Campaign
from meneur.saves.chunks import each_chunk
from meneur.saves.journal import Entry, array_table, entry_block

from .markdown import nest_headings
from .reading import (
    ELSEWHERE,
    EntryReading,
    Translate,
    odds_before,
    outward_reading,
    read_entry,
    roll_result,
    roll_text,
    secret_reading,
)
from .tested import language_of
from .views import entries_for, outward_state, state_for

__all__ = [
    "dice_and_seed",
    "export_markdown",
    "export_toml",
    "markdown_lines",
    "markdown_pieces",
    "roll_line",
    "toml_pieces",
    "write_markdown",
    "write_out",
    "writes_atomically",
]
"""What leaves a campaign: its exports, and where they are written."""


def roll_line(reading: EntryReading, t: Translate, *, markdown: bool = True) -> str:
    """One line for a roll, from how it reads: what was tried and its result, as the
    journal shows them. With ``markdown``, a list item with the attempt in bold; else
    plain text.
    """
    line = f"- **{reading.text}**" if markdown else reading.text
    if reading.result:
        line += f" → {reading.result}"
    if reading.physical:
        line += f" ({t('export.elsewhere' if reading.elsewhere else 'export.physical')})"
    return line


def story_roll_line(entry: Entry, campaign: Campaign, t: Translate) -> str:
    """A roll as a story tells it, on one line: an oracle's question with its
    likelihood and answer; any other roll with what was tried, its result and the
    chance that result had (its dice are the detailed export's)."""
    roll = entry.roll or {}
    text, result = roll_text(entry, campaign, t), roll_result(roll, t)
    if roll.get("system") == "yesno":
        inputs = roll.get("inputs", {})
        likelihood = inputs.get("likelihood") if isinstance(inputs, dict) else None
        line = f"- *« {text} »*" if text else "- *?*"
        if isinstance(likelihood, int) and 1 <= likelihood <= 5:
            line += f" ({term(f'yesno.likelihood.{likelihood}').said(language_of(t))})"
        return f"{line} → **{result}**" if result else line
    reading = EntryReading(
        text=text,
        result=result,
        physical=roll.get("physical") is True,
        elsewhere=roll.get("system") in ELSEWHERE,
    )
    line = roll_line(reading, t)
    if after_the_fact(roll):
        # Its chance was the continuation's (a Coup de poker), from the first roll: not
        # the test's odds. The system's term for it is named after its key.
        system = roll.get("system")
        named = term(f"{system}.{continuation(system)}")
        return f"{line} ({named.said(language_of(t))})"
    chance = odds_before(roll)
    if isinstance(chance, Fraction):
        line += f" ({t('export.had', percent=percent_text(chance, language_of(t)))})"
    return line


BOOKKEEPING = ("struck", "note_edits", "uncounted", "options", "secrecy")
"""What a story leaves out when an entry changes nothing else: notes rewritten or struck
(they read as rewritten, struck ones are gone), rolls left out of the luck counted, the
table's rules and who sees what."""


def _bookkeeping(entry: Entry) -> bool:
    """Whether an entry only keeps the books (see :data:`BOOKKEEPING`)."""
    return (
        entry.roll is None
        and bool(entry.changes)
        and all(change.path[0] in BOOKKEEPING for change in entry.changes)
    )


def undone_entries(campaign: Campaign) -> set[int]:
    """The entries taken back now (undone, and not redone since), reading only the
    chunks that hold an undo or a redo."""
    from .journal import entries_of_kinds

    return _undone(entries_of_kinds(campaign, ("undo", "redo")))


def _undone(found: Iterable[Entry]) -> set[int]:
    """What the undos and redos among ``found`` (in order) leave taken back."""
    undone: set[int] = set()
    for entry in found:
        if entry.target is None or entry.kind not in ("undo", "redo"):
            continue
        if entry.kind == "undo":
            undone.add(entry.target)
        else:
            undone.discard(entry.target)
    return undone


def after_the_fact(roll: Mapping[str, Any]) -> bool:
    """Whether a roll continues an earlier one of a number of dice chosen (Les Traits'
    Coup de poker, its system's :attr:`~meneur.core.systems.System.continues`): in the
    app, chosen after its first roll, which was journaled before it."""
    key = continuation(roll.get("system"))
    value = roll.get(key) if key else None
    if not value:  # every roll but a continuation: asked of each roll an export tells
        return False
    inputs = roll.get("inputs")
    return (
        isinstance(value, int)
        and isinstance(inputs, Mapping)
        and isinstance(inputs.get(key), int)
        and roll.get("seed") is not None
    )


def _without(inputs: object, key: str) -> object:
    return {k: v for k, v in inputs.items() if k != key} if isinstance(inputs, Mapping) else inputs


CONTINUED_LOOKBACK = 50
"""Entries looked back through for the first roll a continuation was made on."""


def left_out_of_story(campaign: Campaign, viewer: Viewer = GM) -> set[int]:
    """What a story ``viewer`` reads leaves out besides the bookkeeping: the entries
    taken back, and the first rolls a Coup de poker ``viewer`` sees whole was made on
    afterwards (the test is told once, as it ended; a Coup de poker kept from them leaves
    the test they saw as they saw it). One pass over the journal's bytes reads as TOML
    only the chunks holding an undo, a redo or a Coup de poker."""
    import re

    from .journal import entries_marked

    # The campaign's system is the one whose rolls may continue others: its key marks
    # them in the journal's bytes. Each mark is at a line's start, and so after a line
    # break (a chunk's first line is its header, never a key): a pattern that begins with
    # one is looked for by the regular expression engine's fast search for its first
    # character, where ^ made it try every byte (on 100,000 entries, 0.27 s of a core
    # before the story's first line, now 0.04 s).
    key = continuation(campaign.system)
    marked = rb'kind = "(?:undo|redo)"$'
    if key:
        marked += rb"|" + re.escape(key.encode()) + rb" = [1-9]"
    marks = re.compile(rb"\n(?:" + marked + rb")", re.MULTILINE)
    found = list(
        entries_marked(
            campaign,
            marks,
            lambda e: e.kind in ("undo", "redo") or (e.roll is not None and after_the_fact(e.roll)),
        )
    )
    continuations = [e for e in found if e.roll is not None]
    if viewer != GM:
        continuations = [
            e
            for e in entries_for(continuations, viewer, campaign.journal, campaign.state)
            if not e.redacted
        ]
    return _undone(found) | _superseded(campaign, continuations)


def _superseded(campaign: Campaign, continuations: list[Entry]) -> set[int]:
    """The first rolls these continuations (Coups de poker) were made on (looked for
    just before each)."""
    found: set[int] = set()
    for later in continuations:
        roll = later.roll or {}
        key = continuation(roll.get("system"))
        for earlier in _looked_back(campaign, later.id):
            first = earlier.roll
            if (
                first is not None
                and first.get("seed") == roll.get("seed")
                and first.get("kind") == roll.get("kind")
                and _without(first.get("inputs"), key) == _without(roll.get("inputs"), key)
                and not first.get(key)
            ):
                found.add(earlier.id)
                break
    return found


def _looked_back(campaign: Campaign, entry_id: int) -> Iterator[Entry]:
    """The entries before ``entry_id``, newest first, until :data:`CONTINUED_LOOKBACK`
    public ones have come (or the journal's first): the secret ones between are looked
    at too but not counted, so that what a story leaves out never changes with how many
    secrets were written meanwhile (a player's story would tell a test twice once the GM
    had kept enough of them)."""
    public = 0
    while entry_id > 1 and public < CONTINUED_LOOKBACK:
        earlier = campaign.journal.before(entry_id, CONTINUED_LOOKBACK - public)
        for entry in reversed(earlier):
            yield entry
            public += entry.visibility == "public"
        entry_id = earlier[0].id if earlier else 1


def dice_and_seed(reading: EntryReading, t: Translate) -> str:
    """A roll's dice and seed on one line (empty when it has neither)."""
    parts = [reading.dice] if reading.dice else []
    if reading.seed is not None:
        chosen = f" ({t('app.seed_chosen')})" if reading.chosen_seed else ""
        parts.append(t("export.seed", seed=reading.seed) + chosen)
    return " · ".join(parts)


Item = tuple[str, date | None, str | None, tuple[str, ...]]
"""One entry as the Markdown export places it: what it is (``secret``, ``session``,
``scene``, ``note`` or ``item``), its day and in-game time, and its own lines."""


def _markdown_items(
    entries: list[Entry],
    campaign: Campaign,
    t: Translate,
    viewer: Viewer,
    taken_back: frozenset[int] | None = None,
) -> list[Item]:
    """What ``viewer`` may see of ``entries``, each as its own lines (the costly part,
    done chunk by chunk, in worker processes for a long journal); the headings between
    them depend on the entries before and are placed by :func:`markdown_lines`. With
    ``taken_back`` (the entries undone: a story), what was taken back and the undos
    themselves are left out, and rolls are one line each."""
    items: list[Item] = []
    story = taken_back is not None
    for entry in entries_for(entries, viewer, campaign.journal, campaign.state):
        if story and (
            entry.kind in ("undo", "redo")
            or entry.id in (taken_back or ())
            or campaign.is_struck(entry)
            or _bookkeeping(entry)
        ):
            continue
        day = entry.time.date()
        if entry.redacted:
            items.append(("secret", None, None, (f"*{secret_reading(entry, t, campaign)}*",)))
        elif entry.kind in ("session", "scene"):
            mark = "##" if entry.kind == "session" else "###"
            items.append((entry.kind, day, None, (f"{mark} {entry.text}",)))
        elif entry.kind == "note":
            text = read_entry(entry, campaign, t).text
            line = f"~~{text}~~" if campaign.is_struck(entry) else text
            items.append(("note", day, entry.game_time, (line,)))
        elif entry.roll is None:
            line = f"- *{read_entry(entry, campaign, t).text}*"
            items.append(("item", day, entry.game_time, (line,)))
        elif story:
            items.append(("item", day, entry.game_time, (story_roll_line(entry, campaign, t),)))
        else:
            reading = read_entry(entry, campaign, t)
            detail = dice_and_seed(reading, t)
            lines = (roll_line(reading, t), f"  - {detail}") if detail else (roll_line(reading, t),)
            items.append(("item", day, entry.game_time, lines))
    return items


def markdown_lines(
    campaign: Campaign,
    lang: str = "fr",
    *,
    parallel: bool = False,
    viewer: Viewer = GM,
    detailed: bool = False,
    sessions: Callable[[int, str, date | None], None] | None = None,
) -> Iterator[str]:
    """The journal as Markdown, line by line (the whole journal is never held at once),
    reading as the journal does, with headings in ``lang``. ``sessions`` is told each
    session (its number, title and day) before its heading's lines come, and the day of
    what came before any session (number 0, no title) at that day's heading.

    Sessions and scenes are headings (a new day starts a session when none was marked),
    the in-game time is said when it changes, notes are prose as rewritten, each roll a
    list item with its result; changes in italics. As a story unless ``detailed`` (see
    the module): ``detailed`` keeps what was taken back and each roll's dice and seed.
    ``parallel``: the entries are read and worded in worker processes (see
    :func:`meneur.saves.chunks.each_chunk`).
    """
    t = strings(lang).t
    system = term(f"system.{campaign.system}").said(lang)
    yield f"# {campaign.name}"
    yield ""
    if viewer == GM:  # the count of entries is the GM's to know: it counts secrets
        yield f"*{system} — {t('export.entries', count=campaign.journal.last_id)}*"
    else:
        yield f"*{system}*"
    day: date | None = None
    game_time: str | None = None
    listing = False  # a blank line must close a list before prose or a heading

    def block(*lines: str) -> Iterator[str]:
        nonlocal listing
        yield ""
        yield from lines
        listing = False

    # A story leaves out what was taken back, and the first roll of a test a Coup de
    # poker then decided (the test is told once, as it ended).
    taken_back = None if detailed else frozenset(left_out_of_story(campaign, viewer))

    def work(entries: list[Entry]) -> list[Item]:
        return _markdown_items(entries, campaign, t, viewer, taken_back)

    under = 1  # the level of the heading the story is under now: a note's nest below it
    counted = 0  # the sessions met
    dated = False  # the day of what came before any session told
    for items in each_chunk(campaign.journal, work, parallel=parallel):
        for kind, when, said_time, lines in items:
            if kind == "secret":
                yield from block(*lines)
                continue
            if kind == "session":
                day, under = when, 2
                counted += 1
                if sessions is not None:
                    sessions(counted, lines[0].removeprefix("## "), when)
                yield from block(*lines)
                continue
            if when != day:
                day, under = when, 2
                assert day is not None
                if sessions is not None and counted == 0 and not dated:
                    dated = True
                    sessions(0, "", day)
                yield from block(f"## {t('export.day', day=f'{day:%d/%m/%Y}')}")
            if kind == "scene":
                under = 3
                yield from block(*lines)
                continue
            if said_time and said_time != game_time:
                game_time = said_time
                yield from block(f"*{game_time}*")
            if kind == "note":
                # A note's own headings go under the scene's (play-tested: a note's
                # "## Au col" became a session, the rolls after it under it).
                yield from block(*(nest_headings(line, under) for line in lines))
                continue
            if not listing:
                yield ""
                listing = True
            yield from lines


FLUSH_LINES = 2_000
"""Lines gathered before a piece of an export is handed on (written, or sent on)."""


def markdown_pieces(
    campaign: Campaign,
    lang: str = "fr",
    *,
    parallel: bool = False,
    viewer: Viewer = GM,
    detailed: bool = False,
) -> Iterator[str]:
    """The Markdown export in pieces, to be written as they come: a 100,000-entry
    journal is never one string in memory. Joined, they are :func:`export_markdown`.
    ``parallel``: worked on in worker processes (only where the process may fork)."""
    held = ""  # trailing blanks: kept back until text follows them (the end has none)
    batch: list[str] = []
    lines = markdown_lines(campaign, lang, parallel=parallel, viewer=viewer, detailed=detailed)
    for number, line in enumerate(lines):
        batch.append(line if number == 0 else "\n" + line)
        if len(batch) >= FLUSH_LINES:
            text = held + "".join(batch)
            batch = []
            body = text.rstrip()
            held = text[len(body) :]
            if body:
                yield body
    yield (held + "".join(batch)).rstrip() + "\n"


def export_markdown(
    campaign: Campaign, lang: str = "fr", *, viewer: Viewer = GM, detailed: bool = False
) -> str:
    """The whole journal as one Markdown document, its headings in ``lang``, as
    ``viewer`` may see it (a story unless ``detailed``)."""
    return "".join(markdown_pieces(campaign, lang, viewer=viewer, detailed=detailed))


def toml_pieces(
    campaign: Campaign, lang: str = "fr", *, parallel: bool = False, viewer: Viewer = GM
) -> Iterator[str]:
    """The campaign's state, then every journal entry as an ``[[entry]]`` table, in
    pieces written as they come (a few chunks at a time in memory); for anyone but the
    GM, what they may see whole only (an archive holds no announced placeholders), worded
    in ``lang``, with no entry number, internal key nor account.
    ``parallel``: worked on in worker processes (only where the process may fork)."""
    journal = campaign.journal
    state = state_for(viewer, campaign.state, journal)
    if viewer != GM:  # no entry number, internal key nor account leaves for them
        outward = outward_state(state)
        t = strings(lang).t
        yield tomli_w.dumps({"campaign": outward})

        def outward_work(entries: list[Entry]) -> str:
            shown = entries_for(entries, viewer, journal, campaign.state)
            blocks = []
            for entry in shown:
                if not entry.redacted:  # an archive holds no announced placeholders
                    blocks.append("\n" + array_table(outward_reading(entry, campaign, t)))
            return "".join(blocks)

        yield from each_chunk(journal, outward_work, parallel=parallel)
        return
    yield tomli_w.dumps({"campaign": state})

    def work(entries: list[Entry]) -> str:
        shown = entries_for(entries, viewer, journal, campaign.state)
        return "".join("\n" + entry_block(entry) for entry in shown if not entry.redacted)

    yield from each_chunk(journal, work, parallel=parallel)


def export_toml(campaign: Campaign) -> str:
    """The campaign's state and every journal entry as one TOML document."""
    return "".join(toml_pieces(campaign))


def write_markdown(path: Path, campaign: Campaign, lang: str, viewer: Viewer) -> None:
    """Write the Markdown export ``viewer`` may read to ``path``, in pieces (through it
    when it is a FIFO or a device, atomically otherwise). Raises OSError when it cannot
    be written."""
    pieces = markdown_pieces(campaign, lang, viewer=viewer)
    write_out(path, (piece.encode("utf-8") for piece in pieces))
