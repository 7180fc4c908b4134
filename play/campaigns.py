"""The campaigns a front end opens: where they live (the user's data folder, the one
opened last), what a new one may be given (a rule system, options), and the open
campaign itself with what is read from it.

:class:`Campaign` is the open campaign every front end holds: it reads the state and the
journal, and every write it takes is checked for the seat under the lock
(:meth:`Campaign.append`). The actions a seat asks for are the other modules of
``meneur.play`` (story, rolls, sheets, seating…). These names live in
:mod:`meneur.saves` beside the files they read; front ends reach them only through
here, so what they may touch of that floor is this list.
"""

from __future__ import annotations

from meneur.saves.campaign import Campaign
from meneur.saves.entry_parts import (
    PUBLIC,
    Clock,
    Plan,
    Said,
    Secrecy,
    Update,
    Worded,
    dash,
    default_author,
    dotted,
    local_now,
)
from meneur.saves.locations import (
    current_campaign,
    data_dir,
    default_campaign,
    gone_campaign,
    remember,
)
from meneur.saves.schema import option_choices, options_of
from meneur.saves.state_reading import read_state, summary

__all__ = [
    "PUBLIC",
    "Campaign",
    "Clock",
    "Plan",
    "Said",
    "Secrecy",
    "Update",
    "Worded",
    "current_campaign",
    "dash",
    "data_dir",
    "default_author",
    "default_campaign",
    "dotted",
    "gone_campaign",
    "local_now",
    "option_choices",
    "options_of",
    "read_state",
    "remember",
    "summary",
]
