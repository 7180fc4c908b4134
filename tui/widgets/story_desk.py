"""The story's commands on the table (solo play, from the palette): threads and people
added, closed, picked at random; clocks and progress tracks made and filled, a clock by
the yes/no oracle. Each change is one journal entry that undo takes back.

A widget of the table screen that shows nothing: it asks its questions in dialogs, writes
through ``meneur.play.act`` and says what it wrote with :class:`StoryDesk.Written`, which
the table shows."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from textual import work

from meneur.core.errors import RulesError
from meneur.play.errors import CampaignError
from meneur.play.tested import language_of

from .desk import Desk

if TYPE_CHECKING:
    from collections.abc import Callable

    from meneur.core.story import StoryItem
    from meneur.play.campaigns import Plan, Worded
    from meneur.play.journal import Entry

WORD = {"threads": "thread", "people": "person"}


class StoryDesk(Desk):
    """The story's commands (``action_story_*``, from the palette)."""

    def _items(self, key: str) -> tuple[StoryItem, ...]:
        from meneur.play.story import items_of

        return items_of(self.session.campaign.state, key)

    def _written(self, write: Any) -> None:
        """Run ``write()`` (a campaign write giving its entry) and show the entry, or say
        why it was refused."""
        try:
            entry = write()
        except (CampaignError, RulesError) as error:
            self.notify(self.t("app.error", message=self.explain(error)), severity="error")
            return
        self.post_message(self.Written([entry]))

    def _planned(self, plan: Plan) -> None:
        """Write the change ``plan`` makes of the campaign as it is under the lock (so a
        change made meanwhile by another seat is kept), and show it."""
        from meneur.play import act

        self._written(lambda: act.change(self.session.campaign, self.session.seat, plan))

    async def _ask_text(
        self, title: str, prompt: str, value: str = "", *, named: str | None = None
    ) -> str | None:
        """A line of text asked in a dialog, stripped (None when left empty or
        cancelled); the name of a ``named`` (``thread``, ``clock``…) is held there to
        the rule of names, the dialog saying its refusal and staying open."""
        from meneur.tui.screens.dialogs import TextDialog

        answer = await self.app.push_screen_wait(
            TextDialog(
                title, prompt, value, check=None if named is None else self._name_check(named)
            )
        )
        return answer.strip() if isinstance(answer, str) and answer.strip() else None

    def _name_check(self, named: str) -> Callable[[str], str | None]:
        """A dialog's check of a name of ``named``: the rule's refusal in the reader's
        language, or None."""
        from meneur.core.names import check_name

        def check(text: str) -> str | None:
            try:
                check_name(text.strip(), named)
            except RulesError as error:
                return self.explain(error)
            return None

        return check

    async def _choose(self, title: str, lines: list[str]) -> int | None:
        from meneur.tui.screens.dialogs import ListDialog

        if not lines:
            self.notify(self.t("story.nothing"), severity="warning")
            return None
        answer = await self.app.push_screen_wait(ListDialog(title, lines))
        return answer if isinstance(answer, int) else None

    @work
    async def action_story_add(self, key: str) -> None:
        """A new thread or person: its name asked."""
        from meneur.play.story import add_item, item_words, new_item

        word = WORD[key]
        name = await self._ask_text(self.t(f"story.add_{word}"), self.t("story.name"), named=word)
        if name is None:
            return
        try:
            item = new_item(key, name)
        except RulesError as error:
            self.notify(self.t("app.error", message=self.explain(error)), severity="error")
            return
        self._planned(add_item(key, item, item_words("added", key, name)))

    @work
    async def action_story_close(self) -> None:
        """Close an open thread or person (chosen from a list)."""
        from meneur.play.story import change_item, item_words

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
        self._planned(
            change_item(key, name, lambda i: item_words("closed", key, i.name), closed=True)
        )

    @work
    async def action_story_edit(self) -> None:
        """Change a thread or person: rename it, write its notes, set its weight (1–3),
        close or reopen it — one journal entry."""
        from meneur.play import act
        from meneur.play.story import change_item, item_words

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
                self.t("story.edit_rename"), self.t("story.name"), item.name, named=WORD[key]
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

        def said(changed: StoryItem) -> Worded:
            # Worded as meneur's own, as meneur thread words it: each reader reads theirs.
            if action == "rename":
                return item_words("renamed", key, changed.name, old=item.name)
            if action == "notes":
                return item_words("noted", key, changed.name, notes=changed.notes)
            if action == "weight":
                return item_words("weighted", key, changed.name, weight=changed.weight)
            return item_words("closed" if action == "close" else "reopened", key, changed.name)

        self._written(
            lambda: act.change(
                self.session.campaign,
                self.session.seat,
                change_item(key, item.name, said, **changes),
            )
        )

    def action_story_random(self, key: str) -> None:
        """A random open thread or person, as often as its weight: journaled, said."""
        from meneur.core import tables
        from meneur.core.story import pick_table

        title = self.term(f"story.random.{key}")
        try:
            table = pick_table(self._items(key), f"random_{key}", title)
        except RulesError as error:
            self.notify(self.explain(error), severity="warning")
            return
        record = self.session.roll(tables.TableQuery.of(table, (table,)))
        # No words of its own: each reader's journal names the list in their language.
        self._written(lambda: self.session.record(record, ""))
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
        from meneur.play.story import change_item, move_tracker

        choices = self._progressing()
        picked = await self._choose(self.t("story.progress"), [line for *_, line in choices])
        if picked is None:
            return
        kind, key, _ = choices[picked]
        if kind == "thread":
            # One box on from where the thread is when written (another seat may have
            # moved it meanwhile).
            def said(item: StoryItem) -> Worded:
                from meneur.play.campaigns import Worded

                return Worded(
                    "story.progressed", {"name": item.name, "shown": f"{item.progress}/10"}
                )

            self._planned(change_item("threads", key, said, progress=None))
            return
        self._planned(move_tracker(key, steps=1))

    def _rollable(self) -> list[tuple[str, int, str, str]]:
        """What a progress roll may be made on: open threads and tracks, with the
        exact odds each would have (name, filled boxes, the track's key, shown)."""
        from meneur.content.outcomes import percent_text, symbol
        from meneur.core.solo import ProgressTest, progress_odds
        from meneur.core.story import TICKS_PER_BOX

        found: list[tuple[str, int, str, str]] = [
            (item.name, item.progress, "", f"{self.t('story.threads')} — {item.name}")
            for item in self._items("threads")
            if not item.closed
        ]
        for ident, tracker in self.session.campaign.state["trackers"].items():
            if tracker.get("kind") == "track":
                name = str(tracker.get("name", ident))
                boxes = int(tracker.get("value", 0)) // TICKS_PER_BOX
                found.append((name, boxes, ident, name))
        shown = []
        for name, boxes, ident, line in found:
            odds = progress_odds(ProgressTest(boxes, name)).outcomes
            chances = " · ".join(
                f"{symbol(k)} {percent_text(p, language_of(self.t))}" for k, p in odds.items()
            )
            shown.append((name, boxes, ident, f"{line}  {boxes}/10 — {chances}"))
        return shown

    @work
    async def action_story_progress_roll(self) -> None:
        """A progress roll: a thread's or a track's filled boxes against two d10, its
        odds shown in the list it is chosen from; journaled (a GM's track, for the GM)."""
        from meneur.core.solo import ProgressTest

        choices = self._rollable()
        title = self.t("story.progress_roll")
        picked = await self._choose(title, [line for *_, line in choices])
        if picked is None:
            return
        name, boxes, ident, _ = choices[picked]
        trackers = self.session.campaign.state["trackers"]
        gm = bool(ident) and bool(trackers.get(ident, {}).get("gm"))
        # A GM's track is rolled off the public draws, and its entry is the GM's (the
        # campaign decides that from the track the roll names).
        record = self.session.roll(ProgressTest(boxes, name, ident), public=not gm)
        text = self.t("story.progress_rolled", name=name, boxes=boxes)
        # No words of its own: each reader's journal words it in their language.
        self._written(lambda: self.session.record(record, ""))
        from meneur.play.reading import outcome_words

        said = outcome_words(record.system, record.outcome or "", self.session.strings.lang)
        self.notify(said, title=text, timeout=10)

    @work
    async def action_story_new_tracker(self, kind: str) -> None:
        """A new clock (its segments chosen) or progress track (its rank chosen)."""
        from meneur.core.story import CLOCK_SEGMENTS, RANKS
        from meneur.play import act
        from meneur.play.story import new_clock, new_track

        name = await self._ask_text(self.t(f"story.new_{kind}"), self.t("story.name"), named=kind)
        if name is None:
            return
        if kind == "clock":
            lines = [self.t("story.segments", n=n) for n in CLOCK_SEGMENTS]
            picked = await self._choose(self.t("story.new_clock"), lines)
        else:
            ranks = list(RANKS)
            picked = await self._choose(
                self.t("story.new_track"), [self.t(f"story.rank.{rank}") for rank in ranks]
            )
        if picked is None:
            return
        gm = False
        if self.session.presence is not None and self.session.seat.role == "gm":
            # At a shared table the GM may keep it to themself (no player receives it).
            hidden = await self._choose(
                self.t(f"story.new_{kind}"), [self.t("story.for_all"), self.t("story.gm_only")]
            )
            if hidden is None:
                return
            gm = hidden == 1

        # Its key is chosen under the lock, among the trackers there are then.
        def made() -> Entry:
            if kind == "clock":
                plan = new_clock(name, CLOCK_SEGMENTS[picked], gm=gm, fallback=kind)
            else:
                plan = new_track(name, ranks[picked], gm=gm, fallback=kind)
            return act.change(self.session.campaign, self.session.seat, plan)

        self._written(made)

    @work
    async def action_story_ask_clock(self) -> None:
        """Ask the yes/no oracle whether a clock advances, at chosen odds: a "yes, but"
        fills a segment, a "yes, and" two; the answer and the clock's change one entry."""
        from meneur.core import oracles

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
            [self.term(f"yesno.likelihood.{n}") for n in oracles.LIKELIHOODS],
        )
        if likelihood is None:
            return
        ident, _ = clocks[picked]
        self._written(lambda: self.session.ask_clock(ident, likelihood + 1))
