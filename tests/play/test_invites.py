"""Invites: what ``meneur invite`` keeps (hashes only), what opens a seat and for how
long, a code spent once under the lock, and every mistake in an invite refused with the
file and the key."""

from __future__ import annotations

import threading
from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from meneur.core.table_rules import GM_SEAT, Seat
from meneur.play import act
from meneur.play.invites import (
    CODE_LETTERS,
    bind_code,
    doorkeeper,
    invite,
    mark_admitted,
    revoke,
)
from meneur.saves.campaign import Campaign
from meneur.saves.errors import CampaignError
from meneur.saves.table_file import TABLE_FILE, read_table

NOW = datetime(2026, 11, 26, 20, 0, tzinfo=UTC)
KEY = "ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAIPbOvf3Zl5AWD0pEJ8eVkw4Q2b8sNSd6ri1X3DMzpS0E dana"
OTHER = "ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAIGv6Sx0jHzqqSo4JkGRVYzFQ3k/zZtR1nWj6cgVVVS3Y eve"


@pytest.fixture
def directory(tmp_path: Path) -> Path:
    with Campaign.create(tmp_path / "c", system="resolution") as made:
        act.set_value(made, GM_SEAT, ("characters", "kael"), {"name": "Kael"})
    return tmp_path / "c"


def state(directory: Path) -> dict[str, object]:
    with Campaign.open(directory, write=False) as campaign:
        return dict(campaign.state)


def table(directory: Path):  # type: ignore[no-untyped-def]
    found = read_table(directory, state(directory))
    assert found is not None
    return found


def test_only_hashes_are_kept_and_the_code_opens_the_player_s_seat(directory: Path) -> None:
    issued = invite(
        directory,
        state(directory),
        seat=GM_SEAT,
        player="dana",
        name="Dana",
        characters=["kael"],
        now=NOW,
    )
    text = (directory / TABLE_FILE).read_text()
    assert issued.code not in text
    assert issued.code.replace("-", "") not in text
    assert issued.token not in text
    assert len(issued.token) >= 22  # 128 bits and more, URL-safe
    found = table(directory)
    by_code = found.invite_by_code(issued.code, NOW)
    assert by_code is not None
    assert found.seat_of(by_code) == Seat("player", "dana", frozenset({"kael"}))
    assert found.names["dana"] == "Dana"
    # As people type it: upper case, no dashes.
    assert found.invite_by_code(issued.code.upper().replace("-", ""), NOW) == by_code
    assert found.invite_by_token(issued.token, NOW) == by_code
    assert found.invite_by_code(issued.token, NOW) is None
    assert found.invite_by_token(issued.code, NOW) is None


def test_an_invite_opens_nothing_once_expired_and_is_dropped_at_the_next_edit(
    directory: Path,
) -> None:
    issued = invite(
        directory,
        state(directory),
        seat=GM_SEAT,
        player="dana",
        now=NOW,
        lifetime=timedelta(hours=2),
    )
    found = table(directory)
    assert found.invite_by_token(issued.token, NOW + timedelta(hours=1, minutes=59)) is not None
    assert found.invite_by_token(issued.token, NOW + timedelta(hours=2)) is None
    assert found.invite_by_code(issued.code, NOW + timedelta(hours=3)) is None
    later = invite(
        directory, state(directory), seat=GM_SEAT, player=None, now=NOW + timedelta(hours=3)
    )
    assert set(table(directory).invites) == {later.ident}


def test_a_code_binds_one_key_once(directory: Path) -> None:
    issued = invite(directory, state(directory), seat=GM_SEAT, player="dana", now=NOW)
    found = table(directory).invite_by_code(issued.code, NOW)
    assert found is not None
    assert bind_code(doorkeeper(directory, GM_SEAT), state(directory), found, KEY, NOW)
    after = table(directory)
    assert after.invite_by_code(issued.code, NOW) is None
    assert after.invite_by_token(issued.token, NOW) is not None  # the link still opens
    blob_seat = [seat for seat in after.seats.values() if seat.name == "dana"]
    assert blob_seat == [Seat("player", "dana")]
    before = (directory / TABLE_FILE).read_bytes()
    assert not bind_code(doorkeeper(directory, GM_SEAT), state(directory), found, OTHER, NOW)
    assert OTHER.split()[1] not in (directory / TABLE_FILE).read_text()
    assert (directory / TABLE_FILE).read_bytes().count(b"ssh-ed25519") == before.count(
        b"ssh-ed25519"
    )


def test_two_clients_racing_with_one_code_bind_one_key(directory: Path) -> None:
    issued = invite(directory, state(directory), seat=GM_SEAT, player="dana", now=NOW)
    found = table(directory).invite_by_code(issued.code, NOW)
    assert found is not None
    results: list[bool] = []
    start = threading.Barrier(2)

    def race(key: str) -> None:
        start.wait()
        results.append(bind_code(doorkeeper(directory, GM_SEAT), state(directory), found, key, NOW))

    threads = [threading.Thread(target=race, args=(key,)) for key in (KEY, OTHER)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert sorted(results) == [False, True]
    assert len(table(directory).seats) == 1


def test_a_viewer_s_invite_and_revoking(directory: Path) -> None:
    issued = invite(directory, state(directory), seat=GM_SEAT, player=None, now=NOW, admit=True)
    found = table(directory).invite_by_token(issued.token, NOW)
    assert found is not None
    assert found.admit
    assert table(directory).seat_of(found) == Seat("viewer")
    revoke(directory, state(directory), issued.ident, NOW, seat=GM_SEAT)
    assert table(directory).invite_by_token(issued.token, NOW) is None
    with pytest.raises(KeyError):
        revoke(directory, state(directory), issued.ident, NOW, seat=GM_SEAT)


def test_a_link_the_gm_let_in_is_remembered(directory: Path) -> None:
    issued = invite(directory, state(directory), seat=GM_SEAT, player="dana", now=NOW)
    assert not table(directory).invites[issued.ident].admitted
    mark_admitted(doorkeeper(directory, GM_SEAT), state(directory), issued.ident, NOW)
    assert table(directory).invites[issued.ident].admitted


@given(st.text(alphabet=CODE_LETTERS + "-", min_size=0, max_size=20))
def test_no_typed_code_but_the_right_one_opens(typed: str) -> None:
    from meneur.saves.table_file import Invite, TableFile, secret_hash

    code = "k7mq-2x9f-prtz"
    made = Invite("abcd", "viewer", secret_hash(code.replace("-", "")), secret_hash("t"),
                  NOW + timedelta(hours=1), False, False)  # fmt: skip
    found = TableFile({}, {}, False, {}, {"abcd": made}).invite_by_code(typed, NOW)
    assert (found is not None) == (typed.replace("-", "") == code.replace("-", ""))


@pytest.mark.parametrize(
    ("invite_text", "key", "message"),
    [
        ('seat = "nobody"', "invites.x.seat", "expected a player's id"),
        ('seat = "viewer"\ntoken = "abc"', "invites.x.token", "sha256"),
        ('seat = "viewer"\nwhen = 1', "invites.x.when", "unknown key"),
        ('seat = "viewer"\nexpires = 2026-11-27T10:00:00', "invites.x.expires", "offset"),
        ('seat = "viewer"\nadmit = "yes"', "invites.x.admit", "true or false"),
    ],
)
def test_a_broken_invite_is_refused_with_file_and_key(
    directory: Path, invite_text: str, key: str, message: str
) -> None:
    token = 'token = "sha256:' + "0" * 64 + '"'
    expires = "expires = 2026-11-27T10:00:00Z"
    lines = [invite_text]
    if "token" not in invite_text:
        lines.append(token)
    if "expires" not in invite_text:
        lines.append(expires)
    (directory / TABLE_FILE).write_text("[invites.x]\n" + "\n".join(lines) + "\n")
    with pytest.raises(CampaignError) as refused:
        read_table(directory, state(directory))
    assert refused.value.where == key
    assert message in str(refused.value)
    assert TABLE_FILE in str(refused.value)


def test_only_the_gm_s_seat_invites_or_revokes(directory: Path) -> None:
    """play writes table.toml for a seat, and governs it: a player's seat is refused,
    nothing written, whichever door asks."""
    from meneur.play.errors import Refusal

    issued = invite(directory, state(directory), seat=GM_SEAT, player="dana", now=NOW)
    before = (directory / TABLE_FILE).read_bytes()
    bob = Seat("player", "bob")
    with pytest.raises(Refusal):
        invite(directory, state(directory), seat=bob, player="bob", now=NOW)
    with pytest.raises(Refusal):
        revoke(directory, state(directory), issued.ident, NOW, seat=bob)
    assert (directory / TABLE_FILE).read_bytes() == before


def test_only_the_gm_s_server_keeps_the_door(tmp_path: Path) -> None:
    """What a login writes in ``table.toml`` (a code spent, a link let in) is the
    server's record by the serving GM's authority: no other seat gets a doorkeeper."""
    from meneur.saves.errors import Refusal

    directory = tmp_path / "c"
    Campaign.create(directory, system="resolution", name="Le col").close()
    for seat in (Seat("player", "dana"), Seat("viewer")):
        with pytest.raises(Refusal):
            doorkeeper(directory, seat)
    assert doorkeeper(directory, GM_SEAT).directory == directory
