"""How a journal entry reads, wherever it is shown: the app's journal, the Markdown export,
``meneur journal``. One reading, so that an export never says less than the screen did
(a table's result, a note as rewritten, an outcome in words and symbols).
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Mapping
from fractions import Fraction
from functools import lru_cache
from typing import TYPE_CHECKING, Any, NamedTuple

from meneur.content import ContentError, term
from meneur.content.outcomes import percent_text, symbol
from meneur.core.frozen import frozen
from meneur.saves.entry_parts import worded_keys, worded_text
from meneur.saves.journal import Entry

from .describe import change_words, worded_by_meneur
from .tested import language_of

if TYPE_CHECKING:
    from meneur.saves.campaign import Campaign

Translate = Callable[..., str]
"""An interface's ``t(key, **values)``."""


@frozen
class EntryReading:
    """What one entry says, ready for any screen or file.

    Attributes:
        text: the entry's own words (a note as rewritten, a roll's description, a title).
        result: a roll's result in words: its outcome with symbols and gloss, a table's
            text, or a number; empty for other entries.
        outcome: a roll's outcome key, for colour (the symbols already say it).
        dice: every die in one compact line (kept ones in brackets), empty without dice.
        seed: the seed that replays the roll, when it has one.
        physical: dice rolled by hand and typed in.
        elsewhere: a roll made elsewhere and brought in as played (a log's ``d:`` line,
            another oracle's answer: :mod:`meneur.core.elsewhere`).
    """

    text: str
    result: str = ""
    outcome: str | None = None
    dice: str = ""
    seed: int | None = None
    physical: bool = False
    chosen_seed: bool = False
    """The seed was given by hand (``--seed``), not drawn: the journal says so."""
    elsewhere: bool = False


def outcome_words(system: str, outcome: str, lang: str) -> str:
    """An outcome with its symbols, as a reader of ``lang`` reads it: ``✔⊕ Réussite avec
    effet secondaire positif`` in French, ``✔⊕ Success with a positive side effect
    (Réussite avec effet secondaire positif)`` in English."""
    try:
        words = term(f"{system}.outcome.{outcome}").said(lang)
    except ContentError:
        words = outcome
    return f"{symbol(outcome)} {words}"


def role_label(role: str, t: Translate) -> str:
    """A die's role as a player reads it (``attacker-reroll`` → ``attaquant, relance``);
    roles that say nothing to a player (a table's own die) give an empty label."""
    if role.startswith("table:"):
        return ""
    if role.startswith("attempt-"):
        return t("dice.role.attempt", number=role.removeprefix("attempt-"))
    name = role.split(":", 1)[0]
    parts = name.split("-", 1) if name.startswith(("attacker-", "defender-")) else [name]
    return ", ".join(t(f"dice.role.{part}") for part in parts)


class DieShown(NamedTuple):
    """One die as the journal says it."""

    size: str | None
    """``d6``, ``dF``: said before the first die and each time the size changes."""
    face: str
    """The face (``+1`` for a Fate die), in brackets when the die is kept."""
    kept: bool | None
    """Whether the rule kept it (None: every die counts)."""
    role: str
    """What it was for, in the reader's language ("" for a plain die)."""


def dice_shown(roll: Mapping[str, Any], t: Translate) -> Iterator[DieShown]:
    """Every die of a roll as it reads, in order."""
    sides = None
    for die in roll.get("dice", ()):
        if type(die) is not dict and not isinstance(die, Mapping):  # the cheap test first
            continue
        size = None
        if die.get("sides") != sides:
            sides = die.get("sides")
            size = "dF" if sides == "F" else f"d{sides}"
        face = die.get("face")
        text = f"{face:+d}" if sides == "F" and isinstance(face, int) else str(face)
        kept = die.get("kept")
        if kept is True:
            text = f"[{text}]"
        role = die.get("role")
        label = role_label(str(role), t) if role else ""
        yield DieShown(size, text, kept if isinstance(kept, bool) else None, label)


def dice_line(roll: Mapping[str, Any], t: Translate) -> str:
    """Every die of a roll on one line: ``d6 [5] [3] 2``, the size said each time it
    changes, kept dice in brackets, a role after its die (``4 (bonus)``)."""
    shown: list[str] = []
    for die in dice_shown(roll, t):
        if die.size:
            shown.append(die.size)
        shown.append(f"{die.face} ({die.role})" if die.role else die.face)
    return " ".join(shown)


def secret_reading(entry: Entry, t: Translate, campaign: Campaign | None = None) -> str:
    """What an announced secret (a redacted entry) says: who, and that it happened. A
    player is named as the table calls them (``table.toml``), never by their seat's
    key."""
    # The same words whatever it holds (a roll, a note, a table's result): which kind it
    # is would tell what the GM is doing. A player's own entry for the GM alone can only
    # be their blind roll, which they know they threw.
    if entry.visibility == "gm" and entry.player:
        return t("journal.secret_roll_blind")  # a player's roll the GM keeps blind
    if entry.visibility == "private" and entry.player:
        return t("journal.secret_private", player=player_name(campaign, entry.player))
    return t("journal.secret_gm")


def player_name(campaign: Campaign | None, ident: str) -> str:
    """How the table calls player ``ident``: their name in ``table.toml``; without a
    table file (a local game, ``--as NAME``), the name they were given."""
    if campaign is None:
        return ident
    return _names(campaign).get(ident, ident)


_NAMES: dict[str, tuple[int, dict[str, str]]] = {}


def _names(campaign: Campaign) -> dict[str, str]:
    """The players' names in the campaign's table file (read again only when it
    changed); none when it has none or cannot be read (the table's check says why)."""
    import os

    from meneur.saves.errors import CampaignError
    from meneur.saves.table_file import TABLE_FILE, read_table

    directory = campaign.directory
    path = directory / TABLE_FILE
    try:
        stamp = os.stat(path, follow_symlinks=False).st_mtime_ns
    except OSError:
        return {}
    known = _NAMES.get(str(directory))
    if known is not None and known[0] == stamp:
        return known[1]
    try:
        table = read_table(directory, campaign.state)
    except (CampaignError, OSError):
        return {}
    names = dict(table.names) if table is not None else {}
    _NAMES[str(directory)] = (stamp, names)
    return names


def visibility_label(entry: Entry, t: Translate, campaign: Campaign | None = None) -> str:
    """Who may see an entry, in words, for the one who may see it whole (empty when
    public): ``GM only``, ``GM only · announced``, ``private (Alice) · announced`` —
    an announced secret is told apart, so the GM knows what the table was told; the
    player named as ``campaign``'s table calls them, never by their seat's key."""
    if entry.visibility == "public":
        return ""
    label = t(f"visibility.{entry.visibility}")
    if entry.player:
        label += f" ({player_name(campaign, entry.player)})"
    if entry.announced:
        label += f" · {t('visibility.announced')}"
    return label


def outward_reading(entry: Entry, campaign: Campaign, t: Translate) -> dict[str, Any]:
    """``entry`` as it leaves meneur for someone other than the GM, worded in the
    language of ``t`` (see :func:`meneur.play.views.outward_entry`)."""
    from .views import outward_entry

    if entry.redacted:
        data = outward_entry(entry, campaign.state, "")
    else:
        text = read_entry(entry, campaign, t).text
        data = outward_entry(entry, campaign.state, text, struck=campaign.is_struck(entry))
    if "player" in data:  # as the table calls them, not their seat's key
        data["player"] = player_name(campaign, str(data["player"]))
    return data


def read_entry(entry: Entry, campaign: Campaign, t: Translate) -> EntryReading:
    """How ``entry`` of ``campaign`` reads, in the language of ``t``."""
    roll = entry.roll
    if roll is None:
        if entry.kind in ("undo", "redo"):
            # Said again in the reader's language, the entry taken back as it reads.
            try:
                what = read_entry(campaign.journal.entry(entry.target or 0), campaign, t).text
            except KeyError:  # stored as "Annulé : what" (once with a gloss)
                what = entry.text.split(" : ", 1)[-1]
            return EntryReading(t(f"journal.{entry.kind}", text=what))
        worded = said_again(entry, t)
        if worded is not None:
            return EntryReading(worded)
        if worded_by_meneur(entry):
            return EntryReading(change_words(entry, campaign.state, t, _note_words(campaign, t)))
        text = campaign.note_text(entry) if entry.kind == "note" else entry.text
        return EntryReading(text)
    outcome = roll.get("outcome")
    result = roll_result(roll, t)
    seed = roll.get("seed")
    return EntryReading(
        text=roll_text(entry, campaign, t),
        result=result,
        outcome=outcome if isinstance(outcome, str) else None,
        dice=dice_line(roll, t),
        seed=seed if isinstance(seed, int) else None,
        physical=roll.get("physical") is True,
        chosen_seed=roll.get("chosen_seed") is True,
        elsewhere=roll.get("system") in ELSEWHERE,
    )


ELSEWHERE = ("elsewhere", "elsewhere_oracle")
"""The systems of rolls made elsewhere (:mod:`meneur.core.elsewhere`)."""


def said_again(entry: Entry, t: Translate) -> str | None:
    """What meneur wrote of ``entry`` (its ``words``), said in the language of ``t``;
    None for an entry without them, or whose words this meneur does not know (a newer
    one wrote them: its stored text is read then)."""
    from meneur.content.strings import strings

    words = entry.words
    if words is None:
        return None
    known = strings(language_of(t))
    if not isinstance(words.get("key"), str) or not all(map(known.has, worded_keys(words))):
        return None
    try:
        return worded_text(words, t)
    except (KeyError, IndexError, ValueError):  # a value it does not name: as written
        return None


def roll_result(roll: Mapping[str, Any], t: Translate) -> str:
    """What a roll came to, in words in the language of ``t``: its outcome's, a table's
    result (placeholders filled in), a total; "" for none."""
    outcome = roll.get("outcome")
    if isinstance(outcome, str):
        return outcome_words(str(roll.get("system")), outcome, language_of(t))
    if isinstance(roll.get("text"), str):
        from .table_words import table_said

        said = table_said(roll, language_of(t))  # a shipped table's, in the reader's words
        return said[1] if said is not None else str(roll["text"])
    if "result" in roll:
        return str(roll["result"])
    return ""


def roll_text(entry: Entry, campaign: Campaign, t: Translate) -> str:
    """A roll's words, said by the reader: its roller's own words (a label, a question),
    else what it tested (:func:`meneur.play.rolls.tested_words`, in the reader's
    language), with who rolled first (``Kael — …``: the character's name as the campaign
    calls them now). Every front end stores the same words for the same roll
    (:func:`meneur.play.rolls.roll_words`). A roll for no character that a player made
    says the player's name as the table calls them (never their seat's key). Rolls
    written before this stored a description and the name themselves; theirs are read as
    they are, the name not said twice."""
    from .rolls import CREATION_GLOSSED, CREATION_WORDS, tested_words

    words = said_again(entry, t) or entry.text
    if entry.kind == "creation" and words in (CREATION_WORDS, CREATION_GLOSSED):
        words = t("said.creation")
    words = words or (tested_words(entry.roll, t) if entry.roll is not None else "")
    if not entry.character:
        if entry.player:  # a free roll at a shared table: who threw it, as the table calls them
            name = player_name(campaign, entry.player)
            if _says_name(words, name):
                return words
            return f"{name} — {words}" if words else name
        return words
    character = campaign.state["characters"].get(entry.character)
    if not isinstance(character, Mapping):
        return words
    name = str(character.get("name", "")).strip()
    if not name or _says_name(words, name):
        return words
    return f"{name} — {words}" if words else name


def _says_name(words: str, name: str) -> bool:
    """Whether ``words`` begin with ``name`` as a word (``Kael — …``, ``Kael : fin du
    tour``, ``Kael consomme…``): then the name is not said twice."""
    if not words.startswith(name):
        return False
    rest = words[len(name) :]
    return not rest or not (rest[0].isalnum() or rest[0] in "'’-_")


def _note_words(campaign: Campaign, t: Translate) -> Callable[[int], str]:
    """The words of an entry another one acts on: a note's as rewritten, a roll's by
    what it tested."""

    def words(number: int) -> str:
        try:
            target = campaign.journal.entry(number)
        except KeyError:
            return ""
        if target.roll is not None:
            return roll_text(target, campaign, t)
        return campaign.note_text(target)

    return words


@lru_cache(maxsize=64)
def _expression_odds(expression: str) -> tuple[Fraction, Mapping[int, Fraction]] | None:
    """The mean and distribution of a dice expression's total (None when its odds are
    refused as too long, or it does not read)."""
    from meneur.core.dice_odds import odds
    from meneur.core.errors import RulesError
    from meneur.core.expressions import DiceInputs

    try:
        distribution = odds(DiceInputs(expression)).distribution
    except RulesError:
        return None
    mean = sum((value * p for value, p in distribution.items()), Fraction(0))
    return mean, distribution


def dice_summary(roll: Mapping[str, Any], t: Translate) -> str:
    """What a free dice expression's total was worth, from its exact distribution: the
    mean, and the chance of this total or less and of this total or more. Empty for other
    rolls, and when the odds would take too long."""
    inputs = roll.get("inputs")
    result = roll.get("result")
    if roll.get("system") != "dice" or not isinstance(inputs, Mapping):
        return ""
    expression = inputs.get("expression")
    if not isinstance(expression, str) or not isinstance(result, int):
        return ""
    found = _expression_odds(expression)
    if found is None:
        return ""
    mean, distribution = found
    at_most = sum((p for value, p in distribution.items() if value <= result), Fraction(0))
    at_least = sum((p for value, p in distribution.items() if value >= result), Fraction(0))
    return t(
        "journal.dice_summary",
        mean=f"{float(mean):.2f}",
        result=result,
        at_most=percent_text(at_most, language_of(t)),
        at_least=percent_text(at_least, language_of(t)),
    )


def odds_before(roll: Mapping[str, Any]) -> Fraction | None:
    """The chance the recorded outcome had before the roll, from the exact odds of its
    inputs (None for rolls without odds, physical faces included, or odds refused as
    too long to compute). Kept by the inputs as stored, so an export of a long journal
    reads each kind of test back and weighs it once."""
    outcome = roll.get("outcome")
    if not isinstance(outcome, str) or roll.get("physical") is True:
        return None
    # The inputs as written (meneur writes a test's inputs the same way each time).
    key = (roll.get("kind"), repr(roll.get("inputs")))
    outcomes = _ODDS.get(key)
    if outcomes is None:
        outcomes = _outcome_odds(roll)
        if len(_ODDS) >= ODDS_KEPT:
            _ODDS.pop(next(iter(_ODDS)))
        _ODDS[key] = outcomes
    chance = outcomes.get(outcome)
    return chance if isinstance(chance, Fraction) else None


ODDS_KEPT = 1024
"""Tests whose odds are kept (the oldest forgotten first)."""
_ODDS: dict[Any, Mapping[str, Any]] = {}


def _outcome_odds(roll: Mapping[str, Any]) -> Mapping[str, Any]:
    """The exact odds of each outcome of a stored roll's inputs ({} when it has none)."""
    from meneur.core.errors import RulesError
    from meneur.core.kinds import odds_function
    from meneur.saves.entry_parts import roll_inputs
    from meneur.saves.errors import CampaignError

    try:
        inputs_type, inputs = roll_inputs(roll)
        return dict(odds_function(inputs_type)(inputs).outcomes)
    except (RulesError, CampaignError, TypeError, ValueError):
        return {}
