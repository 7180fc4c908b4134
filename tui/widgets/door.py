"""The GM's line at the door: "Bob wants to join — Admit / Refuse" (``meneur serve``).

Shown on the GM's own screen while someone who came through an invite waits
(:mod:`meneur.play.door`), first come first; hidden otherwise. While it is mounted the
GM answers knocks: a table served without the GM's app turns them away.
"""

from __future__ import annotations

from collections.abc import Callable

from textual import on
from textual.app import ComposeResult
from textual.containers import Horizontal, Vertical
from textual.content import Content
from textual.message import Message
from textual.widgets import Button, Static

from meneur.core.text import visible
from meneur.play.door import Door, Knock
from meneur.play.session import Session

from .button import ActionButton


class DoorBar(Vertical):
    """Who waits at the door, and the GM's two answers."""

    DEFAULT_CSS = """
    DoorBar {
        height: auto;
        padding: 0 1;
        background: $warning-muted;
        display: none;
        &.-knocking { display: block; }
        #knock { width: 1fr; height: auto; }
        #answers { height: 1; }
        ActionButton { margin-right: 1; }
    }
    """

    class Changed(Message):
        """Someone knocked or was answered (the door calls back outside the app)."""

    def __init__(self, session: Session, door: Door, *, id: str | None = None) -> None:
        super().__init__(id=id)
        self.session = session
        self.door = door
        self._unsubscribe: Callable[[], None] | None = None
        self._stop_answering: Callable[[], None] | None = None

    def compose(self) -> ComposeResult:
        yield Static("", id="knock")
        with Horizontal(id="answers"):
            yield ActionButton(self.session.t("serve.admit"), id="admit", variant="primary")
            yield ActionButton(self.session.t("serve.refuse"), id="refuse")

    def on_mount(self) -> None:
        self._stop_answering = self.door.answering()
        self._unsubscribe = self.door.subscribe(self._changed)
        self._draw()

    def _changed(self) -> None:
        self.post_message(self.Changed())

    def on_unmount(self) -> None:
        if self._unsubscribe is not None:
            self._unsubscribe()
        if self._stop_answering is not None:
            self._stop_answering()

    def on_door_bar_changed(self, event: DoorBar.Changed) -> None:
        self._draw()

    def first(self) -> Knock | None:
        """The knock answered next."""
        waiting = self.door.waiting()
        return waiting[0] if waiting else None

    def who(self, knock: Knock) -> str:
        """How the GM's screen names someone at the door."""
        t = self.session.t
        if knock.seat.role == "viewer":
            return t("serve.knock_viewer")
        characters = self.session.campaign.state.get("characters", {})
        names = [
            visible(str(characters.get(ident, {}).get("name", ident)))
            for ident in sorted(knock.seat.characters)
        ]
        return t(
            "serve.knock_player",
            name=visible(knock.name),
            characters="".join(f", {name}" for name in names),
        )

    def _draw(self) -> None:
        knock = self.first()
        self.set_class(knock is not None, "-knocking")
        if knock is None:
            return
        t = self.session.t
        text = t(
            "serve.knock",
            who=self.who(knock),
            via=t(f"serve.via_{knock.via}"),
            where=visible(knock.where),
        )
        others = len(self.door.waiting()) - 1
        if others:
            text += " " + t("serve.knock_more", count=others)
        self.query_one("#knock", Static).update(Content(text))
        self.app.bell()

    def answer(self, admit: bool) -> None:
        """Answer the first knock (nothing when nobody waits)."""
        knock = self.first()
        if knock is None:
            return
        self.door.answer(knock.ticket, admit)
        key = "serve.admitted" if admit else "serve.refused"
        self.notify(self.session.t(key, who=self.who(knock)))

    @on(Button.Pressed, "#admit")
    def _admit(self, event: Button.Pressed) -> None:
        event.stop()
        self.answer(True)

    @on(Button.Pressed, "#refuse")
    def _refuse(self, event: Button.Pressed) -> None:
        event.stop()
        self.answer(False)
