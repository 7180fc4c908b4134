"""``meneur create cosmos``: the Great Cosmos creation (or conversion) rolls, journaled
with ``--campaign``, as text or JSON."""

from __future__ import annotations

import argparse
from typing import TYPE_CHECKING, Any

from meneur.cli.usage import UsageError
from meneur.content import term
from meneur.core.errors import RulesError
from meneur.core.records import as_data, roll_seeded

if TYPE_CHECKING:
    from meneur.content.strings import Strings
    from meneur.core.cosmos import creation as cosmos_creation
    from meneur.play.rolling import Rolled


def run_creation(args: argparse.Namespace) -> object:
    """What ``meneur create cosmos`` prints: the rolls as text or JSON, with the journal
    entry they were saved as."""
    from meneur.cli.journaling import _with_entry
    from meneur.cli.language import words_of

    creation, rolled = run_create(args)
    output = creation_data(creation) if args.json else render_creation(creation, words_of(args))
    return _with_entry(output, rolled, words_of(args))


def run_create(
    args: argparse.Namespace,
) -> tuple[cosmos_creation.CosmosCreation | cosmos_creation.CosmosConversion, Rolled | None]:
    """The creation (or conversion) rolls for ``meneur create cosmos``, journaled with
    ``--campaign``."""
    from meneur.cli.journaling import journal_roll, new_seed
    from meneur.core.cosmos import creation as cosmos_creation

    args.system = "create"
    seed = args.seed if args.seed is not None else new_seed()
    if args.convert and args.pm_dice is not None:
        raise UsageError("meneur create cosmos", "--convert rolls no PV/PM dice; drop --pm-dice")
    if args.pm_dice is not None and not all(0 <= p < 10 for p in args.pm_dice):
        raise RulesError(
            "--pm-dice numbers the ten PV/PM dice 1 to 10", message_key="cosmos.creation.numbered"
        )

    def make(_inputs: None, _seed: int) -> Any:  # its own seed: creation takes no draw
        if args.convert:
            return roll_seeded(
                cosmos_creation.roll_conversion, cosmos_creation.ConversionOptions(), seed
            )
        options = cosmos_creation.CreationOptions(pm_positions=args.pm_dice)
        return roll_seeded(cosmos_creation.roll_creation, options, seed)

    # Creation rolls: no test of their own.
    return journal_roll(args, lambda _karma: None, make, None)


def creation_data(
    record: cosmos_creation.CosmosCreation | cosmos_creation.CosmosConversion,
) -> dict[str, object]:
    """The JSON object of ``meneur create cosmos --json``."""
    data: dict[str, object] = {"system": record.system, "seed": record.seed}
    from meneur.core.cosmos import (
        creation as cosmos_creation,  # a creation record has loaded it already
    )

    if isinstance(record, cosmos_creation.CosmosConversion):
        data["conversion_dice"] = list(record.dice_roll.dice)
        data["conversion_attempts"] = as_data(record.dice_roll.attempts)
    else:
        data["pv_pm_dice"] = list(record.pv_pm.dice)
        data["stat_dice"] = list(record.stats.dice)
        data["dna_points"] = record.dna_points
        data["money"] = record.money
        data["pv_pm_attempts"] = as_data(record.pv_pm.attempts)
        data["stat_attempts"] = as_data(record.stats.attempts)
        if record.pv is not None:
            data["pv"] = record.pv
            data["pm"] = record.pm
        if record.skill_points is not None:
            points = record.skill_points
            data["skill_points"] = {
                "dice": list(points.dice),
                "bonus_die": points.bonus_die,
                "best_replacement": (
                    None if points.best_replacement is None else points.best_replacement + 1
                ),
                "points": points.best_points,
            }
    data["dice"] = [die.to_data() for die in record.dice]
    return data


def render_creation(
    record: cosmos_creation.CosmosCreation | cosmos_creation.CosmosConversion,
    words: Strings,
) -> str:
    """Creation (or conversion) rolls, with every reroll shown, in the language of
    ``words``."""
    from meneur.core.cosmos import (
        creation as cosmos_creation,  # a creation record has loaded it already
    )

    t, colon = words.t, words.t("shown.colon")
    game = term("system.cosmos").fr  # the game's own name, the same in both languages
    if isinstance(record, cosmos_creation.CosmosConversion):
        lines = [
            f"{game} — {words.term('cosmos.creation.conversion')}",
            *_bounded_lines(record.dice_roll, "2d100", words),
            t("cli.creation.conversion_after"),
            t("app.seed", seed=record.seed),
        ]
        return "\n".join(lines)
    pv_pm = record.pv_pm
    lines = [f"{game} — {t('cli.creation.title')}"]
    for attempt in pv_pm.attempts[:-1]:
        faces = " ".join(map(str, attempt))
        lines.append(f"  10d100{colon}{faces} = {sum(attempt)} → {t('cli.creation.rerolled')}")
    lines.append(
        f"{words.term('cosmos.creation.pv_pm')}{colon}{' '.join(map(str, pv_pm.dice))}"
        f" = {sum(pv_pm.dice)}"
    )
    if record.pv is not None and record.pm is not None:
        lines.append(f"  PV {record.pv}, PM {record.pm}")
    else:
        lines.append(f"  {t('cli.creation.split')}")
    lines += _bounded_lines(record.stats, "6d100", words, words.term("cosmos.creation.stats"))
    stats = ", ".join(words.term(f"cosmos.stat.{stat}") for stat in cosmos_creation.STATS)
    lines.append(f"  {t('cli.creation.one_each')}{colon}{stats}")
    dna = f"5 + {record.dna_die} = {record.dna_points}"
    lines.append(f"{words.term('cosmos.creation.dna')}{colon}{dna}")
    lines.append(f"{words.term('cosmos.creation.money')}{colon}{record.money}")
    if record.skill_points is not None:
        points = record.skill_points
        best = points.best_replacement
        swap = t("cli.creation.bonus_replaces", face=points.dice[best]) if best is not None else ""
        lines.append(
            f"{words.term('cosmos.creation.skill_points')}{colon}"
            f"{' + '.join(map(str, points.dice))}, bonus {points.bonus_die}{swap}"
            f" → {points.best_points}"
        )
    lines.append(words.t("app.seed", seed=record.seed))
    return "\n".join(lines)


def _bounded_lines(
    roll: cosmos_creation.BoundedRoll, dice: str, words: Strings, label: str | None = None
) -> list[str]:
    lines = []
    colon = words.t("shown.colon")
    last = len(roll.attempts)
    for number, attempt in enumerate(roll.attempts, start=1):
        rerolls = [
            words.t("cli.creation.die", slot=slot + 1, faces=" → ".join(map(str, faces)))
            for slot, faces in enumerate(attempt.slots)
            if len(faces) > 1
        ]
        accepted = number == last
        if rerolls:
            attempted = words.t("cli.creation.attempt", dice=dice, number=number)
            lines.append(f"  {attempted}{colon}{'; '.join(rerolls)}")
        if not accepted:
            lines.append(
                f"  {dice}{colon}{' '.join(map(str, attempt.faces))} = {attempt.total}"
                f" → {words.t('cli.creation.out_of_range')}"
            )
    lines.append(f"{label or dice}{colon}{' '.join(map(str, roll.dice))} = {sum(roll.dice)}")
    return lines
