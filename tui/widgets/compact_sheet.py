"""The acting character's sheet in a few lines, beside the party on the table: the
values play needs at a glance (stats, PV, karma, elements…) and the computed ones."""

from __future__ import annotations

from typing import Any

from rich.text import Text
from textual.widgets import Static

from meneur.content import term
from meneur.content.strings import strings
from meneur.core import sheets


def compact_text(
    system: str,
    options: dict[str, Any],
    sheet: dict[str, Any],
    lang: str = "fr",
    content: object = None,
) -> Text:
    """The compact lines of ``sheet`` in ``lang``: one per compact field (tables and
    lists inline), then the computed values (with the campaign's ``content``: a stat its
    genes raise, and from what; past the level's cap, which value counts, as the full
    sheet says it but briefly)."""
    text = Text()
    for field in sheets.compact_fields(sheets.layout(system, options, sheet)):
        label = term(field.term)
        value = field.read(sheet)
        if isinstance(value, dict):
            shown = ", ".join(f"{k} {v}" for k, v in value.items())
        elif isinstance(value, list):
            shown = ", ".join(str(v) for v in value)
        else:
            shown = "—" if value in (None, "") else str(value)
        text.append(f"{label.tight(lang)} ", style="bold")
        text.append(f"{shown}\n")
    words = strings(lang)
    for found in sheets.derived(system, options, sheet, content):
        label = term(found.term)
        text.append(f"{label.tight(lang)} ", style="bold")
        value = term(found.value_term).said(lang) if found.value_term else found.value
        text.append(f"{value}", style="italic")
        if found.note:  # how it counts (a stat past the cap), briefly: the panel is narrow
            brief = f"{found.note}_brief"
            note = words.t(brief if words.has(brief) else found.note, **dict(found.note_values))
            text.append(f" — {note}")
        text.append("\n")
    text.rstrip()
    return text


class CompactSheet(Static):
    """The acting character's compact sheet (F5 opens the whole sheet)."""

    def show(
        self,
        system: str,
        options: dict[str, Any],
        name: str | None,
        sheet: dict[str, Any],
        lang: str = "fr",
        content: object = None,
    ) -> None:
        """Show ``sheet`` in ``lang`` (``name`` None: nobody acts), read with the
        campaign's own rule ``content`` (:func:`compact_text`)."""
        self.border_title = name or ""
        shown = compact_text(system, options, sheet, lang, content) if name is not None else ""
        self.update(shown)
