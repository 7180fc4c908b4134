"""The collector held off while a change is drawn (:mod:`meneur.serve.collector`)."""

from __future__ import annotations

import gc
from collections.abc import Iterator

import pytest

from meneur.serve import collector
from meneur.serve.collector import CollectorHold
from tests.waiting import until_async


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


async def test_a_table_that_never_falls_quiet_still_collects() -> None:
    now = [100.0]  # the hold's clock, moved by the test: no waiting on a loaded machine
    hold = CollectorHold(clock=lambda: now[0])
    hold.hold()
    for _ in range(5):  # changes keep coming, within the longest hold
        now[0] += collector.HOLD_AT_MOST / 6
        hold.hold()
        assert not gc.isenabled()
    now[0] += collector.HOLD_AT_MOST  # the longest hold is over: given back, whatever comes
    hold.hold()
    assert gc.isenabled()
    assert not hold.holding
    hold.hold()  # the next change holds it off again
    assert not gc.isenabled()
    hold.release()
    assert gc.isenabled()


async def test_a_collector_someone_else_turned_off_is_left_to_them() -> None:
    gc.disable()
    hold = CollectorHold()
    hold.hold()
    assert not hold.holding
    hold.release()
    assert not gc.isenabled()  # still theirs to give back
