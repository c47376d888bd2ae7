"""Example tests for Speahx's rules of play (docs/rules/speahx.md), one or more per rule."""

from __future__ import annotations

import pytest

from tablelog.rules.errors import IllegalEvent
from tests.rules.speahx_helpers import act, hand, listed, position


def test_a_card_matches_the_last_card_by_suit_or_rank():
    state = position(hands={0: "7H 5C 9S"}, pile="5H")
    assert {"7H", "5C"} <= listed(state)
    assert "9S" not in listed(state)
    with pytest.raises(IllegalEvent, match="9S does not fit the pile"):
        act(state, "9S")


def test_any_card_goes_on_an_empty_pile():
    state = position(hands={0: "9S KD"})
    assert {"9S", "KD"} <= listed(state)


def test_a_play_ends_the_turn_with_the_refill_and_drawn_cards_wait():
    state = act(position(hands={0: "7H 5C 9S 4D 3D"}, pile="5H"), "7H")
    assert state.phase == "draw" and state.turn.seat == 0
    state = act(state, "draw 7S")
    # ikke-stress: 7S would fit on 7H, but the turn has passed to Bo
    assert state.turn.seat == 1 and "7S" in hand(state, 0)


def test_a_hand_that_empties_while_the_stock_has_cards_is_refilled_not_out():
    state = act(position(hands={0: "7H"}, pile="5H", stock=3), "7H")
    assert state.phase == "draw"
    state = act(state, "draw ? ? ?")
    assert len(state.hands[0]) == 3 and 0 not in state.finished


def test_several_cards_of_one_rank_keep_their_order_and_the_last_sets_the_suit():
    state = position(hands={0: "JS JH 6H"}, pile="5S")
    state = act(state, "JS JH")
    assert state.pile[-1].text == "JH" and state.suit == "H"


def test_the_first_card_of_a_play_must_fit_the_pile():
    state = position(hands={0: "JS JH"}, pile="5S")
    assert "JH JS" not in listed(state)
    with pytest.raises(IllegalEvent, match="JH does not fit"):
        act(state, "JH JS")


def test_cards_between_the_first_and_the_last_are_put_in_suit_order_when_read():
    state = position(
        hands={0: "4S 4H 4D 9C"}, pile="4C", options={"four_kind_scope": "single_play"}
    )
    after = act(state, "4D 4H 4S")
    assert [c.text for c in after.pile[-3:]] == ["4D", "4H", "4S"]


def test_a_two_names_the_suit_to_follow():
    state = act(position(hands={0: "2S 9D 8D"}, pile="5H"), "2S clubs")
    assert state.named == "C" and state.suit == "C"
    state = act(state, "draw ? ? ?")
    assert "5H" not in listed(_give_hand(state, 1, "5C 5H KC"))
    state = act(_give_hand(state, 1, "5C 5H KC"), "KC")
    assert state.pile[-1].text == "KC"


def _give_hand(state, seat, cards):
    import attrs

    from tablelog.rules.cards import parse_cards
    from tablelog.rules.zones import Zone

    hands = list(state.hands)
    hands[seat] = Zone(parse_cards(cards))
    return attrs.evolve(state, hands=tuple(hands))


def test_after_a_two_only_the_named_suit_fits_not_the_rank():
    state = position(hands={0: "5H 9C"}, pile="2H", named="C")
    assert listed(state) >= {"9C"}
    assert "5H" not in listed(state)


def test_a_two_needs_its_suit_and_only_a_two_names_one():
    state = position(hands={0: "2S 5H"}, pile="5S")
    with pytest.raises(IllegalEvent, match="a 2 names the suit"):
        act(state, "2S")
    with pytest.raises(IllegalEvent, match="only a 2 names a suit"):
        act(state, "5H clubs")


def test_a_two_as_the_last_card_of_a_hand_still_names_its_suit():
    state = position(hands={0: "2D"}, pile="9S", stock=0, tables={0: "? ? ? ? ?"})
    state = act(state, "2D hearts")
    assert state.turn.seat == 1 and state.suit == "H" and 0 not in state.finished


def test_a_ten_burns_the_pile_and_the_player_may_go_on_or_stop():
    state = act(position(hands={0: "10C 4S 8D"}, pile="5H 6H"), "10C")
    assert state.pile == () and [c.text for c in state.out.cards] == ["5H", "6H", "10C"]
    assert state.turn.seat == 0 and state.turn.burned
    assert {"4S", "8D", "done"} <= listed(state)
    assert "pickup" not in listed(state) and "chance" not in listed(state)
    stopped = act(state, "done")
    assert stopped.phase == "draw"
    went_on = act(state, "8D")
    assert went_on.pile[-1].text == "8D" and went_on.phase == "draw"


def test_a_burn_with_nothing_left_to_lay_ends_the_turn_with_the_refill():
    state = act(position(hands={0: "10C"}, pile="5H", stock=4), "10C")
    assert state.phase == "draw"


def test_four_of_a_kind_made_across_two_players_plays_burns():
    state = position(hands={1: "3S 3D 3C 8C"}, pile="9H 3H", seat=1, stock=0)
    state = act(state, "3S 3D 3C")
    assert state.pile == () and state.turn.burned
    state = act(state, "8C")
    assert state.pile[-1].text == "8C"


def test_four_of_a_kind_in_one_play_only_with_single_play_scope():
    options = {"four_kind_scope": "single_play"}
    state = act(
        position(hands={1: "3S 3D 3C 8C"}, pile="9H 3H", seat=1, options=options), "3S 3D 3C"
    )
    assert len(state.pile) == 5 and not state.turn.burned
    four = act(
        position(hands={1: "3S 3D 3C 3H 8C"}, pile="9D", seat=1, options=options), "3S 3H 3D 3C"
    )
    assert four.pile == () and four.turn.burned


def test_four_equal_cards_in_one_play_fit_on_anything():
    state = position(hands={0: "6S 6H 6D 6C"}, pile="9D")
    assert "6S 6H 6D 6C" in listed(state)


def test_more_than_four_equal_cards_leave_the_rest_in_play():
    state = position(hands={0: "7S 7S 7H 7D 7C 9S"}, pile="7H", options={"decks": 2})
    state = act(state, "7S 7S 7H 7D 7C")
    assert [c.text for c in state.pile] == ["7D", "7C"]  # 6 sevens: one four burns
    assert state.turn.burned and len(state.out) == 4


def test_picking_up_the_pile_ends_the_turn_without_a_refill():
    state = act(position(hands={0: "9S"}, pile="5H 6H", stock=5), "pickup")
    assert hand(state, 0) == ["5H", "6H", "9S"] and state.turn.seat == 1 and state.pile == ()


def test_a_player_finishing_order_and_the_one_left_loses():
    state = position(
        n=3,
        hands={0: "5H", 1: "6H", 2: "7H 8S"},
        pile="5S",
        stock=0,
        tables={0: "-", 1: "-", 2: "? ? ? ? ?"},
    )
    state = act(state, "5H")
    assert state.finished == (0,) and state.turn.seat == 1
    state = act(state, "6H")
    assert state.phase == "over"
    from tests.rules.speahx_helpers import SPEAHX

    outcome = SPEAHX.outcome(state)
    assert outcome.ranking == ((0,), (1,), (2,))
    assert outcome.scores == {"Anna": 2, "Bo": 1, "Cai": 0}
