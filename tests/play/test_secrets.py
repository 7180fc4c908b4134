"""Secrets that leaked in ordinary play, each a regression test named after what leaked.

Checked on what leaves meneur (the CLI's stdout, the exports), for the audience and a
player, and for the worst leak of all — a pattern: the audience's view must not change
with the outcome of what it may not see.
"""

from __future__ import annotations

import json
import re
from datetime import UTC, datetime
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from meneur.cli.main import main
from meneur.core import oracles
from meneur.core.records import roll_seeded
from meneur.core.resolution import rules as resolution
from meneur.core.table_rules import GM_SEAT
from meneur.core.visibility import AUDIENCE, Viewer
from meneur.play import act
from meneur.play import story as play
from meneur.play.export import export_markdown, toml_pieces
from meneur.saves.campaign import Campaign
from meneur.saves.entry_parts import Secrecy, default_author
from tests.seated import seat

OUTSIDERS = [AUDIENCE, Viewer("player", "alice")]
ROLE_ARGS = [["--role", "audience"], ["--as", "alice"]]


def _everything_shown(directory: Path, capsys: pytest.CaptureFixture[str]) -> str:
    """Every output the audience and a player get of the campaign, joined."""
    seat(directory, "alice")
    shown = []
    for role in ROLE_ARGS:
        for command in (["journal"], ["journal", "--json"]):
            assert main([*command, str(directory), *role]) == 0
            shown.append(capsys.readouterr().out)
        for form in ("markdown", "toml"):
            assert main(["export", str(directory), "--format", form, *role]) == 0
            shown.append(capsys.readouterr().out)
    from meneur.content.strings import strings
    from meneur.play.broadcast import stream_view

    with Campaign.open(directory, write=False) as campaign:
        for viewer in OUTSIDERS:  # the feed's picture (/feed, /view.json, the broadcast)
            shown.append(json.dumps(stream_view(campaign, viewer, strings("fr"))))
    return "\n".join(shown)


def test_asking_the_oracle_about_a_gm_clock_is_secret_whatever_it_answers(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    # Leaked: every "no" (the clock did not move) was written public, the "yes" hidden.
    directory = tmp_path / "c"
    assert main(["new", str(directory), "--system", "resolution"]) == 0
    assert main(["set", str(directory), "options.solo", "true"]) == 0
    assert main(["clock", "--gm", str(directory), "add", "Embuscade", "6"]) == 0
    answers = set()
    for seed in range(1, 9):
        assert main(["clock", str(directory), "ask", "Embuscade", "--seed", str(seed)]) == 0
        answers.add(capsys.readouterr().out.splitlines()[-1].split(" : ")[-1])
    assert len(answers) > 2  # moved and unmoved answers were both written
    shown = _everything_shown(directory, capsys)
    assert "Embuscade" not in shown
    assert "Horloge" not in shown


def _clock_session(directory: Path, seeds: list[int]) -> Campaign:
    """A solo evening around a GM's clock, asked with ``seeds``; a fixed clock."""
    moment = datetime(2026, 11, 26, 20, 0, tzinfo=UTC)
    campaign = Campaign.create(directory, system="resolution", name="Soir", clock=lambda: moment)
    act.set_value(campaign, GM_SEAT, ("options", "solo"), True)
    data = {"name": "Embuscade", "kind": "clock", "value": 0, "max": 6, "gm": True}
    act.change(campaign, GM_SEAT, play.new_tracker("Embuscade", data, "Horloge Embuscade", "h"))
    for seed in seeds:
        question = oracles.YesNoQuestion(3, "Embuscade avance-t-elle ?")
        record = roll_seeded(oracles.roll_yesno, question, seed)
        plan = play.move_tracker("embuscade", lambda m: "Embuscade", outcome=record.outcome or "")
        act.roll(campaign, GM_SEAT, record, plan)
        act.note(campaign, GM_SEAT, "La nuit tombe.")
    return campaign


def test_the_audience_view_does_not_change_with_a_gm_clocks_answers(tmp_path: Path) -> None:
    # A pattern leaks as much as a text: which answers were hidden told the others
    # what the hidden ones were.
    first = _clock_session(tmp_path / "a", [1, 2, 3, 4, 5])
    second = _clock_session(tmp_path / "b", [11, 12, 13, 14, 15])
    assert first.state["trackers"] != second.state["trackers"]  # the secrets differ
    for viewer in OUTSIDERS:
        assert export_markdown(first, viewer=viewer) == export_markdown(second, viewer=viewer)
        toml_a = "".join(toml_pieces(first, viewer=viewer))
        assert toml_a == "".join(toml_pieces(second, viewer=viewer))
        assert "Embuscade" not in toml_a
    first.close()
    second.close()


def test_taking_back_an_announced_secret_tells_the_others_nothing_more(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    # Leaked: an undo of an announced blind roll was itself announced ("undone").
    directory = tmp_path / "c"
    with Campaign.create(directory, system="resolution") as campaign:
        record = roll_seeded(resolution.roll, resolution.ResolutionTest(score=3), 5)
        act.roll(campaign, GM_SEAT, record, "aveugle", secrecy=Secrecy("gm", announced=True))
        note = act.note(campaign, GM_SEAT, "indice", secrecy=Secrecy("gm", announced=True))
        act.strike_note(campaign, GM_SEAT, note.id)
        act.undo(campaign, GM_SEAT)  # the strike taken back
    seat(directory, "alice")
    for role in ROLE_ARGS:
        assert main(["journal", str(directory), "--json", *role]) == 0
        kinds = [e["kind"] for e in json.loads(capsys.readouterr().out)["entries"]]
        assert kinds == ["secret", "secret"]  # that each happened; nothing of what followed


def test_what_leaves_for_the_others_carries_no_number_key_or_account(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    # Leaked: "by": "root@host", journal_applied, history and note_edits ids, phases.39
    # and requests.43 keys, character keys.
    directory = tmp_path / "c"
    with Campaign.create(directory, system="resolution", name="Table") as campaign:
        act.set_value(
            campaign,
            GM_SEAT,
            ("characters", "pj-7"),
            {"name": "Kael", "player": "alice", "sheet": {}},
        )
        note = act.note(campaign, GM_SEAT, "Une ombre passe.")
        act.edit_note(campaign, GM_SEAT, note.id, "Une ombre passe, vite.")
        act.request_roll(campaign, GM_SEAT, "Perception, tout le monde", ["pj-7"])
        act.open_phase(campaign, GM_SEAT, "Qui monte la garde ?", ["moi", "pas moi"], ["pj-7"])
        record = roll_seeded(resolution.roll, resolution.ResolutionTest(score=3), 5)
        act.roll(campaign, GM_SEAT, record, "Kael regarde", character="pj-7")
    shown = _everything_shown(directory, capsys)
    assert "Une ombre passe, vite." in shown  # what they may see is there
    assert "Kael" in shown
    for leak in (
        default_author(),
        "pj-7",
        "journal_applied",
        "note_edits",
        "history",
        '"id"',
        "\nid = ",
        "target",
        "changes",
    ):
        assert leak not in shown, leak
    assert not re.search(r"(requests|phases)\.\d", shown)  # their keys are numbers


def test_the_gm_tells_an_announced_secret_from_a_silent_one(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    # Was: both marked "GM only", so the GM could not tell what the table was told.
    directory = tmp_path / "c"
    with Campaign.create(directory, system="resolution") as campaign:
        act.note(campaign, GM_SEAT, "silencieuse", secrecy=Secrecy("gm"))
        act.note(campaign, GM_SEAT, "annoncée", secrecy=Secrecy("gm", announced=True))
    assert main(["journal", str(directory), "--role", "gm", "--lang", "fr"]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert lines[1].endswith("silencieuse [MJ seul]")
    assert lines[2].endswith("annoncée [MJ seul · annoncé aux autres]")


SECRET_ACTIONS = st.lists(
    st.sampled_from(
        [
            "public note",
            "gm note",
            "blind roll",
            "announced roll",
            "gm clock",
            "gm table",
            "roll",
            "player blind roll",
        ]
    ),
    min_size=1,
    max_size=10,
)


def _evening(directory: Path, actions: list[str], secret_seed: int) -> Campaign:
    """A table's evening: public actions on fixed seeds, secret ones on ``secret_seed``."""
    from meneur.core import tables

    moment = datetime(2026, 11, 26, 21, 0, tzinfo=UTC)
    campaign = Campaign.create(directory, system="resolution", name="Soir", clock=lambda: moment)
    act.set_value(campaign, GM_SEAT, ("options", "solo"), True)
    clock = {"name": "Piège", "kind": "clock", "value": 0, "max": 12, "gm": True}
    act.set_value(campaign, GM_SEAT, ("trackers", "piege"), clock)
    act.set_value(
        campaign,
        GM_SEAT,
        ("tables", "secrets"),
        {"name": "Secrets", "entries": ["A", "B", "C"], "gm": True},
    )
    table = tables.RandomTable("secrets", "Secrets", tuple(map(tables.TableEntry, "ABC")))
    act.set_value(
        campaign, GM_SEAT, ("secrecy",), {"yesno": "gm"}
    )  # the GM keeps the oracle's answers blind
    for number, action in enumerate(actions):
        hidden = secret_seed * 1000 + number
        if action == "player blind roll":  # Alice asks; the GM alone reads the answer
            from meneur.core.table_rules import Seat
            from meneur.play.secrecy import default_secrecy

            alice = Campaign.open(directory, clock=lambda: moment)
            seat = Seat("player", "alice")
            question = oracles.YesNoQuestion(3, "Un bruit ?")
            record = roll_seeded(oracles.roll_yesno, question, hidden)
            blind = default_secrecy(alice.state, "yesno", seat)
            act.roll(alice, seat, record, "Un bruit ?", secrecy=blind)
            alice.close()
            campaign.sync()
        elif action == "public note":
            act.note(campaign, GM_SEAT, f"Note {number}")
        elif action == "gm note":
            act.note(campaign, GM_SEAT, f"Secret {hidden}", secrecy=Secrecy("gm"))
        elif action in ("blind roll", "announced roll", "roll"):
            seed = number if action == "roll" else hidden
            record = roll_seeded(resolution.roll, resolution.ResolutionTest(score=3), seed)
            announced = action == "announced roll"
            secrecy = Secrecy() if action == "roll" else Secrecy("gm", announced=announced)
            act.roll(campaign, GM_SEAT, record, "Jet", secrecy=secrecy)
        elif action == "gm clock":
            question = oracles.YesNoQuestion(3, "Le piège ?")
            record = roll_seeded(oracles.roll_yesno, question, hidden)
            plan = play.move_tracker("piege", lambda m: "Piège", outcome=record.outcome or "")
            act.roll(campaign, GM_SEAT, record, plan)
        else:
            query = tables.TableQuery.of(table, (table,))
            act.roll(campaign, GM_SEAT, roll_seeded(tables.roll, query, hidden), "Secrets")
    return campaign


@settings(
    max_examples=20, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
@given(actions=SECRET_ACTIONS, seeds=st.tuples(st.integers(1, 10**6), st.integers(1, 10**6)))
def test_the_others_views_are_a_function_of_what_they_may_see(
    actions: list[str], seeds: tuple[int, int], tmp_path_factory: pytest.TempPathFactory
) -> None:
    """Two evenings alike but for the secrets' outcomes (the GM's notes, blind rolls, a
    GM clock's answers, GM table rolls): the audience's and a player's exports are the
    same to the byte."""
    first = _evening(tmp_path_factory.mktemp("a") / "c", actions, seeds[0])
    second = _evening(tmp_path_factory.mktemp("b") / "c", actions, seeds[1])
    for viewer in OUTSIDERS:
        assert export_markdown(first, viewer=viewer) == export_markdown(second, viewer=viewer)
        assert "".join(toml_pieces(first, viewer=viewer)) == "".join(
            toml_pieces(second, viewer=viewer)
        )
    first.close()
    second.close()


def test_a_private_roll_is_announced_with_the_players_name_not_their_seats_key(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    # Leaked: "🔒 Jet privé de alice" — the seat's key in table.toml — to the others.
    import random

    from meneur.content.strings import strings
    from meneur.core.table_rules import Seat
    from meneur.play.session import Session
    from tests.serve.seated import make_table

    table = make_table(tmp_path)
    alice = Campaign.open(table.directory)
    session = Session(alice, strings("fr"), random.Random(2), seat=Seat("player", "alice"))
    record = session.roll(oracles.YesNoQuestion(3, "Qzpiste ?"))
    act.roll(
        alice, GM_SEAT, record, "Qzpiste ?", secrecy=Secrecy("private", "alice", announced=True)
    )
    alice.close()
    seat(table.directory, "bob")
    shown = []
    for command in (
        ["journal", str(table.directory), "--role", "audience"],
        ["journal", str(table.directory), "--json", "--role", "audience"],
        ["export", str(table.directory), "--as", "bob"],
    ):
        assert main(command) == 0
        shown.append(capsys.readouterr().out)
    for out in shown:
        assert "Qzpiste" not in out
        assert "Alice" in out
        assert not re.search(r"\balice\b", out), out


def _settings_and_kinds(directory: Path, kind: str, capsys: pytest.CaptureFixture[str]) -> str:
    """A campaign where the GM keeps yes/no blind and makes an announced secret entry of
    ``kind``; everything the audience and a player get of it."""
    moment = datetime(2026, 11, 27, 20, 0, tzinfo=UTC)
    with Campaign.create(directory, system="resolution", name="Soir", clock=lambda: moment) as gm:
        act.set_value(gm, GM_SEAT, ("secrecy",), {"yesno": "gm"})
        announced = Secrecy("gm", announced=True)
        if kind == "note":
            act.note(gm, GM_SEAT, "Le traître est-il là ?", secrecy=announced)
            return _everything_shown(directory, capsys)
        if kind == "oracle":
            question = oracles.YesNoQuestion(3, "Le traître est-il là ?")
            record = roll_seeded(oracles.roll_yesno, question, 7)
        elif kind == "table":
            from meneur.core import tables
            from meneur.play.tables import tables_for

            every = tables_for(GM_SEAT, gm.state, "fr")
            table = tables.find(every, "noms")
            assert table is not None
            record = roll_seeded(tables.roll, tables.TableQuery.of(table, every), 7)
        else:
            record = roll_seeded(resolution.roll, resolution.ResolutionTest(score=3), 7)
        act.roll(gm, GM_SEAT, record, "Le traître est-il là ?", secrecy=announced)
    return _everything_shown(directory, capsys)


def test_an_announced_secret_reads_the_same_whatever_it_holds(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    # Leaked: a player read "🔒 Jet secret du MJ" for a roll and "🔒 Entrée secrète du
    # MJ" for a note ("kind": "roll" against "secret" in JSON, and on the feed).
    shown = {kind: _settings_and_kinds(tmp_path / kind, kind, capsys) for kind in KINDS}
    assert shown["note"] == shown["dice"] == shown["table"] == shown["oracle"]
    assert "🔒 A secret GM entry" in shown["note"]
    assert '"kind": "secret"' in shown["dice"]


KINDS = ("note", "dice", "table", "oracle")


def test_others_see_neither_the_kind_of_a_secret_nor_the_gms_settings(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    # Leaked: "oracle 🔒 Jet à l'aveugle" told that the GM asked the oracle, and
    # "campaign (secrecy) : — → …" and [campaign.secrecy] told the GM's settings.
    oracle = _settings_and_kinds(tmp_path / "a", "oracle", capsys)
    dice = _settings_and_kinds(tmp_path / "b", "dice", capsys)
    assert oracle == dice  # the same view, whatever kind of roll was kept secret
    for word in ('"oracle"', "  oracle ", "secrecy", "yesno", "traître"):
        assert word not in oracle


def test_a_player_s_export_names_no_gm_table_through_a_table_that_rolls_on_it(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    # Leaked: a player's TOML export held "On murmure : {traitre}" — a public table's
    # entry that rolls on the GM's table, whose id is the GM's secret.
    directory = tmp_path / "c"
    gm_table = '{name = "Complot", dice = "1d2", entries = ["Varn", "Ilse"], gm = true}'
    rumours = '{name = "Rumeurs", dice = "1d1", entries = ["On murmure : {traitre}"]}'
    places = '{name = "Lieux", dice = "1d1", entries = ["Le port"]}'
    for command in (
        ["new", str(directory), "--system", "resolution"],
        ["set", str(directory), "tables.traitre", gm_table],
        ["set", str(directory), "tables.rumeurs", rumours],
        ["set", str(directory), "tables.lieux", places],
    ):
        assert main(command) == 0, command
    seat(directory, "alice")
    capsys.readouterr()
    for role in ROLE_ARGS:
        assert main(["export", str(directory), "--format", "toml", *role]) == 0
        out = capsys.readouterr().out
        assert "traitre" not in out
        assert "On murmure" not in out
        assert "Le port" in out  # a public table that rolls on none is theirs to read
    assert main(["export", str(directory), "--format", "toml", "--role", "gm"]) == 0
    assert "On murmure : {traitre}" in capsys.readouterr().out  # the GM's own export


def _table_of_two(directory: Path, system: str = "resolution") -> Campaign:
    """A table where alice plays Kael and bob Mira, both seated, karma 0 each."""
    gm = Campaign.create(directory, system=system, name="Table")
    for ident, player in (("kael", "alice"), ("mira", "bob")):
        sheet = {"name": ident.title(), "player": player, "sheet": {"karma": 0}}
        act.set_value(gm, GM_SEAT, ("characters", ident), sheet)
    seat(directory, "alice", "bob")
    return gm


KEPT_ROLLS = [  # who writes a roll kept from someone, and who may see it
    ("gm", Secrecy("gm")),
    ("gm", Secrecy("gm", announced=True)),
    ("alice", Secrecy("private", "alice")),
    ("alice", Secrecy("gm", "alice", announced=True)),  # her blind roll
]


@pytest.mark.parametrize(("writer", "secrecy"), KEPT_ROLLS)
@settings(
    max_examples=6, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
@given(seed=st.integers(0, 2**32))
def test_a_kept_rolls_consequences_change_nothing_those_it_is_kept_from_read(
    writer: str, secrecy: Secrecy, seed: int, tmp_path_factory: pytest.TempPathFactory
) -> None:
    """A roll kept from someone moves nothing they read: karma on a sheet and a public
    clock moved by a secret answer each told the table its outcome (the state was
    everyone's, whoever saw the roll). The record keeps them for the GM; a GM clock,
    which only the GM reads, moves."""
    from meneur.core.changes import Change
    from meneur.core.table_rules import Seat
    from meneur.play.views import outward_state, state_for

    directory = tmp_path_factory.mktemp("c") / "c"
    gm = _table_of_two(directory)
    for ident, hidden in (("embuscade", False), ("piege", True)):
        clock = {"name": ident.title(), "kind": "clock", "value": 0, "max": 6, "gm": hidden}
        act.set_value(gm, GM_SEAT, ("trackers", ident), clock)
    if secrecy.player is not None and secrecy.visibility == "gm":  # her roll is blind
        act.set_value(gm, GM_SEAT, ("secrecy", "yesno"), "gm")
    kept_from = [AUDIENCE, Viewer("player", "bob")]
    if secrecy.visibility == "gm":
        kept_from.append(Viewer("player", "alice"))

    def read(viewer: Viewer) -> dict[str, object]:  # as it leaves meneur (--json, exports)
        return outward_state(state_for(viewer, gm.state, gm.journal))

    before = {viewer: read(viewer) for viewer in kept_from}
    answer = roll_seeded(oracles.roll_yesno, oracles.YesNoQuestion(4, "Avancer ?"), seed)
    karma = Change(("characters", "kael", "sheet", "karma"), 0, 1 if answer.success else -1)
    if writer == "gm":
        for clock in ("embuscade", "piege"):
            plan = play.move_tracker(clock, lambda m: "Avance ?", outcome=answer.outcome or "")
            act.roll(gm, GM_SEAT, answer, plan, changes=[karma], secrecy=secrecy)
    else:
        alice = Seat("player", "alice", frozenset({"kael"}))
        act.roll(gm, alice, answer, "Avancer ?", changes=[karma], character="kael", secrecy=secrecy)
    for viewer in kept_from:
        assert read(viewer) == before[viewer], viewer
    assert gm.state["characters"]["kael"]["sheet"]["karma"] == 0
    assert gm.state["trackers"]["embuscade"]["value"] == 0
    if writer == "gm":  # the GM's own clock moves as the answer says
        moved = {"yes": 1, "yes_and": 2, "yes_but": 1}.get(answer.outcome or "", 0)
        assert gm.state["trackers"]["piege"]["value"] == moved
    gm.close()


def test_a_secret_roll_makes_no_character(tmp_path: Path) -> None:
    """A quick NPC rolled in the GM's secret mode is refused, in a sentence, and nothing
    is written: the characters are the whole table's to read, so it would be no secret
    (it was written with its name and sheet for every seat to read)."""
    import random

    from meneur.content.strings import strings
    from meneur.play.npcs import make_npc
    from meneur.play.session import Session
    from meneur.saves.errors import Refusal

    gm = Campaign.create(tmp_path / "c", system="resolution", name="Table")
    session = Session(gm, strings("en"), random.Random(1))
    session.secrecy = Secrecy("gm")
    last = gm.journal.last_id
    with pytest.raises(Refusal) as refused:
        make_npc(session)
    assert gm.journal.last_id == last
    assert set(gm.state["characters"]) == set(
        Campaign.open(gm.directory, write=False).state["characters"]
    )
    said = strings("en").explain(refused.value)
    english = "A secret roll makes no character: the whole table sees the characters."
    assert said == f"{english} Roll it in the open."
    french = "Un jet secret ne crée pas de personnage\u00a0: toute la table voit les personnages."
    assert strings("fr").explain(refused.value) == f"{french} Lancez-le à découvert."


@pytest.mark.parametrize("mode", ["public", "gm"])
@pytest.mark.parametrize("hidden", [False, True])
def test_asking_about_a_clock_is_as_secret_as_the_clock_whatever_the_oracles_default(
    hidden: bool, mode: str, tmp_path: Path
) -> None:
    """The app's "does the clock advance?" at a table whose yes/no answers are blind,
    the screen public or in the GM's secret mode: a public clock's answer moves a clock
    the table reads, so it is public (kept, its clock moved for all to see, and, held
    back, not at all while its entry said it moved); a GM clock's is the GM's."""
    import random

    from meneur.content.strings import strings
    from meneur.play.session import Session

    gm = Campaign.create(tmp_path / "c", system="resolution", name="Table")
    act.set_value(gm, GM_SEAT, ("secrecy", "yesno"), "gm")
    clock = {"name": "Embuscade", "kind": "clock", "value": 0, "max": 6, "gm": hidden}
    act.set_value(gm, GM_SEAT, ("trackers", "embuscade"), clock)
    session = Session(gm, strings("fr"), random.Random(4))
    session.secrecy = Secrecy(mode)
    moved = {"yes": 1, "yes_and": 2, "yes_but": 1}
    for _ in range(6):
        before = gm.state["trackers"]["embuscade"]["value"]
        entry = session.ask_clock("embuscade", 4)
        assert entry.visibility == ("gm" if hidden else "public")
        outcome = (entry.roll or {}).get("outcome")
        after = min(6, before + moved.get(str(outcome), 0))
        assert gm.state["trackers"]["embuscade"]["value"] == after
        assert "reste au MJ" not in session.seen_by(entry)
    assert gm.state["trackers"]["embuscade"]["value"] > 0  # these seeds answered yes


def test_who_rolls_in_secret_is_told_that_what_it_changes_waits_for_the_gm(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """The GM's secret Great Cosmos roll that moves karma: the command line says, in
    text and JSON, that what it changes is left for the GM, and the sheet keeps its
    karma; the same roll in public says nothing of it and moves the karma. The app's
    line of who sees it (Session.seen_by) says it too, in the reader's language."""
    import random

    from meneur.content.strings import strings
    from meneur.core.changes import MISSING, Change
    from meneur.play.session import Session

    def karma_after(seed: int) -> int:
        assert main(["roll", "cosmos", "--stat", "60", "--seed", str(seed), "--json"]) == 0
        return int(json.loads(capsys.readouterr().out)["karma_after"])

    seed = next(s for s in range(100) if karma_after(s) != 0)
    directory = tmp_path / "c"
    assert main(["new", str(directory), "--system", "cosmos"]) == 0
    kael = '{ name = "Kael", sheet = { karma = 0, stats = { force = 60 } } }'
    assert main(["set", str(directory), "characters.kael", kael]) == 0
    roll = ["roll", "cosmos", "--stat", "force", "--character", "kael", "--seed", str(seed)]
    roll += ["--campaign", str(directory), "--lang", "en"]
    capsys.readouterr()
    held = "kept secret: what it changes at the table (karma, a clock…) is left for the GM"
    assert main([*roll, "--visibility", "gm"]) == 0
    assert held in capsys.readouterr().out
    assert main([*roll, "--visibility", "gm", "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["held"] is True
    with Campaign.open(directory, write=False) as campaign:
        assert campaign.state["characters"]["kael"]["sheet"]["karma"] == 0
    assert main(roll) == 0
    assert held not in capsys.readouterr().out
    with Campaign.open(directory) as campaign:
        assert campaign.state["characters"]["kael"]["sheet"]["karma"] == karma_after(seed)
        session = Session(campaign, strings("fr"), random.Random(1))
        session.secrecy = Secrecy("gm")
        path = ("characters", "kael", "sheet", "note")
        record = roll_seeded(resolution.roll, resolution.ResolutionTest(score=3), seed)
        entry = session.record(record, "En secret", changes=[Change(path, MISSING, "x")])
        assert session.seen_by(entry) == (
            "Vu par le MJ seul\u00a0; ce qu'il change reste au MJ à appliquer"
            " (son enregistrement le garde)"
        )
        session.secrecy = Secrecy("public")
        entry = session.record(record, "En public", changes=[Change(path, MISSING, "y")])
        assert session.seen_by(entry) == "Vu par tous"


@pytest.mark.parametrize("asked", [None, "public", "private"])
def test_a_roll_kept_from_the_table_still_answers_the_gms_request(
    asked: str | None, tmp_path: Path
) -> None:
    """The GM keeps perception rolls (``resolution = "gm"``) and asks Kael for one: her
    blind roll answers it, whatever she asked (it was refused: its answer counted as a
    change, and a blind roll changes nothing); so does a private roll of a kind not kept.
    That the roll was made is told; how, not."""
    from meneur.core.records import roll_seeded
    from meneur.core.table_rules import Seat
    from meneur.play.rolling import TestAsked, roll_test

    gm = _table_of_two(tmp_path / "c")
    if asked != "private":
        act.set_value(gm, GM_SEAT, ("secrecy", "resolution"), "gm")
    request = act.request_roll(gm, GM_SEAT, "Perception", ["kael"])
    alice = Seat("player", "alice", frozenset({"kael"}))
    test = TestAsked(
        prepare=lambda state: resolution.ResolutionTest(score=3),
        roll=lambda inputs, seed: roll_seeded(resolution.roll, inputs, seed),
        character="kael",
        label="Perception",
        visibility=asked,
    )
    rolled = roll_test(gm, alice, test)
    assert rolled.entry.visibility == ("private" if asked == "private" else "gm")
    assert gm.state["requests"][str(request.id)]["answered"] == {"kael": True}
    gm.close()


def test_a_table_keeping_its_tests_secret_still_makes_characters(tmp_path: Path) -> None:
    """A Great Cosmos table whose GM keeps its tests (``cosmos = "gm"``): a character's
    creation, whose record is a Cosmos one, takes the screen's mode, not the tests'
    default (it took it, and was refused as a secret roll making a character)."""
    import random

    from meneur.content.strings import strings
    from meneur.core.cosmos.creation import CreationOptions, roll_creation
    from meneur.play.characters import new_character
    from meneur.play.session import Session

    gm = _table_of_two(tmp_path / "c", "cosmos")
    act.set_value(gm, GM_SEAT, ("secrecy", "cosmos"), "gm")
    session = Session(gm, strings("en"), random.Random(1))
    record = roll_creation(CreationOptions(), random.Random(3))
    zed = {"name": "Zed", "kind": "pc", "sheet": {"karma": 0}}
    entry = session.record(record, new_character("Zed", zed, "made"))
    assert entry.visibility == "public"
    assert gm.state["characters"][str(entry.character)]["name"] == "Zed"
    gm.close()


def test_a_players_pick_from_a_list_is_blind_when_the_gm_keeps_its_kind(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """``person random --as bob`` where the GM keeps table rolls: bob is told it was
    thrown, not what it picked (he was shown the pick of a roll written blind); and in a
    committed session, an ordinary pick shows him no seed (the draws are the GM's until
    revealed)."""
    directory = tmp_path / "c"
    _table_of_two(directory).close()
    assert main(["set", str(directory), "options.solo", "true"]) == 0
    assert main(["person", str(directory), "add", "The abbess"]) == 0
    assert main(["set", str(directory), "secrecy.tables", '"gm"']) == 0
    capsys.readouterr()
    pick = ["person", str(directory), "random", "--as", "bob", "--lang", "en"]
    assert main(pick) == 0
    assert capsys.readouterr().out.strip() == "a blind roll: the GM alone sees the result"
    assert main(["session", str(directory), "Session 1"]) == 0
    capsys.readouterr()
    assert main(pick) == 0
    assert capsys.readouterr().out.strip() == "a blind roll: the GM alone sees the result"
    assert main(["unset", str(directory), "secrecy.tables"]) == 0
    capsys.readouterr()
    assert main(pick) == 0
    said = capsys.readouterr().out
    assert "The abbess" in said
    assert "seed" not in said
