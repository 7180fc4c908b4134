"""The tables a campaign.toml gains as it is played, checked: who sees each kind of
roll (``[secrecy]``), the session's committed dice, the Chronoste, solo play's tension,
the round tracker, the GM's requests for a roll and turns of secret choices."""

from __future__ import annotations

from typing import Any

from meneur.core.text import shown

from .schema_checker import Checker, _found, _shown

SLOT_KEYS = ("who", "action", "position", "together")


REQUEST_KEYS = ("prompt", "characters", "answered")


PHASE_KEYS = ("prompt", "options", "characters", "sealed", "revealed", "open")


SEALED_KEYS = ("choice", "player")


ROLL_KINDS = ("oracle", "yesno", "scene", "tables", "dice")
"""The kinds of roll a default secrecy may be set for in any campaign (a record's
``system``), besides those of the campaign's system (:attr:`System.secrecy`)."""


SECRECY_DEFAULTS = ("public", "private", "gm", "gm_announced")
"""Who sees a kind of roll by default: everyone; the roller and the GM; the GM alone
(blind); the GM alone, the others told that a roll happened."""


def _secrecy(checker: Checker, value: object, own: tuple[str, ...]) -> dict[str, str]:
    table = checker.table(value, "secrecy")
    checker.known_keys(table, (*own, *ROLL_KINDS), "secrecy")
    result = {}
    for kind, chosen in table.items():
        text = checker.text(chosen, f"secrecy.{kind}")
        if text not in SECRECY_DEFAULTS:
            wanted = ", ".join(map(shown, SECRECY_DEFAULTS))
            raise checker.fail(
                f"secrecy.{kind}",
                f"expected one of: {wanted}, found {shown(text)}",
                "not_choice",
                choices=wanted,
                value=shown(text),
            )
        result[kind] = text
    return result


def _dice(checker: Checker, value: object) -> dict[str, Any]:
    """The session's dice: the commitment published, its key (the GM's), how many draws
    the session has made, and the keys of the sessions closed (each matching its
    commitment)."""
    from meneur.core import fair_dice
    from meneur.core.errors import RulesError

    table = checker.table(value, "dice")
    checker.known_keys(table, ("commitment", "key", "drawn", "revealed"), "dice")
    result: dict[str, Any] = {}
    try:
        if "commitment" in table:
            result["commitment"] = fair_dice.check_hash(
                checker.text(table["commitment"], "dice.commitment")
            )
        if "key" in table:
            key = fair_dice.key_of(checker.text(table["key"], "dice.key"))
            if fair_dice.commitment(key) != result.get("commitment"):
                raise checker.fail("dice.key", "does not match dice.commitment", "key_commitment")
            result["key"] = table["key"]
        revealed = checker.table(table.get("revealed", {}), "dice.revealed")
        result["revealed"] = {}
        for committed, key_text in revealed.items():
            where = f"dice.revealed.{committed}"
            key = fair_dice.key_of(checker.text(key_text, where))
            if fair_dice.commitment(key) != committed:
                raise checker.fail(where, "the key does not match its commitment", "key_commitment")
            result["revealed"][committed] = key_text
    except RulesError as error:
        raise checker.rules(error, "dice") from error
    drawn = checker.integer(table.get("drawn", 0), "dice.drawn")
    if drawn < 0:
        raise checker.fail(
            "dice.drawn", f"expected 0 or more, found {drawn}", "at_least", low=0, value=drawn
        )
    result["drawn"] = drawn
    return result


def _chronoste(checker: Checker, value: object) -> dict[str, Any]:
    """The Chronoste's time (minutes since the start of year 1) and the campaign's own
    calendar, when it has one (docs/rules/systemj.md#systemj)."""
    from meneur.core.chronoste import Calendar
    from meneur.core.errors import RulesError

    table = checker.table(value, "chronoste")
    checker.known_keys(table, ("minute", "months", "day_hours", "morning", "night"), "chronoste")
    minute = checker.integer(table.get("minute", 0), "chronoste.minute")
    if minute < 0:
        raise checker.fail(
            "chronoste.minute",
            f"expected 0 or more, found {minute}",
            "at_least",
            low=0,
            value=minute,
        )
    try:
        Calendar.from_data(table)
    except RulesError as error:
        raise checker.refused(error, "chronoste") from error
    # A missing minute stays missing (readers take 0): filled in, it would read as a
    # value an undo of the first "time passes" left, and its redo would be refused.
    return {**table, "minute": minute} if "minute" in table else dict(table)


def _solo(checker: Checker, value: object) -> dict[str, Any]:
    """The solo toolkit's tension (1 calm … 5 crisis; meneur.core.solo)."""
    from meneur.core.errors import RulesError
    from meneur.core.solo import TENSION_START, check_tension

    table = checker.table(value, "solo")
    checker.known_keys(table, ("tension",), "solo")
    tension = checker.integer(table.get("tension", TENSION_START), "solo.tension")
    try:
        check_tension(tension)
    except RulesError as error:
        raise checker.fail(
            "solo.tension",
            f"expected 1 to 5, found {tension}",
            "between",
            low=1,
            high=5,
            value=tension,
        ) from error
    return {**table, "tension": tension}


def _combat(checker: Checker, value: object) -> dict[str, Any]:
    """The round under way: its number, its slots in order, whose slot it is."""
    table = checker.table(value, "combat")
    checker.known_keys(table, ("round", "current", "slots"), "combat")
    number = checker.integer(table.get("round", 1), "combat.round")
    if number < 1:
        raise checker.fail(
            "combat.round", f"expected 1 or more, found {number}", "at_least", low=1, value=number
        )
    slots_given = table.get("slots", [])
    if not isinstance(slots_given, list):
        raise checker.fail(
            "combat.slots",
            f"expected a list, found {_shown(slots_given)}",
            "not_list",
            **_found(slots_given),
        )
    slots = []
    for i, slot in enumerate(slots_given):
        key = f"combat.slots[{i}]"
        entry = checker.table(slot, key)
        checker.known_keys(entry, SLOT_KEYS, key)
        together = entry.get("together", False)
        if not isinstance(together, bool):
            raise checker.fail(
                f"{key}.together",
                f"expected true or false, found {_shown(together)}",
                "not_flag",
                **_found(together),
            )
        slots.append(
            {
                "who": checker.text(entry.get("who", ""), f"{key}.who"),
                "action": checker.integer(entry.get("action", 0), f"{key}.action"),
                "position": checker.integer(entry.get("position", 0), f"{key}.position"),
                "together": together,
            }
        )
    current = checker.integer(table.get("current", 0), "combat.current")
    if not 0 <= current < max(1, len(slots)):
        raise checker.fail(
            "combat.current",
            f"expected 0 to {max(0, len(slots) - 1)}, found {current}",
            "between",
            low=0,
            high=max(0, len(slots) - 1),
            value=current,
        )
    return {"round": number, "current": current, "slots": slots}


def _requests(checker: Checker, value: object) -> dict[str, Any]:
    """Rolls the GM asked for: the test, who rolls, who has."""
    requests = checker.table(value, "requests")
    result: dict[str, Any] = {}
    for ident, request in requests.items():
        key = f"requests.{ident}"
        table = checker.table(request, key)
        checker.known_keys(table, REQUEST_KEYS, key)
        characters = checker.words(table.get("characters", []), f"{key}.characters")
        answered = checker.table(table.get("answered", {}), f"{key}.answered")
        for character, flag in answered.items():
            if flag is not True:
                raise checker.fail(
                    f"{key}.answered.{character}", "expected true", "only_true", **_found(flag)
                )
        result[ident] = {
            "prompt": checker.text(table.get("prompt", ""), f"{key}.prompt"),
            "characters": list(characters),
            "answered": dict(answered),
        }
    return result


def _phases(checker: Checker, value: object) -> dict[str, Any]:
    """Turns of secret choices (meneur.core.phases)."""
    phases = checker.table(value, "phases")
    result: dict[str, Any] = {}
    for ident, phase in phases.items():
        key = f"phases.{ident}"
        table = checker.table(phase, key)
        checker.known_keys(table, PHASE_KEYS, key)
        entry: dict[str, Any] = {"prompt": checker.text(table.get("prompt", ""), f"{key}.prompt")}
        for words in ("options", "characters"):
            entry[words] = checker.words(table.get(words, []), f"{key}.{words}")
        sealed = checker.table(table.get("sealed", {}), f"{key}.sealed")
        entry["sealed"] = {}
        for character, choice in sealed.items():
            where = f"{key}.sealed.{character}"
            item = checker.table(choice, where)
            checker.known_keys(item, SEALED_KEYS, where)
            entry["sealed"][character] = {
                name: checker.text(item.get(name, ""), f"{where}.{name}") for name in SEALED_KEYS
            }
        revealed = checker.table(table.get("revealed", {}), f"{key}.revealed")
        entry["revealed"] = {
            character: checker.text(choice, f"{key}.revealed.{character}")
            for character, choice in revealed.items()
        }
        is_open = table.get("open", True)
        if not isinstance(is_open, bool):
            raise checker.fail(
                f"{key}.open",
                f"expected true or false, found {_shown(is_open)}",
                "not_flag",
                **_found(is_open),
            )
        entry["open"] = is_open
        result[ident] = entry
    return result
