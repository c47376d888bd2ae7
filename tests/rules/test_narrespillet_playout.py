"""Narrespillet's playout (``narrespillet.playout``) walks beside the fold: on seeded random
games of every option set that changes play, to the end of the game, and on games dealt
as a physical table sees them, the listing (same moves, same order), the chance step, the
outcome and the whole state agree at every step; most events are made in place; and a
playout that drops a move, misplays a card, forgets a draw, draws from cards already
drawn, keeps the drawn-from cards across a round's end or forgets a field it changes in
place is caught."""

from __future__ import annotations

import random

import pytest

from tablelog.replay.dealer import sample
from tablelog.replay.headers import make_header
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


def _walk(options: dict[str, object], seed: int, players=PLAYERS, make=None, known=True):  # type: ignore[no-untyped-def]
    """A seeded random game walked through ``make``'s playout (the game's own by default)
    beside the fold to its end: where they first part (or ``None``), and the events played
    (``known`` false: dealt as a physical table sees it, face-down cards ``?``)."""
    header = make_header(RULES, players, options, seed=seed)
    return walk_beside(RULES, header, make, known=known)


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


@pytest.mark.parametrize("options", [{"rounds": 2}, {"variant": "malderia", "rounds": 2}])
def test_games_dealt_face_down_walk_with_the_fold(options: dict[str, object]) -> None:
    """Face-down hands (and any claims on them): the walk holds the fold's state there,
    over whole games (a draw the claims forbid would end a walk early: none here)."""
    for seed in range(8):
        said, played = _walk(options, seed, known=False)
        assert said is None, (options, seed, played, said)
        assert played > 100, (options, seed, played)


def test_most_events_are_made_in_place() -> None:
    """The in-place walk is the one taken: of a whole default game's events, most are
    made without building a fold state (``state()`` is built only when asked)."""
    game = Walk(RULES.start(make_header(RULES, PLAYERS, {}, seed=3)))
    rng = random.Random(3)
    in_place = events = 0
    while game.outcome() is None:
        step = game.chance()
        move = sample(step, rng) if step is not None else rng.choice(game.moves())
        game.play(move)
        events += 1
        in_place += game._state is None
    assert events > 300
    assert in_place > events // 2, (in_place, events)


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


class _PoolKept(Walk):
    """Keeps the cards it draws from across everything but a draw (a round's end too)."""

    def play(self, move: Move) -> None:
        pool = self._pool
        super().play(move)
        if self._pool is None and not isinstance(move.payload, Deal):
            self._pool = pool


class _ClockStill(Walk):
    """Forgets, in place, that a forfeit moves the battlefields' clock on."""

    def play(self, move: Move) -> None:
        fields = self._fields
        clock = fields.clock if fields is not None else None
        super().play(move)
        if isinstance(move.payload, ev.Forfeit) and self._fields is fields is not None:
            fields.__dict__["clock"] = clock


@pytest.mark.parametrize(
    ("broken", "words"),
    [
        (_Short, "missing"),
        (_Misplay, "state is not the fold's"),
        (_NoDraw, "chance step"),
        (_StalePool, "chance step"),
        (_PoolKept, "chance step"),
        (_ClockStill, "state is not the fold's"),
    ],
)
def test_a_broken_playout_is_caught(broken, words) -> None:  # type: ignore[no-untyped-def]
    said, played = _walk({}, 1, make=broken)
    assert said is not None and words in said, said
    assert played < (600 if broken is _PoolKept else 100)
