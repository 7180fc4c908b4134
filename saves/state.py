"""The parts of a campaign's state as types, for the code that reads them: what
:mod:`meneur.saves.schema` has checked a campaign.toml holds, so mypy checks every key
read (a misspelt ``"comitment"`` is a type error, not a silent ``None``).

The state itself stays plain data (it is written back as TOML as it is); these views
only type it where it is read.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Literal, NotRequired, TypedDict, cast


class Tracker(TypedDict):
    """A tracker (``[trackers.KEY]``): a clock, a progress track or a plain value."""

    name: str
    value: int
    min: NotRequired[int]
    max: NotRequired[int]
    kind: NotRequired[str]
    notes: NotRequired[str]
    gm: NotRequired[bool]
    rank: NotRequired[str]


class TableRow(TypedDict):
    text: str
    weight: int


class Table(TypedDict):
    """A random table (``[tables.KEY]``)."""

    name: str
    entries: list[str | TableRow]
    dice: NotRequired[str]
    notes: NotRequired[str]
    gm: NotRequired[bool]


class Character(TypedDict):
    """A character (``[characters.KEY]``)."""

    name: str
    kind: NotRequired[str]
    player: NotRequired[str]
    notes: NotRequired[str]
    sheet: dict[str, Any]


class Dice(TypedDict):
    """The session's committed dice (``[dice]``, meneur.core.fair_dice)."""

    commitment: NotRequired[str]
    key: NotRequired[str]
    drawn: int
    revealed: dict[str, str]


class Options(TypedDict, total=False):
    """The optional rules every campaign has (``[options]``,
    :data:`meneur.saves.schema.COMMON_OPTIONS`). A system's own are its to type: its play
    room extends this (``CosmosOptions``), from what its record declares."""

    chronoste: bool
    solo: bool


Secrecy = Literal["public", "private", "gm", "gm_announced"]


def trackers(state: Mapping[str, Any]) -> Mapping[str, Tracker]:
    """The campaign's trackers, by key."""
    return cast("Mapping[str, Tracker]", state.get("trackers", {}))


def tables(state: Mapping[str, Any]) -> Mapping[str, Table]:
    """The campaign's random tables, by key."""
    return cast("Mapping[str, Table]", state.get("tables", {}))


def characters(state: Mapping[str, Any]) -> Mapping[str, Character]:
    """The campaign's characters, by key."""
    return cast("Mapping[str, Character]", state.get("characters", {}))


def dice(state: Mapping[str, Any]) -> Dice | None:
    """The session's committed dice, if a session committed them."""
    return cast("Dice | None", state.get("dice"))


def secrecy(state: Mapping[str, Any]) -> Mapping[str, Secrecy]:
    """Who sees each kind of roll by default (``[secrecy]``)."""
    return cast("Mapping[str, Secrecy]", state.get("secrecy", {}))


def options(state: Mapping[str, Any]) -> Options:
    """The campaign's optional rules."""
    return cast("Options", state.get("options", {}))
