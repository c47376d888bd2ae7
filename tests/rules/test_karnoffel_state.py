"""The state as a value, and the invariants over random matches of every option set."""

from __future__ import annotations

import random
from collections import Counter

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tablelog.replay.dealer import sample
from tablelog.rules.errors import IllegalEvent, OptionError
from tablelog.rules.events import Event, Move
from tablelog.rules.karnoffel import RULES, max_events
from tablelog.rules.karnoffel.events import Play
from tablelog.rules.karnoffel.state import DECK, State
from tablelog.rules.protocol import Header
from tablelog.rules.serial import converter
from tests.rules.karnoffel_helpers import ALL_PLAYS, dealt, header, play

OPTION_SETS = st.fixed_dictionaries(
    {
        "trump_selection": st.sampled_from(["lowest_upcard", "turn_from_stock"]),
        "stecher_scope": st.sampled_from(["led_suit", "any_suit"]),
        "stop_at_three": st.booleans(),
        "target": st.integers(1, 3),
        "open_partner_hands": st.booleans(),
    }
)


def test_state_round_trips_through_the_converter_and_is_a_hashable_value() -> None:
    for state in (RULES.start(header()), dealt(), play(dealt(), *ALL_PLAYS[:6])):
        again = converter.structure(converter.unstructure(state), State)
        assert again == state and hash(again) == hash(state)
    assert play(dealt(), "KD") == play(dealt(), "KD")
    assert play(dealt(), "KD") != play(dealt(), "3H")


def test_start_fills_default_options_and_refuses_bad_ones() -> None:
    options = RULES.start(header()).options
    assert (options.trump_selection, options.target, options.stop_at_three) == (
        "lowest_upcard",
        1,
        False,
    )
    assert RULES.start(header(target="4")).options.target == 4
    with pytest.raises(OptionError, match="unknown option"):
        RULES.start(header(trumps="H"))
    with pytest.raises(OptionError, match="exactly 4 players"):
        RULES.start(Header("karnoffel", 1, ("Anna", "Bo", "Cai")))


def check_conservation(state: State) -> None:
    zones = RULES.zones(state).values()
    known = Counter(c for z in zones for c in z.cards)
    hidden = sum(z.hidden for z in zones)
    assert sum(known.values()) + hidden == len(DECK)
    assert not known - Counter(DECK)


def check_views(state: State) -> None:
    for seat in (None, 0, 1, 2, 3):
        view = RULES.view(state, seat)
        assert sum(len(z.cards) + z.hidden for z in view.zones) == len(DECK)
        if seat is not None and not state.options.open_partner_hands:
            partner = next(z for z in view.zones if z.name == f"hand:{(seat + 2) % 4}")
            assert len(partner.cards) <= 1  # at most the public up-card


@settings(max_examples=40, deadline=None)
@given(st.integers(0, 2**32), OPTION_SETS, st.booleans())
def test_random_matches_keep_every_invariant(seed: int, options: dict, known: bool) -> None:
    rng = random.Random(seed)
    head = header(dealer=seed % 4, **options)
    state = RULES.start(head)
    events = 0
    while RULES.outcome(state) is None:
        check_conservation(state)
        check_views(state)
        step = RULES.chance(state)
        moves = tuple(RULES.moves(state))
        assert (step is None) != (not moves)  # a chance step or moves, never both or none
        move = sample(step, rng, known) if step else moves[rng.randrange(len(moves))]
        assert RULES.parse(RULES.format(move, state), state) == move
        if not step:
            stray = Move(move.actor, Play(rng.choice(DECK)))
            if stray not in moves:
                with pytest.raises(IllegalEvent):
                    RULES.apply(state, Event(events + 1, stray.actor, stray.payload))
        events += 1
        state = RULES.apply(state, Event(events, move.actor, move.payload))
    check_conservation(state)
    assert events <= max_events(head)
    assert converter.structure(converter.unstructure(state), State) == state
