"""The command line's own words — argparse's usage, help and errors, meneur's help texts
and its usage errors — in the reader's language.

The English is written where the parser is built (it is the source, as a gettext msgid);
the French is a catalogue, ``content/ui/cli.fr.toml``, keyed by that English. A test walks
every command of every system and fails on a text the catalogue lacks or a catalogue line
no parser uses, so the two cannot drift apart. argparse words its own messages through
``gettext`` (``argparse._``): while a French parser is built and run, that function is
the catalogue's (there are no ``.mo`` files to install for one process and one language).

Light: :mod:`meneur.cli.usage` and the start-up import it; the catalogue is read only
when the reader is French.
"""

from __future__ import annotations

import argparse
import re
import string
from collections.abc import Iterator, Mapping
from contextlib import contextmanager
from functools import cache

from .typed import Shown, speak_choices, word_of

__all__ = [
    "Phrase",
    "argv_language",
    "catalogue",
    "every_parser",
    "said",
    "speaking",
    "translate_parser",
]


@cache
def catalogue() -> Mapping[str, Mapping[str, str]]:
    """The French catalogue: ``help`` (meneur's texts), ``argparse`` (argparse's own
    messages), ``metavar`` (the placeholders: ``DIR`` → ``DOSSIER``), ``usage`` (meneur's
    usage errors, with their ``{fields}``)."""
    from meneur.content import CONTENT
    from meneur.content.toml_reader import loads

    data = loads((CONTENT / "ui" / "cli.fr.toml").read_text(encoding="utf-8"))
    return {name: dict(table) for name, table in data.items()}


def french(text: str, table: str = "help") -> str:
    """``text`` in French from the catalogue's ``table``; ``text`` itself when the
    catalogue lacks it (a test makes sure it does not)."""
    return catalogue()[table].get(text, text)


_now = ["en"]
"""The language :func:`speaking` speaks, for an argument's type checks that argparse
calls as it parses."""


def said(message: str, lang: str | None = None, **values: object) -> str:
    """A usage error ``message`` (English, with ``{fields}``) in ``lang`` (default: the
    language being spoken, see :func:`speaking`), filled in."""
    lang = lang or _now[-1]
    if lang == "fr":
        message = french(message, "usage")
    return _Quoting(lang).format(message, **values) if values else message


class _Quoting(string.Formatter):
    """``{value!r}`` as the reader's language quotes what was typed (“Pirates”,
    « Pirates »), never Python's notation; control characters made visible; a field
    ``{n:one|many}`` as the word a number of it takes."""

    def __init__(self, lang: str) -> None:
        self.lang = lang

    def format_field(self, value: object, format_spec: str) -> str:
        """A field whose spec is ``one|many``: the word a number of it takes."""
        if "|" not in format_spec:
            return str(super().format_field(value, format_spec))
        from meneur.content.strings import is_one

        one, many = format_spec.split("|", 1)
        return one if is_one(value, self.lang) else many

    def get_value(self, key: int | str, args: object, kwargs: dict[str, object]) -> object:  # type: ignore[override]
        # A list of typed words (meneur.cli.typed.Shown) is written in this line's language.
        value = super().get_value(key, args, kwargs)  # type: ignore[arg-type]
        shown_in = getattr(value, "shown_in", None)
        return shown_in(self.lang) if callable(shown_in) else value

    def convert_field(self, value: object, conversion: str | None) -> object:
        if conversion != "r":
            return super().convert_field(value, conversion)
        from meneur.core.text import cut

        shown = cut(str(value), 200)
        return f"«\u00a0{shown}\u00a0»" if self.lang == "fr" else f"“{shown}”"


def argv_language(argv: list[str]) -> str:
    """The language a command line speaks before it is understood (for its help and
    its usage errors): its ``--lang``, else the one chosen in the app, else the
    locale's."""
    from meneur.content.strings import LANGUAGES

    from .language import users_language

    for index, argument in enumerate(argv):
        if argument == "--lang" and index + 1 < len(argv) and argv[index + 1] in LANGUAGES:
            return argv[index + 1]
        if argument.startswith("--lang=") and argument[7:] in LANGUAGES:
            return argument[7:]
    return users_language()


@contextmanager
def speaking(lang: str) -> Iterator[None]:
    """argparse's own words (``usage:``, ``options``, its errors) in ``lang`` while
    the block runs: they are looked up as they are used, both when a parser is built
    and when it parses or prints its help."""
    if lang != "fr":
        yield
        return
    english, english_plural = argparse._, argparse.ngettext  # type: ignore[attr-defined,unused-ignore]

    def plural(singular: str, plural_: str, count: int) -> str:
        return french(singular if count == 1 else plural_, "argparse")

    argparse._ = lambda text: french(text, "argparse")  # type: ignore[attr-defined]
    argparse.ngettext = plural  # type: ignore[attr-defined]
    _now.append(lang)
    try:
        yield
    finally:
        _now.pop()
        argparse._ = english  # type: ignore[attr-defined]
        argparse.ngettext = english_plural  # type: ignore[attr-defined]


def translate_parser(parser: argparse.ArgumentParser, lang: str) -> None:
    """Put ``parser`` and every command under it into ``lang``: descriptions, help,
    group titles, the commands' summaries and the placeholders; and every option with
    choices shows the reader's words and takes those of either language
    (:mod:`meneur.cli.typed`)."""
    speak_choices(every_parser(parser), lang)
    if lang != "fr":
        return
    for each in every_parser(parser):
        if each.description:
            each.description = french(each.description)
        for group in each._action_groups:
            if group.title:
                # argparse writes the colon after a title: French puts a space before it.
                group.title = french(group.title).rstrip() + "\u00a0"
            if group.description:
                group.description = french(group.description)
        for action in each._actions:
            _translate_action(action)
            if isinstance(action, argparse._SubParsersAction):
                for summary in action._choices_actions:
                    _translate_action(summary)


def _translate_action(action: argparse.Action) -> None:
    if action.help and action.help is not argparse.SUPPRESS:
        action.help = french(action.help)
    if isinstance(action.metavar, str):
        action.metavar = _metavar(action.metavar)
    elif isinstance(action.metavar, tuple):
        action.metavar = tuple(_metavar(part) for part in action.metavar)
    elif action.option_strings and action.nargs != 0 and not action.choices:
        # argparse would write the destination in capitals (--label LABEL).
        action.metavar = _metavar(action.dest.upper())


_WORD = re.compile(r"[A-Z][A-Z_]+|[A-Z]")


def _metavar(text: str) -> str:
    return _WORD.sub(lambda found: french(found.group(0), "metavar"), text)


def metavar_in(text: str, lang: str) -> str:
    """The placeholders of ``text`` (``NAME TEXT``) as a reader of ``lang`` reads them."""
    return _metavar(text) if lang == "fr" else text


def every_parser(parser: argparse.ArgumentParser) -> Iterator[argparse.ArgumentParser]:
    """``parser`` and every parser under it, each once."""
    seen: set[int] = set()
    waiting = [parser]
    while waiting:
        each = waiting.pop()
        if id(each) in seen:
            continue
        seen.add(id(each))
        yield each
        for action in each._actions:
            if isinstance(action, argparse._SubParsersAction):
                waiting.extend(action.choices.values())


class Phrase(Shown):
    """A verb and what follows it (``add NAME``), for a usage error: the verb in the
    reader's words, the placeholders too (``ajouter NOM``)."""

    def __init__(self, group: str, key: str, tail: str = "") -> None:
        super().__init__(group, (key,))
        self.tail = tail

    def shown_in(self, lang: str) -> str:
        """``verb TAIL`` as a reader of ``lang`` reads it."""
        tail = metavar_in(self.tail, lang) if self.tail else ""
        return " ".join(part for part in (word_of(self.group, self.keys[0], lang), tail) if part)
