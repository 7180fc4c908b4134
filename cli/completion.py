"""``meneur completion bash|zsh|fish``: the shell's completion script for meneur, written
from the parser itself by shtab (a library made for argparse), in the reader's language:
the options' values, the commands' verbs and their descriptions are the reader's words.

shtab is imported here alone: the command line's start-up never pays for it.
"""

from __future__ import annotations

import argparse
from typing import Any

__all__ = ["SHELLS", "completion_script"]

SHELLS = ("bash", "zsh", "fish")
"""The shells a script is written for."""

VERBS = {
    "thread": ("story_verb", "LIST_VERBS"),
    "person": ("story_verb", "LIST_VERBS"),
    "clock": ("story_verb", "CLOCK_VERBS"),
    "track": ("story_verb", "TRACK_VERBS"),
    "time": ("time_step", None),
    "tension": ("tension", None),
    "scene-end": ("answer", None),
    "combat": ("combat_verb", None),
    "skill": ("skill_verb", None),
    "fatigue": ("fatigue_step", None),
}
"""The commands whose words include a verb or a step (after the campaign's folder), and
where their verbs are: a typed.toml group, and the command's own subset of it."""

FOLDERS = frozenset({"directory", "campaign", "source"})
"""Arguments that name a folder (a campaign's)."""

FILES = frozenset({"file", "output", "export", "pack"})
"""Arguments that name a file."""


def completion_script(shell: str, lang: str) -> str:
    """The completion script of ``shell`` for every command of meneur, in ``lang``."""
    import shtab

    from .arguments import build_parser
    from .parser_words import every_parser, speaking, translate_parser

    with speaking(lang):
        parser = build_parser(None, every_system=True)
        translate_parser(parser, lang)
        for each in every_parser(parser):
            for action in each._actions:
                if action.dest in FOLDERS:
                    action.complete = shtab.DIRECTORY  # type: ignore[attr-defined]
                elif action.dest in FILES:
                    action.complete = shtab.FILE  # type: ignore[attr-defined]
        for name, command in _commands(parser).items():
            if name in VERBS:
                _complete_verbs(name, command, lang)
        _plain_sub_commands(list(every_parser(parser)))
        return str(shtab.complete(parser, shell=shell))


def _plain_sub_commands(parsers: list[argparse.ArgumentParser]) -> None:
    """Offer a sub-command spelled with accents (``meneur table débannir``) by its
    spelling without them, which meneur accepts as well (typed.toml): a completion
    script names its functions and variables after the sub-commands, and a shell's
    names are ASCII (bash refused the whole script)."""
    from .typed import without_accents

    for each in parsers:
        for action in each._actions:
            if isinstance(action, argparse._SubParsersAction):
                action.choices = {
                    without_accents(name): sub for name, sub in action.choices.items()
                }
                for choice in action._choices_actions:
                    choice.dest = without_accents(choice.dest)
                    if isinstance(choice.metavar, str):
                        choice.metavar = without_accents(choice.metavar)


def _commands(parser: argparse.ArgumentParser) -> dict[str, argparse.ArgumentParser]:
    for action in parser._actions:
        if isinstance(action, argparse._SubParsersAction):
            return dict(action.choices)
    return {}


def _complete_verbs(name: str, command: argparse.ArgumentParser, lang: str) -> None:
    """Let the words of ``command`` complete to a campaign's folder or one of its verbs,
    in the reader's words."""
    from . import story
    from .typed import words

    group, subset = VERBS[name]
    verbs = " ".join(words(group, lang, getattr(story, subset) if subset else None))
    function = "_meneur_" + name.replace("-", "_") + "_words"
    complete: dict[str, Any] = {
        "bash": function,
        "zsh": f"_alternative 'verbs:verb:({verbs})' 'folders:folder:_files -/'",
        "fish": f"(__fish_complete_directories) {verbs}",
        "preamble": {
            "bash": f'{function}() {{\n  compgen -d -- "$1"\n  compgen -W "{verbs}" -- "$1"\n}}\n'
        },
    }
    for action in command._actions:
        if action.dest == "words":
            action.complete = complete  # type: ignore[attr-defined]
