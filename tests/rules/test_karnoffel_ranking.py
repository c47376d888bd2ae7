"""The Karnöffel trick order, line by line (hearts are trump in every example)."""

from __future__ import annotations

import pytest

from tablelog.rules.cards import parse_cards
from tablelog.rules.karnoffel.ranking import card_key, trick_winner_index, trump_name
from tablelog.rules.karnoffel.state import ANY_SUIT, DECK, LED_SUIT


def winner(cards: str, scope: str = LED_SUIT, trump: str = "H") -> str:
    """The card that wins the trick ``cards`` (play order)."""
    trick = parse_cards(cards)
    return trick[trick_winner_index(trick, trump, scope)].text


@pytest.mark.parametrize(
    ("trick", "expected"),
    [
        # Karnöffel (J of trump) beats everything, the led Devil included
        ("7H 6H JH 2H", "JH"),
        ("KS JH 3H QS", "JH"),
        # the Devil (7 of trump) led beats everything but the Karnöffel
        ("7H 6H 2H KH", "7H"),
        ("7H KH 3H QH", "7H"),
        # ... and when it is not led it is "nur eine 7" and loses, even to a led 8 of trump
        ("9S 7H", "9S"),
        ("8H 7H", "8H"),
        ("2D 7H 5C 4S", "2D"),
        # Papst (6) beats everything but those two; Kaiser (2) the rest
        ("2H 6H KS", "6H"),
        ("KS 2H 3H", "2H"),
        # King of the led suit beats the Oberstecher (3); a King of another suit does not
        ("KS 3H", "KS"),
        ("9S 3H KS", "KS"),
        ("9S 3H KD", "3H"),
        # Oberstecher beats the Queen of the led suit
        ("QS 3H", "3H"),
        # Queen of the led suit beats the Unterstecher (4); another suit's Queen does not
        ("9S 4H QS", "QS"),
        ("9S 4H QD", "4H"),
        # Unterstecher beats the Jack of the led suit
        ("JS 4H", "4H"),
        # Jack of the led suit beats the Farbenstecher (5); another suit's Jack does not
        ("JS 5H", "JS"),
        ("9S 5H JD", "5H"),
        # Farbenstecher beats the plain cards of the led suit
        ("10S 5H 9S", "5H"),
        # plain cards of the led suit in plain order; off-suit non-trumps never win
        ("8S 10S 2S 9S", "10S"),
        ("2S KD QC 10D", "2S"),
        # trump suit led: its King and Queen act as the led suit's King and Queen
        ("3H KH", "KH"),
        ("4H QH", "QH"),
        ("KH 3H", "KH"),
        ("QH 3H", "3H"),
        # trump suit led: 10, 9, 8 of trump rank as led-suit cards, the Farbenstecher above
        ("8H 10H 9H", "10H"),
        ("10H 5H", "5H"),
        # the chosen suit's 10, 9, 8, K and Q are no trumps when another suit is led
        ("9S 10H 9H 8H", "9S"),
        ("2C KH QH", "2C"),
    ],
)
def test_trick_order(trick: str, expected: str) -> None:
    assert winner(trick) == expected


@pytest.mark.parametrize(
    ("trick", "led_suit", "any_suit"),
    [
        # an off-suit King beats the Oberstecher only under any_suit
        ("9S 3H KD", "3H", "KD"),
        ("3H KS", "3H", "KS"),
        # an off-suit Queen beats the Unterstecher, an off-suit Jack the Farbenstecher
        ("9S 4H QD", "4H", "QD"),
        ("9S 5H JC", "5H", "JC"),
        # ... but a Jack does not beat the Unterstecher, nor a Queen the Oberstecher
        ("9S 4H JD", "4H", "4H"),
        ("9S 3H QD", "3H", "3H"),
        # same tier: the led suit's card beats an off-suit one, else the first played wins
        ("9S 3H KD KS", "KS", "KS"),
        ("9S 3H KD KC", "3H", "KD"),
        # an off-suit court card beats only a stecher, never a led-suit card
        ("QS 5H KD", "QS", "QS"),
        ("9S KD", "9S", "9S"),
        # ... nor a Königstecher
        ("9S 2H KD", "2H", "2H"),
    ],
)
def test_stecher_scope(trick: str, led_suit: str, any_suit: str) -> None:
    assert winner(trick, LED_SUIT) == led_suit
    assert winner(trick, ANY_SUIT) == any_suit


def test_the_order_is_total_among_cards_that_can_win() -> None:
    """No two different cards share a strength above 0 in any trick: ties cannot happen."""
    for lead in ("S", "H", "D", "C", "devil"):
        keys = [card_key(card, "H", lead) for card in DECK]
        winning = [k for k in keys if k > 0]
        assert len(winning) == len(set(winning))


def test_trump_names() -> None:
    names = {card.text: trump_name(card, "H") for card in parse_cards("JH 7H 6H 2H 3H 4H 5H")}
    assert names == {
        "JH": "Karnöffel",
        "7H": "Devil",
        "6H": "Papst",
        "2H": "Kaiser",
        "3H": "Oberstecher",
        "4H": "Unterstecher",
        "5H": "Farbenstecher",
    }
    assert [trump_name(c, "H") for c in parse_cards("KH QH 10H 9H 8H JS")] == [None] * 6
