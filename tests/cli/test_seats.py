"""``--as NAME`` on the command line is a seat: every command that reads or writes a
campaign takes it, an unknown name is refused, and a player's command is allowed,
refused and shown exactly as at the table (issue: the GM governs the table)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from meneur.cli.main import main
from meneur.content.strings import strings
from meneur.play.campaigns import Campaign

GM_NOTE = "Le traître est Varn"


def _folder(directory: Path) -> dict[str, bytes]:
    return {
        str(path.relative_to(directory)): path.read_bytes()
        for path in sorted(directory.rglob("*"))
        if path.is_file() and path.name != ".lock"
    }


@pytest.fixture
def table(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> Path:
    """bob plays Kael, carol plays Iris; a GM table, blind yes/no, a GM clock and a
    GM note."""
    directory = tmp_path / "c"
    for command in (
        ["new", str(directory), "--system", "resolution"],
        ["set", str(directory), "options.solo", "true"],
        ["set", str(directory), "characters.kael", '{name = "Kael", sheet = {}}'],
        ["set", str(directory), "characters.iris", '{name = "Iris", sheet = {}}'],
        ["table", "player", "bob", str(directory), "--character", "kael", "--name", "Bob"],
        ["table", "player", "carol", str(directory), "--character", "iris"],
        [
            "set",
            str(directory),
            "tables.complot",
            '{name = "Complot", dice = "1d2", entries = ["Varn", "Ilse"], gm = true}',
        ],
        ["set", str(directory), "secrecy.yesno", '"gm"'],
        ["clock", str(directory), "add", "Embuscade", "6", "--gm"],
        ["note", str(directory), GM_NOTE, "--visibility", "gm"],
    ):
        assert main(command) == 0, command
    capsys.readouterr()
    return directory


def _gm_note(directory: Path) -> int:
    with Campaign.open(directory, write=False) as campaign:
        return next(e.id for e in campaign.journal.latest(50) if e.text == GM_NOTE)


# A refusal the table has words for is said in them (the key of the interface's
# strings); the others (a table or clock the player cannot see) name what was asked.
REFUSED = [
    (["roll", "table", "complot", "--campaign", "{dir}"], "no table “complot”"),
    (["odds", "table", "complot", "--campaign", "{dir}"], "no table “complot”"),
    (["odds", "table", "Complot", "--campaign", "{dir}"], "no table “Complot”"),
    (
        ["roll", "resolution", "--score", "3", "--character", "iris", "--campaign", "{dir}"],
        "errors.refused.character",
    ),
    (["stats", "{dir}", "--leave-out", "{gm_note}"], "errors.refused.luck"),
    (["tension", "{dir}", "up"], "errors.refused.tension"),
    (["scene-end", "{dir}", "yes"], "errors.refused.tension"),
    (["session", "{dir}", "Séance 2"], "errors.refused.scenes"),
    (["scene", "{dir}", "Le pont"], "errors.refused.scenes"),
    (["set", "{dir}", "characters.iris.sheet.score", "3"], "errors.refused.character"),
    (["clock", "{dir}", "advance", "Embuscade"], "no clock"),
    (["undo", "{dir}"], "errors.history.nothing_undo"),
    (["table", "remove", "carol", "{dir}"], "errors.refused.seats"),
    (["invite", "{dir}", "--player", "dan"], "errors.refused.seats"),
    (["check", "{dir}"], "errors.refused.check"),
]


@pytest.mark.parametrize(
    ("command", "said"), REFUSED, ids=lambda value: value[0] if isinstance(value, list) else None
)
def test_a_players_command_is_refused_as_at_the_table_and_writes_nothing(
    table: Path, capsys: pytest.CaptureFixture[str], command: list[str], said: str
) -> None:
    before = _folder(table)
    words = [w.format(dir=table, gm_note=_gm_note(table)) for w in command]
    assert main([*words, "--as", "bob"]) == 2
    out, err = capsys.readouterr()
    assert out == ""
    if said.startswith("errors."):
        assert err == f"meneur: error: {strings('en').t(said)}\n"
    else:
        assert said in err
    assert "Traceback" not in err
    assert "Varn" not in err  # the refusal names nothing of the GM's
    assert _folder(table) == before


@pytest.mark.parametrize(
    ("command", "key"),
    [(command, key) for command, key in REFUSED if key.startswith("errors.")],
    ids=lambda value: value[0] if isinstance(value, list) else None,
)
def test_a_players_refusal_is_said_in_the_readers_language(
    table: Path, capsys: pytest.CaptureFixture[str], command: list[str], key: str
) -> None:
    words = [w.format(dir=table, gm_note=_gm_note(table)) for w in command]
    assert main([*words, "--as", "bob", "--lang", "fr"]) == 2
    err = capsys.readouterr().err
    assert err == f"meneur\u00a0: erreur\u00a0: {strings('fr').t(key)}\n"


def test_an_unknown_seat_is_refused_by_every_command(
    table: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    before = _folder(table)
    for words in (
        ["journal", str(table)],
        ["note", str(table), "Bonjour"],
        ["roll", "dice", "2d6", "--campaign", str(table)],
        ["undo", str(table)],
        ["tension", str(table)],
    ):
        assert main([*words, "--as", "nobody"]) == 2, words
        err = capsys.readouterr().err
        assert "--as nobody: no such player at this table (its players: bob, carol)" in err
    assert main(["journal", str(table), "--as", "nobody", "--lang", "fr"]) == 2
    said = strings("fr").t("errors.seat.unknown", name="nobody", known="bob, carol")
    assert capsys.readouterr().err == f"meneur\u00a0: erreur\u00a0: {said}\n"
    assert _folder(table) == before


@pytest.mark.parametrize(
    ("name", "key"), [("nobody", "errors.seat.unknown"), ("bob", "errors.refused.pack")]
)
def test_unpack_refuses_a_seat_as_pack_does(
    table: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str], name: str, key: str
) -> None:
    """``unpack --as NAME`` over the campaign is refused in ``pack --as NAME``'s words:
    an unknown name as no player of the table, a player as not the GM (unpack refused
    any --as on its own, an unknown name as a player). Nothing written."""
    packed = tmp_path / "c.meneur"
    assert main(["pack", str(table), "-o", str(packed)]) == 0
    capsys.readouterr()
    before = _folder(table)
    said = strings("en").t(key, name=name, known="bob, carol")
    for command in (
        ["pack", str(table), "-o", str(tmp_path / "no.meneur")],
        ["unpack", str(packed), str(table)],
    ):
        assert main([*command, "--as", name, "--lang", "en"]) == 2
        assert capsys.readouterr() == ("", f"meneur: error: {said}\n"), command
    assert not (tmp_path / "no.meneur").exists()
    assert _folder(table) == before


def test_a_blind_roll_shows_the_player_nothing_but_that_it_was_thrown(
    table: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    command = ["roll", "yesno", "--likelihood", "3", "--campaign", str(table), "--as", "bob"]
    assert main([*command, "--lang", "fr"]) == 0
    out = capsys.readouterr().out
    assert out.splitlines()[0].startswith("jet à l'aveugle")
    assert "seed" not in out
    for word in ("Oui", "Non", "yes", "no,"):
        assert word not in out
    assert main([*command, "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert set(data) == {"blind"}  # nor its number: the gaps would count the GM's secrets
    with Campaign.open(table, write=False) as campaign:
        entry = next(e for e in reversed(campaign.journal.latest(2)) if e.kind == "oracle")
    assert (entry.visibility, entry.player, entry.by) == ("gm", "bob", "bob")


@pytest.mark.parametrize(
    "asked",
    [
        ["--visibility", "public"],
        ["--visibility", "private"],
        ["--announce"],
        ["--visibility", "public", "--announce"],
    ],
)
def test_a_player_cannot_ask_a_blind_kind_s_roll_out_of_blindness(
    table: Path, capsys: pytest.CaptureFixture[str], asked: list[str]
) -> None:
    """The GM keeps yes/no answers blind: bob's ``--visibility public``, ``private`` or
    ``--announce`` wrote his answer public or private and printed it."""
    command = ["roll", "yesno", "--likelihood", "3", "--campaign", str(table), "--as", "bob"]
    assert main([*command, *asked, "--lang", "fr"]) == 0
    out = capsys.readouterr().out
    assert out == f"{strings('fr').t('shown.blind')}\n"
    with Campaign.open(table, write=False) as campaign:
        entry = next(e for e in reversed(campaign.journal.latest(2)) if e.kind == "oracle")
    assert (entry.visibility, entry.player, entry.announced) == ("gm", "bob", True)


def test_a_player_is_told_no_entry_number_that_would_count_the_gm_s_secrets(
    table: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """``--as bob`` prints no ``#N`` (a note, a value set, a roll's ``journal : entrée``)
    nor ``entry_id`` in JSON: after three GM notes, bob's next number would count them.
    The GM keeps the numbers."""
    for n in range(3):
        assert main(["note", str(table), f"Secret {n}", "--visibility", "gm"]) == 0
    capsys.readouterr()
    assert main(["note", str(table), "Kael guette", "--as", "bob", "--lang", "fr"]) == 0
    assert capsys.readouterr().out == "Kael guette\n"
    set_score = ["set", str(table), "characters.kael.sheet.score", "2", "--as", "bob"]
    assert main(set_score) == 0
    assert "#" not in capsys.readouterr().out
    roll = ["roll", "dice", "1d6", "--campaign", str(table), "--as", "bob"]
    assert main([*roll, "--lang", "fr"]) == 0
    out = capsys.readouterr().out
    assert "entrée" not in out
    assert "#" not in out
    assert main([*roll, "--json"]) == 0
    assert "entry_id" not in json.loads(capsys.readouterr().out)
    assert main(["note", str(table), "Le MJ note", "--lang", "fr"]) == 0
    with Campaign.open(table, write=False) as campaign:
        last = campaign.journal.last_id
    assert capsys.readouterr().out == f"#{last} Le MJ note\n"  # the GM's own numbers
    assert main(["roll", "dice", "1d6", "--campaign", str(table), "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["entry_id"] == last + 1


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_a_player_editing_what_they_may_not_is_told_as_of_an_entry_that_is_not(
    table: Path, capsys: pytest.CaptureFixture[str], lang: str
) -> None:
    """``note --edit N --as bob``: the GM's secret note given its very words or others,
    a secret entry that is no note, and a number past the last are refused in the same
    words, nothing written. Told apart ("already reads so", "is not a note"), trying
    every number counted the GM's secrets, told their kinds and tested a guess of a
    secret note's words."""
    with Campaign.open(table, write=False) as campaign:
        entries = campaign.journal.latest(50)
        last = campaign.journal.last_id
    hidden = next(e.id for e in entries if e.visibility == "gm" and e.kind != "note")
    tries = [(_gm_note(table), GM_NOTE), (_gm_note(table), "Rien"), (hidden, "Rien")]
    tries.append((last + 1, "Rien"))
    before = _folder(table)
    said = strings(lang)
    prefix = {"en": "meneur: error: ", "fr": "meneur\u00a0: erreur\u00a0: "}[lang]
    for number, text in tries:
        edit = ["note", str(table), "--edit", str(number), text, "--as", "bob", "--lang", lang]
        assert main(edit) == 2
        out, err = capsys.readouterr()
        assert out == ""
        no_entry = said.t("errors.campaign.no_entry", id=number)
        assert err == f"{prefix}{no_entry}\n", (number, text)
    assert _folder(table) == before


@pytest.mark.parametrize("seat", [["--as", "bob"], ["--as=bob"]], ids=" ".join)
def test_a_players_undo_in_conflict_is_told_in_the_tables_sentence(
    table: Path, capsys: pytest.CaptureFixture[str], seat: list[str]
) -> None:
    """bob's undo with the GM's later change in its way: the table's sentence, nothing
    written. The GM's with bob's in its way: the detail (entries, who, the key)."""
    score = ["set", str(table), "characters.kael.sheet.score"]
    assert main([*score, "2", "--as", "bob"]) == 0
    assert main([*score, "3"]) == 0
    capsys.readouterr()
    before = _folder(table)
    assert main(["undo", str(table), *seat, "--lang", "en"]) == 2
    out, err = capsys.readouterr()
    assert (out, err) == ("", f"meneur: error: {strings('en').t('errors.history.conflict')}\n")
    assert _folder(table) == before
    assert main([*score, "4", "--as", "bob"]) == 0  # now the GM's undo is in conflict
    with Campaign.open(table, write=False) as campaign:
        gms, bobs = campaign.journal.last_id - 1, campaign.journal.last_id
    capsys.readouterr()
    assert main(["undo", str(table), "--lang", "en"]) == 2
    err = capsys.readouterr().err
    assert f"cannot undo entry {gms} " in err
    assert f"entry {bobs} by bob changed characters.kael.sheet.score since" in err


@pytest.mark.parametrize("seat", [["--a", "bob"], ["--a=bob"]], ids=" ".join)
def test_an_option_is_taken_by_its_whole_name_alone(
    table: Path, capsys: pytest.CaptureFixture[str], seat: list[str]
) -> None:
    """``--a`` is no ``--as``: argparse took it for one, which what reads the words
    before argparse did not see (bob got the GM's detail of an undo's conflict). Refused
    as an option meneur does not have, nothing written."""
    score = ["set", str(table), "characters.kael.sheet.score"]
    assert main([*score, "2", "--as", "bob"]) == 0
    capsys.readouterr()
    before = _folder(table)
    assert main(["undo", str(table), *seat, "--lang", "en"]) == 2
    out, err = capsys.readouterr()
    assert (out, err) == ("", f"meneur: error: unrecognized arguments: {' '.join(seat)}\n")
    assert _folder(table) == before


def test_a_players_answer_brings_no_event_when_the_event_table_is_the_gms(
    table: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """The GM's own ``event`` table takes the shipped one's key: bob's yes/no answer that
    brings a random event is written and shown, and brings none — as at the table
    (Session.event_after). The CLI rolled the shipped table for him, which the campaign
    then refused as the GM's after the answer was written: exit 2, "one of the GM's
    secrets"."""
    event = '{name = "Event", dice = "1d2", entries = ["Varn betrays", "Ilse dies"], gm = true}'
    for command in (
        ["set", str(table), "tables.event", event],
        ["set", str(table), "secrecy.yesno", '"public"'],
        ["tension", str(table), "up"],
        ["tension", str(table), "up"],
    ):
        assert main(command) == 0
    with Campaign.open(table, write=False) as campaign:
        last = campaign.journal.last_id
    capsys.readouterr()
    question = ["roll", "yesno", "--likelihood", "3", "--question", "Q", "--campaign"]
    assert main([*question, str(table), "--as", "bob", "--seed", "0", "--lang", "en"]) == 0
    out, err = capsys.readouterr()
    assert err == ""
    assert "→ No, and" in out
    for secret in ("Varn", "Ilse", "Event", "secret"):
        assert secret not in out
    with Campaign.open(table, write=False) as campaign:
        (answer,) = campaign.journal.since(last)
    assert (answer.kind, answer.by, answer.visibility) == ("oracle", "bob", "public")
    assert answer.roll is not None
    assert answer.roll["event"]  # the dice brought one: none is written


def test_a_player_chooses_no_seed_inside_a_committed_session(
    table: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """``--seed`` from ``--as bob`` is refused once a session committed its dice (the
    roll would be picked, not drawn), and writes nothing; before it, and for the GM, it
    is a chosen seed the entry says."""
    roll = ["roll", "dice", "1d6", "--campaign", str(table), "--seed", "42", "--lang", "fr"]
    assert main([*roll, "--as", "bob"]) == 0  # no session yet: nothing committed
    assert main(["session", str(table), "Séance 1"]) == 0
    capsys.readouterr()
    before = _folder(table)
    assert main([*roll, "--as", "bob"]) == 2
    said = capsys.readouterr().err
    assert strings("fr").t("errors.refused.seed") in said
    assert _folder(table) == before
    assert main(roll) == 0  # the GM may
    with Campaign.open(table, write=False) as campaign:
        last = campaign.journal.latest(1)[0]
    assert last.roll is not None
    assert last.roll.get("chosen_seed") is True


def test_a_players_roll_shows_no_seed_of_the_sessions_draws(
    table: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["session", str(table), "Séance 1"]) == 0  # the GM commits its draws
    capsys.readouterr()
    command = ["roll", "dice", "2d6", "--campaign", str(table)]
    assert main([*command, "--as", "bob", "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert "seed" not in data
    assert main([*command, "--json"]) == 0
    assert "seed" in json.loads(capsys.readouterr().out)  # the GM sees it


def test_a_players_allowed_command_is_written_as_theirs(
    table: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["note", str(table), "Kael guette", "--as", "Bob"]) == 0  # the name, any case
    command = ["roll", "resolution", "--score", "3", "--character", "kael"]
    assert main([*command, "--campaign", str(table), "--as", "bob"]) == 0
    assert main(["note", str(table), "Pour le MJ", "--visibility", "private", "--as", "bob"]) == 0
    capsys.readouterr()
    with Campaign.open(table, write=False) as campaign:
        mine = campaign.journal.latest(3)
    assert [e.by for e in mine] == ["bob", "bob", "bob"]
    assert [e.character for e in mine] == [None, "kael", None]
    assert (mine[2].visibility, mine[2].player) == ("private", "bob")
    assert main(["undo", str(table), "--as", "bob"]) == 0  # their own note
    capsys.readouterr()
    assert main(["journal", str(table), "--as", "carol"]) == 0
    seen_by_carol = capsys.readouterr().out
    assert "Kael guette" in seen_by_carol
    assert "Pour le MJ" not in seen_by_carol
    assert GM_NOTE not in seen_by_carol


def test_as_and_role_combine_only_as_the_players_view(
    table: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["journal", str(table), "--role", "gm", "--as", "bob"]) == 2
    assert "leave out --role gm" in capsys.readouterr().err
    assert main(["journal", str(table), "--role", "player", "--as", "bob"]) == 0
    with_role = capsys.readouterr().out
    assert main(["journal", str(table), "--as", "bob"]) == 0
    assert capsys.readouterr().out == with_role
    assert GM_NOTE not in with_role


def test_a_player_lists_none_of_the_gms_clocks(
    table: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["clock", str(table), "list"]) == 0
    assert "Embuscade" in capsys.readouterr().out
    assert main(["clock", str(table), "list", "--as", "bob"]) == 0
    assert "Embuscade" not in capsys.readouterr().out


def test_a_secret_s_label_names_its_player_as_the_table_calls_them(
    table: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """The GM's journal and a player's own private note say whose it is by the name the
    table knows (Bob), never by their seat's key (bob)."""
    assert main(["note", str(table), "Mon plan", "--as", "bob", "--visibility", "private"]) == 0
    capsys.readouterr()
    assert main(["journal", str(table), "--lang", "fr", "--role", "gm"]) == 0
    gm = capsys.readouterr().out
    assert "Mon plan [privé (Bob)]" in gm
    assert main(["journal", str(table), "--lang", "fr", "--as", "bob"]) == 0
    own = capsys.readouterr().out
    assert "Mon plan [privé (Bob)]" in own
    assert "(bob)" not in gm + own


@pytest.mark.parametrize("last", [1, 2, 3, 5])
def test_a_players_last_entries_are_counted_in_what_they_see(
    table: Path, capsys: pytest.CaptureFixture[str], last: int
) -> None:
    """``journal --last N --as bob`` shows bob's last N entries, however many GM secrets
    lie among them: counted in all the entries, his window held fewer, and how many
    fewer counted the secrets. His picture is the same before and after the GM writes
    secrets, in text and in JSON."""
    for text in ("Kael guette", "Kael attend", "Kael part"):
        assert main(["note", str(table), text, "--as", "bob"]) == 0
    capsys.readouterr()

    def seen(*extra: str) -> str:
        command = ["journal", str(table), "--last", str(last), "--as", "bob", *extra]
        assert main(command) == 0
        return capsys.readouterr().out

    text, data = seen(), seen("--json")
    shown = json.loads(data)["entries"]
    with Campaign.open(table, write=False) as campaign:
        theirs = [
            e for e in campaign.journal.latest(100) if e.visibility != "gm" and e.text != GM_NOTE
        ]
    assert len(shown) == min(last, len(theirs))
    assert len(text.splitlines()) == 1 + len(shown)  # the campaign's name, then the entries
    for n in range(4):  # the GM's secrets, among the last entries
        assert main(["note", str(table), f"Secret {n}", "--visibility", "gm"]) == 0
    assert main(["roll", "dice", "1d6", "--campaign", str(table), "--visibility", "gm"]) == 0
    capsys.readouterr()
    assert (seen(), seen("--json")) == (text, data)


def test_a_player_is_not_called_by_another_players_id(
    table: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    # Called "Bob", carol would be whom ``--as bob`` names, as would bob.
    before = _folder(table)
    assert main(["table", "player", "carol", str(table), "--name", "BOB"]) == 2
    err = capsys.readouterr().err
    said = strings("en").t("errors.campaign.table.name_is_id", other="bob")
    assert err == f"meneur: error: {table / 'table.toml'}: players.carol.name: {said}\n"
    assert main(["table", "player", "carol", str(table), "--name", "Bob", "--lang", "fr"]) == 2
    said = strings("fr").t("errors.campaign.table.name_is_id", other="bob")
    assert f"players.carol.name\u00a0: {said}\n" in capsys.readouterr().err
    # …nor a new player by an id someone is called: nothing written either way.
    assert _folder(table) == before
    assert main(["table", "player", "erin", str(table), "--name", "Dana"]) == 0
    capsys.readouterr()
    written = _folder(table)
    assert main(["table", "player", "DANA", str(table)]) == 2
    assert "players.erin.name: this name is DANA's id" in capsys.readouterr().err
    assert _folder(table) == written


def test_check_refuses_a_table_file_that_calls_a_player_by_another_s_id(
    table: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = table / "table.toml"
    path.write_text(path.read_text().replace('name = "Bob"', 'name = "Carol"'))
    assert main(["check", str(table)]) == 2
    said = strings("en").t("errors.campaign.table.name_is_id", other="carol")
    assert capsys.readouterr().err == f"meneur: error: {path}: players.bob.name: {said}\n"


def test_as_takes_an_id_first_and_refuses_a_name_several_players_go_by(
    table: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    from meneur.play.seating import seat_named

    # A player a sheet names (not in table.toml) may have an id the table calls another.
    sheet = '{name = "Zed", sheet = {}, player = "frank"}'
    assert main(["set", str(table), "characters.zed", sheet]) == 0
    assert main(["table", "player", "erin", str(table), "--name", "Frank"]) == 0
    assert main(["table", "player", "dana", str(table), "--name", "Bob"]) == 2  # bob's id
    assert main(["table", "player", "dana", str(table), "--name", "Carol "]) == 2
    assert main(["table", "player", "dana", str(table), "--name", "Erin"]) == 2
    capsys.readouterr()
    with Campaign.open(table, write=False) as campaign:
        state = campaign.state
    assert seat_named(table, state, "frank").name == "frank"
    assert seat_named(table, state, "frank").characters == {"zed"}
    assert seat_named(table, state, "erin").name == "erin"
    assert seat_named(table, state, "BOB").name == "bob"
    for name in ("Frank", "FRANK"):  # frank's id in another case, and erin's name
        assert main(["journal", str(table), "--as", name]) == 2
        said = strings("en").t("errors.seat.ambiguous", name=name, which="erin, frank")
        assert capsys.readouterr().err == f"meneur: error: {said}\n"
    assert main(["journal", str(table), "--as", "Frank", "--lang", "fr"]) == 2
    said = strings("fr").t("errors.seat.ambiguous", name="Frank", which="erin, frank")
    assert capsys.readouterr().err == f"meneur\u00a0: erreur\u00a0: {said}\n"
    assert main(["note", str(table), "Frank waves", "--as", "frank"]) == 0
    with Campaign.open(table, write=False) as campaign:
        assert campaign.journal.latest(1)[0].by == "frank"
