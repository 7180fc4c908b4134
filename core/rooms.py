"""A layer's rooms: what each rule system brings to one layer above the core, by system.

Each layer above the core keeps its own registry (:class:`Rooms`), typed by its own
Protocol: the saves', the play layer's, the command line's and the app's (see
docs/adding-a-system.md). The layer fills it with the systems meneur ships, a small
loader each that imports the room when it is first asked (the layer naming its own
modules); a plug-in system's package registers its own rooms there when it is imported
(``register``), which its entry point does. So the core names no module above it, and
an accessor returns the layer's Protocol, never ``Any``.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Generic, TypeVar

from .errors import RulesError

RoomT = TypeVar("RoomT")


class Rooms(Generic[RoomT]):
    """One layer's rooms, by system key, each imported when first asked."""

    def __init__(self, layer: str, built_in: Mapping[str, Callable[[], RoomT]]) -> None:
        """Args:
        layer: the layer's name in messages (``play``, ``cli``…).
        built_in: the loader of the room of each system meneur ships that has one.
        """
        self.layer = layer
        self._loaders: dict[str, Callable[[], RoomT]] = dict(built_in)
        self._built_in = frozenset(built_in)
        self._loaded: dict[str, RoomT] = {}

    def register(self, system: str, load: Callable[[], RoomT]) -> None:
        """Register the room of a plug-in ``system``: ``load()`` returns it (a module or
        any object holding the layer's Protocol), called when it is first asked. A
        package imported again registers again, in place of what it registered before
        (two packages cannot both be a system: the registry of systems refuses that).

        Raises:
            RulesError: for one of meneur's systems (a plug-in may not replace it).
        """
        if system in self._built_in:
            raise RulesError(
                f"the rule system {system!r} is meneur's own: a package cannot replace its"
                f" {self.layer} room",
                message_key="system.room_twice",
                system=system,
                room=self.layer,
            )
        self._loaders[system] = load
        self._loaded.pop(system, None)

    def find(self, system: str) -> RoomT | None:
        """The room of ``system`` in this layer, imported, or None when it has none. A
        plug-in system's package is imported first, so its rooms are registered."""
        found = self._loaded.get(system)
        if found is not None:
            return found
        load = self._loaders.get(system)
        if load is None and system not in self._built_in:
            from .systems import is_system

            if is_system(system):  # loads the plug-in's package, which registers
                load = self._loaders.get(system)
        if load is None:
            return None
        found = self._loaded[system] = load()
        return found

    def __getitem__(self, system: str) -> RoomT:
        """The room of ``system`` in this layer, imported.

        Raises:
            RulesError: when the system has none here (or is no system).
        """
        found = self.find(system)
        if found is None:
            raise RulesError(
                f"the {system} rules have no {self.layer} room",
                message_key="system.no_room",
                system=system,
                room=self.layer,
            )
        return found

    def built_in(self) -> list[RoomT]:
        """The rooms of the systems meneur ships, in the order they were given."""
        return [self[system] for system in self._loaders if system in self._built_in]

    def every(self) -> list[RoomT]:
        """Every room of this layer: meneur's systems', then those plug-ins registered
        (every installed system's package is imported first)."""
        from .systems import keys

        return [room for system in keys() if (room := self.find(system)) is not None]
