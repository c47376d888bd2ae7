"""Refusals a person at the table reads: they name players, places and the rule."""

from __future__ import annotations

import attrs
import pytest

from tablelog.rules.errors import IllegalEvent
from tablelog.rules.events import Deal, Dealt, Event
from tablelog.rules.nordekasino import RULES
from tablelog.rules.nordekasino.state import DEAL
from tablelog.rules.zones import Zone
from tests.rules.nordekasino_helpers import (
    ANNA,
    BO,
    C,
    position,
    refusal,
    start,
    trail,
    with_won,
)


def face_down(state, seat):
    """``state`` with ``seat``'s hand face down in the record (a physical game)."""
    hands = list(state.hands)
    hands[seat] = Zone((), len(hands[seat]))
    return attrs.evolve(state, hands=tuple(hands))


@pytest.mark.parametrize(
    ("card", "where"),
    [
        ("3C", "Anna cannot hold 3C: it lies on the table"),
        ("9D", "Anna cannot hold 9D: it is already known to be in Bo's hand"),
        ("KS", "Anna cannot hold KS: it was taken by Cai"),
    ],
)
def test_a_card_known_elsewhere_is_refused_saying_where_it_is(card, where):
    state = with_won(position(["7H 2C", "9D", "5C"], ["3C"]), "", "", "KS")
    assert refusal(face_down(state, ANNA), trail(card)) == where


def test_a_card_not_held_in_an_open_record_is_refused_plainly():
    state = position(["7H 2C", "9D", "5C"], ["3C"])
    assert refusal(state, trail("8H")) == "Anna does not hold 8H"


@pytest.mark.parametrize("actor", [None, 7])
def test_a_move_without_a_player_of_the_game_is_refused(actor):
    state = position(["7H", "9D", "5C"], ["3C"])
    with pytest.raises(IllegalEvent) as caught:
        RULES.apply(state, Event(1, actor, trail("7H")))
    assert caught.value.reason == "a move is made by a player of the game: it is Anna's turn"


def test_a_move_out_of_turn_names_both_players():
    state = position(["7H", "9D", "5C"], ["3C"])
    assert refusal(state, trail("9D"), BO) == "it is Anna's turn, not Bo's"


def test_a_deal_of_the_wrong_shape_says_who_gets_what_by_name():
    state = start(2)  # Anna deals, Bo gets the first cards
    wrong = Deal((*tuple(Dealt("1", None) for _ in range(8)), Dealt("table", C("5C"), True)))
    with pytest.raises(IllegalEvent) as caught:
        RULES.apply(state, Event(1, None, wrong))
    reason = caught.value.reason
    assert "(Bo first)" in reason
    assert "expected 10 cards (4 to Bo, 4 to Anna, 2 to the table)" in reason
    assert "got 9 (8 to Bo, 1 to the table)" in reason


def test_a_card_already_out_cannot_be_dealt_again():
    state = attrs.evolve(with_won(start(2), "AS"), phase=DEAL, stock=Zone((), 53))
    deal = Deal(
        (
            Dealt("1", C("AS")),
            *(Dealt("1", None) for _ in range(3)),
            *tuple(Dealt("0", None) for _ in range(4)),
            Dealt("table", C("5C"), True),
            Dealt("table", C("KD"), True),
        )
    )
    with pytest.raises(IllegalEvent) as caught:
        RULES.apply(state, Event(1, None, deal))
    assert caught.value.reason == "AS cannot be dealt: it was taken by Anna"
