"""Checking a whole journal, as ``meneur check`` does: every chunk read and checked,
and with ``replay`` every roll replayed from its seed.

A long journal is checked in worker processes (see :mod:`.chunks`), so the check takes
about the time of the slowest core's share rather than the sum; only counts come back.
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

from .chunks import each_chunk
from .entry_parts import STATE_FILE
from .errors import CampaignError
from .journal import Entry, Journal, chunk_name, chunk_number

if TYPE_CHECKING:
    from .campaign import Campaign


def replay_rolls(entries: list[Entry], directory: Path) -> int:
    """Replay the rolls of ``entries`` (one chunk's) from their seeds; how many there are.

    Raises:
        CampaignError: naming the chunk file and the entry of a roll that does not
            replay as recorded.
    """
    from .entry_parts import record_part, replay_roll, roll_to_data

    rolls = 0
    for entry in entries:
        if entry.roll is None:
            continue
        rolls += 1
        try:
            physical = entry.roll.get("physical") is True
            replayed = roll_to_data(replay_roll(entry.roll), physical=physical)
        except CampaignError as error:
            raise CampaignError(
                _chunk_of(entry, directory),
                error.reason,
                _roll_of(entry),
                message_key=error.message_key,
                values=error.values,
            ) from error
        if replayed != record_part(entry.roll):
            raise CampaignError(
                _chunk_of(entry, directory),
                "does not replay from its seed as recorded",
                _roll_of(entry),
                message_key="campaign.replay",
            )
    return rolls


def _chunk_of(entry: Entry, directory: Path) -> Path:
    return directory / chunk_name(chunk_number(entry.id))


def _roll_of(entry: Entry) -> str:
    return f"entry {entry.id}.roll"


Draw = tuple[str, int, int]
"""A live roll's commitment, draw number and entry (meneur.core.fair_dice)."""


def draws_of(entries: list[Entry], directory: Path, keys: dict[str, str]) -> list[Draw]:
    """The draws of ``entries``' live rolls, each seed checked against its session's
    key (``keys``: commitment → key, the sessions whose key is known); a Coup de poker
    goes on with its roll's draw and is not counted again.

    Raises:
        CampaignError: naming the chunk and the roll whose seed is not its draw's.
    """
    from meneur.core import fair_dice
    from meneur.core.systems import continued

    found: list[Draw] = []
    for entry in entries:
        roll = entry.roll
        if roll is None or "draw" not in roll:
            continue
        draw, committed, seed = roll.get("draw"), roll.get("commitment"), roll.get("seed")
        where = _chunk_of(entry, directory)
        if type(draw) is not int or draw < 1 or not isinstance(committed, str):
            raise CampaignError(
                where,
                "expected a draw number and a commitment",
                _roll_of(entry),
                message_key="campaign.draw",
            )
        key = keys.get(committed)
        if key is None:
            raise CampaignError(
                where,
                "names a session's dice no key is known for",
                _roll_of(entry),
                message_key="campaign.no_dice_key",
            )
        if seed != fair_dice.draw_seed(fair_dice.key_of(key), draw):
            raise CampaignError(
                where,
                f"its seed is not draw {draw} of its session's dice",
                _roll_of(entry),
                message_key="campaign.not_draw",
                values={"draw": draw},
            )
        if not continued(roll):  # a Coup de poker goes on with its roll's draw
            found.append((committed, draw, entry.id))
    return found


def check_journal(
    journal: Journal,
    *,
    replay: bool,
    parallel: bool = False,
    keys: dict[str, str] | None = None,
) -> tuple[int, int]:
    """Check every chunk of ``journal`` whole, in order (with ``parallel``, in worker
    processes for a long journal: only where the process may fork); the first
    problem found (in the journal's order) is the one raised. Returns how many entries
    and rolls. With ``replay``, every roll replays from its seed, and every live roll's
    seed is its draw's of the session's committed key (``keys``: commitment → key), no
    draw missing or taken twice (a roll made and thrown away, or made again).

    Raises:
        CampaignError: naming the chunk file and the entry.
    """
    journal.chunk_numbers()  # a gap between chunks is the first thing said
    known = keys or {}

    def work(entries: list[Entry]) -> tuple[int, int, list[Draw]]:
        if not replay:
            return len(entries), 0, []
        rolls = replay_rolls(entries, journal.directory)
        return len(entries), rolls, draws_of(entries, journal.directory, known)

    counts = list(each_chunk(journal, work, parallel=parallel))
    if replay:
        from meneur.core import fair_dice

        by_session: dict[str, list[Draw]] = {}
        for _, _, draws in counts:
            for draw in draws:
                by_session.setdefault(draw[0], []).append(draw)
        for draws in by_session.values():
            wrong = fair_dice.wrong_draws([draw for _, draw, _ in draws])
            if wrong:
                raise CampaignError(
                    journal.directory,
                    f"draw {wrong[0]} of a session's dice is missing or there twice "
                    "(a roll made and not written, or written twice)",
                    message_key="campaign.draw_twice",
                    values={"draw": wrong[0]},
                    names_file=True,
                )
    return sum(count for count, _, _ in counts), sum(rolls for _, rolls, _ in counts)


def check_edits(campaign: Campaign) -> None:
    """Check that every rewritten or struck entry is a note, reading the chunks that hold
    them (``meneur check`` does; an open only checks they exist).

    Raises:
        CampaignError: naming campaign.toml and the key.
    """
    for part in ("note_edits", "struck"):
        for key in campaign.state[part]:
            kind = campaign.journal.entry(int(key)).kind
            if kind != "note":
                raise CampaignError(
                    campaign.directory / STATE_FILE,
                    f"entry {key} is a {kind}: only a note is rewritten or struck",
                    f"{part}.{key}",
                    message_key="campaign.only_notes",
                    values={"id": key, "entry_kind": kind},
                )
