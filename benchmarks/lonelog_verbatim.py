"""How much of a Lonelog log comes back as it was written (issue 61): each log imported
into a new campaign (``meneur import lonelog``), exported again (``meneur export
--format lonelog``), and its lines compared with what came in.

Logs are taken from the files given: a ``.md`` file of the notation's specification (or
any Markdown page) gives each of its fenced code blocks as a log; a folder gives its
``.md`` files so. Without files, the test corpus (``tests/play/lonelog_corpus``), each
file one log. Prints, over them all: the logs, the lines in, the lines not back
verbatim (their ends' spaces aside) and the lines lost (their words nowhere in the
export), then why, by the kind of line (:func:`meneur.play.lonelog_read.kind_of`), and
what the import made of the constructs (each kind, each reason one was kept as a note).

    python benchmarks/lonelog_verbatim.py ~/lonelog/docs/en/lonelog.md ~/lonelog/docs/fr
"""

from __future__ import annotations

import argparse
import difflib
import re
import sys
import tempfile
from collections import Counter
from pathlib import Path

CORPUS = Path(__file__).parent.parent / "tests" / "play" / "lonelog_corpus"
_BLOCK = re.compile(r"^```[^\n]*\n(.*?)^```\s*$", re.DOTALL | re.MULTILINE)


def logs_of(path: Path, whole: bool) -> list[tuple[str, str]]:
    """The logs ``path`` holds, each with a name: the file whole (``whole``), else each
    of its fenced code blocks."""
    text = path.read_text(encoding="utf-8")
    if whole:
        return [(path.name, text)]
    return [(f"{path.name}#{n}", found.group(1)) for n, found in enumerate(_BLOCK.finditer(text))]


def measured(text: str, folder: Path, made: Counter[str]) -> tuple[list[str], list[str]]:
    """A log's lines, and those of its export once imported (what the import made of
    its constructs added to ``made``: each kind, and each reason a construct was kept
    as a note)."""
    from meneur.play.lonelog import lonelog_lines
    from meneur.play.lonelog_import import import_lonelog
    from meneur.saves.campaign import Campaign

    report = import_lonelog(text, folder, system=None, name="Log", lang="en")
    made.update({kind: count for kind, count in report.counts.items() if kind != "kept"})
    made.update(f"kept: {why}" for _, _, why, _ in report.kept)
    with Campaign.open(folder, write=False) as campaign:
        out = list(lonelog_lines(campaign, "en"))
    lines = text.split("\n")
    if len(lines) > 1 and lines[-1] == "":
        lines.pop()
    return lines, out


def main(argv: list[str] | None = None) -> int:
    from meneur.play.lonelog_read import kind_of

    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("paths", nargs="*", type=Path, help="spec pages or folders of them")
    args = parser.parse_args(argv)
    logs: list[tuple[str, str]] = []
    if not args.paths:
        for path in sorted(CORPUS.glob("*.md")):
            logs += logs_of(path, whole=True)
    for path in args.paths:
        for page in sorted(path.glob("*.md")) if path.is_dir() else [path]:
            logs += logs_of(page, whole=False)
    lines_in = not_back = lost = 0
    why: Counter[str] = Counter()
    made: Counter[str] = Counter()
    worst: list[tuple[int, str]] = []
    with tempfile.TemporaryDirectory(prefix="lonelog-") as folder:
        for number, (name, text) in enumerate(logs):
            came, went = measured(text, Path(folder) / str(number), made)
            said = "\n".join(went)
            matcher = difflib.SequenceMatcher(
                None, [x.rstrip() for x in came], [x.rstrip() for x in went], autojunk=False
            )
            kept = sum(block.size for block in matcher.get_matching_blocks())
            missed = [
                line
                for tag, i1, i2, _, _ in matcher.get_opcodes()
                if tag in ("replace", "delete")
                for line in came[i1:i2]
            ]
            lines_in += len(came)
            not_back += len(came) - kept
            lost += sum(1 for line in missed if line.strip() and line.strip() not in said)
            why.update(kind_of(line.strip()) for line in missed)
            if missed:
                worst.append((len(missed), name))
    share = not_back / lines_in if lines_in else 0.0
    print(f"logs {len(logs)}, lines in {lines_in}, not back verbatim {not_back} "
          f"({share:.1%}), lost {lost}")  # fmt: skip
    for kind, count in why.most_common():
        print(f"  {kind}: {count}")
    for count, name in sorted(worst, reverse=True)[:10]:
        print(f"  {name}: {count} lines not back")
    print("what the constructs became:")
    for kind, count in sorted(made.items()):
        print(f"  {kind}: {count}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
