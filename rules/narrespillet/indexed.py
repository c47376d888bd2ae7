"""A turn's listing by construction, its moves made when read (the playout's listing).

A turn lists tens of moves and a random player reads one. ``Indexed`` is the listing as
a few *parts*, each a sequence of moves in the listing's order: a tuple of moves made
once and shared (a house's court placements, a picture card's plays), or a part that
knows how many moves it holds and makes the ``i``-th only when it is read:

* ``Combos``: one move per combination of some cards, in a fixed order of combinations
  (``table``): every subset of a house's number cards (a placement each), the Chariot's
  loads of one or two hand cards, the Chariot played with each subset of the hand (read
  in order, as the fold's listing reads it, its moves are kept: the number placements'
  part is remembered with its house's cards);
* ``Mapped``: one move per card, looked up (a hand's discards).

Every legal move is decided when the listing is made (its part and its index); only the
``Move`` objects wait. So ``len`` and ``[i]`` are what ``random.choice`` asks, and
``tuple(listing)`` is the fold's listing: ``listing.turn_listing`` flattens the same
parts, and the playout's tests compare it with the fold's move by move
(``tests/rules/test_narrespillet_playout.py``, ``test_narrespillet_indexed.py``).
"""

from __future__ import annotations

import functools
import itertools
from collections.abc import Callable, Iterator, Mapping, Sequence
from typing import Any

from tablelog.rules.cards import Card
from tablelog.rules.events import Move
from tablelog.rules.playout import LazyMoves

__all__ = ["Combos", "Indexed", "Mapped", "combos_table", "flat"]


@functools.cache
def combos_table(k: int, lo: int, hi: int) -> tuple[tuple[int, ...], ...]:
    """The positions of each combination of ``k`` items of sizes ``lo`` to ``hi``, size by
    size, each size in ``itertools.combinations``' order (the listing's)."""
    return tuple(
        combo
        for size in range(lo, min(hi, k) + 1)
        for combo in itertools.combinations(range(k), size)
    )


class _Part(LazyMoves):
    """A part of a listing: its moves read by position (``at``), made when asked."""

    __slots__ = ()


class Combos(_Part):
    """The moves ``make(seat, key, combo)``, one per combination of ``items`` of ``lo`` to
    ``hi`` cards (size by size, each size in ``itertools.combinations``' order), made when
    read: by position (``combos_table``), or all in order (as ``combinations`` yields them)
    and then kept."""

    __slots__ = ("_all", "_items", "_key", "_make", "_seat", "_sizes", "_table")

    def __init__(
        self,
        make: Callable[[int, Any, tuple[Card, ...]], Move],
        seat: int,
        key: Any,
        items: tuple[Card, ...],
        lo: int,
        hi: int,
    ) -> None:
        self._make, self._seat, self._key, self._items = make, seat, key, items
        self._sizes = range(lo, min(hi, len(items)) + 1)
        self._table = combos_table(len(items), lo, hi)
        self._all: tuple[Move, ...] | None = None  # every move, once read in order

    def __len__(self) -> int:
        return len(self._table)

    def at(self, index: int) -> Move:
        made = self._all
        if made is not None:
            return made[index]
        items = self._items
        return self._make(self._seat, self._key, tuple([items[j] for j in self._table[index]]))

    def __iter__(self) -> Iterator[Move]:
        made = self._all
        if made is None:  # kept: a house's number placements are a remembered part
            make, seat, key, items = self._make, self._seat, self._key, self._items
            combos = itertools.chain.from_iterable(
                itertools.combinations(items, size) for size in self._sizes
            )
            made = self._all = tuple([make(seat, key, combo) for combo in combos])
        return iter(made)


class Mapped(_Part):
    """The moves ``lookup[card]``, one per card of ``cards``, read when asked."""

    __slots__ = ("_cards", "_lookup")

    def __init__(self, lookup: Mapping[Card, Move], cards: tuple[Card, ...]) -> None:
        self._lookup, self._cards = lookup, cards

    def __len__(self) -> int:
        return len(self._cards)

    def at(self, index: int) -> Move:
        return self._lookup[self._cards[index]]

    def __iter__(self) -> Iterator[Move]:
        return map(self._lookup.__getitem__, self._cards)


Parts = list[Sequence[Move]]


def flat(parts: Parts) -> list[Move]:
    """Every move of ``parts``, in order, made (the fold's listing)."""
    return list(itertools.chain.from_iterable(parts))


class Indexed(_Part):
    """A listing made of ``parts`` (see the module's text): a ``rules.playout.LazyMoves``,
    equal (``==``) to any sequence of the same moves in the same order, the fold's tuple
    too."""

    __slots__ = ("_len", "_parts")

    def __init__(self, parts: Parts) -> None:
        self._parts = parts
        self._len = sum(map(len, parts))

    def __len__(self) -> int:
        return self._len

    def at(self, index: int) -> Move:
        if index < 0:
            index += self._len
        if not 0 <= index < self._len:
            raise IndexError("listing index out of range")
        for part in self._parts:
            size = len(part)
            if index < size:
                return part[index]
            index -= size
        raise AssertionError("an index below the length falls in a part")  # pragma: no cover

    def __iter__(self) -> Iterator[Move]:
        for part in self._parts:
            yield from part
