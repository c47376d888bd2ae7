"""The deal and the other chance steps: the refill draw and the reveal of a chance card or
a flipped table card.

The dealer gives each player, from the dealer's left, five table cards face down in
places 1-5 (``"2.table:0"`` .. ``"2.table:4"``) and five hand cards; the rest is the
stock. Nothing is dealt face up, so a physical table enters the deal as ``deal`` and each
hand card gets its identity when it is played.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from functools import lru_cache, partial
from typing import Any

from tablelog.rules.absences import Binding, took_unseen
from tablelog.rules.binding import CannotBind, bind_slot
from tablelog.rules.cards import Card
from tablelog.rules.chance import Drawing, Listed
from tablelog.rules.deal_notation import deal_forms
from tablelog.rules.dealing import DealPlan, Place, apply_deal, deal_slots, pool_order, to_each
from tablelog.rules.errors import IllegalEvent
from tablelog.rules.events import Deal, Event, Move
from tablelog.rules.frozen import frozen
from tablelog.rules.memo import ByValue, per_state
from tablelog.rules.protocol import ChanceStep
from tablelog.rules.speahx.claims import unseen_ok
from tablelog.rules.speahx.events import Draw, Reveal
from tablelog.rules.speahx.state import (
    DEAL,
    DRAW,
    FLIPPED,
    HAND_SIZE,
    LOCKED,
    OVER,
    PLAY,
    REVEAL,
    TABLE_CARDS,
    State,
    Table,
)
from tablelog.rules.speahx.turns import pass_turn, refill_size
from tablelog.rules.table import evolve, player, pool, where
from tablelog.rules.zones import Zone

__all__ = ["apply_chance_step", "chance", "deal_plan"]


@lru_cache(maxsize=64)
def deal_plan(table: Table) -> DealPlan:
    """Five table cards (places 1-5) then five hand cards to each player, face down, from
    the dealer's left."""
    order = table.seating.order_from(table.seating.next(table.dealer))
    places: list[Place] = []
    for seat in order:
        places += [Place(f"{seat}.table:{i}") for i in range(TABLE_CARDS)]
        places += [Place(str(seat))] * HAND_SIZE
    first = table.players[order[0]]
    return DealPlan(
        tuple(places),
        table.players,
        rule=(
            f"the deal gives each player 5 table cards (places table:0 to table:4) and then 5 "
            f"hand cards, from the dealer's left ({first} first)"
        ),
        deck_name="this game's decks",
    )


def _phase_text(state: State) -> str:
    if state.phase == OVER:
        return "the game is over"
    if state.phase == PLAY:
        return f"it is {player(state, state.turn.seat)}'s turn to decide, not a chance step"
    if state.phase == DEAL:
        return "the cards must be dealt first"
    if state.phase == DRAW:
        return f"{player(state, state.turn.seat)}'s refill is to be drawn first"
    return "the card just drawn or flipped is to be shown first"


def apply_chance_step(state: State, event: Event, extra: dict[str, Any]) -> State:
    """Apply a deal, a draw or a reveal (a chance event, entered for the table), with
    ``extra`` (what every event changes, ``play.apply``) in the same new state."""
    payload = event.payload
    want = {Deal: DEAL, Draw: DRAW, Reveal: REVEAL}[type(payload)]
    if state.phase != want:
        raise IllegalEvent(event, _phase_text(state))
    if event.actor is not None:
        raise IllegalEvent(
            event, "a chance step is entered for the table: it has no player as actor"
        )
    if isinstance(payload, Deal):
        return _deal(state, event, extra)
    if isinstance(payload, Draw):
        return _draw(state, event, payload, extra)
    return _reveal(state, event, payload, extra)


def _deal(state: State, event: Event, extra: dict[str, Any]) -> State:
    table = state.table
    deck = table.deck

    counts = Counter(deck)
    zones = apply_deal(deal_plan(table), event, counts, counts)
    n = len(state.players)
    hands = tuple(zones[str(seat)] for seat in range(n))
    tables = tuple(deal_slots(event.payload, f"{seat}.table", TABLE_CARDS) for seat in range(n))
    stock = Zone((), len(deck) - n * (TABLE_CARDS + HAND_SIZE))
    return evolve(state, phase=PLAY, hands=hands, tables=tables, stock=stock, **extra)


def _bind_stock(state: State, event: Event, cards: tuple[Card, ...], unseen: int) -> Zone:
    left = pool(state)
    for card in cards:
        if left[card] <= 0:
            raise IllegalEvent(event, f"{card} cannot come from the stock: {where(state, card)}")
        left[card] -= 1
    return Zone((), state.stock.hidden - len(cards) - unseen)


def _draw(state: State, event: Event, payload: Draw, extra: dict[str, Any]) -> State:
    need = refill_size(state)
    got = len(payload.cards) + payload.unseen
    if payload.unseen < 0 or got != need:
        name = player(state, state.turn.seat)
        raise IllegalEvent(
            event,
            f"{name} refills to 5 hand cards while the stock lasts: {need} card(s) now, not {got}",
        )
    stock = _bind_stock(state, event, payload.cards, payload.unseen)
    seat = state.turn.seat
    hand = state.hands[seat].add(*payload.cards, hidden=payload.unseen)
    hands = (*state.hands[:seat], hand, *state.hands[seat + 1 :])
    claims = took_unseen(state.claims, seat, payload.unseen)
    return pass_turn(state, hands=hands, stock=stock, claims=claims, **extra)


def _reveal(state: State, event: Event, payload: Reveal, extra: dict[str, Any]) -> State:
    turn = state.turn
    card = payload.card
    if turn.flip < 0:
        if card is None:
            stock, chance = Zone((), state.stock.hidden - 1), state.chance.add(hidden=1)
        else:
            stock, chance = _bind_stock(state, event, (card,), 0), state.chance.add(card)
        turn = evolve(turn, stage=LOCKED)
        return evolve(state, phase=PLAY, stock=stock, chance=chance, turn=turn, **extra)
    seat = turn.seat
    place = f"{player(state, seat)}'s table card {turn.flip + 1}"
    if card is None:
        raise IllegalEvent(event, f"{place} is turned face up: enter what it is (reveal 7H)")
    try:
        slots = bind_slot(
            state.tables[seat],
            turn.flip,
            card,
            pool(state),
            place=place,
            where=lambda c: where(state, c),
        )
    except CannotBind as refusal:
        raise IllegalEvent(event, str(refusal)) from None
    _, slots = slots.take(turn.flip)
    tables = (*state.tables[:seat], slots, *state.tables[seat + 1 :])
    return evolve(
        state,
        phase=PLAY,
        tables=tables,
        flipped=Zone((card,)),
        turn=evolve(turn, stage=FLIPPED, flip=-1),
        **extra,
    )


# -- the dealer's side -------------------------------------------------------------------


@frozen(eq=False)
class Refill(Drawing):
    """The refill drawn from the stock to the hand of the player on turn, stored as
    Speahx's own ``draw`` event: the cards entered, and how many nobody entered."""

    def payload(self, cards: Sequence[Card | None]) -> Draw:
        """The ``draw`` event of ``cards`` as the table saw them."""
        known = tuple(card for card in cards if card is not None)
        return Draw(known, len(cards) - len(known))


def chance(state: State) -> ChanceStep | None:
    """The deal, refill or reveal the game waits for, else ``None``."""
    phase = state.phase
    if phase == DEAL:
        plan = deal_plan(state.table)
        hint = (
            f"{player(state, state.table.dealer)} deals 5 table cards and 5 hand cards to "
            f"each player, all face down: {deal_forms(plan)}"
        )
        return ChanceStep("deal", hint, _gathered(plan, state.table.deck), unseen=not plan.ups)
    if phase not in (DRAW, REVEAL):
        return None
    return _drawn(state)


@per_state(maxsize=8)
def _drawn(state: State) -> ChanceStep:
    """The refill or reveal due in ``state``, made once per state (the invariant kit asks
    each state's chance step several times; the step is immutable data), and the very
    same step for an equal state (``_DRAWN``): a playout walked beside the fold builds
    its own equal state, and the two steps compared are then one object."""
    step = _DRAWN.get(state)
    if step is None:
        step = _DRAWN.keep(state, _drawn_step(state))
    return step


DRAWN_MAX = 8

_DRAWN: ByValue[ChanceStep] = ByValue(DRAWN_MAX)
"""The last few refills and reveals made, by the state's value."""


def _drawn_step(state: State) -> ChanceStep:
    unaccounted = pool(state)
    cards = pool_order(unaccounted)
    seat = state.turn.seat
    name = player(state, seat)
    if state.phase == DRAW:
        need = refill_size(state)
        cards_word = "a card" if need == 1 else f"{need} cards"
        hint = f"{name} draws {cards_word}: draw CARD ... (? for a card nobody saw)"
        plan = DealPlan(to_each((seat,), need), state.table.players)
        binding = Binding(state.claims, state.hands, unaccounted)
        return ChanceStep("draw", hint, Refill(plan, cards, "stock", binding), unseen=True)
    if state.claims:  # a card shown now must leave every claim possible
        ok = partial(unseen_ok, state)
        cards = tuple(c for c in cards if ok((c,))) or cards
    flip = state.turn.flip
    if flip >= 0:
        slot = state.tables[seat].slots[flip]
        hint = f"{name} turns table card {flip + 1}: reveal CARD (the card turned up)"
        if slot is not None and slot.card is not None:
            return ChanceStep("reveal", hint, Listed.certain(Reveal(slot.card)))
        return ChanceStep("reveal", hint, _reveals(cards, unseen=False))
    hint = f"{name} draws a chance card: reveal CARD, or reveal ? if nobody saw it"
    return ChanceStep("reveal", hint, _reveals(cards, unseen=True))


@lru_cache(maxsize=1 << 8)
def _reveals(cards: tuple[Card, ...], *, unseen: bool) -> Listed:
    """Each of ``cards`` (a pool in its order) revealed, equally likely, and with
    ``unseen`` a card nobody saw: one value per pool (the states of a turn, and the
    checks' walk after the generator's, ask the same pool's)."""
    return Listed.uniform(map(Reveal, cards), _UNSEEN if unseen else None)


_UNSEEN = Move(None, Reveal(None))


@lru_cache(maxsize=64)
def _gathered(plan: DealPlan, deck: tuple[Card, ...]) -> Drawing:
    """The deal from every card of the decks, gathered first."""
    return Drawing(plan, pool_order(Counter(deck)), "deck")
