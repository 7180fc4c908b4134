"""``meneur completion bash|zsh|fish``: a script each shell reads, completing the commands,
their options, their values and their verbs in the reader's words."""

from __future__ import annotations

import shutil
import subprocess
from pathlib import Path

import pytest

from meneur.cli.main import main

BASH_PROBE = """
comp() {{
  COMP_WORDS=("$@"); COMP_CWORD=$((${{#COMP_WORDS[@]}} - 1))
  COMP_LINE="$*"; COMP_POINT=${{#COMP_LINE}}; COMPREPLY=()
  _shtab_meneur
  printf '%s\\n' "${{COMPREPLY[@]}}" | sort | tr '\\n' ' '; echo
}}
cd {empty}
for lang in en fr; do
  source {folder}/meneur.$lang.bash
  comp meneur cl
  comp meneur clock a
  comp meneur odds resolution --interest n
  comp meneur fatigue kael rep
  comp meneur table deb
done
"""


def _script(capsys: pytest.CaptureFixture[str], shell: str, lang: str) -> str:
    assert main(["completion", shell, "--lang", lang]) == 0
    out, err = capsys.readouterr()
    assert err == ""
    return out


def test_bash_completes_commands_verbs_and_values_in_the_readers_words(
    capsys, tmp_path: Path
) -> None:
    for lang in ("en", "fr"):
        (tmp_path / f"meneur.{lang}.bash").write_text(_script(capsys, "bash", lang))
    empty = tmp_path / "empty"  # no folder to offer beside the verbs
    empty.mkdir()
    done = subprocess.run(
        ["bash", "-c", BASH_PROBE.format(folder=tmp_path, empty=empty)],
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
    )
    assert (done.returncode, done.stderr) == (0, "")
    assert done.stdout.splitlines() == [
        "clock ",
        "add advance ask ",
        "neutral ",
        " ",  # no English step begins with "rep"
        " ",  # nor an English verb with "deb"
        "clock ",
        "ajouter avancer ",
        "neutre ",
        "repas repos_complet repos_complet_12h repos_court ",
        "debannir ",  # débannir, spelled as a shell names things (meneur accepts both)
    ]


@pytest.mark.skipif(shutil.which("fish") is None, reason="fish is not installed")
def test_fish_completes_in_the_readers_words(capsys, tmp_path: Path) -> None:
    script = tmp_path / "meneur.fish"
    script.write_text(_script(capsys, "fish", "fr"))
    asked = (
        f"source {script}; complete -C 'meneur track a'; complete -C 'meneur odds oracle --lean '"
    )
    done = subprocess.run(
        ["fish", "--no-config", "-c", asked],
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
        cwd=tmp_path,
    )
    assert done.returncode == 0, done.stderr
    offered = [line.split("\t")[0] for line in done.stdout.splitlines()]
    assert offered == ["ajouter", "contre", "neutre", "pour"]


@pytest.mark.skipif(shutil.which("zsh") is None, reason="zsh is not installed")
def test_zsh_reads_the_script(capsys, tmp_path: Path) -> None:
    script = tmp_path / "_meneur"
    text = _script(capsys, "zsh", "fr")
    script.write_text(text)
    done = subprocess.run(["zsh", "-n", str(script)], capture_output=True, text=True, timeout=60)
    assert (done.returncode, done.stderr) == (0, "")
    assert "devrait-réussir" in text
    assert "liste ajouter avancer demander retirer" in text
    assert "should-succeed" not in text
