"""``meneur thread|person|clock|track [DIR] VERB …``: the story's loose ends for solo
play (meneur.core.story). Every change is one journal entry (one undo); ``random`` picks
an open thread or person, weighted, as a journaled roll that replays from its seed."""

from __future__ import annotations

import argparse
from pathlib import Path
from typing import TYPE_CHECKING, Any

from .campaigns import _directory, _open
from .language import words_of, written
from .parser_words import Phrase
from .seats import seat_of
from .typed import Shown, key_of
from .usage import UsageError

if TYPE_CHECKING:
    from collections.abc import Mapping

    from meneur.core.solo import ProgressTest
    from meneur.core.story import StoryItem
    from meneur.play.campaigns import Campaign, Plan
    from meneur.play.journal import Entry

LIST_OF = {"thread": "threads", "person": "people"}
LIST_VERBS = (
    "list",
    "add",
    "close",
    "reopen",
    "rename",
    "note",
    "weight",
    "progress",
    "roll",
    "random",
)
CLOCK_VERBS = ("list", "add", "advance", "ask", "remove")
TRACK_VERBS = ("list", "add", "mark", "roll", "remove")


def _words(args: argparse.Namespace, verbs: tuple[str, ...]) -> tuple[Path, str, list[str]]:
    """``[DIR] VERB …``: the directory is the first word when it is not a verb; the verb
    in either language, returned as its key (``ajouter`` is ``add``)."""
    words = list(args.words)
    directory = None
    if words and key_of("story_verb", words[0]) not in verbs:
        directory = words.pop(0)
    verb = key_of("story_verb", words[0]) if words else "list"
    if verb not in verbs:
        raise UsageError(
            f"meneur {args.command}", "expected one of {value}", value=Shown("story_verb", verbs)
        )
    return _directory(directory), verb, words[1:]


def _needs(args: argparse.Namespace, rest: list[str], count: int, what: Phrase) -> list[str]:
    if len(rest) != count:
        raise UsageError(f"meneur {args.command}", "expected {what}", what=what)
    return rest


def _items(campaign: Campaign, name: str) -> tuple[StoryItem, ...]:
    from meneur.play.story import items_of

    return items_of(campaign.state, name)


def _written(args: argparse.Namespace, campaign: Campaign, plan: Plan) -> str:
    """Write the entry ``plan`` makes, under the lock, and say it."""
    from meneur.play import act

    entry = act.change(campaign, seat_of(args, campaign), plan)
    return written(entry, campaign, args)


def run_list(args: argparse.Namespace) -> str:
    """``meneur thread|person [DIR] list|add|close|reopen|rename|note|weight|progress|random``.

    Every change is made of the list as it is when written (under the lock): two adds
    at once are two items, and a change to an item removed meanwhile is refused.

    Raises:
        UsageError: for words that are not one of these.
        RulesError: for a name not in the list, taken already, a value out of range.
    """
    from meneur.core import story
    from meneur.core.solo import ProgressTest
    from meneur.play import story as play
    from meneur.play.campaigns import Worded

    # Each entry is meneur's own words (play.item_words), worded by each reader in their
    # language: the journal keeps no French (or English) a reader of the other would see.
    said = play.item_words
    directory, verb, rest = _words(args, LIST_VERBS)
    key = LIST_OF[args.command]
    with _open(directory, write=verb != "list") as campaign:
        items = _items(campaign, key)
        if verb == "list":
            return _shown_items(items, args.command) or words_of(args).t("cli.empty_list")
        if verb == "random":
            return _random(args, campaign, items, key)
        (name, *more) = rest or [""]
        if not name:
            # The verb as the reader typed it ("fermer NOM"), as every other usage error.
            tail = {"rename": "OLD NEW", "note": "NAME TEXT"}.get(verb, "NAME")
            raise UsageError(
                f"meneur {args.command}", "expected {what}", what=Phrase("story_verb", verb, tail)
            )
        if verb == "add":
            _needs(args, more, 0, Phrase("story_verb", "add", "NAME"))
            item = play.new_item(key, name, weight=args.weight or 1, notes=args.notes or "")
            return _written(args, campaign, play.add_item(key, item, said("added", key, name)))
        if verb in ("close", "reopen"):
            _needs(args, more, 0, Phrase("story_verb", verb, "NAME"))
            closed = verb == "close"
            done = "closed" if closed else "reopened"
            plan = play.change_item(key, name, lambda i: said(done, key, i.name), closed=closed)
            return _written(args, campaign, plan)
        if verb == "rename":
            (new,) = _needs(args, more, 1, Phrase("story_verb", "rename", "OLD NEW"))
            plan = play.change_item(
                key, name, lambda i: said("renamed", key, i.name, old=name), name=new
            )
            return _written(args, campaign, plan)
        if verb == "note":
            (notes,) = _needs(args, more, 1, Phrase("story_verb", "note", "NAME TEXT"))
            plan = play.change_item(
                key, name, lambda i: said("noted", key, i.name, notes=notes), notes=notes
            )
            return _written(args, campaign, plan)
        if verb == "roll":
            _needs(args, more, 0, Phrase("story_verb", "roll", "NAME"))
            if key != "threads":
                raise UsageError(f"meneur {args.command}", "a progress roll is a thread's")
            found = next((i for i in items if i.name.casefold() == name.casefold()), None)
            if found is None:
                raise UsageError(f"meneur {args.command}", "no thread {name!r}", name=name)
            return _progress_roll(args, campaign, ProgressTest(found.progress, found.name))
        if verb == "weight":
            (weight,) = _needs(args, more, 1, Phrase("story_verb", "weight", "NAME 1|2|3"))
            plan = play.change_item(
                key,
                name,
                lambda i: said("weighted", key, i.name, weight=i.weight),
                weight=_whole(args, weight),
            )
            return _written(args, campaign, plan)
        # progress: one box more (from where it is when written), or the boxes given
        boxes = _whole(args, more[0]) if more else None
        plan = play.change_item(
            key,
            name,
            # As the app words it: "Retrouver la caravane : 2/10".
            lambda i: Worded(
                "story.progressed", {"name": i.name, "shown": f"{i.progress}/{story.TRACK_BOXES}"}
            ),
            progress=boxes,
        )
        return _written(args, campaign, plan)


def _whole(args: argparse.Namespace, text: str) -> int:
    try:
        return int(text)
    except ValueError:
        raise UsageError(
            f"meneur {args.command}", "expected a whole number, not {text!r}", text=text
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
    from meneur.core import story, tables
    from meneur.core.records import roll_seeded
    from meneur.play import act

    from .journaling import campaign_seed
    from .language import words_of

    title = words_of(args).term(f"story.random.{key}")
    table = story.pick_table(items, f"random_{key}", title)
    seed = campaign_seed(args, campaign, public=_public(args, campaign, tables.SYSTEM))
    record = roll_seeded(tables.roll, tables.TableQuery.of(table, (table,)), seed)
    # No words of its own: each reader's journal names the list in their language.
    entry = act.roll(
        campaign, seat_of(args, campaign), record, "", chosen_seed=args.seed is not None
    )
    return _rolled(args, campaign, record, entry)


def _public(args: argparse.Namespace, campaign: Campaign, system: str) -> bool:
    """Whether the command's seat throws a roll of ``system`` in public, as the table
    says (:func:`meneur.play.secrecy.roll_secrecy`: a player's roll of a kind the GM
    keeps is blind): a secret one is off the session's draws."""
    from meneur.play.secrecy import roll_secrecy

    return roll_secrecy(campaign.state, system, seat_of(args, campaign)).visibility == "public"


def _rolled(args: argparse.Namespace, campaign: Campaign, record: Any, entry: Entry) -> str:
    """A roll the command's seat threw, as the table shows it to that seat: of a blind
    roll, only that it was thrown; no seed a player did not choose."""
    from meneur.play.rolling import seed_shown, shown_blind

    from .journaling import entry_said
    from .language import words_of
    from .text import render_roll

    seat, words = seat_of(args, campaign), words_of(args)
    if shown_blind(seat, entry):
        return words.t("shown.blind")
    seed = seed_shown(seat, chosen=args.seed is not None)
    return f"{render_roll(record, words, seed=seed)}{entry_said(args, campaign, entry, words)}"


def _trackers(args: argparse.Namespace, campaign: Campaign, kind: str) -> dict[str, dict[str, Any]]:
    """The clocks or tracks the seat (``--as``) may know of: a player's, none of the GM's
    (what every view of the state leaves out: meneur.play.views.state_for)."""
    trackers: dict[str, dict[str, Any]] = campaign.state["trackers"]
    viewer = seat_of(args, campaign).viewer
    if viewer.role != "gm":
        from meneur.play.views import state_for

        trackers = state_for(viewer, campaign.state, campaign.journal)["trackers"]
    return {ident: tracker for ident, tracker in trackers.items() if tracker.get("kind") == kind}


def _ident(campaign: Campaign, kind: str, name: str, args: argparse.Namespace) -> str:
    """The tracker of ``kind`` called ``name`` (by name or key)."""
    from meneur.core.words import folded

    for ident, tracker in _trackers(args, campaign, kind).items():
        if folded(name) in (folded(ident), folded(str(tracker.get("name", ident)))):
            return ident
    # One sentence per kind: a French reader reads "horloge" or "piste", not the verb.
    if kind == "clock":
        raise UsageError(f"meneur {args.command}", "no clock {name!r}", name=name)
    raise UsageError(f"meneur {args.command}", "no track {name!r}", name=name)


def run_clock(args: argparse.Namespace) -> str:
    """``meneur clock [DIR] list|add NAME SEGMENTS|advance NAME [N]|ask NAME|remove NAME``.

    ``ask`` puts "Does it advance?" to the yes/no oracle at ``--likelihood`` (a "yes,
    but" fills one segment, a "yes, and" two), journaled with the clock's change. A clock
    moves from where it is when written (under the lock).
    """
    from meneur.play import story as play

    directory, verb, rest = _words(args, CLOCK_VERBS)
    with _open(directory, write=verb != "list") as campaign:
        if verb == "list":
            return _listed(args, campaign, "clock")
        if verb == "add":
            name, segments = _needs(args, rest, 2, Phrase("story_verb", "add", "NAME SEGMENTS"))
            plan = play.new_clock(name, _whole(args, segments), gm=args.gm)
            return _written(args, campaign, plan)
        name = _needs(args, rest[:1], 1, Phrase("story_verb", verb, "NAME"))[0]
        ident = _ident(campaign, "clock", name, args)
        if verb == "remove":
            return _written(args, campaign, play.remove_tracker(ident))
        if verb == "advance":
            steps = _whole(args, rest[1]) if len(rest) > 1 else 1
            return _written(args, campaign, play.move_tracker(ident, steps=steps))
        return _ask_clock(args, campaign, ident)


def _listed(args: argparse.Namespace, campaign: Campaign, kind: str) -> str:
    """The clocks or tracks, one line each: name (a track's rank), state, GM's alone (a
    player's seat, ``--as``, has none of the GM's); "(none)" when there are none."""
    from meneur.core.story import tracker_shown

    words = words_of(args)
    gm = words.t("visibility.gm")

    def rank(tracker: Mapping[str, Any]) -> str:
        key = f"story.rank.{tracker.get('rank')}"
        return f" — {words.t(key)}" if words.has(key) else ""

    return "\n".join(
        str(t["name"])
        + (rank(t) if kind == "track" else "")
        + f"  {tracker_shown(t)}"
        + (f"  ({gm})" if t.get("gm") else "")
        for t in _trackers(args, campaign, kind).values()
    ) or words.t("cli.empty_list")


def _ask_clock(args: argparse.Namespace, campaign: Campaign, ident: str) -> str:
    from meneur.core import oracles
    from meneur.core.records import roll_seeded
    from meneur.play import act
    from meneur.play import story as play

    from .journaling import campaign_seed
    from .language import words_of
    from .text import render_roll

    tracker = campaign.state["trackers"][ident]
    name = tracker["name"]
    words = words_of(args)
    question = oracles.YesNoQuestion(args.likelihood, words.t("story.advances", name=name))
    # A GM's clock is asked off the public draws: its entry is the GM's.
    seed = campaign_seed(args, campaign, public=not tracker.get("gm"))
    record = roll_seeded(oracles.roll_yesno, question, seed)
    plan = play.move_tracker(
        ident, lambda moved: play.moved_words(moved, asked=True), outcome=record.outcome or ""
    )
    entry = act.roll(
        campaign, seat_of(args, campaign), record, plan, chosen_seed=args.seed is not None
    )
    return f"{render_roll(record, words)}\n{written(entry, campaign, args)}"


def run_track(args: argparse.Namespace) -> str:
    """``meneur track [DIR] list|add NAME RANK|mark NAME [N]|roll NAME|remove NAME``; a
    track is marked from where it is when written (under the lock); ``roll`` is a progress
    roll, its filled boxes against two d10."""
    from meneur.core.solo import ProgressTest
    from meneur.core.story import TICKS_PER_BOX
    from meneur.play import story as play

    directory, verb, rest = _words(args, TRACK_VERBS)
    with _open(directory, write=verb != "list") as campaign:
        if verb == "list":
            return _listed(args, campaign, "track")
        if verb == "add":
            name, rank = _needs(args, rest, 2, Phrase("story_verb", "add", "NAME RANK"))
            key = key_of("rank", rank)
            if key is None:
                raise UsageError(
                    "meneur track add",
                    "a rank is one of {value}, not {rank!r}",
                    value=Shown("rank"),
                    rank=rank,
                )
            return _written(args, campaign, play.new_track(name, key, gm=args.gm))
        name = _needs(args, rest[:1], 1, Phrase("story_verb", verb, "NAME"))[0]
        ident = _ident(campaign, "track", name, args)
        if verb == "remove":
            return _written(args, campaign, play.remove_tracker(ident))
        if verb == "roll":
            tracker = campaign.state["trackers"][ident]
            boxes = int(tracker["value"]) // TICKS_PER_BOX
            test = ProgressTest(boxes, str(tracker["name"]), ident)
            return _progress_roll(args, campaign, test, public=not tracker.get("gm"))
        steps = _whole(args, rest[1]) if len(rest) > 1 else 1
        return _written(args, campaign, play.move_tracker(ident, steps=steps))


def _progress_roll(
    args: argparse.Namespace, campaign: Campaign, test: ProgressTest, *, public: bool = True
) -> str:
    """A progress roll on a track's (or a thread's) filled boxes, journaled (a GM's
    track off the public draws: its entry is the GM's, by what it rolls on)."""
    from meneur.core.records import roll_seeded
    from meneur.core.solo import roll_progress
    from meneur.play import act

    from .journaling import campaign_seed

    public = public and _public(args, campaign, "progress")
    record = roll_seeded(roll_progress, test, campaign_seed(args, campaign, public=public))
    # No words of its own: the journal says what it rolled on in its reader's language.
    entry = act.roll(
        campaign, seat_of(args, campaign), record, "", chosen_seed=args.seed is not None
    )
    return _rolled(args, campaign, record, entry)
