"""The chance steps: the deal, refills from the stock, turned cards and KKK's removal.

The deal (from the dealer's left, one at a time): three face-down table cards each
(``2.down:0`` .. ``2.down:2``), three face-up cards on them (``2.up``), three to the hand.
Whenever a player in the game holds fewer than 3 hand cards and the stock has cards, that
player draws (a ``deal`` to the hand: the player's own cards, unseen by the table). A
chance card or a blind table card is a ``turn``; KKK's black cards leave the stock in a
``remove``. The stock is always face down: its cards are bound when they are shown.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Sequence
from functools import cache, lru_cache, partial
from typing import Any

from tablelog.rules.absences import Binding, took_unseen
from tablelog.rules.cards import Card
from tablelog.rules.chance import Drawing, Listed
from tablelog.rules.deal_notation import deal_forms
from tablelog.rules.dealing import (
    DealPlan,
    Place,
    apply_deal,
    deal_slots,
    pool_order,
    to_each,
    to_zone,
)
from tablelog.rules.errors import IllegalEvent
from tablelog.rules.events import Deal, Event, Move
from tablelog.rules.frozen import frozen
from tablelog.rules.memo import per_state
from tablelog.rules.protocol import ChanceStep
from tablelog.rules.table import evolve, player, player_name, pool, where
from tablelog.rules.vriddiot.claims import card_unseen_ok
from tablelog.rules.vriddiot.events import Remove, Turn
from tablelog.rules.vriddiot.state import (
    BLACK,
    DEAL,
    FIRER,
    HAND,
    LEAD,
    PLAY,
    State,
    Table,
    stock_may_be,
    value,
)
from tablelog.rules.zones import Zone

__all__ = [
    "apply_chance",
    "chance",
    "deal_plan",
    "first_short",
    "play_chance",
    "refill_changes",
    "refill_seat",
    "starter",
    "stock_only",
    "turned_changes",
]

SPECIAL_FOR_START = frozenset({"2", "10"})


@lru_cache(maxsize=64)
def deal_plan(table: Table) -> DealPlan:
    """The deal: 3 face down, 3 face up, 3 to the hand, each round one card to each player
    from the dealer's left."""
    n = table.n
    order = tuple((table.dealer + 1 + i) % n for i in range(n))
    places = [Place(f"{s}.down:{i}") for i in range(HAND) for s in order]
    places += [Place(f"{s}.up", True) for _ in range(HAND) for s in order]
    places += [Place(str(s)) for _ in range(HAND) for s in order]
    return DealPlan(
        tuple(places),
        table.players,
        rule=(
            f"the deal gives each player 3 face-down table cards, then 3 face-up ones, then "
            f"3 to the hand, one card at a time from the dealer's left "
            f"({table.players[order[0]]} first)"
        ),
        face_up="the second round of three (each player's table cards on top) is face up",
        deck_name="this game's deck",
    )


@lru_cache(maxsize=256)
def refill_plan(table: Table, seat: int, count: int) -> DealPlan:
    """``count`` cards from the stock to ``seat``'s hand."""
    return DealPlan(
        to_each((seat,), count),
        table.players,
        rule=f"{table.players[seat]} draws {count} from the stock to hold 3",
        deck_name="this game's deck",
    )


def first_short(state: State) -> int | None:
    """The first player (in turn order) in the game holding fewer than 3 hand cards while
    the stock has cards, else ``None`` (``refill_seat``, not remembered: what the playout
    asks of itself)."""
    if state.phase != PLAY or not len(state.stock):
        return None
    first = state.refill_from if state.refill_from is not None else state.turn
    if first is None:
        first = state.seating.next(state.table.dealer)
    for seat in state.seating.order_from(first):
        if state.active(seat) and len(state.hands[seat]) < HAND:
            return seat
    return None


refill_seat = per_state(maxsize=16)(first_short)
"""``first_short``, asked of each state by ``apply``, ``to_act`` and ``chance``: remembered."""


def refill_changes(state: State, seat: int, got: Zone) -> dict[str, Any]:
    """Every field ``seat`` drawing ``got`` from the stock changes (a refill the dealer
    made: the playout sets them in place)."""
    hands = list(state.hands)
    hands[seat] = hands[seat].add(*got.cards, hidden=got.hidden)
    return {
        "hands": tuple(hands),
        "stock": Zone((), len(state.stock) - len(got)),
        "claims": took_unseen(state.claims, seat, got.hidden),
    }


def turned_changes(state: State, card: Card) -> dict[str, Any]:
    """Every field turning ``card`` changes (a ``turn`` the dealer made): from the stock,
    or the face-down table card ``reveal`` of the player on turn."""
    turned = Zone((card,))
    if state.reveal < 0:
        stock = Zone((), len(state.stock) - 1)
        return {"stock": stock, "turned": turned, "pending": "", "reveal": -1}
    seat = state.turn
    assert seat is not None
    _, rest = state.downs[seat].take(state.reveal)
    downs = list(state.downs)
    downs[seat] = rest
    return {"downs": tuple(downs), "turned": turned, "pending": "", "reveal": -1}


def _stock_pool(state: State) -> Counter[Card]:
    return stock_only(state, pool(state))


def stock_only(state: State, counts: Counter[Card]) -> Counter[Card]:
    """``counts`` (the unaccounted cards, changed in place) less what the stock may not
    hold: after KKK, no black card but ♠4."""
    if state.black_free:
        for card in list(counts):
            if not stock_may_be(state, card):
                counts[card] = 0
    return counts


def starter(state: State) -> int | None:
    """The player with the lowest card in hand, nearest the dealer's left; ``None`` while a
    hand holds cards nobody entered (then whoever lays first starts)."""
    best: tuple[int, int] | None = None
    order = state.seating.order_from(state.seating.next(state.table.dealer))
    for steps, seat in enumerate(order):
        hand = state.hands[seat]
        if hand.hidden:
            return None
        for card in hand.cards:
            if card.rank in SPECIAL_FOR_START or card == FIRER or not card.suit:
                continue
            if best is None or (value(card), steps) < best:
                best = (value(card), steps)
    return order[best[1]] if best is not None else order[0]


def _apply_deal(state: State, event: Event) -> State:
    if event.actor is not None:
        raise IllegalEvent(event, "a deal is entered for the table: it has no player as actor")
    table = state.table
    if state.phase == DEAL:
        zones = apply_deal(
            deal_plan(table), event, pool(state), table.counts, partial(where, state)
        )
        n = table.n
        deal: Deal = event.payload
        dealt = 9 * n
        state = evolve(
            state,
            phase=PLAY,
            hands=tuple(zones[str(s)] for s in range(n)),
            ups=tuple(zones[f"{s}.up"] for s in range(n)),
            downs=tuple(deal_slots(deal, f"{s}.down", HAND) for s in range(n)),
            stock=Zone((), len(table.deck) - dealt),
        )
        return evolve(state, turn=starter(state), duty=LEAD)
    seat = refill_seat(state)
    if seat is None:
        raise IllegalEvent(event, "nobody draws from the stock now: every hand holds 3 cards")
    count = min(HAND - len(state.hands[seat]), len(state.stock))
    plan = refill_plan(table, seat, count)
    zones = apply_deal(plan, event, _stock_pool(state), table.counts, partial(where, state))
    return evolve(state, **refill_changes(state, seat, zones[str(seat)]))


def _apply_turn(state: State, event: Event) -> State:
    if state.pending != "reveal" or state.turn is None:
        raise IllegalEvent(event, "no card is being turned now")
    if event.actor is not None:
        raise IllegalEvent(event, "a turned card is entered for the table: it has no actor")
    card: Card = event.payload.card
    counts = pool(state)
    if state.reveal < 0:
        if card not in state.table.counts or counts[card] <= 0:
            raise IllegalEvent(event, f"{card} cannot come from the stock: {where(state, card)}")
        if not stock_may_be(state, card):
            raise IllegalEvent(
                event, (f"{card} cannot come from the stock: KKK took the black cards out")
            )
        return evolve(state, **turned_changes(state, card))
    seat = state.turn
    slots = state.downs[seat]
    slot = slots.slots[state.reveal]
    if slot is None:
        raise IllegalEvent(event, "that face-down card is gone")  # pragma: no cover
    if slot.card is not None and slot.card != card:
        raise IllegalEvent(
            event,
            (
                f"{player(state, seat)}'s face-down card {state.reveal + 1} is {slot.card}, "
                f"not {card}"
            ),
        )
    if slot.card is None and (card not in state.table.counts or counts[card] <= 0):
        raise IllegalEvent(
            event,
            (f"{player(state, seat)}'s face-down card cannot be {card}: {where(state, card)}"),
        )
    return evolve(state, **turned_changes(state, card))


def _apply_remove(state: State, event: Event) -> State:
    if state.pending != "remove":
        raise IllegalEvent(event, "only KKK takes cards out of the stock")
    if event.actor is not None:
        raise IllegalEvent(event, "KKK's removal is entered for the table: it has no actor")
    cards: tuple[Card, ...] = event.payload.cards
    if len(cards) > len(state.stock):
        raise IllegalEvent(event, f"the stock holds only {len(state.stock)} cards")
    counts = _stock_pool(state)
    for card in cards:
        if card.suit not in BLACK or card == FIRER:
            raise IllegalEvent(
                event, (f"KKK takes only black cards but the ♠4 out of the stock, not {card}")
            )
        if counts[card] <= 0:
            raise IllegalEvent(event, f"{card} cannot be in the stock: {where(state, card)}")
        counts[card] -= 1
    return evolve(
        state,
        stock=Zone((), len(state.stock) - len(cards)),
        out=state.out.add(*cards),
        pending="",
        black_free=True,
    )


def apply_chance(state: State, event: Event) -> State:
    """A deal, refill, turned card or KKK removal."""
    payload = event.payload
    if state.phase not in (DEAL, PLAY):
        raise IllegalEvent(event, "the game is over")
    if state.pending == "remove" and not isinstance(payload, Remove):
        raise IllegalEvent(event, "KKK's black cards must first be taken out of the stock")
    if isinstance(payload, Deal):
        return _apply_deal(state, event)
    if isinstance(payload, Turn):
        return _apply_turn(state, event)
    return _apply_remove(state, event)


# -- the dealer's side -------------------------------------------------------------------


@frozen(eq=False)
class Removal(Drawing):
    """KKK's removal: the stock's cards drawn (face up: the table looks through them) and
    its black cards but the ♠4 taken out, stored as ``remove`` in the pool's order. A black
    card that ``claims`` says a hand must hold is taken to lie there: it is not removed."""

    claims: Binding | None = None

    def payload(self, cards: Sequence[Card | None]) -> Remove:
        """The ``remove`` event for the stock's ``cards``."""
        black: list[Card] = []
        for card in cards:
            if card is None or card.suit not in BLACK or card == FIRER:
                continue
            if self.claims is None or self.claims.ok((*black, card)):
                black.append(card)
        order = {card: i for i, card in enumerate(self.pool)}
        return Remove(tuple(sorted(black, key=order.__getitem__)))


def chance(state: State) -> ChanceStep | None:
    """The deal, KKK's removal, a turned card or a refill the game waits for."""
    if state.phase == DEAL:
        return _deal_step(state.table)
    if state.phase != PLAY:
        return None
    if state.pending == "remove":
        cards = pool_order(_stock_pool(state))
        hint = (
            "remove CARDS: the black cards (but the ♠4) taken out of the stock, e.g. remove 2S 9C"
        )
        plan = DealPlan(to_zone("stock", len(state.stock), up=True), state.table.players)
        removal = Removal(plan, cards, "stock", claims=_binding(state))
        return ChanceStep("remove", hint, removal)
    seat = None if state.pending == "reveal" else refill_seat(state)
    return play_chance(state, seat, partial(_stock_order, state), partial(pool, state))


def _stock_order(state: State) -> tuple[Card, ...]:
    return pool_order(_stock_pool(state))


def play_chance(
    state: State,
    seat: int | None,
    stock_order: Callable[[], tuple[Card, ...]],
    unaccounted: Callable[[], Counter[Card]],
) -> ChanceStep | None:
    """The chance step of the play phase with no KKK removal pending: the card turned
    (``pending`` reveal), else the refill of ``seat`` (``refill_seat``; ``None``: no step).
    The cards the stock may hold are asked of ``stock_order`` (``pool_order`` of them)
    and the unaccounted ones of ``unaccounted`` (a fresh count the step keeps): ``chance``
    asks the state's (``rules.table.pool``), the playout its own, kept as it walks."""
    if state.pending == "reveal":
        return ChanceStep("turn", _TURN_HINT, _turn(state, stock_order, unaccounted))
    if seat is None:
        return None
    count = min(HAND - len(state.hands[seat]), len(state.stock))
    plan = refill_plan(state.table, seat, count)
    hint = _refill_hint(plan, player(state, seat), count)
    binding = Binding(state.claims, state.hands, unaccounted())
    drawing = Drawing(plan, stock_order(), "stock", binding)
    return ChanceStep("deal", hint, drawing, unseen=not plan.ups)


_TURN_HINT = "turn CARD: the card turned face up, e.g. turn 9H"


@lru_cache(maxsize=64)
def _deal_step(table: Table) -> ChanceStep:
    """The deal of a game at ``table``: made once per table (as ``deal_plan``)."""
    plan = deal_plan(table)
    hint = f"{player_name(table, table.dealer)} deals: {deal_forms(plan)}"
    return ChanceStep("deal", hint, Drawing(plan, pool_order(table.counts), "deck"))


@lru_cache(maxsize=256)
def _refill_hint(plan: DealPlan, name: str, count: int) -> str:
    """What the dealer is asked for a refill: who draws how many, and how to enter it."""
    return f"{name} draws {count}: {deal_forms(plan)}"


@cache
def _turn_move(card: Card) -> Move:
    """The table's move turning ``card``, made once per card."""
    return Move(None, Turn(card))


def _binding(state: State) -> Binding:
    """The claims a card shown from face down must leave possible (``unseen_ok``)."""
    return Binding(state.claims, state.hands, pool(state))


def _turn(
    state: State,
    stock_order: Callable[[], tuple[Card, ...]],
    unaccounted: Callable[[], Counter[Card]],
) -> Listed:
    """The card turned: a face-down table card (known, if the deal named it) or the top of
    the stock, one of the cards that leave every claim possible (the cards asked as
    ``play_chance`` says)."""
    assert state.turn is not None
    if state.reveal >= 0:
        slot = state.downs[state.turn].slots[state.reveal]
        if slot is not None and slot.card is not None:
            return Listed.certain(Turn(slot.card))
        cards = pool_order(unaccounted())
    else:
        cards = stock_order()
    if state.claims:  # a card shown now must keep every claim possible
        ok = card_unseen_ok(state)
        cards = tuple(c for c in cards if ok(c)) or cards
    return Listed.uniform(map(_turn_move, cards))
