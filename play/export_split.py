"""The story as a notebook's folder (``meneur export --format markdown --split -o
FOLDER``): one Markdown file a session, for Obsidian and the like, each opening with YAML
front matter (the campaign, its system, the session's number, title and day).

Each file is the story's own lines for that session (:func:`meneur.play.export.
markdown_lines`: the same story, the same viewer's view), written atomically; what comes
before the first session (a campaign begun without one) is a file of its own, session 0.
Files of the folder that are not the export's are left as they are.
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterator
from datetime import date
from pathlib import Path

from meneur.content import term
from meneur.core.text import visible
from meneur.core.visibility import GM, Viewer
from meneur.saves.atomic import atomic_write
from meneur.saves.campaign import Campaign

from .export import markdown_lines

HEADING_LINES = 3
"""The story's first lines: the campaign's title, a blank, its system (the front
matter says them)."""
MOST_NAME = 80
"""The longest a file's name is made from a session's title."""


def session_files(
    campaign: Campaign, lang: str, *, viewer: Viewer = GM, detailed: bool = False
) -> Iterator[tuple[str, str]]:
    """Each session's file: its name and its text (front matter, then its story)."""
    system = term(f"system.{campaign.system}").said(lang)
    started: list[tuple[int, str, date | None]] = []
    current: tuple[int, str, date | None] = (0, "", None)
    lines: list[str] = []

    def told(number: int, title: str, day: date | None) -> None:
        nonlocal current
        if number == 0:  # the day of what came before any session: the same file's
            current = (0, title, day)
            return
        started.append((number, title, day))

    stream = markdown_lines(campaign, lang, viewer=viewer, detailed=detailed, sessions=told)
    for number, line in enumerate(stream):
        if number < HEADING_LINES:  # the campaign's title and system: the front matter's
            continue
        if started:
            if any(text.strip() for text in lines):
                yield _file(campaign.name, system, current, lines)
            current, lines = started.pop(), []
        lines.append(line)
    if any(text.strip() for text in lines):
        yield _file(campaign.name, system, current, lines)


def _file(
    campaign: str, system: str, session: tuple[int, str, date | None], lines: list[str]
) -> tuple[str, str]:
    number, title, day = session
    front = [
        "---",
        f"campaign: {yaml_string(campaign)}",
        f"system: {yaml_string(system)}",
        f"session: {number}",
        *([f"title: {yaml_string(title)}"] if title else []),
        *([f"date: {day.isoformat()}"] if day is not None else []),
        "---",
    ]
    body = visible("\n".join(lines).strip("\n"))  # as the export prints it
    return file_name(number, title or campaign), "\n".join(front) + "\n\n" + body + "\n"


def yaml_string(text: str) -> str:
    """A YAML string: JSON's double quotes are YAML's too, escapes and all."""
    return json.dumps(visible(text), ensure_ascii=False)


def file_name(number: int, title: str) -> str:
    """A session's file name: its number, then its title made safe for any file system
    (no separator, no control character, no leading dot, not too long)."""
    safe = re.sub(r'[\\/:*?"<>|\x00-\x1f\x7f]+', " ", title)
    safe = " ".join(safe.split()).strip(" .")[:MOST_NAME].strip(" .")
    return f"{number:03d} {safe}.md" if safe else f"{number:03d}.md"


def write_split(
    folder: Path, campaign: Campaign, lang: str, *, viewer: Viewer = GM, detailed: bool = False
) -> list[str]:
    """Write each session's file into ``folder`` (made when missing), atomically, never
    through a link; the names written.

    Raises:
        OSError: when ``folder`` is no folder, or a file cannot be written.
    """
    folder.mkdir(parents=True, exist_ok=True)
    written = []
    for name, text in session_files(campaign, lang, viewer=viewer, detailed=detailed):
        atomic_write(folder / name, text.encode("utf-8"), follow_links=False)
        written.append(name)
    return written
