"""Native card names (``rules/native.py``): one example per language, the German letters,
the emoji form, deck-awareness and the names written back."""

from __future__ import annotations

import pytest

from tablelog.rules.cards import Card, parse_card
from tablelog.rules.errors import NotationError
from tablelog.rules.native import name, normalize
from tablelog.rules.vocab import FRENCH, TAROT


@pytest.mark.parametrize(
    ("lang", "typed", "card"),
    [
        ("nb", "hjerter dame", Card("Q", "H")),
        ("nb", "spar 5", Card("5", "S")),
        ("da", "ruder knægt", Card("J", "D")),
        ("da", "klør es", Card("A", "C")),
        ("sv", "hjärter kung", Card("K", "H")),
        ("sv", "klöver 10", Card("10", "C")),
        ("de", "Herz König", Card("K", "H")),
        ("de", "Kreuz Daus", Card("A", "C")),
        ("de", "Pik Ober", Card("Q", "S")),
    ],
)
def test_a_card_in_the_words_of_each_language(lang: str, typed: str, card: Card):
    assert FRENCH.read(typed) == card
    assert FRENCH.read(name(card, lang)) == card  # written back, read again


def test_phrases_inside_a_line_become_tokens_and_the_rest_stays():
    assert normalize("take spar 5 ruter 10 8C") == "take 5S 10D 8C"
    assert normalize("dame hjerter") == "QH"  # the rank first too
    assert normalize("deal Bo:spar 5,ruter 10 Cai:8C") == "deal Bo:5S,10D Cai:8C"
    assert normalize("build KD =7 more") == "build KD =7 more"
    assert normalize("Anna 7H") == "Anna 7H"


def test_german_unter_and_ober_letters_for_karnoffel():
    assert FRENCH.read("UH") == Card("J", "H")
    assert FRENCH.read("♥O") == Card("Q", "H")
    assert FRENCH.read("OS") == Card("Q", "S")


def test_the_emoji_variation_selector_a_phone_types():
    assert parse_card("K♥\ufe0f") == Card("K", "H")
    assert FRENCH.read("♠\ufe0f7") == Card("7", "S")


def test_the_tarot_deck_does_not_read_french_native_names():
    with pytest.raises(NotationError):
        TAROT.read("hjerter dame")
    assert TAROT.read("SwKn") == Card("Kn", "Sw")


def test_names_written_per_language():
    queen = Card("Q", "H")
    assert [name(queen, lang) for lang in ("en", "nb", "da", "sv", "de")] == [
        "Queen of Hearts",
        "hjerter dame",
        "hjerter dame",
        "hjärter dam",
        "Herz Dame",
    ]
