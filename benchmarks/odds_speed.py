"""In-process time of exact odds for every test of the rules core (budget: 5 ms median),
then the largest tests each system accepts: every odds computation answers within about
half a second (goal: 600 ms here) or is refused at once, with a message.

    .venv/bin/python benchmarks/odds_speed.py [--runs 200]

Each case is timed cold (first call in the process) and as a median over many calls.
Nothing is cached between calls by meneur, so the median is the steady cost.
"""

from __future__ import annotations

import argparse
import statistics
import time
from collections.abc import Callable

from meneur.core import dice_odds, oracles
from meneur.core.cosmos import rules as cosmos
from meneur.core.expressions import DiceInputs
from meneur.core.resolution import rules as resolution
from meneur.core.spherier import extended as spherier_extended
from meneur.core.spherier import rules as spherier
from meneur.core.spherier.notation import Interval
from meneur.core.spherier.rules import Engine, Skill
from meneur.core.systemj import rules as systemj
from meneur.core.traits import opposed as traits_opposed
from meneur.core.traits import rules as traits
from meneur.core.traits.rules import PokerPolicy, TraitTest

R = resolution
CASES: dict[str, Callable[[], object]] = {
    "resolution scales + 2 elements": lambda: R.odds(
        R.ResolutionTest(
            intrinsic=R.Intrinsic.DEMENTIELLE,
            interest=R.Interest.NEUTRAL,
            elements=(R.Element(3, typical=True), R.Element(2)),
            alteration=R.Alteration.INSTABLE,
        )
    ),
    "resolution opposed": lambda: R.odds(
        R.ResolutionTest(opposing=(3, 2), elements=(R.Element(4),))
    ),
    "environment oracle": lambda: oracles.oracle_odds(oracles.OracleQuestion(oracles.Lean.FOR)),
    "yes/no oracle": lambda: oracles.yesno_odds(oracles.YesNoQuestion(4)),
    "cosmos, karma 0": lambda: cosmos.odds(cosmos.CosmosTest(threshold=55)),
    "cosmos, karma -7 (d10)": lambda: cosmos.odds(cosmos.CosmosTest(stats=(40, 71), karma=-7)),
    "intuition": lambda: cosmos.intuition_odds(cosmos.IntuitionTest(3)),
    "dice 3d6": lambda: dice_odds.odds(DiceInputs("3d6")),
    "dice 4d6kh3": lambda: dice_odds.odds(DiceInputs("4d6kh3")),
    "dice 2d20kl1+5": lambda: dice_odds.odds(DiceInputs("2d20kl1+5")),
    "dice 12d6>=5": lambda: dice_odds.odds(DiceInputs("12d6>=5")),
    "dice d%+d%": lambda: dice_odds.odds(DiceInputs("d%+d%")),
    "dice 10d10kh3 (larger)": lambda: dice_odds.odds(DiceInputs("10d10kh3")),
    "traits 5 dice D5 need 2, no poker": lambda: traits.odds(TraitTest(5, 5, need=2)),
    "traits 5 dice, poker max": lambda: traits.odds(TraitTest(5, 5, need=2), PokerPolicy.MAX),
    "traits 8 dice +d6, when-short": lambda: traits.odds(
        TraitTest(8, 4, need=4, bonus_die=traits.BonusDie(6)), PokerPolicy.WHEN_SHORT
    ),
    "traits opposed 5 vs 4, max/max": lambda: traits_opposed.odds(
        traits_opposed.OpposedTest(
            traits_opposed.OpposedSide(5, policy=PokerPolicy.MAX),
            traits_opposed.OpposedSide(4, policy=PokerPolicy.MAX),
        )
    ),
    "spherier d6 simple": lambda: spherier.odds(spherier.SkillTest(Engine.D6, Skill(6, 3), 2)),
    "spherier d20 opposed": lambda: spherier.opposed_odds(
        spherier.OpposedSkillTest(Engine.D20, Skill(10, 6), Skill(8, 4))
    ),
    "spherier d6 extended (2,10,1h)": lambda: spherier_extended.extended_odds(
        spherier_extended.ExtendedTest(Engine.D6, Skill(6, 4), 2, 10, Interval(1, "h"))
    ),
    "spherier d20 team, 3 assistants": lambda: spherier_extended.team_odds(
        spherier_extended.TeamTest(
            Engine.D20, Skill(5, 2), (Skill(3, 1), Skill(4, 2), Skill(2, 0)), 25, 12
        )
    ),
    "systemj 74 -30": lambda: systemj.odds(systemj.SystemjTest(74, -30)),
    "dice 100d100 (stress)": lambda: dice_odds.odds(DiceInputs("100d100")),
}
BUDGET_MS = 5.0

X = spherier_extended
OP = traits_opposed
EDGES: dict[str, Callable[[], object]] = {
    "traits 100 dice, poker max": lambda: traits.odds(TraitTest(100, 4), PokerPolicy.MAX),
    "traits 100 dice +d999": lambda: traits.odds(
        TraitTest(100, 4, bonus_die=traits.BonusDie(999)), PokerPolicy.MAX
    ),
    "traits opposed 100/100, def. max": lambda: OP.odds(
        OP.OpposedTest(OP.OpposedSide(100), OP.OpposedSide(100, policy=PokerPolicy.MAX))
    ),
    "traits opposed 100/100, when-short": lambda: OP.odds(
        OP.OpposedTest(OP.OpposedSide(100), OP.OpposedSide(100, policy=PokerPolicy.WHEN_SHORT))
    ),
    "spherier d6 opposed 100/100": lambda: spherier.opposed_odds(
        spherier.OpposedSkillTest(Engine.D6, Skill(100, 100), Skill(100, 100))
    ),
    "spherier d6 extended M50, 600": lambda: X.extended_odds(
        X.ExtendedTest(Engine.D6, Skill(50, 99), 1, 600, Interval(1, "h"))
    ),
    "spherier d6 extended M100, 10^6": lambda: X.extended_odds(
        X.ExtendedTest(Engine.D6, Skill(100, 99), 1, 10**6, Interval(1, "h"))
    ),
    "spherier d6 team, 10 × M20": lambda: X.team_odds(
        X.TeamTest(Engine.D6, Skill(20, 20), (Skill(20, 20),) * 10, 5, 2)
    ),
    "spherier d6 team, 30 × M20": lambda: X.team_odds(
        X.TeamTest(Engine.D6, Skill(20, 20), (Skill(20, 20),) * 30, 5, 2)
    ),
    "dice 20d100kh10": lambda: dice_odds.odds(DiceInputs("20d100kh10")),
}
EDGE_MS = 600.0


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=200)
    runs = parser.parse_args().runs
    print(f"{'case':32} {'cold':>9} {'median':>9}   budget {BUDGET_MS} ms median")
    for name, case in CASES.items():
        start = time.perf_counter()
        case()
        cold = time.perf_counter() - start
        samples = []
        for _ in range(runs if "stress" not in name else min(runs, 5)):
            start = time.perf_counter()
            case()
            samples.append(time.perf_counter() - start)
        median = statistics.median(samples) * 1000
        verdict = "ok" if median <= BUDGET_MS or "stress" in name else "OVER"
        print(f"{name:32} {cold * 1000:7.3f}ms {median:7.3f}ms   {verdict}")
    from meneur.core.errors import RulesError

    print(f"\n{'edge case':36} {'time':>9}   answered or refused, goal {EDGE_MS:.0f} ms")
    for name, case in EDGES.items():
        start = time.perf_counter()
        try:
            case()
            answer = "answered"
        except RulesError:
            answer = "refused"
        spent = (time.perf_counter() - start) * 1000
        verdict = "ok" if spent <= EDGE_MS else "OVER"
        print(f"{name:36} {spent:7.1f}ms   {answer:9} {verdict}")


if __name__ == "__main__":
    main()
