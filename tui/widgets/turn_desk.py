"""The table's turns of secret choices (meneur.core.phases) and the GM's roll requests: a
turn opened (F7), each player asked for their characters' choices once, the choices
revealed all at once on every screen; the characters a request or a turn asks; a player
seated at the shared table.

A widget of the table screen that shows nothing: it asks in dialogs, writes through
``meneur.play.act`` and says what it wrote (:class:`TurnDesk.Written`) or whom a player
now acts as (:class:`TurnDesk.ActAs`) by messages the table handles."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import TYPE_CHECKING, Any

from textual import work
from textual.message import Message

from meneur.core.table_rules import Present
from meneur.play.errors import CampaignError

from .desk import Desk

if TYPE_CHECKING:
    from meneur.play.journal import Entry
    from meneur.play.session import Session


class TurnDesk(Desk):
    """The table's turns of secret choices, the GM's roll requests and the players seated:
    F7 and the palette's, and the choices asked of a player as a turn opens."""

    class ActAs(Message):
        """A player answers a request for a roll: the table makes ``character`` the one
        who acts, in the Action tab."""

        def __init__(self, character: str) -> None:
            super().__init__()
            self.character = character

    def __init__(self, session: Session) -> None:
        super().__init__(session)
        self._offered: set[tuple[str, str]] = set()
        """The choices and requests this screen asked of its player already."""

    def announce_reveals(self, entries: Iterable[Entry]) -> None:
        """A turn revealed by anyone is said on every screen, all choices at once."""
        from meneur.play.journal import seen

        for entry in seen(self.session.campaign, self.session.seat.viewer, entries):
            if entry.kind == "reveal":
                self.notify(entry.text, title=self.t("turn.revealed"), timeout=15)

    def _mine(self, character: str) -> bool:
        seat = self.session.seat
        return seat.role == "gm" or character in seat.characters

    def offer_choices(self) -> None:
        """Ask this screen's player for their characters' choices in an open turn, once
        each (F7 asks again); the GM is asked only through F7."""
        from meneur.play import act

        if self.session.seat.role != "player" or self.app.screen is not self.screen:
            return
        for ident, prompt, owed in act.open_requests(self.session.campaign):
            for character in owed:
                key = (f"request {ident}", character)
                if key in self._offered or not self._mine(character):
                    continue
                self._offered.add(key)
                self._ask_roll(prompt, character)
                return
        for ident, phase in act.open_phases(self.session.campaign):
            for character in phase.characters:
                key = (ident, character)
                if character in phase.chosen or key in self._offered or not self._mine(character):
                    continue
                self._offered.add(key)
                self._ask_choice(ident, character)
                return  # one dialog at a time; the next comes once this one is answered

    def _ask_roll(self, prompt: str, character: str) -> None:
        """The GM asked ``character`` for a roll: say so; Enter makes them the one who
        acts in the Action tab, where the player sets up the test and rolls (that roll
        answers the request)."""
        from meneur.tui.screens.dialogs import ListDialog

        name = self.session.characters().get(character, {}).get("name", character)

        def answered(index: int | None) -> None:
            if index is not None:
                self.post_message(self.ActAs(character))

        self.app.push_screen(
            ListDialog(
                self.t("request.asked", prompt=prompt),
                [self.t("request.roll_for", name=name)],
                hint=self.t("request.hint"),
            ),
            answered,
        )

    def _ask_choice(self, ident: str, character: str) -> None:
        """The dialog where ``character``'s choice for turn ``ident`` is made in secret."""
        from meneur.play import act
        from meneur.tui.screens.dialogs import ListDialog, TextDialog

        phase = act.phase(self.session.campaign, ident)
        name = self.session.characters().get(character, {}).get("name", character)
        title = self.t("turn.choose", name=name, prompt=phase.prompt)

        def chosen(choice: str | None) -> None:
            if choice is None:
                return
            try:
                entries = act.choose(
                    self.session.campaign, self.session.seat, ident, character, choice
                )
            except CampaignError as error:
                self.notify(self.t("app.error", message=self.explain(error)), severity="error")
                return
            self.notify(self.t("turn.sealed", name=name, choice=choice))
            self.announce_reveals(entries[1:])
            self.post_message(self.Written(entries))

        if phase.options:
            self.app.push_screen(
                ListDialog(title, list(phase.options), hint=self.t("turn.secret_hint")),
                lambda index: chosen(None if index is None else phase.options[index]),
            )
        else:
            self.app.push_screen(
                TextDialog(title, self.t("turn.answer"), hint=self.t("turn.secret_hint")),
                lambda text: chosen(text.strip() if text and text.strip() else None),
            )

    def action_turn(self) -> None:
        """F7: the GM opens a turn of secret choices or asks everyone for a roll, or sees
        who has chosen and reveals; a player answers what the GM asked of them."""
        from meneur.play import act
        from meneur.tui.screens.dialogs import ListDialog

        campaign = self.session.campaign
        open_phases = act.open_phases(campaign)
        if self.session.seat.role == "player":
            for _, prompt, owed in act.open_requests(campaign):
                for character in owed:
                    if self._mine(character):
                        self._ask_roll(prompt, character)
                        return
            for ident, phase in open_phases:
                for character in phase.characters:
                    if self._mine(character) and character not in phase.chosen:
                        self._ask_choice(ident, character)
                        return
            self.notify(self.t("turn.nothing_to_choose"), severity="warning")
            return
        if self.session.seat.role != "gm":
            return
        if not open_phases:

            def started(index: int | None) -> None:
                if index == 0:
                    self._open_turn()
                elif index == 1:
                    self._request_roll()

            self.app.push_screen(
                ListDialog(self.t("turn.gm_title"), [self.t("turn.new"), self.t("request.new")]),
                started,
            )
            return
        ident, phase = open_phases[-1]
        characters = self.session.characters()
        lines = [
            ("✓ " if c in phase.chosen else "… ") + str(characters.get(c, {}).get("name", c))
            for c in phase.characters
        ]
        lines.append(self.t("turn.reveal_now"))

        def picked(index: int | None) -> None:
            if index is None:
                return
            if index < len(phase.characters):
                character = phase.characters[index]
                if character not in phase.chosen:
                    self._ask_choice(ident, character)
                return
            try:
                entry = act.reveal_phase(campaign, self.session.seat, ident)
            except CampaignError as error:
                self.notify(self.t("app.error", message=self.explain(error)), severity="error")
                return
            self.announce_reveals([entry])
            self.post_message(self.Written([entry]))

        self.app.push_screen(ListDialog(self.t("turn.status", prompt=phase.prompt), lines), picked)

    @work
    async def _open_turn(self) -> None:
        """The GM's new turn: its prompt and options (SYSTEMJ: Action / Mouvement; none:
        a free answer each); who chooses: the players' characters at a served table,
        else every player character."""
        from meneur.play import act
        from meneur.tui.screens.dialogs import TextDialog

        campaign = self.session.campaign
        number = len(campaign.state.get("phases", {})) + 1
        prompt = await self.app.push_screen_wait(
            TextDialog(
                self.t("turn.open_title"),
                self.t("turn.prompt"),
                self.t("turn.default_prompt", number=number),
                hint=self.t("app.dialog_hint"),
            )
        )
        if prompt is None:
            return
        from meneur.play.systems import system

        default = " / ".join(system(campaign.system).turn_choices)
        options = await self.app.push_screen_wait(
            TextDialog(
                self.t("turn.open_title"),
                self.t("turn.options"),
                default,
                hint=self.t("app.dialog_hint"),
            )
        )
        if options is None:
            return
        try:
            entry = act.open_phase(
                campaign,
                self.session.seat,
                prompt,
                [o for o in options.split("/") if o.strip()],
                self._choosers(),
            )
        except CampaignError as error:
            self.notify(self.t("app.error", message=self.explain(error)), severity="error")
            return
        self.post_message(self.Written([entry]))

    @work
    async def _request_roll(self) -> None:
        """The GM asks the table's characters for a roll ("everyone, a Chance test")."""
        from meneur.play import act
        from meneur.tui.screens.dialogs import TextDialog

        prompt = await self.app.push_screen_wait(
            TextDialog(
                self.t("request.new"),
                self.t("request.prompt"),
                hint=self.t("app.dialog_hint"),
            )
        )
        if not prompt or not prompt.strip():
            return
        try:
            entry = act.request_roll(
                self.session.campaign, self.session.seat, prompt, self._choosers()
            )
        except CampaignError as error:
            self.notify(self.t("app.error", message=self.explain(error)), severity="error")
            return
        self.post_message(self.Written([entry]))

    @work
    async def action_seat_player(self) -> None:
        """The GM seats a player at the shared table (table.toml, checked before it is
        written, counted at their next login): id, name, public key, characters."""
        from meneur.play.seating import edit_table, key_line
        from meneur.tui.screens.dialogs import TextDialog

        if self.session.seat.role != "gm":
            self.notify(self.t("seat.gm_only"), severity="warning")
            return

        def check_key(text: str) -> str | None:
            try:
                key_line(text)
            except (ValueError, OSError) as error:
                return str(error)
            return None

        def check_name(text: str) -> str | None:
            from meneur.core.errors import RulesError
            from meneur.core.names import check_name as rule

            try:  # the rule of every name, said in the dialog
                rule(text.strip(), "player")
            except RulesError as error:
                return self.explain(error)
            return None

        answers = []
        for field, check in (
            ("ident", None),
            ("name", check_name),
            ("key", check_key),
            ("characters", None),
        ):
            answer = await self.app.push_screen_wait(
                TextDialog(
                    self.t("seat.title"),
                    self.t(f"seat.{field}"),
                    check=check,
                    hint=self.t("app.dialog_hint"),
                )
            )
            if answer is None:
                return
            answers.append(answer.strip())
        ident, name, key, characters = answers
        wanted = [c.strip() for c in characters.replace(",", " ").split() if c.strip()]

        from meneur.play.seating import seating

        campaign = self.session.campaign
        try:
            seat = seating(ident, name=name, key=key_line(key), characters=wanted)
            edit_table(campaign.directory, campaign.state, seat)
        except (CampaignError, ValueError, OSError) as error:
            self.notify(self.t("app.error", message=self.explain(error)), severity="error")
            return
        self.notify(self.t("seat.done", name=name or ident))

    @work
    async def action_manage_seats(self) -> None:
        """The GM governs who sits at the served table: a person's session ended, or the
        person removed or banned (every seat of theirs ends at once, on every process:
        the table file says so)."""
        from meneur.play.seating import banning, govern, removing
        from meneur.tui.screens.dialogs import ListDialog

        presence = self.session.presence
        if presence is None or self.session.seat.role != "gm":
            self.notify(self.t("seat.gm_only"), severity="warning")
            return
        others = [p for p in presence.everyone() if p.seat.role != "gm" and p.session]
        if not others:
            self.notify(self.t("serve.nobody"))
            return
        lines = [self._present_line(p) for p in others]
        chosen = await self.app.push_screen_wait(ListDialog(self.t("serve.manage_title"), lines))
        if not isinstance(chosen, int):
            return
        present = others[chosen]
        player = present.seat.name if present.seat.role == "player" else None
        actions = [("end", self.t("serve.end_session"))]
        if player is not None:
            actions += [
                ("remove", self.t("serve.remove", name=present.name)),
                ("ban", self.t("serve.ban", name=present.name)),
            ]
        picked = await self.app.push_screen_wait(
            ListDialog(lines[chosen], [words for _, words in actions])
        )
        if not isinstance(picked, int):
            return
        verb = actions[picked][0]
        if verb == "end":
            presence.end(present)
            self.notify(self.t("serve.done_ended", name=present.name))
            return
        assert player is not None
        campaign = self.session.campaign
        edit = removing(player) if verb == "remove" else banning(player)
        try:
            govern(campaign.directory, campaign.state, self.session.seat, edit, campaign.clock())
        except KeyError:
            self.notify(self.t("serve.done_removed", name=present.name))  # gone already
            return
        except CampaignError as error:
            self.notify(self.t("app.error", message=self.explain(error)), severity="error")
            return
        self.notify(self.t(f"serve.done_{verb}d", name=present.name))

    @work
    async def action_give_character(self) -> None:
        """The GM gives a character to a player of the table (a removed player's, or
        one player's to another), or keeps it: the one who played it plays it no more
        (their seats follow the table file at once)."""
        from meneur.play.seating import giving, govern, read_table
        from meneur.tui.screens.dialogs import ListDialog

        if self.session.seat.role != "gm":
            self.notify(self.t("seat.gm_only"), severity="warning")
            return
        campaign = self.session.campaign
        try:
            table = read_table(campaign.directory, campaign.state)
        except CampaignError as error:
            self.notify(self.t("app.error", message=self.explain(error)), severity="error")
            return
        characters = self.session.characters()
        players = dict(table.players) if table is not None else {}
        names = {p: str(table.names.get(p) or p) for p in players} if table is not None else {}
        played = {c: names[p] for p, seat in players.items() for c in seat.characters}
        idents = _player_characters(characters)
        if not idents or not players:
            self.notify(self.t("serve.give_none"), severity="warning")
            return
        lines = [
            self.t(
                "serve.give_line",
                character=str(characters[c].get("name", c)),
                player=played.get(c, self.t("serve.nobody")),
            )
            for c in idents
        ]
        chosen = await self.app.push_screen_wait(ListDialog(self.t("serve.give_title"), lines))
        if not isinstance(chosen, int):
            return
        character = idents[chosen]
        name = str(characters[character].get("name", character))
        whom = sorted(players, key=lambda p: names[p].casefold())
        picked = await self.app.push_screen_wait(
            ListDialog(
                self.t("serve.give_whom", character=name),
                [names[p] for p in whom] + [self.t("serve.give_keep")],
            )
        )
        if not isinstance(picked, int):
            return
        to = whom[picked] if picked < len(whom) else None
        try:
            govern(campaign.directory, campaign.state, self.session.seat, giving(character, to))
        except (CampaignError, KeyError) as error:
            self.notify(self.t("app.error", message=self.explain(error)), severity="error")
            return
        if to is None:
            self.notify(self.t("serve.done_kept", character=name))
        else:
            self.notify(self.t("serve.done_given", character=name, name=names[to]))

    def _present_line(self, present: Present) -> str:
        """A connection as the GM reads it: who (as whom), from where, since when."""
        characters = self.session.characters()
        played = [
            str(characters.get(c, {}).get("name", c)) for c in sorted(present.seat.characters)
        ]
        who = self.t("serve.viewer") if present.seat.role == "viewer" else present.name
        if played:
            who += f" ({', '.join(played)})"
        return " · ".join(part for part in (who, present.where, present.since) if part)

    def _choosers(self) -> list[str]:
        """Who chooses in a new turn: the characters of the players at the table (when
        it is served and some are), else every player character, in the party's order."""
        characters = self.session.characters()
        presence = self.session.presence
        seated: set[str] = set()
        if presence is not None:
            for present in presence.everyone():
                seated |= set(present.seat.characters)
        chosen = [c for c in characters if c in seated]
        if chosen:
            return chosen
        return _player_characters(characters) or list(characters)


def _player_characters(characters: Mapping[str, Mapping[str, Any]]) -> list[str]:
    """The player characters among ``characters`` (not the NPCs), in the party's order."""
    return [c for c, data in characters.items() if data.get("kind", "pc") == "pc"]
