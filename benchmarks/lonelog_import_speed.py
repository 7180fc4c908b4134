"""How long ``meneur import lonelog`` takes over a long log (two years of notebooks): a
log of ``--lines`` lines generated from the notation's constructs (sessions, scenes,
actions with their rolls, questions with their answers, consequences, prose, clocks,
threads, people), imported into a new campaign as shipped (entries written in durable
steps of a thousand, :func:`meneur.play.lonelog_import.campaign_steps`) and, unless
``--steps-only``, entry by entry as before (each entry its own durable write: a chunk
rewritten and fsynced, the folder fsynced, campaign.toml rewritten when it changes).
Prints, for each, the entries made, the wall-clock and CPU seconds, and whether both
made the same journal (each entry's kind, text, written lines, visibility and
what its changes change).

    python benchmarks/lonelog_import_speed.py --lines 10000
"""

from __future__ import annotations

import argparse
import sys
import tempfile
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

SCENE = """### S{scene} *The mill, night {scene}*

@ Sneak past the guard
d: Stealth d6={die} vs TN 4 -> {outcome}
=> The guard turns; I hold my breath.

? Does backup arrive? (Likely)
-> Yes, and they have dogs
=> I need to run, fast.
[Clock:Alarm {alarm}/6]
[N:Guard {person}|watchful]

The rain keeps falling on the roof of the mill, and I wait.
[Thread:The miller's debt {thread}|Open]
"""
"""One scene of the generated log (about fifteen lines)."""


def generated(lines: int) -> str:
    """A Lonelog log of about ``lines`` lines: sessions of ten scenes."""
    parts = ["---", "title: Two years of notebooks", "ruleset: Loner", "---", ""]
    scene = 0
    while len(parts) < lines:
        if scene % 10 == 0:
            parts += [
                f"## Session {scene // 10 + 1}",
                f"*Date: 2025-01-{scene // 10 % 28 + 1:02d}*",
                "",
            ]
        scene += 1
        die = scene % 6 + 1
        text = SCENE.format(
            scene=scene,
            die=die,
            outcome="Success" if die >= 4 else "Fail",
            alarm=scene % 7,
            # A cast that grows slowly, as a campaign's does: a person and a thread are
            # stored as their whole list, changed (a new one each scene made the
            # journal grow as the square of the scenes).
            person=scene // 10,
            thread=scene // 20,
        )
        parts += text.split("\n")
    return "\n".join(parts[:lines]) + "\n"


@contextmanager
def one_by_one(campaign: Any) -> Iterator[Callable[[], None]]:
    """The import as it was before steps: under the lock, each entry its own write."""
    with campaign.work():
        yield lambda: None


def imported(text: str, folder: Path, *, steps: bool) -> tuple[int, float, float, list[Any]]:
    """Import ``text`` into ``folder``: its entries, wall and CPU seconds, and what each
    entry holds."""
    from meneur.play import lonelog_import
    from meneur.saves.campaign import Campaign

    shipped = lonelog_import.campaign_steps
    if not steps:
        lonelog_import.campaign_steps = one_by_one  # type: ignore[assignment]
    try:
        wall, cpu = time.perf_counter(), time.process_time()
        lonelog_import.import_lonelog(text, folder, system=None, name="Log", lang="en")
        wall, cpu = time.perf_counter() - wall, time.process_time() - cpu
    finally:
        lonelog_import.campaign_steps = shipped
    with Campaign.open(folder, write=False) as campaign:
        # What each holds, but what is drawn anew for each campaign (the dice's keys).
        held = [
            (e.kind, e.text, e.written, e.visibility, [c.path for c in e.changes])
            for e in campaign.journal
        ]
    return len(held), wall, cpu, held


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--lines", type=int, default=10_000, help="lines of the log")
    parser.add_argument("--steps-only", action="store_true", help="not entry by entry")
    args = parser.parse_args(argv)
    text = generated(args.lines)
    with tempfile.TemporaryDirectory(prefix="lonelog-speed-") as folder:
        entries, wall, cpu, held = imported(text, Path(folder) / "steps", steps=True)
        print(f"log of {args.lines:,} lines: {entries:,} entries")
        print(f"  in steps of 1,000 entries: wall {wall:.2f} s, CPU {cpu:.2f} s")
        if not args.steps_only:
            _, wall_before, cpu_before, before = imported(text, Path(folder) / "one", steps=False)
            print(f"  entry by entry:            wall {wall_before:.2f} s, CPU {cpu_before:.2f} s")
            print(f"  same entries: {'yes' if held == before else 'NO'}")
            print(f"  wall ratio {wall_before / wall:.1f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
