"""The project's error root and the errors a rule set raises.

Every error a user can cause is a ``TablelogError`` with a builtin mixed in, so callers
can catch either, and its message is a sentence a person at the table can act on.
``ledger/`` never imports ``rules/``, so it has its own ``LedgerError`` root; the CLI
catches both and nothing else.
"""

from __future__ import annotations

from typing import Any

__all__ = ["IllegalEvent", "NotationError", "OptionError", "RefusedMove", "TablelogError"]


class TablelogError(Exception):
    """Root of every error tablelog raises for a user's mistake."""


class IllegalEvent(TablelogError, ValueError):
    """An event that the rules refuse, with the rule it breaks.

    Renders as ``event 14 (play 7H by Kari): the Devil may not lead the first trick``.
    """

    def __init__(self, event: Any, reason: str, *, label: str | None = None) -> None:
        self.event = event
        self.reason = reason
        self.label = label
        super().__init__(self.render())

    def render(self) -> str:
        """The sentence shown to a person: which event, and which rule it breaks."""
        seq = getattr(self.event, "seq", None)
        where = f"event {seq}" if seq else "move"
        if self.label:
            where = f"{where} ({self.label})"
        return f"{where}: {self.reason}"

    def with_label(self, label: str | None) -> IllegalEvent:
        """The same refusal, described with the event's notation and actor name (if any)."""
        return IllegalEvent(self.event, self.reason, label=label)


class NotationError(TablelogError, ValueError):
    """Text that is not a move of the game's notation (a garbled move, an unknown card)."""


class OptionError(TablelogError, ValueError):
    """An unknown game option, or a value the option does not take."""


class RefusedMove(NotationError):
    """Text that reads as a move, but one this position refuses (a card not on the table, a
    build to a value nobody holds): a refusal, like ``IllegalEvent``, not garbled input.

    A ``NotationError`` still, so callers that read text keep catching one class.
    """
