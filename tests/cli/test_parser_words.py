"""The command line's own words in French: every help text, placeholder and usage error
has its French in content/ui/cli.fr.toml, nothing there is left over, and a French
reader's help and errors carry no English word of meneur's."""

from __future__ import annotations

import argparse
import ast
import contextlib
import re
import string
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

from meneur.cli import parser_words
from meneur.cli.arguments import build_parser
from meneur.cli.rooms import commands
from tests.lexicon import foreign

CLI = Path(parser_words.__file__).parent


def _texts(parser: argparse.ArgumentParser) -> Iterator[tuple[str, str]]:
    """(table, English text) for each text ``parser`` and its commands show."""
    for each in parser_words.every_parser(parser):
        if each.description:
            yield "help", each.description
        for group in each._action_groups:
            for text in (group.title, group.description):
                if text:
                    yield "help", text
        for action in each._actions:
            actions = [action]
            if isinstance(action, argparse._SubParsersAction):
                actions += action._choices_actions
            for shown in actions:
                if shown.help and shown.help is not argparse.SUPPRESS:
                    yield "help", shown.help
                metavar = shown.metavar
                if metavar is None and shown.option_strings and shown.nargs != 0:
                    metavar = None if shown.choices else shown.dest.upper()
                parts = [metavar] if isinstance(metavar, str) else list(metavar or ())
                for part in parts:
                    for word in parser_words._WORD.findall(part):
                        if len(word) > 1:  # a letter (N, X, D) is one in both languages
                            yield "metavar", word


def _all_texts() -> set[tuple[str, str]]:
    found = set(_texts(build_parser(None)))
    for system in commands():
        found |= set(_texts(build_parser([system])))
    return found | _phrase_placeholders()


def _phrase_placeholders() -> set[tuple[str, str]]:
    """The placeholders of the verbs' phrases in usage errors (``Phrase("story_verb",
    "rename", "OLD NEW")``), which a French reader reads in French."""
    found: set[tuple[str, str]] = set()
    for path in CLI.rglob("*.py"):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Call) and ast.unparse(node.func) == "Phrase":
                tail = node.args[2] if len(node.args) > 2 else None
                if isinstance(tail, ast.Constant) and isinstance(tail.value, str):
                    found |= {
                        ("metavar", word)
                        for word in parser_words._WORD.findall(tail.value)
                        if len(word) > 1
                    }
    return found


def _constants(tree: ast.Module) -> dict[str, list[str]]:
    """A module's top-level names bound to a string, or to a dict or tuple of them."""
    named: dict[str, list[str]] = {}
    for node in tree.body:
        if isinstance(node, ast.Assign) and len(node.targets) == 1:
            target = node.targets[0]
            if isinstance(target, ast.Name):
                # What is not words (a parser's options, a number) is left out.
                with contextlib.suppress(AssertionError):
                    named[target.id] = _strings(node.value, {})
    return named


def _strings(node: ast.expr, named: dict[str, list[str]]) -> list[str]:
    """The messages an expression can be: a string, either branch of an ``if``, a
    module constant or any value of a constant table it indexes."""
    if isinstance(node, ast.Constant) and isinstance(node.value, str):
        return [node.value]
    if isinstance(node, ast.JoinedStr):
        raise AssertionError(f"an f-string as a usage error: {ast.unparse(node)}")
    if isinstance(node, ast.IfExp):
        return _strings(node.body, named) + _strings(node.orelse, named)
    if isinstance(node, ast.Name) and node.id in named:
        return named[node.id]
    if isinstance(node, ast.Subscript):
        return _strings(node.value, named)
    if isinstance(node, ast.Dict):
        return [s for value in node.values if value for s in _strings(value, named)]
    if isinstance(node, ast.Tuple):
        return [s for value in node.elts for s in _strings(value, named)]
    raise AssertionError(f"a usage error whose words cannot be read: {ast.unparse(node)}")


def _usage_messages() -> set[str]:
    """Every usage error message written in meneur's command line."""
    found: set[str] = set()
    for path in CLI.rglob("*.py"):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        named = _constants(tree)
        for node in ast.walk(tree):
            if not isinstance(node, ast.Call):
                continue
            called = ast.unparse(node.func)
            if called == "UsageError" and len(node.args) == 2:
                message = node.args[1]
            elif called == "parser_said" and node.args:
                message = node.args[0]
            else:
                continue
            if isinstance(message, ast.Name) and message.id == "message":
                continue  # argparse's own, already in the reader's language
            found.update(_strings(message, named))
    # Only a value, no words of its own: nothing to translate.
    return {text for text in found if re.sub(r"\{[^}]*\}", "", text).strip(" :")}


def _typed_words() -> frozenset[str]:
    """Words typed on the command line: every word of typed.toml (the verbs, steps,
    ranks and option values, in both languages), every choice of every parser, and the
    few values typed as words (true/false, a role)."""
    from meneur.cli.typed import vocabulary

    # Every word of typed.toml, in both languages, and its key.
    found = {
        word
        for group in vocabulary().values()
        for key, langs in group.items()
        for word in (key, *(w for said in langs.values() for w in said))
    }
    found |= {"true", "false", "viewer"}
    parsers = [build_parser(None), *(build_parser([system]) for system in commands())]
    for parser in parsers:
        for each in parser_words.every_parser(parser):
            for action in each._actions:
                found |= {str(choice) for choice in action.choices or ()}
    return frozenset(found)


TOKENS = _typed_words()


def _prose(text: str) -> str:
    """What a reader reads as sentences: placeholders, options, quoted code, the
    commands' names and the words typed on the command line left out."""
    text = re.sub(r"\{[^}]*\}|%\([^)]*\)\w|--[\w-]+|'[^']*'|`[^`]*`", " ", text)
    text = re.sub(r"\bmeneur(?: [a-z][\w-]*)*", " ", text)
    # A dotted key (characters.razors.name), a step's key (no_food), an option (dna=true).
    text = re.sub(r"\w+(?:[._=]\w+)+", " ", text)
    text = re.sub(r"\[[^\]]*\]\([^)]*\)", " ", text)  # a test notation: [Dressage](2)
    return " ".join(word for word in text.split(" ") if word.strip(",.;:()[]|\u00a0") not in TOKENS)


def _fields(text: str) -> list[str]:
    return sorted(name for _, name, _, _ in string.Formatter().parse(text) if name)


def test_every_text_of_the_parser_has_its_french() -> None:
    catalogue = parser_words.catalogue()
    missing = sorted(text for table, text in _all_texts() if text not in catalogue[table])
    assert missing == []


def test_every_usage_error_has_its_french_with_the_same_fields() -> None:
    usage = parser_words.catalogue()["usage"]
    messages = _usage_messages()
    assert sorted(messages - set(usage)) == []
    assert sorted(set(usage) - messages) == [], "French for errors meneur no longer makes"
    for english, french in usage.items():
        assert _fields(french) == _fields(english), english


def test_the_catalogue_has_nothing_left_over() -> None:
    catalogue = parser_words.catalogue()
    texts = _all_texts()
    for table in ("help", "metavar"):
        unused = sorted(set(catalogue[table]) - {text for kind, text in texts if kind == table})
        assert unused == [], table


def test_argparse_messages_keep_their_placeholders() -> None:
    for english, french in parser_words.catalogue()["argparse"].items():
        assert re.findall(r"%\(\w+\)[rs]|%[rs]", french) == re.findall(
            r"%\(\w+\)[rs]|%[rs]", english
        ), english


def test_french_is_french_and_typeset() -> None:
    catalogue = parser_words.catalogue()
    for table in ("help", "usage", "argparse"):
        for english, french in catalogue[table].items():
            prose = _prose(french)
            assert foreign(prose, "fr") == set(), (table, english)
            assert not re.search(r"\w[:;?!](?:\s|$)", prose), (table, french)


def _meneur(*argv: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "meneur.cli.main", *argv],
        capture_output=True,
        text=True,
        timeout=120,
    )


@pytest.mark.parametrize(
    "argv",
    [
        ["--help"],
        ["roll", "--help"],
        ["roll", "traits", "--help"],
        ["odds", "resolution", "--help"],
        ["export", "--help"],
        ["table", "ban", "--help"],
    ],
)
def test_a_french_readers_help_is_french(argv: list[str]) -> None:
    done = _meneur("--lang", "fr", *argv) if argv == ["--help"] else _meneur(*argv, "--lang", "fr")
    assert done.returncode == 0, done.stderr
    assert done.stdout.startswith("usage\u00a0: meneur")
    # The commands' names, listed at the start of a line, are the same in both languages.
    prose = _prose(re.sub(r"^\s+[\w-]+\s{2,}", " ", done.stdout, flags=re.MULTILINE))
    assert foreign(prose, "fr") == set()


def test_a_french_readers_usage_errors_are_french() -> None:
    done = _meneur("roll", "traits", "--dice", "x", "--lang", "fr")
    assert done.returncode == 2
    assert done.stderr == (
        "meneur roll traits\u00a0: erreur\u00a0: argument --dice\u00a0: "
        "doit être un nombre entier, pas «\u00a0x\u00a0»\n"
    )
    done = _meneur("roll", "traits", "--dice", "3", "--lang", "fr")
    assert done.stderr == (
        "meneur roll traits\u00a0: erreur\u00a0: donner --difficulty D "
        "(ou --against M pour un test en opposition)\n"
    )
    done = _meneur("roll", "nothing", "--lang", "fr")
    assert done.stderr.startswith("meneur roll\u00a0: erreur\u00a0: argument SYSTÈME\u00a0: ")
    assert "choix invalide\u00a0: 'nothing'" in done.stderr


def test_an_english_readers_errors_stay_english() -> None:
    done = _meneur("roll", "traits", "--dice", "x", "--lang", "en")
    assert done.stderr == (
        "meneur roll traits: error: argument --dice: must be a whole number, not “x”\n"
    )
    done = _meneur("roll", "traits", "--help", "--lang", "en")
    assert done.stdout.startswith("usage: meneur roll traits")
    assert foreign(done.stdout, "en") == set()


def test_english_help_is_free_of_the_slips_a_newcomer_met() -> None:
    """Play-tested (issue 62): English help offered ``+3j`` (French days); ``person``'s
    help offered a thread's progress roll, in its summary and its ``--seed``; the
    English keys page and the app's help glossed the palette's Theme in French."""
    from meneur.content.strings import strings

    parser = build_parser(None)
    parser_words.translate_parser(parser, "en")
    found = dict(
        next(a for a in parser._actions if isinstance(a, argparse._SubParsersAction)).choices
    )
    summaries = {
        each.dest: each.help or ""
        for action in parser._actions
        if isinstance(action, argparse._SubParsersAction)
        for each in action._choices_actions
    }
    assert "+3j" not in summaries["time"] + found["time"].format_help()
    assert "+3d" in found["time"].format_help()
    person = summaries["person"] + found["person"].format_help()
    assert "roll" not in person.lower()
    assert "roll NAME" in summaries["thread"]
    docs = Path(__file__).resolve().parents[2] / "docs"
    keys_page = (docs / "reference" / "keys.md").read_text(encoding="utf-8")
    english = strings("en")
    assert "Thème" not in keys_page
    assert [key for key in sorted(english.keys()) if "Thème" in english.t(key)] == []
