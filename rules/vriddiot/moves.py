"""The legal moves, generated lazily and filtered: ``to_act`` and ``moves``; the moves of
the player on turn are ``onturn.turn_moves``, the join window's here (``_joins``).

Candidates come from where the player plays from (the card just turned, the hand, the
face-up table cards; a hand with cards nobody entered may hold any card still unaccounted
for); each is kept only if ``legal.refuse_play`` allows it, the same test ``apply`` makes:
on turn, asked once per card of the deck and per set in each situation and remembered
(``legal.verdicts``), the plays then listed by construction.
"""

from __future__ import annotations

import itertools
from collections.abc import Iterator

from tablelog.rules.cards import JOKER, Card
from tablelog.rules.events import Move
from tablelog.rules.listing import filter_moves
from tablelog.rules.memo import per_state
from tablelog.rules.vriddiot.claims import card_lays
from tablelog.rules.vriddiot.events import Join, Pass, Pickup
from tablelog.rules.vriddiot.legal import declarations
from tablelog.rules.vriddiot.onturn import by_rank, candidates, sets, turn_moves
from tablelog.rules.vriddiot.order import card_order
from tablelog.rules.vriddiot.play import waiting_for
from tablelog.rules.vriddiot.state import FIRER, PLAY, State

__all__ = ["forced", "listing", "moves", "passes", "to_act"]


def to_act(state: State) -> tuple[int, ...]:
    """The players who may act: the join window's players, else the one on turn (every
    player before a physical game's first play, when nobody knows who holds the lowest card)."""
    if state.phase != PLAY or waiting_for(state):
        return ()
    war = state.war
    if war is not None and war.window:
        return war.window
    if state.turn is None:
        return tuple(s for s in range(state.table.n) if state.active(s))
    return (state.turn,)


def passes(state: State) -> tuple[Move, ...]:
    """The passes that close the open war or throw-in window: everyone asked declines."""
    war = state.war
    if state.phase != PLAY or waiting_for(state) or war is None or not war.window:
        return ()
    return tuple(Move(seat, Pass()) for seat in war.window)


def forced(state: State) -> Move | None:
    """The move nobody decides: a blind table card (or a chance card) turned that cannot be
    laid is picked up with the pile ("the card is turned and laid if it may be, else you
    pick up the pile with it"); the recorder writes it after the ``turn`` (issue 23)."""
    if state.phase != PLAY or not len(state.turned) or waiting_for(state):
        return None
    only = list(itertools.islice(moves(state), 2))
    if len(only) == 1 and isinstance(only[0].payload, Pickup):
        return only[0]
    return None


def moves(
    state: State, seat: int | None = None, card: Card | None = None, kind: str | None = None
) -> Iterator[Move]:
    """The legal moves (of ``seat``, led by ``card``, of ``kind``), from ``listing``."""
    listed = listing(state)
    if seat is None and card is None and kind is None:
        return iter(listed)
    return filter_moves(listed, seat, card, kind)


@per_state(maxsize=8)
def listing(state: State) -> tuple[Move, ...]:
    """Every legal move of ``state`` in order, remembered per state object: the invariant
    kit, the recorder and serve ask one state for its moves several times (each seat's,
    then all of them, then whether one is listed)."""
    return tuple(_all(state))


def _all(state: State) -> Iterator[Move]:
    war = state.war
    for seat in to_act(state):
        if war is not None and war.window:
            yield Move(seat, Pass())
            yield from _joins(state, seat, war.rank)
        else:
            yield from turn_moves(state, seat)


def _joins(state: State, seat: int, rank: str) -> Iterator[Move]:
    from_hand = bool(len(state.hands[seat]))
    zone = state.hands[seat] if from_hand else state.ups[seat]
    have = candidates(state, zone)
    lays = card_lays(state, seat) if from_hand and state.claims else None
    for card in sorted(have, key=card_order):
        if card == JOKER:
            effs = [eff for eff in declarations(card) if eff.rank == rank]
        elif card.rank == rank and card != FIRER:
            effs = [card]
        else:
            continue
        if not effs or (lays is not None and not lays((card,))):
            continue
        for eff in effs:
            yield Move(seat, Join((card,), eff if card == JOKER else None))
    for combo in sets(zone, by_rank(have).get(rank, [])):
        if lays is None or lays(combo):
            yield Move(seat, Join(combo))
