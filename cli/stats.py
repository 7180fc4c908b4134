"""``meneur stats``: luck you can see, on the command line (see :mod:`meneur.play.stats`);
and the GM's ``--leave-out ID`` / ``--count-again ID``."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from .campaigns import _directory, _open, character_named
from .seats import seat_of, viewer_of
from .usage import UsageError

if TYPE_CHECKING:
    import argparse


def run_stats(args: argparse.Namespace) -> str | dict[str, Any]:
    """``meneur stats [DIR] [--character ID] [--session N] [--json]``, as the viewer may
    see the campaign; or leave a roll out of the count, or count it again (the GM).

    Raises:
        UsageError: for a character or a session that is not there.
        CampaignError: when the campaign or a chunk cannot be read, or the mark refused.
    """
    from meneur.content.strings import default_language, strings
    from meneur.play import act

    t = strings(args.lang or default_language()).t
    directory = _directory(args.directory)
    mark = args.leave_out or args.count_again
    if mark is not None:
        from meneur.play.reading import read_entry

        with _open(directory) as campaign:
            seat = seat_of(args, campaign)
            entry = act.count_roll(campaign, seat, mark, counted=args.count_again is not None)
            return read_entry(entry, campaign, t).text
    from meneur.play.recap import sessions
    from meneur.play.stats import stats
    from meneur.play.stats_words import stats_data, stats_lines, title
    from meneur.play.views import state_for

    # Nothing is printed before every chunk was read: opening need not check them first.
    with _open(directory, write=False, defer_check=True) as campaign:
        viewer = viewer_of(args, campaign)
        characters = state_for(viewer, campaign.state, campaign.journal)["characters"]
        character = _character(args.character, characters)
        within = None
        if args.session is not None:
            found = sessions(campaign)
            if args.session > len(found):
                raise UsageError(
                    "meneur stats",
                    "--session {session}: this campaign has {found_count}"
                    " {found_count:session|sessions}",
                    session=args.session,
                    found_count=len(found),
                )
            session = found[args.session - 1]
            within = (session.entry.id, session.until)
        measured = stats(campaign, viewer, character=character, within=within, parallel=True)
        names = {ident: str(item.get("name") or ident) for ident, item in characters.items()}
        if args.json:
            return stats_data(measured, names, gm=viewer.role == "gm")
        whom = names.get(character, "?") if character else None
        lines = stats_lines(measured, names, t, character=character)
        return "\n".join([title(campaign.name, t, session=args.session, whom=whom), *lines])


def _character(given: str | None, characters: dict[str, Any]) -> str | None:
    """The key of the character ``given`` (its key, or its name in any case).

    Raises:
        UsageError: for a character the viewer does not know.
    """
    if given is None:
        return None
    return character_named(given, characters, "meneur stats", f"--character {given}")
