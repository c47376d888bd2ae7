"""The 8 with its duty to add a card (påleggsplikt), the twist (vridning) it starts, and
what follows or breaks a twist."""

from __future__ import annotations

import pytest

from tablelog.rules.errors import IllegalEvent
from tests.rules.vriddiot_helpers import RULES, deal, empty_stock, play, seat, turn_to, with_pile

HANDS = ("8H 5S KD", "3S 9D AH", "3D 2S 10H", "4C 6H 7D")


def start() -> object:
    return with_pile(turn_to(deal(HANDS), 0), "7H")


def test_an_8_must_be_followed_by_a_card_from_the_same_player():
    state = play(start(), "8H")
    assert state.duty == "addon" and RULES.to_act(state) == (0,)
    assert RULES.format(next(iter(RULES.moves(state))), state).startswith("+")


def test_an_8_may_not_be_laid_on_more_than_8():
    state = with_pile(turn_to(deal(HANDS), 0), "9H")
    # the seed's own words: "kan ikke legges på kort med verdi høyere enn 8"
    with pytest.raises(IllegalEvent, match="kan ikke legges på kort med verdi høyere enn 8"):
        play(state, "8H")


def test_the_added_card_sets_the_suit_and_value_of_the_twist():
    state = play(start(), "8H", "+5S")
    assert state.twist == ("S", 5) and state.turn == 1


def test_a_twist_is_followed_in_its_suit_with_a_higher_card():
    state = play(start(), "8H", "+5S")
    with pytest.raises(IllegalEvent, match="a twist in S is followed in S"):
        play(state, "9D")
    with pytest.raises(IllegalEvent, match="lay a S higher than 5"):
        play(state, "3S")


def test_an_ace_breaks_a_twist():
    after = play(play(start(), "8H", "+5S"), "AH")
    assert after.twist is None and after.top == 14


def test_a_10_breaks_a_twist():
    state = seat(play(start(), "8H", "+5S"), 1, hand="10S 9D AH")
    after = play(state, "10S")
    assert after.twist is None and after.pile.cards == () and after.turn == 1


def test_a_2_of_the_suit_resets_the_value_and_the_twist_goes_on():
    state = seat(play(seat(start(), 0, hand="8H 9S QS"), "8H", "+9S"), 1, hand="2S 3S 9D")
    after = play(state, "2S")
    assert after.twist == ("S", 2)
    assert after.turn == 2


def test_a_2_of_another_suit_does_not_follow_a_twist():
    state = seat(play(seat(start(), 0, hand="8H 9S QS"), "8H", "+9S"), 1, hand="2D 3S 9D")
    with pytest.raises(IllegalEvent, match="followed in S"):
        play(state, "2D")


def test_an_8_of_the_suit_twists_again_on_any_value():
    state = seat(play(seat(start(), 0, hand="8H 9S QS"), "8H", "+QS"), 1, hand="8S 3H 9D")
    after = play(state, "8S", "+3H")
    assert after.twist == ("H", 3)


def test_several_cards_of_one_value_follow_when_one_follows_the_suit():
    state = seat(play(start(), "8H", "+5S"), 1, hand="9S 9D 3H")
    after = play(state, "9S 9D")
    assert after.twist == ("S", 9)


def test_a_jack_added_after_an_8_reverses_the_direction():
    state = seat(start(), 0, hand="8H JS KD")
    after = play(state, "8H", "+JS")
    assert after.twist == ("S", 11) and after.turn == 3


def test_an_ace_added_after_an_8_starts_no_twist():
    state = seat(start(), 0, hand="8H AS KD")
    after = play(state, "8H", "+AS")
    assert after.twist is None and after.top == 14


def test_an_8_laid_as_the_last_card_sets_the_twist_itself():
    state = empty_stock(seat(start(), 0, hand="8H", ups="", downs=""))
    after = play(state, "8H")
    assert after.twist == ("H", 8) and after.finished == (0,) and after.turn == 1


def test_an_8_as_the_last_hand_card_takes_its_added_card_from_the_face_up_ones():
    state = empty_stock(seat(start(), 0, hand="8H", ups="5S 6S 7S"))
    state = play(state, "8H")
    assert state.duty == "addon" and state.turn == 0
    assert play(state, "+6S").twist == ("S", 6)
