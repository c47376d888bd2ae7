"""Cards, their text forms and the decks."""

from __future__ import annotations

import copy
import pickle
from collections import Counter

import attrs
import pytest
from hypothesis import given
from hypothesis import strategies as st

from tablelog.rules.cards import (
    FOOL,
    JOKER,
    Card,
    cards_text,
    deck_48,
    deck_french,
    deck_tarot,
    parse_card,
    parse_cards,
)
from tablelog.rules.errors import NotationError


@pytest.mark.parametrize(
    "text", ["7H", "7h", "7♥", "7♡", "♥7", " 7H ", "7H".lower()]
)  # fmt: skip
def test_ascii_and_unicode_suits_read_the_same_card(text):
    assert parse_card(text) == Card("7", "H")


def test_ten_has_two_spellings_and_one_canonical_text():
    assert parse_card("TS") == parse_card("10S") == parse_card("10♠")
    assert parse_card("ts").text == "10S"
    assert parse_card("10♠").pretty == "10♠"


def test_special_cards_read_and_write():
    assert parse_card("JK") == parse_card("joker") == JOKER
    assert JOKER.text == "JK"
    assert parse_card("T21") == Card("21", "T") and Card("21", "T").text == "T21"
    assert parse_card("FOOL") == FOOL and FOOL.text == "FOOL"
    assert parse_card("SwKn") == Card("Kn", "Sw") and Card("Kn", "Sw").text == "SwKn"
    assert parse_card("cu10") == Card("10", "Cu")  # a tarot house card: house, then rank
    with pytest.raises(NotationError):
        parse_card("CH")  # C is Clubs; the tarot Knight is Kn


@pytest.mark.parametrize("text", ["", "XX", "11H", "7X", "T22", "H"])
def test_garbled_cards_are_refused_with_the_form_to_use(text):
    with pytest.raises(NotationError, match=r"rank then suit|expected a card"):
        parse_card(text)


def test_repr_is_code_that_builds_the_card():
    card = parse_card("QD")
    assert eval(repr(card)) == card


def test_decks_have_the_right_cards():
    assert len(deck_french()) == 52 and len(set(deck_french())) == 52
    assert Counter(deck_french(jokers=2))[JOKER] == 2
    assert len(deck_48()) == 48 and not any(c.rank == "A" for c in deck_48())
    tarot = deck_tarot()
    assert len(tarot) == 78 and len(set(tarot)) == 78
    assert sum(c.suit == "T" for c in tarot) == 22  # 21 trumps and the Fool


def test_several_decks_mixed_make_a_multiset():
    two = deck_48(decks=2)
    assert len(two) == 96 and set(Counter(two).values()) == {2}


@given(st.lists(st.sampled_from(deck_french(jokers=1) + deck_tarot()), max_size=8))
def test_cards_round_trip_through_their_text(cards):
    text = cards_text(cards)
    assert parse_cards(text) == tuple(cards)
    assert parse_cards(cards_text(cards, pretty=True)) == tuple(cards)


def test_cards_are_interned_through_every_way_of_making_one() -> None:
    card = Card("7", "H")
    assert parse_card("7♥") is card
    assert Card(rank="7", suit="H") is card
    assert pickle.loads(pickle.dumps(card)) is card
    assert copy.deepcopy(card) is card
    assert attrs.evolve(card, suit="S") is Card("7", "S")
    assert card != Card("7", "S")
    assert {card: 1}[parse_card("7h")] == 1
