"""The playout interface (rules.playout): the fold behind it, and the divergence check."""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

from tablelog.replay.dealer import chance_rng, sample
from tablelog.replay.games import make_header
from tablelog.rules import registry
from tablelog.rules.events import Event
from tablelog.rules.playout import FoldPlayout, Playout, divergence, playout_of
from tablelog.rules.protocol import Header, RuleSet

PLAYERS = ("Anna", "Bert", "Cleo", "Dirk")


def walk_beside(
    rules: RuleSet[Any],
    header: Header,
    make: Callable[[Any], Playout] | None = None,
    steps: int = 100_000,
) -> tuple[str | None, int]:
    """A seeded random game (``header.seed``) walked through a playout (``make(state)``; the
    game's own by default) beside the fold, ``divergence`` asked whole at every step, until
    the game ends or ``steps`` events: returns where they first part (``None``: nowhere) and
    how many events were played."""
    seed = header.seed
    assert seed is not None, "a seeded game"
    state = rules.start(header)
    game = make(state) if make is not None else playout_of(rules, state)
    rng = random.Random(seed)
    for seq in range(1, steps + 1):
        said = divergence(rules, game, state)
        if said is not None or rules.outcome(state) is not None:
            return said, seq - 1
        step = rules.chance(state)
        move = (
            sample(step, chance_rng(seed, seq)) if step else rng.choice(tuple(rules.moves(state)))
        )
        game.play(move)
        state = rules.apply(state, Event(seq, move.actor, move.payload))
        assert game.seq == seq
    return divergence(rules, game, state), steps


def _walk(name: str, seed: int, steps: int) -> None:
    """Walk a seeded random game through the game's playout beside the fold, checking each step."""
    rules = registry.get(name)
    said, _ = walk_beside(rules, make_header(rules, PLAYERS, {}, seed=seed), steps=steps)
    assert said is None, (name, seed, said)


def test_every_game_walks_with_the_fold() -> None:
    for name in registry.names():
        for seed in range(3):
            _walk(name, seed, 400)


def test_divergence_names_a_listing_that_differs() -> None:
    rules = registry.get("karnoffel")
    state = rules.start(make_header(rules, PLAYERS, {}, seed=1))
    state = rules.apply(
        state, Event(1, None, sample(rules.chance(state), chance_rng(1, 1)).payload)
    )

    class Short(FoldPlayout):
        def moves(self):  # type: ignore[no-untyped-def]
            return tuple(super().moves())[1:]

    said = divergence(rules, Short(rules, state, 1), state)
    assert said is not None and "missing" in said


def test_divergence_names_a_state_that_differs() -> None:
    rules = registry.get("karnoffel")
    start = rules.start(make_header(rules, PLAYERS, {}, seed=1))
    state = rules.apply(
        start, Event(1, None, sample(rules.chance(start), chance_rng(1, 1)).payload)
    )

    class Stale(FoldPlayout):
        def state(self):  # type: ignore[no-untyped-def]
            return start

    assert divergence(rules, FoldPlayout(rules, state, 1), state) is None
    assert (
        divergence(rules, Stale(rules, state, 1), state) == "the playout's state is not the fold's"
    )
    assert divergence(rules, Stale(rules, state, 1), state, whole=False) is None
