"""Dealing and choosing the trump suit: the ``deal`` and ``turn`` chance events.

A deal gathers all 48 cards into the stock (face down, identities forgotten) and gives
5 cards to each player one at a time, clockwise from the dealer's left; the first round
face up. With ``trump_selection=lowest_upcard`` the lowest up-card (plain order, ties to
the one dealt first) sets the trump suit; with ``turn_from_stock`` a ``turn`` event turns
a card of the undealt stock face up and its suit is trump.
"""

from __future__ import annotations

from functools import cache, lru_cache
from operator import itemgetter
from typing import cast

import attrs

from tablelog.rules.cards import Card
from tablelog.rules.chance import Drawing, Listed
from tablelog.rules.deal_notation import deal_forms
from tablelog.rules.dealing import DealPlan, Pool, round_robin
from tablelog.rules.dealing import apply_deal as deal_hands
from tablelog.rules.errors import IllegalEvent
from tablelog.rules.events import Deal, Event, Move
from tablelog.rules.karnoffel.events import Turn
from tablelog.rules.karnoffel.ranking import PLAIN_ORDER
from tablelog.rules.karnoffel.state import (
    DEAL,
    DECK,
    DECK_COUNTS,
    DECK_NAME,
    DECK_SET,
    HAND_SIZE,
    OVER,
    PLAY,
    SEATING,
    SEATS,
    TURN,
    TURN_FROM_STOCK,
    DealState,
    State,
    Table,
)
from tablelog.rules.memo import per_state
from tablelog.rules.protocol import ChanceStep
from tablelog.rules.seating import best_index
from tablelog.rules.table import player_name, pool_view, where
from tablelog.rules.table import pool as fresh_pool
from tablelog.rules.zones import Zone

__all__ = [
    "apply_deal",
    "apply_turn",
    "deal_chance",
    "deal_plan",
    "lowest_upcard",
    "turn_chance",
    "unaccounted_cards",
]

DEALT = SEATS * HAND_SIZE

_UPCARDS = tuple(
    itemgetter(*(SEATING.steps(SEATING.next(dealer), seat) for seat in range(SEATS)))
    for dealer in range(SEATS)
)
"""``_UPCARDS[dealer](ups)``: the up-cards in dealing order, rearranged by seat."""
_STOCK = Zone((), len(DECK) - DEALT)
_SEAT_PLACES = tuple(str(seat) for seat in range(SEATS))
"""Each seat's hand as a place of the deal plan (``Dealt.to``)."""
_GATHERED = Pool(DECK_COUNTS)
"""Every card is gathered before a deal: any card of the deck may be dealt, once."""


@lru_cache(maxsize=256)
def deal_plan(table: Table, dealer: int) -> DealPlan:
    """The deal of ``dealer``: 5 cards to each player one at a time, clockwise from the
    dealer's left, the first round face up."""
    order = SEATING.order_from(SEATING.next(dealer))
    first = table.players[order[0]]
    return DealPlan(
        round_robin(order, HAND_SIZE, up_rounds=(0,)),
        table.players,
        rule=(
            f"a Karnöffel deal gives {HAND_SIZE} cards to each of {SEATS} players, one at a "
            f"time, clockwise from the dealer's left ({first} first)"
        ),
        face_up="the first round of the deal is dealt face up",
        deck_name=DECK_NAME,
    )


def lowest_upcard(upcards: tuple[Card, ...]) -> int:
    """The position (in dealing order) of the lowest up-card; ties go to the first dealt."""
    return best_index(upcards, _lowness)


def _lowness(card: Card) -> int:
    return -PLAIN_ORDER.index(card.rank)  # plain_value, negated: the lowest is the best


def _check_deal_phase(state: State, event: Event) -> None:
    if state.phase == OVER:
        raise IllegalEvent(event, "the game is over")
    if state.phase != DEAL:
        raise IllegalEvent(
            event,
            "the cards are already dealt: the next deal comes after this deal's tricks",
        )
    if event.actor is not None:
        raise IllegalEvent(event, "a deal is entered for the table: it has no player as actor")


def apply_deal(state: State, event: Event) -> State:
    """Gather every card, deal 5 to each player and fix the trump suit if the up-cards do."""
    _check_deal_phase(state, event)
    dealer = state.dealer
    plan = deal_plan(state.table, dealer)
    zones = deal_hands(plan, event, _GATHERED, DECK_COUNTS)
    deal: Deal = event.payload
    hands = tuple([zones[seat] for seat in _SEAT_PLACES])
    # the first round, face up: check_deal made sure every up-card was entered
    ups = cast("tuple[Card, ...]", tuple([d.card for d in deal.cards[:SEATS]]))
    by_stock = state.table.options.trump_selection == TURN_FROM_STOCK
    trump = "" if by_stock else ups[lowest_upcard(ups)].suit
    current = DealState(stock=_STOCK, upcards=_UPCARDS[dealer](ups), trump=trump)
    phase = TURN if by_stock else PLAY
    leader = SEATING.next(dealer)
    return State(state.table, phase, dealer, hands, (), leader, current, state.match)


@per_state()
def unaccounted_cards(state: State) -> tuple[Card, ...]:
    """The cards no zone holds as known, in deck order: what a face-down card may be."""
    pool = pool_view(state)
    return tuple(card for card in DECK if pool[card] > 0)


def apply_turn(state: State, event: Event) -> State:
    """Turn a card of the stock face up: its suit is trump for this deal."""
    if state.phase == OVER:
        raise IllegalEvent(event, "the game is over")
    if state.options.trump_selection != TURN_FROM_STOCK:
        raise IllegalEvent(
            event,
            "no card is turned from the stock in this game: the lowest face-up card of the "
            "deal sets the trump suit (option trump_selection=lowest_upcard)",
        )
    if state.phase == DEAL:
        raise IllegalEvent(event, "the cards must be dealt before the trump card is turned")
    if state.phase != TURN:
        raise IllegalEvent(
            event, f"the trump card has already been turned ({state.current.turned.cards[0]})"
        )
    if event.actor is not None:
        raise IllegalEvent(
            event, "the trump card is turned for the table: it has no player as actor"
        )
    card: Card = event.payload.card
    pool = fresh_pool(state)
    if card not in DECK_SET or pool[card] <= 0:
        raise IllegalEvent(event, f"{card} cannot be turned from the stock: {where(state, card)}")
    deal = state.current
    current = attrs.evolve(
        deal, stock=deal.stock.remove(card, pool), turned=Zone((card,)), trump=card.suit
    )
    return attrs.evolve(state, phase=PLAY, current=current)


def deal_chance(state: State) -> ChanceStep:
    """The deal the game waits for, and how a person enters it."""
    return _deal_step(state.table, state.dealer)


@lru_cache(maxsize=256)
def _deal_step(table: Table, dealer: int) -> ChanceStep:
    """``deal_chance`` by what it depends on (a frozen value, made once per table and
    dealer: every deal of a match, and every game at the same table, asks it again)."""
    plan = deal_plan(table, dealer)
    first = player_name(table, SEATING.next(dealer))
    hint = (
        f"{player_name(table, dealer)} deals 5 to each player from {first}, the first "
        f"round face up: {deal_forms(plan)}"
    )
    return ChanceStep("deal", hint, Drawing(plan, DECK, "deck"))  # every card is gathered first


def turn_chance(state: State) -> ChanceStep:
    """The card the game waits to see turned from the stock."""
    hint = "turn CARD: the top card of the stock is turned face up (e.g. turn 9C)"
    turns = Listed.uniform(map(_turn_move, unaccounted_cards(state)))
    return ChanceStep("turn", hint, turns)


@cache
def _turn_move(card: Card) -> Move:
    """The move turning ``card``, made once per card (a turn's step lists every card
    still hidden)."""
    return Move(None, Turn(card))
