"""``meneur --plain``: the table as plain lines and a prompt, for a screen reader or a
braille display. Run in a pseudo-terminal as a person runs it: its bytes hold no escape
sequence at all (no cursor movement, no colour), a whole scene is played from it, and
what another writer journals meanwhile arrives as a line."""

from __future__ import annotations

import os
import sys
from pathlib import Path

from meneur.core.table_rules import GM_SEAT
from meneur.play import act
from meneur.play.campaigns import Campaign, Secrecy
from tests.pty_terminal import PtyTerminal

CLI = [sys.executable, "-m", "meneur.cli.main"]


def _lines(terminal: PtyTerminal) -> list[str]:
    """What the program printed, line by line (the terminal's own echo of what was typed
    included, as a screen reader hears it)."""
    return terminal.said.decode().replace("\r\n", "\n").split("\n")


def test_a_scene_is_played_in_plain_lines(tmp_path: Path) -> None:
    made = Campaign.create(
        tmp_path / "c", system="resolution", name="Le col", options={"solo": True}, language="fr"
    )
    made.close()
    environ = {"MENEUR_DATA_DIR": str(tmp_path / "data"), "TERM": "xterm-256color"}
    terminal = PtyTerminal(
        [*CLI, "--plain", "--campaign", str(made.directory), "--seed", "3"], environ
    )
    try:
        terminal.wait_for("meneur — Le col, Résoudre une action.")
        steps = [
            ("Le vent se lève sur le col", "> Le vent se lève sur le col"),
            ("2d6", "Jet de dés\u00a0: 2d6 → "),
            ("?4 Le pont tient-il\u00a0?", "Le pont tient-il\u00a0? → "),
            ("noms", "Noms → "),
            ("chances 2d6", "7\u00a0: 16,7\u00a0%"),
            ("chances météo", "1\u00a0: 25,0\u00a0%, le ciel se couvre"),  # a table's rows
            ("qui", "Personne encore à la table."),
            ("2d", "> 2d"),  # not dice: a note
        ]
        for typed, answer in steps:
            terminal.type(f"{typed}\r".encode())
            terminal.wait_until(
                lambda _, answer=answer: any(answer in line for line in _lines(terminal)),
                answer,
            )
        # another writer (the GM's command line) journals a note: it arrives as a line
        with Campaign.open(made.directory) as other:
            act.note(other, GM_SEAT, "Une ombre passe")
        terminal.wait_until(
            lambda _: any("Une ombre passe" in line for line in _lines(terminal)),
            "the other's note",
        )
        terminal.type(b"quitter\r")
        assert terminal.wait() == 0
    finally:
        terminal.close()
    assert b"\x1b" not in terminal.said  # no cursor movement, no colour: plain lines
    with Campaign.open(made.directory, write=False) as campaign:
        texts = [entry.text for entry in campaign.journal]
        kinds = [entry.kind for entry in campaign.journal]
    assert texts[0] == "Le vent se lève sur le col"
    assert kinds[:4] == ["note", "roll", "oracle", "roll"]
    assert "2d" in texts
    assert "Une ombre passe" in texts


def test_the_end_of_the_input_leaves_and_english_is_spoken(tmp_path: Path) -> None:
    """Lines from a pipe (a braille display's own program, a script): the same
    conversation; the end of the input is leaving."""
    import subprocess

    made = Campaign.create(tmp_path / "c", system="cosmos", name="Nova")
    made.close()
    env = {**os.environ, "MENEUR_DATA_DIR": str(tmp_path / "data")}
    done = subprocess.run(
        [*CLI, "--plain", "--campaign", str(made.directory), "--lang", "en", "--seed", "1"],
        input="help\nd100\n", capture_output=True, text=True, env=env, timeout=60,
    )  # fmt: skip
    assert done.returncode == 0, done.stderr
    assert "What you can type:" in done.stdout
    assert "Dice roll (Jet de dés): d100 → " in done.stdout
    assert done.stdout.rstrip().endswith("Goodbye: everything is saved.")
    assert "\x1b" not in done.stdout


def test_the_plain_seat_draws_nothing(tmp_path: Path) -> None:
    """It is a command line: neither textual nor rich is imported to seat a reader."""
    import subprocess

    made = Campaign.create(tmp_path / "c", system="traits", name="T")
    made.close()
    code = (
        "import sys; from meneur.cli.main import main; "
        f"main(['--plain', '--campaign', {str(made.directory)!r}]); "
        "print(sorted(m for m in ('textual', 'rich', 'asyncssh') if m in sys.modules))"
    )
    env = {**os.environ, "MENEUR_DATA_DIR": str(tmp_path / "data")}
    done = subprocess.run(
        [sys.executable, "-c", code], input="quit\n", capture_output=True, text=True,
        env=env, timeout=60,
    )  # fmt: skip
    assert done.returncode == 0, done.stderr
    assert done.stdout.rstrip().endswith("[]")


def test_a_player_sets_up_a_test_answers_the_gm_and_chooses_in_secret(tmp_path: Path) -> None:
    """A player's plain seat (``--as``): a system's test set up with ``meneur roll``'s
    options and rolled with ``r``, a roll the GM asks for answered by it, a secret turn
    choice made; the GM's secrets stay unread."""
    from meneur.play.act import turns

    made = Campaign.create(tmp_path / "c", system="resolution", name="Le col", language="fr")
    act.set_value(made, GM_SEAT, ("characters", "mira"), {"name": "Mira", "player": "bob"})
    act.set_value(made, GM_SEAT, ("characters", "kael"), {"name": "Kael"})
    made.close()
    environ = {"MENEUR_DATA_DIR": str(tmp_path / "data"), "TERM": "xterm-256color"}
    argv = [*CLI, "--plain", "--campaign", str(made.directory), "--as", "bob", "--seed", "5"]
    terminal = PtyTerminal(argv, environ)

    def heard(text: str) -> None:
        terminal.wait_until(lambda _: any(text in line for line in _lines(terminal)), text)

    try:
        heard("meneur — Le col, Résoudre une action.")
        terminal.type(b"test --score 3 --alteration instable\r")
        heard("Score à battre\u00a0: 3")
        heard("r le lance.")
        assert not any("█" in line for line in _lines(terminal))  # no bars to read out
        terminal.type(b"test --score 3 --opposed 2\r")  # two difficulties: refused, said why
        heard("erreur\u00a0: fixer la difficulté d'une seule façon")
        terminal.type(b"r\r")
        heard("Mira — score 3, Instable → ")
        with Campaign.open(made.directory) as gm:
            turns.request_roll(gm, GM_SEAT, "Perception", ["mira"])
        heard("Le MJ demande un jet à Mira\u00a0: Perception.")
        terminal.type(b"r\r")
        terminal.wait_until(lambda _: _answered(made.directory), "the request answered")
        with Campaign.open(made.directory) as gm:
            act.note(gm, GM_SEAT, "Le traître est Kael", secrecy=Secrecy("gm"))
            opened = turns.open_phase(
                gm, GM_SEAT, "Fuir ou combattre\u00a0?", ["fuir", "combattre"], ["mira", "kael"]
            )
        # The first turn open, not the number of the entry that opened it (which
        # counts the GM's secrets: the note just written).
        heard("Tour 1, Fuir ou combattre\u00a0?\u00a0: Mira choisit (fuir / combattre).")
        terminal.type(b"choisir voler\r")  # not an option: refused, nothing sealed
        heard("fuir, combattre")
        terminal.type(b"choisir fuir\r")
        heard("Mira\u00a0: fuir")
        terminal.type(b"tours\r")
        heard("Rien n'est demandé à vos personnages.")
        terminal.type(b"quitter\r")
        assert terminal.wait() == 0
    finally:
        terminal.close()
    assert b"\x1b" not in terminal.said
    assert "traître" not in terminal.said.decode()
    assert f"Tour {opened.id}" not in terminal.said.decode()
    with Campaign.open(made.directory, write=False) as campaign:
        sealed = campaign.state["phases"][str(opened.id)]["sealed"]
        mine = [e for e in campaign.journal if e.kind == "roll"]
    assert sealed["mira"]["choice"] == "fuir"
    assert "kael" not in sealed
    assert [entry.character for entry in mine] == ["mira", "mira"]
    assert {entry.by for entry in mine} == {"bob"}


def _answered(directory: Path) -> bool:
    with Campaign.open(directory, write=False) as campaign:
        return any(r["answered"].get("mira") for r in campaign.state["requests"].values())


def test_a_player_s_own_blind_roll_is_told_as_thrown_as_the_app_tells_it(tmp_path: Path) -> None:
    """``secrecy = { yesno = "gm", tables = "gm_announced" }``: at Paul's plain seat, his
    question and his roll on a table are blind rolls, told as the app's seat tells them
    (``Jet à l'aveugle``), never their answer; his dice are his to read."""
    made = Campaign.create(tmp_path / "c", system="resolution", name="Le col", language="fr")
    act.set_value(made, GM_SEAT, ("characters", "mira"), {"name": "Mira", "player": "paul"})
    act.set_value(made, GM_SEAT, ("secrecy",), {"yesno": "gm", "tables": "gm_announced"})
    made.close()
    environ = {"MENEUR_DATA_DIR": str(tmp_path / "data"), "TERM": "xterm-256color"}
    argv = [*CLI, "--plain", "--campaign", str(made.directory), "--as", "paul", "--seed", "4"]
    terminal = PtyTerminal(argv, environ)
    blind = "🔒 Jet à l'aveugle (le MJ seul voit le résultat)"

    def heard(text: str, times: int = 1) -> None:
        terminal.wait_until(lambda _: sum(text in line for line in _lines(terminal)) >= times, text)

    try:
        heard("meneur — Le col, Résoudre une action.")
        terminal.type("? Le pont tient-il\u00a0?\r".encode())
        heard(blind)
        terminal.type(b"noms\r")
        heard(blind, times=2)
        terminal.type(b"2d6\r")
        heard("Jet de dés\u00a0: 2d6 → ")
        terminal.type(b"quitter\r")
        assert terminal.wait() == 0
    finally:
        terminal.close()
    said = terminal.said.decode()
    for answer in ("Oui", "Non", "Noms →"):
        assert answer not in said
    with Campaign.open(made.directory, write=False) as campaign:
        rolls = [e for e in campaign.journal if e.roll is not None]
    assert [(e.kind, e.visibility, e.player) for e in rolls[:2]] == [
        ("oracle", "gm", "paul"),
        ("roll", "gm", "paul"),
    ]


def test_a_player_s_test_of_a_kind_the_gm_keeps_stays_blind_whatever_she_asks(
    tmp_path: Path,
) -> None:
    """``secrecy = { resolution = "gm" }``: Paul's ``test … --visibility public``,
    ``private`` or ``--announce`` rolled his test public or private and told him its
    outcome; each is a blind roll, told as thrown."""
    made = Campaign.create(tmp_path / "c", system="resolution", name="Le col", language="fr")
    act.set_value(made, GM_SEAT, ("characters", "mira"), {"name": "Mira", "player": "paul"})
    act.set_value(made, GM_SEAT, ("secrecy",), {"resolution": "gm"})
    made.close()
    environ = {"MENEUR_DATA_DIR": str(tmp_path / "data"), "TERM": "xterm-256color"}
    argv = [*CLI, "--plain", "--campaign", str(made.directory), "--as", "paul", "--seed", "4"]
    terminal = PtyTerminal(argv, environ)
    blind = "🔒 Jet à l'aveugle (le MJ seul voit le résultat)"
    asked = ("--visibility public", "--visibility private", "--announce")

    def heard(text: str, times: int = 1) -> None:
        terminal.wait_until(lambda _: sum(text in line for line in _lines(terminal)) >= times, text)

    try:
        heard("meneur — Le col, Résoudre une action.")
        for times, options in enumerate(asked, start=1):
            terminal.type(f"test --score 3 {options}\r".encode())
            heard("r le lance.", times)
            terminal.type(b"r\r")
            heard(blind, times)
        terminal.type(b"quitter\r")
        assert terminal.wait() == 0
    finally:
        terminal.close()
    said = terminal.said.decode()
    assert "Mira — score 3" not in said  # the roll's line, which says its outcome
    with Campaign.open(made.directory, write=False) as campaign:
        rolls = [e for e in campaign.journal if e.roll is not None]
    assert [(e.visibility, e.player, e.announced) for e in rolls] == [("gm", "paul", True)] * 3
