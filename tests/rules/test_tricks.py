"""The game-neutral seating and trick helpers."""

from __future__ import annotations

import pytest

from rules.tricks import best_index, next_seat, seats_from, trick_winner


def test_next_seat_clockwise_and_back() -> None:
    assert [next_seat(s, 4) for s in range(4)] == [1, 2, 3, 0]
    assert [next_seat(s, 4, -1) for s in range(4)] == [3, 0, 1, 2]


def test_seats_from() -> None:
    assert seats_from(2, 4) == (2, 3, 0, 1)
    assert seats_from(2, 4, -1) == (2, 1, 0, 3)
    assert seats_from(0, 3) == (0, 1, 2)


def test_trick_winner_greatest_key_first_played_wins_ties() -> None:
    key = {"a": 1, "b": 5, "c": 5, "d": 2}.__getitem__
    assert best_index("abcd", key) == 1
    assert trick_winner("abcd", leader=3, n=4, key=key) == 0
    assert trick_winner("abcd", leader=3, n=4, key=key, direction=-1) == 2
    assert trick_winner("a", leader=2, n=4, key=key) == 2


def test_empty_trick_has_no_winner() -> None:
    with pytest.raises(ValueError, match="empty trick"):
        trick_winner((), leader=0, n=4, key=len)
