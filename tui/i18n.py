"""The interface's language: its strings (from :mod:`meneur.content.strings`) and the
small formatting helpers every screen shares."""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping

from textual.dom import DOMNode

from meneur.content.strings import LANGUAGES, Strings, default_language, strings
from meneur.play.tested import minus, signed

__all__ = [
    "LANGUAGES",
    "Strings",
    "default_language",
    "minus",
    "signed",
    "strings",
    "translate_bindings",
]


def translate_bindings(
    node: DOMNode, words: Strings, renamed: Mapping[str, str] | None = None
) -> None:
    """Describe ``node``'s keys in the interface's language.

    A binding whose ``id`` names a string (``bindings.<id>``) takes that string as its
    description; ``renamed`` maps an id to another string's, for a widget whose keys
    mean something else where it is used. Textual reads BINDINGS when a class is made,
    before any language is known, so the node's own binding map is rewritten in place.
    """
    renamed = renamed or {}
    keys = node._bindings.key_to_bindings
    for key, bindings in keys.items():
        # New lists: a node's binding map is a shallow copy of its class's, so the lists
        # are shared with every other node of that class.
        keys[key] = [
            binding
            if binding.id is None
            else dataclasses.replace(
                binding, description=words.t(f"bindings.{renamed.get(binding.id, binding.id)}")
            )
            for binding in bindings
        ]
