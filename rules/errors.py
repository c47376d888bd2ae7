"""The errors a rule set raises.

Each is one of the project's three kinds of error (``tablelog.errors``: a ``Refusal``, an
``InvalidInput`` or a ``StorageError``) with a builtin mixed in, so callers can catch
either, and its message is a sentence a person at the table can act on.
"""

from __future__ import annotations

from typing import Any

from tablelog.errors import InvalidInput, Refusal, TablelogError
from tablelog.rules.names import event_named

__all__ = ["IllegalEvent", "NotationError", "OptionError", "RefusedMove", "TablelogError"]


class IllegalEvent(Refusal, ValueError):
    """An event that the rules refuse, with the rule it breaks.

    Renders as ``event 14 (Kari 7H): the Devil may not lead the first trick``.
    """

    def __init__(self, event: Any, reason: str, *, label: str | None = None) -> None:
        self.event = event
        self.reason = reason
        self.label = label
        super().__init__(self.render())

    def render(self) -> str:
        """The sentence shown to a person: which event, and which rule it breaks."""
        return f"{event_named(getattr(self.event, 'seq', None), self.label)}: {self.reason}"

    def with_label(self, label: str | None) -> IllegalEvent:
        """The same refusal, described with the event's notation and actor name (if any)."""
        return IllegalEvent(self.event, self.reason, label=label)


class NotationError(InvalidInput, ValueError):
    """Text that is not a move of the game's notation (a garbled move, an unknown card)."""


class OptionError(InvalidInput, ValueError):
    """An unknown game option, or a value the option does not take."""


class RefusedMove(Refusal, ValueError):
    """Text that reads as a move, but one this position refuses (a card not on the table, a
    build to a value nobody holds): a refusal, like ``IllegalEvent``, not garbled input
    (``NotationError``). A caller that reads text catches both."""
