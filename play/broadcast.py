"""The stream's picture as data: what a broadcast page draws and what the table's feed
sends (overlays, chat bots, stream decks), for one viewer, in one language.

Everything here goes through :mod:`meneur.play.views` first: the viewer's seat decides
which entries and which parts of the state it ever receives, so a viewer's feed holds
exactly what the audience may see. What it holds is words in the reader's language and
plain numbers, never an entry's number, a character's key, a seat's key or an account:
an entry's number would tell how many entries the audience does not see.

Its shape (documented in docs/reference/feed.md):

- ``campaign``, ``lang``;
- ``scene``: ``{"title", "tension", "tension_said"}``, each possibly empty;
- ``roll``: the last roll the viewer may see, or None: ``{"who", "text", "dice",
  "result", "tone", "chance", "secret", "fairness"}``, ``dice`` a list of ``{"face",
  "sides", "kept", "role"}`` and ``tone`` one of ``success``, ``failure``, ``pending``,
  ``neutral``;
- ``party``: ``[{"name", "summary"}]``; ``trackers``: ``[{"name", "shown"}]``;
- ``story``: the last lines of the story, oldest first: ``[{"text", "result", "tone",
  "secret"}]`` (``secret``: an announced secret, said only as something that happened);
- ``fairness``: ``{"committed": bool, "verified": int, "said": str}``;
- ``luck``: this session's rolls against their exact odds: ``{"rolls", "successes",
  "expected", "said", "luck", "short"}`` (``said``, ``luck`` and ``short`` in words).
"""

from __future__ import annotations

from collections.abc import Mapping
from fractions import Fraction
from typing import Any

from meneur.content.outcomes import percent_text, style_class, typeset_number
from meneur.content.strings import Strings
from meneur.core.text import visible
from meneur.core.visibility import Viewer

from .campaigns import Campaign
from .journal import Entry, last_seen
from .reading import dice_shown, odds_before, read_entry, secret_reading
from .sheets import sheet_summary
from .story import current_scene, tension_of
from .views import state_for

STORY_LINES = 12
"""Lines of the story a picture carries (a broadcast page shows as many as it holds
whole: six under the card and the party at 1080p, twice that in the party's column
when there is no party)."""
LOOKBACK = 200
"""Entries the viewer may see read back to find the last roll and the story's last
lines (counted in what it sees: see :func:`visible_entries`)."""
SHOWN_KINDS = ("roll", "oracle", "creation", "note", "session", "scene")
"""What an audience reads: the story, not the bookkeeping (edits, undos)."""


def visible_entries(campaign: Campaign, viewer: Viewer, count: int = LOOKBACK) -> list[Entry]:
    """The last ``count`` entries of ``campaign`` that ``viewer`` may see, oldest first.

    Counted in what the viewer sees, never in the journal's entries: the journal's last
    entries filtered after hold fewer as the GM writes secrets, and an audience would
    watch its story and last roll go (how soon telling it how many)."""
    return last_seen(campaign, viewer, count)


def stream_view(
    campaign: Campaign, viewer: Viewer, strings: Strings, *, lines: int = STORY_LINES
) -> dict[str, Any]:
    """The picture of ``campaign`` for ``viewer``, in the language of ``strings`` (see
    the module for its shape). Reads only: no lock is taken, no byte written."""
    entries = visible_entries(campaign, viewer)
    state = state_for(viewer, campaign.state, campaign.journal)
    rolls = [e for e in entries if e.roll is not None or e.redacted]
    last = rolls[-1] if rolls else None
    # An announced secret is in the story whatever it holds (a roll, a note, a table's
    # result): its entry reads "secret" to the audience, which is no kind of the story's.
    story = [
        e
        for e in entries
        if e is not last and (e.kind in SHOWN_KINDS or e.redacted) and not campaign.is_struck(e)
    ]
    return {
        "campaign": visible(campaign.name),
        "lang": strings.lang,
        "scene": _scene(campaign, viewer, state, strings),
        "roll": None if last is None else roll_card(last, campaign, strings),
        "party": party_of(campaign, state, strings.lang),
        "trackers": trackers_of(state),
        "story": [_line(e, campaign, strings) for e in story[-lines:]] if lines else [],
        "fairness": _fairness(state, entries, strings),
        "luck": luck(campaign, viewer, entries, strings),
        "waiting": strings.t("watch.waiting"),
    }


def roll_card(entry: Entry, campaign: Campaign, strings: Strings) -> dict[str, Any]:
    """The last roll as a card: who, what they tried, its dice, the outcome in words and
    its tone (for colour), the chance it had in words that cannot be misread; for an
    announced secret, only that it happened."""
    if entry.redacted or entry.roll is None:
        return {
            "who": "",
            "text": secret_reading(entry, strings.t, campaign),
            "dice": [],
            "result": "",
            "tone": "neutral",
            "chance": "",
            "secret": True,
            "fairness": "",
        }
    roll = dict(entry.roll)
    reading = read_entry(entry, campaign, strings.t)
    chance = odds_before(roll)
    who = _who(entry, campaign)
    # The card names who in big letters: the test's words need not say it again.
    text = reading.text.removeprefix(f"{who} — ") if who else reading.text
    return {
        "who": who,
        "text": visible(text),
        "dice": _dice(roll, strings),
        "result": visible(reading.result),
        "tone": _tone(reading.outcome),
        "chance": (
            strings.t("watch.odds", percent=percent_text(chance, strings.lang))
            if isinstance(chance, Fraction)
            else ""
        ),
        "secret": False,
        "fairness": _roll_fairness(roll, campaign.state.get("dice", {}), strings),
    }


PHYSICAL_SIDES = (2, 3, 4, 6, 8, 10, 12, 20, 100, "F")
"""Dice a table holds in its hand: drawn large. A table's weighted pick (a "d54") is no
die anyone throws, and stays in the result's words."""


def _dice(roll: Mapping[str, Any], strings: Strings) -> list[dict[str, Any]]:
    """The roll's dice as the card draws them: each with its size (``d6``, ``dF``), its
    face, whether the rule kept it, and its role in the reader's words."""
    raw = [d for d in roll.get("dice", ()) if isinstance(d, Mapping)]
    drawn = []
    for die, shown in zip(raw, dice_shown(roll, strings.t), strict=False):
        sides = die.get("sides")
        if sides not in PHYSICAL_SIDES:
            continue
        drawn.append(
            {
                "face": shown.face.strip("[]"),
                "sides": "dF" if sides == "F" else f"d{sides}",
                "kept": shown.kept is not False,
                "role": shown.role,
            }
        )
    return drawn


def _tone(outcome: str | None) -> str:
    return "neutral" if outcome is None else style_class(outcome)


def _who(entry: Entry, campaign: Campaign) -> str:
    """The character who acted, by name (never a key); "" when none is named."""
    if not entry.character:
        return ""
    character = campaign.state.get("characters", {}).get(entry.character, {})
    return visible(str(character.get("name", ""))) if isinstance(character, Mapping) else ""


def _scene(
    campaign: Campaign, viewer: Viewer, state: Mapping[str, Any], strings: Strings
) -> dict[str, Any]:
    title = current_scene(campaign, viewer) or ""
    said: dict[str, Any] = {"title": visible(title), "tension": None, "tension_said": ""}
    if state.get("options", {}).get("solo"):
        tension = tension_of(state)
        name = strings.term(f"solo.tension.{tension}")
        said["tension"] = tension
        said["tension_said"] = strings.t("broadcast.tension", value=tension, name=name)
    return said


def scene_line(campaign: Campaign, viewer: Viewer, strings: Strings) -> str:
    """The scene and the tension on one line, as ``viewer`` may know them ("" when no
    scene is under way and the solo toolkit is off)."""
    state = state_for(viewer, campaign.state, campaign.journal)
    scene = _scene(campaign, viewer, state, strings)
    return " · ".join(part for part in (scene["title"], scene["tension_said"]) if part)


def party_of(campaign: Campaign, state: Mapping[str, Any], lang: str) -> list[dict[str, str]]:
    """The player characters of ``state`` (a view's: :func:`state_for`), each by name with
    its main values in ``lang``."""
    options = state.get("options", {})
    party = []
    for ident, character in state.get("characters", {}).items():
        if not isinstance(character, Mapping) or character.get("kind") == "npc":
            continue
        sheet = character.get("sheet", {})
        party.append(
            {
                "name": visible(str(character.get("name", ident))),
                "summary": visible(sheet_summary(campaign.system, options, dict(sheet), lang)),
            }
        )
    return party


def trackers_of(state: Mapping[str, Any]) -> list[dict[str, str]]:
    """The clocks and tracks of ``state`` (a view's: :func:`state_for`), each by name with
    its marks."""
    from meneur.core.story import tracker_shown

    return [
        {"name": visible(str(tracker.get("name", ident))), "shown": tracker_shown(tracker)}
        for ident, tracker in state.get("trackers", {}).items()
        if isinstance(tracker, Mapping)
    ]


def _line(entry: Entry, campaign: Campaign, strings: Strings) -> dict[str, Any]:
    if entry.redacted:
        text = secret_reading(entry, strings.t, campaign)
        return {"text": text, "result": "", "tone": "neutral", "secret": True}
    reading = read_entry(entry, campaign, strings.t)
    who = "" if entry.roll is not None else _who(entry, campaign)
    text = f"{who}{strings.t('shown.colon')}{reading.text}" if who else reading.text
    return {
        "text": visible(text),
        "result": visible(reading.result),
        "tone": _tone(reading.outcome),
        "secret": False,
    }


def luck(
    campaign: Campaign, viewer: Viewer, entries: list[Entry], strings: Strings
) -> dict[str, Any]:
    """The luck of the rolls ``viewer`` may see since this session began (since the
    entries read back when none began there), against their exact odds: read from those
    entries' chunks only, so its cost does not grow with the journal."""
    from .stats import stats
    from .stats_words import luck_words, percent

    if not entries:
        return {"rolls": 0, "successes": 0, "expected": 0.0, "said": "", "luck": "", "short": ""}
    starts = [e.id for e in entries if e.kind == "session"] or [entries[0].id]
    measured = stats(campaign, viewer, within=(starts[-1], campaign.journal.last_id)).whole
    t = strings.t
    said = t("stats.counted", rolls=measured.rolls, successes=measured.successes)
    expected = typeset_number(f"{measured.expected:.1f}", strings.lang)
    said += " " + t("stats.expected", expected=expected)
    words = t(
        "stats.luck",
        percent=percent(measured.luck, strings.lang),
        words=luck_words(measured.luck, t),
    )
    return {
        "rolls": measured.rolls,
        "successes": measured.successes,
        "expected": round(measured.expected, 1),
        "said": said if measured.rolls else "",
        "luck": words if measured.rolls else "",
        "short": (
            f"{said} · {t('stats.luck_short', percent=percent(measured.luck, strings.lang))}"
            if measured.rolls
            else ""
        ),
    }


def _fairness(state: Mapping[str, Any], entries: list[Entry], strings: Strings) -> dict[str, Any]:
    """Whether this session's dice are committed (their seeds drawn from a key whose
    digest was published before the first roll), and how many of the rolls shown were
    checked against a key revealed since (:mod:`meneur.play.fairness`), in words."""
    from .fairness import revealed_keys, why_wrong

    dice = state.get("dice", {})
    committed = isinstance(dice, Mapping) and "commitment" in dice
    keys, _ = revealed_keys(dice)
    verified = sum(
        1
        for entry in entries
        if entry.roll is not None
        and not entry.redacted
        and str(entry.roll.get("commitment")) in keys
        and why_wrong(entry.roll, keys[str(entry.roll["commitment"])]) is None
    )
    said = [strings.t("broadcast.committed")] if committed else []
    if verified:
        said.append(strings.t("broadcast.verified", count=verified))
    return {"committed": committed, "verified": verified, "said": " · ".join(said)}


def _roll_fairness(roll: Mapping[str, Any], dice: object, strings: Strings) -> str:
    """A roll outside the session's committed dice, said as such: physical dice, a seed
    chosen by hand, a roll with no draw while this session's dice are committed (written
    by hand, or by a script), a roll a revealed key does not give (edited since); "" for
    a roll drawn from the committed dice (or when nothing is committed)."""
    from .fairness import revealed_keys, why_wrong

    if roll.get("physical") is True:
        return strings.t("broadcast.physical")
    if roll.get("chosen_seed") is True:
        return strings.t("broadcast.chosen_seed")
    committed = isinstance(dice, Mapping) and "commitment" in dice
    if "commitment" not in roll:
        return strings.t("broadcast.no_draw") if committed else ""
    keys, bad = revealed_keys(dice)
    commitment = str(roll["commitment"])
    if commitment in bad or (commitment in keys and why_wrong(roll, keys[commitment])):
        return strings.t("broadcast.not_its_draw")
    return ""
