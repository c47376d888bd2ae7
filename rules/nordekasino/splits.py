"""The ways to split a *key* of Nørdekasino's arithmetic (a sorted tuple of pile codes)
into two parts, made once per shape of key and read with C-speed readers (``arith``'s
searches ask them of every key they meet).

Equal codes are alike, so a key is read as its *shape* (how many piles of each distinct
code) and a split as how many of each group go to the first part (its first ones).
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from functools import lru_cache
from itertools import product
from operator import itemgetter

__all__ = ["SMALL", "hand_groups", "kept_hand_groups", "minus_one", "ordered_parts", "parts"]

CACHE_SIZE = 1 << 18


def _shape(key: tuple[int, ...]) -> tuple[int, ...]:
    """How many piles of each distinct code ``key`` (sorted) holds, in order."""
    shape: list[int] = []
    last = None
    for code in key:
        if code == last:
            shape[-1] += 1
        else:
            shape.append(1)
            last = code
    return tuple(shape)


Part = Callable[[tuple[int, ...]], tuple[int, ...]]
"""Reads one part of a key: the codes at fixed positions, as a tuple."""


def _part(positions: list[int]) -> Part:
    """A C-speed reader of the codes at ``positions`` of a key (always a tuple)."""
    if len(positions) == 1:
        return itemgetter(slice(positions[0], positions[0] + 1))
    if positions:
        return itemgetter(*positions)
    return lambda key: ()


def _readers(shape: tuple[int, ...], chosen: tuple[int, ...]) -> tuple[Part, Part]:
    """The readers of the two parts of a key of ``shape`` that takes ``chosen[g]`` piles
    of group g (its first ones: equal codes are alike) and leaves the rest."""
    one: list[int] = []
    two: list[int] = []
    start = 0
    for count, c in zip(shape, chosen, strict=True):
        one.extend(range(start, start + c))
        two.extend(range(start + c, start + count))
        start += count
    return _part(one), _part(two)


@lru_cache(maxsize=4096)
def _split_readers(shape: tuple[int, ...]) -> tuple[tuple[Part, Part], ...]:
    """The unordered two-part splits of a multiset with group sizes ``shape`` (each split
    once, both parts non-empty), as readers of a key's parts."""
    out = []
    for chosen in product(*(range(count + 1) for count in shape)):
        other = tuple(count - c for count, c in zip(shape, chosen, strict=True))
        if chosen <= other and any(chosen):
            out.append(_readers(shape, chosen))
    return tuple(out)


@lru_cache(maxsize=4096)
def _ordered_readers(shape: tuple[int, ...]) -> tuple[tuple[Part, Part], ...]:
    """Every ordered two-part split of a multiset with group sizes ``shape``, both parts
    non-empty, as readers of a key's parts."""
    return tuple(
        _readers(shape, chosen)
        for chosen in product(*(range(count + 1) for count in shape))
        if any(chosen) and chosen != shape
    )


@lru_cache(maxsize=CACHE_SIZE)
def parts(key: tuple[int, ...]) -> tuple[tuple[tuple[int, ...], tuple[int, ...]], ...]:
    """Every unordered two-part split of ``key``, both parts non-empty."""
    return tuple((one(key), two(key)) for one, two in _split_readers(_shape(key)))


@lru_cache(maxsize=1 << 16)
def minus_one(key: tuple[int, ...]) -> tuple[tuple[int, ...], ...]:
    """``key`` without one pile, once per distinct value (remembered: ``arith.reach`` and every
    hand value's ``arith.build_reach`` ask it of the same key)."""
    return tuple(key[:i] + key[i + 1 :] for i in range(len(key)) if i == 0 or key[i] != key[i - 1])


@lru_cache(maxsize=CACHE_SIZE)
def ordered_parts(key: tuple[int, ...]) -> tuple[tuple[tuple[int, ...], tuple[int, ...]], ...]:
    """Every ordered two-part split of ``key``, both parts non-empty."""
    return tuple((one(key), two(key)) for one, two in _ordered_readers(_shape(key)))


@lru_cache(maxsize=4096)
def _by_size(shape: tuple[int, ...]) -> tuple[tuple[Part, Part], ...]:
    """Every split of a multiset with group sizes ``shape`` into a part (maybe empty) and
    a non-empty rest, smallest part first, as readers of a key's parts."""
    every = [c for c in product(*(range(count + 1) for count in shape)) if c != shape]
    return tuple(_readers(shape, chosen) for chosen in sorted(every, key=sum))


def hand_groups(key: tuple[int, ...]) -> Iterator[tuple[tuple[int, ...], tuple[int, ...]]]:
    """The ways to split ``key`` into the hand card's group (numeric piles only, maybe
    none) and a non-empty rest, smallest hand group first (made as they are asked for)."""
    for one, two in _by_size(_shape(key)):
        mine = one(key)
        if mine and mine[0] < 0:
            continue  # a "more" pile is no operand of + or mod
        yield mine, two(key)


SMALL = 8
"""Keys of at most this many piles have their hand-group splits made once and kept."""


@lru_cache(maxsize=1 << 14)
def kept_hand_groups(key: tuple[int, ...]) -> tuple[tuple[tuple[int, ...], tuple[int, ...]], ...]:
    """``_hand_groups`` of a small key, made once: every hand card value and every set of
    wanted values asks the same splits of the same key."""
    return tuple(hand_groups(key))
