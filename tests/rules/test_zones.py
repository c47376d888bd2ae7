"""Zones: known cards, face-down counts, and binding a face-down card to an identity."""

from __future__ import annotations

from collections import Counter

import pytest

from tablelog.rules.cards import deck_48, parse_card
from tablelog.rules.zones import Zone, unaccounted, zone_total

SEVEN, NINE = parse_card("7H"), parse_card("9S")


def test_a_known_card_is_taken_out():
    zone = Zone((SEVEN, NINE))
    assert zone.remove(SEVEN) == Zone((NINE,))
    assert len(zone) == 2 and SEVEN in zone


def test_a_face_down_card_binds_to_an_unaccounted_identity():
    hand = Zone((SEVEN,), hidden=4)
    pool = unaccounted(deck_48(), [hand])
    assert hand.remove(NINE, pool) == Zone((SEVEN,), hidden=3)
    assert hand.reveal(NINE, pool) == Zone((SEVEN, NINE), hidden=3)


def test_a_card_known_elsewhere_cannot_be_a_face_down_card():
    hand, other = Zone((), hidden=4), Zone((NINE,))
    pool = unaccounted(deck_48(), [hand, other])
    assert pool[NINE] == 0
    with pytest.raises(KeyError):
        hand.remove(NINE, pool)
    assert not hand.could_hold(NINE, pool) and hand.could_hold(SEVEN, pool)


def test_without_a_pool_only_known_cards_come_out():
    with pytest.raises(KeyError):
        Zone((), hidden=3).remove(SEVEN)


def test_with_two_decks_a_second_copy_is_still_unaccounted():
    pool = unaccounted(deck_48(decks=2), [Zone((SEVEN,))])
    assert pool[SEVEN] == 1 and pool[NINE] == 2


def test_zone_total_counts_known_cards_and_face_down_ones():
    known, hidden = zone_total({"a": Zone((SEVEN,), 2), "b": Zone((SEVEN, NINE), 1)})
    assert known == Counter({SEVEN: 2, NINE: 1}) and hidden == 3


def test_unaccounted_is_the_deck_less_each_zone_in_turn():
    """The pool counted in C calls is what subtracting each zone's cards in turn gives:
    the same counts in the same order, a card known twice below zero, a card from no deck
    of the game added after the deck's own (as ``Counter.subtract`` adds it)."""
    deck = deck_48() + deck_48()[:5]  # some cards in two copies
    stray = parse_card("JK")
    zones = [
        Zone((NINE, SEVEN), hidden=2),
        Zone(()),
        Zone((stray, NINE, NINE, deck[0]), hidden=1),
        Zone((deck[3], stray)),
    ]
    expected = Counter(deck)
    for zone in zones:
        expected.subtract(zone.cards)
    pool = unaccounted(deck, zones)
    assert list(pool.items()) == list(expected.items())
    assert pool[NINE] == deck.count(NINE) - 3 < 0 and pool[stray] == -2 and pool[deck[0]] == 1
    assert list(unaccounted(deck, [Zone(), Zone((), 3)]).items()) == list(Counter(deck).items())
