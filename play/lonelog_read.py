"""The Lonelog notation read as its specification writes it (version 1.6, the older
Solo TTRPG Notation people still write, its add-ons, Partylog): a log's lines cut into
its constructs, each with the lines it was written as — pure, nothing written yet
(:mod:`meneur.play.lonelog_import` makes the campaign of them).

A construct (:class:`Piece`) is one of:

- ``session`` (``## Session 1``, ``=== Session 1 ===``), ``scene`` (``### S1 *…*``,
  ``S1 *…*``, ``S5a``, ``T1-S2``, ``### S1 Dark alley``) with its title;
- ``action`` (``@ …``, ``@(Name) …``, the older notation's ``> …``) with what resolved
  it (``d:``, ``->``, and meneur's own margin note ``(meneur: {…})``), or none; a
  ``d:`` with no action before it is an action of no words;
- ``question`` (``? …``, its likelihood in brackets at its end) with its answer;
- ``consequence`` (``=> …``), ``prose`` (lines of it, up to a blank line), ``narrative``
  (``\\---`` … ``---\\``), ``meta`` (``(note: …)``, ``(…)``);
- ``tags`` (a line of ``[Kind:Name|…]`` tags, or one tag over several lines);
- ``table`` (``tbl:``, ``gen:`` and the indented lines of a generator's axes) and
  ``result`` (a ``->`` with nothing before it): lines meneur keeps as they are.

What is no construct — a blank line, a code fence, the campaign's ``# Title``, a
session's date line, a mention (``[#N:Name]``) — is layout: it belongs to the construct
before it (:attr:`Piece.lines`), or to the log's head (the front matter and what follows
it before the first construct), so that every line of the log belongs to exactly one.
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass, field
from typing import Any

from .lonelog_text import CLOSE, OPEN, read_block_line

TAG = re.compile(r"\[(#?)([A-Za-z][\w-]*):([^\]|]*)((?:\|[^\]]*)?)\]")
"""A tag: ``[N:Alix|wary]``, ``[#N:Alix]`` (a mention), ``[Clock:Alarm 2/6]``."""
SCENE = re.compile(r"^(?:###\s+)?(?:T\d+-)?S\d+(?:[a-z]|\.\d+)?\b\s*(?:\*(.*)\*|(.*))\s*$")
"""A scene's heading: ``### S1 *title*``, ``S5a *title*``, ``T1-S2 title``, ``S3``."""
_TAGS_ONLY = re.compile(r"^(?:\s*\[[^\[\]]*\])+\s*$")
_LIKELIHOOD = re.compile(r"^(.*\?)\s*\(([^()?]{1,40})\)\s*$")
_ROLL_IN_ANSWER = re.compile(r"^(.*?)\s*\(([^()]*\d*d\d+[^()]*)\)\s*$")


@dataclass
class Piece:
    """One construct of a log.

    Attributes:
        kind: what it is (see the module).
        number: its first line's number in the file (from 1).
        lines: the lines it was written as, then the layout that follows it, as they
            came (what an export writes back).
        text: the words meneur keeps of it: a title, an action's or a question's words,
            a note's text.
        actor: who acted (``@(Name)``), "" for the player's character.
        resolved: the lines that resolved an action or a question (stripped).
        record: meneur's own margin note's record, when one followed the roll.
        tags: the lines of tags after a roll, with their numbers (the clock
            meneur's oracle moved, between the roll and its margin note).
        end: whether it takes no more lines of its own (only layout).
        own: how many of its lines are its own (the rest: layout after it).
    """

    kind: str
    number: int
    lines: list[str]
    text: str = ""
    actor: str = ""
    resolved: list[str] = field(default_factory=list)
    record: dict[str, Any] | None = None
    tags: list[tuple[int, str]] = field(default_factory=list)
    end: bool = False
    own: int = 1

    @property
    def own_text(self) -> str:
        """Its own lines (without the layout after it), their ends' spaces taken off."""
        return "\n".join(line.rstrip() for line in self.lines[: self.own])


@dataclass
class Log:
    """A log cut into its constructs.

    Attributes:
        front: the front matter's simple fields (``key: value``).
        head: the lines before the first construct, front matter included.
        pieces: its constructs in order.
    """

    front: dict[str, str]
    head: list[str]
    pieces: list[Piece]


def read_front(lines: list[str]) -> tuple[dict[str, str], int]:
    """The YAML front matter's simple fields (``key: value``), and where the log begins."""
    if not lines or lines[0].strip() != "---":
        return {}, 0
    found: dict[str, str] = {}
    for number, line in enumerate(lines[1:], start=1):
        if line.strip() == "---":
            return found, number + 1
        key, colon, value = line.partition(":")
        if colon and not line.startswith((" ", "\t", "-")):
            value = value.strip()
            if value.startswith('"'):
                try:
                    value = str(json.loads(value))
                except ValueError:
                    value = value.strip('"')
            found[key.strip()] = value
    return {}, 0


def is_date(line: str) -> bool:
    """A session's date line (``*Date: 2026-12-01*``, ``[Date] …``, ``Date: 2025-09-03 |
    Duration: 1h30``): a number in it, so that prose beginning "Date:" stays prose."""
    return bool(re.match(r"^\*?\[?(?:Date|Duration|Durée|Data|Durata)\]?\s*\u00a0?:?", line)) and (
        line.startswith(("*", "[")) or (":" in line and bool(re.search(r"\d", line)))
    )


def kind_of(line: str) -> str:
    """What a stripped line of the log begins: a construct's kind, ``layout``, or
    ``prose``."""
    if not line or line.startswith("```") or line.startswith("# ") or is_date(line):
        return "layout"
    if line.startswith("## ") or (line.startswith("===") and line.endswith("===")):
        return "session"
    if line.startswith("### ") or SCENE.match(line):
        return "scene"
    if line.startswith("(meneur:") and line.endswith(")"):
        return "meneur"
    if line.startswith("@") or line.startswith("> ") or line == ">":
        return "action"  # (``> action``: the older Solo TTRPG Notation's)
    if line.startswith("? ") or line == "?":
        return "question"
    if line.startswith("d:"):
        return "roll"
    if line.startswith("->"):
        return "result"
    if line.startswith(("tbl:", "gen:")):
        return "table"
    if line.startswith("=>"):
        return "consequence"
    if line == OPEN:
        return "narrative"
    if line.startswith("[") and (_TAGS_ONLY.match(line) or "]" not in line):
        found = list(TAG.finditer(line))
        if found and all(t.group(1) for t in found) and _TAGS_ONLY.match(line):
            return "layout"  # mentions alone: nothing new
        return "tags"
    if line.startswith("(") and line.endswith(")"):
        return "meta"
    return "prose"


def looks_like_notation(line: str) -> bool:
    """Whether a line of prose would be read as notation (a heading, a tag, ``@``…)."""
    return bool(line) and (kind_of(line) != "prose" or line.startswith(("#", "\\---")))


def read_log(text: str) -> Log:
    """``text`` cut into its constructs (see the module): every line in exactly one
    piece's lines or in the head."""
    lines = text.replace("\r\n", "\n").split("\n")
    if len(lines) > 1 and lines[-1] == "":
        lines.pop()  # the file's last line break ends its last line: no line after it
    front, start = read_front(lines)
    return Log(front, *_Cutter().cut(lines, start))


class _Cutter:
    """Cuts a log's lines into pieces, a line at a time."""

    def __init__(self) -> None:
        self.head: list[str] = []
        self.pieces: list[Piece] = []
        self.open: Piece | None = None  # the piece that may take more lines of its own
        self.block: str = ""  # "narrative" or "tag": a piece taking every line till its end

    def cut(self, lines: list[str], start: int) -> tuple[list[str], list[Piece]]:
        self.head = lines[:start]
        for number, raw in enumerate(lines[start:], start=start + 1):
            self._line(raw, number)
        return self.head, self.pieces

    def _layout(self, raw: str) -> None:
        self.open = None
        if self.pieces:
            self.pieces[-1].lines.append(raw)
        else:
            self.head.append(raw)

    def _new(self, kind: str, raw: str, number: int, text: str = "") -> Piece:
        piece = Piece(kind, number, [raw], text)
        self.pieces.append(piece)
        self.open = piece
        return piece

    def _line(self, raw: str, number: int) -> None:
        line = raw.strip()
        piece = self.open
        if self.block == "tag" and not line:
            self.block = ""  # a tag left open ends at a blank line: the rest is read on
        if self.block and piece is not None:
            piece.lines.append(raw)
            piece.own += 1
            if self.block == "narrative":
                if line == CLOSE:
                    self.block, self.open = "", None
                else:  # its lines as the note holds them, kept in resolved
                    piece.resolved.append(read_block_line(raw))
                    piece.text = "\n".join(piece.resolved)
            elif line.endswith("]"):
                self.block, self.open = "", None
            return
        kind = kind_of(line)
        if piece is not None and self._continues(piece, kind, raw, line):
            piece.lines.append(raw)
            piece.own += 1
            return
        if kind == "layout":
            self._layout(raw)
        elif kind == "prose":
            self._new("prose", raw, number, raw.rstrip())
        elif kind == "session":
            title = line[3:].strip() if line.startswith("## ") else line.strip("=").strip()
            self._new("session", raw, number, title).end = True
        elif kind == "scene":
            self._new("scene", raw, number, _scene_title(line)).end = True
        elif kind == "action" and line.startswith(">"):
            # The older notation's action, or a Markdown quotation: prose, unless a roll
            # follows it (see _continues).
            self._new("prose", raw, number, raw.rstrip())
        elif kind == "action":
            self._action(raw, line, number)
        elif kind == "question":
            self._new("question", raw, number, line[1:].strip())
        elif kind == "roll":
            self._new("action", raw, number).resolved.append(line)
        elif kind in ("result", "table", "meta", "meneur"):
            made = self._new("meta" if kind == "meneur" else kind, raw, number, line)
            if kind == "meta":
                inside = line[1:-1].strip()
                made.text = inside.removeprefix("note:").strip() or inside
            if kind != "table":
                made.end = True
        elif kind == "consequence":
            self._new("consequence", raw, number, line[2:].strip()).end = True
        elif kind == "narrative":
            self._new("narrative", raw, number)
            self.block = "narrative"
        else:  # tags
            made = self._new("tags", raw, number, line)
            if "]" not in line or line.count("[") > line.count("]"):
                self.block = "tag"  # a tag over several lines, up to its "]"
            else:
                made.end = True

    def _action(self, raw: str, line: str, number: int) -> None:
        text = line[1:].strip()
        named = re.match(r"^\(([^)]*)\)\s*(.*)$", text)
        piece = self._new("action", raw, number, text)
        if named:  # @(Name) what they do
            piece.actor, piece.text = named.group(1).strip(), named.group(2).strip()

    def _continues(self, piece: Piece, kind: str, raw: str, line: str) -> bool:
        """Whether ``line`` is more of ``piece`` (taken into it when so)."""
        if piece.end:
            return False
        if piece.kind == "prose":
            quoted = piece.lines[0].lstrip().startswith(">")
            if quoted and kind == "roll" and piece.own == 1:  # "> action" then its roll
                piece.kind, piece.text = "action", piece.lines[0].strip()[1:].strip()
                piece.resolved.append(line)
                return True
            if kind == "prose" or (quoted and line.startswith(">")):
                piece.text += "\n" + raw.rstrip()
                return True
            return False
        if piece.kind == "table":
            # A generator's axes: indented lines under it (``  Role: d6=3 -> Merchant``).
            return raw[:1] in (" ", "\t") and kind in ("prose", "result", "roll", "table")
        if piece.kind not in ("action", "question"):
            return False
        if kind == "meneur":
            if piece.resolved and piece.record is None:
                try:
                    record = json.loads(line[len("(meneur:") : -1])
                except ValueError:
                    return False
                if isinstance(record, dict):
                    piece.record = record
                    piece.end = True
                    return True
            return False
        if kind == "tags" and piece.resolved and piece.record is None and _story_tags(line):
            # meneur's own: the clock its oracle moved, between the roll and its note.
            piece.tags.append((piece.number + len(piece.lines), line))
            return True
        answered = any("->" in x or (x.startswith("d:") and "=>" in x) for x in piece.resolved)
        if kind in ("roll", "result") or (kind == "table" and piece.kind == "question"):
            if answered or (kind == "roll" and piece.resolved):
                return False  # a second roll: a construct of its own
            piece.resolved.append(line)
            return True
        return False


STORY_TAGS = ("clock", "e", "track", "thread", "n")
"""The tags meneur keeps something of (a clock, a track, a thread, a person)."""


def _story_tags(line: str) -> bool:
    """Whether ``line`` is tags alone, each of what meneur keeps."""
    found = list(TAG.finditer(line))
    return bool(
        found
        and _TAGS_ONLY.match(line)
        and all(t.group(2).casefold() in STORY_TAGS and not t.group(1) for t in found)
    )


def _scene_title(line: str) -> str:
    """A scene heading's title: the words between its asterisks, else those after its
    number, else the heading's words."""
    bare = line.removeprefix("###").strip()
    found = SCENE.match(bare)
    if found is None:
        return bare
    starred, rest = found.group(1), found.group(2)
    if starred is not None:
        return starred.strip()
    return (rest or "").strip() or bare


def likelihood(question: str) -> tuple[str, str]:
    """A question's words and its likelihood (``Does backup arrive? (Likely)``)."""
    found = _LIKELIHOOD.match(question)
    if found is None:
        return question, ""
    return found.group(1).strip(), found.group(2).strip()


def split_resolved(resolved: list[str]) -> tuple[str, str]:
    """What was rolled and what it came to, from the lines that resolved an action or a
    question: ``d: Stealth 4 vs TN 5 -> Fail`` gives ``("Stealth 4 vs TN 5",
    "Fail")``; ``-> Yes (d6=6)`` gives ``("d6=6", "Yes")``."""
    rolled, outcome = "", ""
    for line in resolved:
        if line.startswith("->"):
            said = line[2:].strip()
            found = _ROLL_IN_ANSWER.match(said)
            if found and not rolled:
                said, rolled = found.group(1), found.group(2)
            outcome = outcome or said
            continue
        body = line.partition(":")[2].strip()
        before, arrow, after = body.partition("->")
        if not arrow:  # the older notation's outcome: ``d: Stealth 4 vs TN 5 => Fail``
            before, arrow, after = body.partition("=>")
        rolled = rolled or before.strip()
        if arrow:
            outcome = outcome or after.strip()
    return rolled, outcome


def roll_parts(rolled: str) -> tuple[str, str, str]:
    """A ``d:`` line's roll cut in three: what was rolled (its words before the dice),
    the dice or result, the target (after ``vs``): ``Stealth d6=5 vs TN 4`` gives
    ``("Stealth", "d6=5", "TN 4")``."""
    before, _, target = [part.strip() for part in [*_VS.split(rolled, maxsplit=1), "", ""]][:3]
    words = before.split()
    at = next((i for i, w in enumerate(words) if _DICE_WORD.search(w)), len(words))
    if at == len(words):  # no number at all ("Hack the terminal"): the words are the roll
        return "", before, target
    return " ".join(words[:at]), " ".join(words[at:]), target


_VS = re.compile(r"\s+(vs\.?)\s+")
_DICE_WORD = re.compile(r"\d|^[+-]|^\(")
