"""Speahx's playout (``rules.speahx.playout``) walks every game as the fold does: the same
listing in the same order, the same chance steps, outcomes and states, at every step of
whole games under every option that changes play, seeded and as a physical table enters
them (face-down hands, claims); and a playout that drifts is caught."""

from __future__ import annotations

import random

import pytest

from tablelog.replay.dealer import chance_rng, sample
from tablelog.replay.headers import make_header
from tablelog.rules.events import Event, Move
from tablelog.rules.playout import divergence
from tablelog.rules.speahx.events import Play
from tablelog.rules.speahx.playout import SpeahxPlayout, playout
from tests.rules.playout_walk import walk_beside
from tests.rules.speahx_helpers import NAMES, SPEAHX

OPTION_SETS = (
    {},
    {"jokers": 1},
    {"jokers": 2},
    {"torkel": "each_jack"},
    {"torkel": "off"},
    {"four_kind_scope": "single_play"},
    {"voluntary_pickup": False},
    {"chance_may_skip_playable": False},
    {"chance_continue_after_burn": False},
    {"chance_combo_with_pile_run": True, "decks": 2},
    {"decks": 3},
)


def _walk(options, seed, *, known=True, make=playout, steps=None):
    """One random game to its end, the playout beside the fold; the first divergence in
    words (with where it happened), or ``None``."""
    header = make_header(SPEAHX, NAMES[: 2 + seed % 4], options, seed=seed if known else None)
    said, played = walk_beside(SPEAHX, header, make, seed=seed, known=known, steps=steps)
    return None if said is None else f"seed {seed}, event {played}: {said}"


@pytest.mark.parametrize("options", OPTION_SETS, ids=lambda o: ",".join(o) or "default")
def test_the_playout_walks_seeded_games_as_the_fold(options):
    for seed in range(3):
        assert _walk(options, seed) is None


class _CountsFastPlays(SpeahxPlayout):
    """The playout, counting the moves its fast stage plays itself."""

    __slots__ = ()
    fast = 0

    def play(self, move: Move) -> None:
        if self._fast:
            _CountsFastPlays.fast += 1
        super().play(move)


@pytest.mark.parametrize("options", OPTION_SETS[::2], ids=lambda o: ",".join(o) or "default")
def test_the_playout_walks_physical_games_as_the_fold(options):
    # dealt as a physical table sees it: hands of face-down cards, claims on them
    _CountsFastPlays.fast = 0
    for seed in range(3, 6):
        assert _walk(options, seed, known=False, make=_CountsFastPlays) is None
    # the fast stage is walked too, once cards are known (it needs voluntary pickups)
    assert (_CountsFastPlays.fast > 0) == options.get("voluntary_pickup", True)


def test_thirty_default_games():
    for seed in range(10, 40):
        assert _walk({}, seed) is None


def test_a_playout_from_a_state_in_the_middle_of_a_game():
    header = make_header(SPEAHX, NAMES[:4], {}, seed=7)
    rng = random.Random(7)
    state = SPEAHX.start(header)
    for seq in range(1, 200):
        step = SPEAHX.chance(state)
        move = sample(step, chance_rng(7, seq)) if step else rng.choice(tuple(SPEAHX.moves(state)))
        state = SPEAHX.apply(state, Event(seq, move.actor, move.payload))
    walked = SPEAHX.playout(state, 199)
    assert walked.seq == 199 and walked.state() is state
    assert divergence(SPEAHX, walked, state) is None


class _DropsAMove(SpeahxPlayout):
    """Lists one move fewer whenever it may play a card."""

    __slots__ = ()

    def moves(self) -> tuple[Move, ...]:
        listed = super().moves()
        plays = [m for m in listed if isinstance(m.payload, Play)]
        return tuple(m for m in listed if not plays or m != plays[-1])


class _LaysOnTheWrongPile(SpeahxPlayout):
    """Forgets who laid the cards of the pile after a play of two or more."""

    __slots__ = ()

    def play(self, move: Move) -> None:
        super().play(move)
        if isinstance(move.payload, Play) and len(move.payload.cards) > 1 and self._fast:
            self._f["pile_by"] = (-1,) * len(self._f["pile"])
            self._built = None


class _MissesTheRefill(SpeahxPlayout):
    """Passes the turn on without the refill after a play."""

    __slots__ = ()

    def _end(self, seat: int, *, refill: bool) -> None:
        super()._end(seat, refill=False)


@pytest.mark.parametrize(
    "broken",
    [_DropsAMove, _LaysOnTheWrongPile, _MissesTheRefill],
    ids=["drops a move", "misplays a pile", "misses the refill"],
)
def test_a_broken_playout_is_caught(broken):
    found = [_walk({}, seed, make=broken) for seed in range(4)]
    assert any(f is not None for f in found), "the broken playout went unnoticed"
