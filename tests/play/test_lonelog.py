"""Lonelog (a plain-text notation for solo logs): the campaign written in it, and a log
read back into a new campaign — meneur's own every question, roll and note kept (its
rolls replayed exactly), another's read for what it holds, nothing lost, and a report of
what each kind of line became."""

from __future__ import annotations

from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from meneur.cli.main import main
from meneur.saves.campaign import Campaign

from .test_story_export import solo_evening

FOREIGN = Path(__file__).parent / "lonelog_foreign.md"


def entries(directory: Path) -> list:  # type: ignore[type-arg]
    with Campaign.open(directory, write=False) as campaign:
        return list(campaign.journal)


def test_meneurs_own_log_comes_back_with_every_question_roll_and_note(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    played = tmp_path / "col"
    solo_evening(played, capsys)
    log = tmp_path / "col.lonelog.md"
    assert main(["export", str(played), "--format", "lonelog", "-o", str(log),
                 "--role", "gm", "--lang", "fr"]) == 0  # fmt: skip
    text = log.read_text(encoding="utf-8")
    assert text.startswith('---\ntitle: "Le col"\nruleset: "Les Traits"\n')
    assert "\n### S1 *La montée*\n" in text
    assert "\n? Les loups approchent avance-t-elle\u00a0?\n" in text
    assert "\n@ Grimper\nd: 3d6 [" in text
    assert "(chances\u00a0: 29,6\u00a0%)" in text  # the chance each roll had
    assert "[Clock:Les loups approchent 2/6]" in text
    assert "[Track:Atteindre le col 2/10|ardu]" in text
    back = tmp_path / "back"
    assert main(["import", "lonelog", str(log), str(back), "--lang", "fr"]) == 0
    said = capsys.readouterr().out
    assert said.startswith(f"importée\u00a0: {back} — Le col (Les Traits)\n")
    assert "1 jet rejoué à l'identique (de meneur)\n" in said
    assert "1 question\n" in said
    assert "ligne non lue" not in said  # meneur reads its own log whole
    before, after = entries(played), entries(back)
    rolls = [(e.roll["kind"], e.roll["inputs"], e.roll["dice"]) for e in before if e.roll]
    assert [(e.roll["kind"], e.roll["inputs"], e.roll["dice"]) for e in after if e.roll] == rolls
    notes = [e.text for e in before if e.kind == "note"]
    assert [e.text for e in after if e.kind == "note"][: len(notes)] == notes
    assert [e.text for e in after if e.kind in ("session", "scene")] == [
        e.text for e in before if e.kind in ("session", "scene")
    ]
    with Campaign.open(back, write=False) as campaign:
        trackers = {t["name"]: t["value"] for t in campaign.state["trackers"].values()}
    with Campaign.open(played, write=False) as campaign:
        assert trackers == {t["name"]: t["value"] for t in campaign.state["trackers"].values()}
    assert main(["check", str(back), "--verify-rolls"]) == 0


def test_anothers_log_is_read_for_what_it_holds_and_the_rest_kept(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    directory = tmp_path / "clearview"
    assert main(["import", "lonelog", str(FOREIGN), str(directory), "--lang", "en"]) == 0
    said = capsys.readouterr().out.splitlines()
    assert said[0].startswith(f"imported: {directory} — Clearview Mystery (")
    assert said[1:] == [
        "2 sessions",
        "2 scenes",
        "2 rolls of dice as played (typed in)",
        "1 question",
        "6 notes (prose, consequences, meta notes)",
        "1 thread",
        "1 person",
        "1 clock line",
        "3 lines not read as what they look like, kept as notes:",
        "  line 24: [L:Library|dark|quiet]",
        "  line 28: d: 2d6=8 vs TN 7 -> Success",  # a total of two dice: which faces?
        "  line 29: [Track:Escape 3/8]",  # meneur's tracks have 10 boxes
    ]
    found = entries(directory)
    rolls = [e for e in found if e.roll]
    assert [(e.roll["dice"][0]["face"], e.roll.get("physical")) for e in rolls] == [
        (5, True), (4, True),
    ]  # fmt: skip
    assert rolls[0].text == "Sneak past the guard (Fail)"  # the log's own outcome, kept
    assert rolls[1].text == "Jonah — Forces the door (Success)"
    texts = [e.text for e in found if e.kind == "note"]
    assert "? Does he see me clearly?\n-> No, but..." in texts  # another oracle's answer
    assert '"Day 47: the tides no longer obey the moon."' in texts[-1]  # the narrative
    with Campaign.open(directory, write=False) as campaign:
        lists = campaign.state["lists"]
        assert [(i["name"], i.get("closed", False)) for i in lists["threads"]] == [
            ("Find Jonah's Sister", True)
        ]
        assert [(i["name"], i.get("notes")) for i in lists["people"]] == [("Guard", "watchful")]
        assert [(t["name"], t["value"], t["max"]) for t in campaign.state["trackers"].values()] == [
            ("Alert", 2, 6)
        ]


KEPT = {
    # A line, and the words of it that must be in the journal once imported (None: it
    # is the log's structure, or what it says is kept as data: dice, a clock's value).
    "prose words": "prose words",
    "=> it opens": "it opens",
    "(note: hmm)": "hmm",
    "[X:??]": "[X:??]",
    "[Clock:C 9/4]": "[Clock:C 9/4]",
    "[Track:T 2/10|nope]": "[Track:T 2/10|nope]",
    "(meneur: {not json})": "(meneur: {not json})",
    "tbl: T d6=2 -> two": "tbl: T d6=2 -> two",
    "? Q?": "Q?",
    "@ Pick the lock": "Pick the lock",
    "d: 3d6 [1, 2, 3] -> ok": "ok",
    "d: d6=5 -> Success": "Success",
    "-> Yes": None,  # an answer: with its question, or nothing was asked
    "[Clock:C 1/4]": None, "[Track:T 2.25/10|ardu]": None, "[Thread:F|Open]": None,
    "[N:Jo|kind]": None, "[#N:Jo]": None, '(meneur: {"kind": "nope"})': None,
    "## Session": None, "### S1 *x*": None, "S2 *y*": None, "```": None, "": None,
}  # fmt: skip


@settings(
    max_examples=40, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
@given(st.lists(st.sampled_from(sorted(KEPT)), max_size=25))
def test_any_log_imports_and_loses_no_word(
    tmp_path_factory: pytest.TempPathFactory, lines: list[str]
) -> None:
    from meneur.play.lonelog_import import import_lonelog

    directory = tmp_path_factory.mktemp("log") / "c"
    import_lonelog("\n".join(lines), directory, system=None, name="Log")
    told = "\n".join(e.text for e in entries(directory))
    for line in lines:  # (a narrative block, kept whole, is the foreign log's test)
        words = KEPT[line]
        if words is not None:
            assert words in told, (line, told)
