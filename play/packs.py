"""A campaign in one file (``meneur pack``, ``meneur unpack``): the application layer's
door to :mod:`meneur.saves.pack`, which holds the archive's format and what unpacking
refuses."""

from meneur.saves.pack import Packed, pack, unpack

__all__ = ["Packed", "pack", "unpack"]
