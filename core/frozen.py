"""Frozen value types, declared as dataclasses are, made without compiling five methods.

``dataclasses.dataclass(frozen=True)`` writes a class's ``__init__``, ``__repr__``,
``__eq__``, ``__hash__``, ``__setattr__`` and ``__delattr__`` as source text and compiles
each one when the class is declared: about four million instructions a class, and the
app declares some thirty of them before its first frame (issue 62 measured a sixth of
what its start-up spent over a bare Textual app's there).

:func:`frozen` declares the same fields through ``dataclasses`` itself (so ``fields``,
``replace``, ``asdict``, ``is_dataclass``, ``match`` and mypy see a frozen dataclass), but:

- equality, hashing, ``repr`` and the read-only guard are four functions shared by every
  such class, reading a class's fields through one ``operator.attrgetter`` (as fast as
  the compiled ones: the getter is C);
- ``__init__`` is compiled the first time the class is instantiated, from the same
  source text ``dataclasses`` writes, so a class a run never builds costs nothing.

What these classes do not use is refused when they are declared rather than half
supported: ``InitVar`` and fields left out of ``__init__`` (``slots`` is not offered).
"""

from __future__ import annotations

import dataclasses
import operator
from collections.abc import Callable
from typing import Any, TypeVar, dataclass_transform, overload

T = TypeVar("T")

_FACTORY = object()
"""Stands for "not given" in a compiled ``__init__``, for a field with a factory."""


@overload
def frozen(cls: type[T], /) -> type[T]: ...


@overload
def frozen(*, kw_only: bool = False) -> Callable[[type[T]], type[T]]: ...


@dataclass_transform(frozen_default=True, field_specifiers=(dataclasses.field,))
def frozen(cls: type[T] | None = None, /, *, kw_only: bool = False) -> Any:
    """Make ``cls`` a frozen dataclass, as ``@dataclass(frozen=True, kw_only=...)`` does.

    Instances compare equal when of the same class with equal fields, hash by their
    fields, print as ``Name(field=value, ...)`` and refuse assignment with
    ``dataclasses.FrozenInstanceError``; methods the class writes itself are kept.

    Raises:
        TypeError: for a field ``dataclasses`` would accept but these classes do not
            need (``init=False``, ``InitVar``); at the first instance, for a field
            without a default after one with a default (mypy says so sooner).
    """

    def make(cls: type[T]) -> type[T]:
        made: type[T] = _make(cls, kw_only)
        return made

    return make if cls is None else make(cls)


def _make(cls: Any, kw_only: bool) -> Any:
    own = cls.__dict__
    # Python sets __hash__ to None in a class that writes __eq__ alone; dataclass then
    # adds its own hash, and so do we.
    explicit_hash = "__hash__" in own and not (own["__hash__"] is None and "__eq__" in own)
    if "__doc__" not in own or not own["__doc__"]:
        # dataclass would compute one from the signature (slow, and the signature is
        # the lazy __init__'s until the first instance).
        cls.__doc__ = cls.__name__
    if "__init__" not in own:
        cls.__init__ = _lazy_init(cls)
    # Under a frozen dataclass (a record of ours, or one of dataclasses' own), dataclasses
    # insists on writing the read-only guard itself: two compiles, for a few classes.
    under_frozen = any(
        getattr(getattr(base, "__dataclass_params__", None), "frozen", False)
        for base in cls.__mro__[1:]
    )
    dataclasses.dataclass(init=False, repr=False, eq=False, frozen=under_frozen, kw_only=kw_only)(
        cls
    )
    # Say what the class is: dataclasses reads it when a frozen dataclass (a system's
    # roll record, say) derives from this one.
    params = cls.__dataclass_params__
    params.init = params.repr = params.eq = params.frozen = True
    declared: dict[str, dataclasses.Field[Any]] = cls.__dataclass_fields__
    for field in declared.values():
        # dataclasses reads a postponed annotation's text the same way.
        if not field.init or "InitVar" in str(field.type):
            raise TypeError(f"{cls.__qualname__}.{field.name}: every field is in __init__")
    fields = dataclasses.fields(cls)
    compared = [field.name for field in fields if field.compare]
    hashed = [
        field.name for field in fields if field.hash or (field.hash is None and field.compare)
    ]
    cls._frozen_compared = _getter(compared)
    cls._frozen_hashed = _getter(hashed)
    cls._frozen_shown = tuple(field.name for field in fields if field.repr)
    for name, method in (
        ("__eq__", _eq),
        ("__repr__", _repr),
        ("__setattr__", _setattr),
        ("__delattr__", _delattr),
    ):
        if name not in own:
            setattr(cls, name, method)
    if not explicit_hash:
        cls.__hash__ = _hash
    return cls


def _getter(names: list[str]) -> Any:
    """One call giving the fields' values as a tuple (a lone field's value alone, which
    compares and hashes as well)."""
    if not names:
        # A staticmethod: a plain function read through an instance would be bound to it.
        no_fields: Any = staticmethod(lambda _self: ())
        return no_fields
    return operator.attrgetter(*names)


def _eq(self: Any, other: Any) -> object:
    if other.__class__ is self.__class__:
        compared = self._frozen_compared
        return bool(compared(self) == compared(other))
    return NotImplemented


def _hash(self: Any) -> int:
    return hash(self._frozen_hashed(self))


def _repr(self: Any) -> str:
    shown = ", ".join(f"{name}={getattr(self, name)!r}" for name in self._frozen_shown)
    return f"{self.__class__.__qualname__}({shown})"


def _setattr(self: object, name: str, value: object) -> None:
    raise dataclasses.FrozenInstanceError(f"cannot assign to field {name!r}")


def _delattr(self: object, name: str) -> None:
    raise dataclasses.FrozenInstanceError(f"cannot delete field {name!r}")


def _lazy_init(cls: Any) -> Callable[..., None]:
    """An ``__init__`` that compiles ``cls``'s real one, puts it in its place and runs
    it: the first instance pays for the compiling, later ones call the real one."""

    def __init__(self: object, *args: object, **kwargs: object) -> None:
        init = _compiled_init(cls)
        cls.__init__ = init
        init(self, *args, **kwargs)

    __init__.__qualname__ = f"{cls.__qualname__}.__init__"
    return __init__


def _compiled_init(cls: type) -> Callable[..., None]:
    """The ``__init__`` ``dataclasses`` would write for frozen ``cls``: positional fields
    then keyword-only ones, defaults and factories, then ``__post_init__``."""
    fields = dataclasses.fields(cls)
    names: dict[str, object] = {"_set": object.__setattr__, "_FACTORY": _FACTORY}
    positional: list[str] = []
    keywords: list[str] = []
    body: list[str] = []
    seen_default = False
    for field in fields:
        name = field.name
        value = name
        if field.default_factory is not dataclasses.MISSING:
            names[f"_factory_{name}"] = field.default_factory
            parameter = f"{name}=_FACTORY"
            value = f"_factory_{name}() if {name} is _FACTORY else {name}"
        elif field.default is not dataclasses.MISSING:
            names[f"_default_{name}"] = field.default
            parameter = f"{name}=_default_{name}"
        else:
            parameter = name
        if field.kw_only:
            keywords.append(parameter)
        else:
            if parameter == name and seen_default:
                raise TypeError(f"non-default argument {name!r} follows default argument")
            seen_default = seen_default or parameter != name
            positional.append(parameter)
        body.append(f"    _set(self, {name!r}, {value})")
    if hasattr(cls, "__post_init__"):
        body.append("    self.__post_init__()")
    parameters = ["self", *positional, *(["*", *keywords] if keywords else [])]
    source = f"def __init__({', '.join(parameters)}):\n" + ("\n".join(body) or "    pass") + "\n"
    exec(source, names)  # the text is made above from the fields' names alone
    init: Callable[..., None] = names["__init__"]  # type: ignore[assignment]
    init.__qualname__ = f"{cls.__qualname__}.__init__"
    return init
