"""A Lonelog log from elsewhere (by hand, another tool, the notation's own examples)
comes in whole — each construct what it is in meneur where meneur has it, else kept as
written — and goes out line for line as it came (issue 61)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from meneur.cli.main import main
from meneur.saves.campaign import Campaign

CORPUS = Path(__file__).parent / "lonelog_corpus"
EIGHT = (CORPUS / "readme_core.md").read_text(encoding="utf-8")
"""The notation's README's "entire core system" in eight lines (CC BY-SA 4.0, see
lonelog_corpus/ATTRIBUTION.txt)."""


def imported(text: str, directory: Path, lang: str = "en") -> list[str]:
    """Import ``text`` into ``directory``; the report's lines in ``lang``."""
    from meneur.content.strings import strings
    from meneur.play.lonelog_import import import_lonelog, report_lines

    report = import_lonelog(text, directory, system=None, name="Log")
    return list(report_lines(report, strings(lang).t))


def exported(directory: Path) -> str:
    from meneur.play.lonelog import lonelog_lines

    with Campaign.open(directory, write=False) as campaign:
        return "\n".join(lonelog_lines(campaign, "en")) + "\n"


def campaign_of(directory: Path) -> tuple[list[Any], Any, Any]:
    """What a campaign holds, ids and times aside: its entries' kinds, texts and rolls,
    its trackers and its lists (threads, people)."""
    with Campaign.open(directory, write=False) as campaign:
        found = [
            (e.kind, e.text, None if e.roll is None else dict(e.roll), e.written)
            for e in campaign.journal
        ]
        trackers = sorted(
            (t["name"], t["kind"], t["value"]) for t in campaign.state["trackers"].values()
        )
        return found, trackers, campaign.state["lists"]


def test_the_core_in_eight_lines_comes_in_as_played_and_goes_out_the_same(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    log = tmp_path / "alley.md"
    log.write_text(EIGHT, encoding="utf-8")
    assert main(["import", "lonelog", str(log), str(tmp_path / "c"), "--lang", "en"]) == 0
    assert capsys.readouterr().out.splitlines()[1:] == [
        "1 scene",
        "1 action with its roll made elsewhere (skill, dice, target and outcome as played)",
        "1 question answered by another oracle (likelihood and answer as played)",
        "2 consequences",
    ]
    with Campaign.open(tmp_path / "c", write=False) as campaign:
        entries = list(campaign.journal)
    assert [(e.kind, e.text) for e in entries] == [
        ("scene", "Dark alley, midnight"),
        ("roll", "Sneak past the guard"),
        ("note", "The guard spots me and shouts an alarm"),
        ("oracle", "Does backup arrive?"),
        ("note", "I need to run—fast"),
    ]
    roll, question = entries[1].roll, entries[3].roll
    assert roll is not None
    assert question is not None
    assert roll["inputs"] == {
        "skill": "Stealth",
        "rolled": "4",
        "target": "TN 5",
        "outcome": "Fail",
    }
    assert (roll["physical"], roll["text"], roll["dice"]) == (True, "Fail", [])
    assert question["inputs"]["likelihood"] == "Likely"
    assert question["text"] == "Yes, and they have dogs"
    assert main(["check", str(tmp_path / "c"), "--verify-rolls"]) == 0
    out = tmp_path / "out.md"
    assert main(["export", str(tmp_path / "c"), "--format", "lonelog", "-o", str(out),
                 "--role", "gm"]) == 0  # fmt: skip
    assert out.read_text(encoding="utf-8") == EIGHT  # no front matter added, nothing lost


@pytest.mark.parametrize("name", ["campaign.md", "analog.md", "partylog.md", "older_notation.md"])
def test_a_log_of_the_corpus_goes_out_as_it_came_and_comes_back_the_same(
    tmp_path: Path, name: str
) -> None:
    text = (CORPUS / name).read_text(encoding="utf-8")
    imported(text, tmp_path / "c")
    assert exported(tmp_path / "c") == text
    imported(exported(tmp_path / "c"), tmp_path / "again")
    assert campaign_of(tmp_path / "again") == campaign_of(tmp_path / "c")


def test_the_older_notation_reads_its_action_and_outcome(tmp_path: Path) -> None:
    imported((CORPUS / "older_notation.md").read_text(encoding="utf-8"), tmp_path / "c")
    with Campaign.open(tmp_path / "c", write=False) as campaign:
        found = [(e.kind, e.text, (e.roll or {}).get("text")) for e in campaign.journal]
    assert found == [
        ("session", "Session 1", None),
        ("scene", "The toll bridge", None),
        ("roll", "Talk the toll down", "Fail"),  # "> action", "d: … => outcome"
        ("note", "The keeper doubles it.", None),
        ("oracle", "Is there another way across?", "Yes, but..."),
        ("note", "A ford, upstream, and the river is high.", None),
        ("note", "> A quotation from the old map,\n> with no roll", None),
    ]


def test_a_tag_left_open_ends_at_a_blank_line_and_the_rest_is_read(tmp_path: Path) -> None:
    log = "[PC:Jonah\n  | trait: reckless\n\n@ Climb\nd: Athletics d6=4 vs TN 4 -> Success\n"
    said = imported(log, tmp_path / "c")
    assert said == [
        "1 action with its roll made elsewhere (skill, dice, target and outcome as played)",
        "1 construct meneur has no equivalent for, kept as written in a note:",
        "  line 1: [PC:Jonah — a tag over several lines",
    ]
    assert exported(tmp_path / "c") == log


def test_the_report_names_each_line_kept_as_text_and_why_in_the_readers_language(
    tmp_path: Path,
) -> None:
    said = imported((CORPUS / "campaign.md").read_text(encoding="utf-8"), tmp_path / "c", "fr")
    assert said[:3] == ["2 séances", "5 scènes", "3 actions avec leurs jets faits ailleurs"
                        " (compétence, dés, seuil et résultat tels que joués)"]  # fmt: skip
    timer = "  ligne 47\u00a0: [Timer:Dawn 5] — une étiquette [Timer:…]\u00a0: meneur ne garde"
    assert f"{timer} rien de ce genre" in said
    result = "  ligne 46\u00a0: -> Maybe (d6=3) — un résultat sans action ni question avant lui"
    assert result in said
    with Campaign.open(tmp_path / "c", write=False) as campaign:
        state = campaign.state
        names = {t["name"]: (t["kind"], t["value"]) for t in state["trackers"].values()}
        threads = [(i["name"], i.get("closed", False)) for i in state["lists"]["threads"]]
        people = [(i["name"], i.get("notes")) for i in state["lists"]["people"]]
    # A clock, a thread and a person a consequence names are made too.
    assert names == {"Tide Rises": ("clock", 2), "Ring the Bell": ("track", 8)}
    assert threads == [("The Bell Rope", True)]
    assert people == [("Tobin", "wary, soaked")]


def test_what_is_played_after_the_import_follows_the_log_and_an_edited_note_is_rewritten(
    tmp_path: Path,
) -> None:
    from meneur.core.table_rules import GM_SEAT
    from meneur.play import act

    imported(EIGHT, tmp_path / "c")
    with Campaign.open(tmp_path / "c") as campaign:
        note = next(e for e in campaign.journal if e.kind == "note")
        act.edit_note(campaign, GM_SEAT, note.id, "The guard only shrugs")
        act.note(campaign, GM_SEAT, "Later, at the inn")
    lines = exported(tmp_path / "c").splitlines()
    assert lines[:3] == EIGHT.splitlines()[:3]
    assert lines[3:5] == ["", "The guard only shrugs"]  # as meneur writes a note
    assert lines[-2:] == ["", "Later, at the inn"]


# --- Logs generated from the grammar ----------------------------------------------------

words = st.text(st.sampled_from("abcdefgh ,.'!—éà"), min_size=1, max_size=12).map(
    lambda text: text.strip() or "x"
)
name = st.text(st.sampled_from("ABCDEFabcdef "), min_size=1, max_size=8).map(
    lambda text: text.strip() or "N"
)
die = st.sampled_from(["d6=5", "d20=17", "2d6=8", "3d6 [4, 5, 3]", "4", "5≥4", "d100=42", ""])
target = st.sampled_from(["", " vs TN 5", " vs DC 15", " vs Skill 55", " vs 4+"])
outcome = st.sampled_from([" -> Success", " -> Fail", " -> Strong Hit", "", " S"])
action = st.tuples(st.sampled_from(["@ ", "@(Kira) ", "@(A > B) "]), words).map("".join)
roll = st.tuples(st.just("d: "), words | st.just(""), st.just(" "), die, target, outcome).map(
    lambda parts: "".join(parts).replace("  ", " ")
)
question = st.tuples(
    st.just("? "), words, st.just("?"), st.sampled_from(["", " (Likely)", " (50/50)"])
).map("".join)
answer = st.sampled_from(["-> Yes", "-> No, but...", "-> Yes, and they have dogs (d6=6)"])
tag = st.tuples(
    st.sampled_from(["N", "L", "PC", "Thread", "Clock", "E", "Track", "Timer", "Inv", "#N"]),
    name,
    st.sampled_from(["", "|Open", "|Closed", " 2/6", " 3/4", " 2.5/10", " 5/5", "|wary"]),
).map(lambda parts: f"[{parts[0]}:{parts[1]}{parts[2]}]")
construct = st.one_of(
    st.tuples(action, roll).map("\n".join),
    st.tuples(question, answer).map("\n".join),
    action, roll, question, answer, tag,
    words.map(lambda w: f"=> {w}"),
    st.tuples(words, tag).map(lambda parts: f"=> {parts[0]} {parts[1]}"),
    words.map(lambda w: f"(note: {w})"),
    words.map(lambda w: f"tbl: {w} d6=3 -> {w}"),
    words,
    st.sampled_from(["", "```", "## Session 1", "*Date: 2025-09-03*", "=== Session 2 ===",
                     "### S1 *Dark alley*", "S2 *Docks*", "S3a", "T1-S2 *City*",
                     "### S4 The tower", "\\---\nThe rain.\n\nIt fell.\n---\\", "# Title",
                     "[PC:Jonah\n  | trait: friendly\n  | status: wounded\n]",
                     "gen: NPC\n  Role: d6=3 -> Merchant\n  Want: d6=1 -> Escape",
                     "  => indented, with spaces after  ", "| a | b |\n|---|---|",
                     "> Talk the toll down\nd: Persuade d6=2 vs TN 4 => Fail", "> a quote"]),
)  # fmt: skip
front = st.sampled_from(["", "---\ntitle: Log\nruleset: Loner\ngenre: noir\n---\n"])
a_log = st.tuples(front, st.lists(construct, min_size=1, max_size=12)).map(
    lambda parts: parts[0] + "\n".join(parts[1]) + "\n"
)
"""A log as the notation's grammar writes it (its constructs in any order)."""


@settings(max_examples=15, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(a_log)
def test_any_log_of_the_grammar_goes_out_as_it_came_and_imports_the_same(
    tmp_path_factory: pytest.TempPathFactory, log: str
) -> None:
    folder = tmp_path_factory.mktemp("grammar")
    imported(log, folder / "c")
    out = exported(folder / "c")
    if log.strip():  # every line back as it came (a log of blank lines has none)
        assert out == log
    imported(out, folder / "again")
    assert campaign_of(folder / "again") == campaign_of(folder / "c")
