"""The notation: round trips, Norwegian and English names, and what the tool says."""

from __future__ import annotations

import random

import pytest

from tablelog.rules.cards import parse_card
from tablelog.rules.errors import NotationError
from tablelog.rules.events import Event
from tablelog.rules.narrespillet.words import read_card
from tests.rules.narrespillet_helpers import RULES, apply, play, table


@pytest.mark.parametrize(
    ("text", "card"),
    [
        ("sverdridder", "SwKn"),
        ("Stavess", "StA"),
        ("myntkonge", "CoK"),
        ("begerdronning", "CuQ"),
        ("ti_staver", "St10"),
        ("knight_of_swords", "SwKn"),
        ("Døden", "T13"),
        ("death", "T13"),
        ("Narren", "FOOL"),
        ("de_elskende", "T6"),
        ("SwKn", "SwKn"),
    ],
)
def test_cards_by_name(text, card):
    assert read_card(text) == parse_card(card)


def test_phrases_of_several_words_are_read():
    state = table({"Anna": "St10 SwKn T13 St2 St3 St4"})
    move = RULES.parse("Anna discard ti staver", state)
    assert move.payload.card == parse_card("St10")
    move = RULES.parse("Anna place Sw Knight of Swords", state)
    assert move.payload.cards == (parse_card("SwKn"),)


def test_a_placement_of_one_house_may_leave_its_field_out():
    state = table({"Anna": "SwQ SwK T3 T4 St3 CoA"})
    assert RULES.parse("Anna place SwK SwQ", state) == RULES.parse("Anna place Sw SwK SwQ", state)
    assert RULES.parse("place CoA", state).payload.field == "Co"  # the player on turn
    with pytest.raises(NotationError, match="every card is of one house"):
        RULES.parse("Anna place T4 T3", state)  # pictures: the field must be named


def test_an_unknown_card_is_refused_with_the_forms():
    with pytest.raises(NotationError, match="Norwegian or English names"):
        read_card("Xyz")


def test_announce_says_what_a_placement_is():
    state = table({"Anna": "SwQ SwK T3 T4 St3 St4"})
    move = RULES.parse("Anna place Sw SwK SwQ", state)
    assert RULES.announce(move, state) == "a Royal Couple on Swords"
    move = RULES.parse("Anna place St+Cu T4 T3", state)
    assert RULES.announce(move, state) == "the Emperor and the Empress on Staves and Cups"


def test_every_listed_move_formats_and_parses_back_along_a_random_game():
    from tablelog.replay.dealer import dealer_move
    from tablelog.replay.headers import make_header

    header = make_header(RULES, ("Anna", "Bo", "Cai"), {"rounds": 1}, seed=3)
    state, rng, seq = RULES.start(header), random.Random(3), 0
    checked = 0
    while RULES.outcome(state) is None and seq < 400:
        seq += 1
        move = dealer_move(RULES, state, header.seed, seq)
        if move is None:
            legal = list(RULES.moves(state))
            for m in legal[:40]:
                assert RULES.parse(RULES.format(m, state), state) == m
                checked += 1
            move = rng.choice(legal)
        else:
            assert RULES.parse(RULES.format(move, state), state) == move
        state = RULES.apply(state, Event(seq, move.actor, move.payload))
    assert checked > 100 and RULES.outcome(state) is not None


def test_demons_moves_are_written_with_the_demons_name():
    state = table({"Cai": "T15 Sw5 Sw6 St5 St6 Cu5"})
    state = play(state, "Anna discard Sw2", "Bo discard Co2", "Cai play T15", "Dina discard Co5")
    state = play(state, "Anna discard Sw3", "Bo discard Co3")
    move = next(RULES.moves(state, kind="forfeit"))
    assert RULES.format(move, state) == "Demons forfeit Sw"
    assert apply(state, "Demons forfeit Sw").actor == 2  # then Cai's own turn
