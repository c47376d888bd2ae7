"""Seating and trick-taking helpers shared by every trick game.

Seats are numbered ``0..n-1`` round the table; ``direction=1`` is clockwise (each seat's
left neighbour is the next number), ``-1`` counter-clockwise. A trick is the tuple of its
cards in the order they were played, starting with the leader's. Everything here is pure
and game-neutral: a game supplies the ``key`` that says how strong a card is in a trick.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TypeVar

__all__ = ["best_index", "next_seat", "seats_from", "trick_winner"]

C = TypeVar("C")


def next_seat(seat: int, n: int, direction: int = 1) -> int:
    """The seat after ``seat`` at a table of ``n``: its left neighbour when clockwise.

    >>> next_seat(3, 4), next_seat(0, 4, -1)
    (0, 3)
    """
    return (seat + direction) % n


def seats_from(first: int, n: int, direction: int = 1) -> tuple[int, ...]:
    """Every seat once, in order of play, starting with ``first``.

    >>> seats_from(2, 4)
    (2, 3, 0, 1)
    """
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


def trick_winner(
    cards: Sequence[C], leader: int, n: int, key: Callable[[C], int], direction: int = 1
) -> int:
    """The seat that played the strongest card of a trick (the first played wins ties).

    ``cards`` are in play order, the first played by ``leader``, the rest by the following
    seats in ``direction``.

    >>> trick_winner(("7H", "9H", "8H"), leader=2, n=3, key=lambda c: int(c[0]))
    0
    """
    if not cards:
        raise ValueError("an empty trick has no winner")
    return (leader + direction * best_index(cards, key)) % n
