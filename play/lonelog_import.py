"""A Lonelog log read into a new campaign (``meneur import lonelog FILE DIR``): meneur's
own log (:mod:`meneur.play.lonelog`) or one written by hand or by another tool, digital
or from a notebook, as the notation's specification writes it (:mod:`.lonelog_read`).

Each construct becomes what it is in meneur, where meneur has it:

- ``## …`` (``=== … ===``) a session, ``### S1 *…*`` (``S1``, ``S5a``, ``T1-S2``) a scene;
- ``@ action`` with its ``d:`` line a roll labelled by the action: meneur's own replayed
  exactly (its margin note ``(meneur: {…})`` follows it), another's a roll made
  elsewhere (:mod:`meneur.core.elsewhere`: its skill, dice as written, target and
  outcome as played); an action with no roll a note;
- ``? question`` with its answer: meneur's yes/no oracle replayed, or another oracle's
  answer, with the question's likelihood (``(Likely)``);
- ``=> consequence``, prose, a narrative block (``\\---`` … ``---\\``) and a meta note
  ``(…)`` notes; a clock, thread or person a consequence names is made too;
- ``[Clock:Name 3/6]`` (``[E:…]``) a clock of 4, 6, 8 or 12 segments, ``[Track:Name
  2/10|ardu]`` a track of 10 boxes (by the quarter), ``[Thread:Name|Open]`` a thread,
  ``[N:Name]`` a person.

What meneur has no equivalent for (a place, a character's tags, a timer, an inventory,
a table of the player's own, a clock of 5 segments…) is kept as a note, said in the
report with the reason. Every entry keeps the lines it came from, layout included
(:attr:`meneur.saves.journal.Entry.written`): the export writes them back as they
came, so a log goes out line for line as it came in. Nothing is dropped; the report
says what each construct became (:class:`Report`). Every entry is written as the GM's,
through :mod:`meneur.play.act`, in durable steps of a thousand entries
(:func:`campaign_steps`): the log's entries exactly as written one by one, for an fsync
a chunk instead of one an entry.
"""

from __future__ import annotations

import json
import re
from collections import Counter
from collections.abc import Callable, Iterator
from contextlib import ExitStack, contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from meneur.core.names import one_line, pictured
from meneur.core.table_rules import GM_SEAT
from meneur.core.text import cut
from meneur.saves.campaign import Campaign
from meneur.saves.entry_parts import Plan
from meneur.saves.errors import CampaignError

from . import act
from . import story as play_story
from .lonelog_read import TAG, Log, Piece, looks_like_notation, read_front, read_log
from .lonelog_rolls import played_elsewhere, replayed
from .lonelog_text import read_title

__all__ = ["KINDS", "Report", "import_lonelog", "looks_like_notation", "read_front", "report_lines"]

KINDS = (
    "sessions", "scenes", "rolls_replayed", "rolls_elsewhere", "questions_replayed",
    "questions_elsewhere", "actions", "consequences", "notes", "threads", "people",
    "clocks", "tracks", "kept",
)  # fmt: skip
"""What a report counts, in its order."""

STEP = 1000
"""Entries an import writes in one durable step."""
_PROGRESS = re.compile(r"^(.*\S)\s+(\d+(?:\.\d+)?)/(\d+)$")


@dataclass
class Report:
    """What an import made of the log's constructs."""

    counts: Counter[str] = field(default_factory=Counter)
    kept: list[tuple[int, str, str, dict[str, Any]]] = field(default_factory=list)
    """The constructs kept as notes, as written, because meneur has nothing of their
    kind: their first line's number, that line, the reason's key (``lonelog.why_…``)
    and its values."""
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


def import_lonelog(
    text: str, directory: Path, *, system: str | None, name: str, lang: str | None = None
) -> Report:
    """Read the Lonelog log ``text`` into a new campaign at ``directory``, of ``system``
    (else the one its ``ruleset`` names, else Résoudre une action), named by the log
    (else ``name``), speaking the ``lang`` its front matter says (else ``lang``); the
    report of what it made of each construct.

    Raises:
        CampaignError: when ``directory`` cannot hold a new campaign.
    """
    log = read_log(text)
    report = Report()
    title, where = log.front.get("title", ""), _front_line(log.head, "title")
    if not title:
        where, title = next(
            ((n, line[2:].strip()) for n, line in enumerate(text.split("\n"), 1)
             if line.startswith("# ")),
            (0, ""),
        )  # fmt: skip
    campaign = Campaign.create(
        directory,
        system=system or _system_of(log.front.get("ruleset", "")),
        name=report.title(title, where).strip() or name,
        options={"solo": True},
        language=log.front.get("lang") if log.front.get("lang") in ("fr", "en") else lang,
    )
    try:
        with campaign.work():  # one lock for the whole log, written in a few steps
            _Writer(campaign, report).write(log)
    finally:
        campaign.close()
    return report


@contextmanager
def campaign_steps(campaign: Campaign) -> Iterator[Callable[[], None]]:
    """Write a long run of entries in durable steps of about :data:`STEP` entries (each
    :meth:`meneur.saves.work.Work.together`): yields what to call before each
    construct, which ends the step once it holds :data:`STEP` entries. A log of ten
    thousand lines is written in seconds, where an fsync per entry took minutes; an
    error ends the import with the steps before it written, whole.

    Raises:
        CampaignError: when the disk refuses a step after the first, saying how many
            entries the steps before it saved.
    """
    with campaign.work() as work:
        first = began = work.journal.last_id
        try:
            with ExitStack() as steps:
                steps.enter_context(work.together())

                def step() -> None:
                    nonlocal began
                    if work.journal.last_id - began >= STEP:
                        steps.close()  # written and durable
                        steps.enter_context(work.together())
                        began = work.journal.last_id

                yield step
        except CampaignError as error:
            saved = work.journal.last_id - first
            if error.message_key != "campaign.not_saved" or not saved:
                raise
            why = error.values.get("why", "")
            raise CampaignError(
                error.path,
                f"could not be written ({why}); the log's first {saved} entries were saved,"
                " not the rest",
                message_key="campaign.import_stopped",
                values={"why": why, "count": saved},
                names_file=True,
            ) from error


def _front_line(head: list[str], key: str) -> int:
    """The line (from 1) of the front matter's ``key``, 0 when it has none."""
    if not head or head[0].strip() != "---":
        return 0
    return next(
        (n for n, line in enumerate(head[1:], 2) if line.partition(":")[0].strip() == key), 0
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


def _makes_nothing(piece: Piece) -> bool:
    """A construct no entry holds: a narrative block of no line, meneur's margin note
    with no roll before it (its lines go with the construct before it)."""
    if piece.kind == "meta" and piece.text.startswith("(meneur:"):
        try:
            return isinstance(json.loads(piece.text[len("(meneur:") : -1]), dict)
        except ValueError:
            return False  # not meneur's: kept as a note
    return piece.kind == "narrative" and not piece.resolved


class _Writer:
    """Writes a log's constructs into a campaign, each entry with its lines."""

    def __init__(self, campaign: Campaign, report: Report) -> None:
        self.campaign = campaign
        self.report = report
        self.written: str | None = None  # the lines the next entry holds ("" once used)

    def write(self, log: Log) -> None:
        pieces: list[Piece] = []
        head = list(log.head)
        for piece in log.pieces:
            if not _makes_nothing(piece):
                pieces.append(piece)
            elif pieces:
                pieces[-1].lines += piece.lines
            else:
                head += piece.lines
        if not pieces and any(x.strip() for x in head) and log.front.get("tools") != "meneur":
            # A head alone (front matter, a title, fences): one note holds its lines (but
            # meneur's own, of a campaign with nothing in it, which its export writes).
            said = [line.strip() for line in head if line.strip() and line.strip() != "---"]
            pieces.append(Piece("head", 1, [], "\n".join(said)))
        with campaign_steps(self.campaign) as step:
            for at, piece in enumerate(pieces):
                step()
                self.written = "\n".join((head if at == 0 else []) + piece.lines)
                getattr(self, f"_{piece.kind}")(piece)

    def _head(self, piece: Piece) -> None:
        act.note(self.campaign, GM_SEAT, piece.text or "---", written=self._lines())
        self.report.counts["kept"] += 1
        self.report.kept.append((piece.number, piece.text.split("\n")[0], "head", {}))

    def _lines(self) -> str:
        """The lines the entry being written holds: the construct's for its first
        entry, "" (said by the entry before) for the others."""
        written, self.written = self.written or "", ""
        return written

    def _keep(self, piece: Piece, why: str, **values: Any) -> None:
        """Keep ``piece`` as a note, as written, and say why in the report."""
        act.note(self.campaign, GM_SEAT, piece.own_text.strip() or piece.text,
                 written=self._lines())  # fmt: skip
        self.report.counts["kept"] += 1
        self.report.kept.append((piece.number, piece.lines[0].strip(), why, values))

    def _note(self, piece: Piece, counted: str = "notes") -> None:
        if not piece.text.strip() and piece.kind != "narrative":
            self._keep(piece, "empty")
            return
        act.note(self.campaign, GM_SEAT, piece.text, written=self._lines())
        self.report.counts[counted] += 1

    # --- Structure ---------------------------------------------------------------------

    def _session(self, piece: Piece) -> None:
        self._mark(piece, "session")

    def _scene(self, piece: Piece) -> None:
        self._mark(piece, "scene")

    def _mark(self, piece: Piece, kind: str) -> None:
        """A session or a scene, its title as its heading holds it (see lonelog_text)."""
        fitted = self.report.title(read_title(piece.text), piece.number)
        act.mark(self.campaign, GM_SEAT, kind, fitted, written=self._lines())
        self.report.counts[f"{kind}s"] += 1

    # --- Actions, questions, notes ------------------------------------------------------

    def _action(self, piece: Piece) -> None:
        self._rolled(piece)
        for number, line in piece.tags:  # what the roll moved: its lines say it
            tags = [tag.groups() for tag in TAG.finditer(line)]
            unfit = [groups for groups in tags if not self._fits(groups)]
            if unfit:
                kept = Piece("tags", number, [line], line)
                self._keep(kept, *self._why(unfit[0])[:1], **self._why(unfit[0])[1])
            for groups in tags:
                if self._fits(groups):
                    self._tag(groups)

    def _rolled(self, piece: Piece) -> None:
        if piece.kind == "question":
            self._asked(piece)
        elif not piece.resolved:
            self._note(piece, "actions")  # an action with no roll
        elif replayed(self.campaign, piece, self.written or ""):
            self._lines()
            self.report.counts["rolls_replayed"] += 1
        elif played_elsewhere(self.campaign, piece, self.written or ""):
            self._lines()
            self.report.counts["rolls_elsewhere"] += 1
        else:
            self._keep(piece, "refused")

    _question = _action

    def _asked(self, piece: Piece) -> None:
        if replayed(self.campaign, piece, self.written or ""):
            self._lines()
            self.report.counts["questions_replayed"] += 1
        elif played_elsewhere(self.campaign, piece, self.written or ""):
            self._lines()
            self.report.counts["questions_elsewhere"] += 1
        else:
            self._keep(piece, "refused")

    def _consequence(self, piece: Piece) -> None:
        self._note(piece, "consequences")
        self._tags(piece, inline=True)

    def _prose(self, piece: Piece) -> None:
        self._note(piece)

    _meta = _narrative = _prose

    def _table(self, piece: Piece) -> None:
        self._keep(piece, "table")

    def _result(self, piece: Piece) -> None:
        self._keep(piece, "result")

    # --- Tags --------------------------------------------------------------------------

    def _tags(self, piece: Piece, *, inline: bool = False) -> None:
        """The tags of a line: each clock, track, thread or person made or changed; a
        line with any other tag (or a tag that does not fit) kept as a note first."""
        found = list(TAG.finditer(piece.own_text))
        fitting = [tag for tag in found if not tag.group(1) and self._fits(tag.groups())]
        unfit = [tag for tag in found if not tag.group(1) and tag not in fitting]
        if not inline and (unfit or not fitting or piece.own > 1):
            why, values = self._why(unfit[0].groups() if unfit else None)
            if why == "tag_block" and piece.own == 1:
                why = "bracket"  # "[Round 2]": brackets, no tag of the notation's
            self._keep(piece, why, **values)
        for tag in fitting:
            self._tag(tag.groups())
        if self.written:  # every tag says what is already so: the line kept as a note
            self._keep(piece, "again")

    def _fits(self, groups: tuple[str | Any, ...]) -> bool:
        kind, body = groups[1].casefold(), groups[2].strip()
        if kind in ("clock", "e"):
            found = _PROGRESS.match(body)
            return (
                found is not None
                and "." not in found.group(2)
                and (
                    int(found.group(3)) in (4, 6, 8, 12)
                    and int(found.group(2)) <= int(found.group(3))
                )
            )
        if kind == "track":
            from meneur.core.story import TICKS_PER_BOX, TRACK_BOXES

            found = _PROGRESS.match(body)
            if found is None or int(found.group(3)) != TRACK_BOXES:
                return False
            ticks = float(found.group(2)) * TICKS_PER_BOX
            return ticks == round(ticks) and float(found.group(2)) <= TRACK_BOXES
        return kind in ("thread", "n") and bool(body)

    @staticmethod
    def _why(groups: tuple[str | Any, ...] | None) -> tuple[str, dict[str, Any]]:
        """Why a tag line is kept as a note: the reason's key and values."""
        if groups is None:
            return "tag_block", {}
        kind = groups[1]
        if kind.casefold() in ("clock", "e"):
            return "clock", {"tag": f"[{kind}:{groups[2].strip()}]"}
        if kind.casefold() == "track":
            return "track", {"tag": f"[{kind}:{groups[2].strip()}]"}
        return "tag", {"kind": kind}

    def _tag(self, groups: tuple[str | Any, ...]) -> None:
        from meneur.core.errors import RulesError
        from meneur.saves.errors import CampaignError

        _, kind, body, rest = groups
        tags = [part.strip() for part in (rest or "").split("|") if part.strip()]
        kind, body = kind.casefold(), body.strip()
        try:
            if kind in ("clock", "e"):
                self._clock(body)
            elif kind == "track":
                self._track(body, tags)
            elif kind == "thread":
                states = [tag for tag in tags if tag.casefold() not in STATES]
                self._item("threads", body, closed=_closed(tags), notes=states)
            else:
                notes = [tag for tag in tags if tag.casefold() != "closed"]
                self._item("people", body, closed="closed" in tags, notes=notes)
        except (RulesError, CampaignError):  # a refusal of the rules: said in the line
            return

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
            act.change(self.campaign, GM_SEAT, made, written=self._lines())
            trackers = self.campaign.state.get("trackers", {})
            ident = next(i for i, t in trackers.items() if t.get("name") == name)
        if trackers[ident].get("value") != value:
            act.set_value(self.campaign, GM_SEAT, ("trackers", ident, "value"), value,
                          written=self._lines())  # fmt: skip

    def _item(self, key: str, name: str, *, closed: bool, notes: list[str]) -> bool:
        """Add the thread or person ``name`` when new (its tags as its notes), then
        close or reopen it as the tag says."""
        from meneur.core import story

        if not name:
            return False
        items = play_story.items_of(self.campaign.state, key)
        known = {item.name.casefold(): item for item in items}
        if name.casefold() not in known:
            item = story.StoryItem(name, notes=", ".join(notes))
            plan = play_story.add_item(key, item, play_story.item_words("added", key, name))
            act.change(self.campaign, GM_SEAT, plan, written=self._lines())
            self.report.counts[key] += 1
            known_closed = False
        else:
            known_closed = known[name.casefold()].closed
        if closed != known_closed:
            done = "closed" if closed else "reopened"
            plan = play_story.change_item(
                key, name, lambda i: play_story.item_words(done, key, i.name), closed=closed
            )
            act.change(self.campaign, GM_SEAT, plan, written=self._lines())
        return True


STATES = ("open", "closed", "abandoned", "ouvert", "fermé", "clos")
"""A thread's tags that say its state (the others are its notes)."""


def _closed(tags: list[str]) -> bool:
    return any(tag.casefold() in STATES[1:] and tag.casefold() != "ouvert" for tag in tags)


def report_lines(report: Report, t: Any) -> Iterator[str]:
    """The report in words (``t``: a language's strings), a line each."""
    for kind in KINDS:
        count = report.counts.get(kind, 0)
        if count:
            yield t(f"lonelog.made_{kind}", count=count)
    for number, text, why, values in sorted(report.kept, key=lambda kept: kept[0])[:20]:
        said = t(f"lonelog.why_{why}", **values)
        yield t("lonelog.kept_line", number=number, text=cut(pictured(text)), why=said)
    if len(report.kept) > 20:
        yield t("lonelog.kept_more", count=len(report.kept) - 20)
    if report.changed:
        yield t("lonelog.made_changed", count=len(report.changed))
    for number, before, after in report.changed[:20]:
        yield t("lonelog.changed_line", number=number, before=cut(pictured(before)), after=after)
    if len(report.changed) > 20:
        yield t("lonelog.kept_more", count=len(report.changed) - 20)
