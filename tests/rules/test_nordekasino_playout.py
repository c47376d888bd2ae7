"""Nørdekasino's playout (rules/nordekasino/playout.py) walked beside the fold.

Every step of every game compares the playout with the fold by ``rules.playout.divergence``
with ``whole=True``: the listing in order, the chance step, the outcome and the state
itself. The games run to their end, over 30 seeds of the default table and over every
option that changes play, seeded (every card known: the fast path) and as a physical table
sees them (face-down hands and claims: the fold's path inside the playout). A playout
broken on purpose is caught.
"""

from __future__ import annotations

import random
from collections import Counter
from typing import Any

import pytest

from tablelog.replay.dealer import sample
from tablelog.replay.headers import make_header
from tablelog.rules import registry
from tablelog.rules.events import Event, Move
from tablelog.rules.nordekasino import onepass
from tablelog.rules.nordekasino.duty import duty_binds
from tablelog.rules.nordekasino.events import Adams, Build, Capture, Trail
from tablelog.rules.nordekasino.playout import NordekasinoPlayout, playout
from tablelog.rules.playout import divergence, playout_of
from tests.rules.playout_walk import walk_beside, walk_remade

RULES = registry.get("nordekasino")
FOUR = ("Anna", "Bert", "Cleo", "Dirk")

TABLES: tuple[tuple[tuple[str, ...], dict[str, Any], int], ...] = (
    (FOUR, {}, 30),
    (FOUR, {"partnership": True}, 12),
    (("Anna", "Bert"), {}, 10),
    (("Anna", "Bert", "Cleo"), {}, 10),
    (FOUR, {"jokers": 0}, 8),
    (FOUR, {"decks": 2, "jokers": 4}, 4),
    (FOUR, {"last_round": 1}, 8),
    (FOUR, {"thomas_kragh": True}, 8),
    (FOUR, {"open_hand_penalty": True}, 8),
)
"""Players, options and how many seeds: the default table most, every option that
changes play (the deck, partners, the last round, the two optional rules)."""


def walk(
    players: tuple[str, ...],
    options: dict[str, Any],
    seed: int,
    *,
    known: bool = True,
    make: Any = playout,
) -> int:
    """One random game to its end through the playout beside the fold, checked at every
    step; returns the number of events."""
    header = make_header(RULES, players, options, seed=seed if known else None)
    said, played = walk_beside(RULES, header, make, seed=seed, known=known)
    assert said is None, (options, seed, played, said)
    return played


def test_the_rule_set_gives_the_playout() -> None:
    state = RULES.start(make_header(RULES, FOUR, {}, seed=1))
    assert isinstance(playout_of(RULES, state), NordekasinoPlayout)


@pytest.mark.parametrize(("players", "options", "seeds"), TABLES)
def test_seeded_games_walk_with_the_fold(
    players: tuple[str, ...], options: dict[str, Any], seeds: int
) -> None:
    for seed in range(seeds):
        assert walk(players, options, seed) > 10


@pytest.mark.parametrize(
    "options", [{}, {"partnership": True}, {"thomas_kragh": True, "open_hand_penalty": True}]
)
def test_physical_games_walk_with_the_fold(options: dict[str, Any]) -> None:
    for seed in range(5):
        assert walk(FOUR, options, seed, known=False) > 50  # the whole game, not a stop


def test_a_playout_made_in_the_middle_of_a_game_walks_on() -> None:
    """A playout from any fold state: made after every event of one game in turn."""
    header = make_header(RULES, FOUR, {"partnership": True}, seed=3)
    assert walk_remade(RULES, header, playout, 3) > 20


class _DropsABuild(NordekasinoPlayout):
    """Broken on purpose: lists no build on three or more piles."""

    def moves(self) -> tuple[Move, ...]:
        return tuple(
            m
            for m in super().moves()
            if not (isinstance(m.payload, Build) and len(m.payload.piles) >= 3)
        )


class _CapturesIntoTheWrongSide(NordekasinoPlayout):
    """Broken on purpose: a capture's card is not won with the piles it takes."""

    def play(self, move: Move) -> None:
        if isinstance(move.payload, Capture) and self._base is not None:
            move = Move(move.actor, Trail(move.payload.card))
            super().play(move)
            return
        super().play(move)


@pytest.mark.parametrize("broken", [_DropsABuild, _CapturesIntoTheWrongSide])
def test_a_broken_playout_is_caught(broken: type[NordekasinoPlayout]) -> None:
    caught = []
    for seed in range(10):
        try:
            walk(FOUR, {}, seed, make=broken)
        except AssertionError as failure:
            caught.append(str(failure))
    assert caught, "every walk passed with a broken playout"
    assert all("the playout" in said for said in caught), caught


def test_a_playout_keeps_no_memory_of_its_moves() -> None:
    # A random player reads one move of a listing, so the playout's recipes make their
    # moves anew: a memory of them would keep every move met for the garbage collector to
    # walk (issue 24). The fold's listing keeps its own (``onepass._build_move`` ...).
    makers = (
        onepass._build_move,
        onepass._capture_move,
        onepass._trail_move,
        onepass._adams_move,
    )
    for maker in makers:
        maker.cache_clear()
    rng = random.Random(3)
    game = playout(RULES.start(make_header(RULES, FOUR, {}, seed=3)), 0)
    read = 0
    while game.outcome() is None:
        step = game.chance()
        if step is not None:
            game.play(sample(step, rng))
            continue
        listed = game.moves()
        read += len(list(listed))  # every move of the listing made
        game.play(rng.choice(listed))
    assert read > 100
    assert [maker.cache_info().currsize for maker in makers] == [0, 0, 0, 0]


def _kinds(state: Any, listed: Any) -> set[str]:
    """The rules a listing of ``state`` meets: an Adams merge or build (42), a "more"
    build, a capture of a "more" pile, the duty binding its player."""
    kinds = set()
    for move in listed:
        payload = move.payload
        if type(payload) is Adams or (type(payload) is Build and payload.value == 42):
            kinds.add("42")
        if type(payload) is Build and payload.more:
            kinds.add("more build")
        if type(payload) is Capture and any(state.piles[i].more for i in payload.piles):
            kinds.add("more taken")
    if state.owned(state.to_play) and duty_binds(state, state.to_play):
        kinds.add("duty")
    return kinds


@pytest.mark.parametrize(("players", "options", "seeds"), [TABLES[0], TABLES[4], TABLES[5]])
def test_the_walks_meet_the_42_rule_more_piles_and_the_duty(
    players: tuple[str, ...], options: dict[str, Any], seeds: int
) -> None:
    # The walks above compare the playout with the fold step by step (listing, chance,
    # outcome, state); they are worth the rules their games meet. Walked alike here (with
    # and without jokers, one deck and two), every kind of the arithmetic's answers and
    # the duty come up among the listings compared.
    met: Counter[str] = Counter()
    for seed in range(seeds):
        rng = random.Random(seed)
        state = RULES.start(make_header(RULES, players, options, seed=seed))
        game = playout(state, 0)
        seq = 0
        while RULES.outcome(state) is None:
            assert divergence(RULES, game, state) is None, (options, seed, seq)
            step = RULES.chance(state)
            if step is None:
                listed = game.moves()
                met.update(_kinds(state, listed))
                move = rng.choice(listed)
            else:
                move = sample(step, rng)
            seq += 1
            game.play(move)
            state = RULES.apply(state, Event(seq, move.actor, move.payload))
    assert divergence(RULES, game, state) is None
    assert set(met) == {"42", "more build", "more taken", "duty"}, met
