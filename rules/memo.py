"""Remembering what a function of one state computed, by the state's identity.

A fold and the questions asked of its states (who acts, which moves, may this card be
bound) often ask the same thing of the same state object several times. ``per_state``
remembers the last answers by ``id(state)``, holding the state itself so that its id is not
reused while it is remembered: no hashing or comparing of a large state, and nothing
changes for the caller but time. The functions must be pure, and what they return must
not be changed by the caller.
"""

from __future__ import annotations

import functools
import itertools
from collections import OrderedDict
from collections.abc import Callable, Hashable
from typing import Any, Generic, TypeVar

__all__ = ["ByValue", "Kept", "number_of", "per_state"]

S = TypeVar("S")
R = TypeVar("R")


def per_state(maxsize: int = 64) -> Callable[[Callable[[S], R]], Callable[[S], R]]:
    """Remember ``function(state)`` for the last ``maxsize`` state objects asked."""

    def decorate(function: Callable[[S], R]) -> Callable[[S], R]:
        remembered: OrderedDict[int, tuple[Any, R]] = OrderedDict()

        @functools.wraps(function)
        def answer(state: S) -> R:
            key = id(state)
            hit = remembered.get(key)
            if hit is not None and hit[0] is state:
                return hit[1]
            value = function(state)
            remembered[key] = (state, value)
            if len(remembered) > maxsize:
                remembered.popitem(last=False)
            return value

        return answer

    return decorate


V = TypeVar("V")
T = TypeVar("T")


class Kept(Generic[T, R]):
    """``of(value)``, remembered by ``value``'s identity: most events of an archive share a
    few small payload objects (the codec decodes a small payload once), and an export or
    a gate asks the same of each of them. The value is kept with its answer, so its ``id``
    names no other object while the entry lives; only answers ``small`` says are small are
    kept (a deal is made once and never met again: keeping it would only hold memory), at
    most ``LIMIT`` of them (emptied when full). ``of`` must be pure, and its answers are
    shared: not to be changed by the caller; ``limit`` says how many (default ``LIMIT``)."""

    LIMIT = 1 << 12

    __slots__ = ("known", "limit", "of", "small")

    def __init__(
        self, of: Callable[[T], R], small: Callable[[R], bool], limit: int | None = None
    ) -> None:
        self.of = of
        self.small = small
        self.limit = self.LIMIT if limit is None else limit
        self.known: dict[int, tuple[T, R]] = {}

    def __call__(self, value: T) -> R:
        found = self.known.get(id(value))
        if found is not None and found[0] is value:
            return found[1]
        answer = self.of(value)
        if self.small(answer):
            if len(self.known) >= self.limit:
                self.known.clear()
            self.known[id(value)] = (value, answer)
        return answer


class ByValue(Generic[V]):
    """Values made once by what they are made of (a key naming every part, the types of
    its numbers too: ``1 == True``), kept until ``maxsize`` are kept, then started again.
    ``made`` makes a value once; a hot path may look up with ``get`` (a dict's own, at
    its speed) and ``keep`` what it made on a miss. A key that cannot be hashed (a part
    holding a list) is made every time by ``made``. ``None`` is never kept (it means "not
    found"). Callers may share one ``ByValue`` for values of several kinds, each key
    saying its kind."""

    __slots__ = ("_kept", "get", "maxsize")

    def __init__(self, maxsize: int) -> None:
        self._kept: dict[Hashable, V] = {}
        self.get: Callable[[Hashable], V | None] = self._kept.get
        self.maxsize = maxsize

    def __len__(self) -> int:
        return len(self._kept)

    def clear(self) -> None:
        """Forget every kept value."""
        self._kept.clear()

    def keep(self, key: Hashable, value: V) -> V:
        """Keep ``value`` for ``key`` (forgetting every kept value first when full)."""
        kept = self._kept
        if len(kept) >= self.maxsize:
            kept.clear()
        kept[key] = value
        return value

    def made(self, key: Hashable, make: Callable[[], V]) -> V:
        """``make()`` for ``key``, made once while remembered."""
        try:
            found = self.get(key)
        except TypeError:
            return make()
        return self.keep(key, make()) if found is None else found


_NUMBERS: dict[Any, int] = {}
_ASKED: dict[int, tuple[Any, int]] = {}
_NEXT = itertools.count()
NUMBERS_MAX = 1 << 12
"""The most values ``number_of`` remembers; past it they are forgotten and numbered anew."""


def number_of(value: Any) -> int:
    """A number for ``value``, the same for equal values while remembered: a cheap
    stand-in for a value that is costly to hash or compare (a game's options) in the keys
    of a cache. The object asked is remembered by identity, so a game's options, one
    object for the whole game, are compared with the others only the first time. Past
    ``NUMBERS_MAX`` values all are forgotten; a number is never given twice (they only
    grow), so a cache keyed by a forgotten number never answers for another value."""
    asked = _ASKED.get(id(value))
    if asked is not None and asked[0] is value:
        return asked[1]
    number = _NUMBERS.get(value)
    if number is None:
        if len(_NUMBERS) >= NUMBERS_MAX:
            _NUMBERS.clear()
            _ASKED.clear()
        number = _NUMBERS[value] = next(_NEXT)
    if len(_ASKED) >= 256:
        _ASKED.clear()
    _ASKED[id(value)] = (value, number)
    return number
