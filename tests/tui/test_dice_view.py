"""Dice drawn big: whole boxes that wrap, captions said whole, a compact form for many."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from meneur.tui.widgets.dice import ShownDie, boxes

SIDES = ["attaquant", "défenseur"]


def opposed(attacker: list[int], defender: list[int]) -> list[ShownDie]:
    return [ShownDie(str(f), f >= 5, "attaquant") for f in attacker] + [
        ShownDie(str(f), f >= 5, "défenseur") for f in defender
    ]


def test_an_18_die_opposed_roll_is_grouped_by_side_with_whole_captions() -> None:
    # Play-tested: 18 dice drew as broken boxes, the captions cut to "attac".
    drawn = boxes(
        opposed([5, 4, 1, 1, 5, 4, 6, 6, 4], [4, 1, 6, 5, 3, 4, 4, 5, 3]), "gardé", "écarté", 44
    )
    lines = drawn.plain.splitlines()
    assert lines[0] == "attaquant"
    assert lines[1] == "[5] 4 1 1 [5] 4 [6] [6] 4"
    assert lines[2] == "défenseur"
    assert "attac " not in drawn.plain


def test_a_few_dice_stay_boxes_under_their_side() -> None:
    drawn = boxes(opposed([5, 2], [6]), "gardé", "écarté", 44).plain.splitlines()
    assert drawn[0] == "attaquant"
    assert drawn[1].count("╔═══╗") == 1
    assert drawn[1].count("╭───╮") == 1
    assert "défenseur" in drawn


@given(
    st.lists(
        st.tuples(st.integers(1, 100), st.booleans(), st.sampled_from(["", "A", "↻", *SIDES])),
        min_size=1,
        max_size=40,
    ),
    st.integers(20, 160),
)
def test_dice_never_overflow_and_no_box_or_caption_is_cut(
    dice: list[tuple[int, bool, str]], room: int
) -> None:
    shown = [ShownDie(str(face), counts, caption) for face, counts, caption in dice]
    text = boxes(shown, "gardé", "écarté", room).plain
    widest_box = max(len(str(face)) for face, _, _ in dice) + 5
    for line in text.splitlines():
        if line.startswith(("╔", "╭", "║", "│", "╚", "╰")):
            # A row of boxes holds whole boxes only, and fits unless one box alone cannot.
            assert len(line.rstrip()) <= max(room, widest_box)
            assert line.count("╔") + line.count("╭") == line.count("╗") + line.count("╮")
    for caption in {caption for _, _, caption in dice if len(caption) > 3}:
        assert caption in text.splitlines()


@pytest.mark.parametrize("room", [30, 60])
def test_the_legend_says_what_the_marks_mean(room: int) -> None:
    text = boxes([ShownDie("3", True), ShownDie("5", False)], "gardé", "écarté", room).plain
    assert text.splitlines()[-1] == "✓ gardé · ✗ écarté"


def test_the_physical_dice_are_said_by_size_in_order() -> None:
    from meneur.tui.widgets.panels.base import dice_said

    assert dice_said([6, 6, 6]) == "3d6"
    assert dice_said([100, 10]) == "1d100, 1d10"
    assert dice_said([4, 6, 6]) == "1d4, 2d6"
    assert dice_said([]) == ""
