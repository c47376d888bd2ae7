"""A turn of Nørdekasino: card values, captures, builds and the duty to a surviving build."""

from __future__ import annotations

import pytest

from tablelog.rules.cards import parse_card
from tablelog.rules.events import Move
from tablelog.rules.nordekasino import RULES
from tablelog.rules.nordekasino.events import Build, Trail
from tablelog.rules.nordekasino.state import card_values
from tests.rules.nordekasino_helpers import (
    ANNA,
    BO,
    CAI,
    act,
    build,
    built,
    legal,
    position,
    refusal,
    table_cards,
    take,
    texts,
    trail,
)

# -- card values ----------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("card", "values"),
    [
        ("JK", (0,)),
        ("2H", (2,)),
        ("KC", (13,)),
        ("AH", (1, 14)),
        ("AC", (1, 14)),
        ("2S", (2, 15)),
        ("10D", (10, 16)),
        ("10S", (10, 21)),
        ("10H", (10,)),
        ("10C", (10,)),
    ],
)
def test_card_values(card: str, values: tuple[int, ...]) -> None:
    assert card_values(parse_card(card)) == values


@pytest.mark.parametrize(
    ("hand", "table"),
    [
        ("JK", "7C 7D"),  # 7 mod 7 = 0: a joker takes it
        ("2S", "7C 8D"),  # the ♠2 as 15
        ("10D", "9C 7D"),  # the ♦10 as 16
        ("10S", "KC 8D"),  # the ♠10 as 21
        ("AH", "6C 8D"),  # an ace as 14
        ("AH", "5C 4D"),  # an ace as 1: 5 mod 4
    ],
)
def test_each_value_of_a_card_captures(hand: str, table: str) -> None:
    state = position([f"{hand} 3H", "4C", "5C"], table.split())
    after = act(state, take(hand, 0, 1))
    assert after.piles == () and len(after.won[ANNA]) == 3


def test_a_loose_double_card_on_the_table_keeps_both_values() -> None:
    state = position(["8D 10S", "4C", "5C"], ["AH", "7C", "2H"])
    assert act(state, take("8D", 0, 1)).piles == state.piles[2:]  # 1 + 7
    assert act(state, take("10S", 0, 1)).piles == state.piles[2:]  # 14 + 7 = 21


def test_a_build_locks_the_value_chosen_for_an_ace() -> None:
    state = position(["AH AS", "8D 10S", "5C"], ["JK", "7C"])
    state = act(state, build("AH", (0,), 14))  # the ace as 14, on the joker
    assert state.piles[-1].value == 14 and state.piles[-1].values == (14,)
    assert table_cards(state) == ["7C", "JK", "AH"]
    # Bo: as a loose ace it would be 1 + 7 = 8, but the pile is worth 14 only
    reason = refusal(state, take("8D", 0, 1))
    assert "cannot be combined into 8" in reason
    assert act(state, take("10S", 0, 1)).piles == ()  # 14 + 7 = 21


def test_a_pile_built_with_the_ace_as_1_is_not_14() -> None:
    state = position(["10S 8H", "4C", "5C"], [built(1, "AH JK", BO), "7C"])
    assert "cannot be combined into 10 or 21" in refusal(state, take("10S", 0, 1))
    assert act(state, take("8H", 0, 1)).piles == ()  # 1 + 7 = 8


# -- capture ----------------------------------------------------------------------------------


def test_capture_a_single_card() -> None:
    state = position(["7H 2C", "4C", "5C"], ["7C", "9D"])
    after = act(state, take("7H", 0))
    assert texts(after.won[ANNA].cards) == ["7H", "7C"]
    assert table_cards(after) == ["9D"] and texts(after.hands[ANNA].cards) == ["2C"]
    assert after.last_taker == ANNA and after.to_play == BO


def test_capture_by_sum() -> None:
    state = position(["7H 2C", "4C", "5C"], ["3C", "9S", "4D"])
    after = act(state, take("7H", 0, 2))
    assert table_cards(after) == ["9S"] and sorted(texts(after.won[ANNA].cards)) == [
        "3C",
        "4D",
        "7H",
    ]


def test_capture_by_modulo_of_table_cards() -> None:
    state = position(["AH 2C", "4C", "5C"], ["9C", "4D", "KS"])
    after = act(state, take("AH", 0, 1))  # 9 mod 4 = 1
    assert table_cards(after) == ["KS"]


def test_capture_several_groups_joined_by_more() -> None:
    state = position(["7H 2C", "4C", "5C"], ["3C", "4D", "7S"])
    after = act(state, take("7H", 0, 1, 2))  # (3 + 4) more 7
    assert after.piles == () and len(after.won[ANNA]) == 4


def test_capture_of_the_wrong_value_is_refused() -> None:
    state = position(["8H 2C", "4C", "5C"], ["3C", "4D"])
    reason = refusal(state, take("8H", 0, 1))
    assert "3C, 4D cannot be combined into 8" in reason


def test_a_more_pile_is_taken_only_by_its_own_value() -> None:
    state = position(["KC 7H 9D", "4C", "5C"], [built(7, "3C 4D 7S", BO, more=True), "6D"])
    assert "more" in refusal(state, take("KC", 0))
    assert act(state, take("7H", 0)).piles == state.piles[1:]


def test_a_more_pile_is_no_operand_of_a_sum() -> None:
    state = position(["9D 2H 5D", "4C", "5C"], [built(7, "3C 4D 7S", BO, more=True), "2C"])
    assert "cannot be combined into 9" in refusal(state, take("9D", 0, 1))
    # nor may a 2 from the hand be built onto it to 9 (while holding a 9)
    reason = refusal(state, build("2H", (0,), 9))
    assert "cannot be built into 9" in reason


def test_a_more_pile_and_a_group_of_its_value_are_taken_together() -> None:
    state = position(["7H 2H", "4C", "5C"], [built(7, "3C 4D 7S", BO, more=True), "2C", "5S"])
    after = act(state, take("7H", 0, 1, 2))
    assert after.piles == () and len(after.won[ANNA]) == 6


def test_a_card_not_held_cannot_be_played() -> None:
    state = position(["7H 2C", "4C", "5C"], ["7C"])
    assert refusal(state, take("7D", 0)) == "Anna does not hold 7D"


def test_only_the_player_on_turn_moves() -> None:
    state = position(["7H 2C", "7D", "5C"], ["7C"])
    assert refusal(state, take("7D", 0), BO) == "it is Anna's turn, not Bo's"


# -- build ------------------------------------------------------------------------------------


def test_build_to_a_value_held() -> None:
    state = position(["3H 7D", "4C", "5C"], ["4S", "9C"])
    after = act(state, build("3H", (0,), 7))
    pile = after.piles[-1]
    assert (pile.value, pile.more, pile.owner) == (7, False, ANNA)
    assert texts(pile.cards) == ["4S", "3H"] and table_cards(after) == ["9C", "4S", "3H"]
    assert after.to_play == BO and after.sweeps == (0, 0, 0)


def test_build_only_to_a_value_you_hold() -> None:
    state = position(["3H 9D", "4C", "7C"], ["4S"])
    reason = refusal(state, build("3H", (0,), 7))
    assert reason == "you may only build to a value you hold: Anna has no card worth 7"


def test_the_value_must_still_be_held_after_the_turn() -> None:
    state = position(["3H", "4C", "7C"], ["4S"])  # a last card builds for nobody
    assert "you may only build to a value you hold" in refusal(state, build("3H", (0,), 7))
    assert not any(isinstance(p, Build) for p in legal(state))


def test_either_value_of_a_held_double_card_is_a_target() -> None:
    state = position(["6H AD", "4C", "5C"], ["8S"])
    assert act(state, build("6H", (0,), 14)).piles[-1].value == 14  # the ace as 14


def test_build_by_modulo_with_the_hand_card_as_divisor() -> None:
    state = position(["4H AC", "4C", "5C"], ["9C"])
    after = act(state, build("4H", (0,), 1))  # 9 mod 4 = 1
    assert after.piles[-1].value == 1 and after.piles[-1].owner == ANNA


def test_build_by_modulo_with_the_hand_card_as_dividend_is_refused() -> None:
    state = position(["9S AC", "4C", "5C"], ["4H"])
    reason = refusal(state, build("9S", (0,), 1))  # 9 mod 4, but the 9 is from the hand
    assert "cannot be built into 1" in reason and "hand card as divisor" in reason
    assert Build(parse_card("9S"), (0,), 1) not in legal(state)


def test_a_table_joker_makes_the_hand_card_part_of_a_pile_deeper_in_the_tree() -> None:
    # (9S + JK) mod 4H = 1: the mod's operands are the pile 9S + JK and the 4H, so the hand
    # card is no direct operand ("deeper in the tree it is free"). The notation reads it so.
    state = position(["9S AC", "4C", "5C"], ["JK", "4H"])
    move = RULES.parse("build 9S =(9S+JK) mod 4H", state)
    assert move.payload == build("9S", (0, 1), 1)
    assert act(state, move.payload).piles[-1].value == 1


def test_build_more() -> None:
    state = position(["7H 7S", "4C", "5C"], ["7C"])
    after = act(state, build("7H", (0,), 7, more=True))
    pile = after.piles[-1]
    assert (pile.value, pile.more, pile.owner) == (7, True, ANNA)
    assert texts(pile.cards) == ["7C", "7H"] and table_cards(after) == ["7C", "7H"]


def test_build_more_onto_a_more_pile_and_groups() -> None:
    more = built(7, "7C 7D", BO, more=True)
    state = position(["4H 7S", "4C", "5C"], [more, "3C"])
    after = act(state, build("4H", (0, 1), 7, more=True))  # (4 + 3) more (more 7)
    assert after.piles[-1].more and len(after.piles[-1].cards) == 4


def test_a_more_pile_never_changes_value() -> None:
    more = built(7, "7C 7D", BO, more=True)
    state = position(["2H 9S", "4C", "5C"], [more])
    assert "cannot be built into 9" in refusal(state, build("2H", (0,), 9))


def test_building_on_another_players_pile_takes_it_over() -> None:
    state = position(["2H 9S", "4C", "5C"], [built(7, "3C 4D", BO), "KD"])
    after = act(state, build("2H", (0,), 9))
    assert after.piles[-1].owner == ANNA and after.piles[-1].value == 9
    assert after.owned(BO) == () and after.owned(ANNA) == (1,)


def test_a_build_needs_a_table_pile() -> None:
    state = position(["3H 3D", "4C", "5C"], [])
    assert refusal(state, build("3H", (), 3)) == "name at least one pile on the table"
    assert legal(state) == {trail("3H"), trail("3D")}


def test_a_build_is_announced() -> None:
    state = position(["3H 7D 7S", "4C", "5C"], ["4S", "7C"])
    assert RULES.announce(Move(ANNA, build("3H", (0,), 7)), state) == "I build 7"
    more = build("7D", (1,), 7, more=True)
    assert RULES.announce(Move(ANNA, more), state) == "I build more 7"
    assert RULES.announce(Move(ANNA, trail("3H")), state) == ""


# -- the duty to a surviving build ------------------------------------------------------------

DUTY = position(["7H 9S 2C", "4C", "5C"], [built(7, "3C 4D", ANNA), "5D", "9C"])


def test_a_surviving_build_forbids_a_trail() -> None:
    reason = refusal(DUTY, trail("9S"))
    assert "build on it or take a trick" in reason and "laying a card" in reason


def test_a_surviving_build_forbids_a_new_build() -> None:
    reason = refusal(DUTY, build("2C", (1,), 7))  # 2 + 5 = 7, but not on the own pile
    assert "build on it or take a trick" in reason and "a new build" in reason


def test_the_duty_is_met_by_building_on_the_pile() -> None:
    after = act(DUTY, build("2C", (0,), 9))
    assert after.piles[-1].owner == ANNA and after.piles[-1].value == 9


def test_the_duty_is_met_by_capturing_anything() -> None:
    after = act(DUTY, take("9S", 2))  # another trick; the pile stays Anna's
    assert after.owned(ANNA) == (0,)
    assert act(DUTY, take("7H", 0)).owned(ANNA) == ()


def test_the_legal_moves_under_the_duty() -> None:
    moves = legal(DUTY)
    assert moves and not any(isinstance(p, Trail) for p in moves)
    assert all(0 in p.piles for p in moves if isinstance(p, Build))


def test_the_duty_is_lifted_when_nothing_is_possible() -> None:
    # Anna built 9 for her partner Cai; her last card, a K, neither takes nor builds on it
    hands = ["KH", "2D", "9C", "3D"]
    state = position(hands, [built(9, "4C 5D", ANNA)], partnership=True)
    assert legal(state) == {trail("KH")}
    after = act(state, trail("KH"))
    assert table_cards(after) == ["4C", "5D", "KH"] and after.to_play == BO


def test_the_duty_belongs_to_the_last_builder_only() -> None:
    state = position(["9S 2C", "4C", "5C"], [built(7, "3C 4D", BO)], to_play=ANNA)
    assert table_cards(act(state, trail("9S")))[-1] == "9S"
    state = position(["9S 2C", "4C", "5C"], [built(7, "3C 4D", ANNA)], to_play=CAI)
    assert trail("5C") in legal(state)
