"""One random game walked through a playout beside the fold: the walk every game's playout
tests share (``tests/rules/test_*_playout.py``, ``tests/rules/test_playout.py``)."""

from __future__ import annotations

import random
from collections.abc import Callable, Iterator
from typing import Any

from tablelog.replay.dealer import chance_rng, sample
from tablelog.rules.errors import IllegalEvent
from tablelog.rules.events import Event
from tablelog.rules.playout import Playout, divergence, playout_of
from tablelog.rules.protocol import Header, RuleSet

__all__ = ["random_events", "random_states", "walk_beside", "walk_remade"]


def walk_beside(
    rules: RuleSet[Any],
    header: Header,
    make: Callable[[Any, int], Playout] | None = None,
    *,
    seed: int | None = None,
    known: bool = True,
    steps: int | None = None,
) -> tuple[str | None, int]:
    """A random game walked through a playout (``make(state, 0)``; the game's own by
    default) beside the fold, ``divergence`` asked whole at every step, until the game ends
    or ``steps`` events (default: the game's ``max_events``, past which a running game is a
    failure). Returns where they first part, in words (``None``: nowhere), and how many
    events were played.

    ``seed`` chooses the moves and the dealer's cards (default: ``header.seed``); with
    ``known`` false the dealer enters what a physical table sees (face-down cards ``?``),
    and a draw the open claims forbid ends the walk there."""
    seed = header.seed if seed is None else seed
    assert seed is not None, "a seed for the moves and the dealer"
    state = rules.start(header)
    game = make(state, 0) if make is not None else playout_of(rules, state)
    cap = rules.max_events(header) if steps is None else steps
    rng = random.Random(seed)
    seq = 0
    while True:
        said = divergence(rules, game, state)
        if said is not None or rules.outcome(state) is not None:
            return said, seq
        if seq >= cap:
            return (None if steps is not None else f"the game ran past its cap of {cap}"), seq
        seq += 1
        step = rules.chance(state)
        if step is not None:
            move = sample(step, chance_rng(seed, seq), known)
        else:
            move = rng.choice(tuple(rules.moves(state)))
        try:
            state = rules.apply(state, Event(seq, move.actor, move.payload))
        except IllegalEvent:
            assert not known, "a seeded dealer's draw is always legal"
            return None, seq - 1  # a physical draw the claims forbid: the walk ends here
        game.play(move)
        assert game.seq == seq


def walk_remade(
    rules: RuleSet[Any], header: Header, make: Callable[[Any, int], Playout], seed: int
) -> int:
    """A random game to its end with a new playout made (``make(state, seq)``) from the
    fold's state after every event in turn, each compared whole with the fold before and
    after its one move: a playout from any fold state walks on. Returns the events played."""
    state = rules.start(header)
    rng = random.Random(seed)
    seq = 0
    while rules.outcome(state) is None:
        game = make(state, seq)
        assert divergence(rules, game, state) is None, seq
        seq += 1
        step = rules.chance(state)
        move = sample(step, chance_rng(seed, seq)) if step else rng.choice(tuple(game.moves()))
        game.play(move)
        state = rules.apply(state, Event(seq, move.actor, move.payload))
        assert divergence(rules, game, state) is None, seq
    return seq


def random_states(
    rules: RuleSet[Any],
    header: Header,
    seed: int,
    known: bool,
    listing: Callable[[Any], Any] | None = None,
) -> Iterator[Any]:
    """Every state of a random game of ``header`` until it ends (``random_events``)."""
    state = rules.start(header)
    if rules.outcome(state) is None:
        yield state
    for _, state in random_events(rules, header, seed, known, listing):
        if rules.outcome(state) is None:
            yield state


def random_events(
    rules: RuleSet[Any],
    header: Header,
    seed: int,
    known: bool = True,
    listing: Callable[[Any], Any] | None = None,
) -> Iterator[tuple[Event, Any]]:
    """A random game of ``header`` until it ends, each event with the state after it: the
    moves chosen from ``listing(state)`` (default ``rules.moves``) and the chance steps
    dealt from ``seed`` (``known`` false: as a physical table sees them, face-down cards
    and all; a draw the claims forbid ends the game there)."""
    listing = rules.moves if listing is None else listing
    state = rules.start(header)
    rng = random.Random(seed)
    seq = 0
    while rules.outcome(state) is None:
        seq += 1
        step = rules.chance(state)
        move = (
            sample(step, chance_rng(seed, seq), known)
            if step is not None
            else rng.choice(tuple(listing(state)))
        )
        event = Event(seq, move.actor, move.payload)
        try:
            state = rules.apply(state, event)
        except IllegalEvent:
            if known or step is None:
                raise  # a listed move or a seeded deal refused: the test fails here
            return  # a physical draw the open claims forbid: the game ends here
        yield event, state
