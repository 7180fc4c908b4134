"""``meneur thread|person|clock|track``: the story's loose ends from the command line,
each change one journal entry that undo takes back; a random pick journaled as a roll;
campaign.toml's lists and trackers checked, naming file and key."""

from __future__ import annotations

from pathlib import Path

import pytest

from meneur.cli.main import main
from meneur.content.strings import strings
from meneur.play.reading import read_entry
from meneur.saves.campaign import Campaign


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    status = main(list(argv))
    out, err = capsys.readouterr()
    return status, out, err


@pytest.fixture
def camp(tmp_path: Path) -> str:
    return str(Campaign.create(tmp_path / "s", system="traits", name="S").directory)


def test_threads_are_added_marked_closed_and_undone(capsys, camp) -> None:
    assert run(capsys, "thread", camp, "add", "Retrouver la caravane", "--weight", "2")[0] == 0
    run(capsys, "thread", camp, "add", "Qui a trahi Alix\u00a0?")
    said = run(capsys, "thread", camp, "progress", "retrouver LA caravane", "--lang", "fr")[1]
    assert said.strip() == "#3 Retrouver la caravane\u00a0: 1/10"
    said = run(capsys, "thread", camp, "close", "qui a trahi alix\u00a0?", "--lang", "fr")[1]
    assert said.strip() == "#4 Fil refermé\u00a0: Qui a trahi Alix\u00a0?"
    listed = run(capsys, "thread", camp, "list")[1]
    assert listed.splitlines() == [
        "• Retrouver la caravane  [1/10]  ×2",
        "✓ Qui a trahi Alix\u00a0?",
    ]
    run(capsys, "undo", camp)
    assert run(capsys, "thread", camp, "list")[1].splitlines()[1] == "• Qui a trahi Alix\u00a0?"
    lists = Campaign.open(Path(camp)).state["lists"]["threads"]
    assert lists == [
        {"name": "Retrouver la caravane", "weight": 2, "progress": 1},
        "Qui a trahi Alix\u00a0?",
    ]


def test_a_name_twice_or_unknown_is_refused_and_nothing_written(capsys, camp) -> None:
    run(capsys, "person", camp, "add", "Alix")
    before = (Path(camp) / "campaign.toml").read_bytes()
    status, _, err = run(capsys, "person", camp, "add", "ALIX")
    assert status == 2
    assert "“ALIX” is in the list already" in err
    status, _, err = run(capsys, "person", camp, "close", "Bruno")
    assert status == 2
    assert "no “Bruno” in the list" in err
    assert (Path(camp) / "campaign.toml").read_bytes() == before


def test_what_is_missing_is_said_in_the_readers_words(capsys, camp) -> None:
    """A verb without its name, a clock or a track not there: the verb as the reader
    typed it, and the kind in their language (never the command's English name)."""
    before = (Path(camp) / "campaign.toml").read_bytes()
    said = {
        ("thread", "fermer"): "meneur thread\u00a0: erreur\u00a0: attendu\u00a0: fermer NOM\n",
        ("person", "rename"): "meneur person: error: expected rename OLD NEW\n",
        (
            "clock",
            "avancer",
            "Rien",
        ): "meneur clock\u00a0: erreur\u00a0: pas d'horloge «\u00a0Rien\u00a0»\n",
        ("track", "mark", "Nothing"): "meneur track: error: no track “Nothing”\n",
    }
    for (command, *words), expected in said.items():
        lang = "fr" if expected.startswith(f"meneur {command}\u00a0") else "en"
        assert run(capsys, command, camp, *words, "--lang", lang)[::2] == (2, expected)
    assert (Path(camp) / "campaign.toml").read_bytes() == before


def test_a_random_person_is_a_journaled_roll_among_the_open_ones(capsys, camp) -> None:
    for name in ("Alix", "Bruno", "Céleste"):
        run(capsys, "person", camp, "add", name)
    run(capsys, "person", camp, "close", "Bruno")
    picked = set()
    for seed in range(30):
        status, out, _ = run(capsys, "person", camp, "random", "--seed", str(seed))
        assert status == 0
        picked.add(out.splitlines()[-3].removeprefix("→ "))
    assert picked == {"Alix", "Céleste"}
    entry = Campaign.open(Path(camp)).journal.latest(1)[0]
    assert entry.text == ""  # named when read, in each reader's language
    campaign = Campaign.open(Path(camp))
    said = {lang: read_entry(entry, campaign, strings(lang).t).text for lang in ("fr", "en")}
    assert said == {
        "fr": "Une personne au hasard",
        "en": "A random person (Une personne au hasard)",
    }
    assert entry.roll["system"] == "tables"


def test_a_clock_fills_by_hand_and_by_the_oracle_and_says_when_complete(capsys, camp) -> None:
    assert run(capsys, "clock", camp, "add", "Les loups", "4", "--gm")[0] == 0
    said = run(capsys, "clock", camp, "advance", "les loups", "2", "--lang", "fr")[1]
    assert said.strip() == "#2 Les loups\u00a0: 0 → 2 sur 4"  # what changed, told once
    out = run(capsys, "clock", camp, "ask", "Les loups", "--likelihood", "5", "--seed", "2")[1]
    assert "Oracle oui/non" in out
    state = Campaign.open(Path(camp)).state["trackers"]["les_loups"]
    assert state["gm"] is True
    entry = Campaign.open(Path(camp)).journal.latest(1)[0]
    filled = {"yes_and": 4, "yes_but": 3}.get(entry.roll["outcome"], 2)
    assert state["value"] == filled  # the oracle's answer, with the clock's change
    run(capsys, "clock", camp, "advance", "Les loups", "-3")
    out = run(capsys, "clock", camp, "advance", "Les loups", "9", "--lang", "fr")[1]
    assert out.strip().endswith(" → 4 sur 4 — complète")
    status, _, err = run(capsys, "clock", camp, "add", "X", "5")
    assert status == 2
    assert "4, 6, 8 or 12 segments" in err


def test_a_track_fills_at_its_rank(capsys, camp) -> None:
    run(capsys, "track", camp, "add", "Atteindre le col", "ardu")
    said = run(capsys, "track", camp, "mark", "Atteindre le col", "--lang", "en")[1]
    assert said.strip() == "#2 Atteindre le col: 0 → 2 of 10"  # a hard track: two boxes
    said = run(capsys, "track", camp, "mark", "Atteindre le col", "4", "--lang", "fr")[1]
    assert said.strip() == "#3 Atteindre le col\u00a0: 2 → 10 sur 10 — complète"
    assert (
        run(capsys, "track", camp, "list")[1].strip()
        == "Atteindre le col — Hard (2 boxes)  ■■■■■■■■■■"
    )


def test_clocks_and_tracks_read_in_their_readers_language_whoever_wrote_them(capsys, camp) -> None:
    """Written in French, read in English, after the clock is gone too."""
    for words in (
        ["clock", camp, "add", "Embuscade", "4"],
        ["clock", camp, "advance", "Embuscade", "4"],
        ["track", camp, "add", "Le col", "ardu"],
        ["clock", camp, "remove", "Embuscade"],
    ):
        assert run(capsys, *words, "--lang", "fr")[0] == 0
    english = run(capsys, "journal", camp, "--lang", "en")[1]
    for line in (
        "Clock: Embuscade",
        "Embuscade: 0 → 4 of 4 — complete",
        "Track: Le col",
        "Clock removed: Embuscade",
    ):
        assert line in english
    for french in ("Horloge", "Piste", "complète", "retirée"):
        assert french not in english
    french = run(capsys, "journal", camp, "--lang", "fr")[1]
    assert "Horloge retirée\u00a0: Embuscade" in french
    assert "Embuscade\u00a0: 0 → 4 sur 4 — complète" in french


def test_an_empty_list_of_clocks_says_so_in_the_readers_language(capsys, camp) -> None:
    assert run(capsys, "clock", camp, "list", "--lang", "fr")[1] == "(vide)\n"
    assert run(capsys, "track", camp, "list", "--lang", "en")[1] == "(empty)\n"


def test_a_progress_roll_sets_a_tracks_filled_boxes_against_two_d10(capsys, camp) -> None:
    from meneur.core.records import roll_seeded
    from meneur.core.solo import ProgressTest, roll_progress

    run(capsys, "track", camp, "add", "Le col", "ardu")
    run(capsys, "track", camp, "mark", "Le col", "3")  # 3 marks of 2 boxes: 6 boxes
    status, out, _ = run(capsys, "track", camp, "roll", "Le col", "--seed", "5", "--lang", "fr")
    assert status == 0
    record = roll_seeded(roll_progress, ProgressTest(6, "Le col", "le_col"), 5)
    faces = " ".join(str(d.face) for d in record.dice)
    beaten = "battu" if record.result < 2 else "battus"
    assert f"Dés de défi\u00a0: {faces} — {record.result} {beaten}" in out
    assert out.splitlines()[-1].startswith("journal\u00a0: entrée #")
    for lang, said in (
        ("fr", "Jet de progression\u00a0: Le col, 6/10"),
        ("en", "Progress roll: Le col, 6/10"),
    ):
        assert f"**{said}**" in run(capsys, "export", camp, "--lang", lang)[1]
    # A thread's progress rolls the same way; a person has none.
    run(capsys, "thread", camp, "add", "La caravane")
    run(capsys, "thread", camp, "progress", "La caravane", "7")
    assert "7/10" in run(capsys, "thread", camp, "roll", "La caravane")[1]
    run(capsys, "person", camp, "add", "Alix")
    status, _, err = run(capsys, "person", camp, "roll", "Alix")
    assert (status, err.strip()) == (2, "meneur person: error: a progress roll is a thread's")


def test_a_progress_roll_on_the_gms_track_is_the_gms(capsys, camp) -> None:
    run(capsys, "track", camp, "add", "Le complot", "epique", "--gm")
    assert run(capsys, "track", camp, "roll", "Le complot")[0] == 0
    for role in (["--role", "audience"], ["--as", "alice"]):
        journal = run(capsys, "journal", camp, *role)[1]
        exported = run(capsys, "export", camp, "--detailed", *role)[1]
        assert "complot" not in journal + exported
    assert "Le complot, 0/10" in run(capsys, "journal", camp, "--role", "gm")[1]


@pytest.mark.parametrize(
    ("added", "key"),
    [
        ('threads = [{ name = "A", weight = 7 }]', "lists.threads[0]: a weight is 1 to 3, not 7"),
        ('people = ["A", "a"]', "lists.people"),
        ('[trackers.c]\nname = "C"\nkind = "clock"\nvalue = 9\nmax = 6\n', "trackers.c"),
        ('[trackers.t]\nname = "T"\nkind = "track"\nrank = "facile"\nvalue = 0\n', "trackers.t"),
    ],
)
def test_check_refuses_a_broken_list_or_tracker_naming_its_key(capsys, camp, added, key) -> None:
    path = Path(camp) / "campaign.toml"
    text = path.read_text(encoding="utf-8")
    if added.startswith("["):
        text += "\n" + added
    else:  # a list of the [lists] table campaign.toml has already
        name = added.split(" = ")[0]
        text = text.replace(f"{name} = []", added)
    path.write_text(text, encoding="utf-8")
    status, _, err = run(capsys, "check", camp)
    assert status == 2
    assert f"campaign.toml: {key}" in err


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_a_story_change_is_kept_as_meneurs_words_read_in_each_readers_language(
    capsys, tmp_path: Path, lang: str
) -> None:
    """Play-tested: ``meneur thread`` kept "Fil : …", "Fil renommé : …", "poids 2" in the
    journal of an English campaign, whoever typed it. Each change is kept as meneur's own
    words, its text in the campaign's language, and each reader reads their own."""
    other = {"en": "fr", "fr": "en"}[lang]
    camp = str(Campaign.create(tmp_path / "s", system="traits", name="S", language=lang).directory)
    for words in (
        ["thread", camp, "add", "Le col"],
        ["thread", camp, "rename", "Le col", "La passe"],
        ["thread", camp, "note", "La passe", "sous la neige"],
        ["thread", camp, "weight", "La passe", "2"],
        ["thread", camp, "progress", "La passe"],
        ["thread", camp, "close", "La passe"],
        ["thread", camp, "reopen", "La passe"],
        ["person", camp, "add", "Alix"],
        ["person", camp, "close", "Alix"],
    ):
        assert run(capsys, *words, "--lang", other)[0] == 0, words
    entries = [e for e in Campaign.open(Path(camp)).journal if e.kind == "change"]
    keys = [entry.words["key"] if entry.words else None for entry in entries]
    assert keys == [
        "story.added_thread",
        "story.renamed_thread",
        "story.noted_thread",
        "story.weighted_thread",
        "story.progressed",
        "story.closed_thread",
        "story.reopened_thread",
        "story.added_person",
        "story.closed_person",
    ]
    expected = {
        "en": [
            "Thread: Le col",
            "Thread renamed: Le col → La passe",
            "Thread: La passe — sous la neige",
            "Thread: La passe, weight 2",
            "La passe: 1/10",
            "Thread closed: La passe",
            "Thread reopened: La passe",
            "Person: Alix",
            "Person closed: Alix",
        ],
        "fr": [
            "Fil\u00a0: Le col",
            "Fil renommé\u00a0: Le col → La passe",
            "Fil\u00a0: La passe — sous la neige",
            "Fil\u00a0: La passe, poids 2",
            "La passe\u00a0: 1/10",
            "Fil refermé\u00a0: La passe",
            "Fil rouvert\u00a0: La passe",
            "Personne\u00a0: Alix",
            "Personne refermée\u00a0: Alix",
        ],
    }
    # The file's text is the campaign's language, whatever the command was told.
    assert [entry.text for entry in entries] == expected[lang]
    campaign = Campaign.open(Path(camp))
    for reader in ("en", "fr"):
        t = strings(reader).t
        assert [read_entry(e, campaign, t).text for e in entries] == expected[reader]
