"""Ladder's moves, their validation (``apply``) and the chance steps."""

from __future__ import annotations

import itertools
from collections import Counter
from collections.abc import Iterator, Sequence
from typing import Any

import attrs

from tablelog.rules.cards import Card
from tablelog.rules.chance import Drawing, Listed
from tablelog.rules.dealing import DealPlan, to_each
from tablelog.rules.errors import IllegalEvent
from tablelog.rules.events import Deal, Dealt, Event, Move
from tablelog.rules.protocol import ChanceStep
from tablelog.rules.table import pool
from tablelog.rules.zones import Slot, Slots, Zone
from tests.thirdparty.ladder.state import (
    HAND,
    RANKS,
    SLOTS,
    Flip,
    Match,
    Pass,
    Play,
    Reveal,
    State,
    active,
    to_act,
)


def _sets(state: State, seat: int, ranks: str) -> Iterator[tuple[Card, ...]]:
    """Every set of equal ranks (among ``ranks``) the seat may hold, sorted, each once."""
    hand = state.hands[seat]
    unseen = pool(state) if hand.hidden else Counter[Card]()
    for rank in ranks:
        known = [c for c in hand.cards if c.rank == rank]
        extra = [c for c, n in sorted(unseen.items(), key=_key) if c.rank == rank]
        extra = [c for c in extra for _ in range(min(unseen[c], hand.hidden))]
        cands = sorted(known + extra, key=_key)
        for k in range(1, min(len(cands), len(hand)) + 1):
            for combo in dict.fromkeys(itertools.combinations(cands, k)):
                if _fits(hand, combo, unseen):
                    yield combo


def _key(item: Any) -> str:
    card = item[0] if isinstance(item, tuple) else item
    return str(card.text)


def _fits(hand: Zone, cards: tuple[Card, ...], pool: Counter[Card]) -> bool:
    try:
        _take(hand, cards, pool)
    except KeyError:
        return False
    return True


def _take(hand: Zone, cards: tuple[Card, ...], pool: Counter[Card]) -> Zone:
    left = Counter(pool)
    for card in cards:
        bound = card not in hand.cards
        hand = hand.remove(card, left)
        left[card] -= bound
    return hand


def _top(state: State) -> str:
    return state.pile[-1].rank if state.pile else RANKS[0]


def _seat_moves(state: State, seat: int, kind: str | None) -> Iterator[Move]:
    if state.window:
        if kind in (None, "match"):
            yield from (Move(seat, Match(s)) for s in _sets(state, seat, _top(state)))
        if kind in (None, "pass"):
            yield Move(seat, Pass())
        return
    ranks = RANKS[RANKS.index(_top(state)) :]
    if kind in (None, "play"):
        yield from (Move(seat, Play(s)) for s in _sets(state, seat, ranks))
    slots = state.slots[seat].occupied()
    if kind in (None, "flip"):
        yield from (Move(seat, Flip(i)) for i in slots)
    if kind in (None, "pass") and not slots and next(_sets(state, seat, ranks), None) is None:
        yield Move(seat, Pass())


def moves(
    state: State, seat: int | None = None, card: Card | None = None, kind: str | None = None
) -> Iterator[Move]:
    for s in to_act(state):
        if seat is None or s == seat:
            for move in _seat_moves(state, s, kind):
                cards = getattr(move.payload, "cards", ())
                if card is None or (cards and cards[0] == card):
                    yield move


def apply(state: State, event: Event) -> State:
    p = event.payload
    if isinstance(p, Deal):
        return _deal(state, event)
    if isinstance(p, Reveal):
        return _reveal(state, event, p)
    seat = event.actor
    if seat is None or seat not in to_act(state):
        raise IllegalEvent(event, "that seat may not act now")
    if isinstance(p, Flip):
        if state.window or p.slot not in state.slots[seat].occupied():
            raise IllegalEvent(event, "a player flips a face-down slot of their own, on turn")
        return attrs.evolve(state, flipping=p.slot)
    if isinstance(p, Play | Match):
        hand = _take_set(state, event, seat, p)
        state = _seat(state, seat, hand, state.slots[seat], pile=state.pile + p.cards)
        if isinstance(p, Match):
            return _answered(state, seat)
        others = tuple(s for s in active(state) if s != seat)
        return _close_if_done(attrs.evolve(state, passes=0, window=others))
    if not isinstance(p, Pass):
        raise IllegalEvent(event, f"Ladder has no {event.type} event")
    if state.window:
        return _answered(state, seat)
    ranks = RANKS[RANKS.index(_top(state)) :]
    if state.slots[seat].occupied() or next(_sets(state, seat, ranks), None) is not None:
        raise IllegalEvent(event, "a player on turn passes only with no set to play and no slot")
    passes, after = state.passes + 1, _next(state, seat)
    if passes >= len(active(state)):
        return attrs.evolve(
            state, passes=0, turn=after, pile=(), discard=state.discard + state.pile
        )
    return attrs.evolve(state, passes=passes, turn=after)


def _take_set(state: State, event: Event, seat: int, p: Play | Match) -> Zone:
    """The seat's hand without the set ``p`` names, or ``IllegalEvent`` naming the rule."""
    if isinstance(p, Match) != bool(state.window):
        raise IllegalEvent(event, "a set is played on turn and matched in answer to a play")
    ranks = {c.rank for c in p.cards}
    if len(ranks) != 1 or not ranks <= set(RANKS) or p.cards != tuple(sorted(p.cards, key=_key)):
        raise IllegalEvent(event, "a set is one or more cards of one rank 2-6, in order")
    rank, top = ranks.pop(), _top(state)
    if rank != top if isinstance(p, Match) else RANKS.index(rank) < RANKS.index(top):
        raise IllegalEvent(event, f"a match must be {top}s; a play at least {top}s")
    try:
        return _take(state.hands[seat], p.cards, pool(state))
    except KeyError:
        raise IllegalEvent(event, f"{state.players[seat]} cannot hold all of that set") from None


def _reveal(state: State, event: Event, p: Reveal) -> State:
    if state.flipping != p.slot:
        raise IllegalEvent(event, "no face-down card of that slot waits to be shown")
    try:
        slots = state.slots[state.turn].turn(p.slot, p.card, pool(state))
    except KeyError:
        raise IllegalEvent(event, f"{p.card} is not among the cards still unseen") from None
    slot, slots = slots.take(p.slot)
    assert slot.card is not None
    hand = state.hands[state.turn].add(slot.card)
    return _seat(state, state.turn, hand, slots, flipping=None)


def _seat(state: State, seat: int, hand: Zone, slots: Slots, **changes: Any) -> State:
    hands = (*state.hands[:seat], hand, *state.hands[seat + 1 :])
    all_slots = (*state.slots[:seat], slots, *state.slots[seat + 1 :])
    return attrs.evolve(state, hands=hands, slots=all_slots, **changes)


def _answered(state: State, seat: int) -> State:
    return _close_if_done(attrs.evolve(state, window=tuple(s for s in state.window if s != seat)))


def _close_if_done(state: State) -> State:
    if state.window:
        return state
    out = tuple(s for s in active(state) if not state.hands[s] and not state.slots[s])
    places = state.ranking + ((out,) if out else ())
    state = attrs.evolve(state, ranking=places)
    left = active(state)
    if len(left) <= 1:
        return attrs.evolve(state, ranking=places + ((left,) if left else ()))
    return attrs.evolve(state, turn=_next(state, state.turn))


def _next(state: State, seat: int) -> int:
    left = active(state)
    return min((s for s in left if s > seat), default=left[0])


def _deal(state: State, event: Event) -> State:
    n = len(state.players)
    dealt = event.payload.cards
    wanted = [str(s) for s in range(n) for _ in range(HAND)]
    wanted += [f"slot:{s}" for s in range(n) for _ in range(SLOTS)]
    if state.dealt or [d.to for d in dealt] != wanted or any(d.up for d in dealt):
        raise IllegalEvent(event, "a deal gives three cards to each hand, then two face down each")
    known = Counter(d.card for d in dealt if d.card is not None)
    if known - Counter(state.table.deck) or any(d.card for d in dealt[n * HAND :]):
        raise IllegalEvent(event, "the deal names cards the decks do not hold, or a slot's card")
    hands = []
    for s in range(n):
        cards = tuple(d.card for d in dealt[s * HAND : (s + 1) * HAND] if d.card is not None)
        hands.append(Zone(cards, HAND - len(cards)))
    slots = tuple(Slots((Slot(),) * SLOTS) for _ in range(n))
    stock = Zone((), len(state.stock) - n * (HAND + SLOTS))
    return attrs.evolve(state, dealt=True, hands=tuple(hands), slots=slots, stock=stock)


@attrs.frozen(eq=False)
class _Deal(Drawing):
    """The hands drawn from the decks; each seat's slots dealt blind, bound when flipped."""

    slots: tuple[Dealt, ...] = ()

    def payload(self, cards: Sequence[Card | None]) -> Deal:
        return Deal((*super().payload(cards).cards, *self.slots))


def chance(state: State) -> ChanceStep | None:
    n = len(state.players)
    if not state.dealt:
        hands = DealPlan(to_each(range(n), HAND), state.players)
        slots = tuple(Dealt(f"slot:{s}", None) for s in range(n) for _ in range(SLOTS))
        deal = _Deal(hands, tuple(sorted(state.table.deck, key=_key)), slots=slots)
        return ChanceStep("deal", "deal CARD|? x3 per player (slots face down)", deal)
    if state.flipping is not None:
        unseen = sorted(pool(state).elements(), key=_key)
        reveals = Listed.uniform(Reveal(state.flipping, card) for card in unseen)
        return ChanceStep("reveal", "reveal SLOT CARD", reveals)
    return None
