"""Seating: the direction of play, its reversal, neighbours, partnerships and best_index."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from tablelog.rules.seating import CLOCKWISE, COUNTER_CLOCKWISE, Seating, best_index

PLAYERS = ("Anna", "Bo", "Cai", "Dina")


def test_clockwise_play_goes_to_the_left() -> None:
    table = Seating(4)
    assert [table.next(s) for s in range(4)] == [1, 2, 3, 0]
    assert table.order_from(2) == (2, 3, 0, 1)
    assert table.next(3, 2) == 1 and table.previous(0) == 3


def test_counter_clockwise_play_goes_to_the_right() -> None:
    table = Seating(5, COUNTER_CLOCKWISE)
    assert [table.next(s) for s in range(5)] == [4, 0, 1, 2, 3]
    assert table.order_from(1) == (1, 0, 4, 3, 2)
    assert table.previous(1) == 2


def test_neighbours_do_not_depend_on_the_direction_of_play() -> None:
    for table in (Seating(3), Seating(3, COUNTER_CLOCKWISE)):
        assert (table.left_of(2), table.right_of(0)) == (0, 2)


def test_a_reversal_mid_game_turns_the_order_around() -> None:
    table = Seating(6)
    turned = table.reversed()
    assert turned.direction == COUNTER_CLOCKWISE
    assert turned.order_from(0) == (0, 5, 4, 3, 2, 1)
    assert turned.reversed() == table  # two jacks: back where it was


@given(st.integers(1, 12), st.sampled_from([CLOCKWISE, COUNTER_CLOCKWISE]), st.data())
def test_steps_count_turns_in_the_direction_of_play(n: int, direction: int, data) -> None:
    table = Seating(n, direction)
    first = data.draw(st.integers(0, n - 1))
    order = table.order_from(first)
    assert sorted(order) == list(range(n))
    assert [table.steps(first, seat) for seat in order] == list(range(n))
    assert all(table.next(first, i) == seat for i, seat in enumerate(order))


def test_partners_sit_opposite_and_share_a_side() -> None:
    table = Seating(4, partners=True)
    assert [table.partner(s) for s in range(4)] == [2, 3, 0, 1]
    assert [table.side(s) for s in range(4)] == [0, 1, 0, 1]
    assert table.sides == 2 and table.side_seats(1) == (1, 3)
    assert table.side_label(PLAYERS, 0) == "Anna & Cai"
    assert table.side_labels(PLAYERS) == ("Anna & Cai", "Bo & Dina")


def test_six_seats_make_three_partnerships() -> None:
    table = Seating(6, partners=True)
    assert table.partner(1) == 4 and table.side(4) == 1 and table.sides == 3


def test_without_partners_each_seat_is_its_own_side() -> None:
    table = Seating(3)
    assert table.partner(0) is None
    assert [table.side(s) for s in range(3)] == [0, 1, 2] and table.sides == 3
    assert table.side_label(PLAYERS, 1) == "Bo"


@pytest.mark.parametrize(
    ("args", "message"),
    [
        ((0,), "at least one seat"),
        ((4, 2), "1 \\(clockwise\\) or -1"),
        ((3, 1, True), "even number of seats"),
    ],
)
def test_an_impossible_table_is_refused(args: tuple, message: str) -> None:
    with pytest.raises(ValueError, match=message):
        Seating(*args)


def test_best_index_the_first_of_equals_wins() -> None:
    key = {"a": 1, "b": 5, "c": 5, "d": 2}.__getitem__
    assert best_index("abcd", key) == 1
    assert best_index("dcba", key) == 1
    assert best_index("a", key) == 0
