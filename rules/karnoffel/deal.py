"""Dealing and choosing the trump suit: the ``deal`` and ``turn`` chance events.

A deal gathers all 48 cards into the stock (face down, identities forgotten) and gives
5 cards to each player one at a time, clockwise from the dealer's left; the first round
face up. With ``trump_selection=lowest_upcard`` the lowest up-card (plain order, ties to
the one dealt first) sets the trump suit; with ``turn_from_stock`` a ``turn`` event turns
a card of the undealt stock face up and its suit is trump.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from functools import partial
from operator import attrgetter, itemgetter

import attrs

from rules.cards import Card
from rules.errors import IllegalEvent
from rules.events import Deal, Dealt, Event, Move
from rules.karnoffel.events import Turn
from rules.karnoffel.ranking import PLAIN_ORDER
from rules.karnoffel.state import (
    DEAL,
    DECK,
    DECK_SET,
    HAND_SIZE,
    OVER,
    PLAY,
    SEATS,
    TURN,
    TURN_FROM_STOCK,
    DealState,
    State,
    player,
    where_known,
    zone_map,
)
from rules.protocol import ChanceStep
from rules.zones import Zone, unaccounted

__all__ = [
    "apply_deal",
    "apply_turn",
    "deal_chance",
    "dealing_order",
    "lowest_upcard",
    "turn_chance",
    "unaccounted_cards",
]

DEALT = SEATS * HAND_SIZE


def dealing_order(dealer: int) -> tuple[int, ...]:
    """The seat each of the 20 dealt cards goes to, in dealing order."""
    return tuple((dealer + 1 + i) % SEATS for i in range(DEALT))


_SHAPES = tuple(
    tuple((str(seat), i < SEATS) for i, seat in enumerate(dealing_order(dealer)))
    for dealer in range(SEATS)
)
"""``_SHAPES[dealer]``: where each dealt card goes and whether it is face up."""
_FIRST = tuple(
    tuple((seat - dealer - 1) % SEATS for seat in range(SEATS)) for dealer in range(SEATS)
)
"""``_FIRST[dealer][seat]``: the position in the dealing order of the seat's first card."""
_UPCARDS = tuple(itemgetter(*first) for first in _FIRST)
"""``_UPCARDS[dealer](ups)``: the up-cards in dealing order, rearranged by seat."""
_CARD = attrgetter("card")
_TO_UP = attrgetter("to", "up")
_DECK_IDS = frozenset(map(id, DECK))
"""The identities of DECK's cards (which live as long as the module)."""
_STOCK = Zone((), len(DECK) - DEALT)


def lowest_upcard(upcards: tuple[Card, ...]) -> int:
    """The position (in dealing order) of the lowest up-card; ties go to the first dealt."""
    values = [PLAIN_ORDER.index(card.rank) for card in upcards]  # plain_value, inlined
    return values.index(min(values))


def _refuse(event: Event, reason: str) -> IllegalEvent:
    return IllegalEvent(event, reason)


def _check_dealt(state: State, event: Event, i: int, dealt: Dealt, seat: int) -> None:
    """Refuse the ``i``-th dealt card unless it goes to ``seat``, face up in round one."""
    who = player(state, seat)
    if dealt.to != str(seat):
        raise _refuse(
            event,
            "the deal goes one card at a time clockwise, starting left of the dealer "
            f"({player(state, state.dealer)}): card {i + 1} goes to {who} (seat {seat}), "
            f"not to {dealt.to!r}",
        )
    if i < SEATS and (not dealt.up or dealt.card is None):
        raise _refuse(
            event,
            "the first round of the deal is dealt face up, so its cards must be entered: "
            f"card {i + 1} (to {who}) is {'not known' if dealt.card is None else 'face down'}",
        )
    if i >= SEATS and dealt.up:
        raise _refuse(
            event,
            f"only the first round of the deal is dealt face up: card {i + 1} (to {who}) "
            "must be face down",
        )
    if dealt.card is not None and dealt.card not in DECK_SET:
        raise _refuse(
            event,
            f"{dealt.card} is not in the Karnöffel deck (48 cards: K, Q, J, 10 down to 2; no aces)",
        )


def _check_deal_phase(state: State, event: Event) -> None:
    if state.phase == OVER:
        raise _refuse(event, "the game is over")
    if state.phase != DEAL:
        raise _refuse(
            event,
            "the cards are already dealt: the next deal comes after this deal's tricks",
        )
    if event.actor is not None:
        raise _refuse(event, "a deal is entered for the table: it has no player as actor")


def apply_deal(state: State, event: Event) -> State:
    """Gather every card, deal 5 to each player and fix the trump suit if the up-cards do."""
    _check_deal_phase(state, event)
    cards: tuple[Dealt, ...] = event.payload.cards
    if len(cards) != DEALT:
        raise _refuse(
            event,
            "a Karnöffel deal gives 5 cards to each of 4 players, one at a time: "
            f"expected {DEALT} cards, got {len(cards)}",
        )
    dealer = state.dealer
    entered = tuple(map(_CARD, cards))
    known = [card for card in entered if card is not None]
    ups = tuple(known[:SEATS])
    upcards_known = ups == entered[:SEATS]
    # Distinct objects of DECK are distinct cards of the deck: checked by identity, without
    # hashing cards; anything else takes the full checks below.
    ids = set(map(id, known))
    distinct_deck_cards = len(ids) == len(known) and ids <= _DECK_IDS
    regular = tuple(map(_TO_UP, cards)) == _SHAPES[dealer]
    if not (regular and upcards_known and (distinct_deck_cards or DECK_SET.issuperset(known))):
        for i, (dealt, seat) in enumerate(zip(cards, dealing_order(dealer), strict=True)):
            _check_dealt(state, event, i, dealt, seat)
    if not distinct_deck_cards and len(set(known)) != len(known):
        twice = next(card for i, card in enumerate(known) if card in known[:i])
        raise _refuse(event, f"{twice} is dealt twice")
    if len(known) == DEALT:
        hands = tuple([Zone(tuple(known[first::SEATS])) for first in _FIRST[dealer]])
    else:
        hands = tuple([_hand(entered[first::SEATS]) for first in _FIRST[dealer]])
    by_stock = state.table.options.trump_selection == TURN_FROM_STOCK
    trump = "" if by_stock else ups[lowest_upcard(ups)].suit
    current = DealState(stock=_STOCK, upcards=_UPCARDS[dealer](ups), trump=trump)
    phase = TURN if by_stock else PLAY
    return State(state.table, phase, dealer, hands, (), (dealer + 1) % SEATS, current, state.match)


def _hand(dealt: tuple[Card | None, ...]) -> Zone:
    known = tuple([card for card in dealt if card is not None])
    return Zone(known, len(dealt) - len(known))


def unaccounted_cards(state: State) -> tuple[Card, ...]:
    """The cards no zone holds as known, in deck order: what a face-down card may be."""
    pool = unaccounted(DECK, zone_map(state).values())
    return tuple(card for card in DECK if pool[card] > 0)


def apply_turn(state: State, event: Event) -> State:
    """Turn a card of the stock face up: its suit is trump for this deal."""
    if state.phase == OVER:
        raise _refuse(event, "the game is over")
    if state.options.trump_selection != TURN_FROM_STOCK:
        raise _refuse(
            event,
            "no card is turned from the stock in this game: the lowest face-up card of the "
            "deal sets the trump suit (option trump_selection=lowest_upcard)",
        )
    if state.phase == DEAL:
        raise _refuse(event, "the cards must be dealt before the trump card is turned")
    if state.phase != TURN:
        raise _refuse(event, f"the trump card has already been turned ({state.turned.cards[0]})")
    if event.actor is not None:
        raise _refuse(event, "the trump card is turned for the table: it has no player as actor")
    card: Card = event.payload.card
    pool = unaccounted(DECK, zone_map(state).values())
    if card not in DECK_SET or pool[card] <= 0:
        raise _refuse(event, f"{card} cannot be turned from the stock: {where_known(state, card)}")
    current = attrs.evolve(
        state.current, stock=state.stock.remove(card, pool), turned=Zone((card,)), trump=card.suit
    )
    return attrs.evolve(state, phase=PLAY, current=current)


def _realize_deal(dealer: int, rng: random.Random, known: bool) -> Move:
    cards = rng.sample(DECK, DEALT)
    order = dealing_order(dealer)
    return Move(
        None,
        Deal(
            tuple(
                Dealt(str(seat), card if known or i < SEATS else None, i < SEATS)
                for i, (seat, card) in enumerate(zip(order, cards, strict=True))
            )
        ),
    )


def _realize_turn(cards: tuple[Card, ...], rng: random.Random, known: bool) -> Move:
    return Move(None, Turn(rng.choice(cards)))


def deal_chance(state: State) -> ChanceStep:
    """The deal the game waits for, and how a person enters it."""
    first = player(state, (state.dealer + 1) % SEATS)
    hint = (
        f"deal UP UP UP UP: {player(state, state.dealer)} deals; enter the four face-up "
        f"cards from {first} clockwise (e.g. deal 7H 2S KD 5C), or each with its face-down "
        "cards: deal 7H:QS,8S,9S,10S 2S:?,?,?,? ..."
    )
    realize: Callable[[random.Random, bool], Move] = partial(_realize_deal, state.dealer)
    return ChanceStep("deal", hint, realize)


def turn_chance(state: State) -> ChanceStep:
    """The card the game waits to see turned from the stock."""
    hint = "turn CARD: the top card of the stock is turned face up (e.g. turn 9C)"
    return ChanceStep("turn", hint, partial(_realize_turn, unaccounted_cards(state)))
