"""What one card does with one set of piles (a *key*: the piles' value codes, sorted):
whether it captures them, and the values it can build them into.

Pure arithmetic on values, remembered by value (every card of a value and every table
with that key ask the same), shared by the player on turn (``turn``), the listing
(``moves``), the validator (``play``) and the playout; nothing here reads a state.
"""

from __future__ import annotations

from functools import lru_cache

from tablelog.rules.cards import Card
from tablelog.rules.nordekasino.arith import (
    MORE_VALUES,
    SATURATED,
    answers,
    bit_values,
    build_reach,
    capturable,
    code_of_values,
    kept,
    more_values,
    most,
)
from tablelog.rules.nordekasino.state import card_values

__all__ = [
    "MORE_BITS",
    "build_mores",
    "build_numbers",
    "build_options",
    "build_values",
    "can_build",
    "can_capture",
    "options_from",
    "options_of",
    "values_question",
    "wanted_values",
]


def can_capture(card: Card, key: tuple[int, ...]) -> bool:
    """Whether ``card`` takes the piles ``key`` by value (the ♠5 rule aside)."""
    return _takes(card_values(card), key)


@lru_cache(maxsize=1 << 16)
def _takes(hands: tuple[int, ...], key: tuple[int, ...]) -> bool:
    """Whether a card worth any of ``hands`` takes the piles ``key`` (remembered by value:
    every card of a value and every state with that key ask the same)."""
    return any(capturable(v, key) for v in hands)


def build_options(
    card: Card, key: tuple[int, ...], wanted: int = SATURATED
) -> tuple[tuple[int, bool], ...]:
    """Every ``(value, more)`` with value in the bitset ``wanted`` (default: 0 to 42) the
    card and piles ``key`` can be built into, before asking whether the value is held."""
    return options_of(card_values(card), key, wanted)


def options_of(
    hands: tuple[int, ...], key: tuple[int, ...], wanted: int
) -> tuple[tuple[int, bool], ...]:
    """``build_options`` of a card worth ``hands`` (its ``card_values``)."""
    numbers, mores = wanted_values(hands, key, wanted)
    return options_from(numbers, mores) if numbers or mores else ()


def wanted_values(hands: tuple[int, ...], key: tuple[int, ...], wanted: int) -> tuple[int, int]:
    """The numbers and the "more" values in the bitset ``wanted`` a card worth ``hands``
    and the piles ``key`` make, as bitsets. The arithmetic is asked only for what may be
    there: no combination of the card and the piles is worth more than the card's largest
    value and the piles' (``arith.most``: + is the only way up), a "more" value is one of
    0 to 21 and, with "more" piles among ``key``, their own; so the last card of a hand,
    which may only make 42, asks nothing of a key that cannot add up to 42."""
    reachable = (2 << (max(hands) + most(key))) - 1
    first = key[0]
    numbers = wanted & SATURATED & reachable if first >= 0 else 0
    mores = wanted & MORE_VALUES & reachable
    if first < 0:
        mores &= 1 << (-first - 1)
    if numbers:
        numbers &= build_numbers(hands, key)
    if mores:
        mores &= build_mores(hands, key)
    return numbers, mores


def build_values(hands: tuple[int, ...], key: tuple[int, ...]) -> tuple[int, int]:
    """The numbers and the "more" values a card worth ``hands`` and the piles ``key``
    make, as bitsets, whatever is held (one look-up for the listing, which asks both;
    kept with the key's other answers, ``arith.kept``, as one int)."""
    question = values_question(hands)
    asked = answers(key)
    both = None if asked is None else asked.get(question)
    if both is None:
        numbers = build_numbers(hands, key) if key[0] >= 0 else 0
        both = kept(key)[question] = numbers << MORE_BITS | build_mores(hands, key)
    return both >> MORE_BITS, both & MORE_VALUES


@lru_cache(maxsize=1 << 6)
def values_question(hands: tuple[int, ...]) -> int:
    """The question ``build_values`` keeps its answer by, among a key's (``arith.kept``):
    the card's values as a bitset, made once per card value (a few dozen). Its answer is
    one int, the numbers above ``MORE_BITS`` and the "more" values below (``onepass.build_row``
    reads it directly)."""
    return code_of_values(*hands) << 2 | 2


MORE_BITS = 22
"""Where the numbers start in what ``build_values`` keeps: above the "more" values, 0 to
21 (``arith.MORE_VALUES``)."""


def build_numbers(hands: tuple[int, ...], key: tuple[int, ...]) -> int:
    """The numbers a card worth ``hands`` and the numeric piles ``key`` make, as a bitset,
    whatever is held: found from ``arith.build_reach`` of each value, which is remembered
    (by the value and the key alone, since the values a player holds change every turn
    and the piles' arithmetic does not); not remembered itself, as ``build_values`` and a
    table's plan keep what the listing asks (a memory asked once per entry only slows the
    garbage collector, which walks every entry)."""
    numbers = 0
    for hand in hands:
        numbers |= build_reach(hand, key)
    return numbers


def build_mores(hands: tuple[int, ...], key: tuple[int, ...]) -> int:
    """The "more" values a card worth ``hands`` and the piles ``key`` make, as a bitset,
    whatever is held (a "more" value is found the same whichever others are asked for);
    like ``build_numbers``, from remembered arithmetic (``arith.more_values``) but not
    remembered itself."""
    mores = 0
    for hand in hands:
        mores |= more_values(hand, key)
    return mores


@lru_cache(maxsize=1 << 14)
def options_from(numbers: int, mores: int) -> tuple[tuple[int, bool], ...]:
    """The ``(value, more)`` pairs of the bitsets ``numbers`` and ``mores``, in order."""
    return tuple([(v, False) for v in bit_values(numbers)] + [(v, True) for v in bit_values(mores)])


def can_build(card: Card, key: tuple[int, ...], wanted: int) -> bool:
    """Whether ``card`` and the piles ``key`` make any value of ``wanted``: a number first
    (one bitset), a "more" pile only if not."""
    hands = card_values(card)
    wanted &= (2 << (max(hands) + most(key))) - 1  # none above (see ``wanted_values``)
    if not wanted:
        return False
    if key[0] >= 0 and any(build_reach(h, key) & wanted & SATURATED for h in hands):
        return True
    return any(more_values(h, key, wanted) for h in hands)
