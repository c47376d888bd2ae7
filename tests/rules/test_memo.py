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


def test_by_value_makes_once_per_key_and_starts_again_when_full() -> None:
    from tablelog.rules.memo import ByValue

    made: list[object] = []

    def make(value: object) -> object:
        made.append(value)
        return value

    kept: ByValue[object] = ByValue(2)
    assert kept.made(("a", 1), lambda: make("one")) == "one"
    assert kept.made(("a", 1), lambda: make("again")) == "one"  # found, not made
    # 1 == True: a key names its numbers' types itself (the caller's part)
    assert kept.made(("a", True, bool), lambda: make("true")) == "true"
    assert kept.get(("a", True, bool)) == "true"
    assert made == ["one", "true"] and len(kept) == 2
    assert kept.made(("b",), lambda: make("b")) == "b"  # full: started again
    assert len(kept) == 1 and kept.get(("a", 1)) is None
    assert kept.made(("list", [1]), lambda: make("x")) == "x"  # unhashable: made each time
    assert kept.made(("list", [1]), lambda: make("y")) == "y"
    assert made == ["one", "true", "b", "x", "y"]


def test_kept_by_identity_holds_at_most_its_limit_and_answers_anew_after() -> None:
    from tablelog.rules.memo import Kept

    made: list[int] = []

    def of(value: list[int]) -> int:
        made.append(len(value))
        return sum(value)

    kept: Kept[list[int], int] = Kept(of, lambda answer: True, limit=2)
    a, b, c = [1], [2, 2], [3, 3, 3]
    assert (kept(a), kept(b), kept(a)) == (1, 4, 1) and made == [1, 2]
    assert kept([1]) == 1 and made == [1, 2, 1]  # an equal object is another one
    assert kept(c) == 9 and len(kept.known) == 2  # full at the copy of a: emptied then
    assert kept(a) == 1 and made == [1, 2, 1, 3, 1]  # a was forgotten
    assert len(kept.known) == 1  # full again: emptied, then a kept alone
