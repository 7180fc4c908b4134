"""Great Cosmos combat steps (meneur.core.cosmos.combat) in words and changes, one
implementation for the panel, the shared table and ``meneur combat``: a posture chosen,
a Light or Dark point spent, a turn's end (with what it brings: a backlash's fatigue,
Sépulcrale's disadvantage die, Apocalypse, a potion's turn, the grid's moves), Revive,
a Provocation abusive.

Each step is computed from a campaign state: the command line's plans call them under
the lock. The dice a step needs (Illumination's advantage d6, the backlash's
disadvantage d6) are rolled by the caller first and given as faces, so the entry
carries its roll; a plan whose state no longer calls for the die it was given refuses
("the state changed"), never writes a die it did not use.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import TYPE_CHECKING, Any, NamedTuple

from meneur.core.changes import MISSING, Change
from meneur.core.cosmos import combat
from meneur.core.cosmos.endurance import EVENTS, RECOVERIES, Fatigue
from meneur.core.errors import RulesError
from meneur.core.sheets import whole_or
from meneur.play.characters import sheet_change, sheet_of
from meneur.saves.entry_parts import Plan, Planned, Worded, dash

if TYPE_CHECKING:
    from meneur.core.table_rules import Seat
    from meneur.saves.campaign import Campaign
    from meneur.saves.journal import Entry

Words = Callable[..., str]


class StanceWords(NamedTuple):
    """A combat state's parts in words, for a screen to lay out: each None when it does
    not apply."""

    posture: str
    turns: str | None
    advantage: str | None
    backlash: str | None
    disadvantage: str | None
    cooldown: str | None
    negative: str | None
    provoked: str | None


def stance_words(stance: combat.Stance, characters: Mapping[str, Any], t: Words) -> StanceWords:
    """What ``stance`` says, in words: the posture, the special posture's turn and its
    advantage die, the backlash and its disadvantage die, the cooldown, the negative
    effect waiting, and who provoked the character — by name, never by key."""
    from meneur.content import term

    def row(table: str, face: int) -> str | None:
        if not face:
            return None
        found = term(f"posture_die.outcome.{table}_{face}")
        return found.short or found.fr

    advantage = row("advantage", stance.advantage)
    provoked = None
    if stance.provoked_by:
        by = characters.get(stance.provoked_by)
        provoked = t(
            "combat.provoked", name=by.get("name", "—") if isinstance(by, Mapping) else "—"
        )
    return StanceWords(
        posture=t(f"combat.posture.{stance.current}"),
        turns=t("combat.turns", turns=stance.turns + 1, most=combat.MAX_TURNS)
        if stance.special
        else None,
        advantage=t("combat.advantage", effect=advantage) if advantage else None,
        backlash=t(f"combat.backlash.{stance.backlash}", turns=stance.backlash_turns)
        if stance.backlash
        else None,
        disadvantage=row("disadvantage", stance.disadvantage),
        cooldown=t("combat.cooldown", turns=stance.cooldown) if stance.cooldown else None,
        negative=t("combat.negative_due") if stance.negative_due else None,
        provoked=provoked,
    )


def needs_disadvantage_die(ended: combat.TurnEnd) -> bool:
    """Whether a turn's end (or a Final Skill) brings Sépulcrale's backlash, whose
    disadvantage d6 is rolled then."""
    return ended.backlash == "sepulcrale"


def left_changes(
    state: Mapping[str, Any],
    character: str,
    ended: combat.TurnEnd,
    text: Worded,
    *,
    face: int | None = None,
    turn: bool = False,
) -> tuple[list[Change], Worded]:
    """The changes and words of a special posture left or a turn's end (``turn``) for
    ``character``: the stance after (the backlash's disadvantage ``face`` applied), the
    backlash's fatigue with the endurance rule, Apocalypse (50 % of max PV) and, at a
    turn's end, a revigoration's turn and the grid's moves counted again; ``text``
    with what followed, for each reader to word.

    Raises:
        RulesError: when the backlash calls for the disadvantage die and no face is
            given, or a face is given that nothing calls for.
    """
    from meneur.core.cosmos import grid
    from meneur.core.cosmos.fatigue import Suspended, turn_over

    options = state.get("options", {})
    sheet, _ = sheet_of(state, character)
    stance, more = ended.stance, []
    if needs_disadvantage_die(ended) != (face is not None):
        raise RulesError("the state changed: try again", message_key="cosmos.combat.state_changed")
    if ended.backlash:
        text = dash(
            text, Worded(f"combat.backlash.{ended.backlash}", {"turns": stance.backlash_turns})
        )
        if options.get("endurance"):
            after = Fatigue.from_sheet(sheet).gain(*EVENTS[f"{ended.backlash}_backlash"])
            more += [sheet_change(state, character, "fp", after.fp)]
            more += [sheet_change(state, character, "fm", after.fm)]
    if turn and options.get("movement") and "grid" in sheet:
        place = grid.turn_over(grid.Place.from_sheet(sheet))
        if place is not None:
            more.append(sheet_change(state, character, "grid", place.to_sheet()))
    if turn and options.get("endurance") and "suspended" in sheet:
        left = turn_over(Suspended.from_sheet(sheet))
        more.append(
            sheet_change(state, character, "suspended", left.to_sheet() if left else MISSING)
        )
    if ended.apocalypse:
        pv = whole_or(sheet.get("pv_max")) // 2
        more.append(sheet_change(state, character, "pv", pv))
        text = dash(text, Worded("combat.apocalypse", {"pv": pv}))
    if face is not None:
        stance = combat.with_disadvantage(stance, face)
    changes = [sheet_change(state, character, "combat", stance.to_sheet() or MISSING), *more]
    return [c for c in changes if c.before != c.after], text


def turn_end(character: str, face: int | None = None) -> Plan:
    """End ``character``'s turn (see :func:`left_changes`); ``face``: the backlash's
    disadvantage d6 when the turn brings Sépulcrale's (ask :func:`ending_turn` first)."""

    def plan(state: Mapping[str, Any]) -> Planned:
        sheet, name = sheet_of(state, character)
        ended = combat.end_turn(combat.Stance.from_sheet(sheet))
        said = Worded("combat.turn_entry", {"name": name})
        changes, text = left_changes(state, character, ended, said, face=face, turn=True)
        return Planned(text, tuple(changes), character=character)

    return plan


def ending_turn(state: Mapping[str, Any], character: str) -> combat.TurnEnd:
    """What ending ``character``'s turn would do now (to know whether to roll the
    disadvantage die before asking)."""
    sheet, _ = sheet_of(state, character)
    return combat.end_turn(combat.Stance.from_sheet(sheet))


def set_posture(character: str, posture: str) -> Plan:
    """The default posture, ``offensive`` or ``defensive`` (chosen before acting)."""

    def plan(state: Mapping[str, Any]) -> Planned:
        sheet, name = sheet_of(state, character)
        stance = combat.change_posture(combat.Stance.from_sheet(sheet), posture)
        said = Worded(f"combat.posture.{posture}")
        text = Worded("combat.posture_entry", {"name": name, "posture": said})
        change = sheet_change(state, character, "combat", stance.to_sheet() or MISSING)
        return Planned(text, (change,), character=character)

    return plan


def point_changes(
    state: Mapping[str, Any], character: str, kind: str, face: int | None
) -> tuple[list[Change], Worded]:
    """A Light (``illumination``) or Dark (``sepulcrale``) point spent: the posture
    entered (Illumination's advantage ``face`` applied), the point gone and, with the
    endurance rule, "Utiliser un Light Point ou Dark Point : -6 FP et -6 FM" in the same
    changes (one undo takes all back).

    Raises:
        RulesError: as :func:`meneur.core.cosmos.combat.enter` refuses, or for a face
            given (or missing) that the posture does not roll.
    """
    sheet, name = sheet_of(state, character)
    key = "light" if kind == "illumination" else "dark"
    options = state.get("options", {})
    exhausted = bool(options.get("endurance")) and Fatigue.from_sheet(sheet).exhausted
    points = whole_or(sheet.get(key), 1)
    stance = combat.enter(combat.Stance.from_sheet(sheet), kind, points, exhausted=exhausted)
    if (kind == "illumination") != (face is not None):
        raise RulesError(
            "Illumination rolls its advantage d6, Sépulcrale none",
            message_key="cosmos.combat.advantage_die",
        )
    if face is not None:
        stance = combat.with_advantage(stance, face)
    changes = [
        sheet_change(state, character, "combat", stance.to_sheet()),
        sheet_change(state, character, key, points - 1),
    ]
    text = Worded(f"combat.entered.{kind}", {"name": name})
    if options.get("endurance"):
        before = Fatigue.from_sheet(sheet)
        after = before.recover(*RECOVERIES["light_dark_point"])
        if after != before:
            changes += [sheet_change(state, character, "fp", after.fp)]
            changes += [sheet_change(state, character, "fm", after.fm)]
            text = dash(text, Worded("fatigue.point_rest", {"fp": after.fp, "fm": after.fm}))
    return [c for c in changes if c.before != c.after], text


def spend_point(character: str, kind: str, face: int | None = None) -> Plan:
    """Spend a Light or Dark point (see :func:`point_changes`)."""

    def plan(state: Mapping[str, Any]) -> Planned:
        changes, text = point_changes(state, character, kind, face)
        return Planned(text, tuple(changes), character=character)

    return plan


def use_revive(character: str) -> Plan:
    """Sépulcrale's Revive, instead of a fatal blow: 50 % of max PV, once."""

    def plan(state: Mapping[str, Any]) -> Planned:
        sheet, name = sheet_of(state, character)
        stance, pv = combat.revive(combat.Stance.from_sheet(sheet), whole_or(sheet.get("pv_max")))
        changes = (
            sheet_change(state, character, "combat", stance.to_sheet() or MISSING),
            sheet_change(state, character, "pv", pv),
        )
        text = Worded("combat.revive_entry", {"name": name, "pv": pv})
        return Planned(text, changes, character=character)

    return plan


def provoke(character: str, target: str) -> Plan:
    """``character``, in Sépulcrale, hurt ``target``: Provocation abusive marks them."""

    def plan(state: Mapping[str, Any]) -> Planned:
        sheet, name = sheet_of(state, character)
        if target == character:
            raise RulesError(
                "the character does not provoke themselves", message_key="cosmos.combat.self"
            )
        target_sheet, target_name = sheet_of(state, target)
        after = combat.provoke(
            combat.Stance.from_sheet(target_sheet), character, combat.Stance.from_sheet(sheet)
        )
        change = sheet_change(state, target, "combat", after.to_sheet() or MISSING)
        text = Worded("combat.provoke_entry", {"name": name, "target": target_name})
        return Planned(text, (change,), character=character)

    return plan


def after_test(state: Mapping[str, Any], character: str) -> tuple[list[Change], bool]:
    """What a test the character rolls changes besides its karma: the backlash's
    negative effect spent (and whether it fell on this test: its words say so), and
    with the movement rule, a move made before it ends the turn's moving."""
    from meneur.core.cosmos import grid

    sheet, _ = sheet_of(state, character)
    changes = []
    stance, fell = combat.acted(combat.Stance.from_sheet(sheet))
    if fell:
        changes.append(sheet_change(state, character, "combat", stance.to_sheet() or MISSING))
    if state.get("options", {}).get("movement"):
        place = grid.Place.from_sheet(sheet)
        moved = grid.acted(place)
        if moved is not None and moved != place:
            changes.append(sheet_change(state, character, "grid", moved.to_sheet()))
    return changes, fell


def ending_final_skill(state: Mapping[str, Any], character: str) -> combat.TurnEnd:
    """What the Final Skill would end now (refused below level 5 or outside
    Illumination and Sépulcrale, as :func:`meneur.core.cosmos.combat.final_skill`)."""
    sheet, _ = sheet_of(state, character)
    level = whole_or(sheet.get("level"), 1)
    return combat.final_skill(combat.Stance.from_sheet(sheet), level)


def final_skill_ends(character: str, face: int | None = None) -> Plan:
    """The special posture the Final Skill ends at once (its backlash when it lasted
    more than 2 turns, the turn under way counted); ``face``: the backlash's
    disadvantage d6 when it is Sépulcrale's."""

    def plan(state: Mapping[str, Any]) -> Planned:
        _, name = sheet_of(state, character)
        ended = ending_final_skill(state, character)
        said = Worded("combat.final_entry", {"name": name})
        changes, text = left_changes(state, character, ended, said, face=face)
        return Planned(text, tuple(changes), character=character)

    return plan


def end_final_skill(
    campaign: Campaign, seat: Seat, character: str, *, chosen: int | None = None
) -> Entry:
    """Write the end of ``character``'s special posture after their Final Skill, as
    ``seat``: at once, with Sépulcrale's disadvantage d6 when its backlash comes. The
    die's seed is the table's (:func:`meneur.play.rolling.seed_for`): the session's
    next draw when its dice are committed, else a fresh one; from ``chosen`` (the
    Final Skill's own ``--seed``, so that it reproduces both) only when the seat may
    choose one.

    Raises:
        Refusal: a seed chosen by a seat that may not choose one (a player, inside a
            session whose dice are committed), or what the table's rules refuse.
    """
    import random

    from meneur.core.records import roll_seeded
    from meneur.play import act
    from meneur.play.rolling import seed_for

    ended = ending_final_skill(campaign.state, character)
    if not needs_disadvantage_die(ended):
        return act.change(campaign, seat, final_skill_ends(character))
    if chosen is not None:
        chosen = random.Random(chosen).getrandbits(63)  # not the test's own dice again
    seed = seed_for(campaign, seat, chosen)
    die = roll_seeded(combat.roll_die, combat.PostureDie("disadvantage"), seed)
    plan = final_skill_ends(character, die.result)
    return act.roll(campaign, seat, die, plan, character=character, chosen_seed=chosen is not None)
