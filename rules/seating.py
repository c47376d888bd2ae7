"""Seating, direction of play, partnerships and who wins a trick.

Seats are numbered ``0..n-1`` round the table, clockwise: a seat's left neighbour is the
next number (``left_of``), its right neighbour the one before (``right_of``), whatever the
direction of play. ``Seating.direction`` is the direction play goes: ``+1`` clockwise
(to the left), ``-1`` counter-clockwise (to the right). A game whose direction reverses in
the middle (a jack in Vriddiot) keeps a ``Seating`` in its state and replaces it with
``seating.reversed()``.

With ``partners`` the seats form two-player sides of partners sitting opposite each other
(``n`` even): seat ``s`` and ``s + n // 2``; side ``s % (n // 2)``. Without, each seat is
its own side, so scoring code can speak of sides either way.

A trick is its cards in play order, the first played by the leader and the rest by the
following seats in the direction of play, so the card at position ``i`` was played by
``seating.next(leader, i)``. ``best_index`` finds the strongest of some cards by a key the
game supplies, the first one winning ties (the strongest card of a trick, the lowest
up-card that sets Karnöffel's trump).

Everything here is pure and game-neutral::

    >>> table = Seating(4, partners=True)
    >>> table.order_from(2), table.reversed().order_from(2), table.partner(1)
    ((2, 3, 0, 1), (2, 1, 0, 3), 3)
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from functools import lru_cache
from typing import TypeVar

import attrs

from tablelog.rules.frozen import frozen

__all__ = ["CLOCKWISE", "COUNTER_CLOCKWISE", "Seating", "best_index"]

CLOCKWISE = 1
COUNTER_CLOCKWISE = -1

C = TypeVar("C")


def _check_direction(_: object, __: object, value: int) -> None:
    if value not in (CLOCKWISE, COUNTER_CLOCKWISE):
        raise ValueError(f"the direction of play is 1 (clockwise) or -1, not {value!r}")


def _check_seats(instance: Seating, _: object, value: int) -> None:
    if value < 1:
        raise ValueError(f"a table has at least one seat, not {value}")


@frozen(cache_hash=True)
class Seating:
    """``n`` seats round a table, the direction of play, and whether partners sit opposite."""

    n: int = attrs.field(validator=_check_seats)
    direction: int = attrs.field(default=CLOCKWISE, validator=_check_direction)
    partners: bool = False

    def __attrs_post_init__(self) -> None:
        if self.partners and (self.n < 4 or self.n % 2):
            raise ValueError(
                f"partners sit opposite each other, so a partnership game needs an even "
                f"number of seats (4 or more), not {self.n}"
            )

    # -- direction of play ---------------------------------------------------------------

    def next(self, seat: int, steps: int = 1) -> int:
        """The seat ``steps`` turns after ``seat`` in the direction of play."""
        return (seat + self.direction * steps) % self.n

    def previous(self, seat: int) -> int:
        """The seat that played just before ``seat``."""
        return (seat - self.direction) % self.n

    def order_from(self, first: int) -> tuple[int, ...]:
        """Every seat once, in the order of play, starting with ``first``."""
        return _order(self.n, self.direction, first)

    def steps(self, first: int, seat: int) -> int:
        """How many turns after ``first`` ``seat`` comes (0 for ``first`` itself)."""
        return ((seat - first) * self.direction) % self.n

    def reversed(self) -> Seating:
        """The same table with play going the other way (a reversal mid-game)."""
        return attrs.evolve(self, direction=-self.direction)

    def left_of(self, seat: int) -> int:
        """The seat to the left of ``seat`` (the next one clockwise), whatever the direction."""
        return (seat + 1) % self.n

    def right_of(self, seat: int) -> int:
        """The seat to the right of ``seat`` (the next one counter-clockwise)."""
        return (seat - 1) % self.n

    # -- partnerships --------------------------------------------------------------------

    def partner(self, seat: int) -> int | None:
        """The partner sitting opposite ``seat``, or ``None`` in a game without partners."""
        if not self.partners:
            return None
        return (seat + self.n // 2) % self.n

    def side(self, seat: int) -> int:
        """The side ``seat`` plays and scores for (its own seat without partners)."""
        return seat % (self.n // 2) if self.partners else seat

    @property
    def sides(self) -> int:
        """How many sides score: the partnerships, or every seat."""
        return self.n // 2 if self.partners else self.n

    def side_seats(self, side: int) -> tuple[int, ...]:
        """The seats of ``side``, lowest first."""
        if not self.partners:
            return (side,)
        return (side, side + self.n // 2)

    def side_label(self, players: Sequence[str], side: int) -> str:
        """The side's name: ``"Anna & Cai"`` for partners, the player's name otherwise."""
        return " & ".join(players[seat] for seat in self.side_seats(side))

    def side_labels(self, players: Sequence[str]) -> tuple[str, ...]:
        """Every side's name, by side."""
        return tuple(self.side_label(players, side) for side in range(self.sides))


@lru_cache(maxsize=1024)
def _order(n: int, direction: int, first: int) -> tuple[int, ...]:
    """``Seating.order_from``, made once per table size, direction and first seat (every
    turn of several games asks it)."""
    return tuple((first + direction * i) % n for i in range(n))


def best_index(cards: Sequence[C], key: Callable[[C], int]) -> int:
    """The position of the card with the greatest ``key``; the first played wins ties."""
    best = 0
    best_key = key(cards[0])
    for i in range(1, len(cards)):
        k = key(cards[i])
        if k > best_key:
            best, best_key = i, k
    return best
