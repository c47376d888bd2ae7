"""The seeded dealer: chance steps happen by themselves in a game created with ``--seed``.

Randomness never happens inside a fold. The dealer asks the rules which chance step is
pending and realizes it with a random source derived from the game's seed and the seq the
chance event will take, so the same seed always deals the same cards and ``verify`` can
check that every chance event of a seeded game is the one the dealer makes.
"""

from __future__ import annotations

import random

from tablelog.rules.events import Move
from tablelog.rules.protocol import RuleSet, S

__all__ = ["MAX_CHANCE_RUN", "chance_rng", "dealer_move"]

MAX_CHANCE_RUN = 64
"""More chance steps than this in a row means a rule set that never stops dealing."""


def chance_rng(seed: int, seq: int) -> random.Random:
    """The random source for the chance event that will take ``seq`` in a seeded game."""
    return random.Random(f"tablelog:{seed}:{seq}")


def dealer_move(rules: RuleSet[S], state: S, seed: int, seq: int) -> Move | None:
    """The seeded dealer's chance move for ``state`` at ``seq``, or ``None`` if none is due."""
    step = rules.chance(state)
    if step is None:
        return None
    return step.realize(chance_rng(seed, seq), True)
