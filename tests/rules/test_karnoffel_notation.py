"""The Karnöffel notation: plays, deals and turned cards, parsed and formatted."""

from __future__ import annotations

import random

import pytest
from hypothesis import given
from hypothesis import strategies as st

from tablelog.replay.dealer import sample
from tablelog.rules.cards import Card, parse_card
from tablelog.rules.errors import NotationError
from tablelog.rules.events import Move
from tablelog.rules.karnoffel import RULES
from tablelog.rules.karnoffel.events import Play, Turn
from tablelog.rules.karnoffel.state import DECK
from tests.rules.karnoffel_helpers import ANNA, BO, HANDS, deal_move, dealt, header

STATE = dealt()  # Bo to play


@pytest.mark.parametrize("text", ["KD", "kd", "K♦", "♦K", " KD ", "Bo KD", "bo: KD", "BO:kd"])
def test_a_play_is_just_the_card_optionally_after_the_name(text: str) -> None:
    assert RULES.parse(text, STATE) == Move(BO, Play(parse_card("KD")))


def test_ten_is_written_10_or_t() -> None:
    assert (
        RULES.parse("th", STATE) == RULES.parse("10♥", STATE) == Move(BO, Play(parse_card("10H")))
    )


def test_a_name_not_at_the_table_is_refused() -> None:
    with pytest.raises(NotationError, match="'Zed' is not a player"):
        RULES.parse("Zed KD", STATE)


def test_another_players_name_parses_and_apply_refuses_the_turn() -> None:
    move = RULES.parse("Anna 9C", STATE)
    assert move == Move(ANNA, Play(parse_card("9C")))
    assert RULES.format(move, STATE) == "Anna 9C"


def test_format_a_play_is_the_ascii_card() -> None:
    assert RULES.format(Move(BO, Play(parse_card("10H"))), STATE) == "10H"


def test_short_deal_form_gives_the_up_cards_and_leaves_the_rest_face_down() -> None:
    start = RULES.start(header())
    move = RULES.parse("deal 3H KS 5D 9C", start)  # from Bo, left of the dealer Anna
    assert move == deal_move(HANDS, known=False)
    assert RULES.format(move, start) == "deal 3H KS 5D 9C"


def test_short_deal_form_may_name_the_players_and_checks_them() -> None:
    start = RULES.start(header())
    named = RULES.parse("deal Bo 3H cai KS Dina 5D Anna 9C", start)
    assert named == deal_move(HANDS, known=False)
    with pytest.raises(NotationError, match=r"face-up card 2 \(KS\) goes to Cai, not to Dina"):
        RULES.parse("deal Bo 3H Dina KS 5D 9C", start)


def test_full_deal_form_gives_every_card() -> None:
    start = RULES.start(header())
    text = "deal Bo:3H,KD,8S,2C,6S Cai:KS,JH,9D,5C,8H Dina:5D,2S,QC,10H,JC Anna:9C,7H,QS,10D,4C"
    assert RULES.parse(text, start) == deal_move(HANDS)
    assert RULES.format(deal_move(HANDS), start) == text
    spaced = (
        "DEAL bo : 3♥, K♦,8♠,2♣,6♠ Cai:KS,JH,9D,5C,8H Dina:5D,2S,QC,10H,JC Anna:9C,7H,QS,10D,4C"
    )
    assert RULES.parse(spaced, start) == deal_move(HANDS)
    reordered = (
        "deal Anna:9C,7H,QS,10D,4C Bo:3H,KD,8S,2C,6S Cai:KS,JH,9D,5C,8H Dina:5D,2S,QC,10H,JC"
    )
    assert RULES.parse(reordered, start) == deal_move(HANDS)


def test_full_deal_form_with_unknown_cards() -> None:
    start = RULES.start(header())
    text = "deal Bo:3H,KD,?,?,? Cai:KS,?,?,?,? Dina:5D,?,?,?,? Anna:9C,?,?,?,?"
    move = RULES.parse(text, start)
    assert move.payload.cards[4].card == parse_card("KD")
    assert move.payload.cards[5].card is None
    assert RULES.format(move, start) == text


def test_turn() -> None:
    state = dealt(trump_selection="turn_from_stock")
    assert RULES.parse("turn 9s", state) == Move(None, Turn(parse_card("9S")))
    assert RULES.format(Move(None, Turn(parse_card("9S"))), state) == "turn 9S"


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("", "expected a move"),
        ("7X", "is not a card"),
        (
            "deal 3H KS 5D",
            r"a deal names the 4 face-up cards \(1 to Bo, 1 to Cai, 1 to Dina, 1 to Anna\) "
            "in dealing order, got 3",
        ),
        ("deal ? KS 5D 9C", "the first round of the deal is dealt face up"),
        ("deal Bo:3H,KD,8S Cai:KS,?,?,?,? Dina:5D,?,?,?,? Anna:9C,?,?,?,?", "Bo gets 5 cards"),
        ("deal Bo:?,?,?,?,? Cai:KS,?,?,?,? Dina:5D,?,?,?,? Anna:9C,?,?,?,?", "card 1 of Bo is"),
        ("deal Cai:KS,?,?,?,? Dina:5D,?,?,?,? Anna:9C,?,?,?,?", "Bo gets face-up cards"),
        ("deal Bo:3H,?,?,?,? Bo:3H,?,?,?,?", "Bo's cards are given twice"),
        ("deal Bo:3H,?,?,?,? KS 5D 9C", "write either the face-up cards alone or every card"),
        ("deal 3H KS 5D Zed", "the 4th card, 'Zed', is neither a card nor a place"),
        ("deal 3H KS 5D 9C Anna", "no card follows Anna"),
        ("turn", "expected turn CARD"),
    ],
)
def test_bad_notation_names_the_problem_and_the_form(text: str, message: str) -> None:
    with pytest.raises(NotationError, match=message):
        RULES.parse(text, RULES.start(header()))


@given(st.sampled_from(DECK), st.sampled_from([None, 0, 1, 2, 3]), st.booleans())
def test_play_notation_round_trips(card: Card, actor: int | None, pretty: bool) -> None:
    move = Move(BO if actor is None else actor, Play(card))
    text = RULES.format(move, STATE)
    assert RULES.parse(text, STATE) == move
    unicode = text.replace(move.payload.card.text, move.payload.card.pretty) if pretty else text
    assert RULES.parse(unicode, STATE) == move


@given(st.randoms(use_true_random=False), st.booleans(), st.integers(0, 3))
def test_deal_notation_round_trips(rng: random.Random, known: bool, dealer: int) -> None:
    state = RULES.start(header(dealer=dealer))
    step = RULES.chance(state)
    assert step is not None
    move = sample(step, rng, known)
    assert RULES.parse(RULES.format(move, state), state) == move


def test_every_legal_move_of_a_physical_game_round_trips() -> None:
    state = dealt(known=False)
    for move in tuple(RULES.moves(state)):
        assert RULES.parse(RULES.format(move, state), state) == move
