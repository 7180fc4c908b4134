"""The app's screens speak one language: each tab of each system's table, in French and
in English, holds no word of meneur's own in the other language (the lexicons of
``tests/lexicon.py``; a rule's French name may stand in parentheses beside its English
word). The campaigns' own words (names, sheets) are in neither lexicon."""

from __future__ import annotations

import re

import pytest

from tests.lexicon import foreign

from .conftest import screen_text

SYSTEMS = ["resolution", "cosmos", "traits", "spherier", "systemj"]
EACH = pytest.mark.parametrize(
    ("system", "lang"), [(system, lang) for system in SYSTEMS for lang in ("fr", "en")]
)
"""Every system's table, in each language."""


def _read(screen: str) -> str:
    """The screen without table references (``{weather}``: a notation, like dice)."""
    return re.sub(r"\{[^{}]*\}", " ", screen)


@EACH
async def test_every_tab_speaks_one_language(app_of, system: str, lang: str) -> None:
    app = app_of(system, lang=lang)
    async with app.run_test(size=(160, 50)) as pilot:
        await pilot.pause()
        for key in ("f2", "f3", "f4"):  # Action, Oracles, Tables
            await pilot.press(key)
            await pilot.pause()
            shown = _read(screen_text(app))
            assert not foreign(shown, lang), (key, shown)
        await pilot.press("f2", "r")  # a roll, its result and its line in the journal
        await pilot.pause()
        shown = _read(screen_text(app))
        assert not foreign(shown, lang), shown


# The screens and dialogs a key opens from the table: help, the sheet, the luck, the
# palette, the note dialog.
OPENED = ["f1", "f5", "f8", "ctrl+p", "f9"]


@EACH
async def test_every_screen_a_key_opens_speaks_one_language(app_of, system: str, lang: str) -> None:
    app = app_of(system, lang=lang)
    async with app.run_test(size=(160, 50)) as pilot:
        await pilot.pause()
        await pilot.press("r")  # a roll, so that the luck has something to say
        await pilot.pause()
        table = app.screen
        for key in OPENED:
            await pilot.press(key)
            await pilot.pause()
            assert app.screen is not table, key  # it opened
            shown = _read(screen_text(app))
            found = foreign(shown, lang)
            lines = [line for line in shown.splitlines() if foreign(line, lang)]
            assert not found, (key, found, lines)
            while app.screen is not table:
                await pilot.press("escape")
                await pilot.pause()
