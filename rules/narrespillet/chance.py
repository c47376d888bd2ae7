"""The chance steps: the deal of each round and every draw from the stock.

Both are the shared ``deal`` event, checked against a ``DealPlan``: the round's deal gives
six cards to each player, one at a time from the dealer's left; a draw gives a participant
the cards it still wants (closed cards face down to its hand, open ones face up for
Strength; the Demons' and Justice's cards face up).
"""

from __future__ import annotations

import functools
from types import MappingProxyType
from typing import Any

import attrs

from tablelog.rules.absences import took_unseen
from tablelog.rules.cards import Card
from tablelog.rules.chance import Drawing
from tablelog.rules.deal_notation import deal_forms
from tablelog.rules.dealing import DealPlan, Place, check_deal, deal_zones, pool_order, round_robin
from tablelog.rules.errors import IllegalEvent
from tablelog.rules.events import Event
from tablelog.rules.memo import per_state
from tablelog.rules.narrespillet.actors import head_step
from tablelog.rules.narrespillet.calls import answer_step
from tablelog.rules.narrespillet.deck import DECK, DECK_COUNTS
from tablelog.rules.narrespillet.flow import draw_need, settle
from tablelog.rules.narrespillet.state import DEAL, HAND, PLAY, POOL, State, seating
from tablelog.rules.narrespillet.take import pool_of, unknown
from tablelog.rules.protocol import ChanceStep
from tablelog.rules.table import evolve, where
from tablelog.rules.tableview import counted
from tablelog.rules.zones import Zone

__all__ = [
    "apply_draw",
    "chance",
    "check_draw",
    "draw_step",
    "plan_for",
    "plan_of",
    "pool_from",
    "stock_pool",
]

DECK_NAME = "the tarot deck (78 cards)"
_STOCK_ORDER = pool_order(dict.fromkeys(DECK, 1))
"""Every card in the order the seeded dealer draws from (``dealing.pool_order``)."""


def _set(items: tuple[Any, ...], i: int, value: object) -> tuple[Any, ...]:
    return (*items[:i], value, *items[i + 1 :])


_NAMES = MappingProxyType({"demons": "Demons", "pool": "Justice"})
"""How the notation writes the Demons' and Justice's places (read-only: plans share it)."""


@per_state()
def plan_for(state: State) -> DealPlan | None:
    """The deal or draw the game waits for, or ``None`` (asked once per state: the check,
    the apply and the notation of a deal all ask it)."""
    return plan_of(state)


def plan_of(state: State) -> DealPlan | None:
    """``plan_for``, not remembered: for a playout's fields, changed in place."""
    if state.phase == DEAL:
        return _round_plan(state.players, state.dealer)
    head = head_step(state) if state.phase == PLAY else None
    stock = len(state.stock.cards) + state.stock.hidden
    if head is None or head.kind not in ("refill", "draw") or state.death or not stock:
        return None
    closed, opened = draw_need(state, head)
    if closed + opened == 0:
        return None
    closed = min(closed, stock)
    opened = min(opened, stock - closed)
    return _draw_plan(state.players, head.who, closed, opened)


@functools.lru_cache(maxsize=64)
def _round_plan(players: tuple[str, ...], dealer: int) -> DealPlan:
    """The round's deal at this table (a plan is frozen: made once per table and dealer)."""
    n = len(players)
    first = (dealer + 1) % n
    return DealPlan(
        round_robin(seating(n).order_from(first), HAND),
        players,
        rule=(
            f"each round deals {HAND} cards to each player, one at a time from the "
            f"dealer's left ({players[first]} first)"
        ),
        deck_name=DECK_NAME,
        names=_NAMES,
    )


@functools.lru_cache(maxsize=256)
def _draw_plan(players: tuple[str, ...], who: int, closed: int, opened: int) -> DealPlan:
    """A draw of ``closed`` face-down and ``opened`` face-up cards for participant ``who``
    (Justice, the Demons or a player; made once per table and draw)."""
    n = len(players)
    if who == POOL:
        places = (Place("pool", True),) * closed
        whom = "Justice"
    elif who == n:
        places = (Place("demons", True),) * closed
        whom = "the Demons"
    else:
        places = (Place(str(who)),) * closed + (Place(f"{who}.open", True),) * opened
        whom = players[who]
    return DealPlan(
        places,
        players,
        rule=f"{whom} {'draw' if who == n else 'draws'} {counted(len(places), 'card')} "
        "from the stock",
        face_up="the Demons' cards, Justice's cards and Strength's open cards are drawn face up",
        deck_name=DECK_NAME,
        names=_NAMES,
    )


def check_draw(state: State, event: Event) -> str | None:
    """Why the ``deal`` event is refused, or ``None``."""
    plan = plan_for(state)
    if plan is None:
        return "no card is to be dealt or drawn now"
    if event.actor is not None:
        return "cards are dealt and drawn for the table: a deal has no player as actor"
    pool = dict.fromkeys(unknown(state), 1)  # one deck: each unaccounted card once
    try:
        check_deal(plan, event, pool, DECK_COUNTS, lambda c: where(state, c))
    except IllegalEvent as refused:
        return refused.reason
    return None


def apply_draw(state: State, event: Event) -> State:
    """The dealt or drawn cards put where they go, once ``check_draw`` accepted them (the
    fold's ``apply`` checks first: the deal is not checked twice)."""
    plan = plan_for(state)
    assert plan is not None
    zones = deal_zones(plan, event.payload)
    dealt = event.payload.cards
    stock = state.stock
    if stock.cards:  # a known card of the stock goes first, as ``Zone.remove`` takes it
        unbound = pool_of(state)
        for card in (d.card for d in dealt if d.card is not None):
            stock = stock.remove(card, unbound)
            unbound[card] -= 1
        stock = Zone(stock.cards, stock.hidden - sum(1 for d in dealt if d.card is None))
    else:  # all face down: each card dealt, known or not, is one of them
        stock = Zone((), stock.hidden - len(dealt))
    if state.phase == DEAL:
        hands = (*[zones.get(str(s), Zone()) for s in range(state.n)], Zone())
        return settle(evolve(state, phase=PLAY, stock=stock, hands=hands))
    head = state.queue[0]
    queue = state.queue
    if head.kind == "draw":  # the Wheel's draw: what is left of it, if the stock ran short
        left = head.n - len(event.payload.cards)
        queue = (*((attrs.evolve(head, n=left),) if left > 0 else ()), *queue[1:])
    pool, hands, opens, claims = state.pool, state.hands, state.opens, state.claims
    for to, zone in zones.items():  # gathered, then one new state
        if to == "pool":
            pool = pool.add(*zone.cards, hidden=zone.hidden)
        elif to == "demons":
            d = state.n
            hands = _set(hands, d, hands[d].add(*zone.cards))
        elif to.endswith(".open"):
            w = int(to.partition(".")[0])
            opens = _set(opens, w, opens[w].add(*zone.cards))
        else:
            w = int(to)
            hands = _set(hands, w, hands[w].add(*zone.cards, hidden=zone.hidden))
            claims = took_unseen(claims, w, zone.hidden)  # may explain a card shown later
    return evolve(
        state, stock=stock, queue=queue, pool=pool, hands=hands, opens=opens, claims=claims
    )


@functools.lru_cache(maxsize=256)
def _hint(plan: DealPlan) -> str:
    """How a person enters ``plan``: written once per plan (the plans are made once per
    table and draw, and the seeded dealer asks every draw's step; a plan is hashed by its
    identity, so this is ``memo.per_state``'s memory, looked up in C)."""
    return f"{plan.rule}: {deal_forms(plan)}"


def chance(state: State) -> ChanceStep | None:
    """The deal or draw pending, with a hint for a person entering it."""
    plan = plan_for(state)
    if plan is None:
        return answer_step(state)
    return draw_step(state, plan, stock_pool(state))


def stock_pool(state: State) -> tuple[Card, ...]:
    """What a deal or draw is drawn from: one deck, so each card not accounted for once,
    in ``pool_order``'s order (the seeded dealer's)."""
    return pool_from(unknown(state))


def pool_from(unaccounted: frozenset[Card]) -> tuple[Card, ...]:
    """The ``unaccounted`` cards in ``pool_order``'s order: ``stock_pool``."""
    return tuple(filter(unaccounted.__contains__, _STOCK_ORDER))


def draw_step(state: State, plan: DealPlan, pool: tuple[Card, ...]) -> ChanceStep:
    """The chance step of ``plan`` (``plan_for(state)``) drawn from ``pool``
    (``stock_pool(state)``), with a hint for a person entering it."""
    kind = "deal" if state.phase == DEAL else "draw"
    return ChanceStep(kind, _hint(plan), Drawing(plan, pool, "stock"), unseen=not plan.ups)
