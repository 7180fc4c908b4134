"""Every word a reader types, in either language: each parser's choices are shown in the
reader's words and take the other language's too, as the same key; the commands that
take verbs, ranks and steps take them in both languages; typed.toml names each key once."""

from __future__ import annotations

import argparse
import re
from pathlib import Path

import pytest

from meneur.cli import typed
from meneur.cli.arguments import build_parser
from meneur.cli.main import main
from meneur.cli.parser_words import every_parser, speaking, translate_parser
from meneur.cli.rooms import commands
from meneur.cli.typed import word_of
from meneur.core.table_rules import GM_SEAT
from meneur.play import act
from meneur.play.story import items_of
from meneur.saves.campaign import Campaign

LANGUAGES = ("en", "fr")
OTHER = {"en": "fr", "fr": "en"}


def _parsers(lang: str) -> list[argparse.ArgumentParser]:
    """Every command's parser with its options: the campaign commands, and ``odds`` and
    ``roll`` of each system, in ``lang``."""
    built = [build_parser(None)]
    for name in commands():
        built += [build_parser(["roll", name]), build_parser(["odds", name])]
    for parser in built:
        translate_parser(parser, lang)
    return built


def _with_choices(lang: str) -> list[tuple[argparse.ArgumentParser, argparse.Action]]:
    return [
        (each, action)
        for parser in _parsers(lang)
        for each in every_parser(parser)
        for action in each._actions
        if action.choices and not isinstance(action, argparse._SubParsersAction)
    ]


def test_every_key_has_words_in_both_languages_and_no_word_names_two_keys() -> None:
    for group, keys in typed.vocabulary().items():
        plain: dict[str, str] = {}
        for key, langs in keys.items():
            assert sorted(langs) == sorted(LANGUAGES), (group, key)
            for lang in LANGUAGES:
                assert langs[lang], (group, key, lang)
            for word in {key, *langs["en"], *langs["fr"]}:
                assert plain.setdefault(typed._plain(word), key) == key, (group, word)


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_choice_is_shown_in_the_readers_words_and_takes_the_others(lang: str) -> None:
    with speaking(lang):
        found = _with_choices(lang)
        groups = set()
        for parser, action in found:
            if not all(isinstance(choice, str) for choice in action.choices):
                continue  # numbers (a die's size, an aura): the same in both languages
            if action.dest in typed.NEUTRAL_OPTIONS:
                continue
            assert isinstance(action.choices, typed.Choices), (parser.prog, action.dest)
            group, keys = action.choices.group, action.choices.keys
            groups.add(group)
            shown = typed.words(group, lang, keys)
            assert list(action.choices) == shown
            if action.option_strings:
                assert "{" + ",".join(shown) + "}" in parser.format_usage().replace("\n", "")
            for key in keys:
                for word in typed.vocabulary()[group][key][OTHER[lang]] + (key.upper(),):
                    value = parser._get_value(action, word)  # type: ignore[attr-defined]
                    parser._check_value(action, value)  # type: ignore[attr-defined]
                    assert value == key, (parser.prog, action.dest, word)
            with pytest.raises(argparse.ArgumentError) as refused:
                parser._check_value(action, parser._get_value(action, "nothing-of-the-sort"))  # type: ignore[attr-defined]
            assert ", ".join(repr(word) for word in shown) in str(refused.value)
    # Every option group of typed.toml is some parser's.
    verbs = {"story_verb", "rank", "time_step", "tension", "answer", "combat_verb"}
    verbs |= {"skill_verb", "fatigue_step", *SUB_COMMANDS.values()}
    assert set(typed.vocabulary()) - verbs == groups


SUB_COMMANDS = {"meneur table": "table_verb", "meneur library": "library_verb"}
"""The commands whose sub-commands are verbs a reader types in their language."""
NAMES = {"command", "system", "kind"}
"""The sub-commands that are names, the same in both languages: meneur's commands
(``meneur note``), the systems (``roll cosmos``), the kinds of character."""


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_sub_command_verb_is_shown_in_the_readers_words_and_takes_the_others(
    lang: str,
) -> None:
    with speaking(lang):
        found = set()
        for parser in _parsers(lang):
            for each in every_parser(parser):
                for action in each._actions:
                    if not isinstance(action, argparse._SubParsersAction):
                        continue
                    if action.dest in NAMES:
                        continue
                    assert isinstance(action.choices, typed.Verbs), (each.prog, action.dest)
                    group = action.choices.group
                    assert SUB_COMMANDS[each.prog] == group
                    found.add(group)
                    keys = list(typed.vocabulary()[group])
                    shown = typed.words(group, lang, keys)
                    assert list(action.choices) == shown
                    help_text = each.format_help()
                    summaries = [s.metavar for s in action._choices_actions]
                    assert summaries == shown
                    for word in shown:
                        assert f"\n    {word} " in help_text, (each.prog, word)
                    for key in keys:
                        verb = action.choices[word_of(group, key, lang)]
                        assert verb.prog == f"{each.prog} {typed.word_of(group, key, lang)}"
                        others = typed.vocabulary()[group][key][OTHER[lang]]
                        for word in (*others, key.upper()):
                            assert word in action.choices
                            assert action.choices[word] is verb, (each.prog, word)
                    with pytest.raises(argparse.ArgumentError) as refused:
                        each._check_value(action, "nothing-of-the-sort")  # type: ignore[attr-defined]
                    assert ", ".join(repr(word) for word in shown) in str(refused.value)
        assert found == set(SUB_COMMANDS.values())


@pytest.mark.parametrize(
    ("argv", "key"),
    [
        (["table", "spectateurs", "tous", "--lang", "en"], "viewers"),
        (["table", "viewers", "anyone", "--lang", "fr"], "viewers"),
        (["table", "Révoquer", "abc", "--lang", "en"], "revoke"),
        (["library", "montrer", "action", "--lang", "en"], "show"),
        (["library", "afficher", "action", "--lang", "fr"], "show"),
        (["library", "show", "action", "--lang", "fr"], "show"),
    ],
)
def test_a_sub_command_typed_in_either_language_is_read_as_its_key(
    argv: list[str], key: str
) -> None:
    from meneur.cli.arguments import parse_arguments

    args = parse_arguments(argv)
    assert getattr(args, f"{argv[0]}_verb") == key


@pytest.mark.parametrize(
    ("lang", "usage", "refused"),
    [
        (
            "en",
            "usage: meneur table viewers [-h] [--as NAME] [--lang {fr,en}] {anyone,none} [DIR]",
            "meneur table: error: argument VERB: invalid choice: 'x' (choose from 'list', 'gm',"
            " 'player', 'remove', 'ban', 'unban', 'invites', 'revoke', 'viewers')",
        ),
        (
            "fr",
            "usage\u00a0: meneur table spectateurs [-h] [--as NOM] [--lang {fr,en}]"
            " {tous,personne} [DOSSIER]",
            "'liste', 'mj', 'joueur', 'retirer', 'bannir', 'débannir', 'invitations',"
            " 'révoquer', 'spectateurs'",
        ),
    ],
)
def test_meneur_table_speaks_the_readers_verbs(capsys, lang: str, usage: str, refused: str) -> None:
    """Play-tested: a French reader's ``meneur table --help`` listed list, gm, player…,
    viewers, and ``meneur table spectateurs`` was refused."""
    with pytest.raises(SystemExit):
        main(["table", "viewers", "--help", "--lang", lang])
    out = re.sub(r"\n +", " ", capsys.readouterr().out)
    assert usage in out
    status, _, err = run(capsys, "table", "x", "--lang", lang)
    assert status == 2
    assert refused in err


def test_the_verbs_keys_are_the_commands_own() -> None:
    from meneur.cli.cosmos import combat, skills
    from meneur.cli.story import CLOCK_VERBS, LIST_VERBS, TRACK_VERBS
    from meneur.core.cosmos.fatigue import STEPS
    from meneur.core.story import RANKS

    vocabulary = typed.vocabulary()
    assert set(vocabulary["story_verb"]) == {*LIST_VERBS, *CLOCK_VERBS, *TRACK_VERBS}
    assert tuple(vocabulary["combat_verb"]) == combat.VERBS
    assert tuple(vocabulary["skill_verb"]) == skills.VERBS
    assert tuple(vocabulary["fatigue_step"]) == STEPS
    assert tuple(vocabulary["rank"]) == tuple(RANKS)


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    status = main(list(argv))
    out, err = capsys.readouterr()
    return status, out, err


def test_the_solo_commands_take_the_other_languages_words(capsys, tmp_path: Path) -> None:
    camp = Campaign.create(
        tmp_path / "s",
        system="resolution",
        name="S",
        options={"solo": True, "chronoste": True},
    )
    folder = str(camp.directory)
    said = [
        run(capsys, "track", folder, "ajouter", "Col", "redoutable", "--lang", "en"),
        run(capsys, "track", folder, "add", "Pass", "formidable", "--lang", "fr"),
        run(capsys, "clock", folder, "ajouter", "Siège", "4", "--lang", "en"),
        run(capsys, "clock", folder, "advance", "Siège", "--lang", "fr"),
        run(capsys, "thread", folder, "add", "Trouver", "--lang", "fr"),
        run(capsys, "thread", folder, "fermer", "Trouver", "--lang", "en"),
        run(capsys, "time", folder, "matin", "--lang", "en"),
        run(capsys, "time", folder, "night", "--lang", "fr"),
        run(capsys, "tension", folder, "plus", "--lang", "en"),
        run(capsys, "scene-end", folder, "yes", "--lang", "fr"),
    ]
    assert [status for status, _, _ in said] == [0] * len(said), said
    state = Campaign.open(camp.directory).state
    # Kept as meneur's keys, whichever language was typed.
    assert sorted(t["rank"] for t in state["trackers"].values() if "rank" in t) == [
        "redoutable",
        "redoutable",
    ]
    assert [t["value"] for t in state["trackers"].values() if "rank" not in t] == [1]
    assert [item.closed for item in items_of(state, "threads")] == [True]
    # The step in the reader's words, whichever was typed (it read "(night)" in French).
    assert said[6][1].startswith("#7 Time passes (morning)")
    assert said[7][1].startswith("#8 Le temps passe (nuit)")


@pytest.mark.parametrize(
    ("lang", "expected"),
    [
        ("en", "meneur clock: error: expected one of list, add, advance, ask or remove\n"),
        (
            "fr",
            "meneur clock\u00a0: erreur\u00a0: attendu\u00a0: l'un de liste, ajouter, avancer,"
            " demander ou retirer\n",
        ),
    ],
)
def test_a_wrong_verb_is_refused_in_the_readers_words(
    capsys, tmp_path: Path, lang: str, expected: str
) -> None:
    camp = Campaign.create(tmp_path / "s", system="resolution", name="S", options={"solo": True})
    status, _, err = run(capsys, "clock", str(camp.directory), "x", "y", "--lang", lang)
    assert (status, err) == (2, expected)


def test_the_great_cosmos_verbs_and_steps_in_the_other_language(capsys, tmp_path: Path) -> None:
    made = Campaign.create(tmp_path / "c", system="cosmos", name="C", options={"endurance": True})
    act.set_value(
        made, GM_SEAT, ("characters", "kael"), {"name": "Kael", "sheet": {"fp": 8, "fm": 3}}
    )
    folder = str(made.directory)
    status, out, err = run(capsys, "fatigue", folder, "kael", "repas", "--lang", "en")
    assert (status, out, err) == (
        0,
        "#2 Kael: Meal (−1 FP, −1 FM) · 1/3 today (FP 8 → 7, FM 3 → 2)\n",
        "",
    )
    status, out, err = run(capsys, "combat", folder, "kael", "defensive", "--lang", "fr")
    assert (status, err) == (0, "")
    status, out, err = run(capsys, "combat", folder, "kael", "voir", "--lang", "en")
    assert (status, out, err) == (0, "Kael — defensive posture\n", "")
