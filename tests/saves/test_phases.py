"""Secret choices in a campaign: sealed in entries only their player and the GM see,
revealed at once when the last one is made, and never readable by another player
before (Hypothesis over the orders players choose in)."""

from __future__ import annotations

from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from meneur.core.table_rules import GM_SEAT, Seat
from meneur.core.visibility import AUDIENCE, Viewer
from meneur.play import act
from meneur.play.views import entries_for, state_for
from meneur.saves.campaign import Campaign
from meneur.saves.errors import CampaignError

PLAYERS = {"alice": "kael", "bob": "mira", "chloe": "zoe"}


def seat_of(player: str) -> Seat:
    """The seat ``player`` plays at: their character's."""
    return Seat("player", player, frozenset({PLAYERS[player]}))


def table(directory: Path) -> tuple[Campaign, dict[str, Campaign]]:
    gm = Campaign.create(directory, system="systemj", name="Tour")
    for character in PLAYERS.values():
        act.set_value(
            gm, GM_SEAT, ("characters", character), {"name": character.title(), "kind": "pc"}
        )
    seats = {}
    for player in PLAYERS:
        seat = Campaign.open(directory)
        seat.author = player
        seats[player] = seat
    return gm, seats


def test_a_turn_is_the_gm_s_to_open_and_reveal(tmp_path: Path) -> None:
    gm, seats = table(tmp_path / "c")
    with pytest.raises(CampaignError, match="refused"):
        act.open_phase(
            seats["alice"], seat_of("alice"), "Tour 1", ["Action", "Mouvement"], ["kael"]
        )
    with pytest.raises(CampaignError, match="only the GM writes a phase"):
        act.change(seats["alice"], seat_of("alice"), kind="phase", said="Tour 1")
    with pytest.raises(CampaignError, match="only the GM writes a reveal"):
        act.change(seats["alice"], seat_of("alice"), kind="reveal", said="Révélé : Kael → Action")
    turn = str(act.open_phase(gm, GM_SEAT, "Tour 1", ["Action", "Mouvement"], ["kael", "mira"]).id)
    seats["alice"].sync()
    act.choose(seats["alice"], seat_of("alice"), turn, "kael", "Action")
    with pytest.raises(CampaignError, match="only the GM reveals"):
        act.reveal_phase(seats["alice"], seat_of("alice"), turn)
    gm.sync()
    reveal = act.reveal_phase(gm, GM_SEAT, turn)
    assert reveal.visibility == "public"
    assert "Kael → Action, Mira → —" in reveal.text
    assert act.open_phases(gm) == []


def test_undo_takes_a_choice_back_until_the_reveal(tmp_path: Path) -> None:
    gm, seats = table(tmp_path / "c")
    turn = str(act.open_phase(gm, GM_SEAT, "Tour 1", ["Action", "Mouvement"], ["kael", "mira"]).id)
    alice, bob = seats["alice"], seats["bob"]
    alice.sync()
    act.choose(alice, seat_of("alice"), turn, "kael", "Action")
    act.undo(alice, seat_of("alice"))
    act.choose(alice, seat_of("alice"), turn, "kael", "Mouvement")
    bob.sync()
    entries = act.choose(bob, seat_of("bob"), turn, "mira", "Action")
    assert [e.kind for e in entries] == ["choice", "reveal"]
    assert "Kael → Mouvement, Mira → Action" in entries[1].text
    alice.sync()
    # Her choice is part of the reveal now: her seat is told so in the table's words
    # (the GM's would be told which entry and key are in the way).
    with pytest.raises(CampaignError, match="a later change touches the same thing"):
        act.undo(alice, seat_of("alice"))


@settings(
    max_examples=25, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
@given(
    order=st.permutations(list(PLAYERS)),
    picks=st.lists(st.sampled_from(["Action", "Mouvement"]), min_size=3, max_size=3),
)
def test_no_player_sees_another_s_choice_before_the_reveal(
    tmp_path_factory: pytest.TempPathFactory, order: list[str], picks: list[str]
) -> None:
    gm, seats = table(tmp_path_factory.mktemp("c") / "c")
    turn = str(
        act.open_phase(gm, GM_SEAT, "Tour", ["Action", "Mouvement"], list(PLAYERS.values())).id
    )
    secrets: dict[str, str] = {}
    for step, (player, pick) in enumerate(zip(order, picks, strict=True)):
        seats[player].sync()
        act.choose(seats[player], seat_of(player), turn, PLAYERS[player], pick)
        secrets[player] = f"{PLAYERS[player].title()} : {pick}"
        last = step == len(order) - 1
        for other, campaign in [*seats.items(), ("audience", gm)]:
            campaign.sync()
            viewer = AUDIENCE if other == "audience" else Viewer("player", other)
            shown = list(
                entries_for(campaign.journal.since(0), viewer, campaign.journal, campaign.state)
            )
            state = state_for(viewer, campaign.state, campaign.journal)
            for chooser, secret in secrets.items():
                if chooser == other or last:
                    continue
                assert not any(secret in entry.text for entry in shown)
                sealed = state["phases"][turn]["sealed"].get(PLAYERS[chooser], {})
                assert sealed.get("choice", "") == ""
    assert act.open_phases(gm) == []


def test_a_roll_the_gm_asked_for_is_answered_by_each_character_s_next_roll(
    tmp_path: Path,
) -> None:
    from meneur.core.expressions import DiceInputs
    from meneur.core.kinds import roller
    from meneur.core.records import roll_seeded

    gm, seats = table(tmp_path / "c")
    with pytest.raises(CampaignError, match="only the GM writes a request"):
        act.request_roll(seats["alice"], seat_of("alice"), "Chance", ["kael"])
    asked = act.request_roll(gm, GM_SEAT, "Test de Chance", ["kael", "mira"])
    assert asked.visibility == "public"
    alice = seats["alice"]
    alice.sync()
    record = roll_seeded(roller(DiceInputs), DiceInputs("1d100"), 7)
    act.roll(alice, seat_of("alice"), record, "Chance", character="kael")
    assert act.open_requests(alice) == [(str(asked.id), "Test de Chance", ["mira"])]
    act.roll(alice, seat_of("alice"), record, "encore", character="kael")  # answers nothing more
    gm.sync()
    assert act.open_requests(gm) == [(str(asked.id), "Test de Chance", ["mira"])]


@pytest.mark.parametrize(
    ("text", "key"),
    [
        ('[phases.5]\nprompt = "T"\ncharacters = "kael"\n', "phases.5.characters"),
        ('[phases.5]\nprompt = "T"\nopen = "oui"\n', "phases.5.open"),
        ('[phases.5.sealed.kael]\nchoice = "Action"\nwho = "x"\n', "phases.5.sealed.kael.who"),
        ("[phases.5]\nsecret = 1\n", "phases.5.secret"),
        ('[requests.7]\nprompt = "Chance"\ncharacters = [1]\n', "requests.7.characters"),
        ('[requests.7.answered]\nkael = "oui"\n', "requests.7.answered.kael"),
    ],
)
def test_a_damaged_turn_or_request_is_refused_with_its_key(
    tmp_path: Path, text: str, key: str
) -> None:
    from meneur.saves.schema import validate

    gm, _ = table(tmp_path / "c")
    path = gm.directory / "campaign.toml"
    path.write_text(path.read_text() + "\n" + text)
    from meneur.saves.journal import parse_toml

    document, _ = parse_toml(path)
    with pytest.raises(CampaignError, match=key.replace(".", r"\.")):
        validate(document, path)
