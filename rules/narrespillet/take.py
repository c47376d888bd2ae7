"""Where a participant's cards come from, and taking them out.

A participant uses cards of its hand, its open cards (Strength), the Justice cards on its
turn, and, for a placement, the cards in its Chariot. In one deck each known card lies in
one place, so a move names cards and the state knows where each is.
"""

from __future__ import annotations

from collections import Counter
from typing import Any

from tablelog.rules.cards import Card
from tablelog.rules.memo import per_state
from tablelog.rules.narrespillet.deck import DECK
from tablelog.rules.narrespillet.state import State
from tablelog.rules.table import evolve
from tablelog.rules.zones import Zone

__all__ = [
    "HAND",
    "SOURCES",
    "available",
    "in_deck_order",
    "is_unknown",
    "pool_of",
    "source_of",
    "take",
    "unknown",
    "unknown_of",
]

HAND, OPENED, POOLED, CHARIOT = "hand", "open", "pool", "chariot"
DECK_INDEX = {card: i for i, card in enumerate(DECK)}
SOURCES = (HAND, OPENED, POOLED, CHARIOT)


def _set(items: tuple[Any, ...], i: int, value: object) -> tuple[Any, ...]:
    return (*items[:i], value, *items[i + 1 :])


def source_of(state: State, who: int, card: Card, *, pool: bool, chariot: bool) -> str | None:
    """Where ``who`` holds ``card`` as a known card (``None``: nowhere it may use)."""
    if card in state.hands[who].cards:
        return HAND
    if card in state.opens[who].cards:
        return OPENED
    if pool and card in state.pool.cards:
        return POOLED
    if chariot and card in state.chariots[who].cards:
        return CHARIOT
    return None


def available(state: State, who: int, *, pool: bool, chariot: bool) -> tuple[Card, ...]:
    """The known cards ``who`` may use, in deck order, each once."""
    hand = state.hands[who].cards
    if not (
        state.opens[who].cards
        or (pool and state.pool.cards)
        or (chariot and state.chariots[who].cards)
    ):
        return in_deck_order(hand)  # the hand alone: most turns
    cards = set(hand)
    cards.update(state.opens[who].cards)
    if pool:
        cards.update(state.pool.cards)
    if chariot:
        cards.update(state.chariots[who].cards)
    return tuple(sorted(cards, key=DECK_INDEX.__getitem__))


def in_deck_order(cards: tuple[Card, ...]) -> tuple[Card, ...]:
    """``cards`` (each once) in deck order (sorted each time: a memory of it answered one
    ask in four in random play, a hand being new most turns)."""
    return tuple(sorted(cards, key=DECK_INDEX.__getitem__))


def take(state: State, who: int, card: Card, source: str) -> State:
    """``state`` with ``card`` taken out of ``who``'s ``source``."""
    if source == HAND:
        return evolve(state, hands=_set(state.hands, who, state.hands[who].remove(card)))
    if source == OPENED:
        return evolve(state, opens=_set(state.opens, who, state.opens[who].remove(card)))
    if source == POOLED:
        return evolve(state, pool=state.pool.remove(card))
    chariots = _set(state.chariots, who, state.chariots[who].remove(card))
    return evolve(state, chariots=chariots)


_DECK_SET = frozenset(DECK)


@per_state()
def unknown(state: State) -> frozenset[Card]:
    """The cards no zone holds as a known card: what a face-down card may be (one deck,
    so a set of cards is the whole answer; asked once per state)."""
    return unknown_of(state)


def unknown_of(state: State) -> frozenset[Card]:
    """``unknown``, not remembered: for a playout's fields, changed in place."""
    known: set[Card] = set(state.stock.cards)
    known.update(state.discard.cards, state.pool.cards, state.justice.cards)
    for zones in (state.hands, state.opens, state.chariots, state.fronts):
        for zone in zones:
            known.update(zone.cards)
    for row in state.slots:
        for slot in row:
            if slot.placement is not None:
                known.update(slot.placement.cards)
    return _DECK_SET.difference(known)


def is_unknown(state: State, card: Card) -> bool:
    """Whether ``card`` may be a face-down card (no zone holds it as a known card)."""
    return card in unknown(state)


def pool_of(state: State) -> Counter[Card]:
    """The unaccounted cards (a fresh multiset): what a face-down card may be."""
    return Counter(dict.fromkeys(unknown(state), 1))


_ = Zone
