"""``meneur stats``: luck you can see, on the command line (see :mod:`meneur.play.stats`);
and the GM's ``--leave-out ID`` / ``--count-again ID``."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from .campaigns import _directory, _open, _viewer
from .usage import UsageError

if TYPE_CHECKING:
    import argparse

    from meneur.play.reading import Translate
    from meneur.play.stats import Stats, Tally
    from meneur.saves.campaign import Campaign


def run_stats(args: argparse.Namespace) -> str | dict[str, Any]:
    """``meneur stats [DIR] [--character ID] [--session N] [--json]``, as the viewer may
    see the campaign; or leave a roll out of the count, or count it again (the GM).

    Raises:
        UsageError: for a character or a session that is not there.
        CampaignError: when the campaign or a chunk cannot be read, or the mark refused.
    """
    from meneur.content.strings import default_language, strings

    t = strings(args.lang or default_language()).t
    directory = _directory(args.directory)
    mark = args.leave_out or args.count_again
    if mark is not None:
        from meneur.play.reading import read_entry

        with _open(directory) as campaign:
            entry = campaign.count_roll(mark, counted=args.count_again is not None)
            return read_entry(entry, campaign, t).text
    from meneur.play.recap import sessions
    from meneur.play.stats import stats
    from meneur.play.views import state_for

    viewer = _viewer(args)
    # Nothing is printed before every chunk was read: opening need not check them first.
    with _open(directory, write=False, defer_check=True) as campaign:
        characters = state_for(viewer, campaign.state, campaign.journal)["characters"]
        character = _character(args.character, characters)
        within = None
        if args.session is not None:
            found = sessions(campaign)
            if args.session > len(found):
                raise UsageError(
                    "meneur stats", f"--session {args.session}: there are {len(found)}"
                )
            session = found[args.session - 1]
            within = (session.entry.id, session.until)
        measured = stats(campaign, viewer, character=character, within=within, parallel=True)
        names = {ident: str(item.get("name") or ident) for ident, item in characters.items()}
        if args.json:
            return _data(measured, names, gm=viewer.role == "gm")
        return "\n".join(_lines(measured, names, campaign, t, character, args.session))


def _character(given: str | None, characters: dict[str, Any]) -> str | None:
    """The key of the character ``given`` (its key, or its name in any case).

    Raises:
        UsageError: for a character the viewer does not know.
    """
    if given is None:
        return None
    if given in characters:
        return given
    wanted = given.casefold()
    for ident, item in characters.items():
        if str(item.get("name", "")).casefold() == wanted:
            return ident
    raise UsageError("meneur stats", f"--character {given}: no such character")


def _tally_data(tally: Tally) -> dict[str, Any]:
    return {
        "rolls": tally.rolls,
        "successes": tally.successes,
        "expected_successes": round(tally.expected, 4),
        "luck": round(tally.luck, 6),
    }


def _data(measured: Stats, names: dict[str, str], *, gm: bool) -> dict[str, Any]:
    """The JSON of ``meneur stats``: characters by name (and key, for the GM only)."""
    characters = []
    for ident, tally in measured.characters:
        item: dict[str, Any] = {"name": names.get(ident, "?")}
        if gm:
            item["id"] = ident
        characters.append(item | _tally_data(tally))
    return {
        **_tally_data(measured.whole),
        "left_out": measured.left_out,
        "characters": characters,
        "outcomes": {
            system: {
                name: {"count": count, "expected": round(expected, 4)}
                for name, (count, expected) in outcomes.items()
            }
            for system, outcomes in measured.outcomes.items()
        },
        "faces": {f"d{sides}": list(counts) for sides, counts in measured.faces.items()},
    }


def luck_words(luck: float, t: Translate) -> str:
    """How lucky a run was, in words."""
    for bound, key in ((0.05, "very_unlucky"), (0.25, "unlucky"), (0.75, "average")):
        if luck < bound:
            return t(f"stats.{key}")
    return t("stats.very_lucky" if luck >= 0.95 else "stats.lucky")


def _percent(value: float) -> str:
    from fractions import Fraction

    from meneur.content.outcomes import percent_text

    return percent_text(Fraction(value)) if value < 1 else "100 %"


def _lines(
    measured: Stats,
    names: dict[str, str],
    campaign: Campaign,
    t: Translate,
    character: str | None,
    session: int | None,
) -> list[str]:
    from meneur.content import ContentError, term
    from meneur.play.reading import outcome_words

    whom = [names.get(character, "?")] if character else []
    when = [t("stats.session", number=session)] if session else []
    lines = [" — ".join([t("stats.title", name=campaign.name), *when, *whom])]
    whole = measured.whole
    if not whole.rolls:
        lines.append(t("stats.none"))
    else:
        lines.append(
            t("stats.counted", rolls=whole.rolls, successes=whole.successes)
            + " "
            + t("stats.expected", expected=f"{whole.expected:.1f}")
        )
        lines.append(t("stats.luck", percent=_percent(whole.luck), words=luck_words(whole.luck, t)))
    if measured.left_out:
        lines.append(t("stats.left_out", count=measured.left_out))
    if len(measured.characters) > 1 and not character:
        lines += ["", t("stats.characters")]
        width = max(len(names.get(ident, "?")) for ident, _ in measured.characters)
        for ident, tally in measured.characters:
            lines.append(
                f"  {names.get(ident, '?'):<{width}}  "
                + t("stats.counted", rolls=tally.rolls, successes=tally.successes)
                + " "
                + t("stats.expected", expected=f"{tally.expected:.1f}")
                + " — "
                + t("stats.luck_short", percent=_percent(tally.luck))
            )
    for system, outcomes in measured.outcomes.items():
        try:
            system_name = term(f"system.{system}").glossed
        except ContentError:
            system_name = system
        lines += ["", t("stats.outcomes", system=system_name)]
        shown = [(outcome_words(system, name), n, e) for name, (n, e) in outcomes.items()]
        width = max(len(words) for words, _, _ in shown)
        for words, count, expected in shown:
            lines.append(
                f"  {words:<{width}}  {count:>5}  " + t("stats.against", expected=f"{expected:.1f}")
            )
    for sides, counts in measured.faces.items():
        lines += ["", _faces_line(sides, counts, t)]
    return lines


def _faces_line(sides: int, counts: tuple[int, ...], t: Translate) -> str:
    """How often each face came (a d100's by tens), and what an even spread gives."""
    thrown = sum(counts)
    if sides == 100:
        groups = [
            (f"{i * 10 + 1:02d}-{i * 10 + 10:02d}", sum(counts[i * 10 : i * 10 + 10]))
            for i in range(10)
        ]
        each = thrown / 10
    else:
        groups = [(str(face), count) for face, count in enumerate(counts, start=1)]
        each = thrown / sides
    spread = " · ".join(f"{label}: {count}" for label, count in groups)
    return t("stats.faces", die=f"d{sides}", thrown=thrown, spread=spread, each=f"{each:.1f}")
