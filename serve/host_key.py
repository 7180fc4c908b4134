"""The shared table's SSH host key: made once (Ed25519), kept in meneur's data directory
readable by its owner only, so players' clients recognise the server across restarts.

Its fingerprint is what the GM reads out to the players, who compare it with what their
``ssh`` shows the first time.
"""

from __future__ import annotations

import os
import stat
from pathlib import Path
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    import asyncssh

HOST_KEY_FILE = "ssh_host_ed25519_key"


def host_key_path(data_dir: Path) -> Path:
    """Where the host key lives."""
    return data_dir / HOST_KEY_FILE


def load_or_make_host_key(data_dir: Path) -> asyncssh.SSHKey:
    """The table's host key: read, or made and written (owner-only) the first time.

    Raises:
        OSError: when it cannot be written or read.
        ValueError: when the file is there but too open (others may read it) or not a
            key: a host key others can read is no secret, and a damaged one is not
            replaced behind the GM's back.
    """
    import asyncssh

    path = host_key_path(data_dir)
    if path.exists():
        mode = stat.S_IMODE(path.stat().st_mode)
        if mode & 0o077:
            raise ValueError(
                f"{path}: readable by others (mode {mode:o}): chmod 600 it, or delete it to"
                " make a new one (players will be warned the key changed)"
            )
        try:
            return asyncssh.read_private_key(str(path))
        except (asyncssh.KeyImportError, OSError) as error:
            raise ValueError(f"{path}: not a private key ({error})") from error
    data_dir.mkdir(parents=True, exist_ok=True)
    key = asyncssh.generate_private_key("ssh-ed25519", comment="meneur serve")
    # Created owner-only from the first byte (O_EXCL: never over another file).
    fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
    with os.fdopen(fd, "wb") as stream:
        stream.write(key.export_private_key())
        stream.flush()
        os.fsync(stream.fileno())
    return key


def fingerprint(key: asyncssh.SSHKey) -> str:
    """The key's SHA256 fingerprint, as ``ssh`` and ``ssh-keygen -l`` show it."""
    return str(key.get_fingerprint("sha256"))
