"""Vriddiot: Norwegian Idiot with twists (vridning), war (krig), burning combinations and
the Dobbeldekker, as ``RULES``.

The rules as implemented, every decision and option, are in ``docs/rules/vriddiot.md``.
The package: ``state`` (state, options, deck), ``deal`` (the deal and the other chance
steps), ``legal`` (which plays are allowed), ``take`` (taking cards from where a player
plays), ``play`` (apply), ``lay`` (what a play does), ``turn`` (the turn loop's common
moves at once), ``war`` (the war and what is settled after each move), ``moves`` (to_act
and the legal moves), ``onturn`` (the moves of the player on turn), ``notation``,
``view``, ``playout`` (the game walked forward in place for fast random play, checked
against the fold).
"""

from __future__ import annotations

from tablelog.rules.claims import open_claims
from tablelog.rules.protocol import Header, gather
from tablelog.rules.tableview import no_marks
from tablelog.rules.vriddiot.deal import chance
from tablelog.rules.vriddiot.events import PAYLOADS
from tablelog.rules.vriddiot.moves import forced, moves, passes, to_act
from tablelog.rules.vriddiot.notation import format_move, parse_move
from tablelog.rules.vriddiot.play import apply
from tablelog.rules.vriddiot.playout import playout
from tablelog.rules.vriddiot.state import OPTIONS, State, initial_state, outcome
from tablelog.rules.vriddiot.view import shown, view

__all__ = ["OPTIONS", "RULES", "State", "max_events", "outcome", "playout"]


def max_events(header: Header) -> int:
    """A cap on a game's length: Idiot has no natural bound (a pile can be picked up again
    and again), so this is generous: 600 events per player."""
    return 600 * len(header.players)


RULES = gather(
    vars(),
    State,
    name="vriddiot",
    seats=(3, 11),
    summary="Idiot with twists, wars, burning combinations and the Dobbeldekker: "
    "the last player holding cards is the Idiot.",
    marks=no_marks,  # no last trick, no tally that counts one more
)
