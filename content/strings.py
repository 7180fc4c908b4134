"""Interface strings in French and English, from ``content/ui/<lang>.toml``.

Rule terms are in ``content/terms.toml`` (in English, a rule's French name beside its
English word); these files hold everything else the interface says. The app, the CLI,
the exports and the servers all read them here.

A field may choose a word by a number, as each language counts: ``{count} {count:die|
dice}`` (English: one die, 0 dice, 2 dice), ``{count} {count:dé|dés}`` (French: 0 dé,
1 dé, 2 dés; below two is one).
"""

from __future__ import annotations

import locale
import os
import string
from collections.abc import Mapping
from functools import cache
from pathlib import Path

from . import CONTENT, term
from .toml_reader import loads

LANGUAGES = ("fr", "en")


TERM = "term."
"""The prefix of a key that names a rule term (``term.sheet.level``), not a string."""


class Strings:
    """The interface's strings in one language; ``t(key, **values)`` formats one."""

    def __init__(self, lang: str, table: Mapping[str, str]) -> None:
        self.lang = lang
        self._table = table

    def t(self, key: str, **values: object) -> str:
        """The string ``key`` with ``{name}`` fields filled in; the key itself when missing
        (a test makes sure none is)."""
        text = self._table.get(key)
        if text is None and key.startswith(TERM):  # a rule term, as a tight row says it
            return self._term(key)
        if text is None:  # a string of a system another package adds, else the key
            text = system_strings(self.lang, key.split(".")[0]).get(key, key)
        if not values:
            return text
        if "|" in text or ":sentence}" in text or ":,}" in text:
            # A word chosen by a number, a sentence, a number in groups of thousands.
            return _counting(self.lang).vformat(text, (), values)
        return text.format(**values)

    def explain(self, error: Exception, within: Path | None = None) -> str:
        """An error as the player reads it: a rules error that carries a key, in this
        language; any other, its own message. A campaign file is named from ``within``
        (its folder) when given, as ``CampaignError.within`` names it."""
        key = getattr(error, "message_key", None)
        values = dict(getattr(error, "values", {}))
        if not isinstance(key, str) or f"errors.{key}" not in self._table:
            named = getattr(error, "within", None)
            return str(named(within)) if within is not None and callable(named) else str(error)
        # Two values are words, not data: what was expected (a code) and what was found
        # instead (a character, or nothing at the end of the text).
        if "what" in values:
            values["what"] = self.t(f"errors.what.{values['what']}")
        if key.startswith("names.") and "named" in values:  # the field a name is of
            values["named"] = self.t(f"errors.names.named.{values['named']}", **values)
        # A value given as rule terms (``stat_term``: a stat as the sheet names it) is
        # said by the terms' French names (``stat``), several joined by "or".
        for name in [name for name in values if name.endswith("_term")]:
            keys = values.pop(name)
            names = [term(keys).fr] if isinstance(keys, str) else [term(k).fr for k in keys]
            values[name.removesuffix("_term")] = self.t("errors.or").join(names)
        # An error met inside another (``within``) is said as it would be alone.
        for name, value in values.items():
            if isinstance(value, Exception):
                values[name] = self.explain(value, within)
        if "found" in values:
            found = str(values["found"])
            quoted = f"«\u00a0{found}\u00a0»" if self.lang == "fr" else f"“{found}”"
            values["found"] = quoted if found else self.t("errors.end")
        if key.startswith("campaign.") and "kind" in values:  # a table or a list
            values["value"] = self.t(f"errors.campaign.kind_{values.pop('kind')}")
        if "entry_kind" in values:  # a journal entry's kind, as the journal names it
            values["entry_kind"] = self.t(f"cli.kind.{values['entry_kind']}")
        if key.startswith("campaign.") and "file" in values:  # a FIFO, a directory…
            values["file"] = self.t(f"errors.campaign.file.{values['file']}")
        said = self.t(f"errors.{key}", **values)
        # A campaign file's error names the file and the key: they stay.
        located = getattr(error, "located", None)
        if getattr(error, "names_file", False) and callable(located):
            colon, entry = self.t("shown.colon"), self.t("errors.campaign.entry_word")
            return str(located(said, colon, within, entry))
        return said

    def term(self, key: str) -> str:
        """The rule term ``key`` in this language (:meth:`meneur.content.Term.said`):
        ``Échec`` in French, ``Failure (Échec)`` in English."""
        return term(key).said(self.lang)

    def has(self, key: str) -> bool:
        """Whether this language defines ``key`` (meneur's own strings, and the rule
        terms as ``term.<key>``)."""
        if key.startswith(TERM) and key not in self._table:
            return self._term(key) != key
        return key in self._table

    def _term(self, key: str) -> str:
        """``term.<key>``: the rule term ``<key>`` as a tight row says it (the compact
        sheet's labels), for words stored in an entry; the key itself when unknown."""
        from meneur.content import ContentError

        try:
            return term(key.removeprefix(TERM)).tight(self.lang)
        except ContentError:
            return key

    def keys(self) -> frozenset[str]:
        """Every key this language defines."""
        return frozenset(self._table)


class _Counting(string.Formatter):
    """Formats as :meth:`str.format` does, a field whose spec is ``one|many`` as the
    word a number of it takes in this language, one whose spec is ``sentence`` as a
    sentence (a capital first, a full stop last: a refusal said to a player), and one
    whose spec is ``,`` in groups of thousands as this language writes them (20,000;
    in French 20 000, with a narrow no-break space)."""

    def __init__(self, lang: str) -> None:
        self.lang = lang

    def format_field(self, value: object, format_spec: str) -> str:
        if format_spec == "sentence":
            return sentence(str(value))
        if format_spec == "," and self.lang == "fr":
            return thousands(value, self.lang)
        if "|" not in format_spec:
            return format(value, format_spec)
        one, many = format_spec.split("|", 1)
        return one if is_one(value, self.lang) else many


def thousands(value: object, lang: str) -> str:
    """A number in groups of thousands as ``lang`` writes it: ``20,000`` and ``1,234.5``
    in English, ``20\u202f000`` and ``1\u202f234,5`` in French (a narrow no-break space,
    which keeps the number on one line, and a decimal comma)."""
    grouped = format(value, ",")
    if lang != "fr":
        return grouped
    return grouped.replace(",", "\u202f").replace(".", ",")


def sentence(text: str) -> str:
    """``text`` as a sentence: its first letter a capital, a full stop at its end unless
    it ends on its own punctuation."""
    text = text.strip()
    if not text:
        return text
    if text[-1] not in ".!?…»”":
        text += "."
    return text[0].upper() + text[1:]


def is_one(value: object, lang: str) -> bool:
    """Whether ``value`` things take the singular in ``lang``: in French below two (0 and
    1, 1,5), in English one alone."""
    try:
        number = abs(float(str(value).replace(",", ".").replace("−", "-")))
    except ValueError:
        return False
    return number < 2 if lang == "fr" else number == 1


@cache
def _counting(lang: str) -> _Counting:
    return _Counting(lang)


def _flatten(table: Mapping[str, object], prefix: str = "") -> dict[str, str]:
    # Every start flattens its language's ~2,000 strings before its first frame: one
    # dictionary filled in place, rather than one made and copied per section.
    flat: dict[str, str] = {}
    _flatten_into(flat, table, prefix)
    return flat


def _flatten_into(flat: dict[str, str], table: Mapping[str, object], prefix: str) -> None:
    for key, value in table.items():
        if type(value) is str:
            flat[prefix + key] = value
        elif isinstance(value, dict):
            _flatten_into(flat, value, prefix + key + ".")
        else:
            flat[prefix + key] = str(value)


@cache
def strings(lang: str) -> Strings:
    """The strings of ``lang`` (``fr`` or ``en``)."""
    if lang not in LANGUAGES:
        raise ValueError(f"the interface speaks {' or '.join(LANGUAGES)}, not {lang!r}")
    text = (CONTENT / "ui" / f"{lang}.toml").read_text(encoding="utf-8")
    return Strings(lang, _flatten(loads(text)))


@cache
def system_strings(lang: str, system: str) -> Mapping[str, str]:
    """The interface strings in ``lang`` a system another package adds ships (its
    record's ``strings`` folder), by dotted key; none for meneur's own systems, one not
    registered yet, or one without strings. A file that does not read gives none: the
    keys show, and ``meneur check`` of its own package is the place to find out."""
    from meneur.core.systems import BUILT_IN, loaded

    # Only a system already registered is asked (its campaign is open): a missing key
    # never makes meneur look at the installed packages.
    found = next((r for r in loaded() if r.key == system and r.key not in BUILT_IN), None)
    if found is None or not found.strings:
        return {}
    # Imported only for such a system: the app asks here before its first frame (a key
    # of its own it lacks), and importlib.resources costs a few milliseconds to import.
    from importlib import resources

    package, _, folder = found.strings.partition(":")
    try:
        text = resources.files(package).joinpath(folder, f"{lang}.toml").read_text("utf-8")
        return _flatten(loads(text))
    except (OSError, ModuleNotFoundError, ValueError):
        return {}


def default_language() -> str:
    """French when the environment's locale is French, else English."""
    for variable in ("LC_ALL", "LC_MESSAGES", "LANG"):
        value = os.environ.get(variable)
        if value:
            return "fr" if value.lower().startswith("fr") else "en"
    try:
        found = locale.getlocale()[0] or ""
    except ValueError:
        found = ""
    return "fr" if found.lower().startswith("fr") else "en"
