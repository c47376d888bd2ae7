"""Narrespillet's playout (``narrespillet.playout``) walks beside the fold: on seeded random
games of every option set that changes play, to the end of the game, the listing (same
moves, same order), the chance step, the outcome and the whole state agree at every step;
and a playout that drops a move, misplays a card, forgets a draw or draws from cards
already drawn is caught."""

from __future__ import annotations

import pytest

from tablelog.replay.games import make_header
from tablelog.rules.events import Deal, Move
from tablelog.rules.narrespillet import events as ev
from tablelog.rules.narrespillet.playout import Walk
from tablelog.rules.playout import playout_of
from tests.rules.narrespillet_helpers import RULES
from tests.rules.playout_walk import walk_beside

PLAYERS = ("Anna", "Bo", "Cai", "Dina")

OPTION_SETS = [
    {},
    {"variant": "malderia"},
    {"variant": "malderia", "demon_placements": "keep", "rounds": 2},
    {"variant": "althea", "rounds": 2},
    {"variant": "kroam", "rounds": 2},
    {"oracle_extra_turn": "optional", "rounds": 2},
    {"oracle_extra_turn": "none", "rounds": 2},
    {"imperial_pair_fields": 1, "rounds": 2},
    {"wheel_cap": "literal", "rounds": 2},
    {"full_tie": "shared", "rounds": 2},
    {"full_tie": "none", "rounds": 2},
    {"fool_victim": "forfeit", "rounds": 2},
    {"hermit_window": "own_turn", "rounds": 2},
    {"victory_coins": 1, "winner_coins": 4, "rounds": 2},
]
"""The default game whole (five rounds), and each option that changes play in games of
two rounds (a round's end and the next round's deal are walked in each)."""


def _walk(options: dict[str, object], seed: int, players=PLAYERS, make=None):  # type: ignore[no-untyped-def]
    """A seeded random game walked through ``make``'s playout (the game's own by default)
    beside the fold to its end: where they first part (or ``None``), and the events played."""
    return walk_beside(RULES, make_header(RULES, players, options, seed=seed), make)


def test_the_game_gives_its_playout() -> None:
    state = RULES.start(make_header(RULES, PLAYERS, {}, seed=1))
    assert isinstance(playout_of(RULES, state), Walk)


@pytest.mark.parametrize(
    "options", OPTION_SETS, ids=lambda o: ",".join(map(str, o.items())) or "default"
)
def test_random_games_walk_with_the_fold_to_their_end(options: dict[str, object]) -> None:
    for seed in range(30):
        said, played = _walk(options, seed)
        assert said is None, (options, seed, played, said)
        assert played > 50


@pytest.mark.parametrize("players", [PLAYERS[:2], PLAYERS[:3], (*PLAYERS, "Eli", "Fia")])
def test_other_tables_walk_with_the_fold(players: tuple[str, ...]) -> None:
    for seed in range(5):
        said, played = _walk({"rounds": 2}, seed, players)
        assert said is None, (players, seed, said)
        assert played > 50


class _Short(Walk):
    """Drops the last of several moves."""

    def moves(self):  # type: ignore[no-untyped-def]
        listed = super().moves()
        return listed[:-1] if len(listed) > 1 else listed


class _Misplay(Walk):
    """Discards another card of the hand than the one it is given."""

    def play(self, move: Move) -> None:
        p = move.payload
        if isinstance(p, ev.Discard):
            state = self.state()
            hand = state.hands[state.actor].cards if state.actor is not None else ()
            other = next((c for c in hand if c != p.card), None)
            if other is not None:
                move = Move(move.actor, ev.Discard(other))
        super().play(move)


class _NoDraw(Walk):
    """Says no chance step is due after a discard, when one is."""

    def chance(self):  # type: ignore[no-untyped-def]
        step = super().chance()
        if step is not None and step.kind == "draw" and self.seq % 2:
            return None
        return step


class _StalePool(Walk):
    """Keeps drawing from the cards it drew from before a draw (the drawn ones still in)."""

    def play(self, move: Move) -> None:
        pool = self._pool
        super().play(move)
        if isinstance(move.payload, Deal) and pool is not None and self._pool is not None:
            self._pool = pool


@pytest.mark.parametrize(
    ("broken", "words"),
    [
        (_Short, "missing"),
        (_Misplay, "state is not the fold's"),
        (_NoDraw, "chance step"),
        (_StalePool, "chance step"),
    ],
)
def test_a_broken_playout_is_caught(broken, words) -> None:  # type: ignore[no-untyped-def]
    said, played = _walk({}, 1, make=broken)
    assert said is not None and words in said, said
    assert played < 100
