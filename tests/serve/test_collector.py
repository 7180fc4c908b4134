"""The collector held off while a change is drawn (:mod:`meneur.serve.collector`)."""

from __future__ import annotations

import gc
from collections.abc import Iterator

import pytest

from meneur.serve import collector
from meneur.serve.collector import CollectorHold
from tests.waiting import PATIENCE, until_async


@pytest.fixture(autouse=True)
def collector_back() -> Iterator[None]:
    """Whatever a test does, the collector is on again after it."""
    yield
    gc.enable()


async def test_held_while_changes_come_then_given_back() -> None:
    hold = CollectorHold()
    hold.hold()
    assert not gc.isenabled()
    assert hold.holding
    hold.hold()  # another change: still held
    assert not gc.isenabled()
    await until_async(lambda: gc.isenabled(), "the collector given back after the change")
    assert not hold.holding


@pytest.fixture
def full_collections() -> Iterator[list[int]]:
    """The full collections run while a test goes on (gc's own callbacks)."""
    seen: list[int] = []

    def counted(phase: str, info: dict[str, int]) -> None:
        if phase == "start" and info["generation"] == 2:
            seen.append(info["generation"])

    gc.callbacks.append(counted)
    yield seen
    gc.callbacks.remove(counted)


async def test_a_table_that_never_falls_quiet_still_collects_between_changes(
    full_collections: list[int],
) -> None:
    now = [100.0]  # the hold's clock, moved by the test: no waiting on a loaded machine
    # Given back only after the test (a loaded machine may take longer than the real
    # 0.3 s between two looks): what is seen is the collection between two changes.
    hold = CollectorHold(clock=lambda: now[0], hold_seconds=PATIENCE)
    hold.hold()
    for _ in range(5):  # changes keep coming, within the longest hold
        now[0] += collector.HOLD_AT_MOST / 6
        hold.hold()
        assert not gc.isenabled()
    await until_async(lambda: not hold.drawing, "the last change drawn")
    assert full_collections == []  # not held long enough yet: nothing run
    now[0] += collector.HOLD_AT_MOST  # held off long enough: the next change is drawn,
    hold.hold()  # then it runs, not before (the change would pay for it)
    assert full_collections == []
    await until_async(lambda: bool(full_collections), "a collection once the change is drawn")
    assert not gc.isenabled()  # and the hold goes on, counted afresh
    assert hold.holding
    hold.release()
    assert gc.isenabled()


async def test_changes_faster_than_they_are_drawn_still_collect(
    full_collections: list[int],
) -> None:
    now = [100.0]
    hold = CollectorHold(clock=lambda: now[0])
    hold.hold()
    now[0] += 2 * collector.HOLD_AT_MOST  # no moment between two changes ever came
    hold.hold()
    assert full_collections == [2]  # run at once rather than never
    assert not gc.isenabled()
    hold.release()


async def test_a_collector_someone_else_turned_off_is_left_to_them() -> None:
    gc.disable()
    hold = CollectorHold()
    hold.hold()
    assert not hold.holding
    hold.release()
    assert not gc.isenabled()  # still theirs to give back


async def test_a_look_at_the_campaign_holds_it_off_and_gives_it_back() -> None:
    hold = CollectorHold()
    with hold.looking():  # nothing new: given back after the look
        assert not gc.isenabled()
    assert gc.isenabled()
    with hold.looking():  # a change: held on after the look, while it is drawn
        hold.hold()
    assert not gc.isenabled()
    assert hold.holding
    hold.release()
    assert gc.isenabled()
    gc.disable()  # someone else's: left to them
    with hold.looking():
        pass
    assert not gc.isenabled()
