"""A Great Cosmos character's gene tree, opened from the sheet (``g``): the DNA points
left (from level-ups, or kept at creation) spent in it, then confirmed.

Only legal moves are offered (docs/rules/cosmos.md#dna): a child once its parent is X-X, never an
exclusive partner's, never an innate gene after creation. Points spent here can be
taken back until they are confirmed; confirming writes them in one journal entry (one
undo) and they are never taken back afterwards. Escape leaves without spending.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from textual import on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, VerticalScroll
from textual.content import Content
from textual.screen import Screen
from textual.widgets import Button, Static

from meneur.play.session import SessionStrings
from meneur.tui.i18n import translate_bindings
from meneur.tui.screens import SCREENS_CSS
from meneur.tui.widgets.footer import KeyFooter
from meneur.tui.widgets.panels.cosmos.gene_tree import GeneTreeView, gene_description, refusal_text
from meneur.tui.widgets.title_bar import TitleBar

if TYPE_CHECKING:
    from meneur.core.cosmos.genes import GeneTree, Genome
    from meneur.play.session import Session


class GenesScreen(SessionStrings, Screen["Genome | None"]):
    """Spend DNA points in a gene tree; dismissed with the confirmed genome, or None
    when nothing was spent."""

    CSS_PATH = SCREENS_CSS  # read when the screen first opens (see the file)

    BINDINGS = [
        Binding("escape", "cancel", "Back", id="close"),
        Binding("ctrl+s", "confirm", "Confirm", id="confirm_genes", priority=True),
    ]

    def __init__(
        self,
        session: Session,
        tree: GeneTree,
        genome: Genome,
        name: str,
        gene: str | None = None,
    ) -> None:
        """Args:
        tree: the campaign's gene tree.
        genome: the character's genes, every point confirmed.
        name: the character's name, for the title.
        gene: the gene highlighted first (the tree's first by default).
        """
        super().__init__()
        self.session = session
        self.gene_tree = tree
        self.start = genome
        self.genome = genome
        self.character_name = name
        self.first_gene = gene

    def compose(self) -> ComposeResult:
        yield TitleBar()
        yield Static(id="dna-points", classes="totals")
        with VerticalScroll(id="genes-body"):
            yield GeneTreeView(self.gene_tree, self.genome, creation=False, id="genes")
        yield Static(id="gene-info")
        yield Static(self.t("genes.help"), classes="help")
        yield Static(id="problem")
        with Horizontal(id="genes-nav"):
            yield Button(self.t("genes.cancel"), id="cancel", compact=True)
            yield Button(self.t("genes.confirm"), id="confirm", variant="primary", compact=True)
        yield KeyFooter()

    def on_mount(self) -> None:

        for node in (self, self.query_one(GeneTreeView)):
            translate_bindings(node, self.session.strings)
        self.title = self.t("genes.title", name=self.character_name)
        self.sub_title = self.term("system.cosmos")
        view = self.query_one(GeneTreeView)
        if self.first_gene is not None:
            view.highlight(self.first_gene)
        self._show()
        view.focus()

    def _show(self) -> None:
        spent = self.start.left - self.genome.left
        self.query_one("#dna-points", Static).update(
            self.t("genes.points", left=self.genome.left, spent=spent)
        )
        self.query_one("#gene-info", Static).update(
            gene_description(self.t, self.query_one(GeneTreeView).gene)
        )

    @on(GeneTreeView.Changed)
    def _changed(self, event: GeneTreeView.Changed) -> None:
        self.genome = event.genome
        self.query_one("#problem", Static).update("")
        self._show()

    @on(GeneTreeView.Highlighted)
    def _highlighted(self) -> None:
        self._show()

    @on(GeneTreeView.Refused)
    def _refused(self, event: GeneTreeView.Refused) -> None:
        self.query_one("#problem", Static).update(
            Content.styled("⚠ " + refusal_text(self.t, self.gene_tree, event.error), "$warning")
        )

    @on(Button.Pressed, "#confirm")
    def action_confirm(self) -> None:
        """Leave with the points spent, now confirmed (None if none was)."""
        self.dismiss(None if self.genome == self.start else self.genome.confirm())

    @on(Button.Pressed, "#cancel")
    def action_cancel(self) -> None:
        """Leave without spending anything."""
        self.dismiss(None)
