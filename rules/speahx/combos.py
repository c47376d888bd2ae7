"""The cards a turn's stage may lay, and the multisets of one rank they make.

``source_of(state)`` says which cards the stage may take: the copies the record knows
(hand; chance cards and the locked hand; the flipped table card) and, when some of those
cards are face down (a physical game), which identities they may still have (any card
unaccounted for, as many copies as are unaccounted and at most as many as are face
down). ``multisets`` enumerates the sub-multisets of one rank that fit those bounds,
pruning by the face-down budget as it goes instead of filtering a product.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterator, Mapping

from tablelog.rules.cards import Card
from tablelog.rules.frozen import frozen
from tablelog.rules.memo import per_state
from tablelog.rules.speahx.cards import suit_order
from tablelog.rules.speahx.state import FLIPPED, HAND, State
from tablelog.rules.table import evolve, pool

__all__ = ["Source", "by_rank", "multisets", "source_of"]


@frozen
class Source:
    """What a stage may take: ``known`` copies, ``extra`` face-down copies per identity
    (bounded by ``hidden`` in all), the distinct cards by rank (suit order), and the most
    cards one play may take (``None``: no bound)."""

    known: Mapping[Card, int]
    extra: Mapping[Card, int]
    hidden: int
    ranks: Mapping[str, tuple[Card, ...]]
    limit: int | None = None

    def most(self, card: Card) -> int:
        """The most copies of ``card`` a play may take."""
        return self.known.get(card, 0) + self.extra.get(card, 0)


@per_state(maxsize=16)
def source_of(state: State) -> Source:
    """The cards the stage of the turn in ``state`` may take (see the module)."""
    seat = state.turn.seat
    stage = state.turn.stage
    known: Counter[Card] = Counter()
    hidden = 0
    if stage == FLIPPED:
        known.update(state.flipped.cards)
    else:
        zones = [state.hands[seat]] if stage == HAND else [state.chance, state.hands[seat]]
        for zone in zones:
            known.update(zone.cards)
            hidden += zone.hidden
    extra: dict[Card, int] = {}
    if hidden:
        for card, n in pool(state).items():
            if n > 0:
                extra[card] = min(n, hidden)
    ranks: dict[str, list[Card]] = {}
    for card in sorted(set(known).union(extra), key=by_rank):
        ranks.setdefault(card.rank, []).append(card)
    grouped = {rank: tuple(cards) for rank, cards in ranks.items()}
    if stage not in (HAND, FLIPPED):
        return _locked(state, Source(dict(known), extra, hidden, grouped))
    return Source(dict(known), extra, hidden, grouped)


class _Order(dict[Card, tuple[str, int]]):
    """Each card's place among a stage's cards: by rank (as text), then in suit order;
    worked out once per card."""

    def __missing__(self, card: Card) -> tuple[str, int]:
        place = self[card] = (card.rank, suit_order(card))
        return place


by_rank = _Order().__getitem__
"""The key ``source_of`` orders a stage's cards by: rank (as text), then suit order."""


def _locked(state: State, source: Source) -> Source:
    """The locked stage's source: only ranks a chance card can be (its known cards, or any
    card a face-down chance card may be), and at most one chance card with three hand
    cards, or every chance card ("Sjansekort kan benyttes i kombinasjon med tre andre
    håndkort av lik verdi"): a locked hand of face-down cards would otherwise offer every
    combination of them, none of which may be laid."""
    chance = state.chance
    if chance.hidden:
        ranks = {c.rank for c, n in pool(state).items() if n > 0} | {c.rank for c in chance.cards}
    else:
        ranks = {c.rank for c in chance.cards}
    by_rank = {r: cards for r, cards in source.ranks.items() if r in ranks}
    limit = max(len(chance), 4)
    return evolve(source, ranks=by_rank, limit=limit)


def multisets(
    cards: tuple[Card, ...], source: Source, must: Card | None, least: int
) -> Iterator[tuple[Card, ...]]:
    """Every sub-multiset of ``cards`` (one rank, distinct, in suit order) of at least
    ``least`` cards, holding ``must`` when given, whose face-down part fits
    ``source.hidden``; each in suit order."""
    if must is not None and must not in cards:
        return
    limit = source.limit
    if not source.hidden and limit is None and all(source.known.get(c) == 1 for c in cards):
        # one known copy of each card: every subset, in the order ``grow`` makes them
        # (the first card the highest bit of a counter, each card left out before taken)
        yield from _subsets(cards, must, least)
        return
    most = [source.most(c) for c in cards]
    known = [source.known.get(c, 0) for c in cards]
    room = sum(most)

    def grow(
        i: int, chosen: tuple[Card, ...], budget: int, left: int
    ) -> Iterator[tuple[Card, ...]]:
        if len(chosen) + left < least or (limit is not None and len(chosen) > limit):
            return
        if i == len(cards):
            if chosen:
                yield chosen
            return
        card = cards[i]
        low = 1 if card == must else 0
        left -= most[i]
        for n in range(low, most[i] + 1):
            over = max(0, n - known[i])
            if over > budget:
                break
            yield from grow(i + 1, chosen + (card,) * n, budget - over, left)

    yield from grow(0, (), source.hidden, room)


def _subsets(cards: tuple[Card, ...], must: Card | None, least: int) -> Iterator[tuple[Card, ...]]:
    """The non-empty subsets of distinct ``cards`` with at least ``least`` cards, holding
    ``must`` when given, in ``grow``'s order: by a counter whose highest bit is the first
    card."""
    k = len(cards)
    if k == 1:
        if least <= 1:
            yield cards
        return
    required = 0 if must is None else 1 << (k - 1 - cards.index(must))
    for mask in range(1, 1 << k):
        if mask & required == required and mask.bit_count() >= least:
            yield tuple(card for i, card in enumerate(cards) if mask >> (k - 1 - i) & 1)
