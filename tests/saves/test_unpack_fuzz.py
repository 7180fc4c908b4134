"""Any archive, however damaged: a pack with bytes flipped or cut short is either
refused in one sentence, the folder it was aimed at unchanged byte for byte, or (only
when what was changed leaves it a whole pack, a date or an unused field of the zip) it
unpacks to exactly what the original does."""

from __future__ import annotations

import io
import shutil
import tempfile
from contextlib import redirect_stderr, redirect_stdout
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from meneur.cli.main import main
from tests.saves.packs_crafted import played, snapshot


@pytest.fixture(scope="module")
def packs(tmp_path_factory: pytest.TempPathFactory) -> dict[str, object]:
    """A campaign's older copy, the pack that brings it up to date, and what unpacking
    that pack gives into a new folder and over the copy."""
    root = tmp_path_factory.mktemp("fuzz")
    home = root / "home"
    with redirect_stdout(io.StringIO()):
        played(home)
        assert main(["pack", str(home), "-o", str(root / "old.pack")]) == 0
        assert main(["unpack", str(root / "old.pack"), str(root / "copy")]) == 0
        assert main(["note", str(home), "Le vent tourne."]) == 0
        assert main(["pack", str(home), "-o", str(root / "new.pack")]) == 0
    given_new, given_copy = root / "given-new", root / "given-copy"
    shutil.copytree(root / "copy", given_copy, symlinks=True)
    with redirect_stdout(io.StringIO()):
        assert main(["unpack", str(root / "new.pack"), str(given_new)]) == 0
        assert main(["unpack", str(root / "new.pack"), str(given_copy)]) == 0
    return {
        "pack": (root / "new.pack").read_bytes(),
        "copy": root / "copy",
        "new": snapshot(given_new),
        "over": snapshot(given_copy),
    }


def _unpack(archive: Path, target: Path) -> tuple[int, str]:
    err = io.StringIO()
    with redirect_stdout(io.StringIO()), redirect_stderr(err):
        status = main(["unpack", str(archive), str(target), "--lang", "fr"])
    return status, err.getvalue()


damage = st.one_of(
    st.lists(st.tuples(st.integers(0, 10**6), st.integers(1, 255)), min_size=1, max_size=4).map(
        lambda flips: ("flip", flips)
    ),
    st.integers(0, 10**6).map(lambda length: ("cut", length)),
)


@settings(max_examples=150)
@given(damage=damage, over=st.booleans())
def test_a_damaged_pack_is_refused_whole_or_unpacks_as_the_original(packs, damage, over):
    data = bytearray(packs["pack"])  # type: ignore[arg-type]
    how, where = damage
    if how == "flip":
        for at, mask in where:
            data[at % len(data)] ^= mask
    else:
        del data[where % len(data) :]
    with tempfile.TemporaryDirectory() as scratch:
        root = Path(scratch)
        (root / "damaged.pack").write_bytes(bytes(data))
        target = root / "target"
        if over:
            shutil.copytree(packs["copy"], target, symlinks=True)  # type: ignore[arg-type]
        before = snapshot(root)
        status, err = _unpack(root / "damaged.pack", target)
        if status == 0:
            assert err == ""
            assert snapshot(target) == packs["over" if over else "new"]
        else:
            assert status == 2
            assert err.startswith("meneur\u00a0: erreur\u00a0: "), err
            assert err.count("\n") == 1, err
            assert snapshot(root) == before
