"""The Great Cosmos character sheet: the generic sheet (:mod:`meneur.tui.screens.sheet`)
with the campaign's catalogue (races, classes, affiliations by name), the genome and its
mutations, level-ups and the conversion of a character from before v4."""

from __future__ import annotations

from functools import cached_property
from typing import TYPE_CHECKING, Any

from rich.text import Text
from textual.binding import Binding

from meneur.content import Term
from meneur.core import sheets
from meneur.core.changes import Change
from meneur.core.cosmos import sheet as cosmos_sheet
from meneur.core.cosmos.creation import STATS
from meneur.core.errors import RulesError
from meneur.core.sheets import Field, Kind
from meneur.tui.screens.sheet import COMPUTED, NAME, Row, SheetScreen

if TYPE_CHECKING:
    from meneur.core.cosmos.catalogue import Catalogue
    from meneur.core.cosmos.genes import GeneTree, Genome

GENES = Field("dna", Kind.TEXT, "sheet.dna_left")
"""The rows of a Great Cosmos genome: Enter opens the gene tree."""
CATALOGUED = {"race": "races", "class": "classes", "affiliation": "affiliations"}
"""Great Cosmos text fields that hold a key of the campaign's catalogue."""


class CosmosSheetScreen(SheetScreen):
    """A Great Cosmos character's sheet."""

    BINDINGS = [
        Binding("g", "genes", "Genes", id="genes"),
        Binding("m", "mutate", "Pμ", id="mutate"),
        Binding("l", "level_up", "Level up", id="level_up"),
        Binding("c", "convert", "Convert", id="convert"),
    ]

    @property
    def genome(self) -> bool:
        """Whether the campaign plays DNA (the genome is shown)."""
        return bool(self.options.get("dna"))

    def layout_context(self) -> Any:
        if self.options.get("affiliation") and self.catalogue:
            return {key: a.max_level for key, a in self.catalogue.affiliations.items()}
        return None

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action in ("mutate", "genes"):
            return self.genome
        if action == "convert":
            from meneur.core.cosmos.creation import needs_conversion

            return needs_conversion(self.sheet)
        return True

    # --- Names from the campaign's content -------------------------------------------

    @cached_property
    def catalogue(self) -> Catalogue | None:
        """The campaign's races, classes and talents (None when its file does not read:
        keys are shown as they are)."""
        from meneur.content.cosmos import catalogue_for

        catalogue: Catalogue | None = self.campaign_content(catalogue_for)
        return catalogue

    @cached_property
    def gene_tree(self) -> GeneTree | None:
        """The campaign's gene tree (None when its file does not read)."""
        from meneur.content.cosmos import gene_tree_for

        tree: GeneTree | None = self.campaign_content(gene_tree_for)
        return tree

    def named(self, field: Field, value: Any) -> Any:
        """``value`` as shown: a catalogue key by its name (``humain`` → Humain (human))."""
        catalogue = self.catalogue if field.key in CATALOGUED or field.key == "talents" else None
        if catalogue is None:
            return value
        if field.key == "talents" and isinstance(value, list):
            return [catalogue.talents[v].name if v in catalogue.talents else v for v in value]
        table = getattr(catalogue, CATALOGUED[field.key])
        item = table.get(value) if isinstance(value, str) else None
        if item is None:
            return value
        return Term(item.name, item.gloss or item.name).said(self.session.strings.lang)

    def catalogue_key(self, field: Field, text: str) -> str:
        """A race, class or affiliation typed by its name or key, as its key (other text
        as typed: a GM may write one the catalogue does not have)."""
        catalogue = self.catalogue if field.key in CATALOGUED else None
        if catalogue is None:
            return text
        wanted = text.casefold()
        for key, item in getattr(catalogue, CATALOGUED[field.key]).items():
            shown = Term(item.name, item.gloss or item.name)
            names = {key, item.name, item.gloss, shown.said("fr"), shown.said("en")}
            if wanted in {n.casefold() for n in names if n}:
                return str(key)
        return text

    def text_choices(self, field: Field) -> list[str]:
        table = getattr(self.catalogue, CATALOGUED.get(field.key, ""), None)
        return [item.name for item in table.values()] if table else []

    # --- The genome ------------------------------------------------------------------

    def shown_elsewhere(self, found: sheets.Derived) -> bool:
        return self.genome and found.term == "sheet.dna_left"  # the genome lists it

    def own_labels(self) -> list[str]:
        return [self.term(GENES.term)] if self.genome else []

    def own_lines(self) -> list[tuple[Row | None, Text]]:
        return self._genome_lines() if self.genome else []

    def own_row(self, row: Row) -> bool:
        return row.field is GENES

    def edit_own(self, row: Row) -> None:
        self.action_genes(row.item if isinstance(row.item, str) else None)

    def _genome_lines(self) -> list[tuple[Row | None, Text]]:
        """Great Cosmos DNA: the points left, each gene with points (its alleles), each
        mutation held and each ultimate mutation, by their names in the gene tree."""
        from meneur.play.cosmos.mutations import held_mutations, mutation_words

        sheet = self.sheet
        dna = sheet.get("dna", {})
        dna = dna if isinstance(dna, dict) else {}
        points = dna.get("points", {})
        points = (
            {k: v for k, v in points.items() if isinstance(v, int) and v > 0}
            if isinstance(points, dict)
            else {}
        )
        tree = self.gene_tree
        genes = tree.genes if tree is not None else {}
        ordered = [g.key for _, g in tree.walk() if g.key in points] if tree is not None else []
        ordered += [k for k in points if k not in ordered]
        lines: list[tuple[Row | None, Text]] = [
            (None, Text(self.term("sheet.section.genome"), style="underline")),
            (
                Row(GENES),
                self._label(GENES)
                + Text(str(dna.get("left", 0)), style="bold")
                + Text(f"  {self.t('genes.open_tree')}", style="dim"),
            ),
        ]
        for key in ordered:
            name = genes[key].name if key in genes else key
            state = (
                genes[key].state(points[key])
                if key in genes
                else cosmos_sheet.allele_state(points[key])
            )
            lines.append((Row(GENES, key), Text(f"  {name} ".ljust(self.width)) + state))
        try:
            held = held_mutations(sheet)
        except RulesError as error:
            lines.append((Row(COMPUTED), Text(f"  ⚠ {error}", style="bold red")))
            held = ()
        for mutation in held:
            gene = genes[mutation.gene].name if mutation.gene in genes else mutation.gene
            what = mutation_words(mutation, self.session.strings.lang)
            marks = [
                self.t(f"genes.{mark}")
                for mark in ("irreversible", "amplified")
                if getattr(mutation, mark)
            ]
            if marks:
                what += f" ({', '.join(marks)})"
            lines.append((Row(COMPUTED), Text(f"  μ {gene} ".ljust(self.width)) + what))
        ultimates = sheet.get("ultimates", [])
        for ultimate in ultimates if isinstance(ultimates, list) else []:
            label = Text(f"  {self.t('genes.ultimate')} ".ljust(self.width))
            lines.append((Row(COMPUTED), label + self.term(f"mutations.ultimate.{ultimate}")))
        return lines

    # --- The mutation gauge ------------------------------------------------------------

    def action_mutate(self) -> None:
        """Add points to Pμ; each 100 reached rolls a mutation, journaled with its dice."""
        pmu = next(f for s in self.sections() for f in s.fields if f.key == "pmu")
        self._ask(
            self.term("sheet.pmu"),
            "",
            lambda text: self._add_mutation_points(pmu, sheets.parse_int(text, "Pμ")),
            self.t("sheet.example.pmu"),
        )

    def _add_mutation_points(self, pmu: Field, points: int) -> None:
        from meneur.play.cosmos.mutations import mutation_changes

        if points <= 0:
            raise RulesError(self.t("sheet.pmu_positive"))
        steps = mutation_changes(self.session, self.character, points)
        for changes, text, record in steps:
            self.write(changes, text, record)

    # --- The gene tree -----------------------------------------------------------------

    def action_genes(self, gene: str | None = None) -> None:
        """Open the gene tree to spend the DNA points left (``gene`` highlighted); the
        points confirmed there are saved as one journal entry."""
        from meneur.core.cosmos.genes import Genome
        from meneur.tui.widgets.panels.cosmos.genes import GenesScreen

        tree = self.gene_tree
        if tree is None:
            return
        dna = self.sheet.get("dna", {})
        dna = dna if isinstance(dna, dict) else {}
        left = dna.get("left", 0)
        points = dna.get("points", {})
        points = (
            {k: v for k, v in points.items() if isinstance(v, int)}
            if isinstance(points, dict)
            else {}
        )
        name = str(self.value(NAME))
        if not isinstance(left, int) or left < 1:
            self.notify(self.t("genes.none_left", name=name), severity="warning")
            return
        genome = Genome(left=left, points=points, confirmed=points)

        def confirmed(after: Genome | None) -> None:
            if after is not None:
                self._save_genome(dna, after, tree)

        self.app.push_screen(GenesScreen(self.session, tree, genome, name, gene), confirmed)

    def _save_genome(self, dna: dict[str, Any], after: Genome, tree: GeneTree) -> None:
        before = {k: v for k, v in dna.get("points", {}).items() if isinstance(v, int)}
        grown = [
            f"{tree.genes[k].name} {tree.genes[k].state(v)}"
            for k, v in after.points.items()
            if v != before.get(k, 0) and k in tree.genes
        ]
        from meneur.core.changes import set_value

        text = self.t("genes.spent", name=self.value(NAME), genes=", ".join(grown), left=after.left)
        genome = {**dna, "left": after.left, "points": dict(after.points)}
        self.write([set_value(self.session.campaign.state, self.path(GENES), genome)], text)

    # --- Level-ups -----------------------------------------------------------------------

    def action_level_up(self) -> None:
        """Roll and apply the next level (one journal entry with its dice; one undo)."""
        from meneur.tui.widgets.panels.cosmos.level_up import LevelUpScreen

        stats = self.sheet.get("stats", {})
        if not isinstance(stats, dict) or any(s not in stats for s in STATS):
            self.notify(self.t("level_up.no_stats"), severity="warning")
            return

        def done(result: tuple[list[Change], str, Any] | None) -> None:
            if result is not None:
                self.write(*result)

        self.app.push_screen(
            LevelUpScreen(self.session, self.character, bool(self.options.get("dna"))), done
        )

    # --- A character from before v4 ------------------------------------------------------

    def action_convert(self) -> None:
        """Convert a character from before v4 (its 2d100 to Précision and Chance, up to
        20 points moved; nothing else changes), after saying what will be rolled."""
        from meneur.core.cosmos.creation import needs_conversion
        from meneur.tui.screens.dialogs import ListDialog
        from meneur.tui.widgets.panels.cosmos.creation import CreationScreen

        if not needs_conversion(self.sheet):
            return
        catalogue, tree = self.catalogue, self.gene_tree
        if catalogue is None or tree is None:
            return

        def chosen(index: int | None) -> None:
            if index != 0:
                return

            def converted(ident: str | None) -> None:
                if ident is not None:
                    self.written += self.session.campaign.journal.latest(1)
                    self.redraw()

            self.app.push_screen(
                CreationScreen(self.session, catalogue, tree, convert=self.character), converted
            )

        self.app.push_screen(
            ListDialog(
                self.t("conversion.title", name=self.data.get("name", self.character)),
                [self.t("conversion.roll"), self.t("conversion.cancel")],
                hint=self.t("conversion.hint"),
            ),
            chosen,
        )
