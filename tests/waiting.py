"""Waiting in tests for what must happen, never for a length of time.

A test that sleeps a fixed time and then looks is right on an idle machine and wrong on
a loaded one (CI machines are shared, and the suite runs a test on every core at once).
The helpers here look again and again until what the test expects is there. Their bound,
:data:`PATIENCE`, is reached only by a test that fails anyway: it tells a hung test from
a slow one, so it is generous, and no test's outcome depends on it.

What must *not* happen is waited for the same way: a test waits until something it can
see proves the moment has passed (the next entry shown, the process ended), then checks
that the thing did not happen.
"""

from __future__ import annotations

import asyncio
import inspect
import time
from collections.abc import Callable
from typing import Any

PATIENCE = 60.0
"""Seconds a test waits for something before it says it never came."""

STEP = 0.02
"""Seconds between two looks."""


def _never(what: str, patience: float, condition: object = None) -> AssertionError:
    if not what and condition is not None:
        try:  # the condition's own line says what was waited for
            what = inspect.getsource(condition).strip()  # type: ignore[arg-type]
        except (OSError, TypeError):
            what = repr(condition)
    return AssertionError(f"never happened (waited {patience:.0f} s): {what}")


def until(condition: Callable[[], object], what: str = "", *, patience: float = PATIENCE) -> None:
    """Return as soon as ``condition()`` is true, looking every :data:`STEP` seconds.

    Raises:
        AssertionError: naming ``what`` when it is still false after ``patience`` seconds.
    """
    deadline = time.monotonic() + patience
    while not condition():
        if time.monotonic() > deadline:
            raise _never(what, patience, condition)
        time.sleep(STEP)


async def until_async(
    condition: Callable[[], object], what: str = "", *, patience: float = PATIENCE
) -> None:
    """:func:`until` for a test in an event loop: the loop runs while it waits."""
    deadline = time.monotonic() + patience
    while not condition():
        if time.monotonic() > deadline:
            raise _never(what, patience, condition)
        await asyncio.sleep(STEP)


async def until_app(
    pilot: Any, condition: Callable[[], object], what: str = "", *, patience: float = PATIENCE
) -> None:
    """Let the app under ``pilot`` run (its messages handled, its timers firing) until
    ``condition()`` is true.

    Raises:
        AssertionError: naming ``what`` when it is still false after ``patience`` seconds.
    """
    deadline = time.monotonic() + patience
    await pilot.pause()
    while not condition():
        if time.monotonic() > deadline:
            raise _never(what, patience, condition)
        await pilot.pause(STEP)


async def steady(pilot: Any, *, patience: float = PATIENCE) -> None:
    """Let the app under ``pilot`` run until its picture no longer changes by itself:
    three screenshots a moment apart agree (on a loaded machine a scroll or a layout
    asked "after the next refresh" can still be on its way after one).

    Raises:
        AssertionError: when the picture still changes after ``patience`` seconds.
    """
    await pilot.pause()
    picture = pilot.app.export_screenshot()
    agreeing = 0
    deadline = time.monotonic() + patience
    while agreeing < 2:
        if time.monotonic() > deadline:
            raise _never("the screen stops changing", patience)
        await pilot.pause(0.05)
        again = pilot.app.export_screenshot()
        agreeing = agreeing + 1 if again == picture else 0
        picture = again


def told(app: Any) -> list[tuple[str, str]]:
    """Every notice ``app`` has given its player since the test began (or since
    :func:`forget_told`), as ``(title, message)``, kept however long ago it went from the
    screen (the suite's ``_every_notice_kept`` keeps them)."""
    kept: list[tuple[str, str]] = app.__dict__.setdefault("_told", [])
    return kept


def told_messages(app: Any, separator: str = "\n") -> str:
    """The messages of :func:`told`, joined by ``separator``."""
    return separator.join(message for _, message in told(app))


def forget_told(app: Any) -> None:
    """Forget what ``app`` told so far: the next look reads only what comes after."""
    told(app).clear()
