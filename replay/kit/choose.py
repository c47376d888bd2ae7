"""The stepwise chooser: a random legal move as Hypothesis draws that shrink well.

A move is chosen in four small steps instead of as an index into every legal move (a
crowded Nørdekasino table has some 116,000): a seat from ``to_act``, a kind, a lead card
(``rules.listing.kinds_of`` and ``cards_of``, through ``replay.kit.sample.Menu``), and
an index into a bounded prefix of ``moves(state, seat, card, kind)``. Each step is one
small integer, drawn only when there is a choice, so Hypothesis shrinks a failing game
towards the first seat, kind, card and move of each choice, and never lists what it
does not draw.
"""

from __future__ import annotations

from functools import lru_cache, partial
from typing import TypeVar

from hypothesis import strategies as st

from tablelog.replay.kit.sample import CAP
from tablelog.replay.kit.stepwise import stepwise
from tablelog.rules.events import Move
from tablelog.rules.protocol import RuleSet, S

__all__ = ["choose", "choose_move", "pick"]

T = TypeVar("T")


@lru_cache(maxsize=4096)
def _index(n: int) -> st.SearchStrategy[int]:
    """One strategy per length, made once: building strategies is what costs."""
    return st.integers(0, n - 1)


def pick(draw: st.DrawFn, options: tuple[T, ...]) -> T:
    """One of ``options`` (shrinking towards the first); no draw when there is one."""
    return options[0] if len(options) == 1 else options[draw(_index(len(options)))]


def choose(draw: st.DrawFn, rules: RuleSet[S], state: S, cap: int = CAP) -> Move | None:
    """A legal move of ``state`` (seat → kind → lead card → move: ``replay.kit.stepwise``,
    each step one draw), or ``None`` when no seat is to act or the drawn seat has no move
    (the closure check reports that)."""
    return stepwise(partial(pick, draw), rules, state, cap)


@st.composite
def choose_move(draw: st.DrawFn, rules: RuleSet[S], state: S, cap: int = CAP) -> Move | None:
    """``choose`` as a strategy of its own, for a test that draws one move of a state."""
    return choose(draw, rules, state, cap)
