"""The turn loop's one-state shortcuts (rules.vriddiot.turn) against the step-by-step path.

``play.apply`` makes one new state of a common play or pickup (``turn.lay_changes``,
``turn.pickup_changes``); with the shortcuts turned off it takes every move through
``take``, ``lay``, ``_pickup`` and ``war.settle``. Both must reach equal states at every
step of random games, under every option that changes play, seeded and physical.
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import Any

import pytest

from tablelog.replay.dealer import chance_rng, sample
from tablelog.replay.games import make_header
from tablelog.rules import registry
from tablelog.rules.events import Event
from tablelog.rules.vriddiot import play, turn

RULES = registry.get("vriddiot")
FOUR = ("Anna", "Bert", "Cleo", "Dirk")

OPTIONS: tuple[Mapping[str, Any], ...] = (
    {},
    {"jokers": 2, "two_in_vri": "ends_vri"},
    {"four_any_value": True, "eight_in_vri_le_8": True, "vri_strict": False},
    {"starter_lowest": True, "resurrect_out_players": True},
    {"deck": "dobbeldekker", "war_tie_rule": "any_match"},
)


def _states(options: Mapping[str, Any], seed: int, known: bool) -> list[Any]:
    """Every state of one random game through ``play.apply``."""
    header = make_header(RULES, FOUR, options, seed=seed if known else None)
    state = RULES.start(header)
    rng = random.Random(seed)
    states = [state]
    for seq in range(1, RULES.max_events(header)):
        if RULES.outcome(state) is not None:
            break
        step = RULES.chance(state)
        if step is not None:
            move = sample(step, chance_rng(seed, seq), known=known)
        else:
            move = rng.choice(tuple(RULES.moves(state)))
        state = RULES.apply(state, Event(seq, move.actor, move.payload))
        states.append(state)
    return states


@pytest.mark.parametrize("options", OPTIONS)
@pytest.mark.parametrize("known", [True, False])
def test_the_shortcuts_reach_the_step_by_step_states(
    options: Mapping[str, Any], known: bool, monkeypatch: pytest.MonkeyPatch
) -> None:
    taken = []

    def counted(function: Any) -> Any:
        def call(*args: Any) -> Any:
            changes = function(*args)
            taken.append(changes is not None)
            return changes

        return call

    for seed in range(2):
        with monkeypatch.context() as patch:
            patch.setattr(play, "lay_changes", counted(turn.lay_changes))
            patch.setattr(play, "pickup_changes", counted(turn.pickup_changes))
            quick = _states(options, seed, known)
        with monkeypatch.context() as patch:
            patch.setattr(play, "lay_changes", lambda *args: None)
            patch.setattr(play, "pickup_changes", lambda *args: None)
            slow = _states(options, seed, known)
        assert len(quick) == len(slow)
        for i, (a, b) in enumerate(zip(quick, slow, strict=True)):
            assert a == b, (options, seed, known, i)
    if known:
        assert sum(taken) > len(taken) / 2, "the shortcuts were hardly ever taken"
