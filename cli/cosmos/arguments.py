"""The Great Cosmos's own commands on the command line (``meneur create cosmos``,
``element``, ``fatigue``, ``skill``, ``move``, ``combat``): their words and options, added to
the command line by the room (:mod:`meneur.cli.cosmos`). The names are a contract, as in
:mod:`meneur.cli.arguments`."""

from __future__ import annotations

from typing import Any

from meneur.cli.argument_kinds import Parser, _add_common, _positions


def add_commands(commands: Any) -> None:
    """Add the Great Cosmos's commands to ``commands`` (the options of a command not
    being run are dropped by it, as for every campaign command)."""
    from_dir = "DIR defaults to the campaign used last (or the default one)"
    create = commands.add_parser("create", help="character creation rolls")
    kinds = create.add_subparsers(dest="kind", metavar="SYSTEM", required=True, parser_class=Parser)
    cosmos = kinds.add_parser(
        "cosmos", help="Great Cosmos: 10d100 PV/PM, 6d100 stats, DNA points, money"
    )
    cosmos.add_argument(
        "--pm-dice",
        type=_positions,
        metavar="I,J,K,L,M",
        help="the five PV/PM dice (numbered 1-10) given to PM: adds PV, PM and skill points",
    )
    cosmos.add_argument(
        "--convert",
        action="store_true",
        help="the 2d100 of a character converted from rules before v4 instead",
    )
    _add_common(cosmos, rolling=True)
    element = commands.add_parser(
        "element",
        help="Great Cosmos: the coefficient of an element acting on another, and a damage or"
        " healing figure under it",
    )
    element.add_argument("acting", help="the acting element: FEU, glace, Élec, Water…")
    element.add_argument("target", help="the element acted upon (the target's)")
    element.add_argument(
        "figure", nargs="?", type=int, help="a damage or healing figure to multiply"
    )
    element.add_argument(
        "--campaign", metavar="DIR", help="with this campaign's own coefficients (read only)"
    )
    element.add_argument("--lang", choices=["fr", "en"], help="the elements' names")
    element.add_argument("--json", action="store_true", help="print JSON")

    fatigue = commands.add_parser(
        "fatigue",
        help="Great Cosmos: a character's fatigue (the endurance rule), or one step that "
        "moves it (meal, pause, short_rest, full_rest, full_rest_12h, healing, mana, "
        f"day, psychic_attack…); {from_dir}",
    )
    fatigue.add_argument(
        "words",
        nargs="*",
        metavar="[DIR] CHARACTER [STEP]",
        help="the character (key or name) and a step: " + ", ".join(FATIGUE_STEPS),
    )
    fatigue.add_argument(
        "--count",
        type=int,
        default=1,
        help="hours of a short rest, days without food or sleep, FM a drink gives as it "
        "wears off (3-10)",
    )
    fatigue.add_argument(
        "--grade",
        choices=["standard", "plus", "max"],
        default="standard",
        help="a potion's grade (the seed's Standard, + and Max)",
    )
    fatigue.add_argument(
        "--fasted", action="store_true", help="a full rest without food or drink for 24 h"
    )
    fatigue.add_argument(
        "--optimal", type=int, default=0, help="a full rest's optimal conditions: 0-3 more"
    )
    fatigue.add_argument("--lang", choices=["fr", "en"], help="the entry's words")

    skill = commands.add_parser(
        "skill",
        help="Great Cosmos: a character's progressive skill tree (list, unlock SKILL, "
        f"upgrade SKILL UPGRADE), bought with skill points; {from_dir}",
    )
    skill.add_argument(
        "words",
        nargs="*",
        metavar="[DIR] CHARACTER [VERB …]",
        help="list (the default), unlock SKILL, upgrade SKILL UPGRADE (keys or names)",
    )
    skill.add_argument(
        "--blessed",
        action="store_true",
        help="with unlock: a deity's blessing was given in play (a divine skill)",
    )
    skill.add_argument("--lang", choices=["fr", "en"], help="the words shown and journaled")

    moving = commands.add_parser(
        "move",
        help="Great Cosmos: a character on the grid (the movement rule): where they stand, "
        f"the squares left this turn and the others' distances, or a move to X,Y; {from_dir}",
    )
    moving.add_argument(
        "words", nargs="*", metavar="[DIR] CHARACTER [X,Y]", help="the character, and a square"
    )
    moving.add_argument(
        "--place", action="store_true", help="put the character there (counts no move)"
    )
    moving.add_argument(
        "--new-turn",
        action="store_true",
        help="the character's turn is over: their moves count again from nothing",
    )
    moving.add_argument("--lang", choices=["fr", "en"], help="the words shown and journaled")

    fight = commands.add_parser(
        "combat",
        help="Great Cosmos: a character's combat state, or a step of it (offensive, "
        f"defensive, light, dark, turn-end, revive, provoke TARGET); {from_dir}",
    )
    fight.add_argument(
        "words",
        nargs="*",
        metavar="[DIR] CHARACTER [VERB]",
        help="show (the default), offensive, defensive, light, dark, turn-end, revive,"
        " provoke TARGET",
    )
    fight.add_argument("--seed", type=int, help="the posture die's seed (light, turn-end)")
    fight.add_argument("--lang", choices=["fr", "en"], help="the words shown and journaled")


FATIGUE_STEPS = (
    "meal",
    "pause",
    "short_rest",
    "full_rest",
    "full_rest_12h",
    "healing",
    "healing_concentrated",
    "mana",
    "mana_concentrated",
    "phoenix_elixir",
    "energising",
    "revigoration",
    "drink",
    "wears_off",
    "day",
    "no_food",
    "no_sleep",
    "lost_100_pv",
    "unconscious",
    "psychic_attack",
    "pm_100",
    "combat_5_turns",
    "extra_physical_action",
    "extra_magic_action",
    "sepulcrale_backlash",
    "illumination_backlash",
)
"""The steps ``meneur fatigue`` takes, written out so the parser loads no rules (a test
holds it to meneur.core.cosmos.fatigue.STEPS)."""
