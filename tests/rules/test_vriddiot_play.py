"""Vriddiot's base Idiot play: the deal, who starts, laying equal or higher, refilling to 3,
picking up, the chance card, face-up then blind face-down cards, 2, 10, Der Firer, jacks,
going out and the Idiot."""

from __future__ import annotations

import pytest

from tablelog.rules.cards import Card, parse_card
from tablelog.rules.errors import IllegalEvent
from tablelog.rules.events import Event
from tests.rules.vriddiot_helpers import (
    RULES,
    deal,
    empty_stock,
    play,
    seat,
    turn_to,
    with_pile,
)

HANDS = ("5H 9S KD", "3C 8D QH", "3D 2S 10H", "4C 6H 7D")


def cards(text: str) -> tuple[Card, ...]:
    return tuple(parse_card(c) for c in text.split())


def test_the_deal_gives_three_down_three_up_three_in_hand():
    state = deal(HANDS)
    for s in range(4):
        assert len(state.hands[s]) == 3 and len(state.ups[s]) == 3 and len(state.downs[s]) == 3
    assert len(state.stock) == 52 - 36


def test_the_lowest_card_nearest_the_dealers_left_starts():
    # Dina deals; Bo (3C) and Cai (3D) share the lowest; Bo sits nearer Dina's left (Anna)
    state = deal(HANDS)
    assert RULES.to_act(state) == (1,)


def test_a_2_and_a_10_do_not_count_as_the_lowest_card():
    state = deal(("5H 9S KD", "2C 10D QH", "6D 7S 9H", "4C 8H 7D"))
    assert RULES.to_act(state) == (3,)  # Dina's 4C; Bo's 2C and 10D are special


def test_a_lower_card_is_refused_naming_the_rule():
    state = with_pile(turn_to(deal(HANDS), 1), "9H")
    with pytest.raises(IllegalEvent, match="kan ikke legges på kort med verdi høyere enn 8"):
        play(state, "8D")  # the seed's words for an 8 on a higher card
    with pytest.raises(IllegalEvent, match="3 is lower than the pile's 9"):
        play(state, "3C")
    assert play(state, "QH").turn == 2


def test_an_equal_value_may_be_laid():
    state = with_pile(turn_to(deal(HANDS), 0), "9H")
    after = play(state, "9S")
    assert after.top == 9 and after.war is None  # Anna laid the first 9: no war


def test_the_hand_is_refilled_to_three_while_the_stock_lasts():
    state = with_pile(turn_to(deal(HANDS), 1), "9H")
    stock = len(state.stock)
    after = play(state, "QH")
    assert len(after.hands[1]) == 3 and len(after.stock) == stock - 1


def test_a_2_resets_the_pile():
    state = with_pile(turn_to(deal(HANDS), 2), "KH")
    after = play(state, "2S")
    assert after.top == 2 and after.turn == 3
    assert play(after, "4C").top == 4


def test_a_10_burns_the_pile_and_the_player_lays_again():
    state = with_pile(turn_to(deal(HANDS), 2), "KH AH")
    after = play(state, "10H")
    assert after.pile.cards == () and set(after.burned.cards) == set(cards("KH AH 10H"))
    assert after.turn == 2 and after.duty == "lead"


def test_der_firer_destroys_the_cards_it_burns():
    state = seat(with_pile(turn_to(deal(HANDS), 0), "KH QH"), 0, hand="4S 9S KD")
    after = play(state, "4S")
    assert set(after.out.cards) == set(cards("KH QH 4S")) and after.burned.cards == ()
    assert after.turn == 0


def test_der_firer_on_an_empty_pile_goes_to_the_burn_pile():
    state = seat(turn_to(deal(HANDS), 0), 0, hand="4S 9S KD")
    after = play(state, "4S")
    assert after.burned.cards == cards("4S") and after.out.cards == ()


@pytest.mark.parametrize(("laid", "next_seat"), [("JH", 3), ("JH JS", 1), ("JH JS JD", 3)])
def test_an_odd_number_of_jacks_reverses_the_direction(laid, next_seat):
    state = seat(with_pile(turn_to(deal(HANDS), 0), "9H"), 0, hand="JH JS JD 5H")
    after = play(state, laid)
    assert after.turn == next_seat


def test_a_player_who_cannot_lay_picks_up_and_the_next_leads():
    state = with_pile(turn_to(deal(HANDS), 1), "AH")
    assert [m.kind for m in RULES.moves(state)] == ["chance", "pickup"]
    after = play(state, "pickup")
    assert parse_card("AH") in after.hands[1].cards
    assert after.turn == 2 and after.duty == "lead" and after.pile.cards == ()


def test_picking_up_is_refused_while_a_card_can_be_laid():
    state = with_pile(turn_to(deal(HANDS), 1), "9H")
    with pytest.raises(IllegalEvent, match="picks up only when no card can be laid"):
        play(state, "pickup")


def test_a_chance_card_that_can_be_laid_is_laid():
    state = with_pile(turn_to(deal(HANDS), 1), "AH")
    state = play(state, "chance")
    assert RULES.to_act(state) == () and RULES.chance(state).kind == "turn"
    state = play(state, "turn 10S")
    assert [RULES.format(m, state) for m in RULES.moves(state)] == ["10S"]
    assert play(state, "10S").burned.cards == cards("AH 10S")


def test_a_chance_card_that_cannot_be_laid_is_picked_up_with_the_pile():
    state = play(with_pile(turn_to(deal(HANDS), 1), "AH"), "chance", "turn 5S")
    assert [m.kind for m in RULES.moves(state)] == ["pickup"]
    forced = RULES.forced(state) if RULES.forced is not None else None
    assert forced is not None and forced.kind == "pickup"  # nobody decides it: implied
    after = play(state, "pickup")
    assert {parse_card("AH"), parse_card("5S")} <= set(after.hands[1].cards)


def test_face_up_cards_are_played_once_hand_and_stock_are_gone():
    state = empty_stock(seat(with_pile(turn_to(deal(HANDS), 0), "5H"), 0, hand="", ups="9S QS 3H"))
    with pytest.raises(IllegalEvent, match="lower than the pile's 5"):
        play(state, "3H")
    assert play(state, "QS").ups[0].cards == cards("9S 3H")


def test_a_blind_card_that_cannot_be_laid_is_picked_up():
    state = empty_stock(seat(with_pile(turn_to(deal(HANDS), 0), "QH"), 0, "", "", "3H 9S KS"))
    assert [RULES.format(m, state) for m in RULES.moves(state)] == ["blind 1", "blind 2", "blind 3"]
    state = play(state, "blind 1")
    with pytest.raises(IllegalEvent, match="face-down card 1 is 3H, not 4H"):
        play(state, "turn 4H")
    state = play(state, "turn 3H")
    assert [m.kind for m in RULES.moves(state)] == ["pickup"]
    forced = RULES.forced(state) if RULES.forced is not None else None
    assert forced is not None and forced.kind == "pickup"  # nobody decides it: implied
    after = play(state, "pickup")
    assert set(after.hands[0].cards) == set(cards("QH 3H")) and len(after.downs[0]) == 2


def test_a_blind_card_that_can_be_laid_is_laid():
    state = empty_stock(seat(with_pile(turn_to(deal(HANDS), 0), "5H"), 0, "", "", "3H 9S KS"))
    state = play(state, "blind 2", "turn 9S")
    assert RULES.forced is not None and RULES.forced(state) is None  # laying it is typed
    state = play(state, "9S")
    assert state.top == 9 and len(state.downs[0]) == 2


def test_the_players_go_out_in_turn_and_the_last_is_the_idiot():
    state = deal(("5H 9S KD", "3C 8D QH", "3D 2S 10H"))
    state = seat(turn_to(state, 0), 0, hand="AH", ups="", downs="")
    state = empty_stock(seat(state, 1, hand="2C", ups="", downs=""))
    state = play(state, "AH")
    assert state.finished == (0,) and RULES.outcome(state) is None
    state = play(state, "2C")
    outcome = RULES.outcome(state)
    assert outcome is not None and outcome.ranking == ((0,), (1,), (2,))
    assert outcome.scores == {"Anna": 2, "Bo": 1, "Cai": 0}
    assert outcome.rounds[0]["idiot"] == "Cai"


def test_a_move_out_of_turn_is_refused():
    state = with_pile(turn_to(deal(HANDS), 1), "9H")
    move = RULES.parse("Cai 10H", state)
    with pytest.raises(IllegalEvent, match="it is Bo's turn, not Cai's"):
        RULES.apply(state, Event(9, move.actor, move.payload))
