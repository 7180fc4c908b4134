"""The command line's reference page, written from the command line's own parser, so it
cannot drift from what ``meneur`` accepts.

    .venv/bin/python docs/cli_reference.py          # rewrite docs/reference/cli.md and cli.fr.md
    .venv/bin/python docs/cli_reference.py --check  # exit 1 if either is out of date

Every command, every system of ``odds``/``roll`` and every verb of ``table`` gets its usage
line, its description and a table of its arguments (choices and defaults included).
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

PAGES = {
    "en": Path(__file__).resolve().parent / "reference" / "cli.md",
    "fr": Path(__file__).resolve().parent / "reference" / "cli.fr.md",
}
WIDTH = 96
"""Columns of the usage lines (fixed, whatever the terminal the page is made in)."""

HEAD = {
    "en": """# Command-line reference

<!-- Written by docs/cli_reference.py from meneur's own parser: do not edit by hand. -->

Every command of `meneur`, as its parser defines it. Anything `meneur` cannot act on is one
line on standard error and exit status 2. Commands that take a campaign `DIR` use the
campaign used last when it is left out (the [guides](../index.md) show them at work).
Rolls and odds print text, or one JSON object with `--json`; their shapes are described in
[scripting meneur](../guides/scripting.md).
""",
    "fr": """# Référence de la ligne de commande

<!-- Écrit par docs/cli_reference.py d'après l'analyseur de meneur : ne pas modifier à la main. -->

Toutes les commandes de `meneur`, telles que son analyseur les définit, dans la langue que
donne `--lang fr`. Tout ce que `meneur` ne peut pas faire tient en une ligne sur la sortie
d'erreur, avec le code de sortie 2. Les commandes qui prennent le `DOSSIER` d'une campagne
utilisent la dernière campagne utilisée quand il est omis (les [guides](../index.md) les
montrent à l'œuvre). Les jets et les chances s'affichent en texte, ou en un seul objet JSON
avec `--json` ; leur forme est décrite dans [piloter meneur par script](../guides/scripting.md).
""",
}

WORDS = {
    "en": {
        "one_of": "one of: ",
        "default": "default: ",
        "required": "required",
        "header": "| argument | what it does |",
        "app": "open the app (the table)",
        "and": "; ",
    },
    "fr": {
        "one_of": "l'un de\u00a0: ",
        "default": "par défaut\u00a0: ",
        "required": "obligatoire",
        "header": "| argument | ce qu'il fait |",
        "app": "ouvrir l'application (la table)",
        "and": "\u00a0; ",
    },
}


def _formatter(prog: str) -> argparse.HelpFormatter:
    return argparse.HelpFormatter(prog, width=WIDTH, max_help_position=40)


def _subparsers(parser: argparse.ArgumentParser) -> dict[str, argparse.ArgumentParser]:
    """The sub-commands of ``parser``, in the order they were added."""
    for action in parser._actions:
        if isinstance(action, argparse._SubParsersAction):
            return dict(action.choices)
    return {}


def _summaries(parser: argparse.ArgumentParser) -> dict[str, str]:
    """Each sub-command's one-line help."""
    for action in parser._actions:
        if isinstance(action, argparse._SubParsersAction):
            return {choice.dest: choice.help or "" for choice in action._choices_actions}
    return {}


def _prose(text: str) -> str:
    """Help text as Markdown prose: its brackets are the test notation, not links."""
    return text.replace("[", "\\[").replace("]", "\\]")


def _cell(text: str) -> str:
    return _prose(text).replace("|", "\\|").replace("\n", " ")


def _argument(action: argparse.Action) -> str:
    """How an argument is written: ``--score N``, ``DIR``, ``--json``."""
    if not action.option_strings:
        return str(action.metavar or action.dest)
    if action.nargs == 0:
        return ", ".join(action.option_strings)
    metavar = action.metavar or (
        "{" + ",".join(str(c) for c in action.choices) + "}"
        if action.choices
        else action.dest.upper()
    )
    if isinstance(metavar, tuple):
        metavar = " ".join(metavar)
    return ", ".join(f"{option} {metavar}" for option in action.option_strings)


def _what(action: argparse.Action, lang: str) -> str:
    """What an argument does, with its choices and default when it has them."""
    words = WORDS[lang]
    parts = [(action.help or "").replace("%%", "%")]
    shown = action.option_strings and action.metavar is None  # as {a,b,c} already
    if action.choices and not shown and not isinstance(action, argparse._SubParsersAction):
        parts.append(f"{words['one_of']}{', '.join(f'`{c}`' for c in action.choices)}")
    default = action.default
    if (
        action.option_strings
        and action.nargs != 0
        and default not in (None, False, "", [], argparse.SUPPRESS)
    ):
        parts.append(f"{words['default']}`{default}`")
    if action.required and action.option_strings:
        parts.append(words["required"])
    return WORDS[lang]["and"].join(part for part in parts if part)


def _section(
    name: str, parser: argparse.ArgumentParser, summary: str, level: int, lang: str
) -> str:
    parser.formatter_class = _formatter
    usage = parser.format_usage().strip().removeprefix("usage: ").removeprefix("usage\u00a0: ")
    lines = [f"{'#' * level} `{name}`", ""]
    said = summary or ""
    if parser.description:
        said = f"{said}. {parser.description}" if said else parser.description
    if said:
        lines += [_prose(said[0].upper() + said[1:]), ""]
    lines += ["```text", usage, "```", ""]
    rows = [
        action
        for action in parser._actions
        if action.help is not argparse.SUPPRESS
        and not isinstance(action, argparse._HelpAction | argparse._SubParsersAction)
    ]
    if rows:
        lines += [WORDS[lang]["header"], "|---|---|"]
        lines += [f"| `{_argument(a)}` | {_cell(_what(a, lang))} |" for a in rows]
        lines.append("")
    return "\n".join(lines)


def reference(lang: str = "en") -> str:
    """The whole page in ``lang``: the parser as a reader of that language gets it."""
    sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
    from meneur.cli.parser_words import speaking

    with speaking(lang):
        return _reference(lang)


def _parser(argv: list[str] | None, lang: str) -> argparse.ArgumentParser:
    from meneur.cli.arguments import build_parser
    from meneur.cli.parser_words import translate_parser

    parser = build_parser(argv)
    translate_parser(parser, lang)
    return parser


def _reference(lang: str) -> str:
    from meneur.cli.rooms import commands

    top = _parser(None, lang)
    parts = [HEAD[lang], _section("meneur", top, WORDS[lang]["app"], 2, lang)]
    summaries = _summaries(top)
    system_word = "SYSTÈME" if lang == "fr" else "SYSTEM"
    for command, parser in _subparsers(top).items():
        if command in ("odds", "roll"):
            parts.append(
                _section(f"meneur {command} {system_word}", parser, summaries[command], 2, lang)
            )
            for system, test in commands().items():
                if command == "odds" and test.rolled_only:
                    continue
                # Each system's options are built only when it is named (see arguments.py).
                full = _subparsers(_parser([system], lang))[command]
                system_parser = _subparsers(full)[system]
                parts.append(
                    _section(
                        f"meneur {command} {system}",
                        system_parser,
                        _summaries(full)[system],
                        3,
                        lang,
                    )
                )
            continue
        parts.append(_section(f"meneur {command}", parser, summaries[command], 2, lang))
        inner = _subparsers(parser)
        seen: set[int] = set()
        for verb, verb_parser in inner.items():
            if id(verb_parser) in seen:
                continue  # a verb's other word (importer for import): one section
            seen.add(id(verb_parser))
            said = _summaries(parser)[verb]
            parts.append(_section(f"meneur {command} {verb}", verb_parser, said, 3, lang))
    return "\n".join(parts).rstrip() + "\n"


def main() -> int:
    stale = False
    for lang, path in PAGES.items():
        page = reference(lang)
        if "--check" in sys.argv[1:]:
            current = path.read_text(encoding="utf-8") if path.exists() else ""
            stale = stale or current != page
            continue
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(page, encoding="utf-8")
    return 1 if stale else 0


if __name__ == "__main__":
    sys.exit(main())
