"""The chance steps: the deal of each round and every draw from the stock.

Both are the shared ``deal`` event, checked against a ``DealPlan``: the round's deal gives
six cards to each player, one at a time from the dealer's left; a draw gives a participant
the cards it still wants (closed cards face down to its hand, open ones face up for
Strength; the Demons' and Justice's cards face up).
"""

from __future__ import annotations

from typing import Any

import attrs

from tablelog.rules.absences import took_unseen
from tablelog.rules.chance import Drawing
from tablelog.rules.deal_notation import deal_forms
from tablelog.rules.dealing import DealPlan, Place, apply_deal, pool_order, round_robin
from tablelog.rules.errors import IllegalEvent
from tablelog.rules.events import Event
from tablelog.rules.narrespillet.actors import head_step
from tablelog.rules.narrespillet.calls import answer_step
from tablelog.rules.narrespillet.deck import DECK_COUNTS
from tablelog.rules.narrespillet.flow import draw_need, settle
from tablelog.rules.narrespillet.state import DEAL, HAND, PLAY, POOL, State, seating
from tablelog.rules.narrespillet.take import pool_of
from tablelog.rules.protocol import ChanceStep
from tablelog.rules.table import evolve, where
from tablelog.rules.zones import Zone

__all__ = ["apply_draw", "chance", "check_draw", "plan_for"]

DECK_NAME = "the tarot deck (78 cards)"


def _set(items: tuple[Any, ...], i: int, value: object) -> tuple[Any, ...]:
    return (*items[:i], value, *items[i + 1 :])


def _names(state: State) -> dict[str, str]:
    return {"demons": "Demons", "pool": "Justice"}


def _cards(n: int) -> str:
    return f"{n} card{'s' if n != 1 else ''}"


def plan_for(state: State) -> DealPlan | None:
    """The deal or draw the game waits for, or ``None``."""
    if state.phase == DEAL:
        first = (state.dealer + 1) % state.n
        order = seating(state.n).order_from(first)
        return DealPlan(
            round_robin(order, HAND),
            state.players,
            rule=(
                f"each round deals {HAND} cards to each player, one at a time from the "
                f"dealer's left ({state.players[first]} first)"
            ),
            deck_name=DECK_NAME,
            names=_names(state),
        )
    head = head_step(state) if state.phase == PLAY else None
    if head is None or head.kind not in ("refill", "draw") or state.death or not len(state.stock):
        return None
    closed, opened = draw_need(state, head)
    if closed + opened == 0:
        return None
    stock = len(state.stock)
    closed = min(closed, stock)
    opened = min(opened, stock - closed)
    who = head.who
    if who == POOL:
        places = (Place("pool", True),) * closed
        whom = "Justice"
    elif who == state.n:
        places = (Place("demons", True),) * closed
        whom = "the Demons"
    else:
        places = (Place(str(who)),) * closed + (Place(f"{who}.open", True),) * opened
        whom = state.players[who]
    return DealPlan(
        places,
        state.players,
        rule=f"{whom} {'draw' if who == state.n else 'draws'} {_cards(len(places))} from the stock",
        face_up="the Demons' cards, Justice's cards and Strength's open cards are drawn face up",
        deck_name=DECK_NAME,
        names=_names(state),
    )


def check_draw(state: State, event: Event) -> str | None:
    """Why the ``deal`` event is refused, or ``None``."""
    plan = plan_for(state)
    if plan is None:
        return "no card is to be dealt or drawn now"
    if event.actor is not None:
        return "cards are dealt and drawn for the table: a deal has no player as actor"
    try:
        apply_deal(plan, event, pool_of(state), DECK_COUNTS, lambda c: where(state, c))
    except IllegalEvent as refused:
        return refused.reason
    return None


def apply_draw(state: State, event: Event) -> State:
    """The dealt or drawn cards put where they go."""
    plan = plan_for(state)
    assert plan is not None
    pool = pool_of(state)
    zones = apply_deal(plan, event, pool, DECK_COUNTS)
    stock = state.stock
    for card in (d.card for d in event.payload.cards if d.card is not None):
        stock = stock.remove(card, pool)
        pool[card] -= 1
    unknown = sum(1 for d in event.payload.cards if d.card is None)
    stock = Zone(stock.cards, stock.hidden - unknown)
    if state.phase == DEAL:
        hands = (*[zones.get(str(s), Zone()) for s in range(state.n)], Zone())
        return settle(evolve(state, phase=PLAY, stock=stock, hands=hands))
    head = state.queue[0]
    queue = state.queue
    if head.kind == "draw":  # the Wheel's draw: what is left of it, if the stock ran short
        left = head.n - len(event.payload.cards)
        queue = (*((attrs.evolve(head, n=left),) if left > 0 else ()), *queue[1:])
    state = evolve(state, stock=stock, queue=queue)
    for to, zone in zones.items():
        if to == "pool":
            state = evolve(state, pool=state.pool.add(*zone.cards, hidden=zone.hidden))
        elif to == "demons":
            d = state.n
            state = evolve(state, hands=_set(state.hands, d, state.hands[d].add(*zone.cards)))
        elif to.endswith(".open"):
            w = int(to.partition(".")[0])
            state = evolve(state, opens=_set(state.opens, w, state.opens[w].add(*zone.cards)))
        else:
            w = int(to)
            hand = state.hands[w].add(*zone.cards, hidden=zone.hidden)
            claims = took_unseen(state.claims, w, zone.hidden)  # may explain a card shown later
            state = evolve(state, hands=_set(state.hands, w, hand), claims=claims)
    return state


def chance(state: State) -> ChanceStep | None:
    """The deal or draw pending, with a hint for a person entering it."""
    plan = plan_for(state)
    if plan is None:
        return answer_step(state)
    kind = "deal" if state.phase == DEAL else "draw"
    hint = f"{plan.rule}: {deal_forms(plan)}"
    drawing = Drawing(plan, pool_order(pool_of(state)), "stock")
    return ChanceStep(kind, hint, drawing, unseen=not plan.ups)
