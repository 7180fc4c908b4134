"""The Great Cosmos creation wizard (docs/rules/cosmos.md#creation): identity, the 10d100 for PV and
PM, the 6d100 for the stats, moved points, talents (or DNA points in the gene tree), money
and the summary — back and next at every step.

The dice are rolled once, on a seed from the session, when the identity step is left
for the first time; going back (to change race or class, say) keeps them. Creating the
character journals the creation roll, replayed on that seed with the PV/PM split the
player chose, together with the new character: one entry, one undo.

Why it is ~870 lines: it is seven steps of one screen (identity, PV/PM, stats, moved
points, talents or DNA, money, summary), each a compose, a fill and a check of a few
dozen lines, sharing the draft they edit; the widgets the steps are made of live in
:mod:`.creation_parts` and the gene tree in :mod:`.gene_tree`.
"""

from __future__ import annotations

import dataclasses
from typing import TYPE_CHECKING, Any

from textual import on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.content import Content
from textual.screen import Screen
from textual.widgets import (
    Button,
    Checkbox,
    ContentSwitcher,
    Input,
    Label,
    OptionList,
    Static,
)
from textual.widgets.option_list import Option

from meneur.content import Term, term
from meneur.core.cosmos.creation import (
    CONVERSION_TOTAL,
    OLD_STATS,
    PV_PM_TOTAL,
    STAT_MIN,
    STAT_TOTAL,
    STATS,
    ConversionOptions,
    CreationOptions,
    convert_sheet,
    roll_conversion,
    roll_creation,
)
from meneur.core.cosmos.draft import Draft, Problem
from meneur.core.cosmos.genes import Genome
from meneur.core.cosmos.levels import stat_cap
from meneur.core.dice import typed_faces
from meneur.core.errors import RulesError
from meneur.core.records import roll_seeded
from meneur.play import act
from meneur.play.campaigns import Worded
from meneur.play.characters import new_character, sheet_change
from meneur.play.cosmos import options_of
from meneur.play.errors import CampaignError
from meneur.play.session import SessionStrings
from meneur.tui.i18n import translate_bindings
from meneur.tui.screens import SCREENS_CSS
from meneur.tui.widgets.footer import KeyFooter
from meneur.tui.widgets.line_input import TextField
from meneur.tui.widgets.panels.cosmos.creation_parts import DiceSplit, DraftChanged, StatRows
from meneur.tui.widgets.panels.cosmos.gene_tree import GeneTreeView, gene_description, refusal_text
from meneur.tui.widgets.tick import Tick
from meneur.tui.widgets.ticklist import TickList
from meneur.tui.widgets.title_bar import TitleBar

if TYPE_CHECKING:
    from meneur.core.cosmos.catalogue import Affiliation, Catalogue, Origin
    from meneur.core.cosmos.genes import GeneTree
    from meneur.play.session import Session

STEPS = ("identity", "pv_pm", "stats", "moves", "talents", "finish")
"""The wizard's steps, in order."""
CONVERSION_STEPS = ("stats", "moves")
"""A conversion's steps: its two dice placed, then up to 20 points moved."""


def stats_line(stats: dict[str, int]) -> str:
    """``Force 55, Esprit 40, …`` in the sheet's order."""
    return ", ".join(f"{term(f'cosmos.stat.{s}').fr} {stats[s]}" for s in STATS)


class CreationScreen(SessionStrings, Screen[str | None]):
    """Creates a Great Cosmos character, or converts one from before v4; dismissed with
    its id, or None if abandoned.

    A conversion (docs/rules/cosmos.md#creation) works on a character already in the campaign: its
    two dice go to Précision and Chance, up to 20 points move within its cap, and nothing else
    on its sheet changes. A character from before v4 not yet in the campaign is first
    saved as typed (identity, level, four stats, PV and PM), then converted.
    """

    CSS_PATH = SCREENS_CSS  # read when the screen first opens (see the file)

    BINDINGS = [
        Binding("ctrl+n", "next", "Next", id="wizard_next"),
        Binding("ctrl+b", "back", "Back", id="wizard_back"),
        Binding("escape", "back", "Back", show=False),
    ]

    def __init__(
        self,
        session: Session,
        catalogue: Catalogue,
        tree: GeneTree,
        convert: str | None = None,
    ) -> None:
        """Args:
        convert: a character from before v4 to convert, instead of creating one.
        """
        super().__init__()
        self.session = session
        self.gene_tree = tree
        options = options_of(session.options)
        self.dna_rule = bool(options.get("dna"))
        self.progressive = options.get("skill_sheet") == "progressive"
        self.draft = Draft(catalogue, dna_rule=self.dna_rule)
        self.step = "identity"
        self.creation_seed: int | None = None
        self.kept_dna = 0
        """DNA points the player was told are unspent (Next again keeps them)."""
        self.conversion_seed: int | None = None
        self.converting: str | None = None
        """The character being converted (once there is one)."""
        if convert is not None:
            self._start_conversion(convert)

    # --- Layout ------------------------------------------------------------------------

    def compose(self) -> ComposeResult:
        t = self.t
        catalogue = self.draft.catalogue
        yield TitleBar()
        yield Static(id="steps")
        with VerticalScroll(id="wizard-body"), ContentSwitcher(initial="identity", id="wizard"):
            with Vertical(id="identity", classes="step"):
                yield TextField(placeholder=t("creation.name"), id="name")
                yield TextField(placeholder=t("creation.player"), id="player")
                with Horizontal(classes="origins"):
                    with Vertical():
                        yield Label(t("creation.race"), classes="field-label")
                        yield OptionList(
                            *[
                                Option(_named(o, self.session.strings.lang), id=k)
                                for k, o in catalogue.races.items()
                            ],
                            id="race",
                        )
                    with Vertical():
                        yield Label(t("creation.class"), classes="field-label")
                        yield OptionList(
                            *[
                                Option(_named(o, self.session.strings.lang), id=k)
                                for k, o in catalogue.classes.items()
                            ],
                            id="class",
                        )
                yield Static(id="origin-info")
                # A Tick says off as blank and on as ✔, not by a colour alone
                # (play-tested: Checkbox's "▐X▌" read the same off as on without colour).
                yield Tick(t("creation.conversion"), id="convert")
                with Vertical(id="old", classes="hidden"):
                    yield TextField(placeholder=t("creation.old_stats"), id="old-stats")
                    yield TextField(placeholder=t("creation.old_pv_pm"), id="old-pv-pm")
                    yield TextField(placeholder=t("creation.old_level"), id="old-level")
            with Vertical(id="pv_pm", classes="step"):
                yield Static(id="pv-pm-attempts")
                yield DiceSplit(self.draft, id="split")
                yield Static(id="pv-pm-totals", classes="totals")
                yield Static(t("creation.pv_pm_help"), classes="help")
            with Vertical(id="stats", classes="step"):
                yield Static(id="stat-attempts")
                yield StatRows(self.draft, "assign", id="assign")
                yield Button(t("creation.suggest"), id="suggest", compact=True)
                yield Static(t("creation.stats_help"), classes="help")
            with Vertical(id="moves", classes="step"):
                yield StatRows(self.draft, "move", id="move")
                yield Static(id="moved", classes="totals")
                yield Static(t("creation.moves_help"), classes="help")
                yield Button(t("creation.change_origin"), id="change-origin", compact=True)
            with Vertical(id="talents", classes="step"):
                if self.dna_rule:
                    yield Static(id="dna-points", classes="totals")
                    # The tree scrolls on its own, so that what the highlighted gene does
                    # stays in sight under it on a small terminal.
                    with VerticalScroll(id="genes-scroll"):
                        yield GeneTreeView(
                            self.gene_tree, Genome(left=0), creation=True, id="genes"
                        )
                    yield Static(id="gene-info")
                    yield Static(t("creation.dna_help"), classes="help")
                else:
                    yield Static(t("creation.talents_help"), classes="help")
                    yield TickList[str](id="talent-list")
                    yield Static(id="talent-info", classes="totals")
                yield Label(t("creation.affiliation"), classes="field-label")
                yield OptionList(
                    Option(t("creation.no_affiliation"), id=""),
                    *[
                        Option(_named(a, self.session.strings.lang), id=k)
                        for k, a in catalogue.affiliations.items()
                    ],
                    id="affiliation",
                )
            with Vertical(id="finish", classes="step"):
                yield Label(id="money-label", classes="field-label")
                yield TextField(id="money", type="integer")
                yield Static(id="skill-points")
                yield Static(id="summary")
        yield Static(id="problem")
        with Horizontal(id="wizard-nav"):
            yield Button(t("creation.back"), id="back", compact=True)
            yield Button(t("creation.next"), id="next", variant="primary", compact=True)
        yield KeyFooter()

    def on_mount(self) -> None:

        for node in (self, *self.query("DiceSplit, StatRows, GeneTreeView")):
            translate_bindings(node, self.session.strings)
        # Placing the dice, ←/→ swap the stat's die with another's: they move no point.
        translate_bindings(
            self.query_one("#assign"),
            self.session.strings,
            {"move_down": "swap_down", "move_up": "swap_up"},
        )
        self.title = self.t("creation.title")
        self.sub_title = self.term("system.cosmos")
        self.query_one("#race", OptionList).highlighted = 0
        self.query_one("#class", OptionList).highlighted = 0
        self.query_one("#affiliation", OptionList).highlighted = 0
        self._show_step()
        if self.converting is None:
            self.query_one("#name", Input).focus()

    # --- Navigation --------------------------------------------------------------------

    @property
    def steps(self) -> tuple[str, ...]:
        """The steps of this creation, or of a conversion."""
        if self.converting is not None:
            return CONVERSION_STEPS
        if self.is_mounted and self._converting():
            return ("identity", *CONVERSION_STEPS)
        return STEPS

    def _converting(self) -> bool:
        return self.query_one("#convert", Checkbox).value

    def problem(self) -> Problem | None:
        """What stops the current step from being left forwards."""
        draft = self.draft
        if self.step == "identity":
            found = draft.identity_problem()
            if found is None and self._converting() and self._old_values() is None:
                return Problem("old")
            return found
        if self.step == "pv_pm":
            return draft.pv_pm_problem()
        if self.step == "stats":
            found = draft.stats_problem()
            # Moves come next: only what moves cannot fix stops this step.
            if found is not None and found.code in ("assignment_cannot", "limits_unreachable"):
                return found
            return None
        if self.step == "moves":
            return draft.stats_problem()
        if self.step == "talents":
            return draft.talents_problem()
        return dataclasses.replace(draft, money=self._money()).money_problem()

    def _catch_up(self) -> None:
        """Take the draft as the step's widget holds it now: a key pressed just before Next
        has changed the widget, but its message to this screen may still be on its way.
        (Next and Back are not priority keys for the same reason: a priority key would
        overtake the keys typed before it.)"""
        if self.step == "pv_pm":
            self.draft = self.query_one("#split", DiceSplit).draft
        elif self.step in ("stats", "moves"):
            self.draft = self.query_one(
                "#assign" if self.step == "stats" else "#move", StatRows
            ).draft
        elif self.step == "talents" and self.dna_rule:
            genome = self.query_one("#genes", GeneTreeView).genome
            self.draft = dataclasses.replace(self.draft, genome=genome)
        elif self.step == "identity":
            name = self.query_one("#name", Input).value
            self.draft = dataclasses.replace(self.draft, name=name)

    def action_next(self) -> None:
        self._catch_up()
        found = self.problem()
        if found is not None:
            self._say(found)
            return
        left = self.draft.genome.left if self.draft.genome is not None else 0
        if self.step == "talents" and left and self.kept_dna != left:
            # Unspent points may be kept, but say so once: innate genes close after this.
            self.kept_dna = left
            self._say(Problem("dna_left", {"left": left}))
            return
        if self.step == "identity" and self._converting():
            self._arrive_as_typed()
            return
        if self.step == "identity":
            self._roll()
        if self.step == "finish" or (self.converting is not None and self.step == "moves"):
            if self.converting is not None:
                self.convert()
            else:
                self.create()
            return
        steps = self.steps
        self.step = steps[steps.index(self.step) + 1]
        self._show_step()

    def action_back(self) -> None:
        steps = self.steps
        if self.step == steps[0]:
            if self.converting is not None:
                # The dice are rolled: leaving now and coming back would roll them again.
                self._say(Problem("dice_rolled"))
                return
            if self.draft.creation is not None and not self._abandoned():
                return
            self.dismiss(None)
            return
        self.step = steps[steps.index(self.step) - 1]
        self._show_step()

    @on(Button.Pressed, "#next")
    def _next_pressed(self) -> None:
        self.action_next()

    @on(Button.Pressed, "#back")
    def _back_pressed(self) -> None:
        self.action_back()

    @on(Button.Pressed, "#change-origin")
    def _change_origin(self) -> None:
        self.step = "identity"
        self._show_step()

    @on(Button.Pressed, "#suggest")
    def _suggest(self) -> None:
        self._set(self.draft.suggested())

    def _show_step(self) -> None:
        """Show the current step, its indicator, its widgets filled and its focus."""
        self.query_one("#wizard", ContentSwitcher).current = self.step
        self._show_indicator()
        last = self.step == "finish"
        next_button = self.query_one("#next", Button)
        next_button.label = self.t("creation.create" if last else "creation.next")
        next_button.refresh(layout=True)  # Button's label does not resize it by itself
        self._refresh_step()
        focus = {
            "identity": "#name",
            "pv_pm": "#split",
            "stats": "#assign",
            "moves": "#move",
            "talents": "#genes" if self.dna_rule else "#talent-list",
            "finish": "#money",
        }[self.step]
        self.query_one(focus).focus()

    def _show_indicator(self) -> None:
        """The steps of this creation, the current one marked."""
        parts: list[str | tuple[str, str]] = []
        for number, step in enumerate(self.steps, 1):
            name = self.t(
                "creation.steps.dna"
                if step == "talents" and self.dna_rule
                else f"creation.steps.{step}"
            )
            if parts:
                parts.append(("  ·  ", "dim"))
            if step == self.step:
                parts.append((f"▸{number} {name}◂", "bold reverse"))
            else:
                parts.append((f"{number} {name}", "dim"))
        self.query_one("#steps", Static).update(Content.assemble(" ", *parts))

    def _refresh_step(self) -> None:
        """Redraw what the current step shows of the draft, and its problem if any."""
        refresh = getattr(self, f"_fill_{self.step}")
        refresh()
        found = self.problem()
        self._say(found, quiet=self.step == "identity")

    def _say(self, found: Problem | None, quiet: bool = False) -> None:
        line = self.query_one("#problem", Static)
        if found is None or quiet:
            line.update("")
            return
        values = dict(found.values)
        if "stat" in values:
            values["stat"] = term(f"cosmos.stat.{values['stat']}").fr
        if "talent" in values:
            talent = self.draft.catalogue.talents.get(str(values["talent"]))
            values["talent"] = talent.name if talent else values["talent"]
        code = found.code
        if code == "assignment_cannot" and self.step == "stats":
            code = "assignment_here"  # the player is placing the dice right now
        line.update(Content.styled("⚠ " + self.t(f"creation.problem.{code}", **values), "$warning"))

    def _set(self, draft: Draft) -> None:
        """Take the new draft and redraw the step."""
        self.draft = draft
        self._refresh_step()

    @on(DraftChanged)
    def _changed(self, event: DraftChanged) -> None:
        event.stop()
        self._set(event.draft)

    # --- Step 1: identity ---------------------------------------------------------------

    def _fill_identity(self) -> None:
        catalogue = self.draft.catalogue
        race = catalogue.races.get(self.draft.race)
        klass = catalogue.classes.get(self.draft.klass)
        lines = []
        for origin in (race, klass):
            if origin is None:
                continue
            limits = [
                f"{term(f'cosmos.stat.{s}').fr} "
                + (f"≥ {origin.minimum[s]}" if s in origin.minimum else "")
                + (" " if s in origin.minimum and s in origin.maximum else "")
                + (f"≤ {origin.maximum[s]}" if s in origin.maximum else "")
                for s in STATS
                if s in origin.minimum or s in origin.maximum
            ]
            head = Content.assemble((origin.name, "bold"), f" — {origin.text}")
            lines.append(head)
            lines.append(
                Content(
                    "  "
                    + self.t(
                        "creation.limits", limits=", ".join(limits) or self.t("creation.no_limits")
                    )
                )
            )
            if origin.talents:
                lines.append(
                    Content(
                        "  " + self.t("creation.talents_of", talents=self._names(origin.talents))
                    )
                )
            if origin.natural:
                lines.append(
                    Content("  " + self.t("creation.natural", talents=self._names(origin.natural)))
                )
            if origin is race and (origin.mental_health != 100 or origin.aura):
                extra = [self.t("creation.mental_health", value=origin.mental_health)]
                if origin.aura:
                    extra.append(self.t("creation.aura"))
                lines.append(Content("  " + " · ".join(extra)))
        self.query_one("#origin-info", Static).update(Content("\n").join(lines))

    def _names(self, keys: tuple[str, ...]) -> str:
        talents = self.draft.catalogue.talents
        return ", ".join(talents[k].name for k in keys)

    @on(Input.Changed, "#name")
    def _name_typed(self, event: Input.Changed) -> None:
        self.draft = dataclasses.replace(self.draft, name=event.value)

    @on(OptionList.OptionHighlighted, "#race")
    def _race(self, event: OptionList.OptionHighlighted) -> None:
        self._origin(dataclasses.replace(self.draft, race=event.option.id or ""))

    @on(OptionList.OptionHighlighted, "#class")
    def _class(self, event: OptionList.OptionHighlighted) -> None:
        self._origin(dataclasses.replace(self.draft, klass=event.option.id or ""))

    def _origin(self, draft: Draft) -> None:
        # Bounds change: moves made for the former ones no longer mean anything.
        self.draft = dataclasses.replace(draft, moves={})
        if self.step == "identity":
            self._fill_identity()

    @on(Checkbox.Changed, "#convert")
    def _convert(self, event: Checkbox.Changed) -> None:
        self.query_one("#old").set_class(not event.value, "hidden")
        self._show_indicator()

    def _old_values(self) -> tuple[dict[str, int], tuple[int, int], int] | None:
        """A character from before v4 as typed: its four stats (within 20 and the cap of
        its level), PV and PM, and level; None unless all read well."""
        stats = _numbers(self.query_one("#old-stats", Input).value, 4)
        pools = _numbers(self.query_one("#old-pv-pm", Input).value, 2)
        level = _numbers(self.query_one("#old-level", Input).value or "1", 1)
        if stats is None or pools is None or level is None or not 1 <= level[0] <= 99:
            return None
        if not all(STAT_MIN <= v <= stat_cap(level[0]) for v in stats) or min(pools) < 0:
            return None
        return dict(zip(OLD_STATS, stats, strict=True)), (pools[0], pools[1]), level[0]

    def _roll(self) -> None:
        """Make the creation roll, once; going back never rerolls."""
        if self.creation_seed is None:
            self.creation_seed = self.session.rng.getrandbits(63)
            creation = roll_seeded(roll_creation, CreationOptions(), self.creation_seed)
            genome = Genome(left=creation.dna_points) if self.dna_rule else None
            self.draft = dataclasses.replace(
                self.draft, creation=creation, genome=genome, money=creation.money
            )
            self.query_one("#money", Input).value = str(creation.money)

    def _abandoned(self) -> bool:
        """Leaving after the dice were rolled: they go to the journal all the same
        (play-tested: leaving and starting again rolled new dice, and no one knew), so
        a new creation's dice follow a trace of the ones dropped. False when the journal
        refused them (the wizard stays, saying why)."""
        record = self.draft.creation
        assert record is not None
        name = self.draft.name.strip() or "…"
        try:
            self.session.record(record, self.w("creation.abandoned", name=name))
        except CampaignError as error:
            self.notify(self.t("app.error", message=self.explain(error)), severity="error")
            return False
        return True

    # --- A character from before v4 ------------------------------------------------------

    def _arrive_as_typed(self) -> None:
        """Save the character from before v4 as it was (one entry, no dice), then start
        its conversion."""
        old = self._old_values()
        assert old is not None  # problem() checked it
        stats, (pv, pm), level = old
        draft = self.draft
        name = draft.name.strip()
        sheet = {
            "level": level,
            "race": draft.race,
            "class": draft.klass,
            "stats": stats,
            "pv": pv,
            "pv_max": pv,
            "pm": pm,
            "pm_max": pm,
        }
        character: dict[str, Any] = {"name": name, "kind": "pc", "sheet": sheet}
        player = self.query_one("#player", Input).value.strip()
        if player:
            character["player"] = player
        plan = new_character(name, character, Worded("creation.arrived_old", {"name": name}))
        try:
            entry = act.change(self.session.campaign, self.session.seat, plan)
        except CampaignError as error:
            self.notify(self.t("app.error", message=self.explain(error)), severity="error")
            return
        assert entry.character is not None
        self._start_conversion(entry.character)
        self._show_step()

    def _start_conversion(self, ident: str) -> None:
        """Roll the conversion's two dice for character ``ident`` and place them."""
        sheet = self.session.sheet(ident)
        level = sheet.get("level", 1)
        if self.conversion_seed is None:
            self.conversion_seed = self.session.rng.getrandbits(63)
        conversion = roll_seeded(roll_conversion, ConversionOptions(), self.conversion_seed)
        self.converting = ident
        self.draft = dataclasses.replace(
            self.draft,
            race=str(sheet.get("race", "")),
            klass=str(sheet.get("class", "")),
            conversion=conversion,
            old_stats={s: sheet["stats"][s] for s in OLD_STATS},
            stat_max=stat_cap(level if isinstance(level, int) else 1),
        )
        self.step = "stats"

    def convert(self) -> None:
        """Give the converted stats to the character: one entry (its dice and the
        change), one undo; nothing else on the sheet changes."""
        ident = self.converting
        assert ident is not None
        assert self.draft.conversion is not None
        record = self.draft.conversion
        before = self.session.sheet(ident)
        try:
            after = convert_sheet(before, record, self.draft.order[0], self.draft.stats())
        except RulesError as error:
            self.query_one("#problem", Static).update(
                Content.styled("⚠ " + self.explain(error), "$warning")
            )
            return
        change = sheet_change(self.session.campaign.state, ident, "stats", after["stats"])
        name = self.session.characters()[ident].get("name", ident)
        text = self.w("creation.converted", name=name, stats=stats_line(after["stats"]))
        try:
            self.session.record(record, text, changes=(change,), character=ident)
        except CampaignError as error:
            self.notify(self.t("app.error", message=self.explain(error)), severity="error")
            return
        self.notify(self.t("creation.converted_done", name=name))
        self.dismiss(ident)

    # --- Step 2: PV and PM -----------------------------------------------------------

    def _fill_pv_pm(self) -> None:
        creation = self.draft.creation
        assert creation is not None
        low, high = PV_PM_TOTAL
        lines = [
            Content.styled(
                self.t(
                    "creation.attempt_rejected",
                    number=number,
                    dice=" ".join(map(str, attempt)),
                    total=sum(attempt),
                    low=low,
                    high=high,
                ),
                "dim strike",
            )
            for number, attempt in enumerate(creation.pv_pm.attempts[:-1], 1)
        ]
        lines.append(
            Content(
                self.t(
                    "creation.attempt_accepted", total=sum(creation.pv_pm.dice), low=low, high=high
                )
            )
        )
        self.query_one("#pv-pm-attempts", Static).update(Content("\n").join(lines))
        self.query_one("#split", DiceSplit).show(self.draft)
        pv, pm = self.draft.pv_pm
        pm_dice = len(self.draft.pm_dice)
        self.query_one("#pv-pm-totals", Static).update(
            self.t("creation.pv_pm_totals", pv=pv, pm=pm, pv_dice=10 - pm_dice, pm_dice=pm_dice)
        )

    # --- Steps 3 and 4: stats ----------------------------------------------------------

    def _fill_stats(self) -> None:
        draft = self.draft
        roll = draft.conversion.dice_roll if draft.conversion else draft.creation.stats  # type: ignore[union-attr]
        low, high = CONVERSION_TOTAL if draft.conversion else STAT_TOTAL
        lines = []
        for number, attempt in enumerate(roll.attempts, 1):
            last = number == len(roll.attempts)
            text = "  ".join(
                f"[{' → '.join(map(str, slot))}]" if len(slot) > 1 else str(slot[0])
                for slot in attempt.slots
            )
            key = "creation.attempt_accepted" if last else "creation.attempt_rejected"
            verdict = self.t(key, number=number, dice=text, total=attempt.total, low=low, high=high)
            if last:
                lines.append(Content(text))
                lines.append(Content(verdict))
            else:
                lines.append(Content.styled(verdict, "dim strike"))
        if any(len(slot) > 1 for attempt in roll.attempts for slot in attempt.slots):
            lines.append(
                Content.styled(
                    f"[a → b] {self.t('creation.die_rerolled')}",
                    "dim",
                )
            )
        self.query_one("#stat-attempts", Static).update(Content("\n").join(lines))
        self.query_one("#assign", StatRows).show(draft)

    def _fill_moves(self) -> None:
        self.query_one("#move", StatRows).show(self.draft)
        self.query_one("#moved", Static).update(
            self.t("creation.moved", moved=self.draft.moved, budget=self.draft.budget)
        )
        found = self.draft.stats_problem()
        self.query_one("#change-origin", Button).display = (
            found is not None and found.code == "limits_unreachable"
        )

    # --- Step 5: talents or DNA ----------------------------------------------------------

    def _fill_talents(self) -> None:
        draft = self.draft
        if self.dna_rule:
            creation = draft.creation
            genome = draft.genome or Genome(left=0)
            view = self.query_one("#genes", GeneTreeView)
            view.show(genome)
            self.query_one("#dna-points", Static).update(
                self.t(
                    "creation.dna_points",
                    left=genome.left,
                    total=creation.dna_points if creation else 0,
                    die=creation.dna_die if creation else 0,
                )
            )
            self._gene_info(view)
            return
        listing = self.query_one("#talent-list", TickList)
        choosable = draft.catalogue.choosable(draft.race, draft.klass)
        current = [listing.get_option_at_index(i).value for i in range(listing.option_count)]
        if current != list(choosable):
            # Only talents open to this race and class stay chosen.
            self.draft = draft = dataclasses.replace(
                draft, talents=tuple(t for t in draft.talents if t in choosable)
            )
            listing.clear_choices()
            for key in choosable:
                talent = draft.catalogue.talents[key]
                label = f"{talent.name} — {talent.text}" if talent.text else talent.name
                listing.add_choice(label, key, key in draft.talents)
            listing.highlighted = 0
        natural = draft.catalogue.natural(draft.race, draft.klass)
        info = self.t("creation.chosen", chosen=len(draft.talents))
        if natural:
            info += "  ·  " + self.t("creation.natural", talents=self._names(natural))
        self.query_one("#talent-info", Static).update(info)

    @on(TickList.SelectedChanged, "#talent-list")
    def _talents(self, event: TickList.SelectedChanged[str]) -> None:
        chosen = list(event.selection_list.selected)
        kept = [t for t in self.draft.talents if t in chosen]
        draft = dataclasses.replace(self.draft, talents=tuple(kept))
        for key in chosen:
            if key not in kept:
                draft = draft.toggle_talent(key)
        if set(draft.talents) != set(chosen):
            # A fifth talent is refused: untick it again.
            event.selection_list.deselect(next(k for k in chosen if k not in draft.talents))
        self._set(draft)

    @on(GeneTreeView.Changed)
    def _genome(self, event: GeneTreeView.Changed) -> None:
        self._set(dataclasses.replace(self.draft, genome=event.genome))

    @on(GeneTreeView.Highlighted)
    def _gene_highlighted(self, event: GeneTreeView.Highlighted) -> None:
        self._gene_info(self.query_one("#genes", GeneTreeView))

    def _gene_info(self, view: GeneTreeView) -> None:
        self.query_one("#gene-info", Static).update(gene_description(self.t, view.gene))

    @on(GeneTreeView.Refused)
    def _refused(self, event: GeneTreeView.Refused) -> None:
        self.query_one("#problem", Static).update(
            Content.styled("⚠ " + refusal_text(self.t, self.gene_tree, event.error), "$warning")
        )

    @on(OptionList.OptionHighlighted, "#affiliation")
    def _affiliation(self, event: OptionList.OptionHighlighted) -> None:
        self.draft = dataclasses.replace(self.draft, affiliation=event.option.id or None)

    # --- Step 6: finish ------------------------------------------------------------------

    def _money(self) -> int | None:
        from meneur.core.sheets import parse_int

        try:
            return parse_int(self.query_one("#money", Input).value, "money")
        except RulesError:
            return None

    def _fill_finish(self) -> None:
        draft = self.draft
        self.query_one("#money-label", Label).update(
            self.t("creation.money_kept")
            if draft.creation is None
            else self.t("creation.money", die=draft.creation.money)
        )
        skill = self.query_one("#skill-points", Static)
        skill.display = self.progressive
        if skill.display:
            record = self._final_roll()
            points = record.skill_points
            if points is not None:
                skill.update(
                    self.t(
                        "creation.skill_points",
                        points=points.best_points,
                        dice=" ".join(map(str, points.dice)),
                        bonus=points.bonus_die,
                    )
                )
        self._summary()

    @on(Input.Changed, "#money")
    def _money_changed(self) -> None:
        if self.step == "finish":
            money = self._money()
            if money is not None:
                self.draft = dataclasses.replace(self.draft, money=money)
            self._summary()
            self._say(self.problem())

    def _summary(self) -> None:
        draft = self.draft
        catalogue = draft.catalogue
        sheet = draft.sheet()
        pv, pm = draft.pv_pm
        lines = [
            Content.styled(
                self.t(
                    "creation.summary",
                    name=draft.name,
                    race=catalogue.races[draft.race].name,
                    klass=catalogue.classes[draft.klass].name,
                    pv=pv,
                    pm=pm,
                ),
                "bold",
            ),
            Content(stats_line(sheet["stats"])),
            Content(
                self.t(
                    "creation.summary_talents",
                    talents=self._names(tuple(sheet["talents"])) or "—",
                )
            ),
        ]
        if "dna" in sheet:
            genes = ", ".join(
                f"{self.gene_tree.genes[k].name} {self.gene_tree.genes[k].state(v)}"
                for k, v in sheet["dna"]["points"].items()
                if v
            )
            line = self.t("creation.summary_dna", genes=genes or "—")
            if sheet["dna"]["left"]:
                line += " · " + self.t("creation.summary_dna_left", left=sheet["dna"]["left"])
            lines.append(Content(line))
        self.query_one("#summary", Static).update(Content("\n").join(lines))

    def _final_roll(self) -> Any:
        """The roll to journal: the creation replayed on its seed with the PV/PM split
        (the dice already seen come out the same; skill points are drawn after them)."""
        options = CreationOptions(
            pm_positions=tuple(sorted(self.draft.pm_dice)), skill_points=self.progressive
        )
        assert self.creation_seed is not None
        return roll_seeded(roll_creation, options, self.creation_seed)

    def create(self) -> None:
        """Save the character and journal its creation roll: one entry, one undo."""
        draft = dataclasses.replace(self.draft, money=self._money())
        record = self._final_roll()
        sheet = draft.sheet()
        points = getattr(record, "skill_points", None)
        if points is not None:
            sheet["skill_points"] = points.best_points
        character: dict[str, Any] = {"name": draft.name.strip(), "kind": "pc", "sheet": sheet}
        player = self.query_one("#player", Input).value.strip()
        if player:
            character["player"] = player
        catalogue = draft.catalogue
        pv, pm = draft.pv_pm
        text = self.w(
            "creation.journal",
            name=character["name"],
            race=catalogue.races[draft.race].name,
            klass=catalogue.classes[draft.klass].name,
            pv=pv,
            pm=pm,
            stats=stats_line(sheet["stats"]),
        )
        # Its key is chosen under the lock, among the characters there are then.
        entry = self.session.record(record, new_character(character["name"], character, text))
        self.notify(self.t("creation.created", name=character["name"]))
        self.dismiss(entry.character)


def _named(item: Origin | Affiliation, lang: str) -> str:
    """``Sylvain`` in French, ``Sylvan (Sylvain)`` in English, as rule terms are shown."""
    return Term(item.name, item.gloss or item.name).said(lang)


def _numbers(text: str, count: int) -> list[int] | None:
    """``count`` whole numbers typed as ``50 45 40 60``, or None."""
    try:
        values = typed_faces(text)
    except ValueError:
        return None
    return list(values) if len(values) == count else None
