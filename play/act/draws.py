"""The session's committed dice (:mod:`meneur.core.fair_dice`), drawn in order: the seed
of the next live roll, and a roll marked as the draw it took when it is written."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from meneur.core.changes import Change
from meneur.core.systems import continued
from meneur.saves.campaign import Campaign
from meneur.saves.entry_parts import DRAWN
from meneur.saves.errors import Refusal
from meneur.saves.state import dice as committed_dice
from meneur.saves.work import Work


def next_draw(campaign: Campaign) -> int | None:
    """The seed of the session's next live roll (its next draw), or None when no session
    committed its dice. The roll written with it is marked as that draw (:func:`drawn`);
    written after another roll took the draw, it is refused (roll again)."""
    from meneur.core import fair_dice

    dice = committed_dice(campaign.state)
    if dice is None or "key" not in dice:
        return None
    return fair_dice.draw_seed(fair_dice.key_of(dice["key"]), dice["drawn"] + 1)


def drawn(work: Work, roll: Mapping[str, Any]) -> tuple[Mapping[str, Any], tuple[Change, ...]]:
    """``roll`` marked as the session's next draw when its seed is that draw's, and the
    change that counts it (meneur's own bookkeeping of a roll anyone may make, not
    checked against the seat); else as it is (a seed from the OS or chosen).

    Raises:
        Refusal: when its seed is a draw another roll took meanwhile.
    """
    from meneur.core import fair_dice

    dice = committed_dice(work.state)
    seed = roll.get("seed")
    if dice is None or "key" not in dice or "commitment" not in dice:
        return roll, ()
    if not isinstance(seed, int) or roll.get("chosen_seed"):
        return roll, ()
    key, count = fair_dice.key_of(dice["key"]), dice["drawn"]
    if seed == fair_dice.draw_seed(key, count + 1):
        marked = {**roll, "draw": count + 1, "commitment": dice["commitment"]}
        return marked, (Change(DRAWN, count, count + 1),)
    earlier = next(
        (n for n in range(count, max(0, count - 64), -1) if seed == fair_dice.draw_seed(key, n)),
        None,
    )
    if earlier is not None and continued(roll):
        # A roll that continues another (Les Traits' Coup de poker) goes on with the
        # stream of the roll it rerolls.
        return {**roll, "draw": earlier, "commitment": dice["commitment"]}, ()
    if earlier is not None:
        raise Refusal(
            work.directory, "another roll took this roll's draw meanwhile: roll again", "dice.raced"
        )
    return roll, ()
