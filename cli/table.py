"""``meneur table``: who may join the campaign's shared table (its ``table.toml``).

The GM adds their own key and each player's (a key line, or the path of a ``.pub``
file), names them and gives them their characters; ``meneur serve`` reads the file again
at each login, so a change counts at once, even while the table is served.
"""

from __future__ import annotations

import argparse
from datetime import datetime
from typing import TYPE_CHECKING, Any

from meneur.play.campaigns import Campaign
from meneur.play.invites import VIEWER
from meneur.play.seating import TableFile, edit_table, key_line, read_table

from .campaigns import _directory
from .language import words_of
from .seats import governing
from .typed import key_of, word_of
from .usage import UsageError

if TYPE_CHECKING:
    from meneur.content.strings import Strings


def run_table(args: argparse.Namespace) -> str:
    """Show or change the table file; the text to print.

    Raises:
        UsageError: for a key that is not a key.
        CampaignError: for a campaign or table file that does not pass its check (the
            file is then left as it was).
    """
    directory = _directory(args.directory)
    campaign = Campaign.open(directory, write=False)
    try:
        governing(args, campaign)  # the GM's, even to list it (it names keys and codes)
        state = campaign.state
        verb = key_of("table_verb", args.table_verb) or args.table_verb
        words = words_of(args)
        # A refusal names the verb as its reader types it (meneur table retirer).
        command = f"meneur table {word_of('table_verb', verb, words.lang)}"
        if verb == "list":
            return describe(read_table(directory, state), words)
        if verb == "invites":
            return describe_invites(read_table(directory, state), campaign.clock(), words)
        key = None
        if getattr(args, "key", None):
            try:
                key = key_line(args.key)
            except (ValueError, OSError) as error:
                raise UsageError(command, "--key: {error}", error=error) from None

        from meneur.play.seating import gm_seating, seating

        # The GM's and a player's seat are made (and their names checked) before the lock.
        seated = None
        if verb == "gm":
            seated = gm_seating(name=args.name or "", key=key)
        elif verb == "player":
            seated = seating(args.ident, name=args.name or "", key=key, characters=args.character)

        def edit(document: dict[str, Any]) -> None:
            if seated is not None:
                seated(document)
            elif verb in ("revoke", "remove", "ban", "unban"):
                from meneur.play.seating import banning, removing, revoking, unbanning

                made = {"revoke": revoking, "remove": removing, "ban": banning}
                try:
                    made.get(verb, unbanning)(args.ident)(document)
                except KeyError:
                    raise UsageError(command, MISSING[verb], ident=args.ident) from None
            else:
                document["viewers"] = args.welcome

        table = edit_table(directory, state, edit, campaign.clock())
        if verb == "revoke":
            revoked = words.t("cli.revoked", ident=args.ident)
            return f"{revoked}\n{describe_invites(table, campaign.clock(), words)}"
        return describe(table, words)
    finally:
        campaign.close()


MISSING = {
    "revoke": "no invite {ident!r} (meneur table invites)",
    "remove": "no player {ident!r} at this table",
    "ban": "no player {ident!r} at this table",
    "unban": "nobody banned as {ident!r} (meneur table list)",
}


def describe_invites(table: TableFile | None, now: datetime, words: Strings) -> str:
    """The invites that still open a seat: id, seat, what is left of it, expiry, in the
    language of ``words``."""
    live = [] if table is None else [i for i in table.invites.values() if i.live(now)]
    if not live:
        return words.t("cli.no_invites")
    lines = []
    for invite in sorted(live, key=lambda i: i.expires):
        holder = (
            words.t("cli.viewer")
            if invite.seat == VIEWER
            else f"{table.names.get(invite.seat, invite.seat) if table else invite.seat}"
            f" ({words.t('cli.player', ident=invite.seat)})"
        )
        link = words.t("cli.link")
        doors = [link] if invite.code is None else [words.t("cli.ssh_code"), link]
        if invite.admit:
            doors.append(words.t("cli.admit"))
        when = invite.expires.astimezone(now.tzinfo).strftime("%Y-%m-%d %H:%M")
        lines.append(
            words.t(
                "cli.invite", ident=invite.ident, holder=holder, doors=", ".join(doors), when=when
            )
        )
    return "\n".join(lines)


def describe(table: TableFile | None, words: Strings) -> str:
    """Who may join, as whom, with how many keys, in the language of ``words``."""
    if table is None:
        return words.t("cli.no_table")
    counts: dict[str, int] = {}
    for seat in table.seats.values():
        counts[seat.name or ""] = counts.get(seat.name or "", 0) + 1
    lines = []
    for ident, name in table.names.items():
        found = next((s for s in table.seats.values() if s.name == ident), None)
        role = words.t("cli.gm") if ident == "gm" else words.t("cli.player", ident=ident)
        characters = ", ".join(sorted(found.characters)) if found is not None else ""
        keys = words.t("cli.keys", count=counts.get(ident, 0))
        line = f"{name} — {role} — {keys}"
        lines.append(f"{line} — {characters}" if characters else line)
    lines.append(words.t("cli.viewers_welcome" if table.viewers else "cli.viewers_refused"))
    for ident in table.banned:
        lines.append(words.t("cli.banned", ident=ident))
    return "\n".join(lines)
