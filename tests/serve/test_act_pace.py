"""A seat acting through the feed is held to one action per half second (serve.act_api),
on a clock the test moves."""

from __future__ import annotations

from meneur.serve.act_api import ACT_SECONDS, Pace


def test_one_action_per_half_second_for_each_seat() -> None:
    now = [10.0]
    pace = Pace(clock=lambda: now[0])
    assert pace.allows("a")
    assert not pace.allows("a")  # at once again: too often
    assert pace.allows("b")  # another seat has its own pace
    now[0] += ACT_SECONDS / 2
    assert not pace.allows("a")
    now[0] += ACT_SECONDS / 2
    assert pace.allows("a")
