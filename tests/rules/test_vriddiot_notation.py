"""The Vriddiot notation: each form parses, formats back to itself, and names the player
when several may act; bad input is refused with the forms that are accepted."""

from __future__ import annotations

import pytest

from tablelog.rules.cards import JOKER, Card
from tablelog.rules.errors import NotationError, RefusedMove
from tablelog.rules.vriddiot import events as ev
from tests.rules.test_vriddiot_war import war
from tests.rules.vriddiot_helpers import RULES, deal, play, turn_to, with_pile

HANDS = ("8H 5S KD", "3S 9D AH", "3D 2S 10H", "4C 6H 7D")


def state():
    return with_pile(turn_to(deal(HANDS, options={"jokers": 2}), 0), "7H")


@pytest.mark.parametrize(
    ("text", "payload", "canonical"),
    [
        ("9h", ev.Play(Card("9", "H")), "9H"),
        ("9♥", ev.Play(Card("9", "H")), "9H"),
        ("6S 6H 6D", ev.Set((Card("6", "S"), Card("6", "H"), Card("6", "D"))), "6S 6H 6D"),
        ("JK as 9H", ev.Play(JOKER, Card("9", "H")), "JK as 9H"),
        ("jk=9h", ev.Play(JOKER, Card("9", "H")), "JK as 9H"),
        ("chance", ev.Chance(), "chance"),
        ("blind 2", ev.Blind(2), "blind 2"),
        ("pickup", ev.Pickup(), "pickup"),
        ("Anna 9H", ev.Play(Card("9", "H")), "9H"),
        ("Bo 9H", ev.Play(Card("9", "H")), "Bo 9H"),
    ],
)
def test_moves_on_turn(text, payload, canonical):
    s = state()
    move = RULES.parse(text, s)
    assert move.payload == payload
    assert RULES.format(move, s) == canonical
    assert RULES.parse(canonical, s) == move


def test_the_card_added_after_an_8_is_written_with_a_plus():
    s = play(state(), "8H")
    move = RULES.parse("+5S", s)
    assert move == RULES.parse("5S", s) and RULES.format(move, s) == "+5S"


def test_the_war_window_names_the_player():
    s = war(dina="3D 7S JC")
    for text, payload in [
        ("Cai joins 7H", ev.Join((Card("7", "H"),))),
        ("Dina pass", ev.Pass()),
        ("Dina joins 7S", ev.Join((Card("7", "S"),))),
    ]:
        move = RULES.parse(text, s)
        assert move.payload == payload and RULES.format(move, s) == text
    with pytest.raises(RefusedMove, match="several players may act now"):
        RULES.parse("pass", s)


def test_chance_steps():
    s = play(state(), "chance")
    assert RULES.parse("turn 9S", s).payload == ev.Turn(Card("9", "S"))
    assert RULES.format(RULES.parse("turn 9s", s), s) == "turn 9S"
    remove = RULES.parse("remove 2S 9C", s)
    assert remove.payload == ev.Remove((Card("2", "S"), Card("9", "C")))
    assert RULES.format(remove, s) == "remove 2S 9C"
    assert RULES.format(RULES.parse("remove", s), s) == "remove"
    # a move without a name while the table owes a card says which step comes first
    with pytest.raises(RefusedMove, match=r"no player moves now: the table enters .*turn"):
        RULES.parse("9S", s)


def test_bad_input_says_what_is_accepted():
    with pytest.raises(NotationError, match="blind 2"):
        RULES.parse("Anna 9X", state())
    with pytest.raises(NotationError, match="by its number"):
        RULES.parse("blind two", state())


def test_a_set_is_recorded_in_suit_order_whatever_order_it_is_typed_in():
    """The order of a set's cards means nothing, so the record keeps one order: the
    generator lists that one, and apply refuses any other (found by the contract suite)."""
    from tablelog.rules.errors import IllegalEvent
    from tablelog.rules.events import Event

    s = state()
    move = RULES.parse("6D 6S 6H", s)
    assert move.payload == ev.Set((Card("6", "S"), Card("6", "H"), Card("6", "D")))
    shuffled = ev.Set((Card("6", "D"), Card("6", "S"), Card("6", "H")))
    with pytest.raises(IllegalEvent, match="recorded in suit order"):
        RULES.apply(s, Event(1, move.actor, shuffled))
