"""What the table screen's commands share (:class:`Desk`): a widget that shows nothing,
asks in dialogs, writes through ``meneur.play.act`` and says what it wrote with
:class:`Desk.Written`, which the table shows.

Each desk imports ``meneur.play.act`` in the methods that write: the desks are made
with the table, whose first frame writes nothing (issue 62: a module fewer to import
before it is drawn)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from textual.message import Message
from textual.widget import Widget

from meneur.play.session import SessionStrings

if TYPE_CHECKING:
    # Only named in annotations: the journal's reading is imported when entries are
    # first shown, after the table's first frame.
    from meneur.play.journal import Entry
    from meneur.play.session import Session


class Desk(SessionStrings, Widget):
    """A part of the table that shows nothing: the story's commands, the turns, the
    journal's requests."""

    DEFAULT_CSS = "Desk { display: none; }"

    class Written(Message):
        """Entries a desk wrote, for the table to show (the party and panel follow)."""

        def __init__(self, entries: list[Entry]) -> None:
            super().__init__()
            self.entries = entries

    def __init__(self, session: Session) -> None:
        super().__init__()
        self.session = session
