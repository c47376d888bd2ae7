"""What Nørdekasino's arithmetic keeps (``arith.kept``, ``arith.combine``): the same answers
as found afresh, also once the memory has been forgotten whole on filling up, and kept
where the garbage collector never walks it (dictionaries of ints only, issue 24).
"""

from __future__ import annotations

import gc
import random
from collections.abc import Callable
from functools import partial

import pytest

from tablelog.rules.nordekasino import arith, pairs
from tablelog.rules.nordekasino.builds import build_values
from tablelog.rules.nordekasino.state import Options, card_values

DECK = Options().deck()
HANDS = sorted({v for card in DECK for v in card_values(card)})
CARD_VALUES = sorted({card_values(card) for card in DECK})


def _keys(count: int, seed: int) -> list[tuple[int, ...]]:
    """Random keys of 1 to 5 piles: loose cards (jokers, aces and the other double
    cards among them), built numbers up to 42 and "more" piles of one value."""
    rng = random.Random(seed)
    out = []
    for _ in range(count):
        codes = []
        for _ in range(rng.randint(1, 5)):
            kind = rng.random()
            if kind < 0.7:
                codes.append(arith.code_of_values(*rng.choice(CARD_VALUES)))
            elif kind < 0.9:
                codes.append(arith.code_of_values(rng.randint(0, 42)))
            else:
                codes.append(arith.code_of_more(7))
        out.append(tuple(sorted(codes)))
    return out


def _questions(keys: list[tuple[int, ...]]) -> list[Callable[[], object]]:
    """Every question the listing asks of each key, in one order."""
    out: list[Callable[[], object]] = []
    for key in keys:
        out.append(partial(arith.capture_values, key))
        numeric = tuple(code for code in key if code >= 0)
        if numeric:
            out.append(partial(arith.reach, numeric))
        for hand in HANDS:
            if numeric == key:
                out.append(partial(arith.build_reach, hand, key))
            out.append(partial(arith.more_values, hand, key))
            out.append(partial(arith.more_values, hand, key, 1 << 7 | 1 << hand))
        for values in CARD_VALUES:
            out.append(partial(build_values, values, key))
    return out


def _answers(keys: list[tuple[int, ...]]) -> list[object]:
    """The answers to ``_questions`` asked in turn (what was kept answering)."""
    return [ask() for ask in _questions(keys)]


def _afresh(keys: list[tuple[int, ...]]) -> list[object]:
    """The answers to ``_questions``, each found with nothing kept before it."""
    out = []
    for ask in _questions(keys):
        arith.forget()
        out.append(ask())
    return out


def test_kept_answers_are_the_answers_found_afresh() -> None:
    keys = _keys(50, 1)
    fresh = _afresh(keys)
    arith.forget()
    assert _answers(keys) == fresh
    assert _answers(keys) == fresh  # now all read from what was kept
    arith.forget()
    _answers(list(reversed(keys)))  # the same keys kept in another order
    assert _answers(keys) == fresh


def test_a_full_memory_is_forgotten_whole_and_answers_the_same(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    keys = _keys(30, 2)
    fresh = _afresh(keys)
    arith.forget()
    monkeypatch.setattr(arith, "KEYS_KEPT", 5)
    monkeypatch.setattr(pairs, "PAIRS_KEPT", 7)
    assert _answers(keys) == fresh
    assert len(arith._KEYS) <= 5 and len(pairs._PAIRS) <= 7
    arith.forget()


def test_a_pair_too_large_to_keep_is_combined_all_the_same() -> None:
    big = 1 << (1 << pairs.WIDTH_BITS) | 1 << 5
    assert arith.combine(big, 1 << 3) == arith.combine(1 << 3, big)
    assert arith.combine(big, 1 << 3) >> 8 & 1  # 5 + 3
    assert arith.combine(big, 1 << 3) >> 2 & 1  # 5 mod 3


def test_pairs_of_every_width_are_kept_apart() -> None:
    arith.forget()
    sets = [1 << 3, 1 << 3 | 1 << 9, 1 << 1 | 1 << 4, 1 << 12, 1 << 40 | 1 << 2, 1 << 70 | 1]
    found = {(a, b): arith.combine(a, b) for a in sets for b in sets}
    assert len(pairs._PAIRS) == len(sets) * (len(sets) + 1) // 2  # one per unordered pair
    for (a, b), both in found.items():
        arith.forget()
        assert arith.combine(a, b) == both


def test_the_collector_does_not_walk_what_is_kept() -> None:
    arith.forget()
    _answers(_keys(10, 3))  # no collection asked: ints only, so never tracked at all
    assert not gc.is_tracked(pairs._PAIRS)
    assert pairs._PAIRS and arith._KEYS
    assert not any(gc.is_tracked(answers) for answers in arith._KEYS.values())
