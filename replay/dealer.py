"""The dealer: the one place a chance step is sampled, for seeded games and the kit.

Randomness never happens inside a fold, and ``rules/`` has none of its own: a game's
chance step says what may happen (``rules.chance``: outcomes listed with their weights,
or a draw described), and ``sample`` draws it. A seeded game's dealer uses a random
source derived from the game's seed and the seq the chance event will take, so the same
seed always deals the same cards and ``verify`` can check that every chance event of a
seeded game is the one the dealer makes.

The draws are exactly those the games made themselves before (``rng.choice`` over a
listed step's cards, ``rng.sample`` of a described draw's pool), so seeded logs written
then still verify.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from tablelog.rules.chance import Drawing, Listed
from tablelog.rules.events import Move
from tablelog.rules.protocol import ChanceStep, RuleSet, S

if TYPE_CHECKING:
    import random

__all__ = ["MAX_CHANCE_RUN", "chance_rng", "dealer_move", "sample"]

MAX_CHANCE_RUN = 64
"""More chance steps than this in a row means a rule set that never stops dealing."""


def chance_rng(seed: int, seq: int) -> random.Random:
    """The random source for the chance event that will take ``seq`` in a seeded game."""
    import random  # only where a card is dealt: ``show`` never pays for it

    return random.Random(f"tablelog:{seed}:{seq}")


def sample(step: ChanceStep | Listed | Drawing, rng: random.Random, known: bool = True) -> Move:
    """A random outcome of ``step`` (or of its outcomes): with every card's identity when
    ``known`` (the seeded dealer), else only what a physical table would see (face-down
    cards as ``?``)."""
    outcomes = step.outcomes if isinstance(step, ChanceStep) else step
    if isinstance(outcomes, Listed):
        return _pick(outcomes, rng, known)
    return _draw(outcomes, rng, known)


def _pick(listed: Listed, rng: random.Random, known: bool) -> Move:
    if not known and listed.unseen is not None:
        return listed.unseen
    if len(listed.moves) == 1:
        return listed.moves[0]
    r = rng.randrange(listed.total)  # the draw ``rng.choice`` makes over ``total`` cards
    for move, weight in zip(listed.moves, listed.weights, strict=True):
        if r < weight:
            return move
        r -= weight
    raise AssertionError("a draw below the total falls on an outcome")  # pragma: no cover


def _draw(drawing: Drawing, rng: random.Random, known: bool) -> Move:
    drawn = rng.sample(drawing.pool, len(drawing))
    return Move(None, drawing.payload(drawing.shown(drawn, known)))


def dealer_move(rules: RuleSet[S], state: S, seed: int, seq: int) -> Move | None:
    """The seeded dealer's chance move for ``state`` at ``seq``, or ``None`` if none is due."""
    step = rules.chance(state)
    if step is None:
        return None
    return sample(step, chance_rng(seed, seq))
