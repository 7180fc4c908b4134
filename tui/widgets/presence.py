"""Who is at a served table: a short list under the party (``meneur serve`` only).

The GM sees who is connected, as whom (the characters they play) and since when; a
player sees the others' names; what each is told is the table's rule
(:func:`meneur.core.table_rules.presence_for`), applied here before drawing.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable
from typing import Any

from textual.content import Content
from textual.message import Message
from textual.timer import Timer
from textual.widgets import Static

from meneur.core.table_rules import Present, presence_for
from meneur.play.session import Session

NOTICE_SECONDS = 6.0
"""How long the list's edge says who just came or went."""


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
        self._clear: Timer | None = None
        self._said: list[str] = []
        self._said_key = ""

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
        if not (event.joined or event.left):
            return
        if self.is_on_screen and self.screen is self.app.screen:
            # Said on the list's own edge, which changes no layout: a notice (a toast)
            # would cover a corner of the screen and lay out every screen at the table
            # again, twice, as a seat comes and goes (a roll waits behind that).
            # The latest change, with who else came (or went) within the notice's
            # time, the latest first (the edge cuts what does not fit); as written,
            # never read as markup.
            key = "serve.left_short" if event.left else "serve.joined_short"
            names = [self._called(p) for p in reversed(event.left or event.joined)]
            self._said = [*names, *(self._said if key == self._said_key else [])]
            self._said_key = key
            said = self.session.t(key, names=", ".join(self._said))
            self.border_subtitle = Content(said)
            if self._clear is not None:
                self._clear.stop()
            self._clear = self.set_timer(NOTICE_SECONDS, self._clear_notice)
            return
        # Folded away (a narrow terminal) or under another screen: a notice instead.
        for present in event.joined:
            self.notify(self.session.t("serve.joined", name=self._called(present)))
        for present in event.left:
            self.notify(self.session.t("serve.left", name=self._called(present)))

    def _called(self, present: Present) -> str:
        """How this screen calls ``present``: their name, or a GM given none by role."""
        return present.name or self.session.t("serve.gm")

    def _clear_notice(self) -> None:
        self.border_subtitle = ""
        self._clear = None
        self._said = []

    def _draw(self) -> None:
        characters: dict[str, Any] = self.session.campaign.state.get("characters", {})
        lines = []
        for present in self._known:
            seat = present.seat
            if seat.role == "gm":
                gm = self.session.t("serve.gm")
                who = f"{present.name} ({gm})" if present.name else gm
            elif seat.role == "viewer":
                who = self.session.t("serve.viewer")
            else:
                played = [
                    str(characters.get(c, {}).get("name", c)) for c in sorted(seat.characters)
                ]
                who = f"{present.name} ({', '.join(played)})" if played else present.name
            since = f" {present.since}" if present.since else ""
            lines.append(f"● {who}{since}")
        text = "\n".join(lines) or self.session.t("serve.nobody")
        if not self.size.width:
            self.update(text)
            return
        # Laid out again only when the list's height changes: with more people than it
        # shows (a big table), someone coming or going redraws this list alone, not
        # every widget of every screen at the table.
        before = self.outer_size.height
        self.update(text, layout=False)
        if self._height_for(self.content_size.width) != before:
            self.refresh(layout=True)

    def _height_for(self, width: int) -> int:
        """The height this list takes with what it holds now, drawn ``width`` wide."""
        content = self.get_content_height(self.container_size, self.app.size, width)
        height = content + self.styles.gutter.height
        most = self.styles.max_height
        if most is not None and most.is_cells:
            height = min(height, int(most.value))
        return height


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
