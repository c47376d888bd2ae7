"""The playout interface (rules.playout): the fold behind it, and the divergence check."""

from __future__ import annotations

from typing import Any

from tablelog.replay.dealer import chance_rng, sample
from tablelog.replay.headers import make_header
from tablelog.rules import registry
from tablelog.rules.cards import parse_card
from tablelog.rules.events import Event, Move
from tablelog.rules.nordekasino.events import Trail
from tablelog.rules.playout import FoldPlayout, Listed, divergence
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


def _dealt() -> tuple[Any, Any, Any]:
    """Karnöffel's rules, its start and the state after the deal (seed 1)."""
    rules = registry.get("karnoffel")
    start = rules.start(make_header(rules, PLAYERS, {}, seed=1))
    deal = sample(rules.chance(start), chance_rng(1, 1)).payload
    return rules, start, rules.apply(start, Event(1, None, deal))


def test_divergence_names_a_listing_that_differs() -> None:
    rules, _, state = _dealt()

    class Short(FoldPlayout):
        def moves(self):  # type: ignore[no-untyped-def]
            return tuple(super().moves())[1:]

    said = divergence(rules, Short(rules, state, 1), state)
    assert said is not None and "missing" in said


def test_divergence_names_a_state_that_differs() -> None:
    rules, start, state = _dealt()

    class Stale(FoldPlayout):
        def state(self):  # type: ignore[no-untyped-def]
            return start

    assert divergence(rules, FoldPlayout(rules, state, 1), state) is None
    assert (
        divergence(rules, Stale(rules, state, 1), state) == "the playout's state is not the fold's"
    )
    assert divergence(rules, Stale(rules, state, 1), state, whole=False) is None


def test_divergence_names_a_move_listed_twice() -> None:
    rules, _, state = _dealt()

    class Twice(FoldPlayout):
        def moves(self):  # type: ignore[no-untyped-def]
            listed = tuple(super().moves())
            return (*listed, listed[0])

    said = divergence(rules, Twice(rules, state, 1), state)
    assert said is not None and "another order" not in said, said


def test_a_listing_makes_each_move_once_when_read() -> None:
    made: list[str] = []

    def make(seat: int, card: str) -> Move:
        made.append(card)
        return Move(seat, Trail(parse_card(card)))

    moves = (Move(0, Trail(parse_card("2H"))), Move(0, Trail(parse_card("3H"))))
    listed = Listed([moves[0], (make, 0, "3H")])
    assert len(listed) == 2 and made == []
    assert listed[1] == moves[1] and made == ["3H"]
    assert listed[1] is listed[1] and made == ["3H"]  # made once, then kept
    assert listed == moves and moves == listed and tuple(listed) == moves
    assert listed[-1] == moves[1] and listed[:1] == moves[:1]
    assert listed != moves[:1] and listed != (moves[1], moves[0]) and listed != "2H 3H"
