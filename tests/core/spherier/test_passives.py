"""Le Sphérier's passive capacities that change a test (docs/rules/spherier.md#spherier): grouped
skills share one Maîtrise and one Limite; a Spécialisation adds its bonuses in its circumstance."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from meneur.core.errors import RulesError
from meneur.core.sheets import check_sheet
from meneur.core.spherier import rules as spherier
from meneur.core.spherier.passives import (
    SkillGroup,
    Specialisation,
    group_of,
    parse_passive,
    skills_of,
    specialisations,
    specialised,
)

SHEET = {
    "skills": ["Bluff<+4, 3>"],
    "passives": [
        "Grouper les Compétences(Epées, Haches, Lances)<+2, 3>",
        "Spécialisation(Bluff, Face à un noble)<+1, +1>",
        "Spécialisation(Epées, En duel)<+0, +2>",
    ],
}


def test_the_notations_read() -> None:
    assert parse_passive("Grouper les Compétences(Epées, Haches)<+2, 3>") == SkillGroup(
        ("Epées", "Haches"), 2, 3
    )
    # accents and case aside, as the seed's own spelling varies
    assert parse_passive("grouper les competences(A, B)<1, 0>") == SkillGroup(("A", "B"), 1, 0)
    assert parse_passive("Spécialisation(Bluff, Face à un noble)<+1, +0>") == Specialisation(
        "Bluff", "Face à un noble", 1, 0
    )


@pytest.mark.parametrize(
    "text",
    [
        "Grouper les Compétences(Epées)<+2, 3>",  # one skill is no group
        "Grouper les Compétences(Epées, epées)<+2, 3>",
        "Grouper les Compétences(Epées, Haches)<+2, -1>",  # a Limite is 0 or more
        "Spécialisation(Bluff)<+1, +1>",  # no circumstance
        "Spécialisation(Bluff, Noble)<+0, +0>",  # no bonus
        "Spécialisation(Bluff, Noble)<-1, +2>",  # a bonus, not a malus
        "Expertise(Grade, Bluff)<+1, +1>",  # not one meneur applies
        "Bluff<+4, 3>",
    ],
)
def test_what_does_not_read_is_refused(text: str) -> None:
    with pytest.raises(RulesError):
        parse_passive(text)


def test_grouped_skills_share_the_groups_maitrise_and_limite() -> None:
    # "Elles partagent alors la même Maîtrise et la même Limite"
    skills = skills_of(SHEET)
    assert [skills[n] for n in ("Epées", "Haches", "Lances")] == [
        spherier.Skill(2, 3, "Epées"),
        spherier.Skill(2, 3, "Haches"),
        spherier.Skill(2, 3, "Lances"),
    ]
    assert skills["Bluff"] == spherier.Skill(4, 3, "Bluff")
    assert group_of(SHEET, "haches") == SkillGroup(("Epées", "Haches", "Lances"), 2, 3)
    assert group_of(SHEET, "Bluff") is None


def test_a_specialisation_adds_its_bonuses_in_its_circumstance() -> None:
    # "Dans certaines circonstance, le personnage bénéficie d'un bonus à son Degré de
    # maîtrise, à sa Limite, ou aux deux."
    (noble,) = specialisations(SHEET, "bluff")
    skill = specialised(skills_of(SHEET)["Bluff"], noble)
    assert skill == spherier.Skill(5, 4, "Bluff (Face à un noble)")
    (duel,) = specialisations(SHEET, "Epées")
    assert specialised(skills_of(SHEET)["Epées"], duel) == spherier.Skill(2, 5, "Epées (En duel)")
    with pytest.raises(RulesError):
        specialised(skills_of(SHEET)["Haches"], duel)


@given(
    st.sampled_from(list(spherier.Engine)),
    st.integers(0, 6),
    st.integers(0, 4),
    st.integers(0, 2),
    st.integers(0, 2),
    st.integers(1, 4),
)
def test_a_specialised_test_has_the_odds_of_the_raised_skill(
    engine: spherier.Engine, mastery: int, limit: int, more: int, higher: int, dd: int
) -> None:
    if not (more or higher):
        more = 1
    base = spherier.Skill(mastery, limit, "Bluff")
    raised = specialised(base, Specialisation("Bluff", "Noble", more, higher))
    plain = spherier.Skill(mastery + more, limit + higher, "x")
    assert (
        spherier.odds(spherier.SkillTest(engine, raised, dd)).outcomes
        == spherier.odds(spherier.SkillTest(engine, plain, dd)).outcomes
    )


@pytest.mark.parametrize(
    ("passives", "skills", "said"),
    [
        (["Grouper les Compétences(Bluff, Ruse)<+2, 3>"], ["Bluff<+4, 3>"], "Bluff is grouped"),
        (
            ["Grouper les Compétences(A, B)<+2, 3>", "Grouper les Compétences(B, C)<+1, 1>"],
            [],
            "B is in two groups",
        ),
        (["Spécialisation(Empathie, Noble)<+1, +1>"], ["Bluff<+4, 3>"], "Empathie is not"),
        (["Bluff<+4, 3>"], [], "expected Grouper les Compétences"),
    ],
)
def test_the_sheet_check_refuses_passives_that_do_not_fit(
    passives: list[str], skills: list[str], said: str
) -> None:
    with pytest.raises(RulesError, match=said):
        check_sheet("spherier", {}, {"skills": skills, "passives": passives})
    check_sheet("spherier", {}, SHEET)
