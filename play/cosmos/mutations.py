"""Pμ points added to a Great Cosmos sheet, and the mutation rolls they bring, as journal
entries: each roll its own entry (its record, karma, the mutations held), so each undoes
on its own and replays from its seed.

The sheet keeps ``pmu`` (0–99), ``mutations`` (every mutation held, as the core's
records' plain data) and ``ultimates`` (the ultimate mutations suffered, in order). An
ultimate mutation that falls due is drawn on 1d4 at once (the GM who prefers to pick one
undoes the draw and sets ``ultimates`` by hand).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from meneur.content import term
from meneur.content.outcomes import colon
from meneur.core.changes import MISSING, Change
from meneur.core.cosmos import mutations
from meneur.core.errors import refused_value
from meneur.core.records import as_data, from_data

if TYPE_CHECKING:
    from meneur.core.cosmos.genes import GeneTree
    from meneur.play.session import Session

Step = tuple[list[Change], str, Any]
"""One journal entry to write: its changes, its text and its roll (or None)."""


def held_mutations(sheet: dict[str, Any]) -> tuple[mutations.Mutation, ...]:
    """The mutations on ``sheet``.

    Raises:
        RulesError: naming the key of a mutation that does not read.
    """
    held = sheet.get("mutations", [])
    if not isinstance(held, list):
        raise refused_value("mutations", "list", held)
    return tuple(from_data(mutations.Mutation, m, f"mutations[{i}]") for i, m in enumerate(held))


def mutation_words(mutation: mutations.Mutation, lang: str) -> str:
    """``mineure positive, Bonus/Malus léger`` (terms in French, or English)."""
    words = [
        term(f"mutations.severity.{mutation.severity.value}"),
        term(f"mutations.sign.{mutation.sign.value}"),
        term(f"mutations.effect.{mutation.effect.value}"),
    ]
    severity, sign, effect = (w.fr if lang == "fr" else w.en for w in words)
    return f"{severity} {sign}, {effect}"


def mutation_text(mutation: mutations.Mutation, lang: str, tree: GeneTree | None = None) -> str:
    """``Vision nocturne : mineure positive, Bonus/Malus léger``: the gene by its name in
    ``tree`` (by its key without one)."""
    gene = tree.genes.get(mutation.gene) if tree is not None else None
    return f"{gene.name if gene else mutation.gene}{colon(lang)}{mutation_words(mutation, lang)}"


def mutation_changes(session: Session, character: str, points: int) -> list[Step]:
    """The journal entries for ``points`` Pμ added to ``character``.

    Raises:
        RulesError: when the sheet's mutations do not read or the gene tree is empty.
        ContentError: when the campaign's gene tree is broken.
    """
    from meneur.content.cosmos import gene_tree_for

    base = ("characters", character, "sheet")
    sheet = session.sheet(character)
    gauge = sheet.get("pmu", 0) if isinstance(sheet.get("pmu"), int) else 0
    after, due = mutations.add_to_gauge(gauge, points)
    name = session.characters()[character].get("name", character)
    pmu_change = Change((*base, "pmu"), sheet.get("pmu", MISSING), after)
    text = session.t("sheet.pmu_added", name=name, points=points, gauge=after)
    if not due:
        return [([pmu_change], text, None)]
    tree = gene_tree_for(session.campaign.directory)
    genes = tuple(mutations.GeneLink(key, gene.parent) for key, gene in tree.genes.items())
    stats = sheet.get("stats", {})
    chance = stats.get("chance", 50) if isinstance(stats, dict) else 50
    karma = sheet.get("karma", 0)
    held = held_mutations(sheet)
    ultimates = tuple(mutations.Ultimate(u) for u in sheet.get("ultimates", []))
    steps: list[Step] = []
    changes = [pmu_change]
    before_held: Any = sheet.get("mutations", MISSING)
    before_karma: Any = sheet.get("karma", MISSING)
    for _ in range(due):
        inputs = mutations.MutationInputs(chance, karma, genes, held, ultimates)
        record = session.roll(inputs)
        held, karma = record.held, record.karma_after
        held_data = [as_data(m) for m in held]
        changes.append(Change((*base, "mutations"), before_held, held_data))
        if karma != before_karma:
            changes.append(Change((*base, "karma"), before_karma, karma))
        new = "; ".join(mutation_text(m, session.strings.lang, tree) for m in record.new)
        outcome = session.strings.term(f"cosmos.outcome.{record.test.outcome}")
        line = session.t("sheet.mutation", name=name, outcome=outcome, new=new)
        if record.escalations:
            line += " · " + session.t("sheet.escalation", count=len(record.escalations))
        steps.append((changes, f"{text} · {line}" if not steps else line, record))
        before_held, before_karma, changes = held_data, karma, []
        if record.ultimate_due:
            ultimate = session.roll(mutations.UltimateInputs(ultimates))
            before_ultimates: Any = [u.value for u in ultimates] or MISSING
            ultimates = (*ultimates, ultimate.ultimate)
            steps.append(
                (
                    [Change((*base, "ultimates"), before_ultimates, [u.value for u in ultimates])],
                    session.t(
                        "sheet.ultimate",
                        name=name,
                        ultimate=session.strings.term(
                            f"mutations.ultimate.{ultimate.ultimate.value}"
                        ),
                    ),
                    ultimate,
                )
            )
    return steps
