"""table.toml: who may join the shared table, as whom; real keys from ssh-keygen, and
every mistake refused with the file and the key."""

from __future__ import annotations

import shutil
import subprocess
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from meneur.core.table_rules import GM_SEAT, Seat
from meneur.play import act
from meneur.saves.campaign import Campaign
from meneur.saves.errors import CampaignError
from meneur.saves.table_file import TABLE_FILE, parse_key, read_table

SSH_KEYGEN = shutil.which("ssh-keygen")
pytestmark = pytest.mark.skipif(SSH_KEYGEN is None, reason="OpenSSH's ssh-keygen is missing")


def make_key(folder: Path, name: str, kind: str = "ed25519") -> str:
    path = folder / name
    subprocess.run(
        [str(SSH_KEYGEN), "-q", "-t", kind, "-N", "", "-C", f"{name}@table", "-f", str(path)],
        check=True,
    )
    return (folder / f"{name}.pub").read_text().strip()


@pytest.fixture(scope="module")
def keys(tmp_path_factory: pytest.TempPathFactory) -> dict[str, str]:
    folder = tmp_path_factory.mktemp("keys")
    return {
        "gm": make_key(folder, "camille"),
        "alice": make_key(folder, "alice"),
        "bob": make_key(folder, "bob", "ecdsa"),
        "stranger": make_key(folder, "stranger"),
    }


@pytest.fixture
def campaign(tmp_path: Path) -> Campaign:
    with Campaign.create(tmp_path / "c", system="resolution") as made:
        act.set_value(made, GM_SEAT, ("characters", "kael"), {"name": "Kael"})
        act.set_value(made, GM_SEAT, ("characters", "lyra"), {"name": "Lyra"})
    return Campaign.open(tmp_path / "c", write=False)


def write_table(campaign: Campaign, text: str) -> Path:
    path = campaign.directory / TABLE_FILE
    path.write_text(text)
    return path


def test_keys_open_their_seats_and_strangers_are_refused_or_watch(
    campaign: Campaign, keys: dict[str, str]
) -> None:
    write_table(
        campaign,
        f"""
[gm]
name = "Camille"
keys = ["{keys["gm"]}"]

[players.alice]
name = "Alice"
keys = ["{keys["alice"]}"]
characters = ["kael"]

[players.bob]
keys = ["{keys["bob"]}"]
characters = ["lyra"]
""",
    )
    table = read_table(campaign.directory, campaign.state)
    assert table is not None
    assert table.seat_for(parse_key(keys["gm"]).blob) == Seat("gm", "gm")
    assert table.seat_for(parse_key(keys["alice"]).blob) == Seat(
        "player", "alice", frozenset({"kael"})
    )
    assert table.seat_for(parse_key(keys["bob"]).blob).characters == {"lyra"}  # type: ignore[union-attr]
    assert table.seat_for(parse_key(keys["stranger"]).blob) is None
    assert table.names == {"gm": "Camille", "alice": "Alice", "bob": "bob"}
    path = campaign.directory / TABLE_FILE
    path.write_text('viewers = "anyone"\n' + path.read_text())
    table = read_table(campaign.directory, campaign.state)
    assert table is not None
    assert table.seat_for(parse_key(keys["stranger"]).blob) == Seat("viewer")


def test_a_gm_given_no_name_has_none(campaign: Campaign, keys: dict[str, str]) -> None:
    """Their seat's key ("gm") is no name: screens call them by their role."""
    write_table(campaign, f'[gm]\nkeys = ["{keys["gm"]}"]\n\n[players.bob]\nkeys = []\n')
    table = read_table(campaign.directory, campaign.state)
    assert table is not None
    assert table.names == {"bob": "bob"}


def test_no_table_file_no_table(campaign: Campaign) -> None:
    assert read_table(campaign.directory, campaign.state) is None


@pytest.mark.parametrize(
    ("body", "where", "reason"),
    [
        ('viewers = "everyone"', "viewers", 'expected "none" or "anyone"'),
        ("[gm]\nkeys = ['ssh-dss AAAA x']", "gm.keys[0]", "expected a key type"),
        ("[gm]\nkeys = ['ssh-ed25519 not!base64']", "gm.keys[0]", "does not decode"),
        (
            "[gm]\nkeys = ['ssh-rsa AAAAC3NzaC1lZDI1NTE5AAAAIGZha2U=']",
            "gm.keys[0]",
            "is not a ssh-rsa key",
        ),
        ("[players.alice]\ncharacters = ['zora']", "players.alice.characters[0]", "zora: no such"),
        ("[gm]\ncharacters = ['kael']", "gm.characters", "unknown key"),
        ("[players.alice]\npassword = 'x'", "players.alice.password", "unknown key"),
        ("seats = 3", "seats", "unknown key"),
        ('[gm]\nname = " "', "gm.name", "expected the name the table calls them"),
        ('[players.alice]\nname = ""', "players.alice.name", "expected the name"),
        (
            '[players.kael]\n[players.alice]\nname = "KAEL"',
            "players.alice.name",
            "this name is kael's id at the table",
        ),
        ("[players.GM]", "players.GM", "gm is the GM's seat: give this player another id"),
    ],
)
def test_a_mistake_is_refused_with_file_and_key(
    campaign: Campaign, body: str, where: str, reason: str
) -> None:
    path = write_table(campaign, body + "\n")
    with pytest.raises(CampaignError) as caught:
        read_table(campaign.directory, campaign.state)
    message = str(caught.value)
    assert str(path) in message
    assert f"{where}: " in message
    assert reason in message


def test_a_key_opens_one_seat_only(campaign: Campaign, keys: dict[str, str]) -> None:
    write_table(
        campaign,
        f'[gm]\nkeys = ["{keys["alice"]}"]\n[players.alice]\nkeys = ["{keys["alice"]}"]\n',
    )
    with pytest.raises(
        CampaignError, match=r"players\.alice\.keys\[0\]: this key already opens gm"
    ):
        read_table(campaign.directory, campaign.state)


@given(st.text(max_size=200))
def test_any_line_is_a_key_or_a_reason(line: str) -> None:
    try:
        key = parse_key(line)
    except ValueError as error:
        reason = str(error)
        key = None
    if key is None:
        assert reason  # refused, saying why (never another exception)
    else:
        assert parse_key(key.line()) == key
