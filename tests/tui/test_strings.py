"""The interface speaks French and English with the same keys, and uses no missing key."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from meneur.tui.i18n import LANGUAGES, default_language, strings

TUI = Path(__file__).resolve().parents[2] / "tui"
USED = re.compile(r"""\bt\(\s*["']([a-z_]+\.[a-z_.-]+)["']""")


def test_both_languages_have_the_same_keys() -> None:
    french, english = (strings(lang).keys() for lang in LANGUAGES)
    assert french == english
    assert len(french) > 100


def test_every_key_the_interface_uses_exists() -> None:
    used = {
        key for path in TUI.rglob("*.py") for key in USED.findall(path.read_text(encoding="utf-8"))
    }
    assert len(used) > 60
    missing = sorted(used - strings("fr").keys())
    assert not missing


def test_every_rules_error_key_is_said_in_both_languages() -> None:
    root = TUI.parent
    used = {
        key
        for folder in ("core", "tui", "saves")
        for path in (root / folder).rglob("*.py")
        for key in re.findall(r'message_key="([a-z_.]+)"', path.read_text(encoding="utf-8"))
    }
    assert used
    for lang in LANGUAGES:
        assert not {f"errors.{key}" for key in used} - strings(lang).keys()


def test_every_binding_id_has_a_description() -> None:
    ids = {
        key
        for path in TUI.rglob("*.py")
        for key in re.findall(r"""id="([a-z_]+)"\)""", path.read_text(encoding="utf-8"))
    }
    for ident in ids & {"help", "roll", "command", "undo", "redo", "export", "campaigns", "quit"}:
        assert f"bindings.{ident}" in strings("en").keys()  # noqa: SIM118 - keys() is Strings' API


@pytest.mark.parametrize(
    ("variable", "value", "lang"),
    [("LANG", "fr_FR.UTF-8", "fr"), ("LANG", "en_GB.UTF-8", "en"), ("LC_ALL", "fr_CA", "fr")],
)
def test_the_default_language_follows_the_locale(
    variable: str, value: str, lang: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    for name in ("LC_ALL", "LC_MESSAGES", "LANG"):
        monkeypatch.delenv(name, raising=False)
    monkeypatch.setenv(variable, value)
    assert default_language() == lang


def test_strings_format_their_fields() -> None:
    assert strings("fr").t("app.journaled", id=12) == "Journal\u00a0: entrée n°12"
    assert strings("en").t("app.journaled", id=12) == "Journal: entry #12"


def test_every_table_or_list_on_a_sheet_has_an_example_of_what_to_type() -> None:
    from meneur.core import sheets
    from meneur.core.systems import BUILT_IN
    from meneur.saves.schema import options_of

    keys = strings("fr").keys()
    for system, options in {key: options_of(key) for key in BUILT_IN}.items():
        every = {name: True for name, (kind, _) in options.items() if kind is bool}
        for section in sheets.layout(system, every, {}):
            for field in section.fields:
                if field.kind not in (sheets.Kind.NUMBER, sheets.Kind.TEXT):
                    assert f"sheet.example.{system}.{field.key}" in keys, (system, field.key)


@pytest.mark.parametrize(
    "typed",
    [
        "1234567d6",
        "4d6k",
        "1" * 501,
        "",
        "+".join(["1"] * 52),
        "1001d6",
        "2d6 3",
        "2d6+",
        "0d6",
        "2dx",
        "3d0",
        "1d10001",
        "2d6k3",
        "2d6d2",
        "8d6>=",
    ],
)
def test_every_dice_notation_error_is_said_in_both_languages(typed: str) -> None:
    from meneur.core.errors import DiceNotationError
    from meneur.core.notation import parse

    with pytest.raises(DiceNotationError) as caught:
        parse(typed)
    for lang in LANGUAGES:
        said = strings(lang).explain(caught.value)
        assert caught.value.message_key is not None
        assert "errors." not in said
        assert "{" not in said
        if lang == "fr":
            assert said != str(caught.value)


@pytest.mark.parametrize(
    ("parser", "typed"),
    [
        ("test", "Dressage](2)"),
        ("test", "[Dressage(2)"),
        ("test", "[](2)"),
        ("test", "[Dres[sage](2)"),
        ("test", "[Dressage]2"),
        ("test", "[Dressage](2, 3, 4, 5, 6)"),
        ("test", "[Mecanique](2, 0, 1h)"),
        ("test", "[Mecanique](2h, 10)"),
        ("test", "[Rituel](10, 2, 1, 3)"),
        ("test", "[Dressage](1234567)"),
        ("test", "[Dressage](2)\u00a0!"),
        ("skill", "Bluff +10, 6"),
        ("skill", "<+10, 6>"),
        ("skill", "Bluff<+10, 6"),
        ("skill", "Bluff<+10<, 6>"),
        ("skill", "Bluff<+10>"),
        ("skill", "Bluff<+10, >"),
        ("skill", "Bluff<+1x0, 6>"),
        ("skill", "Bluff<+10, -1>"),
        ("skill", "B" * 301),
        ("card", "Épée"),
        ("card", "[Équipement/Armes]"),
        ("card", "Épée [Équipement/Armes"),
        ("card", "Épée [Équipement]"),
        ("card", "Épée [Bazar/Armes]"),
        ("card", "Épée [Équipement/Bazar]"),
        ("card", "Épée [Équipement/Armes] VIT 3"),
        ("card", "Épée [Équipement/Armes] ATT 3, ATT 4"),
        ("card", "Épée [Équipement/Armes] ATT"),
        ("card", "Épée [Équipement/Armes] ATT dix"),
        ("card", "É" * 81 + " [Équipement/Armes]"),
    ],
)
def test_every_sphérier_and_card_notation_error_is_said_in_both_languages(
    parser: str, typed: str
) -> None:
    from meneur.core.errors import NotationError
    from meneur.core.spherier.notation import parse_skill, parse_test
    from meneur.core.systemj.cards import parse_card

    read = {"test": parse_test, "skill": parse_skill, "card": parse_card}[parser]
    with pytest.raises(NotationError) as caught:
        read(typed)
    assert caught.value.message_key is not None
    for lang in LANGUAGES:
        said = strings(lang).explain(caught.value)
        assert "errors." not in said
        assert "{" not in said
    assert strings("fr").explain(caught.value) != str(caught.value)
