"""``meneur fatigue [DIR] CHARACTER [STEP]``: a Great Cosmos character's fatigue (the
endurance rule), shown, or moved by one step — a meal, a pause, a rest, a potion, a
day, a psychic attack… — as one journal entry made of the sheet under the lock
(meneur.play.cosmos.fatigue), the same step the app's helper takes."""

from __future__ import annotations

import argparse

from meneur.cli.journaling import _directory, _open, character_named
from meneur.cli.language import written
from meneur.cli.typed import key_of
from meneur.cli.usage import UsageError


def run_fatigue(args: argparse.Namespace) -> str:
    """Show a character's gauges, or apply one step and say the entry written.

    Raises:
        UsageError: for words that are not ``[DIR] CHARACTER [STEP]``, or a character
            the campaign does not have.
        RulesError: when the rules refuse the step (the endurance rule off, a fourth meal
            in a day, a grade the potion does not come in…): nothing is written.
    """
    from meneur.cli.seats import seat_of
    from meneur.content.strings import default_language, strings
    from meneur.core.cosmos.fatigue import Step
    from meneur.play import act

    words = list(args.words)
    # The step in either language, as its key (repas is meal).
    step = key_of("fatigue_step", words[-1]) if len(words) >= 2 else None
    if step is not None:
        words.pop()
    if len(words) not in (1, 2):
        raise UsageError("meneur fatigue", "expected [DIR] CHARACTER [STEP]")
    directory = _directory(words[0] if len(words) == 2 else None)
    t = strings(args.lang or default_language()).t
    if step is None:
        from meneur.play.cosmos.fatigue import fatigue_summary

        with _open(directory, write=False) as campaign:
            ident = character_named(
                words[-1], campaign.state.get("characters", {}), "meneur fatigue"
            )
            character = campaign.state["characters"][ident]
            sheet = character.get("sheet", {})
            lines = fatigue_summary(sheet if isinstance(sheet, dict) else {}, campaign.state, t)
            return "\n".join([str(character.get("name", ident)), *lines])
    from meneur.play.cosmos.fatigue import fatigue_step

    chosen = Step(
        step,
        count=args.count,
        grade=args.grade,
        fasted=args.fasted,
        optimal=args.optimal,
    )
    with _open(directory) as campaign:
        ident = character_named(words[-1], campaign.state["characters"], "meneur fatigue")
        entry = act.change(campaign, seat_of(args, campaign), fatigue_step(ident, chosen))
    return written(entry, campaign, args)
