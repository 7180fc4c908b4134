"""The door: a knock waits for the GM's answer, nobody to answer means no, and pages are
counted per link and in all."""

from __future__ import annotations

import asyncio

from meneur.core.table_rules import Seat
from meneur.play.door import Door

BOB = Seat("player", "bob", frozenset({"mira"}))


async def until(condition, what: str) -> None:  # type: ignore[no-untyped-def]
    for _ in range(10_000):
        if condition():
            return
        await asyncio.sleep(0)
    raise AssertionError(what)


async def test_nobody_to_answer_means_no() -> None:
    door = Door()
    assert await door.knock("Bob", BOB, "ssh", "10.0.0.2") is False
    assert door.waiting() == ()


async def test_the_gm_s_answer_is_the_knock_s() -> None:
    door = Door()
    told: list[int] = []
    door.subscribe(lambda: told.append(len(door.waiting())))
    stop = door.answering()
    for admit in (True, False):
        knock = asyncio.ensure_future(door.knock("Bob", BOB, "web", "10.0.0.2"))
        await until(lambda: door.waiting(), "the knock never waited")
        (waiting,) = door.waiting()
        assert (waiting.name, waiting.seat, waiting.via, waiting.where) == (
            "Bob", BOB, "web", "10.0.0.2",
        )  # fmt: skip
        door.answer(waiting.ticket, admit)
        assert await knock is admit
        assert door.waiting() == ()
    assert told == [1, 0, 1, 0]
    stop()


async def test_knocks_still_waiting_are_turned_away_when_the_gm_leaves() -> None:
    door = Door()
    stop = door.answering()
    knock = asyncio.ensure_future(door.knock("Bob", BOB, "ssh", "x"))
    await until(lambda: door.waiting(), "the knock never waited")
    stop()
    assert await knock is False


async def test_an_unanswered_knock_gives_up_and_a_withdrawn_one_leaves() -> None:
    door = Door()
    door.answering()
    assert await door.knock("Bob", BOB, "ssh", "x", wait=0.01) is False
    assert door.waiting() == ()
    knock = asyncio.ensure_future(door.knock("Bob", BOB, "ssh", "x"))
    await until(lambda: door.waiting(), "the knock never waited")
    knock.cancel()
    await until(lambda: not door.waiting(), "a withdrawn knock stayed")


def test_pages_per_link_and_in_all() -> None:
    door = Door(per_link=2, in_all=3)
    assert door.open_page("a")
    assert door.open_page("a")
    assert not door.open_page("a")
    assert door.open_page("b")
    assert not door.open_page("c")  # three in all
    door.close_page("a")
    assert door.open_page("c")
    assert not door.open_page("a")
