"""What a request may be refused with, as a front end catches it: every refusal is a
:class:`CampaignError` whose message names the file and key (or, for a
:class:`Refusal`, the reason in the reader's language through its ``message_key``).

The classes live with the files (:mod:`meneur.saves.errors`), where most are raised;
front ends name them through here, so they reach the floor below only through ``play``.
"""

from __future__ import annotations

from meneur.saves.errors import CampaignError, CampaignLocked, Refusal, UndoConflict

__all__ = ["CampaignError", "CampaignLocked", "Refusal", "UndoConflict"]
