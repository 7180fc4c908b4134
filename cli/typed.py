"""The words a reader types — an option's value, a command's verb, a rank, a step — in
either language, turned into meneur's own keys.

``content/ui/typed.toml`` gives each key its words in English and in French. A reader
is shown their own language's first word (in help, usage, errors and completion); any
word of either language is accepted, so ``--interest neutre`` works for an English
reader and ``meneur clock add`` for a French one, and a script runs under any locale.
What the command then uses, and the campaign keeps, is the key, never the word typed.
A command's sub-commands named in typed.toml (``meneur table``'s, ``meneur library``'s)
are verbs too: listed, and named in their usage, in the reader's words (:class:`Verbs`).

Light: the vocabulary is read (one small TOML file) the first time a word is looked up.
"""

from __future__ import annotations

import argparse
import unicodedata
from collections.abc import Iterable, Iterator, Mapping
from functools import cache
from typing import Any

__all__ = [
    "NEUTRAL_OPTIONS",
    "Choices",
    "Shown",
    "Verbs",
    "group_of",
    "key_of",
    "speak_choices",
    "vocabulary",
    "without_accents",
    "word_of",
    "words",
]

NEUTRAL_OPTIONS = frozenset({"lang", "engine", "format", "system", "notation", "grade", "shell"})
"""Options whose values are the same word in both languages, so need no vocabulary:
language codes, dice (d6, d20), file formats (markdown, html, toml, lonelog), the
systems' own names, a potion's grade (the seed's Standard, + and Max), shells."""


@cache
def _typed_toml() -> Mapping[str, Any]:
    from meneur.content import CONTENT
    from meneur.content.toml_reader import loads

    return loads((CONTENT / "ui" / "typed.toml").read_text(encoding="utf-8"))


def _group_of_option() -> Mapping[str, str]:
    """typed.toml's ``[options]``: an option whose group is not named as it is."""
    return dict(_typed_toml()["options"])


@cache
def vocabulary() -> Mapping[str, Mapping[str, Mapping[str, tuple[str, ...]]]]:
    """typed.toml: group → key → language → words (the first is the one shown)."""
    data = {group: keys for group, keys in _typed_toml().items() if group != "options"}
    return {
        group: {
            key: {lang: tuple(said) for lang, said in langs.items()} for key, langs in keys.items()
        }
        for group, keys in data.items()
    }


def without_accents(word: str) -> str:
    """``word`` without its accents (``débannir`` → ``debannir``), as typed on a keyboard
    without them, or named in a shell."""
    decomposed = unicodedata.normalize("NFKD", word)
    return "".join(c for c in decomposed if not unicodedata.combining(c))


def _plain(word: str) -> str:
    """``word`` as it is compared: lower case, no accents, ``_`` and spaces as ``-``."""
    return without_accents(word.strip().lower()).replace("_", "-").replace(" ", "-")


@cache
def _index(group: str) -> Mapping[str, str]:
    """Every word of ``group`` (and every key), compared plainly, to its key."""
    found: dict[str, str] = {}
    for key, langs in vocabulary()[group].items():
        found[_plain(key)] = key
        for said in langs.values():
            for word in said:
                found[_plain(word)] = key
    return found


def key_of(group: str, word: str) -> str | None:
    """The key ``word`` (in either language, any case, with or without accents) names
    in ``group``; None when it names none."""
    return _index(group).get(_plain(word))


def word_of(group: str, key: str, lang: str) -> str:
    """The word a reader of ``lang`` is shown for ``key``."""
    return vocabulary()[group][key][lang][0]


def words(group: str, lang: str, keys: Iterable[str] | None = None) -> list[str]:
    """The words a reader of ``lang`` is shown for ``keys`` (default: all of ``group``),
    in order."""
    return [word_of(group, key, lang) for key in (vocabulary()[group] if keys is None else keys)]


class Shown:
    """A list of words for a message, written in the language of the line that shows it
    (a usage error is worded when it is said, in its reader's language)."""

    def __init__(self, group: str, keys: Iterable[str] | None = None) -> None:
        self.group = group
        self.keys = tuple(vocabulary()[group] if keys is None else keys)

    def shown_in(self, lang: str) -> str:
        """The words as a reader of ``lang`` is shown them: ``a, b or c``."""
        said = words(self.group, lang, self.keys)
        if len(said) < 2:
            return "".join(said)
        return f"{', '.join(said[:-1])} {'ou' if lang == 'fr' else 'or'} {said[-1]}"

    def __str__(self) -> str:
        return self.shown_in("en")


class Choices:
    """An option's ``choices`` for argparse: what it lists (help, usage, errors) is the
    reader's words; what it holds is the keys, which the option's ``type`` has turned
    the typed word into."""

    def __init__(self, group: str, keys: Iterable[str], lang: str) -> None:
        self.group = group
        self.keys = tuple(keys)
        self.lang = lang

    def __iter__(self) -> Iterator[str]:
        return iter(words(self.group, self.lang, self.keys))

    def __len__(self) -> int:
        return len(self.keys)

    def __contains__(self, value: object) -> bool:
        return value in self.keys

    def key(self, text: str) -> str:
        """The key ``text`` names among these; ``text`` itself when it names none (so
        that argparse refuses it, listing the reader's words)."""
        found = key_of(self.group, text)
        return found if found in self.keys else text


class Verbs(dict[str, argparse.ArgumentParser]):
    """A command's sub-commands for argparse (its ``choices``, the parser of each verb):
    held by the reader's words, so that the help, usage, errors and completion list
    those; found by any word of either language too (``meneur table spectateurs`` and
    ``meneur table viewers`` are one verb)."""

    def __init__(
        self, group: str, parsers: Mapping[str, argparse.ArgumentParser], lang: str
    ) -> None:
        super().__init__((word_of(group, key, lang), parser) for key, parser in parsers.items())
        self.group = group
        self.by_key = dict(parsers)

    def __missing__(self, word: str) -> argparse.ArgumentParser:
        found = key_of(self.group, word)
        if found is None or found not in self.by_key:
            raise KeyError(word)
        return self.by_key[found]

    def __contains__(self, word: object) -> bool:
        if super().__contains__(word):
            return True
        return isinstance(word, str) and key_of(self.group, word) in self.by_key


def _speak_verbs(action: argparse._SubParsersAction[Any], lang: str) -> None:
    """Give the sub-commands of ``action`` (a typed.toml group named as its ``dest``)
    the words of ``lang``: their list, each one's usage line (``meneur table
    spectateurs``) and summary; the command still reads each verb as its key (the verb's
    parser sets it), whichever word was typed."""
    group = action.dest
    choices = action.choices
    parsers = choices.by_key if isinstance(choices, Verbs) else dict(choices)
    verbs = Verbs(group, parsers, lang)
    # argparse looks a typed verb up in both: they are one map.
    action.choices = action._name_parser_map = verbs
    for key, parser in parsers.items():
        parser.prog = f"{action._prog_prefix} {word_of(group, key, lang)}"
        parser.set_defaults(**{group: key})
    for summary in action._choices_actions:
        key = key_of(group, summary.dest) or summary.dest
        summary.dest = summary.metavar = word_of(group, key, lang)


def group_of(action: argparse.Action) -> str | None:
    """The typed.toml group of an option or argument with choices; None for one whose
    values are the same in both languages (or numbers)."""
    if action.dest in NEUTRAL_OPTIONS or isinstance(action, argparse._SubParsersAction):
        return None
    if not action.choices or not all(isinstance(c, str) for c in action.choices):
        return None
    return _group_of_option().get(action.dest, action.dest)


def speak_choices(parsers: Iterable[argparse.ArgumentParser], lang: str) -> None:
    """Give every option with choices of ``parsers`` its words in ``lang``, and let it
    take those of either language (see :class:`Choices`); the same for the verbs of a
    command whose sub-commands are a typed.toml group (see :class:`Verbs`)."""
    for each in parsers:
        for action in each._actions:
            if isinstance(action, argparse._SubParsersAction):
                # Only a verb's group is looked up: a roll's parser reads no vocabulary.
                if action.dest.endswith("_verb") and action.dest in vocabulary():
                    _speak_verbs(action, lang)
                continue
            group = group_of(action)
            if group is None:
                continue
            keys = action.choices.keys if isinstance(action.choices, Choices) else action.choices
            choices = Choices(group, keys, lang)  # type: ignore[arg-type]
            action.choices = choices
            action.type = choices.key
