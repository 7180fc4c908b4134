"""The journal: numbered chunk files of entries, appended and never rewritten.

``journal/000001.toml`` holds entries 1–250, ``000002.toml`` entries 251–500, and so on.
Appending rewrites only the last chunk (atomically), so it costs the same with a hundred
entries or a hundred thousand; opening reads only the chunks it is asked for, newest
first. Other processes' entries are picked up by :meth:`Journal.poll`, which reads only
the bytes appended since it last looked.

Many entries are written in one durable step (:meth:`Journal.together`): each chunk
they touch written once, as appending them one by one would have left it.

Why it is ~1,200 lines: it is one file format and the guarantees that go with it —
chunks appended atomically (one entry or many), read newest first or by range, polled
by the bytes others appended, a torn last entry recovered after a crash, a hostile
folder refused — each of which leans on the others' invariants, and is easier to keep
right read in one place.
"""

from __future__ import annotations

import contextlib
import os
import stat
from collections.abc import Iterator, Mapping, Sequence
from contextlib import contextmanager
from dataclasses import field
from datetime import datetime
from pathlib import Path
from typing import Any

from meneur.content.own_files import file_kind, open_own, read_own
from meneur.content.toml_reader import TomlError, loads
from meneur.core.changes import Change, ChangeError
from meneur.core.frozen import frozen
from meneur.core.text import not_utf8, shown, utf8_fault
from meneur.core.visibility import VISIBILITIES

from .atomic import atomic_write, atomic_write_many
from .chunk_files import CHUNK_SIZE as CHUNK_SIZE
from .chunk_files import chunk_name as chunk_name
from .chunk_files import chunk_number as chunk_number
from .errors import CampaignError, not_regular, toml_error, unreadable

MAX_TEXT = 20_000
"""Characters one entry's text (a note, a label) may hold: about ten pages. Above it a
note is refused with a message rather than written: a note of a megabyte made opening
the journal take seconds and hundreds of megabytes."""
MAX_ENTRY_BYTES = 256 * 1024
"""Bytes one entry may take in its chunk, roll record and changes included."""
JOURNAL_DIR = "journal"
KINDS = (
    "roll",
    "oracle",
    "creation",
    "note",
    "change",
    "undo",
    "redo",
    "session",
    "scene",
    "phase",
    "choice",
    "reveal",
    "request",
)
"""What an entry can be: a roll, an oracle's answer, creation rolls, a note, a state
change, an undo or redo of one, or the start of a session or scene."""
ENTRY_KEYS = (
    "id",
    "time",
    "kind",
    "text",
    "game_time",
    "character",
    "target",
    "roll",
    "changes",
    "by",
    "visibility",
    "player",
    "announced",
    "words",
    "written",
)


@frozen
class Entry:
    """One journal entry.

    Attributes:
        id: its number, 1 for the first entry, never reused.
        time: wall-clock time it was written (with its UTC offset).
        kind: one of :data:`KINDS`.
        text: what the player was shown (a roll's summary, a note's prose, a title).
        game_time: the in-game time, when known ("Jour 3, 14h").
        character: the id of the character who acted, if any.
        target: for undo and redo, the entry whose changes they reverse or repeat.
        roll: the full roll record as plain data (inputs, dice, outcome, seed…), with
            ``kind`` naming its inputs so it can be replayed.
        changes: the state changes this entry made (a roll's consequences, an edit…).
        by: who wrote it (``user@host``, a player's name), when known: undo takes back
            a writer's own changes.
        visibility: ``public``, ``private`` (``player`` and the GM) or ``gm`` (the GM
            alone); see :mod:`meneur.core.visibility`.
        player: the player at the table the entry belongs to (who rolled), if any.
        announced: whether those who may not see a secret entry are told it happened.
        redacted: never stored: an entry a view received without its content (an
            announced secret), with only its id, time, kind and who it belongs to.
        words: what meneur said happened, for each reader to word in their language:
            ``key`` names the words (``[said]`` of the interface's strings), the other
            items are their values (numbers, names as typed). ``text`` holds the same
            words in the campaign's language, for the file's reader and for a meneur
            that does not know the key.
        written: the lines a log from elsewhere held this entry as (a Lonelog log's
            construct, with the layout that followed it), which an export in that
            notation writes back as they came; ``""`` when the entry before wrote its
            line (a clock named inside a consequence), None for an entry played here.
    """

    id: int
    time: datetime
    kind: str
    text: str
    game_time: str | None = None
    character: str | None = None
    target: int | None = None
    roll: Mapping[str, Any] | None = None
    changes: tuple[Change, ...] = field(default=())
    by: str | None = None
    visibility: str = "public"
    player: str | None = None
    announced: bool = False
    redacted: bool = False
    words: Mapping[str, Any] | None = None
    written: str | None = None

    def to_data(self) -> dict[str, Any]:
        """Plain data for TOML (unset fields left out)."""
        data: dict[str, Any] = {
            "id": self.id,
            "time": self.time,
            "kind": self.kind,
            "text": self.text,
        }
        assert not self.redacted, "a view's redacted entry is never written"
        for name in ("game_time", "character", "target", "by", "player"):
            value = getattr(self, name)
            if value is not None:
                data[name] = value
        if self.visibility != "public":
            data["visibility"] = self.visibility
        if self.announced:
            data["announced"] = True
        if self.roll is not None:
            data["roll"] = dict(self.roll)
        if self.changes:
            data["changes"] = [change.to_data() for change in self.changes]
        if self.words is not None:
            data["words"] = dict(self.words)
        if self.written is not None:
            data["written"] = self.written
        return data


def check_text(text: str, where: Path) -> None:
    """Refuse a text longer than :data:`MAX_TEXT` characters, or not writable as UTF-8.

    Raises:
        CampaignError: saying the bound and the text's length, or the byte that is not
            UTF-8.
    """
    wrong = not_utf8(text)
    if wrong is not None:
        raise not_text(where, text)
    if len(text) > MAX_TEXT:
        raise CampaignError(
            where,
            f"a note or label holds at most {MAX_TEXT:,} characters, this one {len(text):,};"
            " nothing was written (split it into several notes)",
            message_key="campaign.text_too_long",
            # What the player wrote is too long, not the file: a sentence, no path.
            names_file=False,
            values={"most": MAX_TEXT, "length": len(text)},
        )


def not_text(where: Path, text: str, key: str = "") -> CampaignError:
    """The error for ``text`` that cannot be written as UTF-8 (:func:`utf8_fault`): the
    byte that was not UTF-8, or the lone surrogate, and where in the text."""
    byte, at = utf8_fault(text) or (None, 0)
    if byte is None:
        return CampaignError(
            where,
            f"the text is not text (a lone surrogate at character {at}); nothing was written",
            key,
            message_key="campaign.surrogate",
            names_file=True,
            values={"at": at},
        )
    return CampaignError(
        where,
        f"the text is not UTF-8 (byte {byte:#04x} at character {at}); nothing was written",
        key,
        message_key="campaign.not_utf8",
        names_file=True,
        values={"byte": f"{byte:#04x}", "at": at},
    )


def read_regular(path: Path) -> bytes:
    """The bytes of the campaign's own regular file ``path``.

    Raises:
        CampaignError: when it cannot be read, or is a symbolic link, a directory, a
            FIFO, a device or a socket (opened without following a link or blocking: a
            FIFO in its place does not hang meneur).
        FileNotFoundError: when it does not exist.
    """
    try:
        return read_own(path)
    except FileNotFoundError:
        raise
    except OSError as error:
        raise unreadable(path, error) from error


def _not_text(path: Path, value: object, where: str) -> CampaignError:
    return CampaignError(
        path,
        f"expected text, found {shown(value)}",
        where,
        message_key="campaign.not_text",
        values={"value": shown(value)},
    )


def _not_flag(path: Path, value: object, where: str) -> CampaignError:
    return CampaignError(
        path,
        "expected true or false",
        where,
        message_key="campaign.not_flag",
        values={"value": shown(value)},
    )


def _read_text(path: Path) -> str:
    try:
        raw = read_regular(path)
    except FileNotFoundError as error:
        raise CampaignError(
            path, "missing", message_key="campaign.file_missing", names_file=True
        ) from error
    if b"\0" in raw:
        raise CampaignError(
            path, "is a binary file, not TOML text", message_key="campaign.binary", names_file=True
        )
    try:
        return raw.decode("utf-8")
    except UnicodeDecodeError as error:
        raise CampaignError(
            path,
            f"is not UTF-8 text (byte {raw[error.start]:#04x} at offset {error.start})",
            message_key="campaign.file_not_utf8",
            names_file=True,
            values={"byte": f"{raw[error.start]:#04x}", "at": error.start},
        ) from error


def parse_toml(path: Path) -> tuple[dict[str, Any], str]:
    """Read a TOML file, naming the file and line of any syntax error.

    Returns:
        The document and its text.

    Raises:
        CampaignError: for an unreadable, binary or malformed file.
    """
    text = _read_text(path)
    try:
        return loads(text), text
    except TomlError as error:
        # The reader says "… (at line 3, column 7)"; keep that and name the file.
        raise toml_error(path, error) from error


_ENTRY_KEYS = frozenset(ENTRY_KEYS)
_KINDS = frozenset(KINDS)
_TEXT_KEYS = ("text", "game_time", "character", "by", "player", "written")
_RECORDED_KINDS = frozenset({"roll", "oracle", "creation"})


def entry_from_data(data: object, path: Path, index: int) -> Entry:
    """Check one entry of a chunk.

    Every entry of a whole journal passes here (100,000 for a long campaign, at each
    ``meneur check`` or export): the common case, a well-formed entry, is checked with
    as few lookups as the checks allow; what is wrong is said as precisely either way.

    Raises:
        CampaignError: naming the file and the entry's key.
    """
    if not isinstance(data, dict):
        raise CampaignError(
            path,
            "expected a table ([[entry]])",
            f"entry[{index}]",
            message_key="campaign.entry_table",
        )
    if not data.keys() <= _ENTRY_KEYS:
        unknown = next(key for key in data if key not in _ENTRY_KEYS)
        raise CampaignError(
            path,
            f"unknown key (expected one of: {', '.join(ENTRY_KEYS)})",
            f"entry[{index}].{unknown}",
            message_key="campaign.unknown_key",
            values={"allowed": ", ".join(ENTRY_KEYS)},
        )
    get = data.get
    ident, time, kind, text = get("id"), get("time"), get("kind"), get("text")
    if ident is None or time is None or kind is None or text is None:
        for key in ("id", "time", "kind", "text"):
            if key not in data:
                raise CampaignError(
                    path, "missing", f"entry[{index}].{key}", message_key="campaign.key_missing"
                )
    if type(ident) is not int or ident < 1:  # bool is not int here
        raise CampaignError(
            path,
            f"expected an entry number, found {shown(ident)}",
            f"entry[{index}].id",
            message_key="campaign.entry_number",
            values={"value": shown(ident)},
        )
    where = f"entry {ident}"
    if type(time) is not datetime:
        if isinstance(time, str):  # a hand-written ISO time is clear enough
            try:
                time = datetime.fromisoformat(time)
            except ValueError:
                time = None
        if not isinstance(time, datetime):
            raise CampaignError(
                path,
                "expected a date and time, like 2026-11-21T10:15:00+01:00",
                f"{where}.time",
                message_key="campaign.date_time",
            )
    if kind not in _KINDS:
        raise CampaignError(
            path,
            f"expected one of: {', '.join(map(shown, KINDS))}, found {shown(kind)}",
            f"{where}.kind",
            message_key="campaign.not_choice",
            values={"choices": ", ".join(map(shown, KINDS)), "value": shown(kind)},
        )
    for key in _TEXT_KEYS:
        value = get(key)
        if value is not None and type(value) is not str and not isinstance(value, str):
            raise _not_text(path, value, f"{where}.{key}")
    visibility = get("visibility", "public")
    if visibility not in VISIBILITIES:
        raise CampaignError(
            path,
            f"expected one of: {', '.join(map(shown, VISIBILITIES))}, found {shown(visibility)}",
            f"{where}.visibility",
            message_key="campaign.not_choice",
            values={"choices": ", ".join(map(shown, VISIBILITIES)), "value": shown(visibility)},
        )
    announced = get("announced", False)
    if type(announced) is not bool:
        raise _not_flag(path, announced, f"{where}.announced")
    target = get("target")
    if target is not None and (type(target) is not int or not 1 <= target < ident):
        # An undo, a redo, a note rewritten: always of an entry written before.
        raise CampaignError(
            path,
            f"expected the number of an entry before this one, found {shown(target)}",
            f"{where}.target",
            message_key="campaign.target",
            values={"value": shown(target)},
        )
    roll = get("roll")
    if roll is not None:
        if (
            type(roll) is not dict
            or "kind" not in roll
            or ("seed" not in roll and roll.get("physical") is not True)
        ):
            raise CampaignError(
                path,
                "expected a roll record with its kind and seed (or physical = true)",
                f"{where}.roll",
                message_key="campaign.roll_record",
            )
        _check_roll(roll, path, f"{where}.roll")
    elif kind in _RECORDED_KINDS:
        raise CampaignError(
            path,
            f"a {kind} entry holds its roll record",
            f"{where}.roll",
            message_key="campaign.roll_needed",
        )
    raw_changes = get("changes")
    changes: tuple[Change, ...] = ()
    if raw_changes is not None:
        if type(raw_changes) is not list:
            raise CampaignError(
                path,
                "expected a list of changes",
                f"{where}.changes",
                message_key="campaign.changes_list",
            )
        found = []
        for i, change in enumerate(raw_changes):
            try:
                if not isinstance(change, dict):
                    raise ChangeError("expected a table", "change.table")
                found.append(Change.from_data(change))
            except ChangeError as error:
                raise CampaignError(
                    path,
                    str(error),
                    f"{where}.changes[{i}]",
                    message_key="campaign.change",
                    values={"error": error},
                ) from error
        changes = tuple(found)
    # Made without Entry's __init__: a frozen dataclass sets each of its fields through
    # object.__setattr__, a fifth of reading a long journal. The result is the same as
    # Entry(...) with these fields (tests/saves/test_damaged_journal.py checks it).
    entry = object.__new__(Entry)
    entry.__dict__.update(
        id=ident,
        time=time,
        kind=kind,
        text=text,
        game_time=get("game_time"),
        character=get("character"),
        target=target,
        roll=roll,
        changes=changes,
        by=get("by"),
        visibility=visibility,
        player=get("player"),
        announced=announced,
        redacted=False,
        words=None if get("words") is None else _words(get("words"), path, where),
        written=get("written"),
    )
    return entry


def _words(words: object, path: Path, where: str) -> Mapping[str, Any]:
    """An entry's ``words``: a key of the interface's ``[said]`` strings and its values
    (text, numbers, true or false).

    Raises:
        CampaignError: naming the entry's key.
    """
    if type(words) is not dict or type(words.get("key")) is not str:
        raise CampaignError(
            path,
            'expected a table with the words\' key (key = "scene_end")',
            f"{where}.words",
            message_key="campaign.words",
        )
    for name, value in words.items():
        if type(value) not in (str, int, float, bool):
            raise CampaignError(
                path,
                f"expected text, a number or true/false, found {shown(value)}",
                f"{where}.words.{name}",
                message_key="campaign.word_value",
                values={"value": shown(value)},
            )
    return words


def _check_roll(roll: Mapping[str, Any], path: Path, where: str) -> None:
    """Check what every reader of a roll record relies on: its kind and seed, and its
    dice as a list of tables with a number of sides and a face.

    Raises:
        CampaignError: naming the file and key.
    """
    if type(roll["kind"]) is not str:
        raise _not_text(path, roll["kind"], f"{where}.kind")
    seed = roll.get("seed")
    if seed is not None and type(seed) is not int:
        raise CampaignError(
            path,
            f"expected a whole number, found {shown(seed)}",
            f"{where}.seed",
            message_key="campaign.not_whole",
            values={"value": shown(seed)},
        )
    if "physical" in roll and type(roll["physical"]) is not bool:
        raise _not_flag(path, roll["physical"], f"{where}.physical")
    dice = roll.get("dice")
    if dice is None:
        return
    if type(dice) is not list:
        raise CampaignError(
            path,
            f"expected a list of dice, found {shown(dice)}",
            f"{where}.dice",
            message_key="campaign.dice_list",
            values={"value": shown(dice)},
        )
    for i, die in enumerate(dice):
        if type(die) is not dict:
            raise CampaignError(
                path,
                "expected a die: { sides = 6, face = 4 }",
                f"{where}.dice[{i}]",
                message_key="campaign.die",
            )
        sides, face = die.get("sides"), die.get("face")
        if (type(sides) is not int or sides < 1) and sides != "F":
            raise CampaignError(
                path,
                f"expected a number of sides (1 or more, or F), found {shown(sides)}",
                f"{where}.dice[{i}].sides",
                message_key="campaign.sides",
                values={"value": shown(sides)},
            )
        if type(face) is not int:
            raise CampaignError(
                path,
                f"expected the face rolled, found {shown(face)}",
                f"{where}.dice[{i}].face",
                message_key="campaign.face",
                values={"value": shown(face)},
            )
        # A die shows one of its faces: 1…sides, −1…+1 on a Fate die; a d100 may read
        # 00 as 0 (SYSTEMJ's 00–99). A face no die shows is refused by every command.
        low, high = (-1, 1) if sides == "F" else (0 if sides == 100 else 1, sides)
        if not low <= face <= high:
            raise CampaignError(
                path,
                f"a d{sides} shows {low} to {high}, not {face}",
                f"{where}.dice[{i}].face",
                message_key="campaign.face_range",
                values={"sides": sides, "low": low, "high": high, "value": face},
            )
        if len(die) > 2:
            if "kept" in die and type(die["kept"]) is not bool:
                raise _not_flag(path, die["kept"], f"{where}.dice[{i}].kept")
            if "role" in die and type(die["role"]) is not str:
                raise _not_text(path, die["role"], f"{where}.dice[{i}].role")


def read_chunk(path: Path, number: int, *, sealed: bool = False) -> tuple[list[Entry], str]:
    """Read and check chunk ``number``: its entries must be the next ids in order, and a
    ``sealed`` chunk (one before the last) must hold all :data:`CHUNK_SIZE` of them.

    Returns:
        The entries and the file's text.

    Raises:
        CampaignError: naming the file and the entry.
    """
    document, text = parse_toml(path)
    entries = entries_of(document, path, (number - 1) * CHUNK_SIZE + 1)
    if sealed and len(entries) != CHUNK_SIZE:
        raise CampaignError(
            path,
            f"holds {len(entries)} entries where a chunk before the last holds {CHUNK_SIZE}:"
            " entries are missing (restore the file from a copy)",
            message_key="campaign.chunk_short",
            names_file=True,
            values={"count": len(entries), "most": CHUNK_SIZE},
        )
    return entries, text


def entries_of(document: Mapping[str, Any], path: Path, first: int) -> list[Entry]:
    """The entries of a chunk's document (or of what was appended to one), checked: they
    must be ``first`` and the ids after it, all in ``first``'s chunk.

    Raises:
        CampaignError: naming the file and the entry.
    """
    unknown = [key for key in document if key != "entry"]
    if unknown:
        raise CampaignError(
            path,
            "unknown key (a chunk holds [[entry]] tables only)",
            unknown[0],
            message_key="campaign.chunk_key",
        )
    raw = document.get("entry", [])
    if not isinstance(raw, list):
        raise CampaignError(
            path, "expected [[entry]] tables", "entry", message_key="campaign.entry_tables"
        )
    entries = [entry_from_data(item, path, i) for i, item in enumerate(raw)]
    for i, entry in enumerate(entries):
        if entry.id != first + i:
            raise CampaignError(
                path,
                f"expected entry {first + i} here, found entry {entry.id}",
                f"entry[{i}].id",
                message_key="campaign.entry_order",
                values={"wanted": first + i, "found_id": entry.id},
            )
    if entries and chunk_number(entries[-1].id) != chunk_number(first):
        raise CampaignError(
            path,
            f"a chunk holds at most {CHUNK_SIZE} entries",
            "entry",
            message_key="campaign.chunk_long",
            values={"most": CHUNK_SIZE},
        )
    return entries


def entry_block(entry: Entry) -> str:
    """The TOML text of one ``[[entry]]``, to be appended to a chunk.

    tomli_w writes short arrays of tables inline (``entry = [{…}]``), which cannot be
    appended to; so the entry is written as the table ``[entry]`` (its sub-tables then
    read ``[entry.roll]``, right under an array element too) and the header is turned
    into ``[[entry]]``.
    """
    return array_table(entry.to_data())


def array_table(data: Mapping[str, Any]) -> str:
    """``data`` as one ``[[entry]]`` table of TOML (see :func:`entry_block`)."""
    import tomli_w  # only to write: opening a campaign does not pay for it

    text = tomli_w.dumps({"entry": data})
    header = "[entry]\n"
    assert text.startswith(header), "an entry always has keys of its own"
    return "[[entry]]\n" + text[len(header) :]


def chunk_header(number: int) -> str:
    """The comment that opens chunk ``number``."""
    first = (number - 1) * CHUNK_SIZE + 1
    return (
        f"# meneur journal: entries {first} to {first + CHUNK_SIZE - 1}."
        " Appended by meneur; see docs/save-format.md.\n"
    )


CACHED_CHUNKS = 8
"""Chunks kept in memory besides the last one (2,000 entries)."""
CHECKED_FILE = "checked.toml"
"""In ``journal/``: how each chunk before the last looked (size, modification and change
times, inode) when it was last read whole and found right. A cache: deleting it costs one
slower open."""

Mark = tuple[int, int, int, int]
"""A chunk's size, mtime and ctime in ns, and inode, as :data:`CHECKED_FILE` keeps them.

Not a hash of the content: hashing would read every byte of a long journal at each open,
which is what the cache spares. The change time (``ctime``) is what makes the mark
trustworthy: any write to the file, or a rename over it, sets it to the present, and no
program can set it back (``touch -d`` and ``rsync -t`` restore the modification time only),
so an edit that keeps the size and the mtime is still seen and the chunk read again."""


def _mark_of(info: os.stat_result) -> Mark:
    return info.st_size, info.st_mtime_ns, info.st_ctime_ns, info.st_ino


def _read_checked(directory: Path) -> dict[int, Mark]:
    """What :data:`CHECKED_FILE` says (nothing, when it is missing or unreadable; a row
    of the earlier form, without ctime and inode, counts as unread)."""
    try:
        document = loads(read_regular(directory / CHECKED_FILE).decode("utf-8"))
    except (OSError, CampaignError, UnicodeDecodeError, TomlError):
        return {}
    found: dict[int, Mark] = {}
    rows = document.get("chunks", [])
    for row in rows if isinstance(rows, list) else []:
        if (
            isinstance(row, list)
            and len(row) == 5
            and all(isinstance(v, int) and not isinstance(v, bool) for v in row)
        ):
            found[row[0]] = (row[1], row[2], row[3], row[4])
    return found


def _write_checked(directory: Path, checked: dict[int, Mark]) -> None:
    """Remember which chunks were read whole, best effort: it only saves time."""
    rows = "\n".join(
        f"  [{n}, {size}, {mtime}, {ctime}, {inode}],"
        for n, (size, mtime, ctime, inode) in sorted(checked.items())
    )
    text = (
        "# meneur: the journal chunks it read whole and found right: [number, bytes,"
        " modification time in ns, change time in ns, inode].\n# A cache: deleting it only"
        " makes the next open read them all again.\n"
        f"chunks = [\n{rows}\n]\n"
    )
    with contextlib.suppress(OSError):
        atomic_write(directory / CHECKED_FILE, text.encode("utf-8"), follow_links=False)


class Journal:
    """A campaign's journal, read lazily from its chunk files.

    Opening lists the chunk files and reads the last one; other chunks are read (and
    cached) when asked for. :meth:`poll` picks up entries another process appended.
    """

    def __init__(
        self,
        campaign_dir: Path,
        *,
        remember: bool = True,
        parallel: bool = False,
        defer_check: bool = False,
    ) -> None:
        """Open the journal of ``campaign_dir``; with ``remember`` (a writer), note the
        chunks read whole in :data:`CHECKED_FILE` when it next appends (a reader never
        writes a byte, nor does a writer that writes nothing).

        The chunks not read whole since they last changed are checked now, in worker
        processes with ``parallel`` (only where the process may fork); with
        ``defer_check`` (a reader that reads every chunk whole anyway and says nothing
        before the end: ``meneur check``) they are left to the caller.
        """
        self.remember = remember
        self.parallel = parallel
        self.defer_check = defer_check and not remember
        self.directory = campaign_dir / JOURNAL_DIR
        self._cache: dict[int, list[Entry]] = {}
        self._last_text = ""
        self._last_stamp: Mark | None = None
        self._to_remember: dict[int, Mark] | None = None
        self._staged: list[Entry] | None = None  # inside together(): the entries held
        self._staged_texts: dict[int, str] = {}  # ... and their chunks' texts
        self.last_id = 0
        self._load_tail()

    def chunk_path(self, number: int) -> Path:
        """The path of chunk ``number``."""
        return self.directory / chunk_name(number)

    def chunk_numbers(self) -> list[int]:
        """The chunk files present, in order (files meneur did not name are ignored).

        Raises:
            CampaignError: when ``journal`` is not a directory, cannot be listed, or
                misses a chunk between two others.
        """
        try:
            mode = os.lstat(self.directory).st_mode
        except FileNotFoundError:
            return []
        except OSError as error:
            raise unreadable(self.directory, error) from error
        if stat.S_ISLNK(mode):
            raise not_regular(self.directory, "link")
        if not stat.S_ISDIR(mode):
            raise CampaignError(
                self.directory,
                "is not a directory: it holds the journal's chunk files",
                message_key="campaign.journal_directory",
                names_file=True,
            )
        numbers = []
        try:
            with os.scandir(self.directory) as listing:
                for item in listing:
                    stem, dot, suffix = item.name.partition(".")
                    if (
                        dot
                        and suffix == "toml"
                        and len(stem) == 6
                        and stem.isascii()
                        and stem.isdigit()
                    ):
                        numbers.append(int(stem))
        except OSError as error:
            raise unreadable(self.directory, error) from error
        numbers.sort()
        if numbers and numbers[0] == 0:
            raise CampaignError(
                self.directory / chunk_name(0),
                "is not a chunk of the journal: its chunks are numbered from 000001",
                message_key="campaign.chunk_zero",
                names_file=True,
            )
        for expected, number in enumerate(numbers, start=1):
            if number != expected:
                raise CampaignError(
                    self.directory / chunk_name(expected),
                    "missing: the journal has a gap",
                    message_key="campaign.chunk_gap",
                    names_file=True,
                )
        return numbers

    def _stamp(self, path: Path) -> Mark | None:
        try:
            return _mark_of(os.stat(path, follow_symlinks=False))
        except FileNotFoundError:
            return None

    def _load_tail(self) -> None:
        numbers = self.chunk_numbers()
        if not numbers:
            self.last_id = 0
            return
        self._check_sealed(numbers[:-1])
        last = numbers[-1]
        path = self.chunk_path(last)
        # Stamped before reading: a chunk replaced meanwhile then looks changed at the
        # next poll (stamped after, its new entries would be missed).
        stamp = self._stamp(path)
        entries, text = read_chunk(path, last)
        if not entries and last > 1:
            raise CampaignError(
                path,
                "an empty chunk after full ones",
                message_key="campaign.chunk_empty",
                names_file=True,
            )
        self._cache[last] = entries
        self._last_text = text
        self._last_stamp = stamp
        self.last_id = entries[-1].id if entries else 0

    def _check_sealed(self, numbers: list[int]) -> None:
        """Check the chunks before the last, so that every command refuses a journal
        ``meneur check`` refuses: each must be a readable regular file, and one not
        read whole since it last changed is read and checked now (it must hold all its
        entries). What was read whole is remembered in :data:`CHECKED_FILE` by size,
        times and inode, so opening a long journal costs a ``stat`` per chunk, not a parse.

        Raises:
            CampaignError: naming the chunk and what is wrong.
        """
        known = _read_checked(self.directory)
        checked: dict[int, Mark] = {}
        unread: list[int] = []
        for number in numbers:
            path = self.chunk_path(number)
            try:
                fd = open_own(path)  # never through a link, never blocking on a FIFO
                try:
                    info = os.fstat(fd)
                finally:
                    os.close(fd)
            except OSError as error:
                raise unreadable(path, error) from error
            if not stat.S_ISREG(info.st_mode):
                raise not_regular(path, file_kind(info.st_mode))
            mark = _mark_of(info)
            if known.get(number) != mark:
                unread.append(number)
            checked[number] = mark
        if self.defer_check:
            return
        if unread:
            from .chunks import check_chunks

            check_chunks(self, unread, parallel=self.parallel)
        if checked != known and self.remember:
            # Written with the next entry, not now: a command refused after opening
            # changes no byte, not even this cache.
            self._to_remember = checked

    def _read(self, number: int) -> list[Entry]:
        sealed = bool(self.last_id) and number < chunk_number(self.last_id)
        return read_chunk(self.chunk_path(number), number, sealed=sealed)[0]

    def read_whole(self, number: int, *, sealed: bool) -> list[Entry]:
        """Chunk ``number``'s entries, read and checked now (not kept: see :meth:`chunk`);
        ``sealed``: it must hold all its entries."""
        return read_chunk(self.chunk_path(number), number, sealed=sealed)[0]

    def held(self, number: int) -> list[Entry] | None:
        """The entries of chunk ``number`` if this journal holds them already (read and
        checked, or written, by it), else None."""
        return self._cache.get(number)

    def chunk(self, number: int) -> list[Entry]:
        """The entries of chunk ``number``: the last chunk and the few read most
        recently are kept (:data:`CACHED_CHUNKS`), so paging through a long journal
        holds a bounded number of entries."""
        if number in self._cache:
            self._cache[number] = self._cache.pop(number)  # now the most recent
            return self._cache[number]
        entries = self._cache[number] = self._read(number)
        tail = chunk_number(self.last_id) if self.last_id else 0
        # Chunks held by together() and not written yet are never let go.
        held = chunk_number(self._staged[0].id) if self._staged else tail + 1
        for old in [n for n in self._cache if n != tail and n < held][: -CACHED_CHUNKS or None]:
            del self._cache[old]
        return entries

    def entry(self, entry_id: int) -> Entry:
        """The entry numbered ``entry_id``.

        Raises:
            KeyError: when there is no such entry.
        """
        if not 1 <= entry_id <= self.last_id:
            raise KeyError(entry_id)
        number = chunk_number(entry_id)
        return self.chunk(number)[entry_id - (number - 1) * CHUNK_SIZE - 1]

    def latest(self, count: int) -> list[Entry]:
        """The last ``count`` entries, oldest first, reading only the chunks needed."""
        collected: list[Entry] = []
        number = chunk_number(self.last_id) if self.last_id else 0
        while number >= 1 and len(collected) < count:
            collected = self.chunk(number) + collected
            number -= 1
        return collected[-count:] if count else []

    def before(self, entry_id: int, count: int) -> list[Entry]:
        """The ``count`` entries just before ``entry_id`` (fewer near the start), oldest
        first, reading only the chunks they are in."""
        first = max(1, entry_id - count)
        last = min(entry_id - 1, self.last_id)
        if last < first:
            return []
        result: list[Entry] = []
        for number in range(chunk_number(first), chunk_number(last) + 1):
            result += [e for e in self.chunk(number) if first <= e.id <= last]
        return result

    def since(self, entry_id: int) -> list[Entry]:
        """Every entry after ``entry_id``, oldest first."""
        if entry_id >= self.last_id:
            return []
        result: list[Entry] = []
        for number in range(chunk_number(entry_id + 1), chunk_number(self.last_id) + 1):
            result += [e for e in self.chunk(number) if e.id > entry_id]
        return result

    def __iter__(self) -> Iterator[Entry]:
        """Every entry, oldest first, holding one chunk at a time (beyond the cache)."""
        return self.stream(1)

    def stream(self, first: int = 1) -> Iterator[Entry]:
        """Entries from ``first`` to the last, oldest first, one chunk in memory at a
        time (chunks read for this are not cached: a whole journal never is). To work
        on a whole journal on every core, see :func:`meneur.saves.chunks.each_chunk`."""
        if not self.last_id or first > self.last_id:
            return
        first = max(first, 1)
        last = chunk_number(self.last_id)
        for number in range(chunk_number(first), last + 1):
            entries = self._cache[number] if number in self._cache else self._read(number)
            for entry in entries:
                if entry.id >= first:
                    yield entry

    def poll(self) -> list[Entry]:
        """Entries another process appended since this journal last looked.

        Costs a ``stat`` when nothing changed; otherwise reads only the bytes appended
        to the last chunk (and any chunk started since), so following a journal costs
        the same at a hundred entries or a hundred thousand.

        Raises:
            CampaignError: when a chunk became unreadable.
        """
        if self._staged is not None:
            return []  # held entries are not on disk yet; the lock keeps others out
        if self.last_id:
            last = chunk_number(self.last_id)
            stamp = self._stamp(self.chunk_path(last))
            next_exists = self.chunk_path(last + 1).exists()
            if stamp == self._last_stamp and not next_exists:
                return []
        else:
            if not self.chunk_numbers():
                return []
        before = self.last_id
        if not before or not self._read_appended(chunk_number(before)):
            # Read whole; a chunk that cannot be read changes nothing here (the journal
            # stays as it was, to be polled again once the file is mended).
            old = chunk_number(before) if before else 1
            self._load_tail()
            if not self.last_id or chunk_number(self.last_id) != old:
                self._cache.pop(old, None)
            return self.since(before)
        number = chunk_number(self.last_id) + 1
        while self.last_id % CHUNK_SIZE == 0 and self.chunk_path(number).exists():
            stamp = self._stamp(self.chunk_path(number))  # before reading: see _load_tail
            entries, text = read_chunk(self.chunk_path(number), number)
            if not entries:
                break
            self._cache[number] = entries
            self._last_text = text
            self._last_stamp = stamp
            self.last_id = entries[-1].id
            number += 1
        return self.since(before)

    def _read_appended(self, number: int) -> bool:
        """Read what was appended to chunk ``number`` since it was last read; False when
        the chunk is not the old text plus new entries (then it must be read whole)."""
        path = self.chunk_path(number)
        known = self._last_text.encode("utf-8")
        try:
            with os.fdopen(open_own(path), "rb") as stream:  # no link, no FIFO
                stamp = os.fstat(stream.fileno())
                if not stat.S_ISREG(stamp.st_mode):
                    return False  # read whole, which says what it is
                head = stream.read(len(known))
                tail = stream.read()
        except OSError:
            return False
        if head != known or b"\0" in tail:
            return False
        try:
            text = tail.decode("utf-8")
            entries = entries_of(loads(text), path, self.last_id + 1)
        except (UnicodeDecodeError, TomlError, CampaignError):
            return False  # read whole, which says what is wrong and where
        if entries and chunk_number(entries[0].id) != number:
            return False
        self._cache[number] = [*self._cache.get(number, []), *entries]
        self._last_text += text
        self._last_stamp = _mark_of(stamp)
        if entries:
            self.last_id = entries[-1].id
        return True

    def append(self, entry: Entry) -> None:
        """Write ``entry`` as the next one (the caller holds the writer lock); inside
        :meth:`together`, hold it to be written with the others when the block ends.

        Raises:
            CampaignError: when its id is not the next one, or it is too large.
            OSError: when the disk refuses; the journal on disk is then unchanged.
        """
        number, text, starts_chunk = self._with(entry)
        if self._staged is not None:
            self._staged.append(entry)
            self._staged_texts[number] = text
            self._hold(number, entry, text, starts_chunk)
            return
        self.directory.mkdir(parents=True, exist_ok=True)
        path = self.chunk_path(number)
        # Never write over an entry this journal has not read: the chunk on disk must be
        # the one it read last (or, for a new chunk, not there yet).
        self._check_unchanged(number, starts_chunk, False)
        atomic_write(path, text.encode("utf-8"), follow_links=False)
        sealed, sealed_stamp = number - 1, self._last_stamp
        self._hold(number, entry, text, starts_chunk)
        self._last_stamp = self._stamp(path)
        self._remember_sealed({}, sealed if starts_chunk else 0, sealed_stamp)

    def append_many(self, entries: Sequence[Entry]) -> None:
        """Write ``entries`` as the next ones in one durable step (see :meth:`together`):
        the same files, byte for byte, as appending them one by one.

        Raises:
            CampaignError: when one is not next or too large (nothing written then).
            OSError: as :meth:`together` says.
        """
        with self.together():
            for entry in entries:
                self.append(entry)

    @contextmanager
    def together(self) -> Iterator[None]:
        """Entries appended inside are written when the block ends, in one step: each
        chunk they touch written aside and fsynced once, then renamed into place in
        order (:func:`meneur.saves.atomic.atomic_write_many`), the chunks exactly as
        appending them one by one writes them. Until then they are read here as if
        written, and nowhere else. Nested blocks are the outer one's.

        A refusal or an error inside, or a disk that refuses the chunks, writes no
        byte: the journal is then as it was before the block, here and on disk. A crash
        while the chunks are renamed leaves the journal with its entries up to the end
        of a chunk (a beginning of the new entries, each whole).

        Raises:
            CampaignError: when another process wrote the journal meanwhile (nothing
                written then).
            OSError: when the disk refuses (nothing written); or a rename fails (then
                the chunks before it are in place: this journal, as before the block,
                picks them up at its next poll).
        """
        if self._staged is not None:
            yield
            return
        before = (self.last_id, self._last_text, dict(self._cache))
        self._staged, self._staged_texts = [], {}
        try:
            yield
            self._write_staged()
        except BaseException:
            if self._staged is not None:  # not written: as before the block
                self.last_id, self._last_text, self._cache = before
            raise
        finally:
            self._staged, self._staged_texts = None, {}

    def _write_staged(self) -> None:
        """Write the entries held by :meth:`together` (see there)."""
        staged = self._staged
        if not staged:
            return
        first = chunk_number(staged[0].id)
        starts_chunk = staged[0].id == (first - 1) * CHUNK_SIZE + 1
        self._check_unchanged(first, starts_chunk, True)
        self.directory.mkdir(parents=True, exist_ok=True)
        sealed, sealed_stamp = first - 1, self._last_stamp
        numbers = sorted(self._staged_texts)
        atomic_write_many(
            [(self.chunk_path(n), self._staged_texts[n].encode("utf-8")) for n in numbers]
        )
        self._staged = None  # written: what follows cannot take them back
        self._last_stamp = self._stamp(self.chunk_path(numbers[-1]))
        written = {n: self._stamp(self.chunk_path(n)) for n in numbers[:-1]}
        self._remember_sealed(written, sealed if starts_chunk else 0, sealed_stamp)

    def _with(self, entry: Entry) -> tuple[int, str, bool]:
        """The chunk ``entry`` goes in, that chunk's text with it, and whether it starts
        the chunk.

        Raises:
            CampaignError: when it is not next, or too large.
        """
        if entry.id != self.last_id + 1:
            raise CampaignError(
                self.directory,
                f"entry {entry.id} is not next ({self.last_id + 1})",
                message_key="campaign.not_next",
                names_file=True,
                values={"id": entry.id, "next": self.last_id + 1},
            )
        number = chunk_number(entry.id)
        check_text(entry.text, self.directory)
        block = entry_block(entry)
        size = len(block.encode("utf-8"))
        if size > MAX_ENTRY_BYTES:
            raise CampaignError(
                self.directory,
                f"an entry takes at most {MAX_ENTRY_BYTES // 1024} KB, this one"
                f" {size // 1024} KB; nothing was written",
                message_key="campaign.entry_size",
                names_file=True,
                values={"most": MAX_ENTRY_BYTES // 1024, "size": size // 1024},
            )
        starts_chunk = entry.id == (number - 1) * CHUNK_SIZE + 1
        text = (chunk_header(number) + block) if starts_chunk else (self._last_text + "\n" + block)
        return number, text, starts_chunk

    def _check_unchanged(self, number: int, starts_chunk: bool, next_too: bool) -> None:
        """Refuse to write chunk ``number`` when another process wrote it since this
        journal read it (or made it, when ``starts_chunk``), or, with ``next_too``,
        began the next one.

        Raises:
            CampaignError: naming the chunk written meanwhile.
        """
        path = self.chunk_path(number)
        on_disk = self._stamp(path)
        changed = (on_disk is not None) if starts_chunk else (on_disk != self._last_stamp)
        if next_too and not changed and os.path.lexists(self.chunk_path(number + 1)):
            path, changed = self.chunk_path(number + 1), True
        if changed:
            raise CampaignError(
                path,
                "was written by another process since it was read; nothing was written",
                message_key="campaign.written_meanwhile",
                names_file=True,
            )

    def _hold(self, number: int, entry: Entry, text: str, starts_chunk: bool) -> None:
        """Hold ``entry``, just appended, as the last one (its chunk's text ``text``)."""
        entries = [] if starts_chunk else self._cache.get(number, [])
        self._cache[number] = [*entries, entry]
        self._last_text = text
        self.last_id = entry.id

    def _remember_sealed(
        self, written: dict[int, Mark | None], sealed: int, sealed_stamp: Mark | None
    ) -> None:
        """Note in :data:`CHECKED_FILE` the chunks this journal sealed: ``written`` (it
        wrote them whole, full) and ``sealed`` (0: none), the chunk before a new one,
        when it was read whole (and found full) here and is unchanged since; so that
        opening never reads them again while they are unchanged."""
        remember, self._to_remember = self._to_remember, None
        found = {n: mark for n, mark in written.items() if mark is not None}
        if (
            sealed
            and sealed_stamp is not None
            and self._stamp(self.chunk_path(sealed)) == sealed_stamp
        ):
            found[sealed] = sealed_stamp
        if found:
            remember = {**(_read_checked(self.directory) if remember is None else remember)}
            remember.update(found)
        if remember is not None:
            _write_checked(self.directory, remember)
