"""The legal moves of the player on turn, generated lazily.

Plays are found per rank: every sub-multiset of the cards the stage allows (a hand's
face-down cards may be any card still unaccounted for), in every order that matters (the
first card, which must fit the pile, and the last, which lies on top; the cards between
in suit order, see ``cards.canonical``), each checked by the same functions ``apply``
uses. Then a chance card, a table card to flip, taking in the pile, and stopping.
"""

from __future__ import annotations

import itertools
from collections import Counter
from collections.abc import Iterator

from rules.cards import JOKER, Card
from rules.events import Move
from rules.speahx.cards import canonical, give_problem, play_problem, suit_order
from rules.speahx.events import Chance, Done, Flip, Give, Pickup, Play
from rules.speahx.sources import take
from rules.speahx.state import FLIPPED, HAND, LOCKED, MAX_CHANCE, PLAY, SUITS, State, pool

__all__ = ["count", "moves", "source_moves"]


def _available(state: State) -> tuple[Counter[Card], Counter[Card], int]:
    """The cards the stage may take: known copies, the face-down extras per card, and how
    many face-down cards there are to bind."""
    seat = state.turn.seat
    stage = state.turn.stage
    if stage == FLIPPED:
        return Counter(state.flipped.cards), Counter(), 0
    zones = [state.hands[seat]] if stage == HAND else [state.chance, state.hands[seat]]
    known: Counter[Card] = Counter()
    hidden = 0
    for zone in zones:
        known.update(zone.cards)
        hidden += zone.hidden
    extra: Counter[Card] = Counter()
    if hidden:
        for card, n in pool(state).items():
            if n > 0:
                extra[card] = min(n, hidden)
    return known, extra, hidden


def _multisets(
    cards: list[Card], known: Counter[Card], extra: Counter[Card], hidden: int
) -> Iterator[tuple[Card, ...]]:
    """Every non-empty sub-multiset of ``cards`` (one rank, distinct, in suit order) whose
    face-down part fits ``hidden``."""
    ranges = [range(known[c] + extra[c] + 1) for c in cards]
    for counts in itertools.product(*ranges):
        if not any(counts):
            continue
        bound = sum(max(0, n - known[c]) for c, n in zip(cards, counts, strict=True))
        if bound > hidden:
            continue
        yield tuple(c for c, n in zip(cards, counts, strict=True) for _ in range(n))


def _orders(chosen: tuple[Card, ...]) -> Iterator[tuple[Card, ...]]:
    """The recorded orders of a multiset: each first and last card (see ``canonical``)."""
    if len(chosen) == 1 or chosen[0].rank in ("2", "10"):
        yield canonical(chosen)
        return
    seen: set[tuple[Card, ...]] = set()
    for first in dict.fromkeys(chosen):
        rest = list(chosen)
        rest.remove(first)
        for last in dict.fromkeys(rest):
            middle = list(rest)
            middle.remove(last)
            order = (first, *sorted(middle, key=suit_order), last)
            if order not in seen:
                seen.add(order)
                yield order


def _targets(state: State) -> list[int]:
    seat = state.turn.seat
    return [s for s in range(len(state.players)) if s != seat and state.in_game(s)]


def source_moves(state: State) -> Iterator[Move]:
    """The plays and gives the stage allows (from hand, chance cards or flipped card)."""
    seat = state.turn.seat
    known, extra, hidden = _available(state)
    by_rank: dict[str, list[Card]] = {}
    for card in sorted(set(known) | set(extra), key=lambda c: (c.rank, suit_order(c))):
        by_rank.setdefault(card.rank, []).append(card)
    locked = state.turn.stage == LOCKED
    options = state.options
    top, follow = state.top, state.suit
    for rank, cards in by_rank.items():
        for chosen in _multisets(cards, known, extra, hidden):
            if locked and isinstance(take(state, chosen), str):
                continue
            if give_problem(tuple(sorted(chosen, key=suit_order)), options) is None:
                for target in _targets(state):
                    yield Move(seat, Give(tuple(sorted(chosen, key=suit_order)), target))
            if rank == JOKER.rank:
                continue
            for order in _orders(chosen):
                for suit in SUITS if rank == "2" else ("",):
                    if play_problem(order, suit, top, follow, options) is None:
                        yield Move(seat, Play(order, suit))


def _others(state: State) -> Iterator[Move]:
    from rules.speahx.play import pickup_problem, unable

    seat = state.turn.seat
    turn = state.turn
    if len(state.stock) and turn.stage != FLIPPED:
        if turn.stage == LOCKED:
            if turn.drawn < MAX_CHANCE:
                yield Move(seat, Chance())
        elif not turn.burned and (state.options.chance_may_skip_playable or unable(state)):
            yield Move(seat, Chance())
    if turn.stage == HAND and not len(state.hands[seat]) and not len(state.stock):
        for i in state.tables[seat].occupied():
            yield Move(seat, Flip(i + 1))
    if pickup_problem(state) is None:
        yield Move(seat, Pickup())
    if turn.burned:
        yield Move(seat, Done())


def moves(
    state: State, seat: int | None = None, card: Card | None = None, kind: str | None = None
) -> Iterator[Move]:
    """The legal moves (of ``seat``, led by ``card``, of ``kind``), lazily."""
    if state.phase != PLAY or (seat is not None and seat != state.turn.seat):
        return
    if kind in (None, "play", "give"):
        for move in source_moves(state):
            if kind is not None and move.kind != kind:
                continue
            if card is not None and move.payload.cards[0] != card:
                continue
            yield move
    if card is not None or kind in ("play", "give"):
        return
    for move in _others(state):
        if kind is None or move.kind == kind:
            yield move


def count(state: State, seat: int | None = None) -> int:
    """How many moves are legal (for ``seat``)."""
    return sum(1 for _ in moves(state, seat))
