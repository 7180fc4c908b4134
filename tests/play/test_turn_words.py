"""The GM's requests and turns are worded when read, from what they wrote, in the
reader's language: characters by their names as they are now, no key, no number."""

from __future__ import annotations

from pathlib import Path

from meneur.content.strings import strings
from meneur.core.table_rules import GM_SEAT
from meneur.play import act
from meneur.play.reading import read_entry
from meneur.saves.campaign import Campaign


def test_requests_and_turns_read_in_the_reader_s_language(tmp_path: Path) -> None:
    with Campaign.create(tmp_path / "c", system="resolution", name="Table") as gm:
        for ident, name in (("pj-1", "Kael"), ("pj-2", "Mira")):
            act.set_value(gm, GM_SEAT, ("characters", ident), {"name": name, "sheet": {}})
        asked = act.request_roll(gm, GM_SEAT, "Perception", ["pj-1", "pj-2"])
        opened = act.open_phase(gm, GM_SEAT, "La porte", ["ouvrir", "attendre"], ["pj-1", "pj-2"])
        ident = str(opened.id)
        chose = act.choose(gm, GM_SEAT, ident, "pj-1", "ouvrir")[0]
        revealed = act.choose(gm, GM_SEAT, ident, "pj-2", "attendre")[-1]
        act.set_value(
            gm, GM_SEAT, ("characters", "pj-1", "name"), "Kaël"
        )  # renamed since: read as now
        read = {
            lang: [
                read_entry(entry, gm, strings(lang).t).text
                for entry in (asked, opened, chose, revealed)
            ]
            for lang in ("fr", "en")
        }
    assert read["fr"] == [
        "Le MJ demande un jet\u00a0: Perception — Kaël, Mira",
        "Tour ouvert\u00a0: La porte — Kaël, Mira — ouvrir / attendre",
        "Kaël\u00a0: ouvrir (La porte)",
        "Révélé\u00a0: La porte — Kaël → ouvrir, Mira → attendre",
    ]
    assert read["en"] == [
        "The GM asks for a roll: Perception — Kaël, Mira",
        "Turn opened: La porte — Kaël, Mira — ouvrir / attendre",
        "Kaël: ouvrir (La porte)",
        "Revealed: La porte — Kaël → ouvrir, Mira → attendre",
    ]


def test_a_value_set_reads_in_words_once_read_back_from_its_file(tmp_path: Path) -> None:
    # Leaked "characters.kael → { name = … }" to the players: a table set whole came
    # back from TOML with its keys in another order, and was no longer recognised.
    directory = tmp_path / "c"
    with Campaign.create(directory, system="resolution", name="Table") as gm:
        sheet = {"elements": {"Épée": 2}, "notes": "Vif"}
        act.set_value(gm, GM_SEAT, ("characters", "kael"), {"name": "Kael", "sheet": sheet})
    campaign = Campaign.open(directory, write=False)
    entry = campaign.journal.entry(campaign.journal.last_id)
    assert read_entry(entry, campaign, strings("fr").t).text == "Ajouté\u00a0: Kael"


def test_a_roll_whose_words_begin_with_the_name_does_not_say_it_twice(tmp_path: Path) -> None:
    # Play-tested: the backlash's die entry read "Kael — Kael : fin du tour — …".
    from meneur.core.cosmos.combat import PostureDie, roll_die
    from meneur.core.records import roll_seeded

    campaign = Campaign.create(tmp_path / "c", system="cosmos", name="C")
    act.set_value(campaign, GM_SEAT, ("characters", "kael"), {"name": "Kael", "sheet": {}})
    act.set_value(campaign, GM_SEAT, ("characters", "kaelis"), {"name": "Kaelis", "sheet": {}})
    die = roll_seeded(roll_die, PostureDie("disadvantage"), 1)
    t = strings("fr").t
    said = act.roll(campaign, GM_SEAT, die, "Kael\u00a0: fin du tour", character="kael")
    assert read_entry(said, campaign, t).text.startswith("Kael\u00a0: fin du tour")
    # another name that begins like it is still said
    other = act.roll(campaign, GM_SEAT, die, "Kaelis\u00a0: fin du tour", character="kael")
    assert read_entry(other, campaign, t).text.startswith("Kael — Kaelis\u00a0: fin du tour")
