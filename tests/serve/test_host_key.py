"""The table's host key: made once, owner-only, the same after a restart, and its
fingerprint the one OpenSSH computes."""

from __future__ import annotations

import shutil
import stat
import subprocess
from pathlib import Path

import pytest

from meneur.serve.host_key import fingerprint, host_key_path, load_or_make_host_key


def test_the_key_is_made_once_owner_only_and_kept(tmp_path: Path) -> None:
    first = load_or_make_host_key(tmp_path / "data")
    path = host_key_path(tmp_path / "data")
    assert stat.S_IMODE(path.stat().st_mode) == 0o600
    again = load_or_make_host_key(tmp_path / "data")
    assert fingerprint(again) == fingerprint(first)
    assert first.algorithm == b"ssh-ed25519"


@pytest.mark.skipif(shutil.which("ssh-keygen") is None, reason="OpenSSH's ssh-keygen is missing")
def test_the_fingerprint_is_openssh_s(tmp_path: Path) -> None:
    key = load_or_make_host_key(tmp_path)
    shown = subprocess.run(
        ["ssh-keygen", "-l", "-f", str(host_key_path(tmp_path))],
        capture_output=True,
        text=True,
        check=True,
    ).stdout
    assert fingerprint(key) in shown
    assert fingerprint(key).startswith("SHA256:")


def test_a_key_others_can_read_or_a_damaged_one_is_refused_not_replaced(tmp_path: Path) -> None:
    load_or_make_host_key(tmp_path)
    path = host_key_path(tmp_path)
    path.chmod(0o644)
    with pytest.raises(ValueError, match="readable by others"):
        load_or_make_host_key(tmp_path)
    path.chmod(0o600)
    path.write_bytes(b"not a key")
    with pytest.raises(ValueError, match="not a private key"):
        load_or_make_host_key(tmp_path)
    assert path.read_bytes() == b"not a key"
