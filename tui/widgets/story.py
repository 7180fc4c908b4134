"""The story beside the party (solo play): open threads, the people met, clocks and
progress tracks — what the viewer may see of them, hidden while there is none."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from rich.text import Text
from textual.widgets import Static

from meneur.core.errors import RulesError


class StoryView(Static):
    """Threads, people, clocks and tracks, one line each (closed ones left out)."""

    def show(self, state: Mapping[str, Any], titles: Mapping[str, str]) -> None:
        """Show the story of ``state`` (already filtered for the viewer); ``titles`` name
        the parts (``threads``, ``people``, ``trackers``) in the interface's language."""
        lists = state.get("lists", {})
        trackers = [
            t for t in state.get("trackers", {}).values() if t.get("kind") in ("clock", "track")
        ]
        if not trackers and not any(lists.get(key) for key in ("threads", "people")):
            self.display = False  # no story yet: no room taken, nothing more to read
            return
        # Imported here: the story's module brings the random tables' engine, which a
        # campaign without a story never needs for its first frame.
        from meneur.core.story import read_items, tracker_shown

        text = Text()
        for key in ("threads", "people"):
            try:
                items = [item for item in read_items(lists.get(key, [])) if not item.closed]
            except RulesError:
                items = []  # the campaign's check refuses such a list already
            if not items:
                continue
            text.append(("\n" if text else "") + titles[key], style="bold")
            for item in items:
                progress = f" {item.progress}/10" if item.progress else ""
                text.append(f"\n• {item.name}{progress}")
        if trackers:
            text.append(("\n" if text else "") + titles["trackers"], style="bold")
            for tracker in trackers:
                text.append(f"\n{tracker.get('name', '')}")
                text.append(f"\n  {tracker_shown(tracker)}", style="cyan")
        self.update(text)
        self.display = bool(text)
