"""Lonelog (a plain-text notation for solo logs): the campaign written in it, and a log
read back into a new campaign — meneur's own every question, roll and note kept (its
rolls replayed exactly), another's read for what it holds, nothing lost, and a report of
what each kind of line became."""

from __future__ import annotations

from datetime import UTC
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from meneur.cli.main import main
from meneur.saves.campaign import Campaign
from tests.core.test_names import any_text, refused

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
    assert "1 question à l'oracle oui/non, rejouée à l'identique (de meneur)\n" in said
    assert "sans équivalent" not in said  # meneur reads its own log whole
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
    again = tmp_path / "again.lonelog.md"  # and it goes out again as it came, line for line
    assert main(["export", str(back), "--format", "lonelog", "-o", str(again),
                 "--role", "gm", "--lang", "fr"]) == 0  # fmt: skip
    assert again.read_text(encoding="utf-8") == text


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
        "3 actions with their rolls made elsewhere (skill, dice, target and outcome as played)",
        "1 question answered by another oracle (likelihood and answer as played)",
        "2 consequences",
        "3 notes (prose, narrative blocks, meta notes)",
        "1 thread",
        "1 person",
        "1 clock line",
        "3 constructs meneur has no equivalent for, kept as written in notes:",
        "  line 24: [L:Library|dark|quiet] — a [L:…] tag: meneur keeps nothing of that kind",
        '  line 25: tbl: d100=42 -> "A broken sword" — a roll on a table or generator of'
        " your own: its result as written",
        "  line 29: [Track:Escape 3/8] — [Track:Escape 3/8]: meneur's tracks have 10 boxes",
    ]
    found = entries(directory)
    rolls = [e for e in found if e.roll]
    assert [(e.kind, e.text, e.roll["inputs"]) for e in rolls] == [
        ("roll", "Sneak past the guard",
         {"skill": "Stealth", "rolled": "d6=5", "target": "TN 4", "outcome": "Fail"}),
        ("oracle", "Does he see me clearly?", {"question": "Does he see me clearly?",
                                               "likelihood": "", "rolled": "",
                                               "answer": "No, but..."}),
        ("roll", "Jonah — Forces the door",
         {"skill": "Might", "rolled": "2d6 [4, 3]", "target": "TN 7", "outcome": "Success"}),
        ("roll", "2d6=8",
         {"skill": "", "rolled": "2d6=8", "target": "TN 7", "outcome": "Success"}),
    ]  # fmt: skip
    # The faces a log says are kept (a total of two dice says none), marked as typed in.
    assert [[d["face"] for d in e.roll["dice"]] for e in rolls] == [[5], [], [4, 3], []]
    assert all(e.roll["physical"] is True for e in rolls)
    texts = [e.text for e in found if e.kind == "note"]
    assert "I kick a bottle. Guard turns!" in texts  # a consequence, its arrow in its line
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
    out = tmp_path / "out.md"  # every line back as it came
    assert main(["export", str(directory), "--format", "lonelog", "-o", str(out),
                 "--role", "gm"]) == 0  # fmt: skip
    assert out.read_text(encoding="utf-8") == FOREIGN.read_text(encoding="utf-8")


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
    told = "\n".join(e.text + (e.roll or {}).get("text", "") for e in entries(directory))
    for line in lines:  # (a narrative block, kept whole, is the foreign log's test)
        words = KEPT[line]
        if words is not None:
            assert words in told, (line, told)


# --- Every note and title comes back as it was ------------------------------------------

NOTATION = [
    "---\\", "\\---", "\\\\---\\", "\\\\---", "  ---\\  ", "---", "", " ", "\t", "@ x",
    "@(Kael) grimpe", "? Le garde dort-il ?", "?", "d: 2d6 [3, 4] -> 7", "-> Oui", "=> la porte",
    "[Clock:A 1/4]", "[Thread:F|Open]", "[N:Jo]", "[#N:Jo]", "# T", "## S", "### S1 *x*",
    "S1 *y*", "T1-S2", "(note: n)", '(meneur: {"kind": "dice"})', "```", "*Date: 2026-12-01*",
    "[Date] x", "x\\", "\\", "tbl: Météo d6 [3] -> Brume", "gen: x", "=== S ===",
]  # fmt: skip
"""Lines a note may hold that a log would read as its own (fences, notation, structure)."""
readable = st.characters(exclude_categories=("Cs", "Cc")) | st.sampled_from(["\t", " "])
note_lines = st.lists(st.sampled_from(NOTATION) | st.text(readable, max_size=12), max_size=6)
a_note = note_lines.map("\n".join)
"""Any note a player may write (its control characters aside: every export shows them
as pictures, see meneur.play.lonelog_text)."""


def exported_and_imported(campaign: Campaign, directory: Path) -> tuple[str, list[Any]]:
    from meneur.content.strings import strings
    from meneur.play.lonelog import lonelog_lines
    from meneur.play.lonelog_import import import_lonelog, report_lines

    log = "\n".join(lonelog_lines(campaign, "en"))
    report = import_lonelog(log, directory, system=None, name="Log")
    said = "\n".join(report_lines(report, strings("en").t))
    return said, entries(directory)


def told(found: list[Any]) -> list[tuple[str, str]]:
    return [(e.kind, e.text) for e in found if e.kind in ("note", "session", "scene")]


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    st.lists(
        st.tuples(st.sampled_from(["note", "session", "scene"]), a_note | any_text),
        min_size=1,
        max_size=5,
    )
)
def test_every_note_and_title_comes_back_whole_or_the_title_is_refused(
    tmp_path_factory: pytest.TempPathFactory, written: list[tuple[str, str]]
) -> None:
    from meneur.core.errors import RulesError
    from meneur.core.table_rules import GM_SEAT
    from meneur.play import act

    folder = tmp_path_factory.mktemp("round")
    kept = []
    with Campaign.create(folder / "played", system="resolution", name="Le col") as campaign:
        for kind, text in written:
            if kind == "note":
                if any(refused(c) and c not in "\n\t" for c in text):
                    continue  # shown as pictures (see a_note)
                act.note(campaign, GM_SEAT, text)
            elif any(refused(c) for c in text):  # the rule of names: said, nothing written
                with pytest.raises(RulesError, match="must be one line"):
                    act.mark(campaign, GM_SEAT, kind, text)
                continue
            else:
                act.mark(campaign, GM_SEAT, kind, text)
            kept.append((kind, text))
        said, back = exported_and_imported(campaign, folder / "back")
    assert told(back) == kept
    assert "made one line" not in said  # no title changed…
    assert "kept as" not in said  # …and no line left unread


def test_a_title_an_older_meneur_let_break_comes_back_one_scene_said(
    tmp_path: Path,
) -> None:
    from meneur.core.table_rules import GM_SEAT
    from meneur.play.act.entries import _change

    with Campaign.create(tmp_path / "old", system="resolution", name="Le col") as campaign:
        for title in ("Le col\ndes loups", "La\x1b[31m descente", "Le refuge"):
            with campaign.work() as work:  # as an older meneur wrote it, the rule aside
                _change(work, GM_SEAT, title, kind="scene")
        said, back = exported_and_imported(campaign, tmp_path / "back")
    assert told(back) == [
        ("scene", "Le col des loups"), ("scene", "La[31m descente"), ("scene", "Le refuge"),
    ]  # fmt: skip
    assert said.splitlines()[1:] == [
        "2 titles made one line without control characters, as every name is:",
        "  line 12: “Le col␊des loups” → “Le col des loups”",
        "  line 14: “La␛[31m descente” → “La[31m descente”",
    ]


def test_a_foreign_title_is_kept_as_it_came_or_said_changed(tmp_path: Path) -> None:
    from meneur.content.strings import strings
    from meneur.play.lonelog_import import import_lonelog, report_lines

    log = (
        '---\ntitle: "Clear\\u0007view"\n---\n\n## "Arrival"\n\n### S1 * The  docks *\n\n'
        "## Bell\x07 tower\n"
    )
    report = import_lonelog(log, tmp_path / "c", system=None, name="Log")
    assert told(entries(tmp_path / "c")) == [
        ("session", '"Arrival"'), ("scene", "The  docks"), ("session", "Bell tower"),
    ]  # fmt: skip
    assert list(report_lines(report, strings("fr").t))[-3:] == [
        "2 titres mis sur une ligne, sans caractère de contrôle, comme tout nom\u00a0:",
        "  ligne 2\u00a0: «\u00a0Clear␇view\u00a0» → «\u00a0Clearview\u00a0»",
        "  ligne 9\u00a0: «\u00a0Bell␇ tower\u00a0» → «\u00a0Bell tower\u00a0»",
    ]
    with Campaign.open(tmp_path / "c", write=False) as campaign:
        assert campaign.name == "Clearview"


def test_a_narrative_block_never_closed_is_still_a_note(tmp_path: Path) -> None:
    from meneur.play.lonelog_import import import_lonelog

    import_lonelog(
        "# Log\n\n\\---\nThe rain\n\nhad not stopped", tmp_path / "c", system=None, name="x"
    )
    assert told(entries(tmp_path / "c")) == [("note", "The rain\n\nhad not stopped")]


def test_a_notes_own_fence_is_written_escaped_and_read_back(tmp_path: Path) -> None:
    from meneur.core.table_rules import GM_SEAT
    from meneur.play import act
    from meneur.play.lonelog import lonelog_lines

    note = "Fin du chapitre\n---\\\nSuite"
    with Campaign.create(tmp_path / "c", system="resolution", name="Le col") as campaign:
        act.note(campaign, GM_SEAT, note)
        act.note(campaign, GM_SEAT, "Une note simple")
        log = list(lonelog_lines(campaign, "en"))
        _, back = exported_and_imported(campaign, tmp_path / "back")
    assert log[log.index("# Le col") + 1 :] == [
        "", "\\---", "Fin du chapitre", "\\---\\", "Suite", "---\\", "", "Une note simple",
    ]  # fmt: skip
    assert told(back) == [("note", note), ("note", "Une note simple")]


def test_a_players_log_is_dated_by_what_she_may_see(tmp_path: Path) -> None:
    """The head's first and last days are those of the entries the reader may see: taken
    from the whole journal, a player's log was dated by the GM's preparation before the
    table met and by the secrets the GM wrote since (``last_update`` moved on a day the
    GM wrote one, telling her so)."""
    from datetime import datetime

    from meneur.core.table_rules import GM_SEAT
    from meneur.core.visibility import AUDIENCE, Viewer
    from meneur.play import act
    from meneur.play.campaigns import Secrecy
    from meneur.play.lonelog import lonelog_lines

    def on(day: str) -> Any:
        return lambda: datetime.fromisoformat(f"{day}T20:00:00").replace(tzinfo=UTC)

    directory = tmp_path / "c"
    Campaign.create(directory, system="resolution", name="Table", clock=on("2026-01-02")).close()
    for day, secrecy in [
        ("2026-01-02", Secrecy("gm")),  # the GM's preparation
        ("2026-01-05", Secrecy()),  # the table meets
        ("2026-01-06", Secrecy()),
        ("2026-01-09", Secrecy("gm")),  # a secret, days later
    ]:
        with Campaign.open(directory, clock=on(day)) as campaign:
            act.note(campaign, GM_SEAT, f"Le {day}", secrecy=secrecy)

    def head(viewer: Viewer) -> list[str]:
        with Campaign.open(directory, write=False) as campaign:
            lines = list(lonelog_lines(campaign, "fr", viewer=viewer))
        return [line for line in lines if line.startswith(("start_date", "last_update"))]

    for outsider in (Viewer("player", "alice"), AUDIENCE):
        assert head(outsider) == ["start_date: 2026-01-05", "last_update: 2026-01-06"]
    from meneur.core.visibility import GM

    assert head(GM) == ["start_date: 2026-01-02", "last_update: 2026-01-09"]
