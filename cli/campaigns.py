"""Campaign commands: ``new``, ``note``, ``session``/``scene``, ``journal``, ``export``,
``check``, ``undo``/``redo``, ``set``/``unset``, and journaling ``roll --campaign``."""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path
from typing import TYPE_CHECKING, Any

from meneur.content.toml_reader import TomlError, loads

from .usage import UsageError

if TYPE_CHECKING:
    from meneur.saves.campaign import Campaign
    from meneur.saves.journal import Entry


def _directory(given: str | None) -> Path:
    from meneur.saves.locations import current_campaign

    return Path(given) if given else current_campaign()


def _split(command: str, words: list[str], wanted: int) -> tuple[Path, list[str]]:
    """``[DIR] A [B]``: the directory is there when one more word than wanted is given."""
    if len(words) == wanted:
        return _directory(None), words
    if len(words) == wanted + 1:
        return _directory(words[0]), words[1:]
    raise UsageError(
        f"meneur {command}", f"expected {wanted} or {wanted + 1} arguments, got {len(words)}"
    )


def _open(directory: Path, *, write: bool = True) -> Campaign:
    from meneur.saves.campaign import Campaign, default_author
    from meneur.saves.locations import remember

    campaign = Campaign.open(directory, write=write, author=default_author())
    if write:
        remember(directory)
    return campaign


def _entry_data(entry: Entry, campaign: Campaign) -> dict[str, Any]:
    data = entry.to_data()
    data["time"] = entry.time.isoformat()
    if entry.kind == "note":
        data["text"] = campaign.note_text(entry)
        if campaign.is_struck(entry):
            data["struck"] = True
    return data


def run_new(args: argparse.Namespace) -> str:
    """``meneur new DIR --system S``: create and remember a campaign."""
    from meneur.saves.campaign import Campaign
    from meneur.saves.locations import remember

    options: dict[str, object] = {}
    for text in args.option:
        name, equals, value = text.partition("=")
        if not equals:
            raise UsageError("meneur new", f"an --option is NAME=VALUE, not {text!r}")
        options[name.strip()] = _value(value)
    directory = Path(args.directory)
    with Campaign.create(directory, system=args.system, name=args.name, options=options):
        pass
    remember(directory)
    return f"Campagne créée (campaign created) : {directory} — {args.system}"


def _value(text: str) -> object:
    """A value as TOML reads it (3, true, "x", [1, 2]); anything else is plain text."""
    try:
        return loads(f"value = {text}")["value"]
    except TomlError:
        return text


def run_note(args: argparse.Namespace) -> str:
    """``meneur note [DIR] TEXT``, or rewrite a note with ``--edit ID``."""
    directory, (text,) = _split("note", args.words, 1)
    with _open(directory) as campaign:
        if args.edit is not None:
            entry = campaign.edit_note(args.edit, text)
        else:
            entry = campaign.note(text, game_time=args.at)
    return f"#{entry.id} {entry.text}"


def run_mark(args: argparse.Namespace) -> str:
    """``meneur session|scene [DIR] TITLE``."""
    directory, (title,) = _split(args.command, args.words, 1)
    with _open(directory) as campaign:
        entry = campaign.mark(args.command, title, game_time=args.at)
    return f"#{entry.id} {args.command} : {entry.text}"


def _path(key: str) -> tuple[str, ...]:
    parts = tuple(part.strip() for part in key.split("."))
    if not all(parts):
        raise UsageError(
            "meneur set", f"a key is dotted names, like characters.razors.name, not {key!r}"
        )
    return parts


def run_set(args: argparse.Namespace) -> str:
    """``meneur set [DIR] KEY VALUE``."""
    directory, (key, value) = _split("set", args.words, 2)
    with _open(directory) as campaign:
        entry = campaign.set(_path(key), _value(value))
    return f"#{entry.id} {entry.text}"


def run_unset(args: argparse.Namespace) -> str:
    """``meneur unset [DIR] KEY``."""
    from meneur.saves.changes import MISSING

    directory, (key,) = _split("unset", args.words, 1)
    with _open(directory) as campaign:
        entry = campaign.set(_path(key), MISSING)
    return f"#{entry.id} {entry.text}"


def run_undo_redo(args: argparse.Namespace) -> str:
    """``meneur undo|redo [DIR]``."""
    with _open(_directory(args.directory)) as campaign:
        entry = campaign.undo() if args.command == "undo" else campaign.redo()
    return f"#{entry.id} {entry.text}"


def entry_line(entry: Entry, campaign: Campaign) -> str:
    """One journal entry on one line: number, time, kind and what it says."""
    from meneur.content.strings import strings
    from meneur.saves.export import roll_line
    from meneur.saves.reading import read_entry

    when = entry.time.strftime("%d/%m %H:%M")
    t = strings("fr").t  # the CLI speaks French, with English glosses
    text = (
        roll_line(read_entry(entry, campaign, t), t, markdown=False)
        if entry.roll is not None
        else campaign.note_text(entry)
    )
    game = f" [{entry.game_time}]" if entry.game_time else ""
    if entry.kind == "note" and campaign.is_struck(entry):
        text += " [barrée (struck)]"
    return f"#{entry.id:<5} {when}  {entry.kind:<8}{game} {text}"


FOLLOW_SECONDS = 0.1
"""How often ``journal --follow`` looks for new entries (a stat when there are none)."""


def run_journal(args: argparse.Namespace) -> str | None:
    """``meneur journal [DIR] [--last N] [--json] [--follow]``."""
    campaign = _open(_directory(args.directory), write=False)
    if args.follow:
        _follow(campaign, campaign.latest(args.last), as_json=args.json)
        return None
    # Written as read, a chunk at a time: a whole journal is never held in memory.
    entries = (
        campaign.journal.stream(campaign.journal.last_id - args.last + 1, workers=True)
        if args.last
        else iter(())
    )
    out = sys.stdout
    if args.json:
        head = json.dumps(
            {"campaign": campaign.name, "system": campaign.system}, ensure_ascii=False
        )
        out.write(head[:-1] + ', "entries": [')
        for i, entry in enumerate(entries):
            out.write(
                (", " if i else "") + json.dumps(_entry_data(entry, campaign), ensure_ascii=False)
            )
        out.write("]}\n")
        return None
    out.write(f"{campaign.name} — {campaign.journal.last_id} entrées (entries)\n")
    for entry in entries:
        out.write(entry_line(entry, campaign) + "\n")
    return None


def _follow(campaign: Campaign, entries: list[Entry], *, as_json: bool) -> None:
    """Print ``entries``, then every entry appended after them, as it comes, until
    interrupted (a line of text each, or a JSON object each)."""
    import signal
    import time

    def show(batch: list[Entry]) -> None:
        for entry in batch:
            if as_json:
                line = json.dumps(_entry_data(entry, campaign), ensure_ascii=False)
            else:
                line = entry_line(entry, campaign)
            sys.stdout.write(line + "\n")
        sys.stdout.flush()

    def stop(signum: int, frame: object) -> None:
        raise KeyboardInterrupt  # a service manager's TERM ends it as cleanly as ctrl+c

    signal.signal(signal.SIGTERM, stop)
    if not as_json:
        sys.stdout.write(f"{campaign.name} — {campaign.journal.last_id} entrées (entries)\n")
    show(entries)
    try:
        while True:
            time.sleep(FOLLOW_SECONDS)
            show(campaign.sync().entries)
    except KeyboardInterrupt:
        return


def run_export(args: argparse.Namespace) -> str | None:
    """``meneur export [DIR] [--format markdown|toml] [-o FILE]``."""
    from meneur.content.strings import default_language
    from meneur.saves.atomic import write_out
    from meneur.saves.export import markdown_pieces, toml_pieces

    campaign = _open(_directory(args.directory), write=False)
    lang = args.lang or default_language()
    # The command line holds no threads: the journal may be read ahead by forked workers.
    pieces = (
        markdown_pieces(campaign, lang, workers=True)
        if args.format == "markdown"
        else toml_pieces(campaign, workers=True)
    )
    if args.output:
        write_out(Path(args.output), (piece.encode("utf-8") for piece in pieces))
        return None
    for piece in pieces:
        sys.stdout.write(piece)
    return None


def run_check(args: argparse.Namespace) -> str:
    """``meneur check [DIR]``: read every file; with --verify-rolls, replay every roll.

    Raises:
        CampaignError: for the first problem found.
    """
    from meneur.saves.verify import check_journal

    directory = _directory(args.directory)
    campaign = _open(directory, write=False)
    count, rolls = check_journal(campaign.journal, replay=args.verify_rolls)
    verified = f", {rolls} jets rejoués à l'identique (rolls replayed)" if args.verify_rolls else ""
    return (
        f"ok : {directory} — {campaign.name} ({campaign.system}), {count} entrées (entries), "
        f"{len(campaign.state['characters'])} personnage(s) (characters){verified}"
    )


def journal_roll(args: argparse.Namespace, make: Any) -> tuple[Any, int | None]:
    """Roll with ``make(karma)`` and, with ``--campaign``, journal it; return the record
    and the entry id.

    The campaign is opened before rolling, so a locked or broken campaign stops the
    command before any die is cast. With ``--character`` on a cosmos test, the karma
    comes from the sheet and its movement is saved (undoable).
    """
    from meneur.saves.changes import Change, read
    from meneur.saves.errors import CampaignError

    if not args.campaign:
        if args.character or args.label or args.at:
            raise UsageError(
                f"meneur {args.command} {args.system}",
                "--character, --label and --at go with --campaign",
            )
        return make(None), None
    with _open(Path(args.campaign)) as campaign:
        changes: list[Change] = []
        karma_path: tuple[str, ...] | None = None
        karma = None
        if args.character:
            if args.character not in campaign.state["characters"]:
                raise CampaignError(
                    campaign.directory / "campaign.toml",
                    "no such character",
                    f"characters.{args.character}",
                )
            if args.system == "cosmos":
                if args.karma != 0:
                    raise UsageError(
                        "meneur roll cosmos", "--character brings the sheet's karma; drop --karma"
                    )
                karma_path = ("characters", args.character, "sheet", "karma")
                found = read(campaign.state, karma_path)
                karma = found if isinstance(found, int) else 0
        record = make(karma)
        if karma_path is not None and record.karma_after != karma:
            before = read(campaign.state, karma_path)
            changes.append(Change(karma_path, before, record.karma_after))
        text = args.label or getattr(record.inputs, "question", "") or _summary(record)
        entry = campaign.record_roll(
            record, text, changes=changes, character=args.character, game_time=args.at
        )
    return record, entry.id


def _summary(record: Any) -> str:
    from .describe import describe

    if not hasattr(record, "outcome"):
        return "Création de personnage (character creation)"
    if record.system == "tables":
        from meneur.core.tables import find

        table = find(record.inputs.tables, record.inputs.table)
        return str(table.name if table is not None else record.inputs.table)
    lines = describe(record.inputs)
    return " — ".join(line for line in lines[:2])
