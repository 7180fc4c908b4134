"""A Great Cosmos level-up as play writes it: a sheet read as its progress, and the
changes that write the progress a level-up made (and the karma it moved) onto the sheet.
The app's level-up screen rolls and shows; what it writes is made here."""

from __future__ import annotations

from typing import Any

from meneur.core.changes import MISSING, Change
from meneur.core.cosmos import levels
from meneur.core.cosmos.creation import STATS


def progress_of(sheet: dict[str, Any]) -> levels.Progress:
    """What a level-up reads of a sheet (missing values at their defaults).

    Raises:
        RulesError: when the sheet lacks one of the six stats.
    """
    stats = sheet.get("stats", {})
    dna = sheet.get("dna", {})
    return levels.Progress(
        level=sheet.get("level", 1),
        stats={s: stats[s] for s in STATS if s in stats},
        pv=(sheet.get("pv", 0), sheet.get("pv_max", 0)),
        pm=(sheet.get("pm", 0), sheet.get("pm_max", 0)),
        dna=dna.get("left", 0) if isinstance(dna, dict) else 0,
        light=sheet.get("light", 1),
        dark=sheet.get("dark", 1),
        skill_points=sheet.get("skill_points", 0),
        skill_points_zero=sheet.get("skill_points_zero", False) is True,
    )


def sheet_changes(
    base: tuple[str, ...], sheet: dict[str, Any], after: levels.Progress, karma: int
) -> list[Change]:
    """The changes that write ``after`` (and karma) onto ``sheet``."""
    wanted: dict[tuple[str, ...], Any] = {
        ("level",): after.level,
        ("pv",): after.pv[0],
        ("pv_max",): after.pv[1],
        ("pm",): after.pm[0],
        ("pm_max",): after.pm[1],
        ("light",): after.light,
        ("dark",): after.dark,
        ("karma",): karma,
    }
    wanted |= {("stats", s): v for s, v in after.stats.items()}
    if "skill_points" in sheet or after.skill_points:
        wanted[("skill_points",)] = after.skill_points
    if "skill_points_zero" in sheet or after.skill_points_zero:
        wanted[("skill_points_zero",)] = after.skill_points_zero
    if isinstance(sheet.get("dna"), dict) or after.dna:
        wanted[("dna", "left")] = after.dna
    changes = []
    for path, value in wanted.items():
        before: Any = sheet
        for part in path:
            before = before.get(part, MISSING) if isinstance(before, dict) else MISSING
        if before != value:
            full = (*base, *path)
            if path[0] == "dna" and "dna" not in sheet:
                changes.append(Change((*base, "dna"), MISSING, {"left": value}))
            else:
                changes.append(Change(full, before, value))
    return changes
