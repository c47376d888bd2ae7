"""The moves Narrespillet lists without asking ``check`` (``moves.BUILT``: every turn
action, placements and picture plays included; ``BUILT_WINDOW``: the calls) are the very
moves the check would let through: on seeded random games of every variant and on the
recorded fixtures, the listing equals the old one (every full candidate checked,
``narrespillet_candidates``), and every move it lists is applied without a refusal."""

from __future__ import annotations

import random
from collections.abc import Iterator
from pathlib import Path

import pytest

from tablelog.replay.dealer import dealer_move
from tablelog.replay.headers import make_header
from tablelog.replay.jsonl import parse_lines
from tablelog.rules.events import Event, Move
from tablelog.rules.narrespillet.checks import check
from tablelog.rules.narrespillet.moves import BUILT, BUILT_WINDOW, moves
from tablelog.rules.narrespillet.state import PLAY, State
from tests.rules.narrespillet_candidates import full_generators
from tests.rules.narrespillet_helpers import RULES

HERE = Path(__file__).resolve().parents[2] / "fixtures" / "narrespillet"
PLAYERS = ("Anna", "Bo", "Cai", "Dina")


def _checked(state: State) -> list[Move]:
    """The listing as it was: every candidate of every kind held to ``check``."""
    if state.phase != PLAY:
        return []
    return [
        move
        for _, gen in full_generators(state)
        for move in gen(state, None, None)
        if check(state, Event(0, move.actor, move.payload)) is None
    ]


def _random_states(options: dict[str, object], seed: int) -> Iterator[State]:
    header = make_header(RULES, PLAYERS, options, seed=seed)
    rng = random.Random(seed)
    state = RULES.start(header)
    for seq in range(1, 400):
        if RULES.outcome(state) is not None:
            return
        move = dealer_move(RULES, state, seed, seq)
        if move is None:
            yield state
            move = rng.choice(tuple(moves(state)))
        state = RULES.apply(state, Event(seq, move.actor, move.payload))


def _fixture_states(name: str) -> Iterator[State]:
    (game,) = parse_lines((HERE / name).read_text(encoding="utf-8").splitlines(), lambda _: RULES)
    state = RULES.start(game.header)
    for event in game.events:
        if RULES.to_act(state):
            yield state
        state = RULES.apply(state, event)


VARIANTS = [
    {},
    {"variant": "malderia"},
    {"variant": "althea"},
    {"variant": "kroam"},
    {"hermit_window": "own_turn"},
    {"imperial_pair_fields": 1},
    {"wheel_cap": "literal", "oracle_extra_turn": "optional"},
    {"oracle_extra_turn": "none", "fool_victim": "forfeit"},
]


@pytest.mark.parametrize("options", VARIANTS, ids=lambda o: ",".join(o) or "default")
@pytest.mark.parametrize("seed", [1, 2, 3])
def test_random_games_list_what_the_check_lets_through(options, seed):
    built = 0
    for state in _random_states(options, seed):
        listed = list(moves(state))
        assert listed == _checked(state)
        for move in listed:
            if move.kind in BUILT | BUILT_WINDOW:
                built += 1
                RULES.apply(state, Event(1, move.actor, move.payload))  # no refusal
    assert built > 0


@pytest.mark.parametrize("name", sorted(p.name for p in HERE.glob("*.jsonl")))
def test_recorded_games_list_what_the_check_lets_through(name):
    for state in _fixture_states(name):
        assert list(moves(state)) == _checked(state)
