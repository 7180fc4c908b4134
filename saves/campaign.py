"""An open campaign: its state, its journal, every change saved at once, undo and redo.

Writing order, so that a crash at any instant loses nothing acknowledged:

1. the journal entry (with the state changes it carries) is appended, atomically;
2. campaign.toml is rewritten, atomically, with ``journal_applied`` set to that entry.

Only the last entry can be ahead of campaign.toml (nothing is appended until the state
is written), so opening checks that one entry and rolls it forward if needed. A writer
also refuses to overwrite a campaign.toml changed by hand since it read it.
"""

from __future__ import annotations

import copy
import os
import shutil
from collections.abc import Callable, Iterable, Mapping
from datetime import datetime
from pathlib import Path
from types import TracebackType
from typing import Any

from meneur.core.records import RollRecord, as_data, from_data, roll_seeded

from . import changes as state_changes
from .atomic import atomic_write
from .changes import MISSING, Change, ChangeError
from .errors import CampaignError, UndoConflict
from .journal import JOURNAL_DIR, Entry, Journal, parse_toml
from .lock import WriterLock
from .schema import HISTORY_LIMIT, MENEUR_VERSION, migrate, new_state, validate

STATE_FILE = "campaign.toml"
BACKUP_DIR = "backups"
BACKUPS_KEPT = 10
"""How many earlier versions of campaign.toml are kept in backups/."""
ORACLE_SYSTEMS = frozenset({"oracle", "yesno"})

Clock = Callable[[], datetime]


def local_now() -> datetime:
    """The wall-clock time, to the second, with the local UTC offset."""
    return datetime.now().astimezone().replace(microsecond=0)


def roll_to_data(record: Any, *, physical: bool = False) -> dict[str, Any]:
    """A roll record (or creation rolls) as plain data for the journal.

    ``kind`` names the inputs' type so the roll can be rebuilt and replayed;
    ``physical`` marks dice the player rolled by hand and typed in (no seed).
    """
    from meneur.core.systems import kind_of

    data = as_data(record)
    assert isinstance(data, dict)
    marked = {"physical": True} if physical else {}
    return {"kind": kind_of(type(record.inputs)), "system": record.system, **marked, **data}


def replay_roll(data: Mapping[str, Any]) -> Any:
    """Rebuild a journal roll: replay its inputs on its seed, or, for physical dice,
    read its inputs on the faces the player typed.

    Raises:
        CampaignError: when the inputs cannot be read back.
    """
    import importlib

    from meneur.core.errors import RulesError
    from meneur.core.systems import KINDS, resolver, roller

    kind = data.get("kind")
    if kind not in KINDS:
        raise CampaignError(STATE_FILE, f"unknown roll kind {kind!r}", "roll.kind")
    module, name = str(kind).rsplit(".", 1)
    inputs_type = getattr(importlib.import_module(f"meneur.core.{module}"), name)
    try:
        inputs = from_data(inputs_type, data.get("inputs", {}), "roll.inputs")
        if data.get("physical") is True:
            faces = tuple(int(die["face"]) for die in data.get("dice", []))
            return resolver(inputs_type)(inputs, faces)
    except RulesError as error:
        raise CampaignError(JOURNAL_DIR, str(error)) from error
    return roll_seeded(roller(inputs_type), inputs, data["seed"])


def affects_state(entry: Entry) -> bool:
    """Whether an entry changes campaign.toml: its changes, an undo or redo, or a note
    (which joins the undo history: undoing it strikes it)."""
    return bool(entry.changes) or entry.kind in ("undo", "redo", "note")


def entry_kind(record: Any) -> str:
    """The journal kind of a record: ``oracle``, ``creation`` or ``roll``."""
    if not isinstance(record, RollRecord):
        return "creation"  # creation rolls are records of their own, with no outcome
    return "oracle" if record.system in ORACLE_SYSTEMS else "roll"


class Campaign:
    """A campaign opened for writing (holding the lock) or for reading (a follower).

    Use :meth:`create` or :meth:`open`, and :meth:`close` (or a ``with`` block).
    """

    def __init__(
        self,
        directory: Path,
        state: dict[str, Any],
        journal: Journal,
        lock: WriterLock | None,
        clock: Clock,
    ) -> None:
        self.directory = directory
        self.state = state
        self.journal = journal
        self.lock = lock
        self.clock = clock
        self._stamp = self._state_stamp()
        self._broken: str | None = None

    # --- Opening ---------------------------------------------------------------------

    @classmethod
    def create(
        cls,
        directory: Path,
        *,
        system: str,
        name: str | None = None,
        options: Mapping[str, object] | None = None,
        clock: Clock = local_now,
    ) -> Campaign:
        """Make a new campaign in ``directory`` (absent or empty) and open it for writing.

        Raises:
            CampaignError: when the directory holds files, or for an unknown system or
                option.
        """
        directory = Path(directory)
        if directory.exists() and (not directory.is_dir() or any(directory.iterdir())):
            raise CampaignError(directory, "already exists and is not empty")
        state = new_state(name or directory.name, system, clock())
        if options:
            state["options"].update(options)
        state = validate(state, directory / STATE_FILE)
        directory.mkdir(parents=True, exist_ok=True)
        (directory / JOURNAL_DIR).mkdir(exist_ok=True)
        lock = WriterLock(directory).acquire()
        atomic_write(directory / STATE_FILE, _state_text(state))
        return cls(directory, state, Journal(directory), lock, clock)

    @classmethod
    def open(cls, directory: Path, *, write: bool = True, clock: Clock = local_now) -> Campaign:
        """Open a campaign; for writing, take its lock first.

        A failed open never modifies a file. Opening for writing migrates an older
        schema (keeping the original as ``campaign.toml.v<N>.bak``) and rolls forward a
        journal entry campaign.toml had not caught up with.

        Raises:
            CampaignError: naming the file and line or key of the first problem.
            CampaignLocked: when another process writes it (``write=True`` only).
        """
        directory = Path(directory)
        path = directory / STATE_FILE
        if not path.is_file():
            what = (
                "is not a campaign (no campaign.toml)" if directory.is_dir() else "does not exist"
            )
            raise CampaignError(directory, what)
        # Everything is read and checked before the lock is taken or a file written, so
        # a campaign that cannot be opened is left exactly as it was.
        campaign, original, behind = cls._load(directory, clock)
        if not write:
            return campaign
        lock = WriterLock(directory).acquire()
        try:
            # Read again under the lock: a writer that closed meanwhile may have appended.
            campaign, original, behind = cls._load(directory, clock)
            campaign.lock = lock
            _remove_leftovers(directory)
            if original != campaign.state["schema_version"]:
                shutil.copy2(path, directory / f"{STATE_FILE}.v{original}.bak")
                campaign._write_state()
            elif behind:
                campaign._write_state()
        except BaseException:
            lock.release()
            raise
        return campaign

    @classmethod
    def _load(cls, directory: Path, clock: Clock) -> tuple[Campaign, int, bool]:
        """Read and check everything, in memory: the campaign (without a lock), its
        original schema version, and whether the last entry had to be rolled forward."""
        state, original = _read_state(directory / STATE_FILE)
        campaign = cls(directory, state, Journal(directory), None, clock)
        return campaign, original, campaign._catch_up()

    def _catch_up(self) -> bool:
        """Apply the last entry's changes if campaign.toml has not caught up with it."""
        if not self.journal.last_id or self.journal.last_id <= self.state["journal_applied"]:
            return False
        last = self.journal.entry(self.journal.last_id)
        if not affects_state(last):
            return False
        self._absorb(last)
        return True

    def close(self) -> None:
        """Release the writer lock (reading campaigns hold none)."""
        if self.lock is not None:
            self.lock.release()
            self.lock = None

    def __enter__(self) -> Campaign:
        return self

    def __exit__(
        self,
        kind: type[BaseException] | None,
        error: BaseException | None,
        trace: TracebackType | None,
    ) -> None:
        self.close()

    # --- What it holds ---------------------------------------------------------------

    @property
    def name(self) -> str:
        """The campaign's name."""
        return str(self.state["name"])

    @property
    def system(self) -> str:
        """The campaign's rule system."""
        return str(self.state["system"])

    @property
    def writable(self) -> bool:
        """Whether this process holds the writer lock."""
        return self.lock is not None and self.lock.held

    def note_text(self, entry: Entry) -> str:
        """An entry's text as it reads now (a note may have been rewritten since)."""
        return str(self.state["note_edits"].get(str(entry.id), entry.text))

    def is_struck(self, entry: Entry) -> bool:
        """Whether a note was struck from the journal (it stays there, marked)."""
        return str(entry.id) in self.state["struck"]

    def latest(self, count: int) -> list[Entry]:
        """The last ``count`` journal entries, oldest first."""
        return self.journal.latest(count)

    def can_undo(self) -> bool:
        """Whether a state change can be undone."""
        return bool(self.state["history"]["undo"])

    def can_redo(self) -> bool:
        """Whether an undone change can be redone."""
        return bool(self.state["history"]["redo"])

    def reload(self) -> bool:
        """Read campaign.toml again after it was edited by hand; return whether it had
        changed. The journal is meneur's alone and is not re-read.

        Raises:
            CampaignError: when the edited file cannot be read (the state in memory is
                then kept).
        """
        if self._state_stamp() == self._stamp:
            return False
        state, _ = _read_state(self.directory / STATE_FILE)
        self.state = state
        self._stamp = self._state_stamp()
        return True

    def refresh(self) -> list[Entry]:
        """For a reader: entries written by the writer since, with their state changes.

        Raises:
            CampaignError: when a file became unreadable.
        """
        new = self.journal.poll()
        for entry in new:
            if entry.id > self.state["journal_applied"] and affects_state(entry):
                self._absorb(entry)
        return new

    # --- Writing ---------------------------------------------------------------------

    def append(
        self,
        kind: str,
        text: str,
        *,
        roll: Mapping[str, Any] | None = None,
        changes: Iterable[Change] = (),
        target: int | None = None,
        character: str | None = None,
        game_time: str | None = None,
    ) -> Entry:
        """Write one journal entry and apply its changes to the state, durably.

        The entry is on disk when this returns; its changes are in campaign.toml too.

        Raises:
            CampaignError: when this campaign is not open for writing, campaign.toml
                was changed by hand since it was read, or the changes do not fit the
                state (nothing is written then).
        """
        self._require_writer()
        changes = self._checked(tuple(changes))
        entry = Entry(
            id=self.journal.last_id + 1,
            time=self.clock(),
            kind=kind,
            text=text,
            game_time=game_time,
            character=character,
            target=target,
            roll=roll,
            changes=changes,
        )
        self.journal.append(entry)
        if affects_state(entry):
            self._absorb(entry)
            self._write_state()
        return entry

    def _checked(self, changes: tuple[Change, ...]) -> tuple[Change, ...]:
        """The changes as they will be stored, once the state they lead to passes every
        check campaign.toml must pass (the same as ``meneur check``: types, the rules'
        limits on sheets); each value as that check reads it (``"5"`` → 5), so that an
        undo later finds exactly what was stored.

        Raises:
            CampaignError: naming the key, when the changes do not fit the state or lead
                to a state ``check`` would refuse (nothing is written then).
        """
        if not changes:
            return changes
        path = self.directory / STATE_FILE
        candidate = copy.deepcopy(self.state)
        try:
            state_changes.apply(candidate, changes)
        except ChangeError as error:
            raise CampaignError(path, str(error)) from error
        normalised = validate(candidate, path)
        stored = []
        for index, change in enumerate(changes):
            later = changes[index + 1 :]
            touched_later = any(
                other.path[: len(change.path)] == change.path
                or change.path[: len(other.path)] == other.path
                for other in later
            )
            if change.after is MISSING or touched_later:
                stored.append(change)
                continue
            after = state_changes.read(normalised, change.path)
            stored.append(change if after is MISSING else Change(change.path, change.before, after))
        return tuple(stored)

    def record_roll(
        self,
        record: Any,
        text: str,
        *,
        changes: Iterable[Change] = (),
        character: str | None = None,
        game_time: str | None = None,
        physical: bool = False,
    ) -> Entry:
        """Journal a roll (its full record) and the state changes it caused;
        ``physical`` marks faces typed from real dice."""
        return self.append(
            entry_kind(record),
            text,
            roll=roll_to_data(record, physical=physical),
            changes=changes,
            character=character,
            game_time=game_time,
        )

    def note(self, text: str, *, game_time: str | None = None) -> Entry:
        """Journal a note."""
        return self.append("note", text, game_time=game_time)

    def mark(self, kind: str, title: str, *, game_time: str | None = None) -> Entry:
        """Start a new session or scene (``kind`` is ``"session"`` or ``"scene"``).

        Raises:
            CampaignError: for another kind.
        """
        if kind not in ("session", "scene"):
            raise CampaignError(self.directory, f"a marker is a session or a scene, not {kind!r}")
        return self.append(kind, title, game_time=game_time)

    def set(self, path: Iterable[str], value: object, text: str | None = None) -> Entry:
        """Set a value of the state (``("characters", "razors", "sheet", "karma")``).

        ``MISSING`` as the value deletes the key.
        """
        path = tuple(path)
        self._require_writer()
        (change,) = self._checked((state_changes.set_value(self.state, path, value),))
        if change.before == change.after:
            raise CampaignError(self.directory / STATE_FILE, "already has that value", change.key)
        shown = (
            "supprimé (deleted)" if value is MISSING else state_changes.shown_value(change.after)
        )
        return self.append("change", text or f"{change.key} → {shown}", changes=(change,))

    def strike_note(self, entry_id: int) -> Entry:
        """Strike a note from the journal: it stays there, marked, and an undo brings it
        back.

        Raises:
            CampaignError: when the entry is not a note, or is struck already.
        """
        target = self._note(entry_id)
        if self.is_struck(target):
            raise CampaignError(self.directory, f"note {entry_id} is struck already")
        change = Change(("struck", str(entry_id)), MISSING, True)
        return self.append(
            "change", f"Note {entry_id} barrée (struck)", changes=(change,), target=entry_id
        )

    def _note(self, entry_id: int) -> Entry:
        try:
            target = self.journal.entry(entry_id)
        except KeyError:
            raise CampaignError(self.directory, f"there is no journal entry {entry_id}") from None
        if target.kind != "note":
            raise CampaignError(self.directory, f"entry {entry_id} is a {target.kind}, not a note")
        return target

    def edit_note(self, entry_id: int, text: str) -> Entry:
        """Rewrite a note; the journal keeps the original and the edit.

        Raises:
            CampaignError: when the entry is not a note.
        """
        try:
            target = self.journal.entry(entry_id)
        except KeyError:
            raise CampaignError(self.directory, f"there is no journal entry {entry_id}") from None
        if target.kind != "note":
            raise CampaignError(self.directory, f"entry {entry_id} is a {target.kind}, not a note")
        path = ("note_edits", str(entry_id))
        value = MISSING if text == target.text else text
        change = state_changes.set_value(self.state, path, value)
        if change.before == change.after:
            raise CampaignError(self.directory, f"note {entry_id} already reads so")
        return self.append(
            "change", f"Note {entry_id} modifiée (edited)", changes=(change,), target=entry_id
        )

    def undo(self) -> Entry:
        """Undo the last state change still undone-able; undoing a note strikes it.

        Raises:
            CampaignError: when there is nothing to undo.
            UndoConflict: when a value it would restore was changed since.
        """
        stack = self.state["history"]["undo"]
        if not stack:
            raise CampaignError(self.directory, "nothing to undo")
        target = self.journal.entry(stack[-1])
        if target.kind == "note":
            inverse: tuple[Change, ...] = (Change(("struck", str(target.id)), MISSING, True),)
        else:
            inverse = tuple(change.inverse() for change in reversed(target.changes))
        return self._reverse("undo", target, inverse, f"Annulé (undone) : {target.text}")

    def redo(self) -> Entry:
        """Redo the last undone change.

        Raises:
            CampaignError: when there is nothing to redo.
            UndoConflict: when a value it would set was changed since.
        """
        stack = self.state["history"]["redo"]
        if not stack:
            raise CampaignError(self.directory, "nothing to redo")
        target = self.journal.entry(stack[-1])
        changes = (
            (Change(("struck", str(target.id)), True, MISSING),)
            if target.kind == "note"
            else target.changes
        )
        return self._reverse("redo", target, changes, f"Rétabli (redone) : {target.text}")

    def _reverse(self, kind: str, target: Entry, changes: tuple[Change, ...], text: str) -> Entry:
        try:
            state_changes.apply(copy.deepcopy(self.state), changes)
        except ChangeError as error:
            raise UndoConflict(
                self.directory / STATE_FILE,
                f"cannot {kind} entry {target.id} ({target.text}): {error}, changed since",
            ) from error
        return self.append(kind, text, changes=changes, target=target.id)

    # --- Internals -------------------------------------------------------------------

    def _absorb(self, entry: Entry) -> None:
        """Apply an entry's changes and its effect on the undo history to the state."""
        try:
            state_changes.apply(self.state, entry.changes)
        except ChangeError as error:
            raise CampaignError(
                self.directory / STATE_FILE,
                f"journal entry {entry.id} changes {error}: fix campaign.toml or that entry",
            ) from error
        history = self.state["history"]
        if entry.kind == "undo" and entry.target is not None:
            if history["undo"] and history["undo"][-1] == entry.target:
                history["undo"].pop()
            history["redo"].append(entry.target)
        elif entry.kind == "redo" and entry.target is not None:
            if history["redo"] and history["redo"][-1] == entry.target:
                history["redo"].pop()
            history["undo"].append(entry.target)
        elif entry.changes or entry.kind == "note":
            # A note is taken back by striking it: it is undone like a change.
            history["undo"].append(entry.id)
            history["redo"].clear()
        del history["undo"][:-HISTORY_LIMIT]
        self.state["journal_applied"] = entry.id

    def _require_writer(self) -> None:
        if not self.writable:
            raise CampaignError(self.directory, "is open for reading only")
        if self._broken:
            raise CampaignError(self.directory, self._broken)
        if self._state_stamp() != self._stamp:
            raise CampaignError(
                self.directory / STATE_FILE,
                "was changed outside meneur since it was opened: nothing was written; "
                "reopen the campaign to keep both",
            )

    def _state_stamp(self) -> tuple[int, int, int] | None:
        return _file_stamp(self.directory / STATE_FILE)

    def _write_state(self) -> None:
        path = self.directory / STATE_FILE
        try:
            self._backup(path)
            self.state["written_by"] = f"meneur {MENEUR_VERSION}"
            atomic_write(path, _state_text(self.state))
        except OSError as error:
            self._broken = (
                f"campaign.toml could not be written ({error.strerror}); the journal holds "
                "every change and the next open will apply it"
            )
            raise CampaignError(path, self._broken) from error
        self._stamp = self._state_stamp()

    def _backup(self, path: Path) -> None:
        """Keep the current campaign.toml as the newest backup; drop all but the last ten."""
        if not path.exists():
            return
        backups = self.directory / BACKUP_DIR
        backups.mkdir(exist_ok=True)
        existing = sorted(backups.glob("campaign.*.toml"))
        numbers = [int(p.name.split(".")[1]) for p in existing if p.name.split(".")[1].isdigit()]
        target = backups / f"campaign.{(max(numbers) + 1 if numbers else 1):06d}.toml"
        try:
            # The rename that follows leaves the old inode to the backup: no copy needed.
            os.link(path, target)
        except OSError:
            shutil.copy2(path, target)
        for old in sorted(backups.glob("campaign.*.toml"))[:-BACKUPS_KEPT]:
            old.unlink()


def read_state(directory: str | Path) -> dict[str, Any]:
    """A campaign's campaign.toml, read and checked without opening it (no lock,
    nothing written).

    Raises:
        CampaignError: naming the file and key of the first problem.
    """
    path = Path(directory) / STATE_FILE
    if not path.is_file():
        raise CampaignError(Path(directory), "is not a campaign (no campaign.toml)")
    state, _ = _read_state(path)
    return state


def summary(directory: Path) -> tuple[str, str] | None:
    """A campaign's name and system, read without opening it (no lock, nothing written);
    None when its campaign.toml cannot be read as a campaign."""
    try:
        state, _ = _read_state(directory / STATE_FILE)
    except (CampaignError, OSError):
        return None
    return str(state["name"]), str(state["system"])


def _state_text(state: Mapping[str, Any]) -> bytes:
    header = "# meneur campaign: see docs/save-format.md. Safe to edit while meneur is closed.\n"
    import tomli_w  # only to write: opening a campaign does not pay for it

    return (header + tomli_w.dumps(dict(state))).encode("utf-8")


def _read_state(path: Path) -> tuple[dict[str, Any], int]:
    """Read, migrate in memory and check campaign.toml; return it and its original schema."""
    document, _ = parse_toml(path)
    migrated, original = migrate(document, path)
    return validate(migrated, path), original


def _file_stamp(path: Path) -> tuple[int, int, int] | None:
    try:
        stat = path.stat()
    except FileNotFoundError:
        return None
    return stat.st_ino, stat.st_mtime_ns, stat.st_size


def _remove_leftovers(directory: Path) -> None:
    """Delete temporary files a killed writer left half-written (we hold the lock, so
    no other writer is using them); the files they would have replaced are intact."""
    for folder in (directory, directory / JOURNAL_DIR):
        for leftover in folder.glob(".*.tmp"):
            leftover.unlink(missing_ok=True)
