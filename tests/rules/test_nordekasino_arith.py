"""The combination arithmetic (``rules.nordekasino.arith``) against a brute-force reference.

The reference knows nothing of bitsets, caches or the growth lemma. It takes the piles as a
list of leaves and finds the values of every binary expression tree over all of them: a
tree's value is that of its root split into two non-empty groups of leaves, each group
itself a tree (so the recursion visits every tree, memoised per group of leaves). Its
operations are the seed's: a + b; a mod b when a >= b > 0, where a hand card that is a
direct operand must be b; a more b when a = b (a "more" pile is never an operand of + or
mod); and 42 never an operand (the Adams rule clears it), though it may be the root.
"""

from __future__ import annotations

from collections.abc import Iterator
from functools import cache

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tablelog.rules.nordekasino import arith
from tablelog.rules.nordekasino.arith import (
    build_reach,
    capturable,
    code_of_more,
    code_of_values,
    more_values,
    reach,
)
from tablelog.rules.nordekasino.builds import build_values, wanted_values

LIMIT = (1 << 43) - 1
"""Values 0 to 42: every value a capture, build or Adams clear asks about."""

# The values a pile may take: a joker, an ace, the ♠2, plain 2..13, the ♦10 and the ♠10.
PILE_VALUES: tuple[tuple[int, ...], ...] = (
    (0,),
    (1, 14),
    (2,),
    (2, 15),
    *((v,) for v in range(3, 14)),
    (10, 16),
    (10, 21),
)
MORE_VALUES = tuple(range(1, 14))

Val = tuple[int, bool]  # (value, is a "more" pile)


def trees(leaves: tuple[frozenset[Val], ...], hand: int | None = None) -> frozenset[Val]:
    """The values of every binary tree over all ``leaves`` (leaf ``hand``, if given, is the
    hand card: as a direct operand of mod it must be the divisor)."""
    n = len(leaves)

    @cache
    def values(mask: int) -> frozenset[Val]:
        if mask & (mask - 1) == 0:
            return leaves[mask.bit_length() - 1]
        out: set[Val] = set()
        low = mask & -mask
        sub = (mask - 1) & mask
        while sub:
            if sub & low:  # each unordered split once: the part holding the lowest leaf
                other = mask ^ sub
                a_hand = hand is not None and sub == 1 << hand
                b_hand = hand is not None and other == 1 << hand
                for a, a_more in values(sub):
                    for b, b_more in values(other):
                        out.update(_combine(a, a_more, b, b_more, a_hand, b_hand))
            sub = (sub - 1) & mask
        return frozenset(out)

    return values((1 << n) - 1)


def _combine(a: int, am: bool, b: int, bm: bool, ah: bool, bh: bool) -> Iterator[Val]:
    if (a == 42 and not am) or (b == 42 and not bm):
        return  # a 42 is cleared at once: never an operand
    if a == b:
        yield a, True
    if am or bm:
        return
    yield a + b, False
    if a >= b > 0 and not ah:
        yield a % b, False
    if b >= a > 0 and not bh:
        yield b % a, False


def numeric(values: tuple[int, ...]) -> frozenset[Val]:
    return frozenset((v, False) for v in values)


def bits(values: frozenset[Val], more: bool = False) -> int:
    out = 0
    for v, m in values:
        if m == more and v <= 42:
            out |= 1 << v
    return out


def key_of(piles: list[tuple[int, ...]]) -> tuple[int, ...]:
    return tuple(sorted(code_of_values(*p) for p in piles))


pile_values = st.sampled_from(PILE_VALUES)


# -- the literal reference agrees with hand-worked examples --------------------------------


def test_reference_examples_from_the_seed() -> None:
    seven, four, nine = numeric((7,)), numeric((4,)), numeric((9,))
    assert (3, False) in trees((seven, four))  # 7 mod 4 = 3
    assert (1, False) in trees((nine, four))  # 9 mod 4 = 1
    assert (1, False) not in trees((nine, four), hand=0)  # the hand card 9 must be b
    assert (1, False) in trees((nine, four), hand=1)  # the hand card 4 is b
    assert (7, True) in trees((seven, seven))  # 7 more 7


# -- reach: the values table piles combine into ---------------------------------------------


@settings(max_examples=150, deadline=None)
@given(st.lists(pile_values, min_size=1, max_size=6))
def test_reach_matches_every_tree(piles: list[tuple[int, ...]]) -> None:
    expected = bits(trees(tuple(numeric(p) for p in piles)))
    assert reach(key_of(piles)) & LIMIT == expected


@settings(max_examples=60, deadline=None)
@given(st.lists(st.sampled_from(PILE_VALUES[9:]), min_size=5, max_size=6))
def test_reach_matches_every_tree_with_large_values(piles: list[tuple[int, ...]]) -> None:
    # large values reach 42 often, so the Adams exception is exercised
    expected = bits(trees(tuple(numeric(p) for p in piles)))
    assert reach(key_of(piles)) & LIMIT == expected


def test_forty_two_is_a_root_value_but_never_an_operand() -> None:
    key = key_of([(10, 21), (10, 21), (5,)])  # two ♠10s (two decks) and a 5
    # 21 + 21 = 42 may be cleared, but (21 + 21) mod 5 = 2 would go through a 42 ...
    assert reach(key_of([(10, 21), (10, 21)])) >> 42 & 1
    assert not reach(key) >> 2 & 1
    # ... while without the Adams rule that tree would reach 2
    assert (42 % 5) == 2 and (21 + 21) == 42
    # another tree to the same value is fine: (21 + 16) mod 5 = 2 with a ♦10 as 16
    assert reach(key_of([(10, 21), (10, 16), (5,)])) >> 2 & 1


def test_growth_lemma_twelve_piles_reach_every_value_up_to_42() -> None:
    piles = [(v,) for v in range(2, 14)]  # 2..13, one each
    assert reach(key_of(piles)) & LIMIT == LIMIT
    # and a six-pile part already reaches every value up to 41, by brute force
    part = [(7,), (8,), (10,), (11,), (12,), (13,)]
    found = bits(trees(tuple(numeric(p) for p in part)))
    assert found & arith.FULL == arith.FULL
    # so adding any pile worth 1..21 reaches every value up to 42
    for extra in ((1, 14), (9,), (10, 21)):
        assert reach(key_of([*part, extra])) & LIMIT == LIMIT


def test_jokers_change_nothing_but_alone_are_worth_0() -> None:
    joker = code_of_values(0)
    assert reach((joker,)) == 1
    assert reach((joker, joker)) == 1
    assert reach(tuple(sorted((joker, code_of_values(7))))) == 1 << 7


def test_mod_by_zero_and_zero_as_dividend_are_not_allowed() -> None:
    # 7 and a joker: 7 + 0 = 7 only (no 7 mod 0, no 0 mod 7)
    assert bits(trees((numeric((7,)), numeric((0,))))) == 1 << 7
    # a mod a = 0 is allowed
    assert reach(key_of([(7,), (7,)])) & 1


# -- build_reach: the hand card joins, and as a direct operand of mod it is the divisor ----


@settings(max_examples=120, deadline=None)
@given(st.lists(pile_values, min_size=1, max_size=5), st.sampled_from(range(22)))
def test_build_reach_matches_every_tree(piles: list[tuple[int, ...]], hand: int) -> None:
    leaves = (numeric((hand,)), *(numeric(p) for p in piles))
    expected = bits(trees(leaves, hand=0))
    assert build_reach(hand, key_of(piles)) & LIMIT == expected


@settings(max_examples=120, deadline=None)
@given(
    st.lists(st.sampled_from(PILE_VALUES[1:]), min_size=1, max_size=5), st.sampled_from(range(22))
)
def test_build_reach_matches_every_tree_without_table_jokers(
    piles: list[tuple[int, ...]], hand: int
) -> None:
    leaves = (numeric((hand,)), *(numeric(p) for p in piles))
    assert build_reach(hand, key_of(piles)) & LIMIT == bits(trees(leaves, hand=0))


def test_a_table_joker_shields_the_hand_card_from_being_a_direct_operand() -> None:
    # Hand 9, table JK and 4: (9 + JK) mod 4 = 1. The mod's operands are the pile 9 + JK and
    # the 4, so the hand card is not a direct operand and may be on the left ("deeper in the
    # tree it is free", docs/rules/nordekasino.md, Combining).
    leaves = (numeric((9,)), numeric((0,)), numeric((4,)))
    assert (1, False) in trees(leaves, hand=0)
    assert build_reach(9, key_of([(0,), (4,)])) >> 1 & 1


@pytest.mark.parametrize(
    ("hand", "pile", "value", "allowed"),
    [
        (4, 9, 1, True),  # 9 mod 4: the hand card is the divisor
        (9, 4, 1, False),  # 9 mod 4 with the 9 from the hand: refused
        (4, 4, 0, True),  # a mod a = 0
        (5, 21, 1, True),  # 21 mod 5
    ],
)
def test_build_reach_hand_card_is_the_divisor(
    hand: int, pile: int, value: int, allowed: bool
) -> None:
    assert bool(build_reach(hand, (code_of_values(pile),)) >> value & 1) == allowed


def test_build_reach_deeper_in_the_tree_the_hand_card_may_be_a_dividend() -> None:
    # (9 + 3) mod 4 = 0 and (9 mod 4) ... with hand 9: (9 + 3) mod 5 = 2 is fine
    key = key_of([(3,), (5,)])
    assert build_reach(9, key) >> 2 & 1
    assert bits(trees((numeric((9,)), numeric((3,)), numeric((5,))), hand=0)) >> 2 & 1


# -- capturable and more_values: groups joined by "more" -----------------------------------

more_or_pile = st.one_of(
    pile_values.map(lambda p: ("n", p)),
    st.sampled_from(MORE_VALUES).map(lambda v: ("m", (v,))),
)


def leaf(kind: str, values: tuple[int, ...]) -> frozenset[Val]:
    return numeric(values) if kind == "n" else frozenset({(values[0], True)})


def code(kind: str, values: tuple[int, ...]) -> int:
    return code_of_values(*values) if kind == "n" else code_of_more(values[0])


@settings(max_examples=120, deadline=None)
@given(st.lists(more_or_pile, min_size=1, max_size=5), st.sampled_from(range(22)))
def test_capturable_matches_every_tree(piles: list[tuple[str, tuple[int, ...]]], value: int):
    found = trees(tuple(leaf(*p) for p in piles))
    expected = (value, False) in found or (value, True) in found
    assert capturable(value, tuple(sorted(code(*p) for p in piles))) == expected


@settings(max_examples=100, deadline=None)
@given(
    st.lists(more_or_pile.filter(lambda p: p != ("n", (0,))), min_size=1, max_size=4),
    st.sampled_from(range(22)),
)
def test_more_values_match_every_tree_without_table_jokers(
    piles: list[tuple[str, tuple[int, ...]]], hand: int
) -> None:
    found = trees((numeric((hand,)), *(leaf(*p) for p in piles)), hand=0)
    expected = bits(frozenset(v for v in found if v[0] <= 21), more=True)
    assert more_values(hand, tuple(sorted(code(*p) for p in piles))) == expected


@settings(max_examples=100, deadline=None)
@given(st.lists(more_or_pile, min_size=1, max_size=4), st.sampled_from(range(22)))
def test_more_values_match_every_tree(piles: list[tuple[str, tuple[int, ...]]], hand: int):
    found = trees((numeric((hand,)), *(leaf(*p) for p in piles)), hand=0)
    expected = bits(frozenset(v for v in found if v[0] <= 21), more=True)
    assert more_values(hand, tuple(sorted(code(*p) for p in piles))) == expected


def test_three_four_seven_are_taken_by_a_seven_as_groups_joined_by_more() -> None:
    key = key_of([(3,), (4,), (7,)])
    assert not reach(key) >> 7 & 1  # not as one sum
    assert capturable(7, key)  # (3 + 4) more 7


def test_a_more_pile_only_joins_more_of_its_value() -> None:
    more7 = code_of_more(7)
    assert capturable(7, (more7,))
    assert capturable(7, tuple(sorted((more7, code_of_values(7)))))
    assert not capturable(9, tuple(sorted((more7, code_of_values(2)))))  # no more 7 + 2
    assert not capturable(14, (more7,))
    assert not capturable(7, tuple(sorted((more7, code_of_values(0)))))  # no more 7 + 0
    assert more_values(2, (more7,)) == 0  # hand 2 on a "more 7": nothing
    assert more_values(7, (more7,)) == 1 << 7  # hand 7 on it: even more 7
    assert more_values(4, tuple(sorted((more7, code_of_values(3))))) == 1 << 7


def test_equal_operands_make_more() -> None:
    assert more_values(7, (code_of_values(7),)) == 1 << 7
    assert more_values(7, (code_of_values(8),)) == 0
    assert more_values(1, (code_of_values(1, 14),)) == 1 << 1  # an ace is 1 or 14
    assert more_values(14, (code_of_values(1, 14),)) == 1 << 14


# -- the shortcuts of the listing: a bound on the values, and mod of one dividend ---------


def _mod_reference(dividends: int, divisors: int) -> int:
    out = 0
    for x in range(dividends.bit_length()):
        for y in range(1, divisors.bit_length()):
            if dividends >> x & 1 and divisors >> y & 1 and x >= y:
                out |= 1 << x % y
    return out


def test_mod_set_matches_its_definition_on_every_small_set() -> None:
    for dividends in range(1 << 8):
        for divisors in range(1 << 8):
            assert arith.mod_set(dividends, divisors) == _mod_reference(dividends, divisors)


@settings(max_examples=300, deadline=None)
@given(st.integers(0, 130), st.integers(0, (1 << 60) - 1), st.integers(0, (1 << 90) - 1))
def test_mod_set_of_one_dividend_and_of_many_matches_its_definition(
    dividend: int, divisors: int, dividends: int
) -> None:
    # one dividend has a path of its own; a dense set of dividends takes the other one
    assert arith.mod_set(1 << dividend, divisors) == _mod_reference(1 << dividend, divisors)
    assert arith.mod_set(dividends, divisors) == _mod_reference(dividends, divisors)


def _combine_reference(a: int, b: int) -> int:
    sums = 0
    for x in range(a.bit_length()):
        for y in range(b.bit_length()):
            if a >> x & 1 and b >> y & 1:
                sums |= 1 << x + y
    return sums | _mod_reference(a, b) | _mod_reference(b, a)


def test_combine_matches_its_definition_on_every_small_pair() -> None:
    # a pair with few values on one side goes value by value (``pairs._one``), the rest
    # through ``_add`` and ``mod_set``; nothing kept answers (``forget``)
    arith.forget()
    for a in range(1 << 7):
        for b in range(1 << 7):
            assert arith.combine(a, b) == _combine_reference(a, b), (a, b)
    arith.forget()


@settings(max_examples=300, deadline=None)
@given(
    st.frozensets(st.integers(0, 130), max_size=5),
    st.integers(0, (1 << 90) - 1),
)
def test_combine_of_few_values_and_of_many_matches_its_definition(
    few: frozenset[int], many: int
) -> None:
    arith.forget()
    a = sum(1 << v for v in few)
    assert arith.combine(a, many) == _combine_reference(a, many)
    assert arith.combine(many, a) == _combine_reference(a, many)


@settings(max_examples=100, deadline=None)
@given(st.lists(more_or_pile, min_size=1, max_size=4), st.sampled_from(range(22)))
def test_no_combination_is_worth_more_than_most(
    piles: list[tuple[str, tuple[int, ...]]], hand: int
) -> None:
    # the bound ``wanted_values`` and the last card's builds skip the arithmetic by:
    # whatever the hand card and the piles make, as a number or as "more", is at most the
    # hand card's value plus the largest values of the numeric piles
    found = trees((numeric((hand,)), *(leaf(*p) for p in piles)), hand=0)
    key = tuple(sorted(code(*p) for p in piles))
    assert all(value <= hand + arith.most(key) for value, _ in found)


@settings(max_examples=150, deadline=None)
@given(
    st.lists(more_or_pile, min_size=1, max_size=4),
    st.sampled_from(PILE_VALUES),
    st.integers(0, (1 << 43) - 1),
)
def test_wanted_values_are_the_build_values_wanted(
    piles: list[tuple[str, tuple[int, ...]]], hands: tuple[int, ...], wanted: int
) -> None:
    key = tuple(sorted(code(*p) for p in piles))
    numbers, mores = build_values(hands, key)
    expected = (numbers & wanted & arith.SATURATED, mores & wanted)
    assert wanted_values(hands, key, wanted) == expected
    assert wanted_values(hands, key, 1 << arith.ADAMS) == (numbers & 1 << arith.ADAMS, 0)
