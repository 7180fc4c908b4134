"""Every action a seat takes on a campaign, as one function each: it takes the campaign,
the seat acting and the request; decides who may; plans the entry from the state read
under the lock (a unit of work: :meth:`meneur.saves.campaign.Campaign.work`); and writes
it through :func:`meneur.play.act.writing.write`, the one path every entry passes.

Front ends (the app, the served seats, the stream, the CLI) write only through these:
``tests/test_architecture.py`` forbids them every writing method of a campaign. A new
action is one function here (or in its system's play room, for a rule system's own);
``docs/architecture.md`` follows one from a key press to every screen.

- :mod:`.entries`: a roll (and the random event a yes/no answer brings), a planned
  change, a value set, a note and its edit or strike, a roll left out of the luck, a
  session or scene;
- :mod:`.draws`: the session's committed dice, drawn in order;
- :mod:`.history`: undo and redo;
- :mod:`.turns`: the GM's requests for a roll, turns of secret choices;
- :mod:`.permissions`: who may write what (the table's rules, :mod:`meneur.core.table_rules`).
"""

from __future__ import annotations

from .draws import next_draw
from .entries import (
    change,
    count_roll,
    edit_note,
    event,
    mark,
    note,
    roll,
    set_value,
    strike_note,
)
from .history import redo, undo
from .turns import (
    choose,
    open_phase,
    open_phases,
    open_requests,
    phase,
    request_roll,
    reveal_phase,
)

__all__ = [
    "change",
    "choose",
    "count_roll",
    "edit_note",
    "event",
    "mark",
    "next_draw",
    "note",
    "open_phase",
    "open_phases",
    "open_requests",
    "phase",
    "redo",
    "request_roll",
    "reveal_phase",
    "roll",
    "set_value",
    "strike_note",
    "undo",
]
