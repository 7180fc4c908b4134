"""Whatever a campaign holds, what the command line prints carries no raw control
character: text shows them as pictures, JSON and TOML escape them — and still mean the
very text written. A name holds none (the rule of names): one written into a file by
hand is refused, the refusal showing it as pictures."""

from __future__ import annotations

import json
import tomllib
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from meneur.cli.main import main

CONTROLS = {chr(c) for c in [*range(0x20), *range(0x7F, 0xA0)]}
TEXT_CONTROLS = CONTROLS - {"\n", "\t"}
hostile = st.text(
    st.one_of(st.sampled_from(sorted(CONTROLS)), st.characters(exclude_categories=("Cs",))),
    min_size=1,
    max_size=40,
).filter(lambda text: text.strip() != "")


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> str:
    assert main(list(argv)) == 0, capsys.readouterr().err
    return capsys.readouterr().out


@pytest.fixture
def camp(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> str:
    directory = str(tmp_path / "camp")
    run(capsys, "new", directory, "--system", "resolution", "--name", "Evil")
    return directory


@pytest.mark.long
@settings(
    max_examples=40,
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)
@given(text=hostile)
def test_no_output_carries_a_raw_control_character(
    text: str, camp: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    said = run(capsys, "note", camp, "--", text)  # "--": a note may start with "-"
    assert not TEXT_CONTROLS & set(said)
    for argv in (["journal", camp, "--last", "1"], ["export", camp], ["check", camp]):
        assert not TEXT_CONTROLS & set(run(capsys, *argv)), argv
    as_json = run(capsys, "journal", camp, "--last", "1", "--json")
    assert not TEXT_CONTROLS & set(as_json)
    assert json.loads(as_json)["entries"][-1]["text"] == text
    assert json.loads(as_json)["campaign"] == "Evil"
    as_toml = run(capsys, "export", camp, "--format", "toml")
    assert not TEXT_CONTROLS & set(as_toml)  # a tab may stand in a TOML string
    assert tomllib.loads(as_toml)["entry"][-1]["text"] == text
    out = tmp_path / "out.md"
    run(capsys, "export", camp, "-o", str(out))
    assert not TEXT_CONTROLS & set(out.read_text(encoding="utf-8"))


def test_the_journal_shows_control_characters_as_pictures(
    camp: str, capsys: pytest.CaptureFixture[str]
) -> None:
    assert run(capsys, "note", camp, "a\x1b[2Jb\u009bc") == "#1 a␛[2Jb<9B>c\n"
    shown = run(capsys, "journal", camp).splitlines()
    assert shown[0] == "Evil"
    assert shown[1].endswith("note     a␛[2Jb<9B>c")


def test_a_name_with_control_characters_written_by_hand_is_refused_as_pictures(
    camp: str, capsys: pytest.CaptureFixture[str]
) -> None:
    state = Path(camp, "campaign.toml")
    edited = state.read_text(encoding="utf-8").replace(
        'name = "Evil"', 'name = "Evil\\u001b]2;pwned\\u0007"'
    )
    state.write_text(edited, encoding="utf-8")
    for argv in (["check", camp], ["journal", camp], ["note", camp, "x"]):
        assert main(argv) == 2, argv
        said = capsys.readouterr().err
        assert said == (
            f"meneur: error: {camp}/campaign.toml: name: The campaign's name must be one line"
            " without control characters (tabs are fine): character 5 is a control character"
            " (␛)\n"
        )
    assert state.read_text(encoding="utf-8") == edited  # as the hand left it: nothing written


def test_an_argument_not_in_utf8_is_refused_naming_its_byte(
    camp: str, capsys: pytest.CaptureFixture[str]
) -> None:
    before = sorted(p.name for p in Path(camp, "journal").iterdir())
    note = b"caf\xe9".decode("utf-8", "surrogateescape")  # as Python hands it over
    assert main(["note", camp, note]) == 2
    assert capsys.readouterr().err == (
        f"meneur: error: {camp}/journal: the text is not UTF-8 (byte 0xe9 at character 3);"
        " nothing was written\n"
    )
    assert sorted(p.name for p in Path(camp, "journal").iterdir()) == before
