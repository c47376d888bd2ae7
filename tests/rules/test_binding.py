"""Binding face-down cards, and the shared sentences that say where a card is."""

from __future__ import annotations

from collections import Counter

import pytest

from tablelog.rules.binding import CannotBind, Locator, bind, bind_slot, in_hand, lies_on, taken_by
from tablelog.rules.cards import parse_card, parse_cards
from tablelog.rules.zones import Slot, Slots, Zone, unaccounted

C = parse_card
DECK = parse_cards("7H 8H 9H 10H 7S 8S")
ZONES = {
    "hand:0": Zone((C("7H"),), 2),
    "hand:1": Zone((C("9H"),)),
    "table": Zone((C("10H"),)),
    "won:0": Zone((C("7S"),)),
}
LOCATOR = Locator(
    {
        "hand:0": in_hand("Anna"),
        "hand:1": in_hand("Bo"),
        "table": lies_on("the table"),
        "won:0": taken_by("Anna & Cai"),
    }
)


def where(card):
    return LOCATOR.where(card, ZONES, Counter(DECK))


@pytest.mark.parametrize(
    ("card", "phrase"),
    [
        ("9H", "it is already known to be in Bo's hand"),
        ("10H", "it lies on the table"),
        ("7S", "it was taken by Anna & Cai"),
        ("AS", "it is not in this game's deck"),
        ("8S", "it is not among the cards still unaccounted for"),
    ],
)
def test_where_a_card_is(card: str, phrase: str) -> None:
    assert where(C(card)) == phrase


def test_the_deck_is_named_as_the_game_names_it() -> None:
    karnoffel = Locator({}, "the Karnöffel deck")
    assert karnoffel.where(C("AH"), {}, Counter(DECK)) == "it is not in the Karnöffel deck"


def test_a_known_card_is_taken_before_a_face_down_one() -> None:
    pool = unaccounted(DECK, ZONES.values())
    assert bind(ZONES["hand:0"], C("7H"), pool, holder="Anna", where=where) == Zone((), 2)


def test_a_face_down_card_binds_to_an_unaccounted_identity() -> None:
    pool = unaccounted(DECK, ZONES.values())
    assert bind(ZONES["hand:0"], C("8S"), pool, holder="Anna", where=where) == Zone((C("7H"),), 1)


def test_a_card_known_elsewhere_is_refused_with_where_it_is() -> None:
    pool = unaccounted(DECK, ZONES.values())
    with pytest.raises(CannotBind) as caught:
        bind(ZONES["hand:0"], C("9H"), pool, holder="Anna", where=where)
    assert str(caught.value) == "Anna cannot hold 9H: it is already known to be in Bo's hand"
    with pytest.raises(CannotBind, match=r"^Bo does not hold 8S$"):
        bind(ZONES["hand:1"], C("8S"), pool, holder="Bo", where=where)


def test_with_two_decks_a_second_copy_may_be_bound() -> None:
    two = DECK * 2
    pool = unaccounted(two, ZONES.values())
    assert bind(ZONES["hand:0"], C("9H"), pool, holder="Anna", where=where).hidden == 1


def test_a_numbered_place_is_turned_and_bound() -> None:
    slots = Slots((Slot(), Slot(C("7H"), True), None))
    pool = Counter({C("8S"): 1})
    turned = bind_slot(slots, 0, C("8S"), pool, place="Cai's table card 1", where=where)
    assert turned.slots[0] == Slot(C("8S"), True)
    with pytest.raises(CannotBind, match=r"^Cai's table card 3 is empty$"):
        bind_slot(slots, 2, C("8S"), pool, place="Cai's table card 3", where=where)
    with pytest.raises(CannotBind, match=r"^Cai's table card 2 is 7H, not 8S$"):
        bind_slot(slots, 1, C("8S"), pool, place="Cai's table card 2", where=where)
    with pytest.raises(CannotBind, match=r"cannot be 10H: it lies on the table$"):
        bind_slot(slots, 0, C("10H"), pool, place="Cai's table card 1", where=where)
