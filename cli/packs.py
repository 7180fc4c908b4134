"""``meneur pack`` and ``meneur unpack``: a campaign in one file, carried between
computers without a cloud (the archive's format and what unpacking refuses are
:mod:`meneur.play.packs`'s); ``meneur import lonelog``: a log in Lonelog notation read
into a new campaign (:mod:`meneur.play.lonelog_import`)."""

from __future__ import annotations

import argparse
from pathlib import Path


def run_pack(args: argparse.Namespace) -> str:
    """``meneur pack [DIR] -o FILE``: the whole campaign (secrets and the open session's
    dice key included, the table's access left out) in one archive; the GM's.

    Raises:
        CampaignError: when the campaign does not read, or for a player's ``--as``.
        OSError: when FILE cannot be written (nothing of it is left).
    """
    from meneur.play.campaigns import local_now
    from meneur.play.packs import pack

    from .campaigns import _directory, _open
    from .language import words_of
    from .seats import governing

    directory = _directory(args.directory)
    with _open(directory, write=False) as campaign:
        governing(args, campaign, "pack")
    done = pack(directory, Path(args.output), now=local_now())
    words = words_of(args)
    return words.t(
        "cli.packed", file=args.output, name=done.name, entries=done.entries, files=done.files
    )


def run_unpack(args: argparse.Namespace) -> str:
    """``meneur unpack FILE DIR``: a pack into a new folder, or over an older copy of the
    same campaign (brought up to date); anything else refused, nothing changed.

    Raises:
        CampaignError: naming the archive, a member or the folder, and why; for
            ``--as`` (the GM's: secrets and keys arrive with it), as ``pack`` refuses it.
    """
    from meneur.play.packs import unpack

    from .language import words_of

    directory = Path(args.directory)
    if args.seat_name is not None:
        _governing_unpack(args, directory)
    done = unpack(Path(args.file), directory)
    words = words_of(args)
    if done.new:
        key = "cli.unpacked"
    elif done.added:
        key = "cli.unpacked_newer"
    else:
        key = "cli.unpacked_same"
    return words.t(key, directory=directory, name=done.name, entries=done.entries,
                   added=done.added)  # fmt: skip


def _governing_unpack(args: argparse.Namespace, directory: Path) -> None:
    """Refuse ``unpack --as NAME`` as play refuses ``pack`` to that seat
    (:func:`meneur.play.seating.governs`): ``NAME`` looked up at the table unpacked
    over, or at none (a new folder seats no one yet), so an unknown name is refused as
    such and a player as one.

    Raises:
        CampaignError: for an unknown name; Refusal for a player.
    """
    if (directory / "campaign.toml").exists():
        from .campaigns import _open
        from .seats import governing

        with _open(directory, write=False) as campaign:
            governing(args, campaign, "pack")
        return
    from meneur.play.seating import governs, seat_named

    governs(directory, seat_named(directory, {}, args.seat_name), "pack")


MOST_LOG = 64 * 1024 * 1024
"""The largest log ``meneur import`` reads."""


def run_import(args: argparse.Namespace) -> str:
    """``meneur import lonelog FILE DIR [--system S]``: the log in a new campaign, and
    what it made of each kind of line.

    Raises:
        UsageError: for a log that cannot be read as text.
        CampaignError: when DIR cannot hold a new campaign.
    """
    from meneur.core.systems import system
    from meneur.play.lonelog_import import import_lonelog, report_lines

    from .language import words_of
    from .usage import UsageError

    path = Path(args.file)
    try:
        with open(path, "rb") as file:
            data = file.read(MOST_LOG + 1)
        if len(data) > MOST_LOG:
            raise UsageError("meneur import", "{file}: larger than 64 MB", file=args.file)
        text = data.decode("utf-8")
    except (OSError, UnicodeDecodeError) as error:
        why = getattr(error, "strerror", None) or str(error)
        raise UsageError(
            "meneur import", "{file}: cannot be read as text ({why})", file=args.file, why=why
        ) from None
    directory = Path(args.directory)
    report = import_lonelog(text, directory, system=args.system, name=path.stem, lang=args.lang)
    words = words_of(args)
    from meneur.play.campaigns import Campaign

    with Campaign.open(directory, write=False) as campaign:
        said = words.t(
            "lonelog.imported",
            directory=directory,
            name=campaign.name,
            system=system(campaign.system).said(words.lang),
        )
    return "\n".join([said, *report_lines(report, words.t)])
