"""``meneur table``: who may join the campaign's shared table (its ``table.toml``).

The GM adds their own key and each player's (a key line, or the path of a ``.pub``
file), names them and gives them their characters; ``meneur serve`` reads the file again
at each login, so a change counts at once, even while the table is served.
"""

from __future__ import annotations

import argparse
from datetime import datetime
from typing import Any

from meneur.play.campaigns import Campaign
from meneur.play.invites import VIEWER
from meneur.play.seating import TableFile, edit_table, key_line, read_table

from .campaigns import _directory
from .seats import governing
from .usage import UsageError


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
        verb = args.table_verb
        if verb == "list":
            return describe(read_table(directory, state))
        if verb == "invites":
            return describe_invites(read_table(directory, state), campaign.clock())
        key = None
        if getattr(args, "key", None):
            try:
                key = key_line(args.key)
            except (ValueError, OSError) as error:
                raise UsageError(f"meneur table {verb}", f"--key: {error}") from None

        from meneur.play.seating import seating

        def edit(document: dict[str, Any]) -> None:
            if verb == "gm":
                gm = document.setdefault("gm", {})
                if args.name:
                    gm["name"] = args.name
                if key is not None and key not in gm.setdefault("keys", []):
                    gm["keys"].append(key)
            elif verb == "player":
                seat = seating(args.ident, name=args.name or "", key=key, characters=args.character)
                seat(document)
            elif verb in ("revoke", "remove", "ban", "unban"):
                from meneur.play.seating import banning, removing, revoking, unbanning

                made = {"revoke": revoking, "remove": removing, "ban": banning}
                try:
                    made.get(verb, unbanning)(args.ident)(document)
                except KeyError:
                    said = MISSING[verb].format(args.ident)
                    raise UsageError(f"meneur table {verb}", said) from None
            else:
                document["viewers"] = args.welcome

        table = edit_table(directory, state, edit, campaign.clock())
        if verb == "revoke":
            return f"invitation {args.ident} révoquée (revoked)\n" + describe_invites(
                table, campaign.clock()
            )
        return describe(table)
    finally:
        campaign.close()


MISSING = {
    "revoke": "no invite {!r} (meneur table invites)",
    "remove": "no player {!r} at this table",
    "ban": "no player {!r} at this table",
    "unban": "nobody banned as {!r} (meneur table list)",
}


def describe_invites(table: TableFile | None, now: datetime) -> str:
    """The invites that still open a seat: id, seat, what is left of it, expiry."""
    live = [] if table is None else [i for i in table.invites.values() if i.live(now)]
    if not live:
        return "aucune invitation en cours (no live invites): meneur invite --player ID"
    lines = []
    for invite in sorted(live, key=lambda i: i.expires):
        holder = (
            "spectateur (viewer)"
            if invite.seat == VIEWER
            else f"{table.names.get(invite.seat, invite.seat) if table else invite.seat}"
            f" (joueur/player {invite.seat})"
        )
        doors = ["lien (link)"] if invite.code is None else ["code ssh", "lien (link)"]
        if invite.admit:
            doors.append("sans attendre (--admit)")
        when = invite.expires.astimezone(now.tzinfo).strftime("%Y-%m-%d %H:%M")
        lines.append(f"{invite.ident} — {holder} — {', '.join(doors)} — expire {when}")
    return "\n".join(lines)


def describe(table: TableFile | None) -> str:
    """Who may join, as whom, with how many keys."""
    if table is None:
        return "pas de table.toml : personne ne peut rejoindre (no table.toml: nobody may join)"
    counts: dict[str, int] = {}
    for seat in table.seats.values():
        counts[seat.name or ""] = counts.get(seat.name or "", 0) + 1
    lines = []
    for ident, name in table.names.items():
        found = next((s for s in table.seats.values() if s.name == ident), None)
        role = "MJ (GM)" if ident == "gm" else f"joueur (player) {ident}"
        characters = ", ".join(sorted(found.characters)) if found is not None else ""
        keys = counts.get(ident, 0)
        line = f"{name} — {role} — {keys} clé(s) (keys)"
        lines.append(f"{line} — {characters}" if characters else line)
    welcome = "bienvenue (welcome)" if table.viewers else "refusés (refused)"
    lines.append(f"spectateurs (viewers) : {welcome}")
    for ident in table.banned:
        lines.append(f"{ident} — banni·e (banned): meneur table unban {ident}")
    return "\n".join(lines)
