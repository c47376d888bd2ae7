"""The special rules: the ♠5 that clears the table, the Adams rule (42) and sweeps."""

from __future__ import annotations

import pytest

from tablelog.rules.errors import RefusedMove
from tablelog.rules.events import Move
from tablelog.rules.nordekasino import RULES
from tablelog.rules.nordekasino.events import Adams, Capture
from tests.rules.nordekasino_helpers import (
    ANNA,
    BO,
    C,
    act,
    adams,
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

# -- the ♠5 -----------------------------------------------------------------------------------


def test_the_spade_five_clears_a_non_empty_table_with_one_sweep() -> None:
    table = ["9C", built(7, "3C 4D", BO), built(8, "8H 8D", BO, more=True), "KH"]
    state = position(["5S 8S", "4C", "5C"], table)
    move = take("5S", 0, 1, 2, 3)
    assert move in legal(state)
    assert RULES.announce(Move(ANNA, move), state) == "the spade 5 clears the table"
    after = act(state, move)
    assert after.piles == () and len(after.won[ANNA]) == 7
    assert after.sweeps == (1, 0, 0)  # one sweep, not two
    assert after.last_taker == ANNA


def test_the_spade_five_as_an_ordinary_five() -> None:
    state = position(["5S 7S", "4C", "5C"], ["2C", "3D", "KH"])
    after = act(state, take("5S", 0, 1))  # 2 + 3
    assert table_cards(after) == ["KH"] and after.sweeps == (0, 0, 0)
    after = act(state, build("5S", (0,), 7))  # 5 + 2, holding a 7
    assert after.piles[-1].value == 7
    assert "cannot be combined into 5" in refusal(state, take("5S", 2))  # not all: a 5


def test_the_spade_five_cannot_clear_an_empty_table() -> None:
    state = position(["5S 7S", "4C", "5C"], [])
    assert refusal(state, take("5S")) == "name at least one pile on the table"
    assert not any(isinstance(p, Capture) for p in legal(state))
    assert act(state, trail("5S")).piles[0].cards == (C("5S"),)


# -- the Adams rule ---------------------------------------------------------------------------


def test_a_build_to_42_is_cleared_to_the_builder() -> None:
    state = position(["10S 2C", "4C", "5C"], ["KC", "4H", "8D"])
    move = build("10S", (0, 2), 42)  # 21 + 13 + 8, though nobody holds a 42
    assert move in legal(state)
    assert RULES.announce(Move(ANNA, move), state) == "42! cleared to Anna (the Adams rule)"
    after = act(state, move)
    assert table_cards(after) == ["4H"]
    assert sorted(texts(after.won[ANNA].cards)) == ["10S", "8D", "KC"]
    assert after.last_taker == ANNA and after.to_play == BO
    assert texts(after.hands[ANNA].cards) == ["2C"]


def test_an_adams_build_that_empties_the_table_is_a_sweep() -> None:
    state = position(["10S 2C", "4C", "5C"], ["KC", "8D"])
    assert act(state, build("10S", (0, 1), 42)).sweeps == (1, 0, 0)


def test_a_table_only_adams_merge_keeps_the_turn() -> None:
    state = position(["2C 9D", "4C", "5C"], ["10S", "KC", "4H", "8D"])
    assert adams(0, 1, 3) in legal(state)
    after = act(state, adams(0, 1, 3))
    assert after.to_play == ANNA and table_cards(after) == ["4H"]
    assert sorted(texts(after.won[ANNA].cards)) == ["10S", "8D", "KC"]
    assert texts(after.hands[ANNA].cards) == ["2C", "9D"]  # the card is still to play
    assert after.last_taker == ANNA and after.sweeps == (0, 0, 0)
    assert refusal(after, trail("4C"), BO) == "it is Anna's turn, not Bo's"
    after = act(after, trail("2C"))
    assert after.to_play == BO and table_cards(after) == ["4H", "2C"]


def test_an_adams_merge_emptying_the_table_then_a_trail_is_no_sweep() -> None:
    state = position(["2C 9D", "4C", "5C"], ["10S", "KC", "8D"])
    after = act(act(state, adams(0, 1, 2)), trail("2C"))
    assert after.sweeps == (0, 0, 0) and table_cards(after) == ["2C"]


def test_an_adams_merge_must_make_42() -> None:
    state = position(["2C 9D", "4C", "5C"], ["10S", "KC", "7D", "JK"])
    assert "cannot be combined into 42" in refusal(state, adams(0, 1, 2))  # 21 + 13 + 7
    assert "cannot be combined into 42" in refusal(state, adams(0))
    assert not any(isinstance(p, Adams) for p in legal(state))


def test_an_adams_merge_never_adds_a_more_pile() -> None:
    more = built(8, "8C 8H", BO, more=True)
    state = position(["2C 9D", "4C", "5C"], ["10S", "KC", more])
    assert "more" in refusal(state, adams(0, 1, 2))


def test_a_more_21_pile_is_not_cleared() -> None:
    state = position(["10S 10S 3C", "4C", "5C"], ["KC", "8D"], decks=2)
    move = build("10S", (0, 1), 21, more=True)  # 21 more (13 + 8)
    after = act(state, move)
    assert after.piles[-1].more and after.piles[-1].value == 21
    assert table_cards(after) == ["KC", "8D", "10S"] and after.won[ANNA].cards == ()
    assert not any(isinstance(p, Adams) for p in legal(after))


def test_42_is_never_an_intermediate_value() -> None:
    # 13 + 13 + 12 + 4 = 42 is cleared at once, so ((13 + 13) + (12 + 4)) mod 5 = 2 is no
    # reading of the expression ...
    state = position(["5D 2C", "3S", "5C"], ["KH", "KS", "QH", "4C"])
    assert adams(0, 1, 2, 3) in legal(state)
    with pytest.raises(RefusedMove, match="a pile worth 42 is cleared at once"):
        RULES.parse("build 5D KH KS QH 4C =((KH+KS)+(QH+4C)) mod 5D", state)
    # ... but another tree to 2 is fine, so the build itself is legal
    assert RULES.parse("build 5D KH KS QH 4C =2", state).payload == build("5D", (0, 1, 2, 3), 2)
    assert act(state, build("5D", (0, 1, 2, 3), 2)).piles[-1].value == 2


# -- sweeps -----------------------------------------------------------------------------------


def test_a_capture_that_empties_the_table_is_a_sweep() -> None:
    state = position(["7H 2C", "4C", "5C"], ["3C", "4D"])
    after = act(state, take("7H", 0, 1))
    assert after.sweeps == (1, 0, 0)
    after = act(after, trail("4C"))
    assert after.sweeps == (1, 0, 0)


def test_a_capture_that_leaves_cards_is_no_sweep() -> None:
    state = position(["7H 2C", "4C", "5C"], ["3C", "4D", "9D"])
    assert act(state, take("7H", 0, 1)).sweeps == (0, 0, 0)


def test_a_trail_never_sweeps() -> None:
    state = position(["7H 2C", "4C", "5C"], [])
    after = act(state, trail("7H"))
    assert after.sweeps == (0, 0, 0)
    assert table_cards(after) == ["7H"]


def test_sweeps_add_up() -> None:
    state = position(["7H 2C", "4C 4D", "5C 6C"], ["3C", "4S"])
    state = act(state, take("7H", 0, 1))  # Anna sweeps
    state = act(state, trail("4C"))  # Bo trails
    state = act(state, trail("5C"))  # Cai trails
    state = act(state, trail("2C"))  # Anna trails
    state = act(state, take("4D", 0))  # Bo takes the 4C: 5C and 2C stay
    assert state.sweeps == (1, 0, 0) and table_cards(state) == ["5C", "2C"]
