"""The lazy move questions agree with the full listing, and stay cheap where a physical
multi-deck hand of face-down cards makes thousands of plays."""

from __future__ import annotations

import attrs
import pytest

from tablelog.rules.errors import IllegalEvent
from tablelog.rules.listing import lead_card
from tablelog.rules.speahx.moves import KINDS, cards, count, kinds, moves, source_moves
from tablelog.rules.speahx.play import can_lay
from tablelog.rules.speahx.state import State, event_cap
from tablelog.rules.zones import Zone
from tests.rules.speahx_helpers import SPEAHX, act, position


def _face_down(state: State, seat: int, hidden: int) -> State:
    hands = list(state.hands)
    hands[seat] = hands[seat].add(hidden=hidden)
    return attrs.evolve(state, hands=tuple(hands))


POSITIONS = {
    "plain": lambda: position(hands={0: "7H 7S 7D 9C 2C 10S"}, pile="5H"),
    "nothing fits": lambda: position(hands={0: "7S 9C KD"}, pile="5H"),
    "four of a kind": lambda: position(hands={0: "7S 7C 7D 7H 9C"}, pile="5H"),
    "each jack": lambda: position(
        hands={0: "JS 4C 4D"}, pile="5H", options={"torkel": "each_jack"}
    ),
    "jokers": lambda: position(hands={0: "JK 4C"}, pile="5H", options={"jokers": 2}),
    "physical 2 decks": lambda: _face_down(
        position(hands={0: "7H"}, pile="5H", options={"decks": 2}), 0, 5
    ),
    "physical 3 decks": lambda: _face_down(
        position(7, hands={0: ""}, pile="", options={"decks": 3}), 0, 5
    ),
}


@pytest.mark.parametrize("make", POSITIONS.values(), ids=list(POSITIONS))
def test_count_kinds_and_cards_agree_with_the_full_listing(make):
    state = make()
    listing = list(moves(state))
    assert count(state) == len(listing) == len(set(listing))
    assert kinds(state, 0) == tuple(k for k in KINDS if any(m.kind == k for m in listing))
    for kind in kinds(state, 0):
        leads = {lead_card(m) for m in listing if m.kind == kind}
        assert set(cards(state, 0, kind)) == leads
        for lead in leads:
            led = {m for m in listing if m.kind == kind and lead_card(m) == lead}
            assert set(moves(state, 0, lead, kind)) == led
    assert count(state, 1) == 0 and kinds(state, 1) == ()


@pytest.mark.parametrize("make", POSITIONS.values(), ids=list(POSITIONS))
def test_can_lay_is_asked_directly_and_agrees_with_the_generator(make):
    state = make()
    if state.hands[0].hidden:
        return  # a hand of face-down cards is taken at the player's word
    assert can_lay(state) == (next(source_moves(state), None) is not None)


def test_a_physical_multi_deck_hand_has_thousands_of_plays_counted_without_making_them():
    state = POSITIONS["physical 3 decks"]()
    assert count(state) > 4000  # every combination of copies of one rank


def test_a_locked_hand_of_face_down_cards_offers_only_chance_combinations():
    state = _face_down(position(hands={0: ""}, pile="5H", options={"decks": 3}), 0, 8)
    state = act(act(state, "chance"), "reveal 9C")
    listing = list(moves(state))
    assert count(state) == len(listing)
    plays = [m.payload.cards for m in listing if m.kind == "play"]
    assert plays and all(len(p) in (1, 4) for p in plays)  # 9C alone or with three 9s
    assert all(sum(c.text == "9C" for c in p) >= 1 for p in plays)


def test_a_chance_card_joins_at_most_three_hand_cards_even_with_the_pile_run_option():
    options = {"chance_combo_with_pile_run": True, "decks": 2}
    state = position(hands={0: "8S 8H 8D 8S 4C"}, pile="8C", options=options)
    state = act(act(state, "chance"), "reveal 8H")
    with pytest.raises(IllegalEvent, match="the hand is locked"):
        act(state, "8S 8S 8H 8D 8H")
    after = act(state, "8S 8S 8H 8D")  # five 8s on top: a four burns, one stays
    assert [c.text for c in after.pile] == ["8D"]


def test_unable_counts_face_down_hand_cards_at_the_players_word():
    state = _face_down(
        position(hands={0: ""}, pile="5H", options={"voluntary_pickup": False}), 0, 3
    )
    assert "pickup" in {m.kind for m in moves(state)}
    assert state.hands[0] == Zone((), 3)


def test_the_event_guard_stops_a_game_where_it_stands():
    """Not a rule (the seed's games end when one player is left with cards): a guard so
    every log is bounded, far beyond any game played (docs: "The end")."""
    state = position(3, hands={0: "7H", 1: "8H 9H", 2: "5C"}, pile="5H", stock=0)
    state = attrs.evolve(state, count=event_cap(3) - 1)
    result = SPEAHX.outcome(act(state, "7H"))
    assert result is not None and result.rounds[0]["stopped"] is True
    assert result.ranking == ((0,), (2,), (1,))  # fewest cards held first (5, 6, 7)
