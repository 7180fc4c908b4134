"""``meneur element ACTING TARGET [FIGURE]``: the Great Cosmos elemental coefficient of
one element acting on another (docs/rules/cosmos.md#combat), a campaign's own cells included, and a
damage or healing figure under it."""

from __future__ import annotations

import argparse
from fractions import Fraction
from pathlib import Path
from typing import Any

from meneur.cli.usage import UsageError
from meneur.content.outcomes import colon


def run_element(args: argparse.Namespace) -> str | dict[str, Any]:
    """The coefficient (and the figure) as text, or as data with ``--json``.

    Raises:
        UsageError: for an element that is not one, or a campaign that cannot be read.
    """
    from meneur.content.cosmos import element_table
    from meneur.content.strings import default_language
    from meneur.core.cosmos.elements import apply, shown
    from meneur.core.errors import RulesError
    from meneur.play.errors import CampaignError

    table = element_table()
    lang = args.lang or default_language()
    try:
        acting, target = table.key(args.acting), table.key(args.target)
    except RulesError as error:
        from meneur.content.strings import strings

        said = strings(lang).explain(error)
        raise UsageError("meneur element", "{error}", error=said) from None
    affinities = table.affinities
    source = "seed"
    if args.campaign:
        from meneur.play.campaigns import Campaign

        try:
            campaign = Campaign.open(Path(args.campaign), write=False)
        except CampaignError as error:
            raise UsageError("meneur element", "{error}", error=error) from None
        try:
            overrides = campaign.state.get("elements", {})
            affinities = affinities.with_overrides(overrides)
        finally:
            campaign.close()
        if (target, acting) in affinities.overridden:
            source = "campaign"
    coefficient = affinities.coefficient(acting, target)
    names = (table.name(acting, lang), table.name(target, lang))
    data: dict[str, Any] = {
        "acting": acting,
        "target": target,
        "coefficient": str(coefficient),
        "source": source,
    }
    lines = [f"{names[0]} → {names[1]}{colon(lang)}×{shown(coefficient, lang)}"]
    if source == "campaign":
        seed = table.affinities.coefficient(acting, target)
        lines[0] += (
            f"  (campagne ; la graine dit ×{shown(seed, lang)})"
            if lang == "fr"
            else f"  (the campaign's; the seed's is ×{shown(seed, lang)})"
        )
    if args.figure is not None:
        applied = apply(coefficient, args.figure)
        data.update(figure=args.figure, exact=str(applied.exact), result=applied.result)
        data["inverted"] = applied.inverted
        exact = shown(applied.exact, lang)
        line = f"{args.figure} × {shown(coefficient, lang)} = {exact}"
        if applied.exact != applied.result:
            line += f" → {shown(Fraction(applied.result), lang)}"
        if applied.inverted:
            line += (
                "  (effet inversé : les dégâts deviennent des soins)"
                if lang == "fr"
                else "  (inverted: damage becomes healing)"
            )
        lines.append(line)
    return data if args.json else "\n".join(lines)
