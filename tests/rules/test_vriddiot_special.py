"""The combinations (666, KKK, four of a kind) and the jokers."""

from __future__ import annotations

import random

import attrs
import pytest

from tablelog.replay.dealer import sample
from tablelog.rules.cards import JOKER, parse_card
from tablelog.rules.errors import IllegalEvent
from tablelog.rules.zones import Zone
from tests.rules.vriddiot_helpers import RULES, deal, empty_stock, play, seat, turn_to, with_pile

HANDS = ("6C 6D 6H", "3S 9D AH", "3D 2S 10H", "4C 6S 7D")


def cards(text):
    return tuple(parse_card(c) for c in text.split())


def test_666_leaves_the_game_and_brings_back_the_burn_pile_as_far_as_it_goes():
    state = with_pile(turn_to(deal(HANDS), 0), "5S")
    burned = cards("QS KS")
    state = attrs.evolve(state, burned=Zone(burned), stock=Zone((), len(state.stock) - 2))
    state = seat(state, 1, hand="3S")
    state = empty_stock(seat(state, 3, hand="4C 6S"))
    after = play(state, "6C 6D 6H")
    assert set(cards("6C 6D 6H")) <= set(after.out.cards) and after.burned.cards == ()
    assert after.top == 6 and after.turn == 1
    # two cards came back: Anna, who laid 666, draws both ("samtlige må ha minst 3 kort på
    # hånden", "samme ... grunnregler som vanlig Idiot": one draws after one's own play);
    # Bo and Dina, next in turn, get none
    assert len(after.hands[0]) == 2 and len(after.hands[1]) == 1 and len(after.hands[3]) == 2
    assert len(after.stock) == 0


def test_four_sixes_are_four_of_a_kind_not_666():
    state = seat(with_pile(turn_to(deal(HANDS), 0), "5S"), 0, hand="6C 6D 6H 6S")
    after = play(state, "6C 6D 6H 6S")
    assert after.pile.cards == () and set(cards("5S 6C 6D 6H 6S")) == set(after.burned.cards)


def test_kkk_with_an_empty_stock_takes_nothing_out():
    state = empty_stock(seat(with_pile(turn_to(deal(HANDS), 0), "5S"), 0, hand="KC KD KH"))
    after = play(state, "KC KD KH")
    assert RULES.chance(after) is None and after.pending == ""
    assert after.top == 13 and after.turn == 1
    assert set(cards("KC KD KH")) <= set(after.out.cards)


def test_kkk_takes_the_black_cards_but_der_firer_out_of_the_stock_as_they_are_shown():
    state = seat(with_pile(turn_to(deal(HANDS), 0), "5S"), 0, hand="KC KD KH")
    after = play(state, "KC KD KH")
    assert RULES.to_act(after) == () and RULES.chance(after).kind == "remove"
    with pytest.raises(IllegalEvent, match="only black cards but the ♠4"):
        play(after, "remove 9H")
    with pytest.raises(IllegalEvent, match="only black cards but the ♠4"):
        play(after, "remove 4S")
    stock = len(after.stock)
    done = play(after, "remove 8S 9S")
    assert done.black_free and set(cards("8S 9S")) <= set(done.out.cards)
    assert len(done.stock) + len(done.hands[0]) == stock - 2  # Anna refilled from the rest
    with pytest.raises(IllegalEvent, match="KKK took the black cards out"):
        play(done, "Bo chance", "turn JS")


def test_kkk_as_seeded_removes_every_black_card_left_in_the_stock():
    state = seat(with_pile(turn_to(deal(HANDS), 0), "5S"), 0, hand="KC KD KH")
    after = play(state, "KC KD KH")

    move = sample(RULES.chance(after), random.Random(3))
    black = [c for c in move.payload.cards]
    assert black and all(c.suit in "SC" and c != parse_card("4S") for c in black)


def test_four_laid_in_a_row_by_several_players_burn():
    state = seat(with_pile(turn_to(deal(HANDS), 0), "5S"), 0, hand="9H 9S 9C")
    state = seat(state, 1, hand="9D 3S AH")
    after = play(state, "9H 9S 9C", "9D")
    assert after.pile.cards == () and after.turn == 1 and after.war is None


JOKER_HANDS = ("JK 5H KD", "3S 9D AH", "3D 2S 10H", "4C 6S 7D")


def joker_game():
    return with_pile(turn_to(deal(JOKER_HANDS, options={"jokers": 2}), 0), "9S")


def test_a_joker_stands_for_the_card_it_names():
    after = play(joker_game(), "JK as 9H")
    assert after.top == 9 and after.pile.cards[-1] == JOKER


def test_a_joker_may_not_be_der_firer_nor_lower_than_the_pile():
    with pytest.raises(IllegalEvent, match="any card but Der Firer"):
        play(joker_game(), "JK as 4S")
    with pytest.raises(IllegalEvent, match="lower than the pile's 9"):
        play(joker_game(), "JK as 3H")


def test_a_joker_as_a_10_burns():
    after = play(joker_game(), "JK as 10H")
    assert after.pile.cards == () and after.turn == 0


def test_a_joker_counts_only_as_a_single_card():
    state = seat(joker_game(), 0, hand="JK 9H KD")
    with pytest.raises(IllegalEvent):
        play(state, "JK 9H")


def test_the_moves_list_each_card_a_joker_may_stand_for():
    texts = {RULES.format(m, joker_game()) for m in RULES.moves(joker_game())}
    assert {"JK as 9H", "JK as AS", "JK as 2C", "JK as 10D"} <= texts
    assert "JK as 8H" not in texts and "JK as 4S" not in texts
