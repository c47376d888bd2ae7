"""``rules.frozen``: ``attrs.frozen`` with one shared ``__repr__`` that writes what attrs's
own would, so nothing but start-up changes."""

from __future__ import annotations

from typing import Any

import attrs
import pytest

from tablelog.rules.frozen import fields_repr, frozen


def _twins(**options: Any) -> tuple[type, type]:
    """The same class made by ``attrs.frozen`` and by ``frozen``."""

    def body() -> type:
        class Step:
            kind: str
            who: int = 0
            asked: tuple[int, ...] = ()
            secret: str = attrs.field(default="x", repr=False)
            shown: int = attrs.field(default=7, repr=lambda n: f"<{n}>")
            later: int = attrs.field(init=False, default=3)
            box: list[Any] = attrs.field(factory=list)

        return Step

    return attrs.frozen(body(), **options), frozen(body(), **options)


@pytest.mark.parametrize("options", [{}, {"cache_hash": True}, {"eq": False}])
def test_the_shared_repr_writes_what_attrs_writes(options: dict[str, Any]) -> None:
    theirs, ours = _twins(**options)
    assert ours.__repr__ is fields_repr
    for args in [("turn",), ("fool", 2, (1, 3), "hidden", 9), ("a'b\n", -1, ())]:
        assert repr(ours(*args)) == repr(theirs(*args))


def test_an_object_met_again_inside_itself_is_written_as_dots() -> None:
    theirs, ours = _twins()
    a, b = theirs("loop"), ours("loop")
    a.box.append(a)
    b.box.append(b)
    assert repr(b) == repr(a)
    assert "box=[...]" in repr(b)


def test_a_nested_class_is_named_by_its_qualified_name_as_attrs_names_it() -> None:
    class Outer:
        @frozen
        class Inner:
            n: int

        @attrs.frozen
        class Twin:
            n: int

    assert repr(Outer.Inner(1)) == repr(Outer.Twin(1)).replace("Twin", "Inner")


def test_a_class_keeps_its_own_repr_and_one_that_asks_for_none() -> None:
    @frozen
    class Own:
        n: int

        def __repr__(self) -> str:
            return "own"

    @frozen(repr=False)  # type: ignore[call-overload]
    class Plain:
        n: int

    assert repr(Own(1)) == "own"
    assert repr(Plain(1)).startswith("<")  # object's repr, as attrs.frozen(repr=False) leaves


def test_the_class_is_an_attrs_class_in_every_other_way() -> None:
    theirs, ours = _twins(cache_hash=True)
    assert attrs.has(ours)
    assert [f.name for f in attrs.fields(ours)] == [f.name for f in attrs.fields(theirs)]
    one = ours("turn", 1, box=())
    assert one == ours("turn", 1, box=()) and hash(one) == hash(ours("turn", 1, box=()))
    assert attrs.evolve(one, who=2).who == 2
    with pytest.raises(attrs.exceptions.FrozenInstanceError):
        one.who = 3  # type: ignore[misc]
