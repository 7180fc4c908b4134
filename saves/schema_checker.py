"""Type checks of campaign.toml that name the file and the key of the first problem
(:class:`Checker`), shared by the schema's parts."""

from __future__ import annotations

import re
from collections.abc import Mapping
from pathlib import Path
from typing import Any

from meneur.core.text import not_utf8, shown, utf8_fault

from .errors import CampaignError

IDENT = re.compile(r"[^\W][\w-]{0,63}")
"""The keys a campaign names its characters, trackers and tables by (see _Checker.ident)."""


class Checker:
    """Type checks that name the file and key of the first problem."""

    def __init__(self, path: Path) -> None:
        self.path = path

    def fail(
        self, key: str, reason: str, message_key: str | None = None, **values: object
    ) -> CampaignError:
        """The error at ``key``; with ``message_key``, its reason as one of the
        interface's strings (``errors.campaign.<message_key>``), said in each reader's
        language."""
        if message_key is None:
            return CampaignError(self.path, reason, key)
        return CampaignError(
            self.path, reason, key, message_key=f"campaign.{message_key}", values=values
        )

    def refused(self, error: Exception, within: str) -> CampaignError:
        """The error for a rule's refusal ``key: reason`` about the table ``within`` (its
        key kept when it names one inside it)."""
        key, _, reason = str(error).partition(": ")
        if key.startswith(within):
            return self.rules(error, key, reason, said_where="")
        return self.rules(error, within)

    def rules(
        self,
        error: Exception,
        key: str,
        reason: str | None = None,
        *,
        said_where: str | None = None,
    ) -> CampaignError:
        """The error at ``key`` for a rule's refusal ``error``: in English its message
        (or ``reason``), in each reader's language the rule's own sentence when it has
        one, after ``said_where`` in place of ``key`` when that sentence names the last
        key itself."""
        if not getattr(error, "message_key", None):
            return CampaignError(self.path, reason or str(error), key)
        values: dict[str, object] = {"error": error}
        if said_where is not None:
            values["said_where"] = said_where
        return CampaignError(
            self.path,
            reason or str(error),
            key,
            message_key="campaign.rules",
            values=values,
            names_file=True,
        )

    def table(self, value: object, key: str) -> dict[str, Any]:
        if not isinstance(value, dict):
            raise self.fail(
                key, f"expected a table, found {_shown(value)}", "not_table", **_found(value)
            )
        return value

    def text(self, value: object, key: str) -> str:
        if not isinstance(value, str):
            raise self.fail(
                key, f"expected text in quotes, found {_shown(value)}", "not_text", **_found(value)
            )
        if not_utf8(value) is not None:  # from a command line in another encoding
            byte, at = utf8_fault(value) or (None, 0)
            if byte is None:
                raise self.fail(key, f"is {not_utf8(value)}", "surrogate", at=at)
            raise self.fail(key, f"is {not_utf8(value)}", "not_utf8", byte=f"{byte:#04x}", at=at)
        return value

    def name(self, text: str, key: str, named: str) -> str:
        """``text``, a name of ``named`` (``clock``, ``character``…), when the rule of
        names accepts it (:mod:`meneur.core.names`: one line, no control character), as
        every command that names one holds it.

        Raises:
            CampaignError: naming the key, in the rule's own sentence.
        """
        from meneur.core.errors import RulesError
        from meneur.core.names import check_name

        try:
            return check_name(text, named)
        except RulesError as error:
            raise self.rules(error, key) from None

    def integer(self, value: object, key: str) -> int:
        if isinstance(value, bool) or not isinstance(value, int):
            # A number written as text is clear enough to read.
            if isinstance(value, str) and _is_number(value.strip().lstrip("-")):
                return int(value.strip())
            raise self.fail(
                key,
                f"expected a whole number, found {_shown(value)}",
                "not_whole",
                **_found(value),
            )
        return value

    def words(self, value: object, key: str) -> list[str]:
        """A list of texts (options, character ids)."""
        if not isinstance(value, list) or not all(isinstance(word, str) for word in value):
            raise self.fail(key, "expected a list of words in quotes", "not_words")
        return list(value)

    def ident(self, ident: str, within: str) -> str:
        """A key the campaign names something by (a character, a tracker, a table): 1 to
        64 letters, digits, ``_`` or ``-``, starting with a letter, digit or ``_`` — no
        dots, slashes, spaces or control characters (a campaign folder may come from
        anyone: ``characters."../../etc"`` is refused).

        Raises:
            CampaignError: naming the key.
        """
        if not IDENT.fullmatch(ident):
            # Written as TOML would quote it, so that "../../etc" reads as one key.
            quoted = ident.replace("\\", "\\\\").replace('"', '\\"')
            raise self.fail(
                f'{within}."{quoted}"',
                "a key is 1 to 64 letters, digits, _ or - (no dots, slashes, spaces)",
                "bad_key",
            )
        return ident

    def known_keys(self, table: Mapping[str, Any], allowed: tuple[str, ...], key: str) -> None:
        unknown = [k for k in table if k not in allowed]
        if unknown:
            where = f"{key}.{unknown[0]}" if key else unknown[0]
            raise self.fail(
                where,
                f"unknown key (expected one of: {', '.join(allowed)})",
                "unknown_key",
                allowed=", ".join(allowed),
            )


def _is_number(text: str) -> bool:
    """Whether ``text`` is ASCII digits: ``str.isdigit`` alone accepts ``"²"``, which
    ``int`` refuses."""
    return text.isascii() and text.isdigit()


def _found(value: object) -> dict[str, object]:
    """What was found instead, as the error's values: a table or a list by its kind
    (worded by each reader), anything else as TOML writes it."""
    if isinstance(value, dict):
        return {"kind": "table"}
    if isinstance(value, list):
        return {"kind": "list"}
    return {"value": shown(value)}


def _shown(value: object) -> str:
    if isinstance(value, dict):
        return "a table"
    if isinstance(value, list):
        return "a list"
    return shown(value)
