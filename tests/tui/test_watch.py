"""``meneur watch``: the read-only view an audience sees, following a campaign that other
processes write, at the sizes a stream uses, and never showing a secret."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from meneur.content.strings import strings
from meneur.core.table_rules import GM_SEAT
from meneur.core.visibility import AUDIENCE, GM, Viewer
from meneur.play import act
from meneur.play.reading import read_entry
from meneur.saves.campaign import Campaign
from meneur.tui.watch import LastRoll, WatchApp
from tests.waiting import PATIENCE, until_app

from .conftest import screen_text
from .test_follow import _cli

CLI = [sys.executable, "-m", "meneur.cli.main"]


def files_of(directory: Path) -> dict[str, bytes]:
    return {
        str(p.relative_to(directory)): p.read_bytes() for p in directory.rglob("*") if p.is_file()
    }


@pytest.fixture
def table(campaign_of) -> Campaign:  # type: ignore[no-untyped-def]
    campaign = campaign_of("resolution")
    act.set_value(campaign, GM_SEAT, ("trackers", "peur"), {"name": "Peur", "value": 1, "max": 5})
    act.set_value(
        campaign, GM_SEAT, ("trackers", "menace"), {"name": "Menace", "value": 4, "gm": True}
    )
    campaign.close()
    return Campaign.open(campaign.directory, write=False)


def watch(campaign: Campaign, viewer: Viewer = AUDIENCE, layout: str = "stream") -> WatchApp:
    return WatchApp(campaign, strings("fr"), viewer, layout=layout)


@pytest.mark.parametrize("size", [(60, 17), (80, 24), (160, 45)])
async def test_the_stream_follows_a_roll_written_elsewhere_at_every_size(
    table: Campaign, size: tuple[int, int], monkeypatch: pytest.MonkeyPatch
) -> None:
    from meneur.tui import watch as watch_module

    # The new roll stays highlighted for as long as this test may take to look.
    monkeypatch.setattr(watch_module, "FRESH_SECONDS", PATIENCE)
    directory = table.directory
    before = files_of(directory)
    app = watch(table)
    async with app.run_test(size=size) as pilot:
        await pilot.pause()
        app.follow()  # a look at the campaign, as the view's timer makes them
        assert files_of(directory) == before  # watching writes nothing, takes no lock
        assert "En attente du premier jet" in screen_text(app)
        _cli(
            "roll", "resolution", "--score", "3", "--campaign", str(directory),
            "--character", "kael", "--label", "Escalader le mur du temple", "--seed", "9",
        )  # fmt: skip
        await until_app(pilot, lambda: "Escalader le mur" in screen_text(app))
        written = files_of(directory)
        shown = screen_text(app)
        assert "Kael — Escalader le mur du temple" in shown  # who rolled, whole words
        table.sync()
        rolled = table.journal.latest(1)[0]
        result = read_entry(rolled, table, strings("fr").t).result
        assert result is not None
        assert result in shown  # the outcome, in words
        assert "de chances avant le jet" in shown  # the odds it had
        assert app.query_one(LastRoll).has_class("fresh")  # highlighted a while
        if size != (60, 17):
            assert "Peur 1/5" in shown
        assert "Menace" not in shown  # the GM's tracker
        app.follow()
        app.follow()
        assert files_of(directory) == written


async def test_a_twenty_die_roll_stays_readable_at_60_columns(table: Campaign) -> None:
    app = watch(table)
    async with app.run_test(size=(60, 17)) as pilot:
        await pilot.pause()
        _cli("roll", "dice", "20d6", "--campaign", str(table.directory), "--seed", "3")
        await until_app(pilot, lambda: "20d6" in screen_text(app))
        drawn = str(app.query_one(LastRoll).render()).splitlines()
        dice = [line for line in drawn if line.startswith("d6 ")]
        assert len(dice) == 1  # twenty dice on one line of a 60-column view
        assert len(dice[0].split()) == 21
        assert len(dice[0]) <= 60 - 4  # inside the border and padding: nothing cut


async def test_the_stream_never_draws_a_gm_entry_even_between_two_public_ones(
    table: Campaign,
) -> None:
    """A blind roll written between two public ones, within one look of the view: the
    view shows the public ones and nothing of the blind one, at any instant."""
    app = watch(table)
    directory = str(table.directory)
    seen: list[str] = []
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        writer = Campaign.open(table.directory)
        from meneur.core.records import roll_seeded
        from meneur.core.resolution import rules as resolution
        from meneur.saves.entry_parts import Secrecy

        record = roll_seeded(resolution.roll, resolution.ResolutionTest(score=3), 4)
        act.roll(writer, GM_SEAT, record, "Public avant")
        act.roll(writer, GM_SEAT, record, "Embuscade du MJ", secrecy=Secrecy("gm"))
        act.note(writer, GM_SEAT, "La porte s'ouvre.")
        act.roll(writer, GM_SEAT, record, "Public après")
        writer.close()

        def caught() -> bool:
            seen.append(screen_text(app))
            return "Public après" in seen[-1]

        await until_app(pilot, caught)
    assert all("Embuscade" not in screen for screen in seen)
    assert all("🔒" not in screen for screen in seen)  # not announced: not even that
    assert "La porte s'ouvre." in seen[-1]
    assert directory


async def test_an_announced_blind_roll_is_said_without_its_content(table: Campaign) -> None:
    from meneur.core.records import roll_seeded
    from meneur.core.resolution import rules as resolution
    from meneur.saves.entry_parts import Secrecy

    app = watch(table)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        with Campaign.open(table.directory) as writer:
            record = roll_seeded(resolution.roll, resolution.ResolutionTest(score=3), 4)
            act.roll(writer, GM_SEAT, record, "Embuscade", secrecy=Secrecy("gm", announced=True))
        await until_app(pilot, lambda: "🔒 Entrée secrète du MJ" in screen_text(app))
        shown = screen_text(app)
        assert "Embuscade" not in shown
        assert "de chances" not in shown  # not even its odds


async def test_the_table_layout_shows_a_players_own_private_entries(table: Campaign) -> None:
    from meneur.saves.entry_parts import Secrecy

    with Campaign.open(table.directory) as writer:
        act.note(writer, GM_SEAT, "Alice cache la clé", secrecy=Secrecy("private", "alice"))
        act.note(writer, GM_SEAT, "Bob ment au garde", secrecy=Secrecy("private", "bob"))
        act.note(writer, GM_SEAT, "Tout le monde l'entend")
    table.sync()
    app = watch(table, Viewer("player", "alice"), layout="table")
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.pause()
        shown = screen_text(app)
        assert "Alice cache la clé" in shown
        assert "Tout le monde l'entend" in shown
        assert "Bob ment" not in shown
        assert "Menace" not in shown
        assert "Peur 1/5" in shown
        assert app.focused is None  # no cursor anywhere


def test_watch_needs_a_terminal(tmp_path: Path) -> None:
    done = subprocess.run(
        [*CLI, "watch", str(tmp_path)],
        stdin=subprocess.DEVNULL,
        capture_output=True,
        text=True,
        env={**os.environ, "MENEUR_DATA_DIR": str(tmp_path / "data")},
        timeout=PATIENCE,
        check=False,
    )
    assert done.returncode == 2
    assert "ssh -t" in done.stderr


async def test_the_high_contrast_theme_works_in_the_view(table: Campaign) -> None:
    app = WatchApp(table, strings("fr"), AUDIENCE, theme="meneur-contrast")
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert app.theme == "meneur-contrast"
        assert app.screen.styles.background.hex.upper() == "#000000"


@pytest.mark.parametrize("size", [(60, 17), (80, 24), (160, 45)])
async def test_the_table_layout_follows_what_others_write(
    table: Campaign, size: tuple[int, int]
) -> None:
    app = watch(table, layout="table")
    async with app.run_test(size=size) as pilot:
        await pilot.pause()
        _cli("note", str(table.directory), "La caravane atteint le col.")
        await until_app(pilot, lambda: "La caravane atteint" in screen_text(app))
        _cli("set", str(table.directory), "trackers.peur.value", "3")
        await until_app(pilot, lambda: "Peur 3/5" in screen_text(app))
        _cli("note", str(table.directory), "Le MJ prépare", "--visibility", "gm")
        _cli("note", str(table.directory), "Le vent se lève.")
        await until_app(pilot, lambda: "Le vent se lève" in screen_text(app))
        assert "Le MJ prépare" not in screen_text(app)


@pytest.mark.parametrize("viewer", [AUDIENCE, GM], ids=["audience", "gm"])
async def test_a_chunk_broken_while_watching_is_said_and_waited_out(
    table: Campaign, viewer: Viewer
) -> None:
    """The journal's chunk broken under the view: it says which file (the GM's view, why),
    keeps what it showed, and goes on once the file is mended. No folder of the host is
    named, nor, to the audience, anything the file holds."""
    _cli("note", str(table.directory), "La porte grince")
    table.sync()
    chunk = table.directory / "journal" / "000001.toml"
    good = chunk.read_bytes()
    app = watch(table, viewer)
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.pause()
        entry = (
            '[[entry]]\nid = 7\ntime = 2026-11-21T20:00:00+01:00\nkind = "Orsolya trahit"\n'
            'text = "x"\n'
        )
        chunk.write_bytes(good + b"\n" + entry.encode())
        app.follow()
        await until_app(pilot, lambda: "Fichier illisible" in screen_text(app))
        shown = screen_text(app)
        assert "journal/000001.toml : entrée 7.kind" in shown
        assert str(table.directory) not in shown
        if viewer == GM:
            assert "Orsolya trahit" in shown  # why, to the GM only
        else:
            assert "Orsolya" not in shown
        assert "La porte grince" in shown  # what it had
        chunk.write_bytes(good)
        _cli("note", str(table.directory), "La porte s'ouvre")
        await until_app(pilot, lambda: "La porte s'ouvre" in screen_text(app))
        assert "Fichier illisible" not in screen_text(app)


async def test_a_player_s_free_roll_says_who_threw_it_by_their_name(table: Campaign) -> None:
    """Was: "20d6 → 75" from nobody. A roll for no character that a player made reads
    with the name the table calls them, never their seat's key."""
    (table.directory / "table.toml").write_text('[players.p7]\nname = "Alice"\n', encoding="utf-8")
    app = watch(table)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        _cli(
            "roll", "dice", "3d6", "--campaign", str(table.directory), "--as", "p7",
            "--seed", "3",
        )  # fmt: skip
        await until_app(pilot, lambda: "3d6" in screen_text(app))
        shown = screen_text(app)
        assert "Alice — Jet de dés" in shown
        assert "p7" not in shown


@pytest.mark.parametrize("layout", ["stream", "table"])
async def test_the_stream_never_shows_the_door(table: Campaign, layout: str) -> None:
    """A table with live invites and a served address: neither layout ever shows a
    code, a token, a hash of one, or where the table is served."""
    from datetime import timedelta

    from meneur.play.invites import invite

    issued = [
        invite(table.directory, dict(table.state), seat=GM_SEAT, player=player, now=table.clock(),
               lifetime=timedelta(hours=2))
        for player in ("p7", None)
    ]  # fmt: skip
    secrets = [s for i in issued for s in (i.code, i.code.replace("-", ""), i.token)]
    secrets += ["sha256:", "127.0.0.1", "ssh -p", "?token="]
    app = watch(table, layout=layout)
    async with app.run_test(size=(160, 45)) as pilot:
        await pilot.pause()
        _cli("roll", "dice", "2d6", "--campaign", str(table.directory), "--as", "p7", "--seed", "4")
        await until_app(pilot, lambda: "2d6" in screen_text(app))
        shown = screen_text(app)
        assert "p7 — " in shown  # named as the table file calls them (no name given)
        assert not [secret for secret in secrets if secret in shown]


def die(face: int | str, sides: str = "d6", kept: bool = True) -> dict[str, object]:
    """A die as a roll card gives it (:func:`meneur.play.broadcast.roll_card`)."""
    return {"face": str(face), "sides": sides, "kept": kept, "role": ""}


def test_dice_are_drawn_as_dice() -> None:
    from meneur.tui.watch import dice_drawing, dice_scale, die_size

    drawn = dice_drawing([die(4, kept=False), die(3)], "bold red")
    rows = drawn.plain.splitlines()
    assert rows[0] == "╭─────────╮ ╭─────────╮"
    assert rows[1] == "│  ●   ●  │ │  ●      │"
    assert rows[2] == "│         │ │    ●    │"
    assert rows[3] == "│  ●   ●  │ │      ●  │"
    # The kept die in the outcome's colour, the dropped one dim.
    styles = {str(span.style) for span in drawn.spans}
    assert styles == {"dim", "bold red"}
    assert "│   47    │" in dice_drawing([die(47, "d100")]).plain
    # Larger: a d6's pips as blocks, another die's number in tall digits, every box of
    # its scale's size.
    for scale in (2, 3):
        width, height = die_size(scale)
        rows = dice_drawing([die(6), die(17, "d20")], scale=scale).plain.splitlines()
        assert len(rows) == height
        assert {len(row) for row in rows} == {2 * width + 1}
        assert sum(row.count("█") for row in rows) == 6 * 2 * scale * scale
        assert "╺┓" in "".join(rows)  # the 1 of 17, three rows high
    assert dice_scale([die(1)] * 3, 98, 15) == 3  # three dice fill a wide card
    assert dice_scale([die(1)] * 3, 97, 40) == 2  # one column less: they would not fit
    assert dice_scale([die(1)] * 3, 98, 14) == 2  # nor one row less
    assert dice_scale([die(1)] * 3, 30, 4) == 0  # no room: the line of dice
    assert dice_scale([die(1)] * 13, 400, 100) == 0  # too many
    assert dice_scale([die("+", "dF")], 400, 100) == 0  # no number: the line of dice


@pytest.mark.parametrize(("size", "box"), [((160, 45), 3), ((100, 32), 1), ((80, 24), 0)])
async def test_a_big_stream_draws_the_dice_big(
    table: Campaign, size: tuple[int, int], box: int
) -> None:
    from meneur.tui.watch import die_size

    app = watch(table)
    async with app.run_test(size=size) as pilot:
        await pilot.pause()
        _cli(
            "roll", "resolution", "--score", "3", "--campaign", str(table.directory),
            "--character", "kael", "--label", "Escalader", "--seed", "9",
        )  # fmt: skip
        await until_app(pilot, lambda: "Escalader" in screen_text(app))
        shown = screen_text(app)
        for scale in (1, 2, 3):  # drawn at the one size the card has room for
            top = "╭" + "─" * (die_size(scale)[0] - 2) + "╮"
            assert (shown.count(top) == 3) is (scale == box), (scale, shown)
        assert ("d6 " in shown) is (box == 0)  # the line of dice instead


def rows_holding(app: WatchApp) -> set[int]:
    """The screen's rows that hold words or dice: each of the view's parts' rows with
    something drawn inside its border (the card's empty frame holds nothing)."""
    from textual.geometry import Region
    from textual.widgets import Static

    held: set[int] = set()
    for widget in app.screen.query(Static):
        if not widget.display or widget.region.height == 0:
            continue
        region = widget.region
        lines = widget.render_lines(Region(0, 0, region.width, region.height))
        framed = widget.styles.border_top[0] not in ("", "none")
        for row, line in enumerate(lines):
            text = line.text
            if framed:
                if row in (0, len(lines) - 1):
                    continue
                text = text[1:-1]
            if text.strip():
                held.add(region.y + row)
    return held


@pytest.mark.parametrize("story", [3, 40])
async def test_a_wide_stream_fills_its_page_and_shows_the_newest(
    campaign_of,
    story: int,  # type: ignore[no-untyped-def]
) -> None:
    """At 160×45 (a capture for 1080p) the stream fills its page with a short story as
    with a long one: at least 60 % of its rows hold words or dice; the card's words are
    whole, the newest line of the story is on screen, whole."""
    campaign = campaign_of("resolution")
    act.set_value(campaign, GM_SEAT, ("options", "solo"), True)
    act.mark(campaign, GM_SEAT, "session", "Le col")
    act.mark(campaign, GM_SEAT, "scene", "Au pied du col")
    for n in range(story):
        act.note(campaign, GM_SEAT, f"Le vent hurle dans les rochers, rafale {n}.")
    campaign.close()
    app = watch(Campaign.open(campaign.directory, write=False))
    async with app.run_test(size=(160, 45)) as pilot:
        await pilot.pause()
        _cli(
            "roll", "resolution", "--score", "3", "--campaign", str(campaign.directory),
            "--character", "kael", "--label", "Escalader le mur du temple", "--seed", "9",
        )  # fmt: skip
        await until_app(pilot, lambda: "Escalader" in screen_text(app))
        await pilot.pause()
        shown = screen_text(app)
        assert "Kael — Escalader le mur du temple" in shown
        assert "ce résultat avait 50,0 % de chances avant le jet" in shown
        assert f"Le vent hurle dans les rochers, rafale {story - 1}." in shown  # the newest
        assert shown.splitlines()[0].strip() == "Au pied du col · Tension 3 · Incertaine"
        held = rows_holding(app)
        assert len(held) / 45 >= 0.6, sorted(held)


@pytest.mark.parametrize("lang", ["fr", "en"])
@pytest.mark.parametrize("layout", ["stream", "table"])
async def test_the_stream_speaks_one_language(table: Campaign, lang: str, layout: str) -> None:
    from tests.lexicon import foreign

    app = WatchApp(table, strings(lang), AUDIENCE, layout=layout)
    async with app.run_test(size=(160, 45)) as pilot:
        await pilot.pause()
        assert not foreign(screen_text(app), lang), screen_text(app)
        _cli(
            "roll", "resolution", "--score", "3", "--campaign", str(table.directory),
            "--character", "kael", "--label", "Qwerty", "--seed", "9", "--lang", "fr",
        )  # fmt: skip
        _cli(
            "roll", "yesno", "--likelihood", "3", "--question", "Zyxwv",
            "--campaign", str(table.directory), "--lang", "en",
        )  # fmt: skip
        await until_app(pilot, lambda: "Qwerty" in screen_text(app))
        await until_app(pilot, lambda: "Zyxwv" in screen_text(app))
        shown = screen_text(app)
        lines = [line for line in shown.splitlines() if foreign(line, lang)]
        assert not foreign(shown, lang), lines


async def test_the_stream_says_the_scene_and_the_tension_on_top(campaign_of) -> None:
    campaign = campaign_of("resolution")
    act.set_value(campaign, GM_SEAT, ("options", "solo"), True)
    act.mark(campaign, GM_SEAT, "scene", "La porte du hangar")
    campaign.close()
    app = watch(Campaign.open(campaign.directory, write=False))
    async with app.run_test(size=(160, 45)) as pilot:
        await pilot.pause()
        top = screen_text(app).splitlines()[0]
        assert top.strip() == "La porte du hangar · Tension 3 · Incertaine"
