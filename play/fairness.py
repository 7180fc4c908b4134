"""Checking an audience's export for fairness, without the campaign's folder
(``meneur verify FILE``).

Each live roll of a session takes its seed from the session's secret key and its draw
number (:mod:`meneur.core.fair_dice`); the key's hash (the commitment) is published when
the session opens, the key when the next one does. An export (TOML, anyone's view) keeps
for each roll its draw, its inputs and its dice, and the keys revealed so far: here every
roll of a revealed session is checked — the key matches its commitment, the roll's seed
is its draw's, and replaying its inputs on that seed gives the dice and the outcome
written. Rolls outside the commitment are counted apart, said for what they are: dice
rolled by hand and typed in, a seed chosen by hand, a roll with no draw (made before
sessions committed their dice, or written by hand).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from typing import Any


@dataclass
class Verification:
    """What an export's rolls came to (see the module)."""

    verified: int = 0
    """Rolls of a revealed session whose seed is their draw's and that replay exactly."""
    sealed: int = 0
    """Rolls of a session whose key is not revealed yet (checked once it is)."""
    physical: int = 0
    """Dice rolled by hand and typed in."""
    chosen: int = 0
    """Rolls on a seed chosen by hand."""
    outside: int = 0
    """Rolls with no draw (before sessions committed their dice, or written by hand)."""
    wrong: list[tuple[str, str]] = field(default_factory=list)
    """Each roll that does not verify: its words (time and text) and why (a key)."""
    bad_keys: list[str] = field(default_factory=list)
    """Commitments whose revealed key does not hash to them."""

    @property
    def fair(self) -> bool:
        """Whether nothing failed: every revealed key matches, every revealed roll is
        its draw's."""
        return not self.wrong and not self.bad_keys


def verify(document: Mapping[str, Any]) -> Verification:
    """Check the rolls of an exported campaign (a TOML export's document)."""
    found = Verification()
    campaign = document.get("campaign", {})
    dice = campaign.get("dice", {}) if isinstance(campaign, Mapping) else {}
    keys, found.bad_keys = revealed_keys(dice)
    for entry in _entries(document):
        roll = entry["roll"]
        if roll.get("physical") is True:
            found.physical += 1
        elif roll.get("chosen_seed") is True:
            found.chosen += 1
        elif "commitment" not in roll:
            found.outside += 1
        elif str(roll["commitment"]) in found.bad_keys:
            found.wrong.append((_named(entry), "key"))
        elif str(roll["commitment"]) not in keys:
            found.sealed += 1
        else:
            why = why_wrong(roll, keys[str(roll["commitment"])])
            if why is None:
                found.verified += 1
            else:
                found.wrong.append((_named(entry), why))
    return found


def revealed_keys(dice: object) -> tuple[dict[str, bytes], list[str]]:
    """The keys a campaign's ``dice`` table has revealed, by their commitment, each
    checked against it; and the commitments whose revealed key does not match."""
    from meneur.core import fair_dice
    from meneur.core.errors import RulesError

    revealed = dice.get("revealed", {}) if isinstance(dice, Mapping) else {}
    keys: dict[str, bytes] = {}
    bad: list[str] = []
    for committed, text in revealed.items() if isinstance(revealed, Mapping) else ():
        try:
            key = fair_dice.key_of(str(text))
        except RulesError:
            bad.append(str(committed))
            continue
        if fair_dice.commitment(key) == committed:
            keys[str(committed)] = key
        else:
            bad.append(str(committed))
    return keys, bad


def _entries(document: Mapping[str, Any]) -> Iterable[Mapping[str, Any]]:
    entries = document.get("entry", [])
    for entry in entries if isinstance(entries, list) else ():
        if isinstance(entry, Mapping) and isinstance(entry.get("roll"), Mapping):
            yield entry


def _named(entry: Mapping[str, Any]) -> str:
    return f"{entry.get('time', '')} {entry.get('text', '')}".strip()


def why_wrong(roll: Mapping[str, Any], key: bytes) -> str | None:
    """None when ``roll`` is its draw's and replays as written; else why not: ``seed``
    (not the draw's seed), ``replay`` (other dice or another outcome), ``unreadable``."""
    from meneur.core import fair_dice
    from meneur.core.errors import RulesError
    from meneur.saves.entry_parts import record_part, replay_roll, roll_to_data
    from meneur.saves.errors import CampaignError

    draw = roll.get("draw")
    if type(draw) is not int or draw < 1:
        return "unreadable"
    seed = fair_dice.draw_seed(key, draw)
    if "seed" in roll and roll["seed"] != seed:
        return "seed"
    try:
        replayed = roll_to_data(replay_roll({**roll, "seed": seed}))
    except (CampaignError, RulesError, KeyError, TypeError, ValueError):
        return "unreadable"
    written = record_part(roll)
    same = {k: v for k, v in replayed.items() if k in written}
    return None if same == {k: v for k, v in written.items() if k in replayed} else "replay"


def verification_lines(found: Verification, t: Any) -> list[str]:
    """What :func:`verify` found, in words (``t``: a language's strings), a line each."""
    lines = [t("verify.verified", count=found.verified)]
    for name in ("sealed", "physical", "chosen", "outside"):
        count = getattr(found, name)
        if count:
            lines.append(t(f"verify.{name}", count=count))
    for committed in found.bad_keys:
        lines.append(t("verify.bad_key", commitment=committed[:12]))
    for named, why in found.wrong:
        lines.append(t(f"verify.wrong_{why}", roll=named))
    lines.append(t("verify.fair" if found.fair else "verify.unfair"))
    return lines
