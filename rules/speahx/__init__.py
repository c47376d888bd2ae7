"""Speahx: the Norwegian shedding game with table cards, chance cards and several decks,
as ``RULES``.

The rules as implemented, every decision and option, are in ``docs/rules/speahx.md``.
The package: ``state`` (options, the table, the frozen state), ``cards`` (what fits the
pile, burns), ``sources`` (hand, chance cards, flipped card), ``turns`` (refill, who is
out, the finishing order), ``deal`` (the deal and the other chance steps), ``play``
(apply), ``moves`` (legal moves; each rank's remembered in ``remembered``), ``notation``,
``view`` and ``playout`` (random play in place, checked against the fold).
"""

from __future__ import annotations

from tablelog.rules.claims import open_claims
from tablelog.rules.protocol import Header, gather
from tablelog.rules.speahx.compound import compound
from tablelog.rules.speahx.deal import chance
from tablelog.rules.speahx.events import PAYLOADS
from tablelog.rules.speahx.moves import cards, count, kinds, moves
from tablelog.rules.speahx.notation import format_move, parse_move
from tablelog.rules.speahx.play import apply, forced, to_act
from tablelog.rules.speahx.playout import playout
from tablelog.rules.speahx.state import OPTIONS, State, event_cap, initial_state
from tablelog.rules.speahx.turns import outcome
from tablelog.rules.speahx.view import shown, view
from tablelog.rules.tableview import no_marks

__all__ = ["OPTIONS", "RULES", "State", "max_events"]


def max_events(header: Header) -> int:
    """A bound on a game's events: the game stops where it stands at this many."""
    return event_cap(len(header.players))


RULES = gather(
    vars(),
    State,
    name="speahx",
    seats=(2, 20),
    summary="Shed your cards on suit or rank with 2s, 10s, jokers, chance and blind table cards.",
    marks=no_marks,  # no last trick, no tally that counts one more
)
