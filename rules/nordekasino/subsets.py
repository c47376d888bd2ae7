"""Sets of table piles, grouped by their value codes, listed and counted lazily.

Two piles with the same value code (two loose 7s, or a loose 7 and a built 7) are alike
to the arithmetic, so every question about a set of piles is asked once per *key*, the
sorted codes of the set, and its answer holds for every set with that key. A table is
read as a ``Layout``: each distinct code with the positions of its piles, in the order
the code first lies on the table. A key is then a count per group (``Counts``).

* ``keys_in_order`` yields the keys in the order their first set comes when the sets are
  numbered as bitmasks (pile i is bit i), the order the listing of moves has always had;
  ``keys_by_size`` yields them smallest first, for questions that stop at the first yes.
* ``sets_of`` lists the position sets of one key in bitmask order; ``number_of`` and
  ``touching`` count them (all, and those holding a given pile) without listing them.

Nothing here depends on ``PYTHONHASHSEED``: codes are ints and every order is positional.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator
from functools import lru_cache
from itertools import combinations, pairwise, product
from math import comb
from operator import itemgetter
from typing import Any

import attrs

from tablelog.rules.frozen import frozen

__all__ = [
    "Counts",
    "Keyed",
    "Layout",
    "key_of",
    "keyed",
    "keys_by_size",
    "keys_in_order",
    "layout_of",
    "number_of",
    "sets_of",
    "touching",
]

Counts = tuple[int, ...]
"""How many piles of each group of a ``Layout`` a set takes."""


@frozen(cache_hash=True)
class Layout:
    """A table read by value code: ``codes[i]`` is pile i's code; ``groups[g]`` the
    positions of the piles of the g-th distinct code (in order of first position)."""

    codes: tuple[int, ...]
    groups: tuple[tuple[int, ...], ...]
    checks: tuple[tuple[int, int], ...]
    """``(d, bits)``: the positions whose previous pile of the same code lies ``d``
    before, as a bitmask (a set is the first of its key when it holds every such pile's
    predecessor)."""

    group_codes: tuple[int, ...] = attrs.field(init=False, eq=False, repr=False)
    """The code of each group (made once)."""
    pattern: tuple[int, ...] = attrs.field(init=False, eq=False, repr=False)
    """Each position's group: all that the order of keys and sets depends on, so what
    they are remembered by (a new table every turn, but few patterns of equal codes)."""

    def __attrs_post_init__(self) -> None:
        codes = tuple(self.codes[positions[0]] for positions in self.groups)
        object.__setattr__(self, "group_codes", codes)
        pattern = [0] * len(self.codes)
        for g, positions in enumerate(self.groups):
            for p in positions:
                pattern[p] = g
        object.__setattr__(self, "pattern", tuple(pattern))

    def group_mask(self, positions: Iterable[int]) -> int:
        """The groups holding any of ``positions``, as a bitmask (bit g: group g)."""
        pattern = self.pattern
        out = 0
        for p in positions:
            out |= 1 << pattern[p]
        return out

    def group_counts(self, positions: Iterable[int]) -> Counts:
        """How many of ``positions`` fall in each group."""
        chosen = set(positions)
        return tuple(sum(1 for p in group if p in chosen) for group in self.groups)


@lru_cache(maxsize=1 << 12)
def layout_of(codes: tuple[int, ...]) -> Layout:
    """The layout of a table whose piles have value codes ``codes``, in table order
    (remembered for the last 4,096 tables: about 70 % of random play's turns lay a table
    seen before, and ``onepass.plan_of`` keeps a plan per layout as long)."""
    where: dict[int, list[int]] = {}
    for position, code in enumerate(codes):
        where.setdefault(code, []).append(position)
    checks: dict[int, int] = {}
    for positions in where.values():
        for before, after in pairwise(positions):
            checks[after - before] = checks.get(after - before, 0) | 1 << after
    return Layout(codes, tuple(tuple(p) for p in where.values()), tuple(sorted(checks.items())))


@lru_cache(maxsize=1 << 16)
def key_of(layout: Layout, counts: Counts) -> tuple[int, ...]:
    """The key (sorted codes) of the sets that take ``counts`` piles of each group."""
    codes = layout.group_codes
    return tuple(sorted(code for code, n in zip(codes, counts, strict=True) for _ in range(n)))


def keys_in_order(layout: Layout) -> Iterator[Counts]:
    """Every key once, in the order of its first set when sets are numbered as bitmasks
    (the first set of a key takes the first piles of each group)."""
    return iter(_keys_in_order(layout.pattern))


@lru_cache(maxsize=1024)
def _keys_in_order(pattern: tuple[int, ...]) -> tuple[Counts, ...]:
    """``keys_in_order`` of every layout with this pattern, found once."""
    layout = layout_of(pattern)  # the pattern as codes: the same groups and checks
    checks = layout.checks
    groups = tuple(sum(1 << p for p in group) for group in layout.groups)
    return tuple(
        tuple((mask & bits).bit_count() for bits in groups)
        for mask in range(1, 1 << len(layout.codes))
        if all(not (mask & bits) >> d & ~mask for d, bits in checks)
    )


Keyed = tuple[Counts, tuple[int, ...], int]
"""One key of a layout, as ``keyed`` gives it: its counts per group, its sorted codes and
the groups it takes (bit g: group g). Its sets are made only when asked (``sets_of``): a
crowded table has thousands, and most questions only count them or need none."""


def keyed(layout: Layout) -> tuple[Keyed, ...]:
    """Every key of ``layout`` in the order of ``keys_in_order``, with its sorted codes
    and the groups it takes: what each kind of move walks (remembered for the last
    tables; the groups by pattern)."""
    return _keyed(layout)


@lru_cache(maxsize=64)
def _keyed(layout: Layout) -> tuple[Keyed, ...]:
    codes = layout.codes
    return tuple(
        (counts, tuple(sorted(first(codes))), groups)
        for counts, first, groups in _firsts(layout.pattern)
    )


@lru_cache(maxsize=1024)
def _firsts(pattern: tuple[int, ...]) -> tuple[tuple[Counts, Callable[[Any], Any], int], ...]:
    """Each key of the pattern's layouts in order, with a reader of the codes of its first
    set (the first piles of each group: always a tuple) and the groups it takes."""
    groups = layout_of(pattern).groups
    out = []
    for counts in _keys_in_order(pattern):
        first = [p for group, n in zip(groups, counts, strict=True) for p in group[:n]]
        reader = itemgetter(*first) if len(first) > 1 else itemgetter(slice(first[0], first[0] + 1))
        taken = sum(1 << g for g, n in enumerate(counts) if n)
        out.append((counts, reader, taken))
    return tuple(out)


def keys_by_size(layout: Layout, among: tuple[int, ...] | None = None) -> Iterator[Counts]:
    """Every key once, the smallest sets first; with ``among``, only the keys made of the
    piles of those groups (the others' counts are 0)."""
    chosen = tuple(range(len(layout.groups))) if among is None else among
    sizes = tuple(len(layout.groups[g]) for g in chosen)
    width = len(layout.groups)
    for total in range(1, sum(sizes) + 1):
        for part in _with_total(sizes, total):
            counts = [0] * width
            for g, n in zip(chosen, part, strict=True):
                counts[g] = n
            yield tuple(counts)


def _with_total(sizes: tuple[int, ...], total: int) -> Iterator[Counts]:
    """Every count per group, each at most its group's size, adding up to ``total``."""
    if not sizes:
        if total == 0:
            yield ()
        return
    rest = sum(sizes[1:])
    for first in range(max(0, total - rest), min(sizes[0], total) + 1):
        for tail in _with_total(sizes[1:], total - first):
            yield (first, *tail)


def sets_of(layout: Layout, counts: Counts) -> tuple[tuple[int, ...], ...]:
    """The position sets with ``counts`` piles of each group, in bitmask order
    (remembered by the layout's pattern: it alone decides them)."""
    return _sets_of(layout.pattern, counts)


@lru_cache(maxsize=1 << 14)
def _sets_of(pattern: tuple[int, ...], counts: Counts) -> tuple[tuple[int, ...], ...]:
    groups = layout_of(pattern).groups
    choices = [combinations(group, n) for group, n in zip(groups, counts, strict=True) if n]
    sets = [tuple(sorted(p for part in parts for p in part)) for parts in product(*choices)]
    if len(sets) > 1:
        sets.sort(key=lambda piles: sum(1 << p for p in piles))
    return tuple(sets)


def number_of(layout: Layout, counts: Counts) -> int:
    """How many position sets have ``counts`` piles of each group."""
    out = 1
    for group, n in zip(layout.groups, counts, strict=True):
        out *= comb(len(group), n)
    return out


def touching(layout: Layout, counts: Counts, marked: Counts) -> int:
    """How many of those sets hold at least one marked pile (``marked[g]``: how many of
    group g's piles are marked)."""
    avoiding = 1
    for group, n, m in zip(layout.groups, counts, marked, strict=True):
        avoiding *= comb(len(group) - m, n)
    return number_of(layout, counts) - avoiding
