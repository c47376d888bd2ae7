"""Dealing Nørdekasino: the first deal (4 each, 2 face up to the table), the re-deals,
the last round and the face-down middle.

A deal event lists each player's cards (in turn order from the dealer's right), then the
table's, then the middle's: the game's ``DealPlan``, which the shared deal engine
(``rules.dealing``) checks and applies, whose notation is the shared one
(``rules.deal_notation``), and which the chance step describes as a ``Drawing`` from the
unaccounted cards for the dealer (``rules.chance``). The seed deals two at a time; the
passes change nothing about who holds what, so the log does not record them.
"""

from __future__ import annotations

from collections.abc import Mapping
from functools import lru_cache, partial

import attrs

from tablelog.rules.cards import Card
from tablelog.rules.chance import Drawing
from tablelog.rules.deal_notation import deal_forms
from tablelog.rules.dealing import DealPlan, deal_zones, pool_order, to_each, to_zone
from tablelog.rules.dealing import apply_deal as deal_cards
from tablelog.rules.errors import IllegalEvent
from tablelog.rules.events import Deal, Event
from tablelog.rules.frozen import frozen
from tablelog.rules.nordekasino.state import (
    DEAL,
    HAND,
    OVER,
    PLAY,
    TABLE_CARDS,
    Pile,
    State,
    Table,
)
from tablelog.rules.protocol import ChanceStep
from tablelog.rules.seating import Seating
from tablelog.rules.table import player_name, pool, where
from tablelog.rules.zones import Zone

__all__ = ["apply_deal", "deal_chance", "deal_plan", "deal_sampled", "deal_shape"]

TABLE = "table"
MIDDLE = "middle"
EMPTY = Zone()


@frozen
class Shape:
    """What a deal gives: ``each`` cards per player, ``table`` up-cards, ``middle`` cards
    face down in the middle (the last round only)."""

    each: int
    table: int
    middle: int

    @property
    def last(self) -> bool:
        """Whether this is the last deal (the stock is empty after it)."""
        return bool(self.middle)


def deal_shape(state: State) -> Shape:
    """The shape of the deal the state waits for.

    The first deal gives 4 each and 2 to the table. A deal is the last when fewer cards
    would be left after it than another round of 4 each needs; the last round gives each
    player ``last_round`` cards (fewer if the stock runs short) and the rest goes face
    down to the middle. The first deal keeps its 4 even when it is also the last.
    """
    n = state.seats
    stock = len(state.stock)
    first = state.deals == 0
    table = TABLE_CARDS if first else 0
    after_four = stock - table - HAND * n
    if after_four >= HAND * n:
        return Shape(HAND, table, 0)
    each = HAND if first else min(state.options.last_round, stock // n)
    return Shape(each, table, stock - table - each * n)


def deal_plan(state: State) -> DealPlan:
    """The deal the state waits for: each player's cards in turn from the dealer's right,
    then the table's (face up, the first deal only), then the middle's (face down)."""
    return _plan(state.table, deal_shape(state))


@lru_cache(maxsize=256)
def _plan(table: Table, shape: Shape) -> DealPlan:
    seating = Seating(table.n)  # seats are numbered in turn order (see state)
    order = seating.order_from(seating.next(table.dealer))
    places = to_each(order, shape.each) + to_zone(TABLE, shape.table, up=True)
    places += to_zone(MIDDLE, shape.middle)
    rule = (
        f"this deal gives {shape.each} cards to each player in turn from the dealer's right "
        f"({table.players[order[0]]} first)"
        + (f", {shape.table} face up to the table" if shape.table else "")
        + (f" and puts the last {shape.middle} face down in the middle" if shape.middle else "")
    )
    face_up = (
        "the table's cards are dealt face up"
        if shape.table
        else "only the two table cards of the first deal are dealt face up"
    )
    return DealPlan(places, table.players, rule, face_up)


def apply_deal(state: State, event: Event) -> State:
    """Deal the next round from the stock."""
    if state.phase == OVER:
        raise IllegalEvent(event, "the game is over: every card has been dealt and played")
    if state.phase != DEAL:
        raise IllegalEvent(event, "the cards are dealt again only when every hand is played out")
    if event.actor is not None:
        raise IllegalEvent(event, "a deal is entered for the table: it has no player as actor")
    table = state.table
    zones = deal_cards(deal_plan(state), event, pool(state), table.counts, partial(where, state))
    return _after_deal(state, zones)


def deal_sampled(state: State, deal: Deal) -> State:
    """``apply_deal`` of a deal known to be legal (a playout is only given samples of
    ``deal_chance``): the same state, the deal not checked again."""
    return _after_deal(state, deal_zones(deal_plan(state), deal))


def _after_deal(state: State, zones: Mapping[str, Zone]) -> State:
    """The state once the deal has put ``zones``' cards in each place."""
    n = state.seats
    hands = tuple(zones.get(str(seat), EMPTY) for seat in range(n))
    first = Seating(n).next(state.dealer)
    laid = zones.get(TABLE, EMPTY)
    middle = zones.get(MIDDLE, EMPTY)
    dealt = sum(len(zone) for zone in zones.values())
    return attrs.evolve(
        state,
        phase=PLAY,
        to_play=first,
        hands=hands,
        piles=state.piles + tuple(Pile((card,)) for card in laid.cards),
        stock=Zone((), len(state.stock) - dealt),
        middle=state.middle.add(*middle.cards, hidden=middle.hidden),
        deals=state.deals + 1,
        revealed=(None,) * n,
        open_hands=(),
    )


def deal_chance(state: State) -> ChanceStep:
    """The deal the game waits for, and how a person enters it."""
    shape = deal_shape(state)
    left = pool(state)
    order = tuple(card for card in _deck_order(state.table) for _ in range(left[card]))
    return ChanceStep("deal", _hint(state.table, shape), Drawing(deal_plan(state), order, "stock"))


@lru_cache(maxsize=256)
def _deck_order(table: Table) -> tuple[Card, ...]:
    """Every card of the game once, in the dealer's order (``dealing.pool_order``): the
    unaccounted cards are these, each as often as it is left, in this order."""
    return pool_order(dict.fromkeys(table.deck, 1))


@lru_cache(maxsize=256)
def _hint(table: Table, shape: Shape) -> str:
    """How a person enters a deal of ``shape`` at ``table`` (the same every game)."""
    dealer = player_name(table, table.dealer)
    if shape.table:
        hint = f"{dealer} deals 4 to each player and 2 face up to the table"
    else:
        hint = f"{dealer} deals {shape.each} more to each player"
        if shape.middle:
            hint += f" and lays the last {shape.middle} face down in the middle"
    return f"{hint}: {deal_forms(_plan(table, shape))}"
