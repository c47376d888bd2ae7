"""Example tests for Speahx's chance cards, table cards, jokers, Terminator-Torkel and the
options (docs/rules/speahx.md)."""

from __future__ import annotations

import random

import attrs
import pytest

from tablelog.replay.dealer import sample
from tablelog.rules.cards import parse_cards
from tablelog.rules.errors import IllegalEvent
from tablelog.rules.protocol import Header
from tablelog.rules.speahx.state import Turn
from tablelog.rules.zones import Zone
from tests.rules.speahx_helpers import SPEAHX, act, hand, listed, position

# -- chance cards --------------------------------------------------------------------------


def test_chance_cards_may_be_drawn_even_with_a_playable_hand_card():
    state = position(hands={0: "7H 9S"}, pile="5H")
    assert "chance" in listed(state)
    state = act(state, "chance")
    assert state.phase == "reveal" and SPEAHX.to_act(state) == ()
    state = act(state, "reveal 9C")
    assert state.turn.stage == "chance"


def test_the_hand_is_locked_once_a_chance_card_is_drawn():
    state = act(act(position(hands={0: "10S 9S"}, pile="5C"), "chance"), "reveal 9D")
    with pytest.raises(IllegalEvent, match=r"the hand is locked.*\(the chance cards hold no 10S\)"):
        act(state, "10S")
    assert listed(state) == {"chance", "pickup"}


def test_a_play_laying_a_card_more_often_than_the_decks_hold_it_says_so():
    state = position(hands={0: "3C 3D 4H"}, pile="5C")
    with pytest.raises(IllegalEvent, match="3C is laid 2 times, but the game has 1 of it"):
        act(state, "3C 3D 3C")
    two = position(hands={0: "3C 3D 3C"}, pile="5C", options={"decks": 2})
    with pytest.raises(IllegalEvent, match="3C is laid 3 times, but the game has 2 of it"):
        act(two, "3C 3D 3C 3C")
    assert [c.text for c in act(two, "3C 3D 3C").pile] == ["5C", "3C", "3D", "3C"]


def test_up_to_three_chance_cards_then_play_one_and_the_rest_join_the_hand():
    state = position(hands={0: "10S 9S 8S 7S 6S"}, pile="2S", named="C")
    for card in ("9D", "KH"):
        state = act(act(state, "chance"), f"reveal {card}")
    state = act(act(state, "chance"), "reveal 5C")
    assert "chance" not in listed(state)
    state = act(state, "5C")
    assert hand(state, 0) == sorted(["10S", "9S", "8S", "7S", "6S", "9D", "KH"])
    assert state.turn.seat == 1  # seven cards: no refill


def test_unplayable_chance_cards_end_with_taking_in_the_pile():
    state = act(act(position(hands={0: "9S"}, pile="5C"), "chance"), "reveal 9D")
    state = act(state, "pickup")
    assert hand(state, 0) == ["5C", "9D", "9S"]


def test_a_chance_card_combined_with_three_hand_cards_is_four_of_a_kind():
    state = act(act(position(hands={0: "8S 8H 8D 4C"}, pile="5C"), "chance"), "reveal 8C")
    assert "8S 8H 8D 8C" in listed(state)
    state = act(state, "8S 8H 8D 8C")
    assert state.pile == () and state.turn.burned
    with pytest.raises(IllegalEvent, match="the hand is locked"):
        act(state, "4C")  # the hand stays locked after the burn


def test_a_chance_card_with_two_hand_cards_needs_the_pile_run_option():
    base = position(hands={0: "8S 8H 4C"}, pile="8D", stock=5)
    state = act(act(base, "chance"), "reveal 8C")
    assert "8S 8H 8C" not in listed(state)
    opt = position(hands={0: "8S 8H 4C"}, pile="8D", options={"chance_combo_with_pile_run": True})
    state = act(act(opt, "chance"), "reveal 8C")
    assert "8S 8H 8C" in listed(state)
    assert act(state, "8S 8H 8C").pile == ()


def test_option_chance_may_skip_playable_false():
    options = {"chance_may_skip_playable": False}
    assert "chance" not in listed(position(hands={0: "7H"}, pile="5H", options=options))
    assert "chance" in listed(position(hands={0: "7S"}, pile="5H", options=options))


def test_option_chance_continue_after_burn():
    for go_on in (True, False):
        base = position(hands={0: "9S"}, pile="5C", options={"chance_continue_after_burn": go_on})
        state = act(act(base, "chance"), "reveal 10D")
        state = act(state, "10D")
        assert (state.phase == "play" and state.turn.burned) is go_on


# -- table cards ----------------------------------------------------------------------------


def test_table_cards_only_when_hand_and_stock_are_empty():
    assert "flip 1" not in listed(position(hands={0: "9S"}, pile="5C", stock=0))
    assert "flip 1" not in listed(position(hands={}, pile="5C", stock=3))
    state = position(hands={}, pile="5C", stock=0)
    assert {"flip 1", "flip 5"} <= listed(state)


def test_a_flipped_table_card_that_fits_is_laid():
    state = act(act(position(hands={}, pile="5C", stock=0), "flip 3"), "reveal 9C")
    assert state.tables[0].slots[2] is None and listed(state) >= {"9C"}
    state = act(state, "9C")
    assert state.pile[-1].text == "9C" and state.turn.seat == 1


def test_a_flipped_table_card_that_does_not_fit_goes_to_the_hand_with_the_pile():
    state = act(act(position(hands={}, pile="8C", stock=0), "flip 1"), "reveal 9D")
    assert listed(state) == {"pickup"}
    forced = SPEAHX.forced(state) if SPEAHX.forced is not None else None
    assert forced is not None and forced.kind == "pickup"  # nobody decides it: implied
    state = act(state, "pickup")
    assert hand(state, 0) == ["8C", "9D"]


def test_a_flipped_card_that_fits_is_no_forced_move():
    state = act(act(position(hands={}, pile="5C", stock=0), "flip 3"), "reveal 9C")
    assert SPEAHX.forced is not None and SPEAHX.forced(state) is None  # laying it is a choice


def test_a_burn_from_the_hand_goes_on_with_a_table_card():
    state = act(position(hands={0: "10H"}, pile="5S", stock=0), "10H")
    assert state.turn.burned and "flip 2" in listed(state)
    state = act(act(state, "flip 2"), "reveal 3H")
    state = act(state, "3H")
    assert [c.text for c in state.pile] == ["3H"] and state.turn.seat == 1


def test_a_seeded_table_card_can_only_be_what_it_was_dealt():
    state = position(hands={}, pile="8C", stock=0, tables={0: "4S ? ? ? ?"})
    state = act(state, "flip 1")
    with pytest.raises(IllegalEvent, match="table card 1 is 4S"):
        act(state, "reveal 9D")
    assert sample(SPEAHX.chance(state), random.Random(0)).payload.card.text == "4S"


# -- jokers and Terminator-Torkel --------------------------------------------------------


def test_a_joker_gives_the_pile_to_a_chosen_player_and_leaves_the_game():
    state = position(hands={0: "JK 9S"}, pile="5H KH", options={"jokers": 1})
    assert {"joker Bo", "joker Cai", "joker Dina"} <= listed(state)
    state = act(state, "joker Cai")
    assert hand(state, 2) == ["5H", "KH"] and [c.text for c in state.out.cards] == ["JK"]
    assert state.phase == "draw"


def test_a_joker_on_an_empty_pile_gives_nothing():
    state = act(position(hands={0: "JK 9S"}, options={"jokers": 2}), "joker Bo")
    assert hand(state, 1) == [] and len(state.out) == 1


def test_the_joker_goes_to_another_player_still_in_the_game():
    state = position(hands={0: "JK 9S"}, pile="5H", options={"jokers": 1})
    with pytest.raises(IllegalEvent, match="another player still in the game"):
        act(state, "joker Anna")


def test_terminator_torkel_is_four_jacks_of_four_suits_without_jokers():
    state = position(hands={0: "JS JH JD JC 4S"}, pile="5H")
    assert "JS JH JD JC to Bo" in listed(state)
    with pytest.raises(IllegalEvent, match="Terminator-Torkel"):
        act(state, "JH JS JD JC")
    state = act(state, "JC JD JH JS to Bo")
    assert hand(state, 1) == ["5H"]
    jokers = position(hands={0: "JS JH JD JC 4S"}, pile="5H", options={"jokers": 1})
    assert "JS JH JD JC to Bo" not in listed(jokers)


def test_terminator_torkel_options():
    each = position(hands={0: "JS 4S"}, pile="5H", options={"torkel": "each_jack"})
    assert "JS to Bo" in listed(each) and "JS" not in listed(each)
    off = position(hands={0: "JS JH JD JC 4S"}, pile="5H", options={"torkel": "off"})
    assert not any(" to " in m for m in listed(off))
    assert "JH JS JD JC" in listed(off)


# -- options of the table ----------------------------------------------------------------


def test_decks_default_to_one_more_for_every_fifth_player():
    def cards(n, **options):
        return len(SPEAHX.deck(Header("speahx", 1, tuple("ABCDEFGHIJ"[:n]), options)))

    assert (cards(4), cards(5), cards(9), cards(10)) == (52, 104, 104, 156)
    assert cards(4, decks=2, jokers=2) == 106


def test_too_few_cards_for_the_players_is_refused():
    from tablelog.rules.errors import OptionError

    with pytest.raises(OptionError, match="need 60 cards"):
        SPEAHX.start(Header("speahx", 1, tuple("ABCDEF"), {"decks": 1}))


def test_option_voluntary_pickup():
    assert "pickup" in listed(position(hands={0: "7H"}, pile="5H"))
    strict = position(hands={0: "7H"}, pile="5H", options={"voluntary_pickup": False})
    assert "pickup" not in listed(strict)
    assert "pickup" in listed(
        position(hands={0: "7S"}, pile="5H", options={"voluntary_pickup": False})
    )


def test_eksempelrunde_steps_67_to_69():
    """Fredrich burns with his last hand card and flips ♥3; Alex lays three 3s on it (a four
    across two players' plays), burns and lays ♣8; Janet flips ♦9 and takes in both."""
    names = 7  # Anna..Gry stand for Fredrich's table: seat 6 Fredrich, 0 Alex, 1 Janet
    hands = {6: "10H", 0: "3S 3D 3C 8C 4D", 1: ""}
    state = position(names, hands=hands, pile="5D", stock=0, seat=6, options={"decks": 2})
    state = act(state, "10H")
    state = act(act(state, "flip 1"), "reveal 3H")
    state = act(state, "3H")
    assert state.turn.seat == 0
    state = act(state, "3S 3D 3C")
    assert state.pile == () and state.turn.burned
    state = act(state, "8C")
    assert state.turn.seat == 1
    state = act(act(state, "flip 2"), "reveal 9D")
    assert listed(state) == {"pickup"}
    state = act(state, "pickup")
    assert hand(state, 1) == ["8C", "9D"]


def test_eksempelrunde_steps_81_and_95():
    """81: Alex lays his last card and wins (first out). 95: only John and Michael are
    left; John's one card is a 10; he lays it, the game is over and Michael loses."""
    empty = {s: "- - - - -" for s in range(7)}  # seats: 0 Alex .. 2 Michael, 3 John
    state = position(7, hands={0: "7C", 2: "9H"}, pile="7H", stock=0, tables=empty)
    state = act(state, "7C")
    assert state.finished == (0,) and SPEAHX.outcome(state) is None
    state = attrs.evolve(state, finished=(0, 1, 4, 5, 6))
    state = attrs.evolve(
        state, hands=(*state.hands[:3], Zone(parse_cards("10S")), *state.hands[4:])
    )
    state = attrs.evolve(state, turn=Turn(3))
    state = act(state, "10S")
    result = SPEAHX.outcome(state)
    assert result is not None
    assert result.ranking == ((0,), (1,), (4,), (5,), (6,), (3,), (2,))
    assert result.scores["Cai"] == 0  # seat 2, Michael, is left holding cards


def test_a_table_card_flipped_after_a_burn_must_be_laid_or_taken_in():
    """A regression found by fuzzing: ``done`` after flipping lost the flipped card."""
    state = act(position(hands={0: "10H"}, pile="5S", stock=0), "10H")
    state = act(act(state, "flip 2"), "reveal 10S")
    assert "done" not in listed(state)
    with pytest.raises(IllegalEvent, match="done is after a burn"):
        act(state, "done")
