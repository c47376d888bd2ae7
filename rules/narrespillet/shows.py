"""The face-down cards a move uses, shown first: a placement in one entry (issue 23).

In a physical game a hand's cards are face down in the record until shown (decision 37).
A move that lays such a card (``place SwKn``, ``discard Co3``, ``load CuA Cu7``, a
picture card played) implies the ``show`` of each one before it; the recorder writes the
shows as their own events, as if typed.
"""

from __future__ import annotations

from tablelog.rules.events import Move
from tablelog.rules.narrespillet import events as ev
from tablelog.rules.narrespillet.state import State
from tablelog.rules.narrespillet.take import is_unknown, source_of

__all__ = ["shows"]


def shows(state: State, move: Move) -> tuple[Move, ...]:
    """The ``show`` moves of the face-down hand cards ``move`` lays, in its order."""
    p = move.payload
    seat = move.actor
    if seat is None or not 0 <= seat < state.n or state.actor == state.n:
        return ()  # the Demons' cards lie face up
    if isinstance(p, ev.Place | ev.Load):
        cards = p.cards
    elif isinstance(p, ev.Discard | ev.Picture):
        cards = (p.card,)
    else:
        return ()
    if not state.hands[seat].hidden:
        return ()
    return tuple(
        Move(seat, ev.Show(card))
        for card in dict.fromkeys(cards)
        if source_of(state, seat, card, pool=True, chariot=True) is None and is_unknown(state, card)
    )
