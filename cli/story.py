"""``meneur thread|person|clock|track [DIR] VERB …``: the story's loose ends for solo
play (meneur.core.story). Every change is one journal entry (one undo); ``random`` picks
an open thread or person, weighted, as a journaled roll that replays from its seed."""

from __future__ import annotations

import argparse
from pathlib import Path
from typing import TYPE_CHECKING, Any

from .campaigns import _directory, _open
from .usage import UsageError

if TYPE_CHECKING:
    from meneur.core.story import StoryItem
    from meneur.saves.campaign import Campaign

LIST_OF = {"thread": "threads", "person": "people"}
WORD = {"thread": "Fil", "person": "Personne"}
LIST_VERBS = ("list", "add", "close", "reopen", "rename", "note", "weight", "progress", "random")
CLOCK_VERBS = ("list", "add", "advance", "ask", "remove")
TRACK_VERBS = ("list", "add", "mark", "remove")


def _words(args: argparse.Namespace, verbs: tuple[str, ...]) -> tuple[Path, str, list[str]]:
    """``[DIR] VERB …``: the directory is the first word when it is not a verb."""
    words = list(args.words)
    directory = None
    if words and words[0] not in verbs:
        directory = words.pop(0)
    if not words:
        words = ["list"]
    verb, rest = words[0], words[1:]
    if verb not in verbs:
        raise UsageError(f"meneur {args.command}", f"expected one of {', '.join(verbs)}")
    return _directory(directory), verb, rest


def _needs(args: argparse.Namespace, rest: list[str], count: int, what: str) -> list[str]:
    if len(rest) != count:
        raise UsageError(f"meneur {args.command}", f"expected {what}")
    return rest


def _items(campaign: Campaign, name: str) -> tuple[StoryItem, ...]:
    from meneur.core.story import read_items

    return read_items(campaign.state["lists"].get(name, []))


def _write_list(campaign: Campaign, name: str, items: tuple[StoryItem, ...], text: str) -> str:
    entry = campaign.set(("lists", name), [item.to_data() for item in items], text)
    return f"#{entry.id} {entry.text}"


def run_list(args: argparse.Namespace) -> str:
    """``meneur thread|person [DIR] list|add|close|reopen|rename|note|weight|progress|random``.

    Raises:
        UsageError: for words that are not one of these.
        RulesError: for a name not in the list, taken already, a value out of range.
    """
    from meneur.core import story

    directory, verb, rest = _words(args, LIST_VERBS)
    key, word = LIST_OF[args.command], WORD[args.command]
    with _open(directory, write=verb != "list") as campaign:
        items = _items(campaign, key)
        if verb == "list":
            return _shown_items(items, args.command) or "(vide — empty)"
        if verb == "random":
            return _random(args, campaign, items, key)
        (name, *more) = rest or [""]
        if not name:
            raise UsageError(f"meneur {args.command} {verb}", "expected a name")
        if verb == "add":
            _needs(args, more, 0, "add NAME (quoted if it has spaces)")
            item = story.StoryItem(name, weight=args.weight or 1, notes=args.notes or "")
            return _write_list(campaign, key, story.add_item(items, item), f"{word} : {name}")
        if verb in ("close", "reopen"):
            _needs(args, more, 0, f"{verb} NAME")
            found = items[story.find_item(items, name)].name
            closed = verb == "close"
            changed = story.change_item(items, name, closed=closed)
            said = "refermé (closed)" if closed else "rouvert (reopened)"
            return _write_list(campaign, key, changed, f"{word} {said} : {found}")
        if verb == "rename":
            (new,) = _needs(args, more, 1, "rename OLD NEW")
            changed = story.change_item(items, name, name=new)
            return _write_list(campaign, key, changed, f"{word} renommé (renamed) : {name} → {new}")
        if verb == "note":
            (notes,) = _needs(args, more, 1, "note NAME TEXT")
            changed = story.change_item(items, name, notes=notes)
            return _write_list(campaign, key, changed, f"{word} : {name} — {notes}")
        if verb == "weight":
            (weight,) = _needs(args, more, 1, "weight NAME 1|2|3")
            changed = story.change_item(items, name, weight=_whole(args, weight))
            return _write_list(campaign, key, changed, f"{word} : {name}, poids (weight) {weight}")
        # progress: one box more, or the boxes given
        item = items[story.find_item(items, name)]
        boxes = _whole(args, more[0]) if more else item.progress + 1
        changed = story.change_item(items, name, progress=boxes)
        said = f"{word} : {item.name}, progression (progress) {boxes}/{story.TRACK_BOXES}"
        return _write_list(campaign, key, changed, said)


def _whole(args: argparse.Namespace, text: str) -> int:
    try:
        return int(text)
    except ValueError:
        raise UsageError(
            f"meneur {args.command}", f"expected a whole number, not {text!r}"
        ) from None


def _shown_items(items: tuple[StoryItem, ...], command: str) -> str:
    lines = []
    for item in items:
        mark = "✓" if item.closed else "•"
        line = f"{mark} {item.name}"
        if command == "thread" and item.progress:
            line += f"  [{item.progress}/10]"
        if item.weight != 1:
            line += f"  ×{item.weight}"
        if item.notes:
            line += f"  — {item.notes}"
        lines.append(line)
    return "\n".join(lines)


def _random(
    args: argparse.Namespace, campaign: Campaign, items: tuple[StoryItem, ...], key: str
) -> str:
    """A weighted pick among the open items, journaled as a table roll."""
    from meneur.content import term
    from meneur.core import story, tables
    from meneur.core.records import roll_seeded

    from .commands import new_seed
    from .text import render_roll

    title = term(f"story.random.{key}").glossed
    table = story.pick_table(items, f"random_{key}", title)
    seed = args.seed if args.seed is not None else new_seed()
    record = roll_seeded(tables.roll, tables.TableQuery.of(table, (table,)), seed)
    entry = campaign.record_roll(record, title)
    return f"{render_roll(record)}\njournal : entrée (entry) #{entry.id}"


def _trackers(campaign: Campaign, kind: str) -> dict[str, dict[str, Any]]:
    return {
        ident: tracker
        for ident, tracker in campaign.state["trackers"].items()
        if tracker.get("kind") == kind
    }


def _ident(campaign: Campaign, kind: str, name: str, args: argparse.Namespace) -> str:
    """The tracker of ``kind`` called ``name`` (by name or key)."""
    from meneur.core.words import folded

    for ident, tracker in _trackers(campaign, kind).items():
        if folded(name) in (folded(ident), folded(str(tracker.get("name", ident)))):
            return ident
    raise UsageError(f"meneur {args.command}", f"no {args.command} {name!r}")


def _new_ident(campaign: Campaign, name: str) -> str:
    from meneur.core.words import new_ident

    return new_ident(name, campaign.state["trackers"], "suivi")


def run_clock(args: argparse.Namespace) -> str:
    """``meneur clock [DIR] list|add NAME SEGMENTS|advance NAME [N]|ask NAME|remove NAME``.

    ``ask`` puts "Does it advance?" to the yes/no oracle at ``--likelihood`` (a "yes,
    but" fills one segment, a "yes, and" two), journaled with the clock's change.
    """
    from meneur.core.story import Clock

    directory, verb, rest = _words(args, CLOCK_VERBS)
    with _open(directory, write=verb != "list") as campaign:
        if verb == "list":
            return _listed(campaign, "clock") or "(aucune horloge — no clock)"
        if verb == "add":
            name, segments = _needs(args, rest, 2, "add NAME SEGMENTS (4, 6, 8 or 12)")
            clock = Clock(_whole(args, segments))
            data: dict[str, Any] = {
                "name": name,
                "kind": "clock",
                "value": 0,
                "max": clock.segments,
            }
            if args.gm:
                data["gm"] = True
            entry = campaign.set(
                ("trackers", _new_ident(campaign, name)),
                data,
                f"Horloge (clock) : {name} 0/{segments}",
            )
            return f"#{entry.id} {entry.text}"
        name = _needs(args, rest[:1], 1, f"{verb} NAME")[0]
        ident = _ident(campaign, "clock", name, args)
        tracker = campaign.state["trackers"][ident]
        clock = Clock(tracker["max"], tracker["value"])
        if verb == "remove":
            from meneur.saves.changes import MISSING

            entry = campaign.set(
                ("trackers", ident), MISSING, f"Horloge retirée (removed) : {tracker['name']}"
            )
            return f"#{entry.id} {entry.text}"
        if verb == "advance":
            after = clock.advanced(_whole(args, rest[1]) if len(rest) > 1 else 1)
            return _clock_change(campaign, ident, tracker, clock, after, None)
        return _ask_clock(args, campaign, ident, tracker, clock)


def _listed(campaign: Campaign, kind: str) -> str:
    """The clocks or tracks, one line each: name (a track's rank), state, GM's alone."""
    from meneur.core.story import tracker_shown

    return "\n".join(
        str(t["name"])
        + (f" ({t['rank']})" if kind == "track" else "")
        + f"  {tracker_shown(t)}"
        + ("  (MJ — GM)" if t.get("gm") else "")
        for t in _trackers(campaign, kind).values()
    )


def _clock_text(tracker: dict[str, Any], before: Any, after: Any) -> str:
    text = f"Horloge (clock) {tracker['name']} : {before.filled} → {after.filled}/{after.segments}"
    if after.complete and not before.complete:
        text += " — complète (complete)"
    return text


def _clock_change(
    campaign: Campaign, ident: str, tracker: dict[str, Any], before: Any, after: Any, record: Any
) -> str:
    from meneur.saves.changes import Change

    path = ("trackers", ident, "value")
    text = _clock_text(tracker, before, after)
    if record is None:
        entry = campaign.set(path, after.filled, text)
        return f"#{entry.id} {entry.text}"
    changes = [Change(path, before.filled, after.filled)] if after != before else []
    entry = campaign.record_roll(record, text, changes=changes)
    return f"#{entry.id} {entry.text}"


def _ask_clock(
    args: argparse.Namespace, campaign: Campaign, ident: str, tracker: dict[str, Any], clock: Any
) -> str:
    from meneur.core import oracles
    from meneur.core.records import roll_seeded

    from .commands import new_seed
    from .text import render_roll

    question = oracles.YesNoQuestion(
        args.likelihood, f"{tracker['name']} avance-t-elle ? (does it advance?)"
    )
    seed = args.seed if args.seed is not None else new_seed()
    record = roll_seeded(oracles.roll_yesno, question, seed)
    after = clock.after_answer(record.outcome or "")
    said = _clock_change(campaign, ident, tracker, clock, after, record)
    return f"{render_roll(record)}\n{said}"


def run_track(args: argparse.Namespace) -> str:
    """``meneur track [DIR] list|add NAME RANK|mark NAME [N]|remove NAME``."""
    from meneur.core.story import TICKS_PER_BOX, TRACK_BOXES, Track

    directory, verb, rest = _words(args, TRACK_VERBS)
    most = TRACK_BOXES * TICKS_PER_BOX
    with _open(directory, write=verb != "list") as campaign:
        if verb == "list":
            return _listed(campaign, "track") or "(aucune piste — no track)"
        if verb == "add":
            name, rank = _needs(
                args, rest, 2, "add NAME RANK (simple, ardu, redoutable, extreme, epique)"
            )
            Track(rank)
            data: dict[str, Any] = {
                "name": name,
                "kind": "track",
                "rank": rank,
                "value": 0,
                "max": most,
            }
            if args.gm:
                data["gm"] = True
            entry = campaign.set(
                ("trackers", _new_ident(campaign, name)), data, f"Piste (track) : {name} ({rank})"
            )
            return f"#{entry.id} {entry.text}"
        name = _needs(args, rest[:1], 1, f"{verb} NAME")[0]
        ident = _ident(campaign, "track", name, args)
        tracker = campaign.state["trackers"][ident]
        if verb == "remove":
            from meneur.saves.changes import MISSING

            entry = campaign.set(
                ("trackers", ident), MISSING, f"Piste retirée (removed) : {tracker['name']}"
            )
            return f"#{entry.id} {entry.text}"
        before = Track(tracker["rank"], tracker["value"])
        after = before.marked(_whole(args, rest[1]) if len(rest) > 1 else 1)
        text = f"Piste (track) {tracker['name']} : {after.shown()}"
        if after.complete and not before.complete:
            text += " — complète (complete)"
        entry = campaign.set(("trackers", ident, "value"), after.ticks, text)
        return f"#{entry.id} {entry.text}"
