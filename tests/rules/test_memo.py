"""``per_state``: answers remembered by the state object, never confused between states."""

from __future__ import annotations

import pytest

from tablelog.rules.memo import per_state


def test_the_same_object_is_answered_once_and_an_equal_one_again() -> None:
    calls: list[tuple[int, ...]] = []

    @per_state(maxsize=2)
    def total(state: tuple[int, ...]) -> int:
        calls.append(state)
        return sum(state)

    one = (1, 2)
    same_value = tuple([1, 2])  # equal, another object
    assert total(one) == total(one) == 3
    assert len(calls) == 1
    assert total(same_value) == 3 and len(calls) == 2


def test_the_oldest_answer_is_forgotten_past_maxsize() -> None:
    calls: list[list[int]] = []

    @per_state(maxsize=2)
    def first(state: list[int]) -> int:
        calls.append(state)
        return state[0]

    a, b, c = [1], [2], [3]
    for state in (a, b, c, a):
        first(state)
    assert calls == [a, b, c, a]  # a was forgotten when c came


def test_number_of_is_the_same_for_equal_values_and_never_given_twice(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    from tablelog.rules import memo

    monkeypatch.setattr(memo, "NUMBERS_MAX", 3)
    first = memo.number_of(("options", 1))
    assert memo.number_of(tuple(["options", 1])) == first  # equal, another object
    given = {first}
    for i in range(2, 10):  # past NUMBERS_MAX: remembered values are forgotten
        number = memo.number_of(("options", i))
        assert number not in given, (i, number, given)
        given.add(number)
    assert len(memo._NUMBERS) <= 3
