"""The story beside the party (solo play): open threads, the people met, clocks and
progress tracks — what the viewer may see of them, hidden while there is none."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from rich.text import Text
from textual.widgets import Static

from meneur.core.errors import RulesError


def story_parts(state: Mapping[str, Any], titles: Mapping[str, str]) -> list[tuple[str, list[str]]]:
    """The open threads, the people met, and the clocks and tracks of ``state`` (already
    filtered for the viewer), as (title, lines) — closed ones left out, empty parts too."""
    lists = state.get("lists", {})
    trackers = [
        t for t in state.get("trackers", {}).values() if t.get("kind") in ("clock", "track")
    ]
    if not trackers and not any(lists.get(key) for key in ("threads", "people")):
        return []
    # Imported here: the story's module brings the random tables' engine, which a
    # campaign without a story never needs for its first frame.
    from meneur.core.story import read_items, tracker_shown

    parts: list[tuple[str, list[str]]] = []
    for key in ("threads", "people"):
        try:
            items = [item for item in read_items(lists.get(key, [])) if not item.closed]
        except RulesError:
            items = []  # the campaign's check refuses such a list already
        if items:
            lines = [f"{i.name} {i.progress}/10" if i.progress else i.name for i in items]
            parts.append((titles[key], lines))
    if trackers:
        lines = [f"{t.get('name', '')} {tracker_shown(t)}" for t in trackers]
        parts.append((titles["trackers"], lines))
    return parts


class StoryView(Static):
    """Where the story stands: the scene, the tension, then threads, people, clocks and
    tracks, an item a line (closed ones left out)."""

    def show(
        self,
        state: Mapping[str, Any],
        titles: Mapping[str, str],
        heading: list[str] | None = None,
    ) -> None:
        """Show ``heading`` (the scene, the tension) and the story of ``state`` (already
        filtered for the viewer); ``titles`` name the parts (``threads``, ``people``,
        ``trackers``) in the interface's language."""
        text = Text()
        for line in heading or []:
            text.append(("\n" if text else "") + line, style="italic")
        for title, lines in story_parts(state, titles):
            text.append(("\n" if text else "") + title, style="bold")
            for line in lines:
                text.append(f"\n• {line}")
        self.update(text)
        self.display = bool(text)  # no story yet: no room taken, nothing more to read


class StoryLine(Static):
    """The story on a line or two, where the side column has folded away (a terminal
    under 110 columns): the scene, the tension, the open threads and people."""

    # Its style is in app.tcss: a widget's own CSS is read as the first frame is built.

    def show(
        self,
        state: Mapping[str, Any],
        titles: Mapping[str, str],
        heading: list[str] | None = None,
    ) -> None:
        """The same as :meth:`StoryView.show`, said in one run of text."""
        said = list(heading or [])
        part = titles.get("part", "{title}: {items}")
        for title, lines in story_parts(state, titles):
            said.append(part.format(title=title, items=", ".join(lines)))
        self.update(Text(" · ".join(said)))
        self.set_class(bool(said), "-told")
