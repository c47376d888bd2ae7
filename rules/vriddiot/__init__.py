"""Vriddiot: Norwegian Idiot with twists (vridning), war (krig), burning combinations and
the Dobbeldekker, as ``RULES``.

The rules as implemented, every decision and option, are in ``docs/rules/vriddiot.md``.
The package: ``state`` (state, options, deck), ``deal`` (the deal and the other chance
steps), ``legal`` (which plays are allowed), ``take`` (taking cards from where a player
plays), ``play`` (apply), ``war`` (the war and what is settled after each move), ``moves``
(to_act and the legal moves), ``notation``, ``view``.
"""

from __future__ import annotations

from tablelog.rules.claims import open_claims
from tablelog.rules.protocol import Header, Outcome, gather
from tablelog.rules.tableview import no_marks
from tablelog.rules.vriddiot.deal import chance
from tablelog.rules.vriddiot.events import PAYLOADS
from tablelog.rules.vriddiot.moves import forced, moves, passes, to_act
from tablelog.rules.vriddiot.notation import format_move, parse_move
from tablelog.rules.vriddiot.play import apply
from tablelog.rules.vriddiot.state import OPTIONS, OVER, State, initial_state
from tablelog.rules.vriddiot.view import shown, view

__all__ = ["OPTIONS", "RULES", "State", "max_events", "outcome"]


def max_events(header: Header) -> int:
    """A cap on a game's length: Idiot has no natural bound (a pile can be picked up again
    and again), so this is generous: 600 events per player."""
    return 600 * len(header.players)


def outcome(state: State) -> Outcome | None:
    """``None`` while the game runs; else the order the players went out, the Idiot last.

    A player's score is how many players went out after them (the Idiot scores 0)."""
    if state.phase != OVER:
        return None
    order = [*state.finished, *(s for s in range(state.table.n) if s not in state.finished)]
    n = len(order)
    scores: dict[str, int | object] = {state.players[s]: n - 1 - i for i, s in enumerate(order)}
    return Outcome(
        ranking=tuple((s,) for s in order),
        scores=scores,  # type: ignore[arg-type]
        rounds=({"idiot": state.players[order[-1]]},),
    )


RULES = gather(
    vars(),
    State,
    name="vriddiot",
    seats=(3, 11),
    summary="Idiot with twists, wars, burning combinations and the Dobbeldekker: "
    "the last player holding cards is the Idiot.",
    marks=no_marks,  # no last trick, no tally that counts one more
)
