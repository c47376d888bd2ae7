"""A generated game, as the checks read it: a header and its whole log."""

from __future__ import annotations

from tablelog.rules.events import Event
from tablelog.rules.frozen import frozen
from tablelog.rules.protocol import Header

__all__ = ["History"]


@frozen
class History:
    """A generated game: its header and its whole log, in order."""

    header: Header
    events: tuple[Event, ...]

    @property
    def seeded(self) -> bool:
        """Whether the seeded dealer dealt this history."""
        return self.header.seed is not None
