"""A quick NPC made on the table: a name from the shipped list (numbered when the
campaign already has it), the core's roll for the system, one journal entry."""

from __future__ import annotations

from typing import TYPE_CHECKING

from meneur.content import npc_names
from meneur.core.npcs import NpcInputs
from meneur.core.records import as_data
from meneur.play.characters import new_character
from meneur.saves.entry_parts import Worded

if TYPE_CHECKING:
    from meneur.play.session import Session
    from meneur.saves.journal import Entry


def free_name(session: Session) -> str:
    """A name no character of the campaign has, drawn from the session's dice."""
    taken = {c.get("name") for c in session.characters().values()}
    names = list(npc_names())
    name = names[session.rng.randrange(len(names))]
    number = 2
    candidate = name
    while candidate in taken:
        candidate, number = f"{name} {number}", number + 1
    return candidate


def make_npc(session: Session) -> tuple[str, Entry]:
    """Roll and journal a quick NPC; its id and the entry.

    Raises:
        CampaignError: when the campaign cannot be written.
    """
    name = free_name(session)
    record = session.roll(NpcInputs(session.campaign.system, name))
    sheet = as_data(record.sheet)
    assert isinstance(sheet, dict)
    character = {"name": name, "kind": "npc", "sheet": sheet}
    from meneur.play.sheets import summary_words

    summary = summary_words(session.campaign.system, session.options, sheet, items=12)
    text = Worded("sheet.npc_made", {"name": name, "summary": summary})
    # Its key is chosen under the lock, among the characters there are then.
    entry = session.record(record, new_character(name, character, text))
    assert entry.character is not None
    return entry.character, entry
