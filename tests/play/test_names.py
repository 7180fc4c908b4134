"""Every name and title given to meneur goes through the rule of names where it is
written (meneur.play, whatever the front end): kept exactly as it came, or refused with
the rule's sentence and nothing written (what a file holds: tests/cli/test_names.py)."""

from __future__ import annotations

import itertools
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from meneur.core.errors import RulesError
from meneur.core.table_rules import GM_SEAT
from meneur.play import act
from meneur.play import story as play_story
from meneur.play.characters import new_character
from meneur.play.seating import edit_table, gm_seating, seating
from meneur.saves.campaign import Campaign
from tests.core.test_names import any_text, refused

_made = itertools.count()


@pytest.fixture(scope="module")
def folder(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return tmp_path_factory.mktemp("names")


def fresh(folder: Path) -> Campaign:
    return Campaign.create(folder / f"c{next(_made)}", system="resolution", name="Le col")


def files_of(directory: Path) -> dict[str, bytes]:
    return {
        str(p.relative_to(directory)): p.read_bytes() for p in directory.rglob("*") if p.is_file()
    }


def refused_by_the_rule(write: Callable[[], Any], directory: Path) -> None:
    """``write()`` is refused with the rule's sentence and leaves every file as it was."""
    before = files_of(directory)
    with pytest.raises(RulesError) as refusal:
        write()
    assert refusal.value.message_key in ("names.line_break", "names.control")
    assert files_of(directory) == before


WRITERS: dict[str, Callable[[Campaign, str], Any]] = {
    "session": lambda c, name: act.mark(c, GM_SEAT, "session", name).text,
    "scene": lambda c, name: act.mark(c, GM_SEAT, "scene", name).text,
    "clock": lambda c, name: _tracker(c, play_story.new_clock(name, 4)),
    "track": lambda c, name: _tracker(c, play_story.new_track(name, "ardu")),
    "thread": lambda c, name: _item(c, "threads", name),
    "person": lambda c, name: _item(c, "people", name),
    "character": lambda c, name: _character(c, name),
}
"""Each kind of name, written as every front end writes it; what the campaign holds
once written, read again from its files."""


def _reopened(campaign: Campaign) -> Campaign:
    return Campaign.open(campaign.directory, write=False)


def _tracker(campaign: Campaign, plan: Any) -> str:
    entry = act.change(campaign, GM_SEAT, plan)
    ident = entry.changes[0].path[1]
    with _reopened(campaign) as again:
        return str(again.state["trackers"][ident]["name"])


def _item(campaign: Campaign, key: str, name: str) -> str:
    item = play_story.new_item(key, name)
    act.change(campaign, GM_SEAT, play_story.add_item(key, item, name))
    with _reopened(campaign) as again:
        return play_story.items_of(again.state, key)[-1].name


def _character(campaign: Campaign, name: str) -> str:
    entry = act.change(campaign, GM_SEAT, new_character(name, {"name": name, "sheet": {}}, name))
    with _reopened(campaign) as again:
        return str(again.state["characters"][entry.character]["name"])


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(kind=st.sampled_from(sorted(WRITERS)), name=any_text.filter(lambda t: t.strip()))
def test_any_name_is_written_as_it_came_or_refused_with_nothing_written(
    folder: Path, kind: str, name: str
) -> None:
    with fresh(folder) as campaign:
        if any(refused(c) for c in name):
            refused_by_the_rule(lambda: WRITERS[kind](campaign, name), campaign.directory)
        else:
            assert WRITERS[kind](campaign, name) == name


@pytest.mark.parametrize("kind", sorted(WRITERS))
def test_each_kind_of_name_is_refused_with_its_field(folder: Path, kind: str) -> None:
    with fresh(folder) as campaign:
        with pytest.raises(RulesError) as refusal:
            WRITERS[kind](campaign, "Le col\x1b[31m")
        assert refusal.value.values["named"] == kind


def test_a_thread_renamed_is_held_to_the_rule(folder: Path) -> None:
    with fresh(folder) as campaign:
        _item(campaign, "threads", "Le col")
        refused_by_the_rule(
            lambda: play_story.change_item("threads", "Le col", str, name="Le\ncol"),
            campaign.directory,
        )


def test_a_campaign_is_not_made_with_a_name_the_rule_refuses(folder: Path) -> None:
    with pytest.raises(RulesError):
        Campaign.create(folder / "nommee", system="resolution", name="Le\u2028col")
    with pytest.raises(RulesError):  # its folder's name, when it is given none
        Campaign.create(folder / "Le\x07col", system="resolution")
    assert not (folder / "nommee").exists()
    assert not (folder / "Le\x07col").exists()


KEY = "ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAIOMqqnkVzrm0SdG6UOoqKLsabgH5C9okWi0dh2l9GKJl gm@x"


def test_the_shared_tables_names_are_held_to_the_rule(folder: Path) -> None:
    with fresh(folder) as campaign:
        for make in (
            lambda: gm_seating(name="Camille\x1b]2;x\x07", key=KEY),
            lambda: seating("alice", name="Al\nice"),
        ):
            refused_by_the_rule(make, campaign.directory)
        edit_table(campaign.directory, campaign.state, gm_seating(name="Camille\t(MJ)", key=KEY))
        assert "Camille\t(MJ)" in (campaign.directory / "table.toml").read_text("utf-8")
