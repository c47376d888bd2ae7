"""What two piles of Nørdekasino combine into: ``combine`` of two value sets (bitsets, bit v
set: value v), by + or mod, kept by the pair (``arith``'s searches ask it of every split
they try). The values are those of ``arith``: a pile's code is the set of values it may
take; "more" piles and the Adams 42 are ``arith``'s concern, never an operand here.
"""

from __future__ import annotations

__all__ = ["FEW", "PAIRS_KEPT", "WIDTH_BITS", "combine", "forget_pairs", "mod_set"]


def _add(a: int, b: int) -> int:
    """``{x + y : x in a, y in b}``."""
    if a.bit_count() > b.bit_count():
        a, b = b, a
    acc = 0
    while a:
        low = a & -a
        acc |= b << (low.bit_length() - 1)
        a ^= low
    return acc


def mod_set(dividends: int, divisors: int) -> int:
    """``{x mod y : x in dividends, y in divisors, x >= y > 0}``."""
    if not dividends:
        return 0
    top = dividends.bit_length() - 1  # the largest dividend
    divisors &= (1 << (top + 1)) - 2  # no divisor 0, none above the largest dividend
    acc = 0
    if dividends == 1 << top:  # one dividend (the commonest case): its residue by each
        while divisors:
            low = divisors & -divisors
            acc |= 1 << top % (low.bit_length() - 1)
            divisors ^= low
        return acc
    while divisors:
        y = divisors.bit_length() - 1  # the largest divisor left
        mask = (1 << y) - 1
        if acc & mask == mask:
            return acc  # every residue below y is in already: no divisor left adds one
        divisors ^= 1 << y
        rest = dividends >> y  # the dividends x >= y, as x - y (same residue)
        if rest & mask == mask:
            return acc | mask  # y consecutive dividends: every residue below y, and so
            # every residue of each smaller divisor too
        step = y  # fold the chunks of y bits onto the lowest, doubling the span each time
        while rest >> step:
            rest |= rest >> step
            step <<= 1
        acc |= rest & mask
    return acc


_PAIRS: dict[int, int] = {}
"""What ``combine`` found, by the pair as one int: a dictionary of ints only, which the
garbage collector never walks (issue 24); forgotten whole once full."""
PAIRS_KEPT = 1 << 18
WIDTH_BITS = 11
"""``combine(a, b)`` is kept by one int for both (``a <= b``): ``a``, then ``b`` in ``w``
bits (its bit length), then ``w`` in ``WIDTH_BITS`` bits; one int per pair, no longer than
the two, for every ``b`` shorter than ``1 << WIDTH_BITS`` bits (no table's values add up
that far; a larger pair is found again each time)."""


def forget_pairs() -> None:
    """Forget every pair kept (``arith.forget``)."""
    _PAIRS.clear()


def combine(a: int, b: int) -> int:
    """Every value two piles with value sets ``a`` and ``b`` combine into by + or mod."""
    if a > b:
        a, b = b, a
    width = b.bit_length()
    if width >> WIDTH_BITS:
        return _add(a, b) | mod_set(a, b) | mod_set(b, a)
    pair = (a << width | b) << WIDTH_BITS | width
    found = _PAIRS.get(pair)
    if found is None:
        if len(_PAIRS) >= PAIRS_KEPT:
            _PAIRS.clear()
        found = _PAIRS[pair] = _combined(a, b)
    return found


def _combined(a: int, b: int) -> int:
    """What ``combine`` finds when it has no kept answer. Each operation is a union over
    pairs of values, so a pair whose smaller set has few values (the commonest: a card's
    or a build's one value) is that union over each of them (``_one``)."""
    few, many = (a, b) if a.bit_count() <= b.bit_count() else (b, a)
    if few.bit_count() > FEW:
        return _add(a, b) | mod_set(a, b) | mod_set(b, a)
    acc = 0
    while few:
        low = few & -few
        acc |= _one(low.bit_length() - 1, many)
        few ^= low
    return acc


FEW = 3
"""Up to this many values on its smaller side, ``combine`` goes value by value."""


def _one(v: int, b: int) -> int:
    """``combine`` of a pile of the one value ``v`` with a pile of values ``b``: ``_add``
    and both ``mod_set``s, with a single value on one side."""
    acc = b << v  # v + y
    divisors = b & ((1 << (v + 1)) - 2)  # v mod y, for 0 < y <= v
    while divisors:
        low = divisors & -divisors
        acc |= 1 << v % (low.bit_length() - 1)
        divisors ^= low
    if v:  # x mod v, for x >= v in b: the chunks of v bits folded onto the lowest
        rest = b >> v
        if rest:
            step = v
            while rest >> step:
                rest |= rest >> step
                step <<= 1
            acc |= rest & ((1 << v) - 1)
    return acc
