"""``meneur combat [DIR] CHARACTER [VERB]``: a Great Cosmos character's combat state
(postures, Light & Dark, the backlash, a provocation), or one step of it — offensive,
defensive, light, dark, turn-end, revive, provoke TARGET — journaled as the panel does
it (meneur.play.cosmos.combat), made of the sheets under the lock; a die a step rolls
(Illumination's advantage, the backlash's disadvantage) replays with ``--seed``."""

from __future__ import annotations

import argparse
from typing import Any

from meneur.cli.journaling import _directory, _open, character_named
from meneur.cli.language import written
from meneur.cli.typed import Shown, key_of
from meneur.cli.usage import UsageError

VERBS = ("show", "offensive", "defensive", "light", "dark", "turn-end", "revive", "provoke")
"""The verbs' keys (typed.toml's ``combat_verb``: ``fin-de-tour`` is ``turn-end``)."""


def _shown(state: Any, ident: str, t: Any) -> str:
    """The stance in words: posture, the special posture's turn, backlash, cooldown,
    what waits for the next action."""
    from meneur.core.cosmos.combat import Stance
    from meneur.play.cosmos.combat import stance_words

    sheet = state["characters"][ident].get("sheet", {})
    stance = Stance.from_sheet(sheet if isinstance(sheet, dict) else {})
    name = state["characters"][ident].get("name", ident)
    said = stance_words(stance, state["characters"], t)
    lines = [f"{name} — {said.posture}", *(part for part in said[1:] if part)]
    return "\n".join(lines)


def run_combat(args: argparse.Namespace) -> str:
    """Show the character's combat state, or take one step.

    Raises:
        UsageError: for words that do not fit, or an unknown character.
        RulesError: when the rules refuse the step (no point left, a cooldown, Revive
            outside Sépulcrale…): nothing is written.
    """
    from meneur.cli.journaling import campaign_seed
    from meneur.cli.seats import seat_of
    from meneur.content.strings import default_language, strings
    from meneur.core.cosmos.combat import PostureDie, roll_die
    from meneur.core.records import roll_seeded
    from meneur.play import act
    from meneur.play.cosmos import combat

    words = list(args.words)
    at = next((i for i, word in enumerate(words) if key_of("combat_verb", word)), len(words))
    who, rest = words[:at], words[at + 1 :]
    verb = key_of("combat_verb", words[at]) if at < len(words) else "show"
    if len(who) not in (1, 2) or len(rest) != (verb == "provoke"):
        raise UsageError(
            "meneur combat",
            "expected [DIR] CHARACTER [VERB] ({provoke} TARGET)",
            provoke=Shown("combat_verb", ("provoke",)),
        )
    directory = _directory(who[0] if len(who) == 2 else None)
    t = strings(args.lang or default_language()).t
    if verb == "show":
        with _open(directory, write=False) as campaign:
            ident = character_named(who[-1], campaign.state.get("characters", {}), "meneur combat")
            return _shown(campaign.state, ident, t)
    with _open(directory) as campaign:
        characters = campaign.state.get("characters", {})
        ident = character_named(who[-1], characters, "meneur combat")
        roll = None
        if verb in ("offensive", "defensive"):
            plan = combat.set_posture(ident, verb)
        elif verb == "light":
            combat.point_changes(campaign.state, ident, "illumination", 1)  # may it?
            roll = roll_seeded(roll_die, PostureDie("advantage"), campaign_seed(args, campaign))
            plan = combat.spend_point(ident, "illumination", roll.result)
        elif verb == "dark":
            plan = combat.spend_point(ident, "sepulcrale")
        elif verb == "turn-end":
            if combat.needs_disadvantage_die(combat.ending_turn(campaign.state, ident)):
                roll = roll_seeded(
                    roll_die, PostureDie("disadvantage"), campaign_seed(args, campaign)
                )
            plan = combat.turn_end(ident, roll.result if roll is not None else None)
        elif verb == "revive":
            plan = combat.use_revive(ident)
        else:
            plan = combat.provoke(ident, character_named(rest[0], characters, "meneur combat"))
        if roll is None:
            entry = act.change(campaign, seat_of(args, campaign), plan)
        else:
            chosen = args.seed is not None
            entry = act.roll(
                campaign, seat_of(args, campaign), roll, plan, character=ident, chosen_seed=chosen
            )
    return written(entry, campaign, args)
