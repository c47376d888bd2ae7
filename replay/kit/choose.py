"""The stepwise chooser: a random legal move as choices that shrink well.

A move is chosen in four small steps instead of as an index into every legal move (a
crowded Nørdekasino table has some 116,000): a seat from ``to_act``, a kind, a lead card
(``rules.listing.kinds_of`` and ``cards_of``, through ``replay.kit.sample.Menu``), and
an index into a bounded prefix of ``moves(state, seat, card, kind)``. Each step is one
small index, made only when there is a choice, so Hypothesis shrinks a failing game
towards the first seat, kind, card and move of each choice, and never lists what it
does not draw.

Where the indices come from:

* ``choose_move`` (a strategy for a test that draws one move) draws each index from
  Hypothesis as an integer of its own (``pick``).
* The histories of ``replay.kit.strategies`` read them from a ``Tape``: blocks of
  ``BLOCK`` bytes drawn from Hypothesis, each index made of the next byte (or bytes, past
  256 options) scaled into its range. One Hypothesis draw costs about 6–10 µs, more than
  a whole Karnöffel decision, and a decision made four of them; a byte costs a fiftieth
  of that. The bytes shrink as the integers did: a byte made smaller makes its index no
  larger (the scaling keeps the order), all zeros is the first option of every step,
  and a block left undrawn (a shorter game) is gone from the history's choices.
"""

from __future__ import annotations

from functools import lru_cache
from typing import Protocol, TypeVar

from hypothesis import strategies as st

from tablelog.replay.kit.sample import CAP, menu
from tablelog.rules.events import Move
from tablelog.rules.protocol import RuleSet, S

__all__ = ["BLOCK", "Picker", "Tape", "choose", "choose_move", "choose_with", "pick"]

T = TypeVar("T")

BLOCK = 64
"""Bytes per Hypothesis draw of a ``Tape``. Over 50 on purpose: Hypothesis now and then
puts a constant found in the loaded source in place of a drawn value, but never a bytes
constant longer than 50, so the games never depend on unrelated code."""

_BLOCK = st.binary(min_size=BLOCK, max_size=BLOCK)


@lru_cache(maxsize=4096)
def _index(n: int) -> st.SearchStrategy[int]:
    """One strategy per length, made once: building strategies is what costs."""
    return st.integers(0, n - 1)


def pick(draw: st.DrawFn, options: tuple[T, ...]) -> T:
    """One of ``options`` (shrinking towards the first); no draw when there is one."""
    return options[0] if len(options) == 1 else options[draw(_index(len(options)))]


class Tape:
    """Indices read from blocks of bytes drawn from Hypothesis (see the module's text)."""

    __slots__ = ("_at", "_bytes", "_draw")

    def __init__(self, draw: st.DrawFn) -> None:
        self._draw = draw
        self._bytes = b""
        self._at = 0

    def _byte(self) -> int:
        if self._at == len(self._bytes):
            self._bytes, self._at = self._draw(_BLOCK), 0
        byte = self._bytes[self._at]
        self._at += 1
        return byte

    def below(self, n: int) -> int:
        """An index in ``range(n)`` (0, reading nothing, when ``n`` is 1): one byte per
        factor of 256, scaled, so a smaller byte never gives a larger index."""
        if n <= 1:
            return 0
        value, scale = self._byte(), 256
        while scale < n:
            value, scale = value * 256 + self._byte(), scale * 256
        return value * n // scale

    def pick(self, options: tuple[T, ...]) -> T:
        """One of ``options`` (shrinking towards the first); nothing read when there is one."""
        return options[self.below(len(options))]


class Picker(Protocol):
    """How a step chooses one of its options: ``Tape.pick``, or one integer drawn each."""

    def __call__(self, options: tuple[T, ...], /) -> T: ...


def choose_with(picked: Picker, rules: RuleSet[S], state: S, cap: int = CAP) -> Move | None:
    """A legal move of ``state`` (seat → kind → lead card → move), each step chosen by
    ``picked`` among its options, or ``None`` when no seat is to act or the chosen seat has
    no move (the closure check reports that)."""
    seats = rules.to_act(state)
    if not seats:
        return None
    seat_menu = menu(rules, state, picked(seats), cap)
    kinds = seat_menu.kinds()
    if not kinds:
        return None
    kind = picked(kinds)
    cards = seat_menu.cards(kind)
    if not cards:
        return None
    choices = seat_menu.choices(kind, picked(cards))
    return picked(choices) if choices else None


def choose(draw: st.DrawFn, rules: RuleSet[S], state: S, cap: int = CAP) -> Move | None:
    """``choose_with`` each step drawn from Hypothesis as an integer of its own."""

    def picked(options: tuple[T, ...]) -> T:
        return pick(draw, options)

    return choose_with(picked, rules, state, cap)


@st.composite
def choose_move(draw: st.DrawFn, rules: RuleSet[S], state: S, cap: int = CAP) -> Move | None:
    """``choose`` as a strategy of its own, for a test that draws one move of a state."""
    return choose(draw, rules, state, cap)
