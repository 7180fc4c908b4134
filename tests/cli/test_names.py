"""Every command that takes a name refuses a line break or a control character in it
(the rule of names), in one line naming the field, exit status 2, nothing written; and
``meneur check`` — so every command — refuses such a name written into a file by hand,
naming the file and the key."""

from __future__ import annotations

import os
import subprocess
import sys
import tomllib
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
import tomli_w

from meneur.cli.main import main

KEY = "ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAIOMqqnkVzrm0SdG6UOoqKLsabgH5C9okWi0dh2l9GKJl gm@x"
RULE = "must be one line without control characters (tabs are fine)"


def files_of(directory: Path) -> dict[str, bytes]:
    """Every file of the campaign, but the lock's note of who last held it."""
    return {
        str(p.relative_to(directory)): p.read_bytes()
        for p in directory.rglob("*")
        if p.is_file() and p.name != ".lock"
    }


@pytest.fixture
def camp(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> Path:
    directory = tmp_path / "camp"
    assert main(["new", str(directory), "--system", "resolution", "--name", "Le col",
                 "--lang", "en"]) == 0  # fmt: skip
    assert main(["thread", str(directory), "add", "Les loups"]) == 0
    assert main(["table", "player", "alice", str(directory), "--name", "Alice"]) == 0
    capsys.readouterr()
    return directory


# Each command that takes a name: its words (DIR stands for the campaign), the name in
# them, and the field the refusal names.
COMMANDS: list[tuple[list[str], str]] = [
    (["session", "DIR", "NAME"], "The session's title"),
    (["scene", "DIR", "NAME"], "The scene's title"),
    (["clock", "DIR", "add", "NAME", "6"], "The clock's name"),
    (["track", "DIR", "add", "NAME", "ardu"], "The track's name"),
    (["thread", "DIR", "add", "NAME"], "The thread's name"),
    (["thread", "DIR", "rename", "Les loups", "NAME"], "The thread's name"),
    (["person", "DIR", "add", "NAME"], "The person's name"),
    (["table", "gm", "DIR", "--key", KEY, "--name", "NAME"], "The GM's name"),
    (["table", "player", "bob", "DIR", "--name", "NAME"], "The player's name"),
    (["table", "player", "alice", "DIR", "--name", "NAME"], "The player's name"),
    (["invite", "DIR", "--player", "carol", "--name", "NAME", "--host", "h", "--no-qr"],
     "The player's name"),
    (["set", "DIR", "characters.kael", '{ name = "NAME", sheet = {} }'],
     "DIR/campaign.toml: characters.kael.name: The character's name"),
    (["set", "DIR", "trackers.loups", '{ name = "NAME", kind = "clock", max = 4 }'],
     "DIR/campaign.toml: trackers.loups.name: The clock's name"),
    (["set", "DIR", "name", '"NAME"'], "DIR/campaign.toml: name: The campaign's name"),
]  # fmt: skip


@pytest.mark.parametrize(
    ("name", "said"),
    [("Le\ncol", "character 3 is a line break"),
     ("Le\x1b[31mcol", "character 3 is a control character (␛)"),
     ("Le col\u2028!", "character 7 is a line break")],
)  # fmt: skip
@pytest.mark.parametrize(("words", "field"), COMMANDS)
def test_every_command_refuses_a_name_in_one_line_changing_nothing(
    camp: Path,
    capsys: pytest.CaptureFixture[str],
    words: list[str],
    field: str,
    name: str,
    said: str,
) -> None:
    # In TOML (``set``), the name is written as TOML writes it: escaped.
    in_toml = name.encode("unicode_escape").decode("ascii").replace("\\x1b", "\\u001b")
    argv = [
        word.replace("DIR", str(camp)).replace(
            "NAME", in_toml if word.startswith(("{", '"')) else name
        )
        for word in words
    ]
    before = files_of(camp)
    assert main([*argv, "--lang", "en"] if words[0] != "set" else argv) == 2
    err = capsys.readouterr().err
    assert err == f"meneur: error: {field.replace('DIR', str(camp))} {RULE}: {said}\n"
    assert files_of(camp) == before


def test_a_campaign_is_not_created_with_such_a_name(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["new", str(tmp_path / "c"), "--system", "traits", "--name", "a\tb\x07"]) == 2
    assert capsys.readouterr().err == (
        f"meneur: error: The campaign's name {RULE}: character 4 is a control character (␇)\n"
    )
    assert not (tmp_path / "c").exists()


def test_a_tab_and_the_name_as_typed_are_kept(
    camp: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["scene", str(camp), "  Le col\t(nuit)  "]) == 0
    assert main(["clock", str(camp), "add", "Les loups\tapprochent", "6"]) == 0
    capsys.readouterr()
    assert main(["journal", str(camp), "--json", "--last", "2"]) == 0
    import json

    entries = json.loads(capsys.readouterr().out)["entries"]
    assert entries[0]["text"] == "  Le col\t(nuit)  "
    state = tomllib.loads((camp / "campaign.toml").read_text("utf-8"))
    assert [t["name"] for t in state["trackers"].values()] == ["Les loups\tapprochent"]


def test_the_real_command_exits_2_with_one_line(camp: Path) -> None:
    env = {**os.environ, "LANG": "fr_FR.UTF-8", "LC_ALL": "fr_FR.UTF-8"}
    before = files_of(camp)
    done = subprocess.run(
        [sys.executable, "-m", "meneur.cli.main", "scene", str(camp), "Le\x1b]0;x\x07col",
         "--lang", "fr"],
        capture_output=True, text=True, env=env, timeout=60, check=False,
    )  # fmt: skip
    assert done.returncode == 2
    assert done.stdout == ""
    assert done.stderr == (
        "meneur\u00a0: erreur\u00a0: Le titre de la scène tient sur une ligne, sans caractère"
        " de contrôle (les tabulations sont admises)\u00a0: le caractère 3 est un caractère de"
        " contrôle (␛)\n"
    )
    assert files_of(camp) == before


# --- What a file holds ------------------------------------------------------------------


def _set(path: tuple[str, ...], value: Any) -> Callable[[dict[str, Any]], None]:
    def edit(document: dict[str, Any]) -> None:
        for key in path[:-1]:
            document = document.setdefault(key, {})
        document[path[-1]] = value

    return edit


HAND_EDITS = [
    # campaign.toml: an edit by hand, the key the refusal names, the field it names.
    (_set(("name",), "Le\x1bcol"), "name", "The campaign's name"),
    (_set(("characters", "kael"), {"name": "Ka\nel", "sheet": {}}),
     "characters.kael.name", "The character's name"),
    (_set(("trackers", "loups"), {"name": "Loups\x07", "kind": "clock", "max": 4}),
     "trackers.loups.name", "The clock's name"),
    (_set(("trackers", "col"), {"name": "C\u2028ol", "kind": "track", "rank": "ardu",
                                "max": 40}), "trackers.col.name", "The track's name"),
    (_set(("trackers", "pv"), {"name": "P\rV", "max": 10}), "trackers.pv.name",
     "The tracker's name"),
    (_set(("lists", "threads"), ["Fil\x00"]), "lists.threads[0]", "The thread's name"),
    (_set(("lists", "people"), [{"name": "Al\x85ix"}]), "lists.people[0]",
     "The person's name"),
    (_set(("lists", "places"), ["Lieu\u202e"]), "lists.places[0]", "The item's name"),
    (_set(("tables", "meteo"), {"name": "Météo\x1b", "entries": ["Pluie"]}),
     "tables.meteo.name", "The table's name"),
]  # fmt: skip


@pytest.mark.parametrize(("edit", "key", "field"), HAND_EDITS)
def test_check_refuses_a_name_written_by_hand_naming_file_and_key(
    camp: Path,
    capsys: pytest.CaptureFixture[str],
    edit: Callable[[dict[str, Any]], None],
    key: str,
    field: str,
) -> None:
    state = camp / "campaign.toml"
    document = tomllib.loads(state.read_text("utf-8"))
    edit(document)
    state.write_text(tomli_w.dumps(document), encoding="utf-8")
    for command in (["check"], ["journal"], ["note", "—"]):
        argv = [command[0], str(camp), *command[1:], "--lang", "en"]
        assert main(argv) == 2
        err = capsys.readouterr().err
        assert err.startswith(f"meneur: error: {state}: {key}: {field} {RULE}: character ")
        assert err.count("\n") == 1


@pytest.mark.parametrize(
    ("where", "key", "field"),
    [("gm", "gm.name", "The GM's name"), ("players.alice", "players.alice.name",
      "The player's name"), ("banned.gina", "banned.gina.name", "The player's name")],
)  # fmt: skip
def test_check_refuses_a_seats_name_written_by_hand(
    camp: Path, capsys: pytest.CaptureFixture[str], where: str, key: str, field: str
) -> None:
    table = camp / "table.toml"
    document = tomllib.loads(table.read_text("utf-8"))
    _set((*where.split("."), "name"), "Gi\nna")(document)
    table.write_text(tomli_w.dumps(document), encoding="utf-8")
    assert main(["check", str(camp), "--lang", "en"]) == 2
    assert capsys.readouterr().err == (
        f"meneur: error: {table}: {key}: {field} {RULE}: character 3 is a line break\n"
    )
