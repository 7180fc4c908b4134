"""Who is at a served table: a short list under the party (``meneur serve`` only).

The GM sees who is connected, as whom (the characters they play) and since when; a
player sees the others' names; what each is told is the table's rule
(:func:`meneur.core.table_rules.presence_for`), applied here before drawing.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable
from typing import Any

from textual.message import Message
from textual.widgets import Static

from meneur.core.table_rules import Present, presence_for
from meneur.play.session import Session


class PresenceList(Static):
    """The people connected to the table, as this screen's seat may know them."""

    DEFAULT_CSS = """
    PresenceList {
        height: auto;
        max-height: 8;
        border: round $panel-lighten-2;
        padding: 0 1;
        color: $text-muted;
    }
    """

    class Changed(Message):
        """Someone joined or left (posted from the server's side of the loop)."""

        def __init__(self, joined: tuple[Present, ...], left: tuple[Present, ...]) -> None:
            super().__init__()
            self.joined = joined
            self.left = left

    def __init__(self, session: Session, *, id: str | None = None) -> None:
        super().__init__("", id=id)
        self.session = session
        self._known: tuple[Present, ...] = ()
        self._unsubscribe: Callable[[], None] | None = None

    def on_mount(self) -> None:
        presence = self.session.presence
        assert presence is not None
        self.border_title = self.session.t("serve.at_table")
        self._known = self._visible()
        self._draw()
        # The registry calls back outside this app's context: only post a message.
        self._unsubscribe = presence.subscribe(self._presence_changed)

    def on_unmount(self) -> None:
        if self._unsubscribe is not None:
            self._unsubscribe()

    def _visible(self) -> tuple[Present, ...]:
        presence = self.session.presence
        return () if presence is None else presence_for(self.session.seat, presence.everyone())

    def _presence_changed(self) -> None:
        now = self._visible()
        # Counted by person, not by what they play: one given other characters (the
        # GM gave them one) neither left nor joined. Two connections of one person
        # (a phone and a laptop) count twice.
        before = Counter(_person(p) for p in self._known)
        after = Counter(_person(p) for p in now)
        joined = _beyond(now, before)
        left = _beyond(self._known, after)
        self._known = now
        self.post_message(self.Changed(joined, left))

    def on_presence_list_changed(self, event: PresenceList.Changed) -> None:
        self._draw()
        # This screen's own seat was there when it was first drawn: only others are said.
        for present in event.joined:
            self.notify(self.session.t("serve.joined", name=present.name))
        for present in event.left:
            self.notify(self.session.t("serve.left", name=present.name))

    def _draw(self) -> None:
        characters: dict[str, Any] = self.session.campaign.state.get("characters", {})
        lines = []
        for present in self._known:
            seat = present.seat
            if seat.role == "gm":
                who = f"{present.name} ({self.session.t('serve.gm')})"
            elif seat.role == "viewer":
                who = self.session.t("serve.viewer")
            else:
                played = [
                    str(characters.get(c, {}).get("name", c)) for c in sorted(seat.characters)
                ]
                who = f"{present.name} ({', '.join(played)})" if played else present.name
            since = f" {present.since}" if present.since else ""
            lines.append(f"● {who}{since}")
        self.update("\n".join(lines) or self.session.t("serve.nobody"))


def _person(present: Present) -> tuple[str, str | None, str]:
    """Who is connected, whatever they play."""
    return (present.seat.role, present.seat.name, present.name)


def _beyond(
    listed: tuple[Present, ...], counted: Counter[tuple[str, str | None, str]]
) -> tuple[Present, ...]:
    """Those of ``listed`` that ``counted`` does not account for (each person as many
    times as ``counted`` has them, the first ones)."""
    left = Counter(counted)
    extra = []
    for present in listed:
        if left[_person(present)] > 0:
            left[_person(present)] -= 1
        else:
            extra.append(present)
    return tuple(extra)
