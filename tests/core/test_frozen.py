"""``frozen`` makes the classes ``dataclass(frozen=True)`` makes, without compiling them
when they are declared: the two are built side by side from the same fields and must
agree on everything a caller sees."""

from __future__ import annotations

import dataclasses
import pickle
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from meneur.core.frozen import frozen

# A field: its name, how it gets a value (none, a default, a factory), keyword-only.
Spec = tuple[str, str, bool]


@st.composite
def field_specs(draw: st.DrawFn) -> list[Spec]:
    names = draw(st.lists(st.sampled_from("abcdefgh"), unique=True, max_size=6))
    specs: list[Spec] = []
    defaulted = False
    for name in names:
        keyword = draw(st.booleans())
        how = draw(st.sampled_from(["required", "default", "factory"]))
        if how == "required" and defaulted and not keyword:
            how = "default"  # dataclasses refuses a required positional after a default
        defaulted = defaulted or (how != "required" and not keyword)
        specs.append((name, how, keyword))
    return specs


def declare(specs: list[Spec], decorate: Any, kw_only: bool) -> type:
    """The class the specs describe, decorated by ``decorate(kw_only=...)``."""
    namespace: dict[str, Any] = {"__annotations__": {}, "__doc__": "A class under test."}
    for name, how, keyword in specs:
        namespace["__annotations__"][name] = "Any"
        if how == "default":
            namespace[name] = dataclasses.field(default=len(name), kw_only=keyword)
        elif how == "factory":
            namespace[name] = dataclasses.field(default_factory=list, kw_only=keyword)
        else:
            namespace[name] = dataclasses.field(kw_only=keyword)
    made: type = decorate(kw_only=kw_only)(type("Value", (), namespace))
    return made


def stdlib(kw_only: bool) -> Any:
    return dataclasses.dataclass(frozen=True, kw_only=kw_only)


def outcome(call: Any) -> tuple[str, object]:
    """What a call gives: its value's repr, or its error's type and message."""
    try:
        return ("value", repr(call()))
    except Exception as error:  # the two classes must fail alike, whatever the error
        return (type(error).__name__, str(error).replace("Value.__init__()", "__init__()"))


values = st.one_of(st.integers(-3, 3), st.text(max_size=3), st.tuples(st.integers(0, 2)))


@given(field_specs(), st.booleans(), st.data())
def test_a_frozen_class_behaves_as_a_frozen_dataclass(
    specs: list[Spec], kw_only: bool, data: st.DataObject
) -> None:
    ours, theirs = declare(specs, frozen, kw_only), declare(specs, stdlib, kw_only)
    assert [(f.name, f.kw_only, f.default) for f in dataclasses.fields(ours)] == [
        (f.name, f.kw_only, f.default) for f in dataclasses.fields(theirs)
    ]
    assert ours.__match_args__ == theirs.__match_args__  # type: ignore[attr-defined]
    names = [name for name, _how, _keyword in specs]
    given_names = data.draw(st.lists(st.sampled_from(names), unique=True) if names else st.just([]))
    keywords = {name: data.draw(values) for name in given_names}
    positional = data.draw(st.lists(values, max_size=3))
    assert outcome(lambda: ours(**keywords)) == outcome(lambda: theirs(**keywords))
    assert outcome(lambda: ours(*positional)) == outcome(lambda: theirs(*positional))
    try:
        mine, yours = ours(**keywords), theirs(**keywords)
    except TypeError:
        return
    other_keywords = {name: data.draw(values) for name in given_names}
    mine2, yours2 = ours(**other_keywords), theirs(**other_keywords)
    assert (mine == mine2) == (yours == yours2)
    # Hashable alike (a list field is not); equal instances hash alike. (The hashes
    # themselves differ: a lone field hashes as its value, not as a 1-tuple.)
    hashable = outcome(lambda: hash(mine))[0]
    assert hashable == outcome(lambda: hash(yours))[0]
    if hashable == "value" and mine == mine2:
        assert hash(mine) == hash(mine2)
    assert mine != yours  # different classes never compare equal
    assert dataclasses.asdict(mine) == dataclasses.asdict(yours)
    assert repr(dataclasses.replace(mine, **other_keywords)) == repr(
        dataclasses.replace(yours, **other_keywords)
    )
    for name in names:
        with pytest.raises(dataclasses.FrozenInstanceError):
            setattr(mine, name, 0)
        with pytest.raises(dataclasses.FrozenInstanceError):
            delattr(mine, name)


@frozen
class Pickled:
    """A record at a module's top, as pickle needs."""

    x: int
    y: tuple[int, ...] = dataclasses.field(default_factory=tuple)


def test_a_frozen_instance_survives_pickling() -> None:
    made = Pickled(1, (2,))
    assert pickle.loads(pickle.dumps(made)) == made


def test_init_is_compiled_at_the_first_instance_only() -> None:
    @frozen
    class Point:
        """A point."""

        x: int
        y: int = 0

    lazy = Point.__init__
    assert lazy.__code__.co_filename.endswith("frozen.py")
    assert Point(1) == Point(1, 0)
    assert Point.__init__ is not lazy
    assert Point.__init__.__code__.co_filename == "<string>"
    assert Point.__init__.__qualname__ == lazy.__qualname__


def test_methods_a_class_writes_itself_are_kept() -> None:
    @frozen
    class Named:
        """Compared and shown by its name alone."""

        name: str
        note: str = ""

        def __eq__(self, other: object) -> bool:
            return isinstance(other, Named) and other.name == self.name

        def __repr__(self) -> str:
            return f"<{self.name}>"

    assert Named("a", "x") == Named("a", "y")
    assert repr(Named("a")) == "<a>"
    # Python drops the hash of a class that writes __eq__ alone; a frozen dataclass adds
    # its own, over every field.
    assert hash(Named("a")) == hash(Named("a"))

    @frozen
    class Hashed:
        """Hashed as it says."""

        value: int

        def __hash__(self) -> int:
            return 7

    assert hash(Hashed(1)) == 7


def test_a_dataclass_may_derive_from_a_frozen_class_and_the_reverse() -> None:
    @frozen
    class Base:
        """A record."""

        x: int

    @dataclasses.dataclass(frozen=True, kw_only=True)
    class Theirs(Base):
        y: int

    @frozen(kw_only=True)
    class Ours(Theirs):
        """Deriving from theirs."""

        z: int = 0

    made = Ours(1, y=2, z=3)
    assert (made.x, made.y, made.z) == (1, 2, 3)
    assert repr(made).endswith("<locals>.Ours(x=1, y=2, z=3)")
    with pytest.raises(dataclasses.FrozenInstanceError):
        made.z = 4  # type: ignore[misc]
    with pytest.raises(TypeError, match="non-frozen dataclass from a frozen one"):

        @dataclasses.dataclass
        class Mutable(Base):  # type: ignore[misc]  # refused, as the test says
            y: int = 0


def test_fields_it_does_not_need_are_refused_when_declared() -> None:
    with pytest.raises(TypeError, match="every field is in __init__"):

        @frozen
        class Hidden:
            """A field out of __init__."""

            x: int = dataclasses.field(default=0, init=False)
