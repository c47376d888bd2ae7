"""Dealing, the trump suit, who leads, and the rotation of the dealer."""

from __future__ import annotations

import random

import attrs

from tablelog.replay.dealer import sample
from tablelog.rules.cards import Card, parse_card, parse_cards
from tablelog.rules.events import Deal, Dealt, Move
from tablelog.rules.karnoffel import RULES
from tablelog.rules.karnoffel.deal import lowest_upcard
from tablelog.rules.karnoffel.events import Turn
from tablelog.rules.karnoffel.state import State
from tablelog.rules.zones import Zone
from tests.rules.karnoffel_helpers import (
    ALL_PLAYS,
    ANNA,
    BO,
    CAI,
    DINA,
    HANDS,
    apply,
    by,
    deal_move,
    dealt,
    header,
    play,
    refusal,
)


def test_before_the_first_deal_all_48_cards_lie_face_down_in_the_stock() -> None:
    state = RULES.start(header())
    assert state.current.stock == Zone((), 48)
    assert all(len(hand) == 0 for hand in state.hands)
    assert tuple(RULES.moves(state)) == ()
    assert RULES.chance(state) is not None


def dealt_by(state: State, seed: int, *, known: bool = True) -> Move:
    """The chance step of ``state``, sampled with a seeded random source."""
    step = RULES.chance(state)
    assert step is not None
    return sample(step, random.Random(seed), known)


def test_deal_goes_one_at_a_time_clockwise_from_the_dealers_left() -> None:
    move = dealt_by(RULES.start(header(dealer=2)), 5)
    assert [d.to for d in move.payload.cards] == ["3", "0", "1", "2"] * 5
    state = apply(RULES.start(header(dealer=2)), move)
    for seat in range(4):
        assert state.hands[seat].cards == tuple(
            d.card for d in move.payload.cards[(seat - 3) % 4 :: 4]
        )


def test_the_first_round_is_dealt_face_up_the_rest_face_down() -> None:
    move = dealt_by(RULES.start(header()), 1, known=False)
    cards = move.payload.cards
    assert [d.up for d in cards] == [True] * 4 + [False] * 16
    assert all(d.card is not None for d in cards[:4])
    assert all(d.card is None for d in cards[4:])


def test_28_cards_stay_in_the_stock_and_each_player_gets_5() -> None:
    state = dealt()
    assert state.current.stock == Zone((), 28)
    assert [len(hand) for hand in state.hands] == [5, 5, 5, 5]


def test_lowest_upcard_sets_the_trump_suit() -> None:
    assert dealt().current.trump == "H"  # up-cards 9C 3H KS 5D: the 3 is lowest


def test_lowest_is_plain_order_so_any_2_is_lowest() -> None:
    hands = ("KC 7H QS 10D 4C", "3H KD 8S 9C 6S", "2S JH 9D 5C 8H", "5D KS QC 10H JC")
    assert dealt(hands).current.trump == "S"


def test_equal_lowest_upcards_the_one_dealt_first_sets_trump() -> None:
    # Anna deals: Bo's card is dealt first, then Cai's, Dina's, Anna's.
    hands = ("2C 7H QS 10D 4C", "3H KD 8S 9C 6S", "KS JH 9D 5C 8H", "2D 5S QC 10H JC")
    assert dealt(hands).current.trump == "D"  # Dina's 2 is dealt before Anna's
    assert dealt(hands, dealer=DINA).current.trump == "C"  # now Anna's 2 is dealt first
    assert lowest_upcard(parse_cards("5S 2H 2C 9D")) == 1


def test_player_left_of_the_dealer_leads() -> None:
    assert dealt().to_play == BO
    assert dealt(dealer=CAI).to_play == DINA
    assert dealt(dealer=DINA).to_play == ANNA


def test_turn_from_stock_waits_for_a_turned_card_whose_suit_is_trump() -> None:
    state = dealt(trump_selection="turn_from_stock")
    assert state.current.trump == ""
    assert tuple(RULES.moves(state)) == ()
    step = RULES.chance(state)
    assert step is not None and step.kind == "turn"
    assert "the trump card must be turned" in refusal(state, by(BO, "3H"))
    turned = apply(state, Move(None, Turn(parse_card("9S"))))
    assert turned.current.trump == "S"  # not hearts, which the lowest up-card would have chosen
    assert turned.current.turned == Zone((parse_card("9S"),))
    assert turned.current.stock == Zone((), 27)
    assert turned.to_play == BO


def test_turned_card_comes_from_the_unaccounted_stock() -> None:
    state = dealt(trump_selection="turn_from_stock")
    step = RULES.chance(state)
    assert step is not None
    move = sample(step, random.Random(3))
    assert move.payload.card not in {c for h in HANDS for c in parse_cards(h)}
    reason = refusal(state, Move(None, Turn(parse_card("KD"))))
    assert reason == "KD cannot be turned from the stock: it is already known to be in Bo's hand"


def test_no_turn_with_lowest_upcard() -> None:
    reason = refusal(dealt(), Move(None, Turn(parse_card("9S"))))
    assert "trump_selection=lowest_upcard" in reason


def test_the_first_player_to_lead_deals_next_and_a_new_deal_gathers_every_card() -> None:
    state = play(dealt(target=2), *ALL_PLAYS)
    assert state.phase == "deal" and state.dealer == BO  # Bo led first, so Bo deals next
    step = RULES.chance(state)
    assert step is not None
    move = sample(step, random.Random(9))
    assert [d.to for d in move.payload.cards[:4]] == ["2", "3", "0", "1"]
    state = apply(state, move)
    assert state.to_play == CAI
    assert (
        state.trick == ()
        and state.current.won == (Zone(), Zone())
        and state.current.stock == Zone((), 28)
    )
    assert {c for h in state.hands for c in h.cards} == {d.card for d in move.payload.cards}


def test_deal_refusals_name_the_rule() -> None:
    start = RULES.start(header())
    move = deal_move(HANDS)
    cards = move.payload.cards
    rule = (
        "a Karnöffel deal gives 5 cards to each of 4 players, one at a time, clockwise from "
        "the dealer's left (Bo first)"
    )
    short = Move(None, Deal(cards[:19]))
    assert refusal(start, short) == (
        f"{rule}: expected 20 cards (5 to Bo, 5 to Cai, 5 to Dina, 5 to Anna), "
        "got 19 (5 to Bo, 5 to Cai, 5 to Dina, 4 to Anna)"
    )
    hidden_up = Move(None, Deal((Dealt("1", None, True), *cards[1:])))
    assert refusal(start, hidden_up) == (
        "the first round of the deal is dealt face up, so face-up cards must be entered: "
        "card 1 (to Bo) is not known"
    )
    twice = Move(None, Deal((*cards[:19], attrs.evolve(cards[19], card=cards[0].card))))
    assert refusal(start, twice) == "3H is dealt twice"
    wrong_seat = Move(None, Deal((attrs.evolve(cards[0], to="2"), *cards[1:])))
    assert refusal(start, wrong_seat) == f"{rule}: card 1 goes to Bo, not to Cai"
    ace = Move(None, Deal((attrs.evolve(cards[0], card=Card("A", "H")), *cards[1:])))
    assert refusal(start, ace) == (
        "AH is not in the Karnöffel deck (48 cards: K, Q, J, 10 down to 2; no aces)"
    )
    up_later = Move(None, Deal((*cards[:4], attrs.evolve(cards[4], up=True), *cards[5:])))
    assert refusal(start, up_later) == (
        "the first round of the deal is dealt face up: card 5 (to Bo) must be face down"
    )
    assert "already dealt" in refusal(apply(start, move), move)
    assert "no player as actor" in refusal(start, Move(ANNA, move.payload))
