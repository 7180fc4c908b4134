"""The gene tree (Great Cosmos DNA): every gene indented under its parent with its
alleles (O-O, X-O, X-X), its kind and the mark of the genes that can take a point now.

+ (or Enter, →) spends a DNA point on the highlighted gene, − (or Backspace, ←) takes
back a point not yet confirmed. An illegal move changes nothing and posts
:class:`GeneTreeView.Refused` with the reason, for the screen to say in words.
"""

from __future__ import annotations

from collections.abc import Callable

from textual import events
from textual.binding import Binding
from textual.content import Content
from textual.geometry import Region
from textual.message import Message
from textual.reactive import reactive
from textual.widget import Widget

from meneur.core.cosmos.genes import (
    Gene,
    GeneKind,
    GeneMoveError,
    GeneTree,
    Genome,
    add_point,
    legal_additions,
    remove_point,
)

KIND_MARK = {
    GeneKind.NORMAL: "",
    GeneKind.NEGATIVE: "−",
    GeneKind.INNATE: "◆",
    GeneKind.SPECIAL: "★",
}
"""A symbol per kind, so the kind does not rest on colour alone."""
KIND_STYLE = {
    GeneKind.NORMAL: "",
    GeneKind.NEGATIVE: "$error",
    GeneKind.INNATE: "$text-muted",
    GeneKind.SPECIAL: "$success",
}
"""The seed's colours: negative red, innate grey, special green."""


Translate = Callable[..., str]
"""An interface string by key and values (``session.t``)."""


def gene_description(t: Translate, gene: Gene) -> str:
    """What a gene is and does, in words: its name, kind, effect and any malus."""
    lines = [
        t(
            "creation.gene_effect",
            name=gene.name,
            kind=t(f"creation.kind.{gene.kind.value}"),
            effect=gene.effect,
        )
    ]
    if gene.malus:
        lines.append(t("creation.gene_malus", malus=gene.malus))
    return "\n".join(lines)


def refusal_text(t: Translate, tree: GeneTree, error: GeneMoveError) -> str:
    """Why a move in the tree was refused, in words, naming the genes by their names."""
    other = error.other or ""
    names = {
        "gene": tree.genes[error.key].name if error.key in tree.genes else error.key,
        "other": tree.genes[other].name if other in tree.genes else other,
    }
    return t(f"creation.refusal.{error.refusal.value}", **names)


class GeneTreeView(Widget, can_focus=True):
    """A gene tree and a genome; the keys spend and take back DNA points."""

    DEFAULT_CSS = """
    GeneTreeView { height: auto; width: 1fr; padding: 0 1; }
    GeneTreeView:focus { background: $boost; }
    """

    BINDINGS = [
        Binding("up", "row(-1)", "↑", show=False),
        Binding("down", "row(1)", "↓", show=False),
        Binding("plus,equals_sign,enter,right", "add", "+1 ADN", id="add_gene"),
        Binding("minus,backspace,left", "remove", "−1 ADN", id="remove_gene"),
    ]

    row: reactive[int] = reactive(0)

    class Changed(Message):
        """The genome changed."""

        def __init__(self, genome: Genome) -> None:
            self.genome = genome
            super().__init__()

    class Highlighted(Message):
        """Another gene is highlighted."""

        def __init__(self, gene: Gene) -> None:
            self.gene = gene
            super().__init__()

    class Refused(Message):
        """A move was refused; ``error.refusal`` says why."""

        def __init__(self, error: GeneMoveError) -> None:
            self.error = error
            super().__init__()

    def __init__(
        self, tree: GeneTree, genome: Genome, *, creation: bool, id: str | None = None
    ) -> None:
        super().__init__(id=id)
        self.gene_tree = tree
        self.genome = genome
        self.creation = creation
        self.rows = [(depth, gene) for depth, gene in tree.walk()]

    @property
    def gene(self) -> Gene:
        """The highlighted gene."""
        return self.rows[self.row][1]

    def get_content_height(self, container: object, viewport: object, width: int) -> int:
        return len(self.rows)

    def render(self) -> Content:
        open_now = set(legal_additions(self.gene_tree, self.genome, creation=self.creation))
        lines = []
        for number, (depth, gene) in enumerate(self.rows):
            here = number == self.row and self.has_focus
            points = self.genome.of(gene.key)
            state = gene.state(points)
            if gene.kind is GeneKind.INNATE:
                state = "X-X" if points else "O-O"
            mark = KIND_MARK[gene.kind]
            parts: list[str | tuple[str, str]] = [
                "▸ " if here else "  ",
                (f"{state:<6}", "bold" if points else "dim"),
                " " + "  " * (depth - 1) + ("└ " if depth else ""),
                (f"{mark}{gene.name}", ("bold reverse " if here else "") + KIND_STYLE[gene.kind]),
            ]
            if gene.kind is GeneKind.SPECIAL:
                parts.append((f" (max {gene.maximum})", "dim"))
            if gene.exclusive:
                parts.append((f" ⊘ {self.gene_tree.genes[gene.exclusive].name}", "dim"))
            if gene.key in open_now:
                parts.append(("  +", "$success"))
            lines.append(Content.assemble(*parts))
        return Content("\n").join(lines)

    def show(self, genome: Genome) -> None:
        """Draw ``genome``."""
        self.genome = genome
        self.refresh()

    def watch_row(self) -> None:
        if self.rows:
            self.post_message(self.Highlighted(self.gene))
            self.call_after_refresh(self._scroll_to_row)

    def _scroll_to_row(self) -> None:
        """Keep the highlighted gene in sight when the tree is taller than its window."""
        if not self.is_mounted:
            return
        for ancestor in self.ancestors:
            if isinstance(ancestor, Widget) and ancestor.allow_vertical_scroll:
                y = self.region.y + self.row - ancestor.region.y + int(ancestor.scroll_offset.y)
                ancestor.scroll_to_region(Region(0, y, 1, 1), animate=False, immediate=True)
                return

    def highlight(self, key: str) -> None:
        """Highlight gene ``key`` (nothing changes for a gene not in the tree)."""
        for number, (_, gene) in enumerate(self.rows):
            if gene.key == key:
                self.row = number
                return

    def action_row(self, step: int) -> None:
        self.row = (self.row + step) % len(self.rows)

    def action_add(self) -> None:
        self._move(
            lambda: add_point(self.gene_tree, self.genome, self.gene.key, creation=self.creation)
        )

    def action_remove(self) -> None:
        self._move(lambda: remove_point(self.gene_tree, self.genome, self.gene.key))

    def _move(self, make: Callable[[], Genome]) -> None:
        try:
            genome = make()
        except GeneMoveError as error:
            self.post_message(self.Refused(error))
            return
        self.show(genome)
        self.post_message(self.Changed(genome))

    def on_click(self, event: events.Click) -> None:
        if 0 <= event.y < len(self.rows):
            self.row = event.y
