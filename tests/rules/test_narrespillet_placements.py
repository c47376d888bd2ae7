"""Every placement type, the ranking between them, and the tie-breaks."""

from __future__ import annotations

import pytest

from tablelog.rules.cards import parse_cards
from tablelog.rules.narrespillet.placements import classify
from tests.rules.narrespillet_helpers import apply, forfeit_all, play, refusal, table


def kind(text: str, house: str, magic: str | None = None, variant: str = "standard"):  # type: ignore[no-untyped-def]
    from tablelog.rules.cards import parse_card

    return classify(parse_cards(text), house, parse_card(magic) if magic else None, variant)


@pytest.mark.parametrize(
    ("cards", "house", "expected"),
    [
        ("T21", "Cu", "world"),
        ("T3 T4", "Sw", "imperial"),
        ("SwQ SwK", "Sw", "royal"),
        ("CuP T6", "Cu", "illegitimate"),
        ("T4 T6", "Co", "illegitimate"),
        ("Co10 Co8", "Co", "sum18"),
        ("StKn", "St", "knight"),
        ("StKn StA", "St", "knight"),
        ("Co10 Co5", "Co", "sum15"),
        ("SwP SwA", "Sw", "page"),
        ("Cu2 Cu3", "Cu", "sum"),
    ],
)
def test_each_placement_type(cards, house, expected):
    result = kind(cards, house)
    assert not isinstance(result, str), result
    assert result.kind == expected


@pytest.mark.parametrize(
    ("cards", "house", "words"),
    [
        ("SwQ", "Sw", "Royal Couple"),
        ("SwKn Sw2", "Sw", "one Ace"),
        ("Sw10 St5", "Sw", "Swords"),
        ("CuQ CoK", "Cu", "and CoK is not"),
        ("T6 SwK", "Cu", "Lovers"),
        ("T3 SwQ", "Sw", "Royal Couple"),
    ],
)
def test_cards_that_make_no_placement_are_refused_with_the_rule(cards, house, words):
    result = kind(cards, house)
    assert isinstance(result, str) and words in result


def test_the_ranking_follows_the_seeds_list():
    order = [
        kind("T21", "Sw"),
        kind("T3 T4", "Sw"),
        kind("SwQ SwK", "Sw"),
        kind("SwP T6", "Sw"),
        kind("Sw10 Sw8", "Sw"),
        kind("SwKn", "Sw"),
        kind("Sw10 Sw5", "Sw"),
        kind("SwP", "Sw"),
        kind("Sw10 Sw4", "Sw"),
    ]
    keys = [k.key for k in order]  # type: ignore[union-attr]
    assert keys == sorted(keys, reverse=True) and len(set(keys)) == len(keys)


def test_equal_sums_more_cards_win_then_the_higher_lowest_card():
    five_cards = kind("Sw2 Sw3 Sw4 Sw5 Sw6", "Sw").key  # type: ignore[union-attr]
    two_cards = kind("Sw10 Sw10".replace("Sw10 Sw10", "St10 St10"), "St")
    assert isinstance(two_cards, str)  # one deck: a card once
    fewer = kind("Sw10 Sw8 Sw2", "Sw").key  # type: ignore[union-attr]
    assert five_cards > fewer  # 20 in five cards beats 20 in three
    low_high = kind("Cu9 Cu6", "Cu").key  # type: ignore[union-attr]
    low_low = kind("Cu10 Cu5", "Cu").key  # type: ignore[union-attr]
    assert low_high > low_low  # 15 each, two cards each: lowest 6 beats lowest 5


def test_a_magician_changed_card_loses_a_tie_of_sums():
    plain = kind("Co9 Co6", "Co").key  # type: ignore[union-attr]
    changed = kind("Co8 Sw7 T1", "Co", magic="Sw7").key  # type: ignore[union-attr]
    assert plain[1] == changed[1] == 15 and plain > changed
    bigger = kind("Co9 Sw7 T1", "Co", magic="Sw7").key  # type: ignore[union-attr]
    assert bigger > plain  # the sum comes first


def test_the_magician_cannot_change_a_court_card_but_can_change_an_ace_with_a_knight():
    assert isinstance(kind("CoQ SwK T1", "Co", magic="SwK"), str)
    knight = kind("CoKn SwA T1", "Co", magic="SwA")
    assert not isinstance(knight, str) and knight.kind == "knight"


def test_a_round_where_everyone_forfeits_a_battlefield_goes_to_the_first_to_forfeit():
    state = table({"Anna": "Sw2 Sw3 Sw4 St2 St3 St4"}, rounds=1)
    state = play(state, "Anna forfeit Cu", "Bo forfeit Cu", "Cai forfeit Cu", "Dina forfeit Cu")
    state = forfeit_all(state)
    from tests.rules.narrespillet_helpers import RULES

    outcome = RULES.outcome(state)
    assert outcome.rounds[0]["Cups"] == ["Anna"]
    assert outcome.rounds[0]["Swords"] == ["Anna"]  # she was the first to give up Swords too


def test_placements_refused_on_a_field_already_used_and_in_deck_order():
    state = table({"Anna": "Sw2 Sw3 Sw4 St2 St3 StKn"})
    state = play(state, "Anna place St StKn")
    state = forfeit_all_but(state)
    assert "already placed on Staves" in refusal(state, "Anna place St St2")


def forfeit_all_but(state):  # type: ignore[no-untyped-def]
    return play(state, "Bo forfeit Sw", "Cai forfeit Sw", "Dina forfeit Sw")


def test_a_placement_must_use_held_cards():
    state = table()
    assert refusal(state, "Anna place Sw SwK SwQ") == "Anna does not hold SwQ"
    assert apply(state, "Anna place Sw Sw2 Sw3 Sw4").actor is None
