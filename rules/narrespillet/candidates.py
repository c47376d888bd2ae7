"""The legal placements of the participant on turn, built legal (its picture-card plays
are ``plays``').

``places`` yields exactly the moves ``checks.check_turn`` lets through, in the order the
listing has always had (the order of the full candidate generators kept in
``tests/rules/narrespillet_candidates.py``): each kind of placement is made only from
cards that make it (``placements.classify``'s kinds, read off the cards' ranks and houses),
on battlefields that are open and free of Temperance. So ``moves`` lists them without
asking the check; ``tests/rules/test_narrespillet_built.py`` holds the listing to the
check of every full candidate on random games of every variant and on the recorded
fixtures.
"""

from __future__ import annotations

import functools
import itertools
from collections.abc import Iterator, Sequence

from tablelog.rules.cards import Card
from tablelog.rules.events import Move
from tablelog.rules.narrespillet import events as ev
from tablelog.rules.narrespillet.deck import (
    DECK,
    EMPEROR,
    EMPRESS,
    HOUSES,
    LOVERS,
    MAGICIAN,
    WORLD,
    house_of,
    is_number,
)
from tablelog.rules.narrespillet.indexed import Combos, Parts, flat
from tablelog.rules.narrespillet.place import canonical
from tablelog.rules.narrespillet.state import KROAM, OPEN, State
from tablelog.rules.narrespillet.take import available

__all__ = ["magicked", "place_moves", "place_parts", "places", "subsets"]

_HOUSE = {c: house_of(c) for c in DECK}
_NUMBERS = frozenset(c for c in DECK if is_number(c))
_INDEX = {c: i for i, c in enumerate(DECK)}

_PAIRS = tuple(canonical(p) for p in ((EMPEROR, EMPRESS), (EMPRESS, LOVERS), (EMPEROR, LOVERS)))
"""The imperial pairs (the Emperor and Empress, one of them with the Lovers), in deck order."""


def subsets(cards: list[Card], lead: Card | None) -> Iterator[tuple[Card, ...]]:
    """The non-empty subsets of ``cards`` (in their order), only those ``lead`` starts."""
    if lead is None:
        for k in range(1, len(cards) + 1):
            yield from itertools.combinations(cards, k)
        return
    if lead not in cards:
        return
    rest = cards[cards.index(lead) + 1 :]
    for k in range(len(rest) + 1):
        for combo in itertools.combinations(rest, k):
            yield (lead, *combo)


def _world_field(state: State, i: int) -> bool:
    """Whether the World may go on battlefield ``i``: nobody present has placed on or
    forfeited it (the Demons count while they are in play)."""
    for other in range(state.n + 1):
        if (other < state.n or state.demons >= 0) and state.slots[other][i].status != OPEN:
            return False
    return True


def places(state: State, who: int, lead: Card | None) -> Iterator[ev.Place]:
    """Every legal placement of ``who`` now (led by ``lead``, ``None``: any)."""
    for move in place_moves(state, who, 0):
        if lead is None or move.payload.cards[0] == lead:
            yield move.payload


def place_moves(
    state: State, who: int, seat: int, cards: tuple[Card, ...] | None = None
) -> list[Move]:
    """Every legal placement of ``who`` now, as moves of ``seat`` (``place_parts``, made)."""
    return flat(place_parts(state, who, seat, cards))


def place_parts(state: State, who: int, seat: int, cards: tuple[Card, ...] | None = None) -> Parts:
    """Every legal placement of ``who`` now, as moves of ``seat`` (who makes ``who``'s
    moves), in the listing's order, in parts (``indexed``): battlefield by battlefield,
    each battlefield's placements made from the cards that bear on it, remembered (a hand
    changes a field or two between one turn and the next): the house's own cards'
    (``_house_bits``), after what the World, the imperial pairs and the Lovers add
    (``_beyond_places``); with the Magician, all of them at once (``_placements``).
    ``cards``: what ``available`` gives with the pool and the Chariot, when the caller
    has it. The cards are read as bits (``_BIT``): which of them are at hand."""
    if cards is None:
        cards = available(state, who, pool=True, chariot=True)
    row = state.slots[who]
    temperance = state.temperance
    blocked = temperance[1] if temperance is not None else None
    free = [h for h, slot in zip(HOUSES, row, strict=True) if slot.status == OPEN and h != blocked]
    if not cards or not free:
        return []
    mask = sum(map(_BIT.__getitem__, cards))  # the cards as bits, in deck order
    if mask & _BEYOND_BITS:
        world = (
            bool(mask & _WORLD_BIT) and WORLD not in state.chariots[who].cards
        )  # 1, 3, 4, 6 ride
        lovers = bool(mask & _LOVERS_BIT)
        kroam_empress = bool(mask & _EMPRESS_BIT) and state.options.variant == KROAM
        pairs = tuple(pair for pair, bits in _PAIR_BITS if mask & bits == bits)
        if mask & _MAGICIAN_BIT:
            return _with_magician(
                state, who, seat, cards, free, (world, pairs, lovers, kroam_empress)
            )
        if world or pairs or lovers or kroam_empress:
            return _with_beyond(state, seat, mask, free, (world, pairs, lovers, kroam_empress))
    out: Parts = []  # each placement is of one house's cards, on its own field
    for house in free:
        bits = mask >> _SHIFT[house] & _HOUSE_BITS
        if bits:
            out.extend(_house_bits(seat, house, bits))
    return out


_Beyond = tuple[bool, tuple[tuple[Card, ...], ...], bool, bool]
"""What the beyond cards at hand make possible: the World, the imperial pairs, the Lovers
with a court card, (in Kroam) the Empress with a Queen."""


def _with_beyond(state: State, seat: int, mask: int, free: list[str], beyond: _Beyond) -> Parts:
    """``place_parts`` when a beyond card but not the Magician is at hand (``mask``): on
    each battlefield, what the beyond cards add, then the house's own placements."""
    world, pairs, lovers, kroam_empress = beyond
    two_fields = bool(pairs) and state.options.imperial_pair_fields >= 2
    out: Parts = []
    for k, house in enumerate(free):
        on_world = world and _world_field(state, HOUSES.index(house))
        later = tuple(free[k + 1 :]) if two_fields else ()
        bits = mask >> _SHIFT[house] & _HOUSE_BITS
        wed = bits & _COURT_BITS if lovers or kroam_empress else 0
        ahead = _beyond_places(seat, house, (on_world, *beyond[1:]), later, wed)
        if ahead:
            out.append(ahead)
        if bits:
            out.extend(_house_bits(seat, house, bits))
    return out


def _with_magician(
    state: State, who: int, seat: int, cards: tuple[Card, ...], free: list[str], beyond: _Beyond
) -> Parts:
    """``place_parts`` when the Magician is at hand: every Ace may go with a Knight or
    Page, every number card be moved (``_placements``, made anew)."""
    world, pairs, lovers, kroam_empress = beyond
    # the cards in deck order lie house by house, the picture cards last
    by_house = {h: tuple(run) for h, run in itertools.groupby(cards, _HOUSE.__getitem__)}
    aces = tuple(c for c in cards if c.rank == "A" and _HOUSE[c])
    numbers = [c for c in cards if c in _NUMBERS]
    two_fields = bool(pairs) and state.options.imperial_pair_fields >= 2
    out: Parts = []
    for k, house in enumerate(free):
        out.extend(
            _placements(
                seat,
                house,
                by_house.get(house, ()),
                world and _world_field(state, HOUSES.index(house)),
                pairs,
                tuple(free[k + 1 :]) if two_fields else (),
                lovers,
                kroam_empress,
                True,
                aces,
                tuple(c for c in numbers if _HOUSE[c] != house),
            )
        )
    return out


_Parts = tuple[Sequence[Move], ...]
"""A battlefield's placements in parts (``indexed``): remembered, so a tuple."""

_BEYOND = frozenset({WORLD, EMPEROR, EMPRESS, LOVERS, MAGICIAN})
"""The cards that make a placement beyond a house's own cards on its own field: the World,
the imperial pairs, the Lovers (and in Kroam the Empress) with a court card, the Magician."""


_BIT = {c: 1 << i for i, c in enumerate(DECK)}
_BEYOND_BITS = sum(_BIT[c] for c in _BEYOND)
_SHIFT = {h: 14 * i for i, h in enumerate(HOUSES)}
_HOUSE_BITS = (1 << 14) - 1
"""A card's bit is its place in the deck, where each house's 14 cards lie together."""
_COURT_BITS = sum(1 << i for i in range(14) if not is_number(DECK[i]))
"""The court cards' bits among a house's (the same places in every house)."""
_WORLD_BIT, _LOVERS_BIT, _EMPRESS_BIT, _MAGICIAN_BIT = (
    _BIT[c] for c in (WORLD, LOVERS, EMPRESS, MAGICIAN)
)
_PAIR_BITS = tuple((pair, sum(_BIT[c] for c in pair)) for pair in _PAIRS)


@functools.lru_cache(maxsize=1 << 14)
def _house_bits(seat: int, house: str, bits: int) -> _Parts:
    """The placements of ``house``'s own cards on it, the cards whose bits (from the
    house's first card) are ``bits``: ``_placements`` when no card of ``_BEYOND`` is at
    hand, and what follows ``_beyond_places`` when one is but not the Magician
    (remembered by three small values)."""
    first = _SHIFT[house]
    mine = tuple(DECK[first + i] for i in range(14) if bits >> i & 1)
    return _placements(seat, house, mine, False, (), (), False, False, False, (), ())


@functools.lru_cache(maxsize=1 << 12)
def _beyond_places(
    seat: int, house: str, beyond: _Beyond, later: tuple[str, ...], wed: int
) -> tuple[Move, ...]:
    """The placements on ``house`` that the beyond cards make without the Magician, in
    ``_placements``' order, which lists them before the house's own (``_house_bits``'):
    the World (if it may go there), the imperial pairs (on ``later`` fields too), the
    Lovers and (in Kroam) the Empress with each of the house's court cards whose bits
    (from the house's first card) are ``wed``. Remembered apart from the house's own
    placements: the house's number cards do not bear on them."""
    first = _SHIFT[house]
    courts = tuple(DECK[first + i] for i in range(14) if wed >> i & 1)
    return tuple(Move(seat, p) for p in _beyond(house, beyond, later, courts))


def _beyond(
    house: str, beyond: _Beyond, later: tuple[str, ...], courts: Sequence[Card]
) -> list[ev.Place]:
    """The placements of ``_beyond_places`` (``_placements`` lists them first)."""
    world, pairs, lovers, kroam_empress = beyond
    out: list[ev.Place] = []
    if world:
        out.append(ev.Place((WORLD,), house))
    for combo in pairs:
        out.append(ev.Place(combo, house))
        out.extend(ev.Place(combo, house, other) for other in later)
    for c in courts:
        if lovers:
            out.append(ev.Place(canonical((c, LOVERS)), house))
        if kroam_empress and c.rank == "Q":
            out.append(ev.Place(canonical((c, EMPRESS)), house))  # a Royal Couple in Kroam
    return out


def _placements(
    seat: int,
    house: str,
    mine: tuple[Card, ...],
    world: bool,
    pairs: tuple[tuple[Card, ...], ...],
    later: tuple[str, ...],
    lovers: bool,
    kroam_empress: bool,
    magician: bool,
    aces: tuple[Card, ...],
    strangers: tuple[Card, ...],
) -> _Parts:
    """The placements of ``seat`` on ``house``, from what bears on it: the cards of the
    house it holds (``mine``, in deck order), the World (if it may go there), the imperial
    pairs (on ``later`` fields too), the Lovers and (in Kroam) the Empress with a court
    card, and with the Magician every Ace (``aces``) and the number cards of other houses
    (``strangers``). Pure. ``_house_bits`` remembers the house's own placements; those
    with the Magician are made anew: a memory of them (by the hand's Aces and number
    cards of other houses too) was found again for one listing in five, and what it kept
    (some 90,000 moves, placements and tuples per 250 random games) cost the garbage
    collector more than making them does."""
    own = [c for c in mine if c in _NUMBERS]
    courts = [c for c in mine if c not in _NUMBERS]
    if not magician:
        aces = tuple(c for c in mine if c.rank == "A")  # only the house's own Ace serves
    out = _beyond(house, (world, pairs, lovers, kroam_empress), later, courts)
    for a, b in itertools.combinations(courts, 2):
        if {a.rank, b.rank} == {"Q", "K"}:
            out.append(ev.Place(canonical((a, b)), house))
    for c in courts:
        if c.rank in ("Kn", "P"):
            out.append(ev.Place((c,), house))
            for ace in aces:
                if _HOUSE[ace] == house:
                    out.append(ev.Place(canonical((c, ace)), house))
                elif magician:
                    out.append(ev.Place(canonical((c, ace, MAGICIAN)), house, magic=ace))
    parts: list[Sequence[Move]] = [tuple(Move(seat, p) for p in out)] if out else []
    if own:  # every subset of the number cards, in ``subsets``' order, made when read
        k = len(own)
        parts.append(Combos(_number_place, seat, house, tuple(own), 1, k))
    if magician:  # ``magicked``'s placements, stranger by stranger, made when read
        parts.extend(
            Combos(_magicked, seat, (house, c), tuple(own), 0, len(own)) for c in strangers
        )
    return tuple(parts)


def _magicked(seat: int, key: tuple[str, Card], combo: tuple[Card, ...]) -> Move:
    """One of ``magicked``'s placements: the house's number cards ``combo`` with the
    stranger moved into the house (``key``: the house and the stranger)."""
    house, stranger = key
    return Move(seat, ev.Place(canonical((*combo, stranger, MAGICIAN)), house, magic=stranger))


@functools.lru_cache(maxsize=1 << 14)
def _number_place(seat: int, house: str, cards: tuple[Card, ...]) -> Move:
    """One number-card placement (made once per seat, field and cards)."""
    return Move(seat, ev.Place(cards, house))


def magicked(own: list[Card], strangers: list[Card], house: str) -> Iterator[ev.Place]:
    """The Magician's placements on ``house``: number cards of the house (``own``, none or
    more) with one number card of another house (``strangers``) moved into it, every one
    a number placement."""
    for stranger in strangers:
        for k in range(0, len(own) + 1):
            for combo in itertools.combinations(own, k):
                yield ev.Place(canonical((*combo, stranger, MAGICIAN)), house, magic=stranger)
