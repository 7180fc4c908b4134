"""What a journal entry carries beside its words, shared by every writer of a campaign: a
roll as plain data (and read back, replayed), who may see it (:class:`Secrecy`), a change
planned from the state under the lock (:class:`Planned`), what a sync brought
(:class:`Update`), who writes and when."""

from __future__ import annotations

import getpass
import socket
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from datetime import datetime
from typing import Any

from meneur.core.changes import Change
from meneur.core.errors import RulesError
from meneur.core.frozen import frozen
from meneur.core.records import RollRecord, as_data, from_data, roll_seeded
from meneur.core.text import shown
from meneur.core.visibility import check_visibility

from .errors import CampaignError
from .journal import JOURNAL_DIR, Entry

STATE_FILE = "campaign.toml"
ORACLE_SYSTEMS = frozenset({"oracle", "yesno", "elsewhere_oracle"})
"""The systems whose rolls are journaled as oracle answers, not tests."""


Clock = Callable[[], datetime]


def local_now() -> datetime:
    """The wall-clock time, to the second, with the local UTC offset."""
    return datetime.now().astimezone().replace(microsecond=0)


def roll_to_data(record: Any, *, physical: bool = False) -> dict[str, Any]:
    """A roll record (or creation rolls) as plain data for the journal.

    ``kind`` names the inputs' type so the roll can be rebuilt and replayed;
    ``physical`` marks dice the player rolled by hand and typed in (no seed).
    """
    from meneur.core.kinds import kind_name

    data = as_data(record)
    assert isinstance(data, dict)
    marked = {"physical": True} if physical else {}
    return {"kind": kind_name(type(record.inputs)), "system": record.system, **marked, **data}


DRAW_KEYS = ("draw", "commitment", "chosen_seed")
"""What a roll's entry says of its seed beside the record (meneur.core.fair_dice): its
draw number and the session's commitment (a live roll), or that the seed was chosen
(``--seed``). Not part of the record: a replay compares the rest."""


DRAWN = ("dice", "drawn")
"""Where the session's draws are counted."""


def record_part(roll: Mapping[str, Any]) -> dict[str, Any]:
    """A roll's data without what it says of its seed (:data:`DRAW_KEYS`)."""
    return {key: value for key, value in roll.items() if key not in DRAW_KEYS}


def roll_inputs(data: Mapping[str, Any]) -> tuple[type, Any]:
    """A journal roll's kind of inputs and its inputs, read back from its record.

    Raises:
        CampaignError: when they cannot be read back.
    """
    from meneur.core.errors import RulesError
    from meneur.core.kinds import named

    kind = data.get("kind")
    found = named(kind) if isinstance(kind, str) else None
    if found is None:
        raise CampaignError(
            STATE_FILE,
            f"unknown roll kind {shown(kind)}",
            "roll.kind",
            message_key="campaign.roll_kind",
            values={"value": shown(kind)},
        )
    inputs_type = found.rules().inputs
    try:
        return inputs_type, from_data(inputs_type, data.get("inputs", {}), "roll.inputs")
    except RulesError as error:
        raise _refused(error) from error


def _refused(error: Exception) -> CampaignError:
    """A roll of the journal the rules refuse: said by the rules' words."""
    return CampaignError(
        JOURNAL_DIR, str(error), message_key="campaign.rules", values={"error": error}
    )


def replay_roll(data: Mapping[str, Any]) -> Any:
    """Rebuild a journal roll: replay its inputs on its seed, or, for physical dice,
    read its inputs on the faces the player typed.

    Raises:
        CampaignError: when the inputs cannot be read back.
    """
    from meneur.core.errors import RulesError
    from meneur.core.kinds import resolver, roller

    inputs_type, inputs = roll_inputs(data)
    if data.get("physical") is True:
        try:
            faces = tuple(int(die["face"]) for die in data.get("dice", []))
            return resolver(inputs_type)(inputs, faces)
        except RulesError as error:
            raise _refused(error) from error
    return roll_seeded(roller(inputs_type), inputs, data["seed"])


def affects_state(entry: Entry) -> bool:
    """Whether an entry changes campaign.toml: its changes, an undo or redo, or a note
    (which joins the undo history: undoing it strikes it)."""
    return bool(entry.changes) or entry.kind in ("undo", "redo", "note")


def entry_kind(record: Any) -> str:
    """The journal kind of a record: ``oracle``, ``creation`` or ``roll``."""
    if not isinstance(record, RollRecord):
        return "creation"  # creation rolls are records of their own, with no outcome
    return "oracle" if record.system in ORACLE_SYSTEMS else "roll"


@dataclass
class Update:
    """What :meth:`Campaign.sync` found: entries others appended, whether the state
    changed, and a problem with campaign.toml (a hand edit that cannot be read)."""

    entries: list[Entry] = field(default_factory=list)
    state_changed: bool = False
    error: CampaignError | None = None
    """Why campaign.toml cannot be taken in as it is now (see :meth:`CampaignError.within`)."""

    @property
    def problem(self) -> str | None:
        """:attr:`error` in words, with what it means for the campaign."""
        if self.error is None:
            return None
        return (
            f"{self.error}; the campaign goes on as it was before, and nothing is written"
            " until it is fixed"
        )

    def __bool__(self) -> bool:
        return bool(self.entries) or self.state_changed


@frozen
class Secrecy:
    """Who may see an entry being written (see :mod:`meneur.core.visibility`).

    Attributes:
        visibility: ``public``, ``private`` or ``gm``.
        player: the player it belongs to (who rolled); a private entry has one.
        announced: whether the others are told a secret entry happened.
    """

    visibility: str = "public"
    player: str | None = None
    announced: bool = False

    def __post_init__(self) -> None:
        check_visibility(self.visibility)
        if self.visibility == "private" and not self.player:
            raise RulesError(
                "a private entry belongs to a player: say who (--as NAME)",
                message_key="seat.private_player",
            )


PUBLIC = Secrecy()


@frozen
class Worded:
    """What happened, for each reader to word in their language (an entry's ``words``):
    ``key``, a key of the interface's strings, and its values (numbers, names as
    typed: never words of one language). A value may itself be worded (a posture, a
    fatigue step, the part after a dash: ``said.dash``): it is said in the same
    language, and stored flat under dotted names (``b.key``, ``b.turns``)."""

    key: str
    values: Mapping[str, str | int | float | bool | Worded] = field(default_factory=dict)

    def data(self) -> dict[str, Any]:
        """As the journal stores it: ``{key = "…", name = value…, "part.key" = "…"}``."""
        return {"key": self.key, **_flat(self.values, "")}

    def said(self, lang: str) -> str:
        """The words in ``lang`` (what the file's ``text`` holds: the campaign's)."""
        from meneur.content.strings import strings

        return worded_text(self.data(), strings(lang).t)


def _flat(values: Mapping[str, Any], prefix: str) -> dict[str, Any]:
    flat: dict[str, Any] = {}
    for name, value in values.items():
        if isinstance(value, Worded):
            flat[f"{prefix}{name}.key"] = value.key
            flat.update(_flat(value.values, f"{prefix}{name}."))
        else:
            flat[f"{prefix}{name}"] = value
    return flat


def worded_keys(words: Mapping[str, Any]) -> list[str]:
    """Every key of the interface's strings an entry's ``words`` name (its own and its
    worded values'): a reader words them only when it knows them all."""
    return [str(v) for n, v in words.items() if n == "key" or n.endswith(".key")]


def worded_text(words: Mapping[str, Any], t: Callable[..., str]) -> str:
    """An entry's stored ``words`` said by ``t`` (a language's strings): its worded
    values first, each in the same language.

    Raises:
        KeyError, IndexError, ValueError: for words ``t`` cannot fill.
    """
    values: dict[str, Any] = {}
    parts: dict[str, dict[str, Any]] = {}
    for name, value in words.items():
        head, dot, rest = name.partition(".")
        if dot:
            parts.setdefault(head, {})[rest] = value
        elif name != "key":
            values[name] = value
    for head, part in parts.items():
        values[head] = worded_text(part, t)
    return t(str(words["key"]), **values)


def dash(first: Worded, *more: Worded) -> Worded:
    """``first — second — …``, each part worded in the reader's language."""
    said = first
    for part in more:
        said = Worded("said.dash", {"a": said, "b": part})
    return said


def dotted(first: Worded, *more: Worded) -> Worded:
    """``first · second · …``, each part worded in the reader's language."""
    said = first
    for part in more:
        said = Worded("said.dot", {"a": said, "b": part})
    return said


@frozen
class Planned:
    """What a :data:`Plan` makes of the campaign's state: an entry's words, the changes
    it carries, the character it is about when the plan chose it (a character made
    now, whose key is chosen under the lock), and what else it names or reads
    (``touches``: ``("trackers", key)``, ``("tables", key)``): an entry is as secret
    as everything it touches, whether or not it changes it — asking the oracle about a
    GM's clock that does not move is as secret as one that does."""

    text: str | Worded
    changes: tuple[Change, ...] = ()
    character: str | None = None
    touches: tuple[tuple[str, str], ...] = ()
    game_time: str | None = None
    """The in-game time the entry records, when the plan decides it (time moved on)."""


Plan = Callable[[Mapping[str, Any]], Planned]
"""A change as a function of the campaign's state. It is called under the lock, on the
state as every other writer left it — never on a copy read before — so writers started
at the same moment never undo each other (two threads added are two threads, a clock
advanced twice has moved twice). It may refuse (RulesError, CampaignError) when the
request no longer makes sense: a thread another writer just closed, a name just taken.
It must not change the state it is given."""
Said = str | Worded | Plan
"""An entry's text (a person's, as typed; meneur's own, :class:`Worded`), or the plan
that makes its words and changes under the lock."""


def default_author() -> str:
    """Who writes from this process by default: ``user@host``."""
    try:
        user = getpass.getuser()
    except (KeyError, OSError):
        user = "?"
    return f"{user}@{socket.gethostname()}"
