"""The Nørdekasino notation: what a person types, parsed, formatted and refused."""

from __future__ import annotations

import pytest

from tablelog.rules.errors import NotationError, RefusedMove
from tablelog.rules.events import Move
from tablelog.rules.nordekasino import RULES
from tablelog.rules.nordekasino.events import Build, OpenHand, Reveal
from tablelog.rules.nordekasino.state import State
from tests.rules.nordekasino_helpers import (
    ANNA,
    BO,
    C,
    adams,
    build,
    built,
    position,
    take,
    trail,
)

TABLE = position(["7H 4H 4D 5S", "9D 2C", "3S JK"], ["3C", "9S", "4C", built(7, "3D 4S", BO)])


def parsed(text: str, state: State = TABLE) -> Move:
    move = RULES.parse(text, state)
    assert RULES.parse(RULES.format(move, state), state) == move
    return move


def refused(text: str, state: State = TABLE) -> str:
    """The sentence for text that is garbled (``NotationError``) or reads as a move this
    position refuses (``RefusedMove``)."""
    with pytest.raises((NotationError, RefusedMove)) as caught:
        RULES.parse(text, state)
    return str(caught.value)


@pytest.mark.parametrize(
    ("text", "payload", "canonical"),
    [
        ("take 7H 3C 4C", take("7H", 0, 2), "take 7H 3C 4C"),
        ("take 7H 4S", take("7H", 3), "take 7H 3D"),  # any card names its pile
        ("TAKE 7♥ 3♣ 4♣", take("7H", 0, 2), "take 7H 3C 4C"),
        ("capture 7H 3D", take("7H", 3), "take 7H 3D"),
        ("take 5S all", take("5S", 0, 1, 2, 3), "take 5S all"),
        ("trail 7H", trail("7H"), "trail 7H"),
        ("trail th", trail("10H"), "trail 10H"),
        ("build 4H 3C", build("4H", (0,), 7), "build 4H 3C"),  # 4 + 3: the only held value
        ("build 4H 4C =more 4", build("4H", (2,), 4, more=True), "build 4H 4C"),
    ],
)
def test_moves_parse_and_format(text: str, payload: object, canonical: str) -> None:
    move = parsed(text)
    assert move == Move(ANNA, payload)
    assert RULES.format(move, TABLE) == canonical


def test_a_name_first_names_the_player() -> None:
    assert parsed("Bo take 9D 9S") == Move(BO, take("9D", 1))
    assert RULES.parse("bo: take 9D 9S", TABLE) == Move(BO, take("9D", 1))
    assert RULES.format(Move(BO, take("9D", 1)), TABLE) == "Bo take 9D 9S"


def test_build_to_a_value_given_with_equals() -> None:
    state = position(["3H 7D AC", "4C", "5C"], ["4S"])
    with pytest.raises(NotationError, match=r"can make 1 or 7: add =VALUE to choose"):
        RULES.parse("build 3H 4S", state)  # 4 + 3 = 7 or 4 mod 3 = 1, both held
    assert parsed("build 3H 4S =7", state).payload == build("3H", (0,), 7)
    assert parsed("build 3H 4S =1", state).payload == build("3H", (0,), 1)
    assert RULES.format(Move(ANNA, build("3H", (0,), 7)), state) == "build 3H 4S =7"


def test_build_more_with_equals_more() -> None:
    state = position(["7H 7S", "4C", "5C"], ["7C"])
    move = parsed("build 7H 7C =more 7", state)
    assert move.payload == build("7H", (0,), 7, more=True)
    assert RULES.format(move, state) == "build 7H 7C"  # the only thing it can make
    state = position(["7H 7S AD", "4C", "5C"], ["7C", "3S", "4D"])
    assert parsed("build 7H 7C 3S 4D =more 7", state).payload == build(
        "7H", (0, 1, 2), 7, more=True
    )
    assert "=more 7" in RULES.format(Move(ANNA, build("7H", (0, 1, 2), 7, more=True)), state)


def test_build_by_expression() -> None:
    state = position(["4H 4D AD", "4C", "5C"], ["9S", "3C", "KD"])
    move = parsed("build 4H 9S 3C =(9S mod 4H)+3C", state)
    assert move.payload == build("4H", (0, 1), 4)  # 9 mod 4 = 1, + 3 = 4
    assert parsed("build 4H =(9S mod 4H)+3C", state) == move  # the piles from the expression
    assert parsed("build 4H 9S 3C =(9S % 4H) + 3C", state) == move
    assert parsed("build 4H 9S =9S mod 4H", state).payload == build("4H", (0,), 1)


def test_an_expression_with_more() -> None:
    state = position(["7H 7S", "4C", "5C"], ["7C", "3S", "4D"])
    move = parsed("build 7H =7H more (3S+4D)", state)
    assert move.payload == build("7H", (1, 2), 7, more=True)
    assert parsed("build 7H =7C & 7H", state).payload == build("7H", (0,), 7, more=True)


def test_an_expression_breaking_the_mod_rule_is_refused() -> None:
    state = position(["9S AC", "4C", "5C"], ["4H"])
    reason = refused("build 9S =9S mod 4H", state)
    assert "in 9 mod 4 the hand card is a" in reason
    assert "straight from the hand must be b" in reason
    assert "needs a >= b" in refused("build 9S =4H mod 9S", state)
    assert '"more" joins piles of equal value' in refused("build 9S =9S more 4H", state)


def test_expression_errors_name_the_problem() -> None:
    state = position(["4H 4D AD", "4C", "5C"], ["9S", "3C", "KD"])
    assert "must use exactly the piles named" in refused("build 4H 9S =(9S mod 4H)+3C", state)
    assert "must use the hand card 4H" in refused("build 4H =9S+3C", state)
    assert "not closed" in refused("build 4H =(9S mod 4H+3C", state)
    assert "ends too early" in refused("build 4H =9S mod", state)
    assert "used twice" in refused("build 4H =9S + 9S + 4H", state)


def test_a_pile_named_by_number() -> None:
    state = position(["7H 2C", "4C", "5C"], ["7C", "7C", "9D"], decks=2)
    assert "7C lies in more than one pile: name the pile as #1 or #2" in refused(
        "take 7H 7C", state
    )
    move = parsed("take 7H #2", state)
    assert move.payload == take("7H", 1)
    assert RULES.format(move, state) == "take 7H #2"
    assert RULES.format(Move(ANNA, take("7H", 0, 1)), state) == "take 7H #1 #2"


def test_adams_reveal_and_open_parse_and_format() -> None:
    state = position(["2C", "4C", "5C"], ["10S", "KC", "8D"], thomas_kragh=True)
    assert parsed("adams 10S KC 8D", state).payload == adams(0, 1, 2)
    assert RULES.format(Move(ANNA, adams(0, 1, 2)), state) == "adams 10S KC 8D"
    assert parsed("reveal 2C", state) == Move(ANNA, Reveal(C("2C")))
    assert RULES.format(Move(ANNA, Reveal(C("2C"))), state) == "reveal 2C"
    assert parsed("Bo open", state) == Move(BO, OpenHand())
    assert RULES.format(Move(BO, OpenHand()), state) == "Bo open"


@pytest.mark.parametrize(
    ("text", "problem"),
    [
        ("", "expected a move"),
        ("fly 7H", "'fly' is not a Nørdekasino move"),
        ("take 7X 3C", "'7X' is not a card"),
        ("take 7H 8D", "8D is not on the table"),
        ("take 7H #9", "there is no pile #9: the table has 4 piles"),
        ("take 7H #x", "a pile number is # and a number"),
        ("take 7H 3C 3C", "a pile is named twice"),
        ("take", "take names the hand card and the piles"),
        ("trail 7H 4H", "trail names one card"),
        ("build", "build names the hand card and the piles"),
        ("build 4H", "name the piles to build with"),
        ("build 4D 9S", "make 1 or 13: no value you hold"),
        ("adams", "name at least one table pile"),
    ],
)
def test_bad_text_names_the_problem(text: str, problem: str) -> None:
    assert problem in refused(text)


STATES = [
    TABLE,
    position(["4H 4D AD 9H", "4C", "5C"], ["9S", "3C", "KD", "JK"]),
    position(["7H 7S 5S", "4C", "5C"], ["7C", "3S", "4D", built(7, "7D 7C", BO, more=True)]),
    position(["10S 2C 2S", "4C", "5C"], ["KC", "8D", "AH", "10D"]),
    position(
        ["3H 9S", "AH 5D", "7D 6C", "KD 2D"],
        ["4C", built(9, "4S 5S", ANNA)],
        partnership=True,
        thomas_kragh=True,
        open_hand_penalty=True,
    ),
]


@pytest.mark.parametrize("state", STATES)
def test_every_legal_move_round_trips_through_its_text(state: State) -> None:
    moves = tuple(RULES.moves(state))
    assert moves
    for move in moves:
        text = RULES.format(move, state)
        assert RULES.parse(text, state) == move, text


def test_build_for_partner_text() -> None:
    state = STATES[-1]
    move = parsed("build 3H 4C for partner", state)
    assert move.payload == Build(C("3H"), (0,), 7, False, True)
    assert RULES.format(move, state) == "build 3H 4C for partner"
