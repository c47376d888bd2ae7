"""The arithmetic of Nørdekasino: which values a set of table piles can be combined into.

Two piles of values a and b combine into one pile of value ``a + b``; of value ``a mod b``
when ``a >= b`` and ``b != 0`` (a card straight from the hand must then be ``b``); or, when
``a == b``, into a "more a" pile, which never changes value again and only takes further
piles of value a. Any pile of value 42 is cleared at once (the Adams rule), so 42 is never
an operand: it can only be the final value.

A combination is a binary tree over piles, and the number of trees over k piles grows
explosively, so nothing here builds trees. Instead every value a *multiset* of piles can
reach is computed once, as a bitset (bit v set: value v reachable), from the values of its
two-part splits, and remembered: the result depends only on the piles' values, so one
crowded table's sub-multisets, and the next table's (which shares most of them), are looked
up instead of recomputed.

A pile's value is a *code*: a positive int, the bitset of the values it may take (a loose
ace is ``1 << 1 | 1 << 14``; a built pile has one bit), or a negative int ``-(a + 1)`` for
a "more a" pile. A multiset of piles is the sorted tuple of their codes.
"""

from __future__ import annotations

from tablelog.rules.nordekasino.pairs import combine, forget_pairs, mod_set
from tablelog.rules.nordekasino.splits import (
    SMALL,
    hand_groups,
    kept_hand_groups,
    minus_one,
    ordered_parts,
    parts,
)

__all__ = [
    "ADAMS",
    "NO_42",
    "answers",
    "bit_values",
    "build_reach",
    "capturable",
    "capture_values",
    "code_of_more",
    "code_of_values",
    "combine",
    "forget",
    "kept",
    "more_buildable",
    "more_values",
    "most",
    "reach",
]

ADAMS = 42
"""The value that clears a pile at once (the Adams rule)."""
NO_42 = ~(1 << ADAMS)
"""Mask removing 42 from a bitset: a 42 is cleared, so it is never an operand."""

FULL = (1 << ADAMS) - 1
"""Every value from 0 to 41."""
SATURATED = (1 << (ADAMS + 1)) - 1
MORE_VALUES = (1 << 22) - 1
"""The values a "more" pile can have: those of a card, 0 to 21."""
"""Every value from 0 to 42: what a multiset with a part that reaches every value up to 41
reaches (values above 42 are never asked about)."""


def code_of_values(*values: int) -> int:
    """The code of a numeric pile that may take any of ``values``."""
    code = 0
    for value in values:
        code |= 1 << value
    return code


def code_of_more(value: int) -> int:
    """The code of a "more ``value``" pile."""
    return -(value + 1)


def most(codes: tuple[int, ...]) -> int:
    """The sum of the largest values of the numeric piles ``codes``: no combination of
    them is worth more (+ is the only way up, a mod is below its dividend, and "more"
    piles are no operands)."""
    return sum(code.bit_length() - 1 for code in codes if code >= 0)


def bit_values(bits: int) -> list[int]:
    """The values whose bits are set, in increasing order."""
    out = []
    while bits:
        low = bits & -bits
        out.append(low.bit_length() - 1)
        bits ^= low
    return out


# What the searches found is kept where the garbage collector never walks it (issue 24):
# in dictionaries of ints only, which CPython does not track. A cache that the collector
# walks (``functools.lru_cache``: every entry, at every full collection) made random play's
# full collections cost ~140 ms each, a fifth of its time. ``pairs`` keeps what two value
# sets combine into, by both as one int; ``_KEYS`` keeps, for each key (sorted codes),
# one such dictionary of its answers, by question: ``REACH``, ``GATHERS``, ``CAPTURE``,
# ``build_reach`` of a hand value h (``h << 2``), ``more_values`` (``... << 2 | 1``) and
# ``builds.build_values`` (``... << 2 | 2``). Each is forgotten whole once full.

_KEYS: dict[tuple[int, ...], dict[int, int]] = {}
KEYS_KEPT = 1 << 16
REACH = -1
GATHERS = -2
CAPTURE = -3


answers = _KEYS.get
"""The answers kept for a key, by question, or ``None`` (a dictionary's own ``get``: hot
paths ask it)."""


def kept(key: tuple[int, ...]) -> dict[int, int]:
    """The answers kept for ``key``, by question (a new, empty one when none are)."""
    found = _KEYS.get(key)
    if found is None:
        if len(_KEYS) >= KEYS_KEPT:
            _KEYS.clear()
        found = _KEYS[key] = {}
    return found


def forget() -> None:
    """Forget every answer kept (a cold start, for tests and benchmarks)."""
    forget_pairs()
    _KEYS.clear()


def answered(question: int | None) -> int:
    """How many keys have an answer kept to ``question`` (``REACH``, ``GATHERS``,
    ``CAPTURE``), or with ``None`` to any ``build_reach`` (for tests)."""
    if question is None:
        return sum(1 for asked in _KEYS.values() if any(q >= 0 and not q & 3 for q in asked))
    return sum(1 for asked in _KEYS.values() if question in asked)


def is_full(bits: int) -> bool:
    """Whether ``bits`` holds every value from 0 to 41."""
    return bits & FULL == FULL


def reach(key: tuple[int, ...]) -> int:
    """The values the numeric piles ``key`` (a sorted tuple of codes) combine into, as a
    bitset; 42 included if reachable (as a final value only).

    Exact for every value up to 42, which is all a capture, build or Adams clear asks
    about. Jokers (value 0) change nothing and are left out. Once a proper part of
    ``key`` reaches every value up to 41, ``key`` reaches every value up to 42 (the
    growth lemma in ``docs/rules/nordekasino.md``) and the answer is ``SATURATED``
    without further search; the exact search runs only over parts that do not.
    """
    asked = _KEYS.get(key)
    if asked is not None:
        found = asked.get(REACH)
        if found is not None:
            return found
    found = kept(key)[REACH] = _reach(key)
    return found


def _reach(key: tuple[int, ...]) -> int:
    if 1 in key:
        key = tuple(code for code in key if code != 1)
    if not key:
        return 1  # jokers only: 0
    if len(key) == 1:
        return key[0]
    for part in minus_one(key):
        if reach(part) & FULL == FULL:
            return SATURATED
    acc = 0
    for one, two in parts(key):
        acc |= combine(reach(one) & NO_42, reach(two) & NO_42)
    return acc


def _hand_direct(hand: int, piles: int) -> int:
    """The values of the hand card (value ``hand``) combined directly with piles ``piles``:
    added, or as the divisor of a modulo (the seed: the hand card must be b in a mod b)."""
    out = piles << hand
    if hand:
        out |= mod_set(piles, 1 << hand)
    return out


def build_reach(hand: int, key: tuple[int, ...]) -> int:
    """The values the hand card's value ``hand`` and the numeric piles ``key`` combine
    into (each pile used, the hand card once), as a bitset exact up to 42."""
    asked = _KEYS.get(key)
    if asked is not None:
        found = asked.get(hand << 2)
        if found is not None:
            return found
    found = kept(key)[hand << 2] = _build_reach(hand, key)
    return found


def _build_reach(hand: int, key: tuple[int, ...]) -> int:
    stripped = tuple(code for code in key if code != 1) if 1 in key else key
    if hand and len(stripped) < len(key):
        # a table joker added to the hand card makes it a pile like any other, no longer
        # "a card directly from the hand": whatever the piles make with it, the build makes
        shielded = reach(tuple(sorted((*stripped, 1 << hand)))) if stripped else 1 << hand
        return build_reach(hand, stripped) | shielded
    key = stripped
    if not key:
        return 1 << hand
    if hand == 0:
        # a joker from the hand adds nothing; it rides on any pile but the final one
        piles = reach(key)
        return piles if len(key) > 1 else piles & NO_42
    if reach(key) & FULL == FULL:
        return SATURATED
    for part in minus_one(key):
        if build_reach(hand, part) & FULL == FULL:
            return SATURATED
    # Every split is tried: bounding the answer by the table's reach with the card among
    # the piles (to stop early) cost twice what it saved, that reach being a search over a
    # larger key of its own (issue 24). Only an answer holding every value up to 42 stops
    # the search (the values above 42 of a full answer are never asked: it is no operand).
    # The kept answers of the parts are read here directly (a dictionary's own ``get``):
    # this loop is the arithmetic's hottest, and a call per part cost a third of it.
    acc = _hand_direct(hand, reach(key) & NO_42)
    question = hand << 2
    look = _KEYS.get
    for mine, rest in ordered_parts(key):
        if acc & SATURATED == SATURATED:
            break
        asked = look(mine)
        built = None if asked is None else asked.get(question)
        if built is None:
            built = build_reach(hand, mine)
        asked = look(rest)
        others = None if asked is None else asked.get(REACH)
        if others is None:
            others = reach(rest)
        acc |= combine(built & NO_42, others & NO_42)
    return acc


def capturable(value: int, key: tuple[int, ...]) -> bool:
    """Whether the piles ``key`` (numeric and "more" codes) can be gathered into one pile
    worth ``value``: split into groups that each combine into ``value`` or are a "more
    value" pile, joined by "more" (one group: a plain capture)."""
    return bool(capture_values(key) >> value & 1)


def capture_values(key: tuple[int, ...]) -> int:
    """The values v (exact up to 42) the piles ``key`` can be gathered into one pile worth
    v by, as a bitset (see ``capturable``): every value at once, one search per key."""
    asked = _KEYS.get(key)
    if asked is not None:
        found = asked.get(CAPTURE)
        if found is not None:
            return found
    found = kept(key)[CAPTURE] = _capture_values(key)
    return found


def _capture_values(key: tuple[int, ...]) -> int:
    numeric = tuple(code for code in key if code >= 0)
    if len(numeric) < len(key):
        more = key[0]  # the "more" codes sort first
        if key[len(key) - len(numeric) - 1] != more:
            return 0  # "more" piles of two values: taken by no card
        value = 1 << (-more - 1)  # a "more a" pile is taken only by a: never changed
        return value & _gathers(numeric) if numeric else value
    return _gathers(numeric) if numeric else 0


def _gathers(key: tuple[int, ...]) -> int:
    """The values v (exact up to 42) for which the numeric piles ``key`` split into groups
    that each reach v, as a bitset: a value the whole reaches, or one both parts of some
    split gather into."""
    asked = _KEYS.get(key)
    if asked is not None:
        found = asked.get(GATHERS)
        if found is not None:
            return found
    acc = reach(key)
    if len(key) > 1:
        for one, two in parts(key):
            if acc & SATURATED == SATURATED:
                break
            acc |= _gathers(one) & _gathers(two)
    kept(key)[GATHERS] = acc
    return acc


def more_values(hand: int, key: tuple[int, ...], wanted: int = MORE_VALUES) -> int:
    """Of the values in the bitset ``wanted``, those v for which the hand card (value
    ``hand``) and the piles ``key`` make a "more v" pile, as a bitset: the hand card's
    group combines into v and the rest of the piles gathers into v (by value, or as
    "more v" piles). Small hand groups are tried first, so a crowded table, where almost
    any split works, is answered after a few tries."""
    if not key:
        return 0
    wanted &= MORE_VALUES
    question = (wanted << 6 | hand) << 2 | 1
    asked = _KEYS.get(key)
    if asked is not None:
        found = asked.get(question)
        if found is not None:
            return found
    found = kept(key)[question] = _more_values(hand, key, wanted)
    return found


def _more_values(hand: int, key: tuple[int, ...], wanted: int) -> int:
    if key[0] < 0:  # "more" piles: only their own value, and all must agree
        wanted &= 1 << (-key[0] - 1)
    out = 0
    splits = kept_hand_groups(key) if len(key) <= SMALL else hand_groups(key)
    for mine, rest in splits:
        left = wanted & ~out
        if not left:
            break
        # the hand group is searched only when the rest gathers into a value still wanted
        need = capture_values(rest) & left
        if need:
            out |= build_reach(hand, mine) & need
    return out


def more_buildable(hand: int, value: int, key: tuple[int, ...]) -> bool:
    """Whether the hand card (value ``hand``) and the piles ``key`` make a "more value"
    pile."""
    return bool(more_values(hand, key) >> value & 1)
