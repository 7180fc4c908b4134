"""Campaign commands: ``new``, ``note``, ``session``/``scene``, ``journal``, ``export``,
``check``, ``undo``/``redo``, ``set``/``unset``, and journaling ``roll --campaign``.

Why it is ~700 lines: it is every campaign command's run function (a few dozen lines
each); what they share with the rolls and the systems' own commands (opening a campaign,
journaling ``roll --campaign``) is :mod:`meneur.cli.journaling`, and the commands that
belong to one system live in its room (``meneur.cli.cosmos``).
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path
from typing import TYPE_CHECKING, Any

from meneur.content.toml_reader import TomlError, loads

# What the other commands take from here, where it was before it went to journaling.py:
from .journaling import GONE as GONE
from .journaling import _directory as _directory
from .journaling import _open as _open
from .journaling import _secrecy, numbered, tension_of
from .journaling import character_named as character_named
from .language import words_of, written
from .seats import governing, seat_of, viewer_of
from .typed import Shown, key_of
from .usage import UsageError

if TYPE_CHECKING:
    from meneur.core.visibility import Viewer
    from meneur.play.campaigns import Campaign
    from meneur.play.journal import Entry


def _split(command: str, words: list[str], wanted: int) -> tuple[Path, list[str]]:
    """``[DIR] A [B]``: the directory is there when one more word than wanted is given."""
    if len(words) == wanted:
        return _directory(None), words
    if len(words) == wanted + 1:
        return _directory(words[0]), words[1:]
    raise UsageError(
        f"meneur {command}",
        "expected {wanted} or {value} arguments, got {words_count}",
        wanted=wanted,
        value=wanted + 1,
        words_count=len(words),
    )


def _entry_data(
    entry: Entry, campaign: Campaign, lang: str, *, numbered: bool = True
) -> dict[str, Any]:
    """An entry as JSON data, its words in ``lang``: whole for the GM (``numbered``); for
    anyone else in the shape that leaves meneur (no number, internal key nor account:
    see :func:`meneur.play.views.outward_entry`)."""
    from meneur.content.strings import strings

    if not numbered:
        from meneur.play.reading import outward_reading

        return outward_reading(entry, campaign, strings(lang).t)
    if entry.redacted:  # an announced secret: that it happened, and nothing of it
        shown = {"id": entry.id, "time": entry.time.isoformat(), "kind": entry.kind}
        shown.update(secret=entry.visibility, player=entry.player)
        return {k: v for k, v in shown.items() if v is not None}
    data = entry.to_data()
    data["time"] = entry.time.isoformat()
    if entry.roll is not None:  # its words as every reader has them (who, what was tested)
        from meneur.play.reading import roll_text

        data["text"] = roll_text(entry, campaign, strings(lang).t)
    if entry.kind == "note":
        data["text"] = campaign.note_text(entry)
        if campaign.is_struck(entry):
            data["struck"] = True
    return data


def run_new(args: argparse.Namespace) -> str:
    """``meneur new DIR --system S``: create and remember a campaign."""
    from meneur.play.campaigns import Campaign, remember

    options: dict[str, object] = {}
    for text in args.option:
        name, equals, value = text.partition("=")
        if not equals:
            raise UsageError("meneur new", "an --option is NAME=VALUE, not {text!r}", text=text)
        options[name.strip()] = _value(value)
    directory = Path(args.directory)
    words = words_of(args)
    # It speaks the language it was made in (the --lang given, or its maker's).
    made = Campaign.create(
        directory, system=args.system, name=args.name, options=options, language=words.lang
    )
    with made:
        pass
    remember(directory)
    from meneur.core.systems import system

    said = system(args.system).said(words.lang)  # its name, not its key
    return words.t("cli.created", directory=directory, system=said)


def _value(text: str) -> object:
    """A value as TOML reads it (3, true, "x", [1, 2]); anything else is plain text."""
    try:
        return loads(f"value = {text}")["value"]
    except TomlError:
        return text


def run_note(args: argparse.Namespace) -> str:
    """``meneur note [DIR] TEXT``, or rewrite a note with ``--edit ID``."""
    from meneur.play import act

    directory, (text,) = _split("note", args.words, 1)
    with _open(directory) as campaign:
        seat = seat_of(args, campaign)
        if args.edit is not None:
            entry = act.edit_note(campaign, seat, args.edit, text)
        else:
            secrecy = _secrecy(args, seat)
            entry = act.note(campaign, seat, text, game_time=args.at, secrecy=secrecy)
    return written(entry, campaign, args)


def run_mark(args: argparse.Namespace) -> str:
    """``meneur session|scene [DIR] TITLE``; a scene with ``--test`` is followed by the
    scene test at the campaign's tension (solo play)."""
    from meneur.play import act

    directory, (title,) = _split(args.command, args.words, 1)
    testing = getattr(args, "test", False)
    with _open(directory) as campaign:
        seat = seat_of(args, campaign)
        if testing:
            _solo_on(campaign, "meneur scene --test")
        entry = act.mark(campaign, seat, args.command, title, game_time=args.at)
        said = written(entry, campaign, args, kind=True)
        if not testing:
            return said
        from meneur.core import solo
        from meneur.core.records import roll_seeded

        from .journaling import campaign_seed, entry_said
        from .language import words_of
        from .text import render_roll

        seed = campaign_seed(args, campaign)
        test = solo.SceneTest(tension=tension_of(campaign.state), scene=title)
        record = roll_seeded(solo.roll_scene, test, seed)
        rolled = act.roll(
            campaign,
            seat,
            record,
            "",  # worded when read, in each reader's language
            game_time=args.at,
            chosen_seed=args.seed is not None,
        )
        words = words_of(args)
        shown = entry_said(args, campaign, rolled, words)
    return f"{said}\n{render_roll(record, words)}{shown}"


def _solo_on(campaign: Campaign, command: str) -> None:
    """Refuse a solo command on a campaign whose solo option is off.

    Raises:
        UsageError: naming the option to switch on.
    """
    if not campaign.state["options"].get("solo"):
        raise UsageError(command, "solo play is off: meneur set DIR options.solo true")


TENSION_WORDS = {"up": 1, "down": -1}


def run_tension(args: argparse.Namespace) -> str:
    """``meneur tension [DIR] [VALUE]``: the tension, or set it (1–5, up, down), one
    journal entry.

    Raises:
        UsageError: for more than two words, or a value that is none of these.
    """
    from meneur.play import act

    words = list(args.words)
    if len(words) > 2:
        raise UsageError("meneur tension", "expected [DIR] [VALUE]")
    value = None
    if words and (words[-1].isdigit() or key_of("tension", words[-1])):
        value = key_of("tension", words[-1]) or words[-1]
        words.pop()
    if len(words) > 1:
        raise UsageError(
            "meneur tension",
            "expected 1 to 5, {moves}, not {value!r}",
            moves=Shown("tension"),
            value=words[-1],
        )
    directory = _directory(words[0] if words else None)
    with _open(directory, write=value is not None) as campaign:
        seat = seat_of(args, campaign)
        _solo_on(campaign, "meneur tension")
        if value is None:
            before = tension_of(campaign.state)
            speaking = words_of(args)
            level = speaking.term(f"solo.tension.{before}")
            return f"Tension {before}{speaking.t('shown.colon')}{level}"
        from meneur.core.errors import RulesError
        from meneur.play.campaigns import Worded
        from meneur.play.story import move_tension

        def change(before: int) -> int:
            # up and down move the tension as it is when written (under the lock).
            return before + TENSION_WORDS[value] if value in TENSION_WORDS else int(value)

        try:
            entry = act.change(
                campaign,
                seat,
                move_tension(
                    change,
                    lambda before, after: Worded(
                        "solo.tension_entry", {"before": before, "after": after}
                    ),
                ),
            )
        except RulesError as error:
            raise UsageError(
                "meneur tension", "{error}", error=words_of(args).explain(error)
            ) from None
    speaking = words_of(args)
    level = speaking.term(f"solo.tension.{tension_of(campaign.state)}")
    return f"{written(entry, campaign, args)}{speaking.t('shown.colon')}{level}"


def run_scene_end(args: argparse.Namespace) -> str:
    """``meneur scene-end [DIR] yes|no``: the scene ends; the tension goes down one if it
    went the characters' way, up one if not (one journal entry).

    Raises:
        UsageError: for an answer other than yes or no.
    """
    from meneur.core.solo import tension_after_scene
    from meneur.play import act

    directory, (answer,) = _split("scene-end", args.words, 1)
    said_yes = key_of("answer", answer)
    if said_yes is None:
        raise UsageError(
            "meneur scene-end",
            "did the scene go their way? {value}, not {answer!r}",
            value=Shown("answer"),
            answer=answer,
        )
    their_way = said_yes == "yes"
    from meneur.play.campaigns import Worded
    from meneur.play.story import move_tension

    said = "solo.end_entry_yes" if their_way else "solo.end_entry_no"
    with _open(directory) as campaign:
        seat = seat_of(args, campaign)
        _solo_on(campaign, "meneur scene-end")
        plan = move_tension(
            lambda before: tension_after_scene(before, their_way),
            lambda before, after: Worded(said, {"before": before, "after": after}),
        )
        entry = act.change(campaign, seat, plan)
    return written(entry, campaign, args)


def _path(key: str) -> tuple[str, ...]:
    parts = tuple(part.strip() for part in key.split("."))
    if not all(parts):
        raise UsageError(
            "meneur set", "a key is dotted names, like characters.razors.name, not {key!r}", key=key
        )
    return parts


def run_set(args: argparse.Namespace) -> str:
    """``meneur set [DIR] KEY VALUE``."""
    from meneur.play import act

    directory, (key, value) = _split("set", args.words, 2)
    with _open(directory) as campaign:
        entry = act.set_value(campaign, seat_of(args, campaign), _path(key), _value(value))
        number = numbered(args, campaign, entry)
    return f"{number}{entry.text}"  # the key and the value, as campaign.toml has them


def run_unset(args: argparse.Namespace) -> str:
    """``meneur unset [DIR] KEY``."""
    from meneur.core.changes import MISSING
    from meneur.play import act

    directory, (key,) = _split("unset", args.words, 1)
    with _open(directory) as campaign:
        entry = act.set_value(campaign, seat_of(args, campaign), _path(key), MISSING)
        number = numbered(args, campaign, entry)
    return f"{number}{entry.text}"  # the key and the value, as campaign.toml has them


def run_undo_redo(args: argparse.Namespace) -> str:
    """``meneur undo|redo [DIR]``."""
    from meneur.play import act

    with _open(_directory(args.directory)) as campaign:
        seat = seat_of(args, campaign)
        entry = act.undo(campaign, seat) if args.command == "undo" else act.redo(campaign, seat)
    return written(entry, campaign, args)


def run_time(args: argparse.Namespace) -> str:
    """``meneur time [DIR] [STEP]``: the in-game date and time (the Chronoste), advanced
    by STEP when one is given.

    Raises:
        UsageError: for more than two words.
    """
    from meneur.play import act

    words = list(args.words)
    if len(words) > 2:
        raise UsageError("meneur time", "expected [DIR] [STEP]")
    step = None
    if words and (words[-1].startswith("+") or key_of("time_step", words[-1])):
        # A named step goes on as its key (matin is morning): the rules take either.
        step = key_of("time_step", words[-1]) or words[-1]
        words.pop()
    directory = _directory(words[0] if words else None)
    if step is None:
        from meneur.play.chronoste import game_now

        with _open(directory, write=False) as campaign:
            seat_of(args, campaign)  # an unknown name is refused, even to read
            now = game_now(campaign.state)
        if now is None:
            raise UsageError(
                "meneur time", "the Chronoste is off: meneur set DIR options.chronoste true"
            )
        return now
    from meneur.play.chronoste import advance_time

    # A step the rules refuse, or the Chronoste off, is said in the reader's words.
    with _open(directory) as campaign:
        entry = act.change(campaign, seat_of(args, campaign), advance_time(step))
    return written(entry, campaign, args)


def entry_line(entry: Entry, campaign: Campaign, lang: str, *, numbered: bool = True) -> str:
    """One journal entry on one line, in ``lang``: number (unless not ``numbered``),
    time, kind and what it says; an announced secret says only that it happened."""
    from meneur.content.strings import strings
    from meneur.play.export import roll_line
    from meneur.play.reading import read_entry, secret_reading, visibility_label

    when = entry.time.strftime("%d/%m %H:%M")
    t = strings(lang).t
    if entry.redacted:
        text = secret_reading(entry, t, campaign)
    elif entry.roll is not None:
        text = roll_line(read_entry(entry, campaign, t), t, markdown=False)
    else:
        text = read_entry(entry, campaign, t).text
        if entry.kind == "note":
            from meneur.play.markdown import plain_lines

            # Its Markdown read, its lines on the entry's one line (play-tested: the
            # journal showed "## Au col␊␊Les loups **hurlent**…" as typed).
            text = " · ".join(line for line in plain_lines(text) if line.strip())
    game = f" [{entry.game_time}]" if entry.game_time else ""
    if entry.kind == "note" and campaign.is_struck(entry):
        text += f" [{t('cli.struck')}]"
    if entry.visibility != "public" and not entry.redacted:
        text += f" [{visibility_label(entry, t, campaign)}]"
    number = f"#{entry.id:<5} " if numbered else ""
    kind = t(f"cli.kind.{entry.kind}")
    return f"{number}{when}  {kind:<8}{game} {text}"


FOLLOW_SECONDS = 0.1
"""How often ``journal --follow`` looks for new entries (a stat when there are none)."""


def _heading(campaign: Campaign, viewer: Viewer, lang: str) -> str:
    """The journal's first line; its length is the GM's to know (it counts secrets)."""
    from meneur.content.strings import strings
    from meneur.core.visibility import GM

    if viewer != GM:
        return campaign.name
    count = strings(lang).t("cli.entries", count=campaign.journal.last_id)
    return f"{campaign.name} — {count}"


def run_journal(args: argparse.Namespace) -> str | None:
    """``meneur journal [DIR] [--last N] [--json] [--follow] [--role R] [--as NAME]``:
    the last N entries of the journal, as the viewer may see them (for anyone but the
    GM without their numbers, whose gaps would count the secrets)."""
    from meneur.core.visibility import GM
    from meneur.play.journal import each_chunk, start_of_last
    from meneur.play.views import entries_for

    from .language import words_of

    campaign = _open(_directory(args.directory), write=False)
    viewer = viewer_of(args, campaign)
    lang = words_of(args).lang
    journal = campaign.journal
    # The last N this viewer may see (play.journal.start_of_last): counted in all the
    # entries, a player's window held fewer, and how many fewer counted the secrets.
    first = start_of_last(campaign, viewer, args.last) if args.last else journal.last_id + 1
    if args.follow:
        _follow(campaign, journal.since(first - 1), lang, as_json=args.json, viewer=viewer)
        return None
    numbered = viewer == GM

    encoder = json.JSONEncoder(ensure_ascii=False)

    def lines(entries: list[Entry]) -> list[str]:
        shown = entries_for(entries, viewer, journal, campaign.state)
        if args.json:
            if not shown:
                return []
            # A chunk's entries encoded at once, as the list's inside ("{…}, {…}"): the
            # same text as one encoding an entry, a fifth faster on a long journal.
            data = [_entry_data(entry, campaign, lang, numbered=numbered) for entry in shown]
            return [encoder.encode(data)[1:-1]]
        return [entry_line(entry, campaign, lang, numbered=numbered) for entry in shown]

    # Written as worked out, a chunk at a time (in worker processes for a long journal:
    # the command line holds no threads): a whole journal is never held in memory.
    chunks = each_chunk(journal, lines, first=first, parallel=True)
    out = sys.stdout
    if args.json:
        head = json.dumps(
            {"campaign": campaign.name, "system": campaign.system}, ensure_ascii=False
        )
        out.write(head[:-1] + ', "entries": [')
        written = False
        for chunk in chunks:
            if chunk:
                out.write((", " if written else "") + ", ".join(chunk))
                written = True
        out.write("]}\n")
        return None
    out.write(_heading(campaign, viewer, lang) + "\n")
    for chunk in chunks:
        out.writelines(line + "\n" for line in chunk)
    return None


def _follow(
    campaign: Campaign, entries: list[Entry], lang: str, *, as_json: bool, viewer: Viewer
) -> None:
    """Print ``entries``, then every entry appended after them, as it comes, until
    interrupted (a line of text each, or a JSON object each), as ``viewer`` may see
    them."""
    import signal
    import time

    from meneur.core.visibility import GM
    from meneur.play.views import entries_for

    numbered = viewer == GM

    def show(batch: list[Entry]) -> None:
        for entry in entries_for(batch, viewer, campaign.journal, campaign.state):
            if as_json:
                data = _entry_data(entry, campaign, lang, numbered=numbered)
                line = json.dumps(data, ensure_ascii=False)
            else:
                line = entry_line(entry, campaign, lang, numbered=numbered)
            sys.stdout.write(line + "\n")
        sys.stdout.flush()

    def stop(signum: int, frame: object) -> None:
        raise KeyboardInterrupt  # a service manager's TERM ends it as cleanly as ctrl+c

    signal.signal(signal.SIGTERM, stop)
    if not as_json:
        sys.stdout.write(_heading(campaign, viewer, lang) + "\n")
    show(entries)
    try:
        while True:
            time.sleep(FOLLOW_SECONDS)
            show(campaign.sync().entries)
    except KeyboardInterrupt:
        return


def run_export(args: argparse.Namespace) -> str | None:
    """``meneur export [DIR] [--format markdown|html|toml] [--detailed] [-o FILE]
    [--role R] [--as NAME]``, as the viewer may see the campaign."""
    from meneur.content.strings import default_language
    from meneur.play.export import markdown_pieces, toml_pieces, write_out, writes_atomically

    # The export reads every chunk whole and checks it then. Written to a file, it is
    # written atomically: one stopped half way by a damaged chunk leaves nothing, so
    # opening need not read the chunks first. Written through (the terminal, a pipe),
    # what was not checked before is checked first: half a journal is never printed.
    atomic = args.output is not None and writes_atomically(Path(args.output))
    if args.session is not None and not args.recap:
        raise UsageError("meneur export", "--session goes with --recap")
    campaign = _open(_directory(args.directory), write=False, defer_check=atomic)
    viewer = viewer_of(args, campaign)
    lang = args.lang or default_language()
    if args.recap:
        return _recap(args, campaign, lang, viewer)
    if args.split:
        if args.format != "markdown" or not args.output:
            raise UsageError("meneur export", "--split writes Markdown into a folder: -o FOLDER")
        from meneur.play.export_split import write_split

        write_split(Path(args.output), campaign, lang, viewer=viewer, detailed=args.detailed)
        return None
    # The command line holds no threads: the journal may be worked on by forked workers.
    if args.format == "markdown":
        pieces = markdown_pieces(
            campaign, lang, parallel=True, viewer=viewer, detailed=args.detailed
        )
    elif args.format == "html":
        from meneur.play.export_html import html_pieces

        pieces = html_pieces(campaign, lang, viewer=viewer, detailed=args.detailed)
    elif args.format == "lonelog":
        from meneur.play.lonelog import lonelog_lines

        pieces = (line + "\n" for line in lonelog_lines(campaign, lang, viewer=viewer))
    else:
        pieces = toml_pieces(campaign, lang, parallel=True, viewer=viewer)
    if args.output:
        # As printed (see meneur.cli.shown): a Markdown file shows control characters,
        # a TOML one escapes them, so no reader of the file meets them raw either.
        from meneur.core.text import visible

        from .shown import as_data

        shown = as_data if args.format == "toml" else visible
        write_out(Path(args.output), (shown(piece).encode("utf-8") for piece in pieces))
        return None
    for piece in pieces:
        sys.stdout.write(piece)
    return None


def _recap(args: argparse.Namespace, campaign: Campaign, lang: str, viewer: Viewer) -> str:
    """``meneur export --recap [--session N]``: a session in a few lines, as the viewer
    may know it.

    Raises:
        UsageError: for a session that is not there.
    """
    from meneur.content.strings import strings
    from meneur.play.recap import recap, sessions

    t = strings(lang).t
    found = sessions(campaign)
    if not found:
        return t("recap.none")
    number = args.session or len(found)
    if number > len(found):
        raise UsageError(
            "meneur export",
            "--session {number}: this campaign has {found_count} {found_count:session|sessions}",
            number=number,
            found_count=len(found),
        )
    return "\n".join(recap(campaign, viewer, t, found[number - 1]))


def run_verify(args: argparse.Namespace) -> tuple[str, int]:
    """``meneur verify FILE``: every roll of a revealed session checked against its
    session's key; status 2 when one is not its draw's (see meneur.play.fairness).

    Raises:
        UsageError: for a file that cannot be read as a TOML export.
    """
    from meneur.content.toml_reader import TomlError, loads
    from meneur.play.fairness import verification_lines, verify

    from .language import words_of

    try:
        with open(args.file, "rb") as file:
            document = loads(file.read(MAX_EXPORT + 1).decode("utf-8"))
    except (OSError, UnicodeDecodeError, TomlError) as error:
        raise UsageError(
            "meneur verify", "{file}: not a TOML export ({why})", file=args.file, why=str(error)
        ) from None
    found = verify(document)
    return "\n".join(verification_lines(found, words_of(args).t)), 0 if found.fair else 2


MAX_EXPORT = 512 * 1024 * 1024
"""The largest export ``meneur verify`` reads (a long campaign's is a few dozen MB)."""


def run_check(args: argparse.Namespace) -> str:
    """``meneur check [DIR]``: read every file; with --verify-rolls, replay every roll.

    Raises:
        CampaignError: for the first problem found.
    """
    from meneur.play.checking import check_edits, check_journal

    directory = _directory(args.directory)
    # Every chunk is read whole by the check itself, which says nothing until the end:
    # opening need not read them first.
    campaign = _open(directory, write=False, defer_check=True)
    # What it counts and replays is every entry, secrets included: the GM's.
    governing(args, campaign, "check")
    # The command line holds no threads: the journal may be checked by forked workers.
    dice = campaign.state.get("dice", {})
    keys = dict(dice.get("revealed", {}))
    if "key" in dice:
        keys[dice["commitment"]] = dice["key"]
    count, rolls = check_journal(
        campaign.journal, replay=args.verify_rolls, parallel=True, keys=keys
    )
    check_edits(campaign)
    from meneur.core.systems import system

    from .language import words_of

    words = words_of(args)
    verified = words.t("cli.replayed", count=rolls) if args.verify_rolls else ""
    return words.t(
        "cli.checked",
        directory=directory,
        name=campaign.name,
        system=system(campaign.system).said(words.lang),
        entries=count,
        characters=len(campaign.state["characters"]),
        verified=verified,
    )
