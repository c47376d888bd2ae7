"""The one deal notation: short and full forms, parsed and formatted against a plan."""

from __future__ import annotations

import random
from collections import Counter

import pytest
from hypothesis import given
from hypothesis import strategies as st

from tablelog.replay.dealer import sample
from tablelog.rules.cards import deck_french, parse_card, parse_cards
from tablelog.rules.chance import Drawing
from tablelog.rules.deal_notation import deal_forms, format_deal, parse_deal
from tablelog.rules.dealing import DealPlan, pool_order, to_each
from tablelog.rules.errors import NotationError
from tablelog.rules.events import Deal, Dealt
from tablelog.rules.vocab import TAROT
from tests.rules.deal_plans import (
    CASINO,
    KARNOFFEL,
    KARNOFFEL_DECK,
    SLOTS,
    SPEAHX,
    TWO_DECKS,
    VRIDDIOT,
)

C = parse_card
PLANS = [
    (KARNOFFEL, KARNOFFEL_DECK),
    (CASINO, deck_french()),
    (SPEAHX, TWO_DECKS),
    (VRIDDIOT, deck_french()),
    (SLOTS, deck_french()),
]


def test_short_form_is_the_face_up_cards_in_dealing_order() -> None:
    deal = parse_deal(KARNOFFEL, "9H 10C 8C 10H")
    assert [d.card for d in deal.cards[:4]] == list(parse_cards("9H 10C 8C 10H"))
    assert all(d.card is None for d in deal.cards[4:])
    assert format_deal(KARNOFFEL, deal) == "deal 9H 10C 8C 10H"
    assert parse_deal(KARNOFFEL, "9♥, 10♣, 8♣ 10♥") == deal


def test_short_form_names_a_zone_before_its_cards() -> None:
    deal = parse_deal(CASINO, "table 5C KD")
    assert [(d.to, d.card) for d in deal.cards if d.card] == [
        ("table", C("5C")),
        ("table", C("KD")),
    ]
    assert format_deal(CASINO, deal) == "deal table 5C KD"
    assert parse_deal(CASINO, "5C,KD") == deal == parse_deal(CASINO, "TABLE 5C KD")


def test_nothing_face_up_is_just_deal() -> None:
    deal = parse_deal(SPEAHX, "")
    assert all(d.card is None for d in deal.cards) and len(deal.cards) == 12
    assert format_deal(SPEAHX, deal) == "deal"


def test_full_form_names_each_place_with_its_cards() -> None:
    text = "deal Bo:9H,QS,?,?,? Cai:10C,?,?,?,? Dina:8C,?,?,?,? Anna:10H,7S,8S,9S,JS"
    deal = parse_deal(KARNOFFEL, text.removeprefix("deal "))
    assert [d.card for d in deal.cards if d.to == "0"] == list(parse_cards("10H 7S 8S 9S JS"))
    assert deal.cards[4] == Dealt("1", C("QS"), False)
    assert format_deal(KARNOFFEL, deal) == text


def test_full_form_for_a_seats_own_zones_and_numbered_places() -> None:
    deal = parse_deal(VRIDDIOT, "bo.down:AS Bo.up:KD Cai.up:2C Anna.up:7H Bo:3C")
    assert Dealt("1.down", C("AS"), False) in deal.cards and Dealt("1", C("3C")) in deal.cards
    assert format_deal(VRIDDIOT, deal) == "deal Bo.down:AS Bo.up:KD Cai.up:2C Anna.up:7H Bo:3C"
    slots = parse_deal(SLOTS, "table:1:9S table:3:QH")
    assert slots.cards[1] == Dealt("table:1", C("9S")) and slots.cards[0].card is None
    assert format_deal(SLOTS, slots) == "deal table:1:9S table:3:QH"
    assert format_deal(SLOTS, parse_deal(SLOTS, "QH")) == "deal table:3 QH"


def test_another_vocabulary_reads_its_own_cards() -> None:
    plan = DealPlan(to_each((1, 0), 2), ("Anna", "Bo"))
    deal = parse_deal(plan, "Bo:SwKn,? Anna:FOOL,T21", TAROT.read)
    assert format_deal(plan, deal) == "deal Bo:SwKn,? Anna:FOOL,T21"
    with pytest.raises(NotationError, match="Bo's 1st card, '7H', is neither a card nor a place"):
        parse_deal(plan, "Bo:7H,?", TAROT.read)


REST = "Cai:10C,?,?,?,? Dina:8C,?,?,?,? Anna:10H,?,?,?,?"


@pytest.mark.parametrize(
    ("plan", "text", "message"),
    [
        (
            KARNOFFEL,
            "9H 10C 8C",
            r"names the 4 face-up cards \(1 to Bo, 1 to Cai, 1 to Dina, 1 to Anna\)",
        ),
        (KARNOFFEL, "9H ? 8C 10H", "face-up cards must be entered"),
        (KARNOFFEL, "Bo 9H Dina 10C 8C 10H", r"face-up card 2 \(10C\) goes to Cai, not to Dina"),
        (KARNOFFEL, "9H 10C 8C 10H Anna", "no card follows Anna"),
        (KARNOFFEL, "9H 10C 8C XX", "the 4th card, 'XX', is neither a card nor a place"),
        (KARNOFFEL, "Bo:9H,?,?,?,? 10C", "write either the face-up cards alone or every card"),
        (
            KARNOFFEL,
            "Bo:9H,?,? Cai:10C,?,?,?,? Dina:8C,?,?,?,? Anna:10H,?,?,?,?",
            "Bo gets 5 cards in this deal, not 3",
        ),
        (
            KARNOFFEL,
            "Bo:?,?,?,?,? Cai:10C,?,?,?,? Dina:8C,?,?,?,? Anna:10H,?,?,?,?",
            "card 1 of Bo is face up",
        ),
        (KARNOFFEL, REST, "Bo gets face-up cards"),
        (CASINO, "table:5C,KD table:5C,KD", "table's cards are given twice"),
        (SPEAHX, "5C", "nothing is dealt face up in this deal, but 1 card was given"),
    ],
)
def test_bad_deals_name_the_problem_and_both_forms(plan, text: str, message: str) -> None:
    with pytest.raises(NotationError, match=message) as caught:
        parse_deal(plan, text)
    assert "enter the deal as deal" in str(caught.value)


def test_the_forms_show_where_the_face_up_cards_go() -> None:
    assert deal_forms(CASINO) == (
        "deal table UP UP (the face-up cards in dealing order), or deal Bo:?,?,?,? "
        "Anna:?,?,?,? table:UP,UP (each place's cards, ? unseen)"
    )
    assert deal_forms(SPEAHX).startswith("deal (nothing is face up), or deal Bo.table:?,? ")
    assert deal_forms(SPEAHX).endswith("... (each place's cards, ? unseen)")


def test_a_deal_off_the_plan_has_no_notation() -> None:
    deal = parse_deal(CASINO, "table 5C KD")
    with pytest.raises(NotationError, match="does not follow the game's deal"):
        format_deal(CASINO, Deal(deal.cards[1:]))


@given(st.data())
def test_notation_round_trips(data) -> None:
    plan, deck = data.draw(st.sampled_from(PLANS))
    rng = random.Random(data.draw(st.integers(0, 2**32)))
    full = sample(Drawing(plan, pool_order(Counter(deck))), rng).payload
    seen = data.draw(st.lists(st.booleans(), min_size=len(plan), max_size=len(plan)))
    deal = Deal(
        tuple(
            d if d.up or keep else Dealt(d.to, None, d.up)
            for d, keep in zip(full.cards, seen, strict=True)
        )
    )
    text = format_deal(plan, deal)
    assert text.startswith("deal")
    assert parse_deal(plan, text.removeprefix("deal")) == deal
    if all(d.card is None for d in deal.cards if not d.up):  # the short form, no groups
        assert not any(":" in word for word in text.split() if word != "table:3")


def test_a_name_with_spaces_is_one_place() -> None:
    plan = DealPlan(to_each((1, 0), 2, up=True), ("Anna B", "Bo"))
    deal = parse_deal(plan, "Bo:9H,2C anna b:KD,5S")
    assert [d.card for d in deal.cards if d.to == "0"] == list(parse_cards("KD 5S"))
    assert format_deal(plan, deal) == "deal 9H 2C KD 5S"
    assert parse_deal(plan, "Bo 9H 2C Anna B KD 5S") == deal


def test_a_bad_card_in_a_short_deal_is_named_with_its_place_in_the_line() -> None:
    plan = DealPlan(to_each((1, 0), 2), ("Anna", "Bo"))
    with pytest.raises(NotationError, match="the 2nd card, 'Xq', is neither a card"):
        parse_deal(plan, "9H Xq")
