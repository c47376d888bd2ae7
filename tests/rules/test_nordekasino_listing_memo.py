"""Nørdekasino's filtered listings read from the remembered whole listing are the lazy ones.

``moves(state)`` remembers the whole listing of a state with face-down cards or claims;
afterwards a listing filtered by seat, card and kind, and ``kinds``, are read from it
(``listed.filtered``). Over seeded
and physical games (face-down hands: some 40 candidate cards) under the options that
change play, every filter is held, in order, to what ``lazy_moves`` makes of the state.
"""

from __future__ import annotations

import random
from collections.abc import Iterator
from typing import Any

import pytest

from tablelog.replay.headers import make_header
from tablelog.rules import registry
from tablelog.rules.cards import Card
from tablelog.rules.nordekasino.listed import remembered
from tablelog.rules.nordekasino.moves import KINDS, kinds, lazy_moves, moves
from tablelog.rules.nordekasino.state import State
from tablelog.rules.nordekasino.turn import hand_candidates
from tests.rules.playout_walk import random_states

RULES = registry.get("nordekasino")
FOUR = ("Anna", "Bert", "Cleo", "Dirk")


def states(options: dict[str, Any], seed: int, known: bool) -> Iterator[State]:
    """Every state of a random game, seeded or dealt as a physical table sees it (moves
    chosen from the lazy listing, so the walk remembers nothing)."""
    header = make_header(RULES, FOUR, options, seed=seed if known else None)
    return random_states(RULES, header, seed, known, lazy_moves)


def lazy_kinds(state: State, seat: int) -> tuple[str, ...]:
    return tuple(k for k in KINDS if next(lazy_moves(state, seat, None, k), None) is not None)


@pytest.mark.parametrize(
    ("options", "known"),
    [
        ({}, True),
        ({"partnership": True}, True),
        ({"thomas_kragh": True, "open_hand_penalty": True}, True),
        ({}, False),
        ({"partnership": True, "open_hand_penalty": True}, False),
    ],
)
def test_filtered_listings_read_from_the_whole_are_the_lazy_ones(
    options: dict[str, Any], known: bool
) -> None:
    """Physical games: a state with face-down cards or claims remembers its whole listing
    once listed, and every filter and ``kinds`` then read from it equals the lazy listing
    in order. Seeded games: a state with every card known never keeps its listing."""
    from_memory = never_kept = 0
    for seed in range(2):
        pick = random.Random(seed)
        for n, state in enumerate(states(options, seed, known)):
            if state.to_play is None or n % 3:
                continue
            seats = range(state.seats)
            lazy = {
                (seat, card, kind): tuple(lazy_moves(state, seat, card, kind))
                for seat in (None, *seats)
                for card in _cards(state, pick)
                for kind in (None, *KINDS)
            }
            lazy_of = {seat: lazy_kinds(state, seat) for seat in seats}
            whole = tuple(moves(state))  # remembered from here on if face-down or claimed
            assert whole == lazy[(None, None, None)]
            if not (state.claims or any(hand.hidden for hand in state.hands)):
                assert recalled_listing(state) is None  # listed again when asked, never kept
                never_kept += 1
                continue
            assert recalled_listing(state) == whole
            for (seat, card, kind), expected in lazy.items():
                assert tuple(moves(state, seat, card, kind)) == expected, (seat, card, kind)
                from_memory += 1
            for seat in seats:
                assert kinds(state, seat) == lazy_of[seat]
    if known:
        assert never_kept > 20 and not from_memory
    else:
        assert from_memory > 2_000  # the filters were read from remembered listings


def recalled_listing(state: State) -> Any:
    """The whole listing of ``state`` if it is remembered, else ``None``."""
    return remembered(state)


def _cards(state: State, pick: random.Random) -> tuple[Card | None, ...]:
    """No card, up to four of the cards the player on turn may play, and one it cannot."""
    assert state.to_play is not None
    candidates = list(hand_candidates(state, state.to_play))
    chosen = pick.sample(candidates, min(4, len(candidates)))
    other = next(c for c in state.table.deck if c not in candidates)
    return (None, *chosen, other)
