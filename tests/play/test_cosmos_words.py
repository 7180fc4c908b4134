"""The Great Cosmos's own entries (a posture, a point spent, a turn's end, a fatigue
step, a square moved to, a skill unlocked) store what happened, not words of one
language: each reader words them in theirs, whoever wrote them (issue: one language
per reader)."""

from __future__ import annotations

from pathlib import Path

from hypothesis import given, settings
from hypothesis import strategies as st

from meneur.content.strings import strings
from meneur.core.cosmos.fatigue import Step
from meneur.core.table_rules import GM_SEAT
from meneur.play import act
from meneur.play.cosmos import combat, grid
from meneur.play.cosmos.fatigue import fatigue_step
from meneur.play.reading import read_entry
from meneur.saves.campaign import Campaign
from meneur.saves.entry_parts import Worded, dash, dotted, worded_text

FR, EN = strings("fr"), strings("en")


def _campaign(tmp_path: Path) -> Campaign:
    made = Campaign.create(
        tmp_path / "c",
        system="cosmos",
        name="C",
        options={"endurance": True, "movement": True},
    )
    sheet = {"fp": 7, "fm": 7, "level": 5, "pv_max": 200, "stats": {"agilite": 50}}
    act.set_value(made, GM_SEAT, ("characters", "kael"), {"name": "Kael", "sheet": sheet})
    return made


def _read(campaign: Campaign, lang: str) -> list[str]:
    reopened = Campaign.open(campaign.directory, write=False)
    t = strings(lang).t
    return [read_entry(e, reopened, t).text for e in reopened.journal if e.words is not None]


def test_the_cosmos_entries_read_in_each_readers_language(tmp_path: Path) -> None:
    campaign = _campaign(tmp_path)
    for plan in (
        combat.set_posture("kael", "defensive"),
        combat.spend_point("kael", "sepulcrale"),
        combat.turn_end("kael"),
        fatigue_step("kael", Step("meal")),
        grid.move_to("kael", (2, 3), place=True),
        grid.new_turn("kael"),
    ):
        act.change(campaign, GM_SEAT, plan)
    english, french = _read(campaign, "en"), _read(campaign, "fr")
    meal = EN.t("fatigue.event.meal")
    today = EN.t("fatigue.today", taken=1, most=3)
    assert english == [
        EN.t("combat.posture_entry", name="Kael", posture=EN.t("combat.posture.defensive")),
        EN.t("combat.entered.sepulcrale", name="Kael")
        + " — "
        + EN.t("fatigue.point_rest", fp=1, fm=1),
        EN.t("combat.turn_entry", name="Kael"),
        EN.t(
            "fatigue.entry",
            name="Kael",
            what=f"{meal} · {today}",
            fp_before=1,
            fp=0,
            fm_before=1,
            fm=0,
        ),
        EN.t("grid.placed", name="Kael", x=2, y=3),
        EN.t("grid.new_turn", name="Kael"),
    ]
    # The same entries in French: another sentence each, the names as typed.
    assert len(french) == len(english)
    for fr, en in zip(french, english, strict=True):
        assert fr != en
        assert "Kael" in fr
    # What the file holds for whoever reads it: the campaign's language (French).
    stored = [e.text for e in Campaign.open(campaign.directory, write=False).journal]
    assert stored[-6:] == french


WORDS = st.sampled_from(["combat.turn_entry", "grid.new_turn", "combat.final_entry"])


@settings(max_examples=50, deadline=None)
@given(
    st.lists(WORDS, min_size=1, max_size=4),
    st.text(alphabet=st.characters(blacklist_categories=("Cs",)), max_size=12),
    st.booleans(),
)
def test_nested_words_stored_flat_read_back_as_said(keys: list[str], name: str, dots: bool) -> None:
    parts = [Worded(key, {"name": name}) for key in keys]
    said = (dotted if dots else dash)(parts[0], *parts[1:])
    joiner = " · " if dots else " — "
    for lang in ("fr", "en"):
        t = strings(lang).t
        expected = joiner.join(t(key, name=name) for key in keys)
        assert said.said(lang) == expected
        # Stored flat (a TOML table of text and numbers), read back the same.
        data = said.data()
        assert all(isinstance(value, str | int) for value in data.values())
        assert worded_text(data, t) == expected
