"""What Speahx remembers across states answers as made anew: a face-down hand's rank
listing shared by the seats (``remembered._free_rank``), the moves read from their text
(``notation``), the hands and table places of a view (``view``), a refill's step and a
reveal's outcomes (``deal``)."""

from __future__ import annotations

import importlib
import random

import attrs
import pytest

from tablelog.replay.dealer import dealer_move
from tablelog.replay.headers import make_header
from tablelog.rules.errors import RefusedMove
from tablelog.rules.events import Event
from tablelog.rules.protocol import ZoneView
from tablelog.rules.speahx.combos import source_of
from tablelog.rules.speahx.rank_moves import rank_moves
from tablelog.rules.speahx.state import Turn
from tablelog.rules.views import closed_view
from tablelog.rules.zones import Zone
from tests.rules.speahx_helpers import SPEAHX, position

remembered = importlib.import_module("tablelog.rules.speahx.remembered")
notation = importlib.import_module("tablelog.rules.speahx.notation")


def _face_down(options: dict[str, object], pile: str = "7S") -> list:
    """The same table with each of three seats on turn: every hand five face-down cards."""
    base = position(4, options=options, pile=pile, stock=0)
    hands = (Zone((), 5),) * 4
    return [attrs.evolve(base, hands=hands, turn=Turn(seat)) for seat in range(3)]


_RANKS_BY_OPTIONS = [
    (options, rank)
    for options in ({}, {"jokers": 2}, {"torkel": "each_jack"})
    for rank in ("7", "J", "JK", "2")
    if rank != "JK" or "jokers" in options  # a game without jokers has no JK to list
]


@pytest.mark.parametrize(("options", "rank"), _RANKS_BY_OPTIONS)
def test_a_face_down_rank_listing_shared_by_the_seats_is_each_seats_own(options, rank):
    remembered._FREE.clear()
    remembered._FREE_ANY_SEAT.clear()
    asked = 0
    for state in _face_down(options):
        source = source_of(state)
        if rank not in source.ranks:
            continue
        fresh = tuple(rank_moves(state, source, rank, None, None))
        assert remembered.of_rank(state, rank) == fresh
        assert all(move.actor == state.turn.seat for move in fresh)
        asked += 1
    assert asked == 3  # a face-down hand may hold any rank: every seat is asked
    if "jokers" not in options and rank == "7":
        assert len(remembered._FREE_ANY_SEAT) == 1  # one listing made, the others shared


def test_a_move_read_again_is_read_for_the_seat_on_turn():
    state = position(4, hands={0: "7S", 1: "7S"}, pile="7D")
    assert SPEAHX.parse("7S", state).actor == 0
    other = attrs.evolve(state, turn=Turn(1))
    assert SPEAHX.parse("7S", other).actor == 1
    assert SPEAHX.parse("7S", state).actor == 0
    for _ in range(2):  # a refusal is not remembered as a move
        with pytest.raises(RefusedMove):
            SPEAHX.parse("Bo reveal 7H", state)


def test_a_deal_is_read_anew():
    header = make_header(SPEAHX, ("Anna", "Bo", "Cai"), {}, seed=None)
    state = SPEAHX.start(header)
    notation._READ.clear()
    move = SPEAHX.parse("deal", state)
    assert move.actor is None and not notation._READ


def test_the_views_hands_and_table_places_are_as_made_from_the_zones():
    header = make_header(SPEAHX, ("Anna", "Bo", "Cai"), {}, seed=7)
    rng = random.Random(7)
    state = SPEAHX.start(header)
    for seq in range(1, 400):
        if SPEAHX.outcome(state) is not None:
            break
        for seat in (None, 0, 1, 2):
            zones = {z.name: z for z in SPEAHX.view(state, seat).zones}
            for s, (hand, slots) in enumerate(zip(state.hands, state.tables, strict=True)):
                if s != seat:
                    assert zones[f"hand:{s}"] == closed_view(f"hand:{s}", hand)
                marks = tuple(None if slot is None else "?" for slot in slots.slots)
                assert zones[f"table:{s}"] == ZoneView(f"table:{s}", (), len(slots), marks)
        move = dealer_move(SPEAHX, state, 7, seq) or rng.choice(tuple(SPEAHX.moves(state)))
        state = SPEAHX.apply(state, Event(seq, move.actor, move.payload))


def test_an_equal_state_is_given_the_same_refill():
    """A playout's own state equal to the fold's gets the fold's very chance step, so the
    two compare as one object (``rules.playout.divergence``)."""
    state = attrs.evolve(position(3, hands={0: "7S"}, stock=10), phase="draw")
    step = SPEAHX.chance(state)
    assert step is not None and step.kind == "draw"
    twin = attrs.evolve(state)
    assert twin is not state and SPEAHX.chance(twin) is step
    fewer = attrs.evolve(state, stock=Zone((), 9))
    assert SPEAHX.chance(fewer) is not step


def test_a_reveal_lists_each_card_of_the_pool_as_made_anew():
    from tablelog.rules.chance import Listed
    from tablelog.rules.dealing import pool_order
    from tablelog.rules.events import Move
    from tablelog.rules.speahx.events import Reveal
    from tablelog.rules.table import pool

    state = attrs.evolve(position(3, hands={0: "7S"}, stock=10), phase="reveal")
    step = SPEAHX.chance(state)
    assert step is not None and step.kind == "reveal"
    cards = pool_order(pool(state))
    assert step.outcomes == Listed.uniform(map(Reveal, cards), Move(None, Reveal(None)))
    other = attrs.evolve(state, turn=Turn(0, drawn=1))  # another state, the same pool
    again = SPEAHX.chance(other)
    assert again is not step and again.outcomes is step.outcomes
