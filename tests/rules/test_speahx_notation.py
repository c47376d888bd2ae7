"""Speahx notation (parse and format round trips) and views (counts, never faces)."""

from __future__ import annotations

import pytest

from tablelog.rules.errors import IllegalEvent, NotationError, RefusedMove
from tablelog.rules.events import Event
from tests.rules.speahx_helpers import SPEAHX, act, position

STATE = position(hands={0: "JS JH 2S 10C"}, pile="5S", options={"jokers": 2})


@pytest.mark.parametrize(
    ("text", "canonical"),
    [
        ("JS JH", "JS JH"),
        ("2S clubs", "2S clubs"),
        ("2S ♣", "2S clubs"),
        ("2s c", "2S clubs"),
        ("chance", "chance"),
        ("flip 3", "flip 3"),
        ("pickup", "pickup"),
        ("done", "done"),
        ("joker Bo", "joker Bo"),
        ("JK to bo", "joker Bo"),
        ("JC JD JH JS to Cai", "JS JH JD JC to Cai"),
        ("Anna: JS JH", "JS JH"),
        ("Anna JS JH", "JS JH"),
        ("anna  joker Bo", "joker Bo"),
        ("reveal 7H", "reveal 7H"),
        ("reveal ?", "reveal ?"),
        ("draw 7H ? ?", "draw 7H ? ?"),
        ("deal", "deal"),
    ],
)
def test_notation_reads_and_writes_back(text, canonical):
    move = SPEAHX.parse(text, STATE)
    assert SPEAHX.format(move, STATE) == canonical
    assert SPEAHX.parse(SPEAHX.format(move, STATE), STATE) == move


def test_every_listed_move_round_trips():
    for move in SPEAHX.moves(STATE):
        assert SPEAHX.parse(SPEAHX.format(move, STATE), STATE) == move


def test_bad_notation_says_what_is_expected():
    with pytest.raises(NotationError, match="not a player"):
        SPEAHX.parse("joker Zed", STATE)
    with pytest.raises(NotationError, match="flip takes"):
        SPEAHX.parse("flip x", STATE)


def test_a_named_player_is_the_actor_and_a_move_out_of_turn_is_refused_not_reassigned():
    # "Bo 8H" (or "Bo: 8H") is Bo's move; it must not be recorded as the player to act's.
    for text in ("Bo 2S clubs", "Bo: 2S clubs", "bo:2S clubs"):
        move = SPEAHX.parse(text, STATE)
        assert move.actor == 1
        with pytest.raises(IllegalEvent, match="it is Anna's turn, not Bo's"):
            SPEAHX.apply(STATE, Event(STATE.count + 1, move.actor, move.payload))
    with pytest.raises(NotationError, match="expected a move after Bo's name"):
        SPEAHX.parse("Bo", STATE)


def test_a_chance_step_may_name_the_player_whose_cards_it_is_and_no_other():
    drawing = act(STATE, "JS JH")  # Anna has 2 cards left and refills from the stock
    assert SPEAHX.parse("Anna draw ? ? ?", drawing) == SPEAHX.parse("draw ? ? ?", drawing)
    with pytest.raises(RefusedMove, match="draw is for Anna's cards now, not Cai's"):
        SPEAHX.parse("Cai: draw ? ? ?", drawing)
    with pytest.raises(NotationError, match="deal is entered for the table, without a name"):
        SPEAHX.parse("Anna deal", drawing)


def test_views_show_hand_counts_not_faces_and_table_cards_as_question_marks():
    view = SPEAHX.view(STATE, 1)
    zones = {z.name: z for z in view.zones}
    assert zones["hand:0"].cards == () and zones["hand:0"].hidden == 4
    assert zones["table:0"].slots == ("?",) * 5 and zones["table:0"].cards == ()
    assert [c.text for c in zones["pile"].cards] == ["5S"]
    own = {z.name: z for z in SPEAHX.view(STATE, 0).zones}
    assert len(own["hand:0"].cards) == 4
    assert view.info["hand_counts"]["Anna"] == 4


def test_a_flipped_card_that_is_taken_in_is_seen_only_by_its_player():
    state = act(position(hands={}, pile="8C", stock=0), "flip 1")
    event_shown = SPEAHX.shown(state, _event(state, "reveal 9D"))
    assert event_shown.everyone == () and [c.text for c in event_shown.seats[0]] == ["9D"]


def _event(state, text):
    from tablelog.rules.events import Event

    move = SPEAHX.parse(text, state)
    return Event(state.count + 1, move.actor, move.payload)
