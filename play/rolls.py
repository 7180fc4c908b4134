"""A roll's words in the journal, the same from every front end: what the player
labelled it, else the question asked, else what was tested (:mod:`meneur.play.tested`)
— so the app's command line and ``meneur roll … --campaign`` write the same entry for
the same roll."""

from __future__ import annotations

from typing import Any


def roll_words(record: Any, label: str = "") -> str:
    """The words a roll is journaled with (see the module)."""
    label = label.strip()
    if label:
        return label
    question = getattr(getattr(record, "inputs", None), "question", "")
    if isinstance(question, str) and question.strip():
        return question.strip()
    if not hasattr(record, "outcome"):
        return "Création de personnage (character creation)"
    if record.system == "tables":
        from meneur.core.tables import find

        table = find(record.inputs.tables, record.inputs.table)
        return str(table.name if table is not None else record.inputs.table)
    from .tested import describe

    return " — ".join(line for line in describe(record.inputs)[:2])
