"""What a pack (``meneur pack``) is made of: its manifest, the names its members may
have, and the limits of each kind of file, the same when a pack is written and when one
is unpacked (so that every pack meneur writes, it unpacks).

The limits fit a campaign with room to spare, and keep reading an archive small in
memory whatever it holds. A file's bytes are bounded, and so is what reading it as TOML
costs: meneur's TOML reader takes about 190 bytes of memory for each value (an item of
a list, a key, a table), so a file of tiny values (``[1,1,1,…]``, ``[{},{},…]``) costs
a hundred times its size; a file may hold only so many *values*, counted as the
separators that make them (``,`` ``=`` ``[`` ``{`` ``.``, a string's own included: the
count is never below what the reader makes).
"""

from __future__ import annotations

import re
from pathlib import Path

from meneur.core.frozen import frozen

from .errors import CampaignError
from .journal import CHUNK_SIZE

MANIFEST = "meneur-pack.toml"
"""The archive's first member: what the pack holds."""
FORMAT = "meneur pack"
VERSION = 1
BLOCK = 256 * 1024
"""Bytes read, hashed and written at a time: a member is never whole in memory."""
MB = 1024 * 1024


@frozen
class Limit:
    """How large one kind of file in a pack may be."""

    most: int
    """Bytes."""
    values: int
    """TOML values (see the module), a string's separators included."""


MANIFEST_LIMIT = Limit(1 * MB, 50_000)
"""The manifest: about 130 bytes and 7 values a file, so 4,096 files fit in 540 KB."""
STATE_LIMIT = Limit(8 * MB, 200_000)
"""``campaign.toml``: a 100,000-entry campaign's is 3 KB and 235 values; 8 MB holds 400
notes rewritten at their longest (20,000 characters)."""
CHUNK_LIMIT = Limit(8 * MB, 100_000)
"""A journal chunk (250 entries): a played one is about 90–300 KB and 9,000 values;
8 MB holds 250 notes of 20,000 characters each."""
OWN_LIMIT = Limit(4 * MB, 100_000)
"""A campaign's own content file (``genes.toml``…): meneur's largest is 105 KB."""
MOST_FILES = 4096
"""Files a pack may hold: 4,096 chunks are a million entries."""
MOST_TOTAL = 512 * MB
"""What a pack may unpack to, all its files together: a 100,000-entry journal takes
35 MB."""
MOST_DIRECTORY = 1 * MB
"""The largest directory of members a zip may have: a pack's 4,096 files take about 270 KB
of it (more with a zip tool's extra fields). zipfile makes an object of each entry before
any can be looked at: a directory of 500,000 empty ones cost 290 MB."""
MOST_ENTRIES = MOST_FILES * CHUNK_SIZE
"""The most entries a pack's journal can hold."""

SEPARATORS = (b",", b"=", b"[", b"{", b".")
"""What makes a TOML value (see the module)."""

CHUNK = re.compile(r"journal/[0-9]{6}\.toml")
"""A journal chunk's name in a pack: six ASCII digits (``\\d`` would take any script's)."""
OWN = re.compile(r"[a-z][a-z0-9_-]{0,63}\.toml")
"""A campaign's own file at its root (``genes.toml``…)."""
STATE = "campaign.toml"
JOURNAL_FOLDER = "journal/"
LEFT_OUT = frozenset({"table.toml"})
"""A campaign's files a pack never holds: the table's access stays on its computer."""


def limit_of(name: str) -> Limit | None:
    """The limit of the pack's member ``name``, or None when it is no file a pack may
    hold (its manifest included)."""
    if name == MANIFEST:
        return MANIFEST_LIMIT
    if name == STATE:
        return STATE_LIMIT
    if CHUNK.fullmatch(name):
        return CHUNK_LIMIT
    if OWN.fullmatch(name) and name not in LEFT_OUT:
        return OWN_LIMIT
    return None


def is_text(name: str) -> bool:
    """Whether the campaign reader reads ``name`` as TOML text whatever the campaign
    holds (the manifest, the state, a chunk), so that a byte that is no UTF-8 text can
    be refused as soon as it streams. A campaign's own file is read only when its rules
    ask for it: it is bounded, not judged."""
    return name in (MANIFEST, STATE) or CHUNK.fullmatch(name) is not None


def values_in(block: bytes) -> int:
    """The TOML values ``block`` can make, at most (see the module)."""
    return sum(block.count(separator) for separator in SEPARATORS)


def refusal(path: Path, reason: str, key: str, **values: object) -> CampaignError:
    """A refusal naming ``path`` (the archive, the folder unpacked into), its reason a
    key of the interface's strings (``errors.pack.<key>``)."""
    return CampaignError(path, reason, message_key=f"pack.{key}", values=values, names_file=True)


@frozen
class Packed:
    """What a pack holds, or what unpacking did."""

    name: str
    system: str
    entries: int
    files: int
    added: int = 0
    """Unpacked over an older copy: the journal's entries it brought."""
    new: bool = False
    """Unpacked into a new folder."""


def not_written(directory: Path, error: OSError) -> CampaignError:
    """The folder asked for could not be written: said of it, never of the staging
    folder."""
    why = error.strerror or str(error)
    return refusal(directory, f"cannot be written ({why})", "not_written", why=why)
