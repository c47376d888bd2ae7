"""The playout interface (rules.playout): the fold behind it, and the divergence check."""

from __future__ import annotations

from tablelog.replay.dealer import chance_rng, sample
from tablelog.replay.games import make_header
from tablelog.rules import registry
from tablelog.rules.events import Event
from tablelog.rules.playout import FoldPlayout, divergence
from tests.rules.playout_walk import walk_beside

PLAYERS = ("Anna", "Bert", "Cleo", "Dirk")


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
