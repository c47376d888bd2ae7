"""``attrs.evolve`` for the hot path of a fold: a game's state class gets its own evolver.

A fold makes several new states per event. ``attrs.evolve`` looks up the class's fields
on every call; ``evolver(State)`` looks them up once and reads every field in one C call
(``operator.attrgetter``), so a new state costs the class's ``__init__`` and little more.
"""

from __future__ import annotations

import operator
from collections.abc import Callable
from typing import Any, TypeVar

import attrs

__all__ = ["evolver"]

T = TypeVar("T")


def evolver(cls: type[T]) -> Callable[..., T]:
    """A function ``evolve(state, **changes)`` making a new ``cls`` from ``state`` with
    ``changes`` (``TypeError`` naming a field ``cls`` does not have)."""
    names = tuple(field.name for field in attrs.fields(cls))  # type: ignore[arg-type]
    index = {name: i for i, name in enumerate(names)}
    read = operator.attrgetter(*names)

    def evolve(state: T, **changes: Any) -> T:
        values = list(read(state))
        for name, value in changes.items():
            i = index.get(name)
            if i is None:
                raise TypeError(f"{cls.__name__} has no field {name!r}")
            values[i] = value
        return cls(*values)

    evolve.__doc__ = f"``attrs.evolve`` for ``{cls.__name__}``, its fields looked up once."
    return evolve
