"""The export as a story: a played evening read as its reader would read it — what was
played, in order, with nothing of what was taken back and none of the bookkeeping."""

from __future__ import annotations

import re
from pathlib import Path
from typing import TYPE_CHECKING

import pytest

from meneur.cli.main import main
from meneur.core.table_rules import GM_SEAT
from meneur.play import act

if TYPE_CHECKING:
    from meneur.core.traits.rules import TraitRoll


def played(directory: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """An evening: a session and a scene, notes (one undone, one undone then redone,
    one rewritten), a character's roll, an oracle's question."""
    commands = [
        ["new", str(directory), "--system", "resolution", "--name", "Le col"],
        ["set", str(directory), "characters.kael", '{ name = "Kael", sheet = { elements = { "Épée" = 2 } } }'],  # noqa: E501
        ["session", str(directory), "Séance 1"],
        ["scene", str(directory), "Le col enneigé"],
        ["note", str(directory), "La caravane atteint le col."],
        ["note", str(directory), "Une fausse piste."],
        ["undo", str(directory)],
        ["note", str(directory), "Le vent tombe."],
        ["undo", str(directory)],
        ["redo", str(directory)],
        ["note", str(directory), "Un loup hurle."],
        ["roll", "resolution", "--score", "3", "--campaign", str(directory),
         "--character", "kael", "--label", "Escalader le mur", "--seed", "9"],
        ["roll", "yesno", "--likelihood", "4", "--campaign", str(directory),
         "--question", "Le garde dort-il ?", "--seed", "2"],
    ]  # fmt: skip
    for command in commands:
        capsys.readouterr()
        assert main(command) == 0, command
        if command[-1] == "Un loup hurle.":  # printed "#N Un loup hurle.": rewritten
            number = capsys.readouterr().out.split()[0].lstrip("#")
            edit = ["note", str(directory), "--edit", number, "Un loup hurle, tout près."]
            assert main(edit) == 0
    capsys.readouterr()


def exported(directory: Path, capsys: pytest.CaptureFixture[str], *options: str) -> str:
    assert main(["export", str(directory), "--lang", "fr", *options]) == 0
    return capsys.readouterr().out


def test_the_story_is_what_was_played(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    directory = tmp_path / "col"
    played(directory, capsys)
    story = exported(directory, capsys)
    # Headings, then the prose in order, as rewritten.
    order = ["## Séance 1", "### Le col enneigé", "La caravane atteint le col.",
             "Le vent tombe.", "Un loup hurle, tout près."]  # fmt: skip
    found = [story.index(part) for part in order]
    assert found == sorted(found)
    # What was taken back is gone, and so is the taking back.
    assert "fausse piste" not in story
    for bookkeeping in ("Annulé", "Rétabli", "Undone", "Redone", "Note modifiée", "graine",
                        "seed"):  # fmt: skip
        assert bookkeeping not in story, bookkeeping
    assert not re.search(r"#\d", story)  # no entry's number
    assert main(["set", str(directory), "options.solo", "true"]) == 0
    capsys.readouterr()
    assert "solo" not in exported(directory, capsys)  # the table's rules: bookkeeping
    assert "solo" in exported(directory, capsys, "--detailed")
    # A roll on one line: who, what, its outcome in words, the chance that outcome had.
    assert re.search(
        r"\n- \*\*Kael — Escalader le mur\*\* → ✘ Échec sans effet secondaire"
        r" \(ce résultat avait \d+,\d\u00a0% de chances\)\n",
        story,
    )
    # An oracle's question in a sentence, with its likelihood and answer.
    assert re.search(r"\n- \*« Le garde dort-il \? »\* \(Probable\) → \*\*.+\*\*\n", story)


def test_the_detailed_export_keeps_everything(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    directory = tmp_path / "col"
    played(directory, capsys)
    detailed = exported(directory, capsys, "--detailed")
    assert "~~Une fausse piste.~~" in detailed
    assert "graine 9 (choisie à la main)" in detailed
    assert "d6 4 5 [3]" in detailed


def test_the_story_as_one_page(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """``--format html``: the same story, one self-contained page; a campaign's words
    never become markup."""
    directory = tmp_path / "col"
    played(directory, capsys)
    assert main(["note", str(directory), "<script>alert(1)</script> *soupir* & co"]) == 0
    capsys.readouterr()
    out = tmp_path / "col.html"
    assert main(["export", str(directory), "--format", "html", "--lang", "fr", "-o", str(out)]) == 0
    page = out.read_text(encoding="utf-8")
    assert page.startswith('<!DOCTYPE html>\n<html lang="fr">')
    assert '<meta name="viewport" content="width=device-width, initial-scale=1">' in page
    assert "<title>Le col</title>" in page
    assert "<h2>Séance 1</h2>" in page
    assert "<h3>Le col enneigé</h3>" in page
    assert "<p>Un loup hurle, tout près.</p>" in page
    assert re.search(r"<li><strong>Kael — Escalader le mur</strong> → ✘ Échec", page)
    assert "<p>&lt;script&gt;alert(1)&lt;/script&gt; <em>soupir</em> &amp; co</p>" in page
    assert "<script" not in page
    assert "http" not in page  # nothing loaded from elsewhere
    assert "fausse piste" not in page
    assert page.count("<ul>") == page.count("</ul>")


def test_previously_on_in_a_few_lines_and_player_safe(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    directory = tmp_path / "col"
    played(directory, capsys)
    for command in (
        ["set", str(directory), "options.solo", "true"],
        ["thread", str(directory), "add", "Retrouver la caravane"],
        ["note", str(directory), "Le MJ sait où est la caravane.", "--visibility", "gm"],
        ["session", str(directory), "Séance 2"],
        ["note", str(directory), "On repart."],
    ):
        assert main(command) == 0
    capsys.readouterr()
    # The first session, as the audience may know it: its scene, its last notes (taken
    # back ones gone), the threads open now, the tension; nothing of the GM's note.
    said = exported(directory, capsys, "--recap", "--session", "1").splitlines()
    assert said == [
        "Précédemment, dans «\u00a0Séance 1\u00a0»\u00a0:",
        "Scènes\u00a0: Le col enneigé",
        "— La caravane atteint le col.",
        "— Le vent tombe.",
        "— Un loup hurle, tout près.",
        "Fils ouverts\u00a0: Retrouver la caravane",
        "Tension\u00a0: 3",
    ]
    gm = exported(directory, capsys, "--recap", "--session", "1", "--role", "gm")
    assert "— Le MJ sait où est la caravane." in gm.splitlines()
    latest = exported(directory, capsys, "--recap").splitlines()
    assert latest[:2] == ["Précédemment, dans «\u00a0Séance 2\u00a0»\u00a0:", "— On repart."]
    assert main(["export", str(directory), "--recap", "--session", "3", "--lang", "en"]) == 2
    assert capsys.readouterr().err.endswith(": --session 3: this campaign has 2 sessions\n")
    assert main(["export", str(directory), "--recap", "--session", "3", "--lang", "fr"]) == 2
    said = capsys.readouterr().err
    assert said.endswith("\u00a0: --session 3\u00a0: cette campagne compte 2 séances\n")


def _test_and_its_coup_de_poker() -> tuple[TraitRoll, TraitRoll]:
    """A Les Traits test that allows a Coup de poker, and one Coup de poker on it: the
    first roll's seed, the Coup de poker continuing the same draws."""
    import random
    from dataclasses import replace

    from meneur.core.traits import rules as traits

    test = traits.TraitTest(dice=4, difficulty=5)
    seed = next(s for s in range(1000) if traits.first_roll(test, random.Random(s)).poker_limit)
    first = replace(traits.first_roll(test, random.Random(seed)), seed=seed)
    rng = random.Random(seed)
    traits.first_roll(test, rng)  # the Coup de poker continues the same draws
    return first, traits.with_poker(first, 1, rng)


def test_a_coup_de_poker_is_told_with_its_test_once(tmp_path: Path) -> None:

    from meneur.play.export import export_markdown
    from meneur.play.stats import stats
    from meneur.saves.campaign import Campaign

    first, poker = _test_and_its_coup_de_poker()
    with Campaign.create(tmp_path / "c", system="traits", name="Ravin") as campaign:
        act.roll(campaign, GM_SEAT, first, "Sauter le ravin")
        act.roll(campaign, GM_SEAT, poker, "Sauter le ravin")
        story = export_markdown(campaign, "fr")
        detailed = export_markdown(campaign, "fr", detailed=True)
        counted = stats(campaign).whole
    # The story tells the test once, as it ended: after the Coup de poker, whose own
    # chance came from the first roll (so no test's odds are quoted for it).
    (line,) = [line for line in story.splitlines() if "Sauter le ravin" in line]
    outcome = "Réussite" if poker.success else "Échec"
    assert line.startswith(f"- **Sauter le ravin** → {'✔' if poker.success else '✘'} {outcome}")
    assert line.endswith("(Coup de poker)")
    assert "de chances" not in line
    assert detailed.count("Sauter le ravin") == 2
    # Luck counts the test once, at the odds its first roll had.
    assert (counted.rolls, counted.successes) == (1, int(first.success))


@pytest.mark.parametrize("lang", ["fr", "en"])
def test_a_coup_de_poker_is_told_once_whatever_the_gm_kept_secret_meanwhile(
    tmp_path: Path, lang: str
) -> None:
    """A player's story does not change with how many secret entries the GM wrote
    between a test and its Coup de poker: the first roll is looked for among the public
    entries before it, however many secrets lie between (looked for among all entries,
    the test was told twice once the GM had kept fifty, which told the player so)."""

    from meneur.core.table_rules import Seat
    from meneur.play.export import export_markdown
    from meneur.saves.campaign import Campaign
    from meneur.saves.entry_parts import Secrecy

    first, poker = _test_and_its_coup_de_poker()
    player = Seat("player", "Ana").viewer
    stories = []
    for secrets in (0, 60):
        with Campaign.create(tmp_path / f"c{secrets}", system="traits", name="Ravin") as campaign:
            act.roll(campaign, GM_SEAT, first, "Sauter le ravin")
            for number in range(secrets):
                act.note(campaign, GM_SEAT, f"Secret {number}", secrecy=Secrecy("gm"))
            act.roll(campaign, GM_SEAT, poker, "Sauter le ravin")
            stories.append(export_markdown(campaign, lang, viewer=player))
    assert stories[0] == stories[1]
    assert stories[1].count("Sauter le ravin") == 1


def test_a_coup_de_poker_kept_from_a_player_leaves_her_the_test_she_saw(tmp_path: Path) -> None:
    """A public test then a Coup de poker on it the GM kept to themself: the player's
    story and Lonelog tell the test she saw, as she saw it (the Coup de poker she may not
    see took it out of her story, which told her one was played); the GM's tell it once,
    as it ended."""

    from meneur.core.table_rules import Seat
    from meneur.play.export import export_markdown
    from meneur.play.lonelog import lonelog_lines
    from meneur.saves.campaign import Campaign
    from meneur.saves.entry_parts import Secrecy

    first, poker = _test_and_its_coup_de_poker()
    player = Seat("player", "Ana").viewer
    with Campaign.create(tmp_path / "c", system="traits", name="Ravin") as campaign:
        act.roll(campaign, GM_SEAT, first, "Sauter le ravin")
        act.roll(campaign, GM_SEAT, poker, "Sauter le ravin", secrecy=Secrecy("gm"))
        hers = export_markdown(campaign, "fr", viewer=player)
        her_log = "\n".join(lonelog_lines(campaign, "fr", viewer=player))
        theirs = export_markdown(campaign, "fr")
    (line,) = [line for line in hers.splitlines() if "Sauter le ravin" in line]
    first_outcome = "Réussite" if first.success else "Échec"
    assert line.startswith(
        f"- **Sauter le ravin** → {'✔' if first.success else '✘'} {first_outcome}"
    )
    assert "Coup de poker" not in hers
    assert her_log.count("Sauter le ravin") == 1
    (gm_line,) = [line for line in theirs.splitlines() if "Sauter le ravin" in line]
    assert gm_line.endswith("(Coup de poker)")


def test_a_note_of_several_lines_keeps_its_markdown(tmp_path: Path) -> None:
    from meneur.play.export import export_markdown
    from meneur.play.export_html import html_pieces
    from meneur.saves.campaign import Campaign

    note = "La caravane, enfin.\n\n- trois **chariots**\n- un guide muet"
    with Campaign.create(tmp_path / "c", system="resolution", name="Col") as campaign:
        act.note(campaign, GM_SEAT, note)
        story = export_markdown(campaign, "fr")
        page = "".join(html_pieces(campaign, "fr"))
    assert f"\n\n{note}\n" in story  # prose, as written
    assert "<p>La caravane, enfin.</p>" in page
    assert "<ul>\n<li>trois <strong>chariots</strong></li>\n<li>un guide muet</li>\n</ul>" in page


NOTE = (
    "## Au col\n\nLes loups **hurlent** au loin.\n\n> Le vent se lève.\n\n"
    "```\ncarte\n```\n\n| Jour | Vivres |\n|---|---|\n| 1 | 3 |\n\n"
    "[la carte](https://example.org/carte) <b>brut</b> ![vue](https://example.org/v.png)"
)


def solo_evening(directory: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """Play-tested: a solo evening in Les Traits, from the command line — a note with
    headings of its own, a track and a clock made and moved, a clock asked of the
    oracle, a trait's roll, the end of the scene."""
    commands = [
        ["new", str(directory), "--system", "traits", "--name", "Le col", "--lang", "fr"],
        ["set", str(directory), "options.solo", "true"],
        ["session", str(directory), "Séance 1"],
        ["scene", str(directory), "La montée"],
        ["note", str(directory), NOTE],
        ["track", str(directory), "add", "Atteindre le col", "ardu"],
        ["track", str(directory), "mark", "Atteindre le col"],
        ["clock", str(directory), "add", "Les loups approchent", "6"],
        ["clock", str(directory), "advance", "Les loups approchent", "2"],
        ["clock", str(directory), "ask", "Les loups approchent", "--likelihood", "5",
         "--seed", "3"],
        ["roll", "traits", "--dice", "3", "--difficulty", "5", "--campaign", str(directory),
         "--label", "Grimper", "--seed", "4"],
        ["scene-end", str(directory), "yes"],
    ]  # fmt: skip
    for command in commands:
        assert main(command) == 0, command
    capsys.readouterr()


@pytest.mark.parametrize("lang", ["fr", "en"])
def test_a_solo_evening_reads_as_a_story(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], lang: str
) -> None:
    from tests.lexicon import foreign

    directory = tmp_path / "col"
    solo_evening(directory, capsys)
    assert main(["export", str(directory), "--lang", lang]) == 0
    story = capsys.readouterr().out
    lines = story.splitlines()
    # The note's own heading under its scene's, not a session of its own.
    assert lines.index("### La montée") < lines.index("#### Au col")
    assert [line for line in lines if line.startswith("## ")] == ["## Séance 1"]
    # A track and a clock told once each time, with what changed.
    of, ask = (
        ("sur", "{name} avance-t-elle\u00a0?") if lang == "fr" else ("of", "Does {name} advance?")
    )
    colon = "\u00a0: " if lang == "fr" else ": "
    assert f"- *Atteindre le col{colon}0 → 2 {of} 10*" in lines
    assert f"- *Les loups approchent{colon}0 → 2 {of} 6*" in lines
    asked = ask.format(name="Les loups approchent")
    question = next(line for line in lines if asked in line)
    from meneur.saves.campaign import Campaign

    with Campaign.open(directory, write=False) as campaign:  # where the answer left it
        filled = campaign.state["trackers"]["les_loups_approchent"]["value"]
    assert filled == 4  # seed 3: a "yes, and", two segments
    assert question.startswith(f"- *« {asked} — 2 → 4 {of} 6 »*")
    assert story.count("Atteindre le col") == 2  # made, marked: nothing said again
    assert "■" not in story
    assert "●" not in story
    # In one language but for the campaign's own words (its names, the note).
    meneurs = story
    owns = ("Le col", "Séance 1", "La montée", "Les loups approchent", "Atteindre le col",
            "Grimper", *NOTE.splitlines())  # fmt: skip
    for own in sorted(owns, key=len, reverse=True):  # the longest first: a line whole
        meneurs = meneurs.replace(own, "")
    assert not foreign(meneurs, lang), [
        line for line in meneurs.splitlines() if foreign(line, lang)
    ]


def test_the_html_story_reads_the_notes_markdown_and_loads_nothing(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    directory = tmp_path / "col"
    solo_evening(directory, capsys)
    assert main(["export", str(directory), "--format", "html", "--lang", "fr"]) == 0
    page = capsys.readouterr().out
    assert "<h3>La montée</h3>\n<h4>Au col</h4>" in page
    assert "<p>Les loups <strong>hurlent</strong> au loin.</p>" in page
    assert "<blockquote>\n<p>Le vent se lève.</p>\n</blockquote>" in page
    assert "<pre><code>carte\n</code></pre>" in page
    assert "<th>Jour</th>" in page
    assert "<td>3</td>" in page
    assert (
        '<a href="https://example.org/carte" rel="nofollow noopener noreferrer">la carte</a>'
        in page
    )
    assert "&lt;b&gt;brut&lt;/b&gt;" in page  # raw HTML is text
    assert "<img" not in page  # an image is a link to it: nothing loaded from elsewhere
    assert "<b>" not in page
    assert "src=" not in page


def test_the_journal_and_the_recap_read_the_notes_markdown(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    directory = tmp_path / "col"
    solo_evening(directory, capsys)
    assert main(["journal", str(directory), "--lang", "fr"]) == 0
    journal = capsys.readouterr().out
    note = next(line for line in journal.splitlines() if "Au col" in line)
    assert note.endswith(
        "note     Au col · Les loups hurlent au loin. · │ Le vent se lève. · carte"
        " · Jour | Vivres · 1 | 3 · la carte <b>brut</b> !vue"
    )
    assert main(["export", str(directory), "--recap", "--lang", "fr"]) == 0
    recap = capsys.readouterr().out
    assert "— Au col · Les loups hurlent au loin. · │ Le vent se lève." in recap
    assert "**" not in recap
    assert "##" not in recap


def test_a_notebook_folder_holds_a_file_a_session_with_its_front_matter(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    import json

    directory = tmp_path / "col"
    solo_evening(directory, capsys)
    assert main(["session", str(directory), "Séance 2 / la descente"]) == 0
    assert main(["note", str(directory), "Plus bas, la vallée."]) == 0
    capsys.readouterr()
    folder = tmp_path / "carnet"
    assert main(["export", str(directory), "--split", "-o", str(folder), "--lang", "fr"]) == 0
    names = sorted(path.name for path in folder.iterdir())
    assert names == ["001 Séance 1.md", "002 Séance 2 la descente.md"]  # no separator
    fronts, bodies = [], []
    for name in names:
        text = (folder / name).read_text(encoding="utf-8")
        head, _, body = text.removeprefix("---\n").partition("\n---\n")
        pairs = [line.split(": ", 1) for line in head.splitlines()]
        # YAML's values: strings in double quotes (as JSON writes them), numbers, a day.
        fronts.append({key: value if key == "date" else json.loads(value) for key, value in pairs})
        bodies.append(body)
    assert fronts[0]["campaign"] == "Le col"
    assert fronts[0]["system"] == "Les Traits"
    assert [front["session"] for front in fronts] == [1, 2]
    assert fronts[1]["title"] == "Séance 2 / la descente"
    assert all(re.fullmatch(r"\d{4}-\d{2}-\d{2}", front["date"]) for front in fronts)
    # Together, the files are the story, each session in its own.
    story = exported(directory, capsys)
    assert "\n".join(story.splitlines()[3:]).strip() == "\n\n".join(b.strip() for b in bodies)
    assert bodies[1].strip().startswith("## Séance 2 / la descente")
    assert "Plus bas, la vallée." in bodies[1]
    assert "Plus bas, la vallée." not in bodies[0]
    status = main(["export", str(directory), "--split", "--lang", "en"])  # where to?
    assert status == 2
    assert "--split writes Markdown into a folder: -o FOLDER" in capsys.readouterr().err


def test_what_came_before_any_session_is_dated_in_its_file_too(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """A notebook begun without a session (notes and rolls straight away): its one file
    carries the day in its front matter, as a session's does."""
    from datetime import date

    from meneur.play.export_split import session_files
    from meneur.saves.campaign import Campaign

    directory = tmp_path / "carnet"
    assert main(["new", str(directory), "--system", "traits"]) == 0
    assert main(["note", str(directory), "Le vent tourne."]) == 0
    capsys.readouterr()
    with Campaign.open(directory, write=False) as campaign:
        first = campaign.journal.entry(1)
        (name, text), *others = list(session_files(campaign, "fr"))
    assert not others
    assert name == "000 carnet.md"
    head = text.removeprefix("---\n").partition("\n---\n")[0].splitlines()
    day = date.fromisoformat(str(first.time)[:10])
    assert head == ['campaign: "carnet"', 'system: "Les Traits"', "session: 0", f"date: {day}"]


@pytest.mark.parametrize("title", ["../../etc/passwd", ".cache", "a\x1bb\nc", "x" * 500, ""])
def test_a_sessions_file_name_is_safe_whatever_its_title(title: str) -> None:
    from meneur.play.export_split import MOST_NAME, file_name

    name = file_name(7, title)
    assert name.startswith("007")
    assert name.endswith(".md")
    assert "/" not in name
    assert not any(ord(c) < 32 for c in name)
    assert len(name) <= MOST_NAME + len("007 .md")
