"""A generated game, as the checks read it: a header and its whole log (and, when the
kit generated it, the states it folded on the way, so the checks need not fold again)."""

from __future__ import annotations

from typing import Any

import attrs

from tablelog.rules.events import Event
from tablelog.rules.frozen import frozen
from tablelog.rules.protocol import Header

__all__ = ["Folded", "History"]


@frozen
class Folded:
    """The fold made while a history was generated: the start state and, in order, each
    game event applied with the state ``rules.apply`` made of it. ``walk`` pushes the
    history's events again and takes each state from here instead of applying again (the
    determinism check applies the events of the deep states a second time)."""

    start: Any
    applied: tuple[tuple[Event, Any], ...]


@frozen
class History:
    """A generated game: its header and its whole log, in order. ``folded`` (never
    compared, hashed or printed) holds the states the generator folded, if it did."""

    header: Header
    events: tuple[Event, ...]
    folded: Folded | None = attrs.field(default=None, eq=False, repr=False)

    @property
    def seeded(self) -> bool:
        """Whether the seeded dealer dealt this history."""
        return self.header.seed is not None
