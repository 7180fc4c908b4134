"""Every refusal of the rules core can be said in each reader's language.

Read from the source: each ``RulesError(...)`` the core raises names a ``message_key``;
each key it names exists in both languages; and each field its sentence fills in is a
value the call gives, so no sentence shows ``{most}`` or fails to format.
"""

from __future__ import annotations

import ast
import string
from collections.abc import Iterator
from pathlib import Path

import pytest

from meneur.content.strings import strings
from meneur.core.errors import RulesError, refused_value, unknown_key, within

CORE = Path(__file__).resolve().parents[2] / "core"
LANGUAGES = ("fr", "en")


def _calls() -> Iterator[tuple[str, ast.Call]]:
    for path in sorted(CORE.rglob("*.py")):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            if isinstance(node, ast.Call) and getattr(node.func, "id", None) == "RulesError":
                yield f"{path.relative_to(CORE.parent)}:{node.lineno}", node


def _keys(call: ast.Call) -> list[str] | None:
    """The literal keys a call may name (both branches of ``a if c else b``); None
    when it builds its key (the helpers of ``errors.py``)."""
    found = next((k.value for k in call.keywords if k.arg == "message_key"), None)
    if isinstance(found, ast.Constant) and isinstance(found.value, str):
        return [found.value]
    if isinstance(found, ast.IfExp):
        branches = (found.body, found.orelse)
        if all(isinstance(b, ast.Constant) and isinstance(b.value, str) for b in branches):
            return [b.value for b in branches if isinstance(b, ast.Constant)]
    return None


def _fields(text: str) -> set[str]:
    # A counted word ("{turns:turn|turns}") names its field before the colon.
    return {name.split(".")[0] for _, name, _, _ in string.Formatter().parse(text) if name}


def test_every_rules_error_of_the_core_names_its_sentence() -> None:
    unkeyed = [
        where for where, call in _calls() if not any(k.arg == "message_key" for k in call.keywords)
    ]
    assert not unkeyed


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_named_sentence_exists_and_gets_its_fields(lang: str) -> None:
    table = strings(lang)
    checked = 0
    for where, call in _calls():
        keys = _keys(call)
        if keys is None:
            continue
        given = {k.arg.removesuffix("_term") for k in call.keywords if k.arg}
        for key in keys:
            assert table.has(f"errors.{key}"), (where, key)
            missing = _fields(table.t(f"errors.{key}")) - given
            assert not missing, (where, key, missing)
            checked += 1
    assert checked > 300


def test_a_refusal_within_another_is_said_whole_in_each_language() -> None:
    inner = refused_value("chronoste.morning", "whole", "six")
    error = within("[2]", within("passives", unknown_key("colour")))
    assert strings("en").explain(inner) == 'chronoste.morning: expected a whole number, not "six"'
    assert strings("fr").explain(inner) == (
        'chronoste.morning\u00a0: un nombre entier est attendu, pas "six"'
    )
    assert strings("en").explain(error) == "[2]: passives: colour: unknown key"
    assert strings("fr").explain(error) == "[2]\u00a0: passives\u00a0: colour\u00a0: clé inconnue"
    assert isinstance(error, RulesError)
    assert str(error) == "[2]: passives: colour: unknown key"


SAVES = CORE.parent / "saves"


def _campaign_calls() -> Iterator[tuple[str, str, ast.Call]]:
    """Every ``CampaignError(...)`` and checker ``fail(...)`` of ``saves``, but the two
    that pass an error without a key on (``Checker.fail`` and ``Checker.rules``)."""
    for path in sorted(SAVES.rglob("*.py")):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for function in ast.walk(tree):
            if not isinstance(function, ast.FunctionDef) or function.name in ("fail", "rules"):
                continue
            for node in ast.walk(function):
                if not isinstance(node, ast.Call):
                    continue
                name = getattr(node.func, "id", getattr(node.func, "attr", None))
                if name in ("CampaignError", "fail"):
                    yield f"{path.relative_to(CORE.parent)}:{node.lineno}", name, node


def _campaign_keys(name: str, call: ast.Call) -> list[str] | None:
    """The literal keys a campaign error names (``campaign.`` added to a checker's
    ``fail``); [] when it names none; None when it passes another error's key on."""
    if name == "fail":
        if len(call.args) < 3:
            return []
        key = call.args[2]
        branches = [key.body, key.orelse] if isinstance(key, ast.IfExp) else [key]
        literal = [b.value for b in branches if isinstance(b, ast.Constant)]
        return [f"campaign.{k}" for k in literal] if len(literal) == len(branches) else None
    found = next((k.value for k in call.keywords if k.arg == "message_key"), None)
    if found is None:
        return []
    return _keys(call) or None


def test_every_campaign_error_of_saves_names_its_sentence() -> None:
    unkeyed = [where for where, name, call in _campaign_calls() if _campaign_keys(name, call) == []]
    assert not unkeyed


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_campaign_sentence_exists_and_gets_its_fields(lang: str) -> None:
    table = strings(lang)
    checked = 0
    for where, name, call in _campaign_calls():
        keys = _campaign_keys(name, call)
        if not keys:
            continue
        if name == "fail":
            if any(k.arg is None for k in call.keywords):  # ``**_found(value)``
                given = None
            else:
                given = {k.arg for k in call.keywords if k.arg}
        else:
            values = next((k.value for k in call.keywords if k.arg == "values"), None)
            given = (
                {k.value for k in values.keys if isinstance(k, ast.Constant)}
                if isinstance(values, ast.Dict)
                else (set() if values is None else None)
            )
        for key in keys:
            assert table.has(f"errors.{key}"), (where, key)
            if given is not None:
                missing = (
                    _fields(table.t(f"errors.{key}"))
                    - given
                    - ({"value"} if "kind" in given else set())
                )
                assert not missing, (where, key, missing)
            checked += 1
    assert checked > 100
