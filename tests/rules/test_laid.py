"""Who laid each card of a pile (``rules.laid``): cards added on top are the actor's, a
pile cut down keeps its layers, anything else is not known."""

from __future__ import annotations

from tablelog.rules.cards import parse_card
from tablelog.rules.laid import TABLE, laid_by


def cards(text: str):  # type: ignore[no-untyped-def]
    return tuple(parse_card(c) for c in text.split())


def test_cards_laid_on_top_are_the_actors():
    assert laid_by(cards("5H"), cards("5H 7C 7D"), (0,), 2) == (0, 2, 2)


def test_a_card_turned_by_the_table_has_no_layer():
    assert laid_by(cards("5H"), cards("5H 9S"), (1,), None) == (1, TABLE)


def test_a_pile_cut_down_keeps_the_layers_below():
    assert laid_by(cards("5H 7C 7D"), cards("5H"), (0, 2, 1), 3) == (0,)
    assert laid_by(cards("5H 7C"), (), (0, 2), 1) == ()  # picked up: empty


def test_a_rebuilt_pile_or_lost_layers_are_not_known():
    assert laid_by(cards("5H 7C"), cards("9S 7C"), (0, 2), 1) == (TABLE, TABLE)
    assert laid_by(cards("5H 7C"), cards("5H 7C 8D"), (0,), 1) == (TABLE, TABLE, 1)
