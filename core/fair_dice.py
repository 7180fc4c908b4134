"""Dice nobody can predict or fake: a commitment made when a session opens.

When the GM opens a session, meneur draws a secret key and publishes its hash (the
*commitment*) in the session's entry. Every live roll of the session takes its seed from
the key and its draw number (the first roll of the session is draw 1, then 2…): the GM
cannot pick a seed, and a roll made and thrown away leaves a gap in the draws. When the
next session opens, the key is published: anyone can check that it matches the
commitment and that every roll's seed is the one its draw gives (``meneur check
--verify-rolls``). Until then players never see a seed (what each role receives hides it), so
they cannot work out the key's rolls to come.

Pure: the key comes in (drawn by the caller from the OS), nothing is kept.
"""

from __future__ import annotations

import hashlib
import hmac
import re

from .errors import RulesError

KEY_BYTES = 32
_HEX = re.compile(r"[0-9a-f]{64}")


def commitment(key: bytes) -> str:
    """The published hash of ``key`` (SHA-256, hexadecimal)."""
    return hashlib.sha256(key).hexdigest()


def draw_seed(key: bytes, draw: int) -> int:
    """The seed of draw number ``draw`` (1, 2…) of the session keyed ``key``: 63 bits of
    HMAC-SHA256(key, "draw:N"), as every live roll's seed is."""
    if draw < 1:
        raise RulesError(
            f"draws are numbered from 1, not {draw}", message_key="dice.draw", draw=draw
        )
    digest = hmac.new(key, f"draw:{draw}".encode(), hashlib.sha256).digest()
    return int.from_bytes(digest[:8], "big") >> 1


def key_of(text: str) -> bytes:
    """A key written as 64 hexadecimal digits.

    Raises:
        RulesError: for anything else.
    """
    if not _HEX.fullmatch(text):
        raise RulesError(
            "a dice key is 64 hexadecimal digits (0-9, a-f)", message_key="dice.hex_key"
        )
    return bytes.fromhex(text)


def check_hash(text: str) -> str:
    """``text`` itself when it is a commitment (64 hexadecimal digits).

    Raises:
        RulesError: for anything else.
    """
    if not _HEX.fullmatch(text):
        raise RulesError(
            "a commitment is 64 hexadecimal digits (0-9, a-f)", message_key="dice.hex_commitment"
        )
    return text


def wrong_draws(draws: list[int]) -> list[int]:
    """The draw numbers up to the highest of ``draws`` that are missing (a roll made and
    never written) or there twice, in order: none for an honest session."""
    counts: dict[int, int] = {}
    for draw in draws:
        counts[draw] = counts.get(draw, 0) + 1
    top = max(draws, default=0)
    return [n for n in range(1, top + 1) if counts.get(n, 0) != 1]
