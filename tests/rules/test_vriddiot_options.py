"""Each Vriddiot option changes the play (or the deck) it names."""

from __future__ import annotations

from collections import Counter

import attrs
import pytest

from tablelog.rules.cards import JOKER, Card, parse_card
from tablelog.rules.errors import IllegalEvent, OptionError
from tablelog.rules.protocol import Header
from tablelog.rules.zones import Zone
from tests.rules.vriddiot_helpers import RULES, deal, empty_stock, play, seat, turn_to, with_pile


def names(n):
    return ("Anna", "Bo", "Cai", "Dina", "Emil", "Frida", "Gry", "Hans")[:n]


def test_six_or_more_players_play_the_dobbeldekker():
    deck = RULES.deck(Header("vriddiot", 1, names(7)))
    counts = Counter(deck)
    assert len(deck) == 100
    assert sum(n for c, n in counts.items() if c.rank == "6") == 5
    assert counts[Card("4", "S")] == 1 and counts[Card("4", "H")] == 2


def test_the_single_deck_is_refused_for_six_players():
    with pytest.raises(OptionError, match="must play with the Dobbeldekker"):
        RULES.start(Header("vriddiot", 1, names(6), {"deck": "single"}))


def test_the_dobbeldekker_may_be_chosen_for_fewer_players():
    state = RULES.start(Header("vriddiot", 1, names(4), {"deck": "dobbeldekker"}))
    assert len(state.table.deck) == 100


def test_jokers_are_added_to_the_deck():
    assert Counter(RULES.deck(Header("vriddiot", 1, names(4), {"jokers": 2})))[JOKER] == 2
    with pytest.raises(OptionError, match="at most 2 jokers"):
        RULES.start(Header("vriddiot", 1, names(4), {"jokers": 3}))


HANDS = ("8H 5S KD", "9S 3C 4C", "9S 3D 4D", "3H 8C JC")
SINGLE = ("8H 5S KD", "9S 3C 4C", "6S 3D 4D", "3H 8C JC")


@pytest.mark.parametrize("strict", [True, False])
def test_vri_strict_decides_whether_an_equal_card_tops_a_twist(strict):
    options = {"deck": "dobbeldekker", "vri_strict": strict}
    state = with_pile(turn_to(deal(HANDS, options=options), 0), "5H")
    state = play(state, "8H", "+5S", "9S")
    if strict:
        with pytest.raises(IllegalEvent, match="higher than 9"):
            play(state, "9S")
    else:
        assert play(state, "9S").twist == ("S", 9)


@pytest.mark.parametrize(("rule", "twist"), [("reset_value", ("S", 2)), ("ends_vri", None)])
def test_two_in_vri_decides_whether_a_2_ends_the_twist(rule, twist):
    state = with_pile(turn_to(deal(SINGLE, options={"two_in_vri": rule}), 0), "5H")
    state = seat(play(state, "8H", "+5S"), 1, hand="2S 3C 4C")
    assert play(state, "2S").twist == twist


@pytest.mark.parametrize("any_value", [False, True])
def test_four_any_value_lets_four_of_a_kind_burn_on_a_higher_card(any_value):
    state = with_pile(turn_to(deal(SINGLE, options={"four_any_value": any_value}), 0), "KH")
    state = seat(state, 0, hand="5H 5S 5D 5C")
    if any_value:
        assert play(state, "5H 5S 5D 5C").pile.cards == ()
    else:
        with pytest.raises(IllegalEvent, match="lower than the pile's 13"):
            play(state, "5H 5S 5D 5C")


@pytest.mark.parametrize("le_8", [False, True])
def test_eight_in_vri_le_8_keeps_an_8_off_a_high_twist(le_8):
    state = with_pile(turn_to(deal(SINGLE, options={"eight_in_vri_le_8": le_8}), 0), "5H")
    state = seat(state, 0, hand="8H QS KD")
    state = seat(play(state, "8H", "+QS"), 1, hand="8S 3C 4C")
    if le_8:
        with pytest.raises(IllegalEvent, match="an 8 may not be laid on 12"):
            play(state, "8S")
    else:
        assert play(state, "8S").duty == "addon"


@pytest.mark.parametrize("lowest", [False, True])
def test_starter_lowest_makes_the_starter_lay_the_lowest_card(lowest):
    state = deal(
        ("5H 9S KD", "3C 8D QH", "4D 2S 10H", "4C 6H 7D"), options={"starter_lowest": lowest}
    )
    assert RULES.to_act(state) == (1,)
    if lowest:
        with pytest.raises(IllegalEvent, match="lowest card that made them start"):
            play(state, "QH")
        assert play(state, "3C").top == 3
    else:
        assert play(state, "QH").top == 12


def test_every_option_has_a_test_here():
    tested = {"deck", "jokers", "vri_strict", "two_in_vri", "four_any_value", "eight_in_vri_le_8"}
    assert tested | {"starter_lowest", "war_tie_rule", "resurrect_out_players"} == set(
        RULES.option_names()
    )


def _tie_below_the_top(options=None):
    """Anna 7C, Bo 7D: war; Cai joins with 7H; then Bo QD, Cai 5C, Anna 5H: Bo's queen is
    the single highest, Cai's and Anna's fives are equal below it."""
    state = with_pile(
        turn_to(deal(("7C 5H 9S", "7D 5D QD", "7H 5C KS", "3D 8C JC"), options=options), 0), "5S"
    )
    return play(state, "7C", "7D", "Cai joins 7H", "QD", "5C", "5H")


def test_option_war_tie_rule_any_match_lets_equal_cards_below_the_top_fight_on():
    """ "Hvis to eller tre spillere i krig legger kort som samsvarer i verdi, betyr det at kun
    disse fører krigen videre": by default only a shared highest fights on, so Bo picks up;
    with ``war_tie_rule=any_match`` Cai and Anna, whose fives match, fight on alone."""
    state = _tie_below_the_top()
    assert state.war is None and parse_card("QD") in state.hands[1].cards
    state = _tie_below_the_top({"war_tie_rule": "any_match"})
    assert state.war is not None and state.war.involved == (2, 0) and state.war.laid == ()
    assert RULES.to_act(state) == (2,) and parse_card("QD") in state.pile.cards


def _666_with_cai_out(options=None):
    """Cai (seat 2) went out; Anna lays 666 with nine cards in the burn pile."""
    state = with_pile(turn_to(deal(HANDS_666, options=options), 0), "5S")
    burned = tuple(parse_card(c) for c in ["QS", "KS", "QH", "KH", "QD", "KD", "QC", "KC", "JS"])
    state = attrs.evolve(state, burned=Zone(burned), stock=Zone((), len(state.stock) - 9))
    state = empty_stock(seat(state, 2, hand="", ups="", downs=""))
    state = attrs.evolve(state, finished=(2,))
    return play(state, "6C 6D 6H")


HANDS_666 = ("6C 6D 6H", "3S 9D AH", "3D 2S 10H", "4C 6S 7D")


def test_option_resurrect_out_players_brings_them_back_with_666():
    """666 "bringer bortstikksbunken tilbake inn i spill, slik at samtlige må ha minst 3
    kort på hånden": by default the players still in the game draw to 3 and Cai, who went
    out, stays out; with ``resurrect_out_players`` Cai is back in the game and draws too."""
    state = _666_with_cai_out()
    assert state.finished == (2,) and len(state.hands[2]) == 0
    assert len(state.hands[0]) == 3
    state = _666_with_cai_out({"resurrect_out_players": True})
    assert state.finished == () and len(state.hands[2]) == 3 and len(state.hands[0]) == 3
