"""rules.table.evolve: the state with some fields changed, copied by its ``__dict__`` where
that is what ``__init__`` would make, and through ``__init__`` otherwise."""

from __future__ import annotations

from functools import cached_property

import attrs
import pytest

from tablelog.rules.table import Table, TableState, evolve


@attrs.frozen(cache_hash=True, slots=False)
class Kept(TableState[None]):
    phase: str
    hands: tuple[int, ...] = ()
    count: int = 0


@attrs.frozen(cache_hash=True)
class Slotted(TableState[None]):
    phase: str
    count: int = 0


def _positive(_: object, __: object, value: int) -> None:
    if value < 0:
        raise ValueError("negative")


@attrs.frozen(slots=False)
class Checked:
    count: int = attrs.field(validator=_positive)


@attrs.frozen(slots=False)
class Remembering:
    count: int = 0

    @cached_property
    def doubled(self) -> int:
        return 2 * self.count


TABLE = Table(("Anna", "Bo"), options=None)
OTHER = Table(("Cai", "Dina"), options=None)


@pytest.mark.parametrize("cls", [Kept, Slotted])
def test_evolve_is_the_state_made_with_the_changes(cls):
    state = cls(TABLE, "play", count=3) if cls is Slotted else cls(TABLE, "play", (1, 2), 3)
    after = evolve(state, phase="over", count=4)
    assert type(after) is cls
    assert after == attrs.evolve(state, phase="over", count=4)
    assert after.table is TABLE
    assert (state.phase, state.count) == ("play", 3)  # the state itself is not changed


def test_a_copied_state_forgets_the_hash_it_was_copied_from():
    state = Kept(TABLE, "play", (1,), 1)
    hash(state)  # cached in the instance's __dict__
    after = evolve(state, count=2)
    assert hash(after) == hash(Kept(TABLE, "play", (1,), 2))
    assert hash(after) != hash(state)
    assert {after: 1}[Kept(TABLE, "play", (1,), 2)] == 1


def test_a_field_a_slotted_base_keeps_is_changed_too():
    state = Kept(TABLE, "play")
    after = evolve(state, table=OTHER, count=5)
    assert after.table is OTHER and after.count == 5
    assert after == Kept(OTHER, "play", (), 5)


@pytest.mark.parametrize("cls", [Kept, Slotted])
def test_a_name_that_is_no_field_is_a_type_error(cls):
    with pytest.raises(TypeError, match="no fields"):
        evolve(cls(TABLE, "play"), phase="over", colour="red")


def test_a_class_with_a_validator_goes_through_its_init():
    assert evolve(Checked(1), count=2) == Checked(2)
    with pytest.raises(ValueError, match="negative"):
        evolve(Checked(1), count=-1)


def test_a_cached_property_is_not_copied_into_the_new_state():
    state = Remembering(1)
    assert state.doubled == 2  # remembered in the instance's __dict__
    assert evolve(state, count=5).doubled == 10
