"""The story's commands on the table (solo play, from the palette): threads and people
added, closed, picked at random; clocks and progress tracks made and filled, a clock by
the yes/no oracle. Each change is one journal entry that undo takes back."""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING, Any, Protocol

from textual import work

from meneur.core.errors import RulesError
from meneur.saves.errors import CampaignError

if TYPE_CHECKING:
    from textual.notifications import SeverityLevel

    from meneur.core.story import StoryItem
    from meneur.saves.journal import Entry
    from meneur.tui.session import Session

WORD = {"threads": "thread", "people": "person"}


class _Table(Protocol):
    """What the table screen gives the commands."""

    session: Session

    @property
    def app(self) -> Any: ...

    def t(self, key: str, **values: object) -> str: ...

    def explain(self, error: Exception) -> str: ...

    def notify(
        self,
        message: str,
        *,
        title: str = "",
        severity: SeverityLevel = "information",
        timeout: float | None = None,
        markup: bool = True,
    ) -> None: ...

    def characters_changed(self, entries: Iterable[Entry] = ()) -> None: ...


# The screen gives these at run time; only the type checker needs to hear of them.
if TYPE_CHECKING:
    _Base = _Table
else:
    _Base = object


class StoryCommands(_Base):
    """Mixed into the table screen: ``action_story_*`` for the palette."""

    def _items(self, key: str) -> tuple[StoryItem, ...]:
        from meneur.core.story import read_items

        return read_items(self.session.campaign.state["lists"].get(key, []))

    def _written(self, write: Any) -> None:
        """Run ``write()`` (a campaign write giving its entry) and show the entry, or say
        why it was refused."""
        try:
            entry = write()
        except (CampaignError, RulesError) as error:
            self.notify(self.t("app.error", message=self.explain(error)), severity="error")
            return
        self.characters_changed([entry])

    def _set_list(self, key: str, items: Iterable[StoryItem], text: str) -> None:
        data = [item.to_data() for item in items]
        self._written(lambda: self.session.campaign.set(("lists", key), data, text))

    async def _ask_text(self, title: str, prompt: str, value: str = "") -> str | None:
        from .dialogs import TextDialog

        answer = await self.app.push_screen_wait(TextDialog(title, prompt, value))
        return answer.strip() if isinstance(answer, str) and answer.strip() else None

    async def _choose(self, title: str, lines: list[str]) -> int | None:
        from .dialogs import ListDialog

        if not lines:
            self.notify(self.t("story.nothing"), severity="warning")
            return None
        answer = await self.app.push_screen_wait(ListDialog(title, lines))
        return answer if isinstance(answer, int) else None

    @work
    async def action_story_add(self, key: str) -> None:
        """A new thread or person: its name asked."""
        from meneur.core.story import StoryItem, add_item

        word = WORD[key]
        name = await self._ask_text(self.t(f"story.add_{word}"), self.t("story.name"))
        if name is None:
            return
        try:
            items = add_item(self._items(key), StoryItem(name))
        except RulesError as error:
            self.notify(self.t("app.error", message=self.explain(error)), severity="error")
            return
        self._set_list(key, items, self.t(f"story.added_{word}", name=name))

    @work
    async def action_story_close(self) -> None:
        """Close an open thread or person (chosen from a list)."""
        from meneur.core.story import change_item

        choices = [
            (key, item.name)
            for key in ("threads", "people")
            for item in self._items(key)
            if not item.closed
        ]
        lines = [f"{self.t(f'story.{key}')} — {name}" for key, name in choices]
        picked = await self._choose(self.t("story.close"), lines)
        if picked is None:
            return
        key, name = choices[picked]
        items = change_item(self._items(key), name, closed=True)
        self._set_list(key, items, self.t(f"story.closed_{WORD[key]}", name=name))

    @work
    async def action_story_edit(self) -> None:
        """Change a thread or person: rename it, write its notes, set its weight (1–3),
        close or reopen it — one journal entry."""
        from meneur.core.story import change_item

        choices = [(key, item) for key in ("threads", "people") for item in self._items(key)]
        lines = [
            f"{self.t(f'story.{key}')} — {item.name}" + (" ✓" if item.closed else "")
            for key, item in choices
        ]
        picked = await self._choose(self.t("story.edit"), lines)
        if picked is None:
            return
        key, item = choices[picked]
        actions = ["rename", "notes", "weight", "reopen" if item.closed else "close"]
        what = await self._choose(item.name, [self.t(f"story.edit_{a}") for a in actions])
        if what is None:
            return
        action = actions[what]
        changes: dict[str, Any]
        if action == "rename":
            name = await self._ask_text(
                self.t("story.edit_rename"), self.t("story.name"), item.name
            )
            if name is None:
                return
            changes = {"name": name}
        elif action == "notes":
            notes = await self._ask_text(item.name, self.t("story.edit_notes"), item.notes)
            if notes is None:
                return
            changes = {"notes": notes}
        elif action == "weight":
            weight = await self._choose(
                self.t("story.edit_weight"), [self.t("story.weight", n=n) for n in (1, 2, 3)]
            )
            if weight is None:
                return
            changes = {"weight": weight + 1}
        else:
            changes = {"closed": action == "close"}
        try:
            items = change_item(self._items(key), item.name, **changes)
        except RulesError as error:
            self.notify(self.t("app.error", message=self.explain(error)), severity="error")
            return
        changed = items[[i.name for i in items].index(changes.get("name", item.name))]
        text = self.t("story.edited", name=changed.name, what=self.t(f"story.edit_{action}"))
        self._set_list(key, items, text)

    def action_story_random(self, key: str) -> None:
        """A random open thread or person, as often as its weight: journaled, said."""
        from meneur.content import term
        from meneur.core import tables
        from meneur.core.story import pick_table

        title = (
            term(f"story.random.{key}").fr
            if self.session.strings.lang == "fr"
            else (term(f"story.random.{key}").en)
        )
        try:
            table = pick_table(self._items(key), f"random_{key}", title)
        except RulesError as error:
            self.notify(self.explain(error), severity="warning")
            return
        record = self.session.roll(tables.TableQuery.of(table, (table,)))
        self._written(lambda: self.session.record(record, title))
        self.notify(str(record.text), title=title, timeout=10)

    def _progressing(self) -> list[tuple[str, str, str]]:
        """What may move forward: open threads, clocks, tracks (kind, key, shown)."""
        found = [
            ("thread", item.name, f"{self.t('story.threads')} — {item.name} {item.progress}/10")
            for item in self._items("threads")
            if not item.closed
        ]
        from meneur.core.story import tracker_shown

        for ident, tracker in self.session.campaign.state["trackers"].items():
            if tracker.get("kind") in ("clock", "track"):
                shown = f"{tracker.get('name', ident)}  {tracker_shown(tracker)}"
                found.append((str(tracker["kind"]), ident, shown))
        return found

    @work
    async def action_story_progress(self) -> None:
        """One step forward: a thread's box, a clock's segment, a track's mark."""
        from meneur.core.story import change_item, moved, tracker_state

        choices = self._progressing()
        picked = await self._choose(self.t("story.progress"), [line for *_, line in choices])
        if picked is None:
            return
        kind, key, _ = choices[picked]
        campaign = self.session.campaign
        if kind == "thread":
            item = next(i for i in self._items("threads") if i.name == key)
            boxes = min(item.progress + 1, 10)
            items = change_item(self._items("threads"), key, progress=boxes)
            self._set_list(
                "threads", items, self.t("story.progressed", name=key, shown=f"{boxes}/10")
            )
            return
        tracker = campaign.state["trackers"][key]
        before = tracker_state(tracker)
        after = moved(before, 1)
        value = after.value
        text = self._tracker_text(tracker, value, before.complete, after.complete)
        self._written(lambda: campaign.set(("trackers", key, "value"), value, text))

    def _tracker_text(self, tracker: dict[str, Any], value: int, was: bool, now: bool) -> str:
        from meneur.core.story import tracker_shown

        shown = tracker_shown({**tracker, "value": value})
        text = self.t("story.progressed", name=tracker.get("name", ""), shown=shown)
        return text + (self.t("story.complete") if now and not was else "")

    @work
    async def action_story_new_tracker(self, kind: str) -> None:
        """A new clock (its segments chosen) or progress track (its rank chosen)."""
        from meneur.core.story import CLOCK_SEGMENTS, RANKS, TICKS_PER_BOX, TRACK_BOXES
        from meneur.core.words import new_ident

        name = await self._ask_text(self.t(f"story.new_{kind}"), self.t("story.name"))
        if name is None:
            return
        if kind == "clock":
            lines = [self.t("story.segments", n=n) for n in CLOCK_SEGMENTS]
            picked = await self._choose(self.t("story.new_clock"), lines)
            if picked is None:
                return
            data: dict[str, Any] = {
                "name": name, "kind": "clock", "value": 0, "max": CLOCK_SEGMENTS[picked],
            }  # fmt: skip
        else:
            ranks = list(RANKS)
            picked = await self._choose(
                self.t("story.new_track"), [self.t(f"story.rank.{rank}") for rank in ranks]
            )
            if picked is None:
                return
            data = {
                "name": name, "kind": "track", "rank": ranks[picked], "value": 0,
                "max": TRACK_BOXES * TICKS_PER_BOX,
            }  # fmt: skip
        if self.session.presence is not None and self.session.seat.role == "gm":
            # At a shared table the GM may keep it to themself (no player receives it).
            hidden = await self._choose(
                self.t(f"story.new_{kind}"), [self.t("story.for_all"), self.t("story.gm_only")]
            )
            if hidden is None:
                return
            if hidden == 1:
                data["gm"] = True
        ident = new_ident(name, self.session.campaign.state["trackers"], kind)
        text = self.t(f"story.added_{kind}", name=name)
        self._written(lambda: self.session.campaign.set(("trackers", ident), data, text))

    @work
    async def action_story_ask_clock(self) -> None:
        """Ask the yes/no oracle whether a clock advances, at chosen odds: a "yes, but"
        fills a segment, a "yes, and" two; the answer and the clock's change one entry."""
        from meneur.content import term
        from meneur.core import oracles
        from meneur.core.story import Clock
        from meneur.saves.changes import Change

        clocks = [
            (ident, tracker)
            for ident, tracker in self.session.campaign.state["trackers"].items()
            if tracker.get("kind") == "clock"
        ]
        picked = await self._choose(
            self.t("story.ask_clock"), [str(t.get("name", i)) for i, t in clocks]
        )
        if picked is None:
            return
        likelihood = await self._choose(
            self.t("oracle.likelihood"),
            [term(f"yesno.likelihood.{n}").glossed for n in oracles.LIKELIHOODS],
        )
        if likelihood is None:
            return
        ident, tracker = clocks[picked]
        name = str(tracker.get("name", ident))
        question = oracles.YesNoQuestion(likelihood + 1, self.t("story.advances", name=name))
        record = self.session.roll(question)
        before = Clock(int(tracker["max"]), int(tracker["value"]))
        after = before.after_answer(record.outcome or "")
        path = ("trackers", ident, "value")
        changes = [Change(path, before.filled, after.filled)] if after != before else []
        text = self._tracker_text(tracker, after.filled, before.complete, after.complete)
        said = f"{question.question} — {text}"  # the journal adds the answer
        self._written(lambda: self.session.record(record, said, changes=changes))
