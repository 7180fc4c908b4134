"""A Lonelog log read into a new campaign (``meneur import lonelog FILE DIR``): the
notation of :mod:`meneur.play.lonelog`, by meneur or by hand, digital or from a notebook.

What each line becomes:

- the front matter's ``title`` (else the ``# Title``) names the campaign; ``## …`` (or
  ``=== Session … ===``) is a session, ``### S1 *…*`` (or ``S1 *…*``) a scene;
- ``@ action`` then ``d: …`` is a roll labelled by the action: replayed exactly when
  meneur's own note follows it (``(meneur: {…})``: its kind, inputs and seed), else, when
  its dice are written one by one (``3d6 [4, 5, 3]``, ``d6=5``), those dice as played
  (physical dice, typed in); a roll whose dice do not read is kept as a note, whole;
  ``? question`` then its resolution is meneur's yes/no oracle replayed when meneur's
  note follows it, else (another oracle's answer) the question and its answer as a note;
- ``=> consequence``, prose, a narrative block (``\\---`` … ``---\\``) and a meta note
  ``(…)`` are notes;
- ``[Clock:Name 3/6]`` (or ``[E:…]``) makes or moves a clock of 4, 6, 8 or 12 segments,
  ``[Track:Name 2/10|ardu]`` a track of 10 boxes (by the quarter), ``[Thread:Name|Open]``
  (``Closed``) a thread, ``[N:Name]`` a person; a tag meneur keeps nothing of (a place,
  a character's state, a timer) is a note; ``[#N:Name]``, a mention, nothing.

Nothing is lost: a line meneur cannot read as what it looks like is kept as a note, and
the import ends with a report of what it made of each kind of line (:class:`Report`).
Every entry is written as the GM's, through :mod:`meneur.play.act`.
"""

from __future__ import annotations

import json
import re
from collections import Counter
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from meneur.core.names import one_line, pictured
from meneur.core.table_rules import GM_SEAT
from meneur.core.text import cut
from meneur.saves.campaign import Campaign
from meneur.saves.entry_parts import Plan

from . import act
from . import story as play_story
from .lonelog_text import CLOSE, OPEN, read_block_line, read_title

KINDS = (
    "sessions", "scenes", "rolls_replayed", "rolls_played", "questions", "notes",
    "threads", "people", "clocks", "tracks", "kept",
)  # fmt: skip
"""What a report counts, in its order."""

_TAG = re.compile(r"^\[(#?)([A-Za-z]+):([^\]|]*)((?:\|[^\]]*)?)\]$")
_PROGRESS = re.compile(r"^(.*\S)\s+(\d+(?:\.\d+)?)/(\d+)$")
_SCENE = re.compile(r"^(?:###\s+)?(?:T\d+-)?S\d+[a-z]?\s*(?:\*(.*)\*)?\s*$")
_DICE = re.compile(r"(\d*)d(\d+|F)\s*\[([^\]]*)\]|(\d*)d(\d+)=(\d+)")


@dataclass
class Report:
    """What an import made of the log's lines."""

    counts: Counter[str] = field(default_factory=Counter)
    kept: list[tuple[int, str]] = field(default_factory=list)
    """The lines kept as notes because meneur could not read them as what they looked
    like (their number in the file, their text)."""
    changed: list[tuple[int, str, str]] = field(default_factory=list)
    """The titles made one line without control characters, as every name is
    (:mod:`meneur.core.names`): their line in the file, the title as it came, as it
    was written."""

    def title(self, text: str, number: int) -> str:
        """``text``, a title read at line ``number``, as the rule of names lets it be
        written: as it came when it is one line without control characters, else made
        so (:func:`meneur.core.names.one_line`), the change kept for the report."""
        fitted = one_line(text)
        if fitted != text:
            self.changed.append((number, text, fitted))
        return fitted


@dataclass
class _Pending:
    """An action or a question waiting for its resolution."""

    line: int
    kind: str  # "action" or "question"
    text: str
    lines: list[str] = field(default_factory=list)


def read_front(lines: list[str]) -> tuple[dict[str, str], int]:
    """The YAML front matter's simple fields (``key: value``), and where the log begins."""
    if not lines or lines[0].strip() != "---":
        return {}, 0
    found: dict[str, str] = {}
    for number, line in enumerate(lines[1:], start=1):
        if line.strip() == "---":
            return found, number + 1
        key, colon, value = line.partition(":")
        if colon:
            value = value.strip()
            if value.startswith('"'):
                try:
                    value = str(json.loads(value))
                except ValueError:
                    value = value.strip('"')
            found[key.strip()] = value
    return {}, 0


def import_lonelog(
    text: str, directory: Path, *, system: str | None, name: str, lang: str | None = None
) -> Report:
    """Read the Lonelog log ``text`` into a new campaign at ``directory``, of ``system``
    (else the one its ``ruleset`` names, else Résoudre une action), named by the log
    (else ``name``), speaking the ``lang`` its front matter says (else ``lang``); the
    report of what it made of each line.

    Raises:
        CampaignError: when ``directory`` cannot hold a new campaign.
    """
    lines = text.replace("\r\n", "\n").split("\n")
    front, start = read_front(lines)
    report = Report()
    title, where = front.get("title", ""), _front_line(lines, start, "title")
    if not title:
        where, title = next(
            ((n, line[2:].strip()) for n, line in enumerate(lines[start:], start + 1)
             if line.startswith("# ")),
            (0, ""),
        )  # fmt: skip
    campaign = Campaign.create(
        directory,
        system=system or _system_of(front.get("ruleset", "")),
        name=report.title(title, where).strip() or name,
        options={"solo": True},
        language=front.get("lang") if front.get("lang") in ("fr", "en") else lang,
    )
    reader = _Reader(campaign, report)
    try:
        reader.read(lines, start)
    finally:
        campaign.close()
    return reader.report


def _front_line(lines: list[str], end: int, key: str) -> int:
    """The line (from 1) of the front matter's ``key``, 0 when it has none."""
    return next(
        (n for n, line in enumerate(lines[1:end], 2) if line.partition(":")[0].strip() == key),
        0,
    )


def _system_of(ruleset: str) -> str:
    """The system a log's ``ruleset`` names (in either language), else the first."""
    from meneur.content import term
    from meneur.core.systems import keys

    wanted = ruleset.casefold()
    for key in keys():
        said = term(f"system.{key}")
        if wanted and any(
            wanted.startswith(name.casefold()) or name.casefold() in wanted
            for name in (said.fr, said.said("en"))
        ):
            return key
    from .session import DEFAULT_SYSTEM

    return DEFAULT_SYSTEM


class _Reader:
    """Reads a log's lines into a campaign, a line at a time."""

    def __init__(self, campaign: Campaign, report: Report) -> None:
        self.campaign = campaign
        self.report = report
        self.pending: _Pending | None = None
        self.prose: list[str] = []
        self.prose_line = 0
        self.record: dict[str, Any] | None = None

    def read(self, lines: list[str], start: int) -> None:
        narrative: list[str] | None = None
        narrative_line = 0
        for number, raw in enumerate(lines[start:], start=start + 1):
            line = raw.strip()
            if narrative is not None:  # a narrative block, whole, one note, as written
                if line == CLOSE:
                    self._narrative(narrative, narrative_line)
                    narrative = None
                else:
                    narrative.append(read_block_line(raw))
                continue
            if line == OPEN:
                self._flush()
                narrative, narrative_line = [], number
                continue
            if line.startswith("```") or line.startswith("# ") or _is_date(line):
                self._flush_prose()
                continue
            if not line:
                self._flush_prose()
                continue
            kind = _kind(line)
            if kind == "prose":
                self._end_pending()
                if not self.prose:
                    self.prose_line = number
                self.prose.append(raw.rstrip())
                continue
            self._flush_prose()
            getattr(self, f"_{kind}")(line, number)
        self._flush()
        if narrative is not None:  # a block never closed: what it holds, still a note
            self._narrative(narrative, narrative_line)

    # --- Structure ---------------------------------------------------------------------

    def _session(self, line: str, number: int) -> None:
        self._flush()
        if line.startswith("## "):  # its title as written (meneur's own: see lonelog_text)
            title = read_title(line[3:].strip())
        else:  # === Session 1 ===
            title = line.strip("=").strip() or f"Session {number}"
        act.mark(self.campaign, GM_SEAT, "session", self.report.title(title, number))
        self.report.counts["sessions"] += 1

    def _scene(self, line: str, number: int) -> None:
        self._flush()
        found = _SCENE.match(line)
        context = found.group(1).strip() if found and found.group(1) else ""
        # S1 *its title as written* (see lonelog_text), else the heading's words.
        title = read_title(context) if context else line.lstrip("#").strip() or line
        act.mark(self.campaign, GM_SEAT, "scene", self.report.title(title, number))
        self.report.counts["scenes"] += 1

    # --- Actions, questions, their resolutions -----------------------------------------

    def _action(self, line: str, number: int) -> None:
        self._end_pending()
        text = line[1:].strip()
        named = re.match(r"^\(([^)]*)\)\s*(.*)$", text)
        if named:  # @(Name) what they do
            text = f"{named.group(1)} — {named.group(2)}".strip(" —")
        self.pending = _Pending(number, "action", text, [line])

    def _question(self, line: str, number: int) -> None:
        self._end_pending()
        self.pending = _Pending(number, "question", line[1:].strip(), [line])

    def _roll(self, line: str, number: int) -> None:
        if self.pending is not None and any(
            x.startswith(("d:", "tbl:", "gen:", "->")) for x in self.pending.lines
        ):
            self._end_pending()  # a second resolution: a roll of its own
        if line.startswith(("tbl:", "gen:")) and self.pending is None:
            # Another tool's table or generator: its result in its words, as a note
            # (meneur's own is replayed: its note follows it).
            self.pending = _Pending(number, "table", "", [line])
            return
        pending = self.pending or _Pending(number, "action", "", [])
        pending.lines.append(line)
        self.pending = pending

    def _meneur(self, line: str, number: int) -> None:
        try:
            record = json.loads(line[len("(meneur:") : -1])
        except ValueError:
            self._kept(line, number)
            return
        if self.pending is None or not isinstance(record, dict):
            return  # meneur's margin note, with nothing to replay: nothing lost
        self.record = record
        self._end_pending()

    def _end_pending(self) -> None:
        """Write the action or question waiting: replayed, as played dice, or kept."""
        pending, self.pending = self.pending, None
        record, self.record = self.record, None
        if pending is None:
            return
        resolved = next((x for x in reversed(pending.lines) if x.startswith(("d:", "tbl:"))), "")
        label = pending.text
        if resolved.startswith("tbl:") and not label:
            label = resolved[4:].split("->")[0].strip()
        written = record is not None and self._replayed(record, label)
        if not written and pending.kind == "table":
            self._note("\n".join(pending.lines), pending.line)
            return
        # The log's own outcome stays in the roll's words: meneur says only its dice.
        outcome = resolved.partition("->")[2].strip()
        if outcome and record is None:
            label = f"{label} ({outcome})" if label else outcome
        if not written and pending.kind == "question":
            # Another oracle's answer: meneur's yes/no oracle would not give it again from
            # those dice, so the question is kept with its answer, as a note.
            self._note("\n".join(pending.lines), pending.line, counted="questions")
            return
        if not written and resolved:
            written = self._played(resolved, label)
        if written:
            if pending.kind == "question":
                self.report.counts["questions"] += 1
            else:
                self.report.counts["rolls_replayed" if record else "rolls_played"] += 1
            return
        # Nothing meneur could roll again: every word kept, as a note.
        self._note("\n".join(pending.lines), pending.line, kept=True)

    def _replayed(self, record: dict[str, Any], label: str) -> bool:
        from meneur.core.errors import RulesError
        from meneur.saves.entry_parts import replay_roll
        from meneur.saves.errors import CampaignError

        try:
            rolled = replay_roll(record)
            act.roll(self.campaign, GM_SEAT, rolled, label, chosen_seed="seed" in record,
                     physical=record.get("physical") is True)  # fmt: skip
        except (CampaignError, RulesError, KeyError, TypeError, ValueError):
            return False
        return True

    def _played(self, resolved: str, label: str) -> bool:
        """A roll whose every die is written: those dice, as played (typed in)."""
        from meneur.core.errors import RulesError
        from meneur.core.expressions import DiceInputs
        from meneur.core.kinds import resolver

        groups = []
        faces: list[int] = []
        for found in _DICE.finditer(resolved.split("->")[0]):
            count, sides, listed, single_count, single_sides, single = found.groups()
            if listed is not None:
                shown = [face.strip().rstrip("d") for face in listed.split(",") if face.strip()]
                if sides == "F" or not all(face.lstrip("+-").isdigit() for face in shown):
                    return False
                if count and int(count) != len(shown):
                    return False
                groups.append(f"{len(shown)}d{sides}")
                faces += [int(face) for face in shown]
            elif single_count in ("", "1"):
                groups.append(f"1d{single_sides}")
                faces.append(int(single))
            else:
                return False  # a total of several dice: which faces is unsaid
        if not groups:
            return False
        try:
            inputs = DiceInputs(" + ".join(groups))
            record = resolver(DiceInputs)(inputs, tuple(faces))
            act.roll(self.campaign, GM_SEAT, record, label or resolved, physical=True)
        except (RulesError, ValueError):
            return False
        return True

    # --- Notes -------------------------------------------------------------------------

    def _consequence(self, line: str, number: int) -> None:
        self._end_pending()
        self._note(line[2:].strip(), number)

    def _meta(self, line: str, number: int) -> None:
        self._end_pending()
        inside = line[1:-1].strip()
        self._note(inside.removeprefix("note:").strip() or inside, number)

    def _flush_prose(self) -> None:
        if self.prose:
            self._end_pending()
            self._note("\n".join(self.prose).strip(), self.prose_line)
            self.prose = []

    def _flush(self) -> None:
        self._flush_prose()
        self._end_pending()

    def _narrative(self, lines: list[str], number: int) -> None:
        """A narrative block's ``lines``, one note as they were written, blank ones and
        spaces included (nothing when it held no line)."""
        if lines:
            self._note("\n".join(lines), number, whole=True)

    def _note(
        self,
        text: str,
        number: int,
        *,
        kept: bool = False,
        counted: str = "notes",
        whole: bool = False,
    ) -> None:
        """Write ``text`` as a note, counted as ``counted`` (or as a line ``kept``);
        a blank one only when ``whole`` (a narrative block's, as written)."""
        if not text.strip() and not whole:
            return
        act.note(self.campaign, GM_SEAT, text)
        self.report.counts["kept" if kept else counted] += 1
        if kept:
            self.report.kept.append((number, text.split("\n")[0]))

    def _kept(self, line: str, number: int) -> None:
        self._note(line, number, kept=True)

    # --- Tags --------------------------------------------------------------------------

    def _tag(self, line: str, number: int) -> None:
        found = _TAG.match(line)
        if found is None:
            self._kept(line, number)
            return
        mention, kind, body, rest = found.groups()
        if mention:
            return  # a mention of what was met before: nothing new
        tags = [part.strip() for part in rest.split("|") if part.strip()]
        kind = kind.casefold()
        try:
            if kind in ("clock", "e"):
                done = self._clock(body.strip())
            elif kind == "track":
                done = self._track(body.strip(), tags)
            elif kind == "thread":
                states = [tag for tag in tags if tag.casefold() not in STATES]
                done = self._item("threads", body.strip(), closed=_closed(tags), notes=states)
            elif kind == "n":
                notes = [tag for tag in tags if tag.casefold() != "closed"]
                done = self._item("people", body.strip(), closed="closed" in tags, notes=notes)
            else:
                done = False
        except Exception as error:  # a refusal of the rules: the line is kept
            from meneur.core.errors import RulesError
            from meneur.saves.errors import CampaignError

            if not isinstance(error, (RulesError, CampaignError)):
                raise
            done = False
        if not done:
            self._kept(line, number)

    def _clock(self, body: str) -> bool:
        found = _PROGRESS.match(body)
        if found is None:
            return False
        name, value, segments = found.group(1), found.group(2), int(found.group(3))
        if "." in value or segments not in (4, 6, 8, 12):
            return False
        self._tracker(name, play_story.new_clock(name, segments), int(value))
        self.report.counts["clocks"] += 1
        return True

    def _track(self, body: str, tags: list[str]) -> bool:
        from meneur.core.story import TICKS_PER_BOX, TRACK_BOXES

        found = _PROGRESS.match(body)
        if found is None or int(found.group(3)) != TRACK_BOXES:
            return False
        name, value = found.group(1), float(found.group(2))
        ticks = round(value * TICKS_PER_BOX)
        if ticks != value * TICKS_PER_BOX:
            return False
        rank = tags[0] if tags else "ardu"
        self._tracker(name, play_story.new_track(name, rank), ticks)
        self.report.counts["tracks"] += 1
        return True

    def _tracker(self, name: str, made: Plan, value: int) -> None:
        """Make the clock or track ``name`` (``made``) when it is new, then set it at
        ``value``."""
        trackers = self.campaign.state.get("trackers", {})
        ident = next((i for i, t in trackers.items() if t.get("name") == name), None)
        if ident is None:
            act.change(self.campaign, GM_SEAT, made)
            trackers = self.campaign.state.get("trackers", {})
            ident = next(i for i, t in trackers.items() if t.get("name") == name)
        if trackers[ident].get("value") != value:
            act.set_value(self.campaign, GM_SEAT, ("trackers", ident, "value"), value)

    def _item(self, key: str, name: str, *, closed: bool, notes: list[str]) -> bool:
        """Add the thread or person ``name`` when new (its tags as its notes), then
        close or reopen it as the tag says."""
        from meneur.core import story

        if not name:
            return False
        items = play_story.items_of(self.campaign.state, key)
        known = {item.name.casefold(): item for item in items}
        word = "Fil" if key == "threads" else "Personne"
        if name.casefold() not in known:
            item = story.StoryItem(name, notes=", ".join(notes))
            plan = play_story.add_item(key, item, f"{word}\u00a0: {name}")
            act.change(self.campaign, GM_SEAT, plan)
            self.report.counts[key] += 1
            known_closed = False
        else:
            known_closed = known[name.casefold()].closed
        if closed != known_closed:
            plan = play_story.change_item(key, name, lambda i: f"{word}\u00a0: {i.name}",
                                          closed=closed)  # fmt: skip
            act.change(self.campaign, GM_SEAT, plan)
        return True


STATES = ("open", "closed", "abandoned", "ouvert", "fermé", "clos")
"""A thread's tags that say its state (the others are its notes)."""


def _closed(tags: list[str]) -> bool:
    return any(tag.casefold() in STATES[1:] and tag.casefold() != "ouvert" for tag in tags)


def _is_date(line: str) -> bool:
    """A session's date line (``*Date: 2026-12-01*``, ``[Date] …``): its header's."""
    return bool(re.match(r"^\*?\[?(?:Date|Duration|Durée)\]?\s*\u00a0?:?", line)) and (
        line.startswith(("*", "["))
    )


def looks_like_notation(line: str) -> bool:
    """Whether a line of prose would be read as notation (a heading, a tag, ``@``…)."""
    return bool(line) and (
        _kind(line) != "prose" or line.startswith(("#", "```", "\\---")) or _is_date(line)
    )


def _kind(line: str) -> str:
    """What a line of the log is (a method of :class:`_Reader`, or ``prose``)."""
    if line.startswith("## ") or (line.startswith("===") and line.endswith("===")):
        return "session"
    if line.startswith("### ") or _SCENE.match(line):
        return "scene"
    if line.startswith("(meneur:") and line.endswith(")"):
        return "meneur"
    if line.startswith("@"):
        return "action"
    if line.startswith("? ") or line == "?":
        return "question"
    if line.startswith(("d:", "tbl:", "gen:", "-> ")):
        return "roll"
    if line.startswith("=>"):
        return "consequence"
    if line.startswith("[") and line.endswith("]"):
        return "tag"
    if line.startswith("(") and line.endswith(")"):
        return "meta"
    return "prose"


def report_lines(report: Report, t: Any) -> Iterator[str]:
    """The report in words (``t``: a language's strings), a line each."""
    for kind in KINDS:
        count = report.counts.get(kind, 0)
        if count:
            yield t(f"lonelog.made_{kind}", count=count)
    for number, text in sorted(report.kept)[:20]:
        yield t("lonelog.kept_line", number=number, text=text)
    if len(report.kept) > 20:
        yield t("lonelog.kept_more", count=len(report.kept) - 20)
    if report.changed:
        yield t("lonelog.made_changed", count=len(report.changed))
    for number, before, after in report.changed[:20]:
        yield t("lonelog.changed_line", number=number, before=cut(pictured(before)), after=after)
    if len(report.changed) > 20:
        yield t("lonelog.kept_more", count=len(report.changed) - 20)
