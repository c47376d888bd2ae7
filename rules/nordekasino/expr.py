"""Reading a build's expression, ``(8S mod 4H)+3C``: which piles it uses and its values.

Operators ``+``, ``mod`` (or ``%``) and ``more`` (or ``&``) all bind alike, left to right;
parentheses group. The hand card is the first leaf naming it; every other leaf names a
table pile (a card of it, or ``#N``). Evaluation follows the rules of combining: mod needs
a >= b > 0 and the hand card, as a direct operand, is b; more needs equal values; a "more"
pile is no operand of + or mod; 42 is never an operand.
"""

from __future__ import annotations

from collections.abc import Callable

from tablelog.rules.cards import Card, parse_card
from tablelog.rules.errors import NotationError, RefusedMove
from tablelog.rules.nordekasino.arith import ADAMS
from tablelog.rules.nordekasino.state import State, card_values

__all__ = ["evaluate"]

Value = tuple[int, bool]  # (value, is a "more" pile)
_OPS = {"+": "+", "mod": "mod", "%": "mod", "more": "more", "&": "more"}
MAX_DEPTH = 16
"""Parentheses nested deeper than this are refused (a table has far fewer piles)."""


def evaluate(
    tokens: list[str],
    hand: Card,
    state: State,
    resolve: Callable[[str, State], int],
) -> tuple[list[int], set[Value]]:
    """The piles the expression uses and the values it may have."""
    reader = _Reader(tokens, hand, state, resolve)
    values, _ = reader.expr()
    if reader.pos != len(tokens):
        raise NotationError(f"unexpected {tokens[reader.pos]!r} in the expression")
    if not reader.hand_used:
        raise NotationError(f"the expression must use the hand card {hand}")
    if not values:
        raise RefusedMove("the expression breaks the rules of combining at every reading")
    return reader.piles, values


class _Reader:
    def __init__(
        self, tokens: list[str], hand: Card, state: State, resolve: Callable[[str, State], int]
    ) -> None:
        self.tokens = tokens
        self.pos = 0
        self.hand = hand
        self.state = state
        self.resolve = resolve
        self.hand_used = False
        self.piles: list[int] = []
        self.depth = 0

    def peek(self) -> str | None:
        return self.tokens[self.pos] if self.pos < len(self.tokens) else None

    def expr(self) -> tuple[set[Value], bool]:
        left, left_hand = self.atom()
        while (token := self.peek()) is not None and token.lower() in _OPS:
            self.pos += 1
            right, right_hand = self.atom()
            op = _OPS[token.lower()]
            combined = _apply(op, left, right, left_hand, right_hand)
            if not combined:
                raise RefusedMove(_why_not(op, left, right, left_hand))
            left, left_hand = combined, False
        return left, left_hand

    def atom(self) -> tuple[set[Value], bool]:
        token = self.peek()
        if token is None:
            raise NotationError("the expression ends too early")
        self.pos += 1
        if token == "(":
            self.depth += 1
            if self.depth > MAX_DEPTH:
                raise NotationError(f"parentheses are nested more than {MAX_DEPTH} deep")
            inner = self.expr()
            self.depth -= 1
            if self.peek() != ")":
                raise NotationError("a parenthesis is not closed")
            self.pos += 1
            return inner[0], False
        if not token.startswith("#") and not self.hand_used and parse_card(token) == self.hand:
            self.hand_used = True
            return {(v, False) for v in card_values(self.hand)}, True
        index = self.resolve(token, self.state)
        if index in self.piles:
            raise NotationError(f"pile {token} is used twice")
        self.piles.append(index)
        pile = self.state.piles[index]
        return {(v, pile.more) for v in pile.values}, False


def _why_not(op: str, left: set[Value], right: set[Value], left_hand: bool) -> str:
    """Why no reading of ``left op right`` is allowed, as the rule it breaks."""
    a = " or ".join(sorted({f"more {v}" if m else str(v) for v, m in left}))
    b = " or ".join(sorted({f"more {v}" if m else str(v) for v, m in right}))
    if all(v == ADAMS and not m for v, m in left) or all(v == ADAMS and not m for v, m in right):
        return "a pile worth 42 is cleared at once (the Adams rule), so it cannot be built on"
    if op == "more":
        return f'"more" joins piles of equal value, not {a} and {b}'
    if any(m for _, m in left | right):
        return f'a "more" pile is no operand of {op}: it only takes piles of its own value'
    if op == "mod" and left_hand:
        return f"in {a} mod {b} the hand card is a: a card straight from the hand must be b"
    if op == "mod":
        return f"{a} mod {b} needs a >= b and b != 0"
    return f"{a} {op} {b} breaks the rules of combining"


def _apply(op: str, left: set[Value], right: set[Value], lh: bool, rh: bool) -> set[Value]:
    out: set[Value] = set()
    for a, am in left:
        for b, bm in right:
            if (a == ADAMS and not am) or (b == ADAMS and not bm):
                continue
            if op == "more":
                if a == b:
                    out.add((a, True))
            elif am or bm:
                continue
            elif op == "+":
                out.add((a + b, False))
            elif a >= b > 0 and (not lh or a == b):
                out.add((a % b, False))  # the hand card, as a direct operand, is b
    return out
