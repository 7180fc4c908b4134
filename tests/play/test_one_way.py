"""One way to play: the same request with the same seed gives the same record and the
same words from the app (its command line, its oracle) and from the command line."""

from __future__ import annotations

import random
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from meneur.cli.main import main
from meneur.content.strings import strings
from meneur.core.table_rules import GM_SEAT
from meneur.play import act
from meneur.play.session import Session
from meneur.saves.campaign import Campaign
from meneur.saves.journal import Entry
from meneur.tui.app import MeneurApp
from tests.waiting import until_app


class _Fixed(random.Random):
    """A generator whose next seed is the one the test chose."""

    def __init__(self, seed: int) -> None:
        super().__init__(0)
        self.next_seed = seed

    def getrandbits(self, k: int) -> int:
        return self.next_seed


def _made(entry: Entry) -> tuple[str, str, dict[str, object]]:
    return entry.kind, entry.text, dict(entry.roll or {})


async def _from_the_app(directory: Path, typed: str, seed: int) -> Entry:
    campaign = Campaign.open(directory)
    before = campaign.journal.last_id
    app = MeneurApp(Session(campaign, strings("fr"), _Fixed(seed)))
    async with app.run_test(size=(120, 36)) as pilot:
        await pilot.pause()
        await pilot.press("colon", *typed, "enter")
        await until_app(pilot, lambda: campaign.journal.last_id == before + 1, typed)
    return Campaign.open(directory, write=False).journal.entry(before + 1)


def _from_the_cli(directory: Path, arguments: list[str], seed: int) -> Entry:
    before = Campaign.open(directory, write=False).journal.last_id
    command = ["roll", *arguments, "--campaign", str(directory), "--seed", str(seed)]
    assert main(command) == 0
    return Campaign.open(directory, write=False).journal.entry(before + 1)


@pytest.mark.long
@settings(
    max_examples=6,
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture],
)
@given(
    seed=st.integers(0, 2**63 - 1),
    request=st.sampled_from(
        [
            ("2d6+1", ["dice", "2d6+1"]),
            ("4d6kh3", ["dice", "4d6kh3"]),
            ("?4 La porte cède ?", ["yesno", "--likelihood", "4", "--question", "La porte cède ?"]),
        ]
    ),
)
async def test_the_same_request_gives_the_same_record_and_words_from_app_and_cli(
    seed: int,
    request: tuple[str, list[str]],
    tmp_path_factory: pytest.TempPathFactory,
    capsys: pytest.CaptureFixture[str],
) -> None:
    typed, arguments = request
    directory = tmp_path_factory.mktemp("one") / "c"
    Campaign.create(directory, system="resolution", name="Table").close()
    from_app = await _from_the_app(directory, typed, seed)
    from_cli = _from_the_cli(directory, arguments, seed)
    capsys.readouterr()
    assert _made(from_app) == _made(from_cli)


def test_seating_a_player_twice_adds_what_is_new_and_changes_nothing_else(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    # Drifted: the app renamed a player to their id when seated again without a name,
    # and set their characters; the CLI did neither. Both now make one edit.
    import tomllib

    from meneur.play.seating import seating

    directory = tmp_path / "c"
    with Campaign.create(directory, system="resolution", name="Table") as gm:
        for ident, name in (("kael", "Kael"), ("mira", "Mira")):
            act.set_value(gm, GM_SEAT, ("characters", ident), {"name": name, "sheet": {}})
    for extra in (["--name", "Alice", "--character", "kael"], ["--character", "mira"], []):
        assert main(["table", "player", "alice", str(directory), *extra]) == 0
    capsys.readouterr()
    written = tomllib.loads((directory / "table.toml").read_text(encoding="utf-8"))
    document: dict[str, object] = {}
    seating("alice", name="Alice", characters=["kael"])(document)
    seating("alice", characters=["mira"])(document)
    seating("alice")(document)
    assert written["players"] == document["players"]
    assert written["players"]["alice"] == {"name": "Alice", "characters": ["kael", "mira"]}


def _cosmos_table(directory: Path, karma: int) -> None:
    sheet = {
        "stats": {"force": 55, "esprit": 40, "charisme": 35, "agilite": 62},
        "karma": karma,
    }
    with Campaign.create(directory, system="cosmos", name="Table") as gm:
        act.set_value(gm, GM_SEAT, ("characters", "kael"), {"name": "Kael", "sheet": sheet})


@pytest.mark.parametrize(("seed", "karma"), [(0, -9), (3, 4), (5, 9), (11, 10)])
async def test_karma_after_a_great_cosmos_roll_is_the_same_from_the_panel_and_the_cli(
    seed: int, karma: int, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    # Drifted: the panel and `meneur roll cosmos --character` moved karma differently.
    from meneur.tui.widgets.ticklist import TickList

    on_screen, on_cli = tmp_path / "app", tmp_path / "cli"
    _cosmos_table(on_screen, karma)
    _cosmos_table(on_cli, karma)
    campaign = Campaign.open(on_screen)
    app = MeneurApp(Session(campaign, strings("fr"), _Fixed(seed)))
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        app.screen.query_one("#stats", TickList).select("force")
        await pilot.pause()
        await pilot.press("r")
        await until_app(pilot, lambda: campaign.journal.last_id == 2, "the panel's roll")
    command = ["roll", "cosmos", "--stat", "force", "--character", "kael"]
    assert main([*command, "--campaign", str(on_cli), "--seed", str(seed)]) == 0
    capsys.readouterr()
    panel, cli = (Campaign.open(d, write=False) for d in (on_screen, on_cli))
    assert panel.journal.entry(2).roll == cli.journal.entry(2).roll
    assert panel.journal.entry(2).changes == cli.journal.entry(2).changes
    sheets = [c.state["characters"]["kael"]["sheet"]["karma"] for c in (panel, cli)]
    assert sheets[0] == sheets[1] == cli.journal.entry(2).roll["karma_after"]
    # Who rolled is said once, by the reader, whichever front end wrote the words.
    from meneur.play.reading import read_entry

    # The same stored words (none: the record says what was tested), read in each
    # reader's language.
    assert panel.journal.entry(2).text == cli.journal.entry(2).text == ""
    # What was tested is named (play-tested: "Kael — Seuil : 55" did not say which stat).
    for lang, words in (
        ("fr", "Kael — Force · Seuil\u00a0: 55"),
        ("en", "Kael — Strength (Force) · Threshold: 55"),
    ):
        t = strings(lang).t
        assert [read_entry(c.journal.entry(2), c, t).text for c in (panel, cli)] == [words] * 2
