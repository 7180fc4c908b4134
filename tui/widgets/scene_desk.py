"""The game's time on the table: sessions and scenes begun (with solo play, the scene
test after a new scene and the tension after its end), the Chronoste's clock advanced,
and "previously on…" when a session opens.

A widget of the table screen that shows nothing: it asks in dialogs, writes through
``meneur.play.act`` and says what it wrote with :class:`Desk.Written`, which the table
shows (its title follows the in-game time)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from textual import work

from meneur.core.errors import RulesError
from meneur.core.names import check_name
from meneur.core.text import visible
from meneur.play.campaigns import Worded
from meneur.play.errors import CampaignError

from .desk import Desk

if TYPE_CHECKING:
    from meneur.play.journal import Entry


class SceneDesk(Desk):
    """Sessions, scenes, the solo toolkit's scene test and the Chronoste's time."""

    def _wrote(self, entries: list[Entry]) -> None:
        self.post_message(self.Written(entries))

    def _refused(self, error: Exception) -> None:
        self.notify(self.t("app.error", message=self.explain(error)), severity="error")

    @work
    async def action_new_session(self) -> None:
        """Start a play session: its title asked, one journal entry, then "previously
        on…"."""
        if await self._mark("session"):
            self.previously()

    @work
    async def action_new_scene(self) -> None:
        """Start a scene; with solo play, its scene test follows at the campaign's tension
        (one roll entry after the scene's)."""
        await self._mark("scene")

    async def _mark(self, kind: str) -> bool:
        from meneur.play import act
        from meneur.tui.screens.dialogs import TextDialog

        def check(text: str) -> str | None:
            # The rule of names, said in the dialog, which stays open to mend the title.
            try:
                check_name(text.strip(), kind)
            except RulesError as error:
                return self.explain(error)
            return None

        title = await self.app.push_screen_wait(
            TextDialog(self.t(f"solo.{kind}_title"), self.t(f"solo.{kind}_prompt"), check=check)
        )
        if not title or not title.strip():
            return False
        campaign = self.session.campaign
        try:
            entries = [act.mark(campaign, self.session.seat, kind, title.strip())]
            if kind == "scene" and campaign.state["options"].get("solo"):
                from meneur.content import term
                from meneur.core.solo import SceneTest
                from meneur.play.story import tension_of

                record = self.session.roll(SceneTest(tension_of(campaign.state), title.strip()))
                outcome = term(f"scene.outcome.{record.outcome}").fr
                # Worded when read, in each reader's language (as the command line's).
                entries.append(self.session.record(record, ""))
                self.notify(outcome, title=term("system.scene").fr, timeout=8)
        except (CampaignError, RulesError) as error:
            self._refused(error)
            return False
        self._wrote(entries)
        return True

    @work
    async def action_end_scene(self) -> None:
        """Solo play: the scene ends; did it go the characters' way? The tension goes
        down one if so, up one if not (one journal entry)."""
        from meneur.core.solo import tension_after_scene
        from meneur.play import act
        from meneur.play.story import move_tension
        from meneur.tui.screens.dialogs import ListDialog

        answer = await self.app.push_screen_wait(
            ListDialog(self.t("solo.end_title"), [self.t("solo.end_yes"), self.t("solo.end_no")])
        )
        if answer is None:
            return
        their_way = answer == 0
        said = "solo.end_entry_yes" if their_way else "solo.end_entry_no"
        # From the tension as it is when written: another seat may have moved it.
        plan = move_tension(
            lambda before: tension_after_scene(before, their_way),
            lambda before, after: Worded(said, {"before": before, "after": after}),
        )
        try:
            entry = act.change(self.session.campaign, self.session.seat, plan)
        except (CampaignError, RulesError) as error:
            self._refused(error)
            return
        self._wrote([entry])

    @work
    async def action_time(self) -> None:
        """The Chronoste: advance the in-game time (+30m, +2h, +3j, matin, nuit), one
        journal entry; the title shows the new time."""
        from meneur.play import act
        from meneur.play.chronoste import advance_time, game_now
        from meneur.tui.screens.dialogs import TextDialog

        if game_now(self.session.campaign.state) is None:
            self.notify(self.t("time.off"), severity="warning")
            return
        step = await self.app.push_screen_wait(
            TextDialog(self.t("time.title"), self.t("time.prompt"), hint=self.t("time.hint"))
        )
        if not step or not step.strip():
            return
        try:
            plan = advance_time(step.strip())
            entry = act.change(self.session.campaign, self.session.seat, plan)
        except (CampaignError, RulesError) as error:
            self._refused(error)
            return
        self._wrote([entry])

    def previously(self) -> None:
        """A session opens: "previously on…", the last one in a few lines, as this seat
        may know it (a player's holds none of the GM's secrets)."""
        from meneur.play.recap import recap, sessions

        try:
            found = sessions(self.session.campaign)
        except CampaignError:
            return
        if len(found) < 2:
            return  # the first session: nothing before it
        lines = recap(self.session.campaign, self.session.seat.viewer, self.t, found[-2])
        self.notify("\n".join(visible(line) for line in lines[1:]) or "…", title=lines[0],
                    timeout=30)  # fmt: skip
