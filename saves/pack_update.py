"""An older copy of a campaign brought up to date from a pack (``meneur unpack`` over
it), as a transaction.

The pack is read into a staging folder inside the campaign's folder (the same disk, so
that its files are renamed into place) and checked whole (:mod:`.pack_reading`). Then
what to do is worked out, first without the lock (a refusal then writes not a byte,
not even the lock's note) and again under the campaign's lock, from the campaign as it
is there:

- the same campaign is one whose journal begins with the copy's, byte for byte: each of
  the copy's chunks the pack's, its last one a beginning of the pack's (else its
  journal went another way, or it is newer);
- the pack's state must be the copy's state rolled forward over the pack's new entries
  (the journal is the state's write-ahead log): a pack whose state says otherwise, or
  that brings no new entry but another state or another own file, is refused, naming
  what differs;
- the campaign as it will be (the pack's files with the copy's ``table.toml`` and own
  files the pack does not hold) must read as the campaign reader reads it.

Only then are the files renamed into place: the journal's chunks first, the state last
(stopped half way, the campaign opens as the older copy with more journal, which it
rolls forward), and the replaced state stays among the backups.
"""

from __future__ import annotations

import os
import secrets
import shutil
import stat
from functools import partial
from pathlib import Path
from typing import TYPE_CHECKING, Any

from meneur.content.own_files import NotOwnFile, open_own, read_own
from meneur.core.changes import ChangeError
from meneur.core.frozen import frozen

from .atomic import fsync_directory
from .errors import CampaignError, unreadable
from .journal import chunk_name
from .lock import WriterLock
from .pack_format import BLOCK, LEFT_OUT, OWN, STATE, Packed, not_written, refusal
from .pack_reading import Refused, Staged, said_as, stage

if TYPE_CHECKING:
    from .campaign import Campaign

TABLE = "table.toml"


@frozen
class Plan:
    """What bringing the copy up to date moves into place."""

    added: int
    """The pack's new entries."""
    moved: list[str]
    """The files to rename into place, in that order: the journal's chunks, the own
    files, the state."""


def bring_up_to_date(archive: Path, directory: Path) -> Packed:
    """Bring the older copy of a campaign in ``directory`` up to date from ``archive``
    (see the module).

    Raises:
        CampaignError: when ``directory`` holds no campaign or another one, a newer
            copy, one whose journal went another way, or one the pack's state does not
            follow from; or for the archive's own reason. The folder is then byte for
            byte as it was.
    """
    from .campaign import Campaign

    if not os.path.lexists(directory / STATE):  # before anything is made in it
        raise CampaignError(
            directory,
            "is not a campaign (no campaign.toml)",
            message_key="campaign.not_campaign",
            values={"path": directory},
        )
    refused: Refused = partial(refusal, directory)
    aside = directory / f".unpacking.{secrets.token_hex(6)}"
    try:
        os.mkdir(aside)
    except OSError as error:
        raise not_written(directory, error) from None
    try:
        staged = stage(archive, aside, directory)
        done = Packed(staged.name, staged.system, staged.entries, len(staged.files))
        # Worked out without the lock first: a refusal then writes nothing at all.
        if not _plan(archive, directory, staged, refused).moved:
            return done
        with WriterLock(directory, "meneur unpack"):
            plan = _plan(archive, directory, staged, refused)  # as the campaign is, now it is held
            if not plan.moved:
                return done
            here = _copy_the_rest(directory, aside, staged)
            with said_as(archive, aside, here):
                # The campaign as it will be: its journal was read whole already, as it
                # is; what the copy's files change is how its state and table read.
                Campaign.open(aside, write=False, defer_check=True).close()
            _put_in_place(directory, aside, plan, refused)
        return Packed(staged.name, staged.system, staged.entries, len(staged.files), plan.added)
    finally:
        shutil.rmtree(aside, ignore_errors=True)


def _plan(archive: Path, directory: Path, staged: Staged, refused: Refused) -> Plan:
    """What to move into place, from the copy in ``directory`` as it is now.

    Raises:
        CampaignError: when the pack is no newer copy of the same campaign, or its state
            does not follow (see the module).
    """
    from .campaign import Campaign

    # The copy's chunks are not read whole here: each is compared, byte for byte, with
    # the pack's, which were (one that differs is refused).
    here = Campaign.open(directory, write=False, defer_check=True)
    with here as mine, said_as(archive, staged.folder):
        theirs = Campaign.open(staged.folder, write=False, defer_check=True)
        moved = _journal_moves(mine, theirs, refused)
        added = theirs.journal.last_id - mine.journal.last_id
        _same_state(mine, theirs, added, refused)
    own = [
        name
        for name in staged.files
        if OWN.fullmatch(name)
        and name != STATE
        and not _same(directory / name, staged.folder / name)
    ]
    if (own or moved) and not added:  # a file that differs, or the journal's bytes
        name = [*moved, *own][0]
        key = "own_differs" if os.path.lexists(directory / name) else "own_extra"
        raise refused(f"{name} differs from the copy here, with no new entries", key, member=name)
    return Plan(added, [*moved, *own, *([STATE] if added else [])])


def _journal_moves(mine: Campaign, theirs: Campaign, refused: Refused) -> list[str]:
    """The pack's chunks to move into place: the copy's last chunk when the pack's goes
    on past it, and the chunks after it.

    Raises:
        CampaignError: when the copy's journal is not a beginning of the pack's (another
            way taken, or a newer copy).
    """
    had, entries = mine.journal.last_id, theirs.journal.last_id
    numbers = mine.journal.chunk_numbers()
    newer = had > entries
    moved: list[str] = []
    for number in numbers:
        name = f"journal/{chunk_name(number)}"
        if not theirs.journal.chunk_path(number).exists():
            newer = True
            continue
        # A chunk is appended to, never rewritten: an older copy's is the pack's (or, its
        # last one, a beginning of it); a newer copy's goes on past the pack's.
        how = _compared(mine.journal.chunk_path(number), theirs.journal.chunk_path(number))
        if how == "longer":
            newer = True
        elif how == "shorter" and number == numbers[-1]:
            moved.append(name)
        elif how != "same":
            raise refused("its journal went another way", "diverged", chunk=name)
    if newer:
        raise refused("holds a newer copy than the pack", "newer", here=had, packed=entries)
    last = numbers[-1] if numbers else 0
    for number in theirs.journal.chunk_numbers():
        if number > last:
            moved.append(f"journal/{chunk_name(number)}")
    return moved


def _same_state(mine: Campaign, theirs: Campaign, added: int, refused: Refused) -> None:
    """Refuse a pack whose state is not the copy's rolled forward over the pack's new
    entries, naming the first key that differs.

    Raises:
        CampaignError: another campaign (its name, system or time of creation differ),
            entries that do not apply, or a state that differs.
    """
    from .entry_parts import affects_state
    from .state_files import _absorb_into, differences

    keys = ("name", "system", "created")
    identity = [mine.state[key] for key in keys]

    def other() -> bool:
        return identity != [theirs.state[key] for key in keys]

    # The copy's own state, rolled forward in place: it is read for this alone.
    expected = mine.state
    # Rolled forward as an open rolls forward a state behind its journal.
    for entry in theirs.journal.stream(int(expected["journal_applied"]) + 1):
        if affects_state(entry):
            try:
                _absorb_into(expected, entry, theirs.journal)
            except ChangeError:
                if other():
                    raise refused("holds another campaign", "other", name=identity[0]) from None
                raise refused(
                    f"entry {entry.id} of the pack does not apply to the copy here",
                    "not_following",
                    id=entry.id,
                ) from None
    found = [change.key for change in differences(expected, theirs.state)]
    if expected["history"] != theirs.state["history"]:  # bookkeeping, but undo's
        found.append("history")
    if not found:
        return
    if other():
        raise refused("holds another campaign", "other", name=identity[0])
    if added:
        raise refused(
            f"its campaign.toml is not what the copy here becomes with its entries ({found[0]})",
            "state_not_following",
            part=found[0],
        )
    raise refused(
        f"campaign.toml differs from the copy here ({found[0]}), with no new entries",
        "state_differs",
        part=found[0],
    )


def _compared(mine: Path, theirs: Path) -> str:
    """How the copy's chunk ``mine`` reads against the pack's ``theirs``, a block at a
    time: ``same``, ``shorter`` (a beginning of it), ``longer`` (it a beginning of
    mine) or ``other``."""
    with _opened(mine) as a, open(theirs, "rb") as b:
        while True:
            # A read of a regular file is short only at its end.
            first, second = a.read(BLOCK), b.read(BLOCK)
            if first == second:
                if not first:
                    return "same"
                continue
            common = min(len(first), len(second))
            if first[:common] != second[:common]:
                return "other"
            return "shorter" if len(first) < len(second) else "longer"


def _same(path: Path, staged: Path) -> bool:
    """Whether the copy's file ``path`` holds the bytes of the pack's ``staged`` (False
    when it has none)."""
    if not os.path.lexists(path):
        return False
    with _opened(path) as a, open(staged, "rb") as b:
        while True:
            first, second = a.read(BLOCK), b.read(BLOCK)
            if first != second:
                return False
            if not first:
                return True


def _opened(path: Path) -> Any:
    """A campaign's own file open for reading: never through a link, never blocking."""
    try:
        fd = open_own(path)
        if not stat.S_ISREG(os.fstat(fd).st_mode):
            os.close(fd)
            raise NotOwnFile(0, "not a regular file", str(path))
    except OSError as error:
        raise unreadable(path, error) from None
    return os.fdopen(fd, "rb")


def _copy_the_rest(directory: Path, aside: Path, staged: Staged) -> dict[str, Path]:
    """Copy into the staging folder the copy's files the pack leaves as they are (its
    ``table.toml``, its own files the pack does not hold), so that the campaign as it
    will be is read whole; their names there → their paths here."""

    own = (name for name in os.listdir(directory) if OWN.fullmatch(name))
    names = [TABLE, *sorted(name for name in own if name not in LEFT_OUT and name != STATE)]
    here: dict[str, Path] = {}
    for name in names:
        if name in staged.files or not os.path.lexists(directory / name):
            continue
        with _opened(directory / name) as source:
            try:
                with open(aside / name, "xb") as copied:
                    shutil.copyfileobj(source, copied, BLOCK)
            except OSError as error:
                raise not_written(directory, error) from None
        here[name] = directory / name
    return here


def _put_in_place(directory: Path, aside: Path, plan: Plan, refused: Refused) -> None:
    """Rename the plan's files from the staging folder into place, the journal first,
    the state last, each keeping the permissions of the file it replaces; the state
    replaced stays among the backups.

    Raises:
        CampaignError: when a file in the way is not a regular one (nothing moved
            then), or a rename fails (the campaign then opens as the older copy, or with
            more journal to roll forward).
    """
    from .state_files import keep_copy

    modes: dict[str, int | None] = {}
    for name in plan.moved:
        try:
            info = os.lstat(directory / name)
        except FileNotFoundError:
            modes[name] = None
            continue
        if not stat.S_ISREG(info.st_mode):
            raise refused(f"{name}: not a regular file here", "in_the_way", member=name)
        modes[name] = stat.S_IMODE(info.st_mode)
    journal = directory / "journal"
    state = read_own(aside / STATE) if STATE in plan.moved else None
    try:
        if not os.path.lexists(journal):
            journal.mkdir()
        for name in plan.moved:
            mode = modes[name]
            if mode is not None:
                os.chmod(aside / name, mode)
            if name == STATE:
                fsync_directory(journal)  # the journal durable before the state
            os.replace(aside / name, directory / name)
        fsync_directory(journal)
        fsync_directory(directory)
    except OSError as error:
        why = error.strerror or str(error)
        raise refused(f"stopped half way ({why})", "stopped", why=why) from None
    if state is not None:
        keep_copy(directory, state)
