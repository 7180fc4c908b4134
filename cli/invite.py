"""``meneur invite``: a way in for one player (or a viewer), printed for the GM to pass on.

It prints, in the GM's language, the ``ssh`` command with a one-time code as the user
name, the browser link with its secret token, and (on a terminal) the link as a QR code
for a phone. The secrets are printed once and kept only as hashes (see
:mod:`meneur.play.invites`); ``meneur table invites`` lists what is live and ``meneur
table revoke`` ends one.
"""

from __future__ import annotations

import argparse
import json
import re
import socket
import sys
from datetime import timedelta

from meneur.content.outcomes import colon
from meneur.core.text import visible
from meneur.play.campaigns import Campaign
from meneur.play.invites import Issued, invite

from .campaigns import _directory
from .seats import seat_of
from .usage import UsageError

UNITS = {"m": 60, "h": 3600, "d": 86400}
LONGEST = timedelta(days=90)


def lifetime(text: str) -> timedelta:
    """``30m``, ``24h``, ``7d`` as a duration (a minute to 90 days).

    Raises:
        ValueError: saying what is expected.
    """
    found = re.fullmatch(r"(\d{1,6})([mhd])", text.strip())
    if found is None:
        raise ValueError(f"expected a number and m, h or d (30m, 24h, 7d), found {text!r}")
    span = timedelta(seconds=int(found[1]) * UNITS[found[2]])
    if not timedelta(minutes=1) <= span <= LONGEST:
        raise ValueError("from 1m to 90d")
    return span


WORDS = {
    "fr": {
        "title": "Invitation pour {who} — expire le {when}",
        "player": "{name} (joueur·euse{characters})",
        "viewer": "un·e spectateur·rice (lecture seule)",
        "ssh": "Terminal",
        "web": "Navigateur",
        "ssh_note": "la première clé qui s'en sert est attachée à sa place ; le code sert une fois",
        "plain_note": "-T : la table en lignes simples, pour un lecteur d'écran ou une plage "
        "braille ; ensuite : ssh -T -p {port} {user}@{host}",
        "admit": "Le MJ l'admet à son arrivée (ctrl+t dans son app).",
        "admitted": "Entre sans attendre le MJ (--admit).",
        "revoke": "Révoquer : meneur table revoke {ident}",
        "secret": "Ces deux secrets ne sont montrés qu'ici : à ne transmettre qu'à cette personne.",
        "api": "Un jeton d'API pour cette place (ni page ni terminal) :\n  flux : {feed}\n"
        "  actions (POST JSON) : {act}\nMontré ici seulement. Révoquer : meneur table revoke"
        " {ident}",
    },
    "en": {
        "title": "Invite for {who} — expires {when}",
        "player": "{name} (player{characters})",
        "viewer": "a viewer (read-only)",
        "ssh": "Terminal",
        "web": "Browser",
        "ssh_note": "the first key that uses it is bound to their seat; the code works once",
        "plain_note": "-T: the table as plain lines, for a screen reader or a braille "
        "display; from then on: ssh -T -p {port} {user}@{host}",
        "admit": "The GM lets them in when they arrive (ctrl+t in the GM's app).",
        "admitted": "Joins without waiting for the GM (--admit).",
        "revoke": "Revoke: meneur table revoke {ident}",
        "secret": "These two secrets are shown here only: pass them to this person alone.",
        "api": "An API token for this seat (no page, no terminal):\n  feed: {feed}\n"
        "  actions (POST JSON): {act}\nShown here only. Revoke: meneur table revoke {ident}",
    },
}


def run_invite(args: argparse.Namespace) -> int:
    """Make the invite and print it; the exit status.

    Raises:
        UsageError: for an expiry that is not one.
        CampaignError: for a campaign, table file or character that does not pass its
            check (nothing is written then).
    """
    from meneur.content.strings import default_language

    try:
        span = lifetime(args.expires)
    except ValueError as error:
        raise UsageError("meneur invite", "--expires: {error}", error=error) from None
    directory = _directory(args.directory)
    campaign = Campaign.open(directory, write=False)
    try:
        if args.viewer and args.character:
            raise UsageError("meneur invite", "--character is for a player, not a viewer")
        issued = invite(
            directory,
            campaign.state,
            seat=seat_of(args, campaign),  # the GM's alone: play refuses anyone else
            player=None if args.viewer else args.player,
            name=args.name or "",
            characters=args.character,
            now=campaign.clock(),
            lifetime=span,
            admit=args.admit,
            api=args.api,
        )
        characters = campaign.state.get("characters", {})
        names = [
            visible(str(characters.get(ident, {}).get("name", ident)))
            for ident in issued.characters
        ]
    finally:
        campaign.close()
    host = args.host or socket.gethostname()
    # Without a terminal (-T) the table is the plain seat: lines, edited by the player's
    # own terminal before they are sent (meneur.serve.plain_seat).
    plain = "-T " if args.plain else ""
    ssh = f"ssh {plain}-p {args.ssh_port} {issued.code}@{host}"
    base = args.url.rstrip("/") if args.url else f"http://{_host(host)}:{args.web_port}"
    url = f"{base}/?token={issued.token}"
    if args.api:  # no page, no terminal: the feed and the actions, with this token
        feed, act = f"{base}/feed?token={issued.token}", f"{base}/act?token={issued.token}"
        if args.json:
            said = {"invite": issued.ident, "seat": issued.seat, "api": True}
            said |= {"feed": feed, "act": act, "expires": issued.expires.isoformat()}
            print(json.dumps(said, ensure_ascii=False))
            return 0
        words = WORDS[args.lang or default_language()]
        print(words["api"].format(feed=feed, act=act, ident=issued.ident))
        return 0
    if args.json:
        print(
            json.dumps(
                {
                    "invite": issued.ident,
                    "seat": issued.seat,
                    "ssh": ssh,
                    "url": url,
                    "expires": issued.expires.isoformat(),
                    "admit": args.admit,
                },
                ensure_ascii=False,
            )
        )
        return 0
    lang = args.lang or default_language()
    reached = None
    if args.plain:
        reached = WORDS[lang]["plain_note"].format(port=args.ssh_port, user=args.player, host=host)
    print(describe(issued, ssh, url, names, lang, admit=args.admit, plain=reached))
    if args.qr or (args.qr is None and sys.stdout.isatty()):
        import segno

        segno.make(url, error="l").terminal(out=sys.stdout, compact=True, border=2)
    return 0


def describe(
    issued: Issued,
    ssh: str,
    url: str,
    characters: list[str],
    lang: str,
    *,
    admit: bool,
    plain: str | None = None,
) -> str:
    """The invite as the GM reads it (the QR code aside); ``plain``: how a player's
    plain seat is reached, said under the ssh command."""
    words = WORDS[lang]
    if issued.seat == "viewer":
        who = words["viewer"]
    else:
        listed = "".join(f", {name}" for name in characters)
        who = words["player"].format(name=visible(issued.name), characters=listed)
    when = issued.expires.strftime("%d/%m %H:%M" if lang == "fr" else "%Y-%m-%d %H:%M")
    lines = [
        words["title"].format(who=who, when=when),
        f"  {words['ssh']}{colon(lang)}{ssh}",
    ]
    if issued.seat != "viewer":
        lines.append(f"    ({words['ssh_note']})")
        if plain is not None:
            lines.append(f"    ({plain})")
    lines.append(f"  {words['web']}{colon(lang)}{url}")
    lines.append(words["admitted"] if admit else words["admit"])
    lines.append(words["secret"])
    lines.append(words["revoke"].format(ident=issued.ident))
    return "\n".join(lines)


def _host(host: str) -> str:
    return f"[{host}]" if ":" in host and not host.startswith("[") else host
