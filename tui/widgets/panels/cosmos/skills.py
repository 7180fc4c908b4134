"""The Great Cosmos panel's skill sheets: the progressive tree (skills and upgrades bought
with PC, through meneur.play.cosmos.skill_tree) and the fixed model's group sheet."""

from __future__ import annotations

from typing import Any

from rich.text import Text
from textual import on
from textual.widgets import Button, Static

from meneur.core.errors import RulesError
from meneur.tui.widgets.choice import Choice
from meneur.tui.widgets.tick import Tick

from .extensions import CosmosExtensions


class CosmosSkills(CosmosExtensions):
    """The skill sheets: the progressive tree and the group sheet."""

    # --- The progressive skill sheet (fiche compétences, modèle progressif) --------------

    def _tree(self) -> Any:
        from meneur.content import ContentError
        from meneur.content.cosmos import skill_tree_for

        try:
            return skill_tree_for(self.session.campaign.directory)
        except ContentError as error:
            self.notify(self.explain(error), severity="error")
            return None

    def _owned(self, tree: Any) -> tuple[str, ...]:
        """The keys of the tree's skills the sheet owns (it keeps their names)."""
        from meneur.play.cosmos.skill_tree import owned_keys

        return owned_keys(tree.skills, self.sheet)

    def _show_tree(self) -> None:
        if not self.query("#tree-points"):
            return
        from meneur.play.cosmos.skill_tree import bought_upgrades

        tree = self._tree()
        if tree is None:
            return
        owned = self._owned(tree)
        points = self._points(self.character, "skill_points")
        names = ", ".join(tree.skills[k].name for k in owned) or "—"
        self.query_one("#tree-points", Static).update(
            self.t("tree.points", points=points, owned=names)
        )
        choice = self.query_one("#tree-skill", Choice)
        choice.set_options(
            [
                (self.t("tree.option", name=skill.name, cost=skill.cost), key)
                for key, skill in tree.skills.items()
                if key not in owned
            ]
        )
        bought = bought_upgrades(tree.skills, self.sheet)
        self.query_one("#tree-upgrade", Choice).set_options(
            [
                (
                    self.t(
                        "tree.upgrade_option",
                        skill=tree.skills[key].name,
                        name=u.name,
                        cost=u.cost,
                    ),
                    (key, u.name),
                )
                for key in owned
                for u in tree.skills[key].upgrades
                if u.name not in bought.get(key, ())
            ]
        )
        self._show_tree_skill()

    @on(Choice.Changed, "#tree-skill")
    def _tree_skill_changed(self, event: Choice.Changed) -> None:
        event.stop()
        self._show_tree_skill()

    def _show_tree_skill(self) -> None:
        """The chosen skill's categories (type, elements, alignment, effects, power) and
        upgrades, and what it does."""
        from meneur.play.cosmos.skill_tree import skill_words

        tree = self._tree()
        key = self.query_one("#tree-skill", Choice).value
        about = self.query_one("#tree-about", Static)
        if tree is None or key not in tree.skills:
            about.update("")
            return
        words = skill_words(tree.skills[key], self.session.strings.lang)
        text = tree.shown.get(key, ("", ""))[1]
        about.update(Text(f"{words}\n{text}" if text else words))

    def _show_group(self) -> None:
        """The fixed model: the sheet of the acting character's group, with their own
        Final Skill when they have one."""
        from meneur.core.cosmos.skills import find_group, member_sheet

        if not self.query("#group-sheet"):
            return
        shown = self.query_one("#group-sheet", Static)
        tree = self._tree()
        called = self.sheet.get("skill_group", "")
        try:
            group = find_group(tree.groups, called) if tree and isinstance(called, str) else None
        except RulesError:
            group = None  # the campaign's check refuses such a sheet already
        if group is None:
            names = ", ".join(g.name for g in tree.groups.values()) if tree else ""
            shown.update(self.t("group.none", groups=names or "—"))
            return
        own = self.sheet.get("final_skill", "")
        sheet = member_sheet(group, own if isinstance(own, str) else "")
        shown.update(
            self.t(
                "group.sheet",
                name=sheet.name,
                active=", ".join(sheet.active) or "—",
                passive=", ".join(sheet.passive) or "—",
                final=sheet.final_skill or "—",
            )
        )

    @on(Button.Pressed, "#tree-unlock")
    def unlock_skill(self) -> None:
        """Buy the chosen skill with skill points (meneur.play.cosmos.skill_tree: parents first,
        its cost, a blessing for a divine one and no contrary alignment), one journal
        entry made of the sheet under the lock."""
        from meneur.play.cosmos.skill_tree import unlock_skill

        tree = self._tree()
        key = self.query_one("#tree-skill", Choice).value
        if tree is None or key is None or self.character is None:
            return
        blessed = self.query_one("#tree-blessed", Tick).value
        plan = unlock_skill(self.character, tree.skills, key, blessed=blessed)
        self.post_message(self.SheetChanged((), plan, self.character))

    @on(Button.Pressed, "#tree-upgrade-buy")
    def buy_upgrade(self) -> None:
        """Buy the chosen upgrade of an owned skill with skill points, one journal entry."""
        from meneur.play.cosmos.skill_tree import buy_upgrade

        tree = self._tree()
        chosen = self.query_one("#tree-upgrade", Choice).value
        if tree is None or chosen is None or self.character is None:
            return
        key, name = chosen
        plan = buy_upgrade(self.character, tree.skills, key, name)
        self.post_message(self.SheetChanged((), plan, self.character))
