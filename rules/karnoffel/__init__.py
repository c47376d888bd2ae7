"""Karnöffel: the old four-player partnership trick game, as ``RULES``.

The rules as implemented, every decision and option, are in ``docs/rules/karnoffel.md``.
The package: ``state`` (the frozen state and options), ``ranking`` (who wins a trick),
``deal`` (dealing and the trump suit), ``play`` (apply, legal moves, chance, outcome),
``notation`` (parse and format), ``view`` (what each seat sees) and ``playout`` (a
match walked in place, for fast random play).
"""

from __future__ import annotations

from tablelog.rules.karnoffel.events import PAYLOADS
from tablelog.rules.karnoffel.figures import figures
from tablelog.rules.karnoffel.notation import format_move, parse_move
from tablelog.rules.karnoffel.play import apply, chance, count, moves, outcome, to_act
from tablelog.rules.karnoffel.playout import playout
from tablelog.rules.karnoffel.state import OPTIONS, SEATS, State, initial_state
from tablelog.rules.karnoffel.view import marks, shown, view
from tablelog.rules.protocol import Header, gather

__all__ = ["OPTIONS", "RULES", "State", "max_events"]

DEAL_EVENTS = 2  # the deal, and the turned card with trump_selection=turn_from_stock
EVENTS_PER_DEAL = DEAL_EVENTS + SEATS * 5


def max_events(header: Header) -> int:
    """A bound on a match's events: at most ``2 * target - 1`` deals, 22 events each."""
    target = int(header.options.get("target", 1))
    return (2 * max(target, 1) - 1) * EVENTS_PER_DEAL


RULES = gather(
    vars(),
    State,
    name="karnoffel",
    title="Karnöffel",
    seats=(4, 4),
    summary="Four players in two partnerships take tricks with a strange order of trumps.",
)
