"""The listing's order of cards, and a hand of known cards in that order with its runs,
kept per zone and carried to the hand left once cards are laid from it (issue 24).

The listing (``onturn.turn_moves``) reads a zone of known cards in the listing's order
(``card_order``: by rank, then suit) and its runs, each rank's copies of two or more
(the sets' copies). Sorting the cards and finding the runs cost more than anything else
a listing does, and a hand mostly changes by the cards its player lays: ``in_order``
keeps what it found per zone object, and ``laid_from`` (asked by ``turn._taken``, which
makes the hand left) gives the hand left the same less the cards laid, without sorting.
What is kept is remembered by the zone's identity, holding the zone (so its id names no
other zone while kept), at most ``KEPT`` zones (then forgotten all at once).
"""

from __future__ import annotations

import operator

from tablelog.rules.cards import JOKER, Card
from tablelog.rules.vriddiot.state import FIRER, SUIT_ORDER
from tablelog.rules.zones import Zone

__all__ = ["KEPT", "card_order", "in_order", "laid_from", "rank_order", "runs"]

_RANKS = ("2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A", "JK")


def rank_order(rank: str) -> int:
    return _RANKS.index(rank)


def card_order(card: Card) -> tuple[int, int]:
    return (rank_order(card.rank), SUIT_ORDER.get(card.suit, 9))


class _Order(dict[Card, int]):
    """Each card's place in the listing's order (``card_order``) as one number, looked up
    (a sort compares numbers faster than pairs)."""

    def __missing__(self, card: Card) -> int:
        rank, suit = card_order(card)
        order = self[card] = rank * 16 + suit  # suits are numbered below 16
        return order


ORDER = _Order()
_RANK = operator.attrgetter("rank")

Runs = dict[str, tuple[Card, ...]]
"""Each rank's copies of two or more in a zone, by rank, in the listing's order."""


def runs(ordered: tuple[Card, ...]) -> Runs:
    """The runs of two or more cards of one rank in ``ordered`` (known cards in the
    listing's order, ``ORDER``, so a rank's copies lie together): each rank's copies that
    may be laid together, Der Firer and jokers (always laid alone) left out. Where each
    rank's copies end is read in C calls (a ``dict`` of ``zip``), and the runs sliced."""
    if FIRER in ordered or JOKER in ordered:
        ordered = tuple([card for card in ordered if card is not FIRER and card is not JOKER])
    ranks = list(map(_RANK, ordered))
    n = len(ranks)
    ends = dict(zip(ranks, range(1, n + 1), strict=True))  # past each rank's last copy
    if len(ends) == n:
        return {}
    found = {}
    start = 0
    for rank, stop in ends.items():
        if stop - start > 1:
            found[rank] = ordered[start:stop]
        start = stop
    return found


KEPT = 1 << 5
"""How many zones ``in_order`` remembers before it forgets them all: the hands in play
(a few per seat) are what is asked again. Kept small on purpose: every entry is a few
containers that live on, and a thousand of them made the cyclic garbage collector run
twice as often, which cost more time than the sorting saved (fewer instructions, more
CPU-seconds)."""

_KEPT: dict[int, tuple[Zone, tuple[Card, ...], tuple[Card, ...], Runs]] = {}


def in_order(zone: Zone) -> tuple[tuple[Card, ...], Runs]:
    """The known cards of ``zone`` in the listing's order, each card once, and their
    runs (``runs``); remembered by the zone (see the module's text). Only for a zone
    without face-down cards."""
    kept = _KEPT.get(id(zone))
    if kept is not None and kept[0] is zone:
        return kept[2], kept[3]
    ordered = tuple(sorted(zone.cards, key=ORDER.__getitem__))
    distinct = ordered if len(set(ordered)) == len(ordered) else tuple(dict.fromkeys(ordered))
    found = runs(ordered)
    _keep(zone, ordered, distinct, found)
    return distinct, found


def _keep(zone: Zone, ordered: tuple[Card, ...], distinct: tuple[Card, ...], found: Runs) -> None:
    if len(_KEPT) >= KEPT:
        _KEPT.clear()
    _KEPT[id(zone)] = (zone, ordered, distinct, found)


def laid_from(zone: Zone, left: Zone, real: tuple[Card, ...]) -> None:
    """``left`` is ``zone`` less one known copy of each card of ``real`` (no face-down
    card in either): when ``zone``'s order is kept, ``left``'s is kept too, made from it
    (each card laid taken out of the order and out of its rank's run)."""
    kept = _KEPT.get(id(zone))
    if kept is None or kept[0] is not zone:
        return
    _, ordered, distinct, found = kept
    repeated = distinct is not ordered
    for card in real:
        i = ordered.index(card)
        ordered = ordered[:i] + ordered[i + 1 :]
        run = found.get(card.rank)
        if run is not None and card in run:  # (not Der Firer nor a joker: never in a run)
            found = found.copy()
            if len(run) > 2:
                j = run.index(card)
                found[card.rank] = run[:j] + run[j + 1 :]
            else:
                del found[card.rank]
    distinct = tuple(dict.fromkeys(ordered)) if repeated else ordered
    _keep(left, ordered, distinct, found)
