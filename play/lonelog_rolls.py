"""A Lonelog log's actions and questions as meneur's rolls: replayed exactly when
meneur's own margin note follows them (``(meneur: {…})``: its kind, inputs and seed),
else rolls made elsewhere (:mod:`meneur.core.elsewhere`): the skill, the dice as
written, the target and the outcome as played, an oracle's answer as given."""

from __future__ import annotations

from typing import Any

from meneur.core.elsewhere import (
    AnsweredElsewhere,
    RolledElsewhere,
    answered_record,
    rolled_record,
)
from meneur.core.errors import RulesError
from meneur.core.table_rules import GM_SEAT
from meneur.saves.campaign import Campaign
from meneur.saves.errors import CampaignError

from . import act
from .lonelog_read import Piece, likelihood, roll_parts, split_resolved


def label_of(piece: Piece) -> str:
    """An action's words as meneur labels its roll: ``Jonah — Forces the door`` for
    ``@(Jonah) Forces the door``."""
    return f"{piece.actor} — {piece.text}".strip(" —") if piece.actor else piece.text


def replayed(campaign: Campaign, piece: Piece, written: str) -> bool:
    """Replay meneur's own roll (its margin note's record), labelled as the log says;
    False when the record does not replay (nothing written then)."""
    from meneur.saves.entry_parts import replay_roll

    record: dict[str, Any] | None = piece.record
    if record is None:
        return False
    label = label_of(piece)
    if not label and piece.resolved and piece.resolved[0].startswith("tbl:"):
        label = piece.resolved[0][4:].split("->")[0].strip()
    try:
        rolled = replay_roll(record)
        act.roll(campaign, GM_SEAT, rolled, label, chosen_seed="seed" in record,
                 physical=record.get("physical") is True, written=written)  # fmt: skip
    except (CampaignError, RulesError, KeyError, TypeError, ValueError):
        return False
    return True


def rolled_elsewhere(piece: Piece) -> RolledElsewhere:
    """An action's roll as written: ``d: Stealth 4 vs TN 5 -> Fail`` is Stealth, 4,
    against TN 5, a Fail."""
    rolled, outcome = split_resolved(piece.resolved)
    skill, dice, target = roll_parts(rolled)
    return RolledElsewhere(skill=skill, rolled=dice, target=target, outcome=outcome)


def answered_elsewhere(piece: Piece) -> AnsweredElsewhere:
    """A question and another oracle's answer as written."""
    question, likely = likelihood(piece.text)
    rolled, answer = split_resolved(piece.resolved)
    return AnsweredElsewhere(question=question, likelihood=likely, rolled=rolled, answer=answer)


def played_elsewhere(campaign: Campaign, piece: Piece, written: str) -> bool:
    """Journal an action's roll or a question's answer as made elsewhere; False when
    the campaign refuses it (a label too long: nothing written then)."""
    try:
        if piece.kind == "question":
            inputs = answered_elsewhere(piece)
            act.roll(campaign, GM_SEAT, answered_record(inputs), inputs.question,
                     physical=True, written=written)  # fmt: skip
        else:
            record = rolled_record(rolled_elsewhere(piece))
            label = label_of(piece) or record.inputs.skill or record.inputs.rolled
            act.roll(campaign, GM_SEAT, record, label,
                     physical=True, written=written)  # fmt: skip
    except (CampaignError, RulesError):
        return False
    return True
