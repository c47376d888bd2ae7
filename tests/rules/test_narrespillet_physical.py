"""Physical games: the table says who holds a face-down card the Hierophant names or the
Star, Moon or Sun calls (the record cannot know it)."""

from __future__ import annotations

from tablelog.rules.cards import FOOL, parse_card
from tablelog.rules.events import Event
from tablelog.rules.narrespillet.state import HAND
from tablelog.rules.protocol import Header
from tests.rules.narrespillet_helpers import PLAYERS, RULES, apply, draws, play, refusal, seats

KNOWN = {
    "Anna": "T17,T5,Sw2,Sw3,St2,St3",
    "Cai": "Sw5,Sw6,St5,St6,Cu5,Cu6",
    "Dina": "Co5,Co6,Sw7,St7,Cu7,Co7",
}


def physical(anna: str = KNOWN["Anna"], **options: object):  # type: ignore[no-untyped-def]
    """Four players, Anna first; Bo's six cards were dealt face down (nobody typed them)."""
    header = Header("narrespillet", 1, PLAYERS, dict(options), dealer=3)
    hands = {**KNOWN, "Anna": anna, "Bo": ",".join("?" * HAND)}
    line = "deal " + " ".join(f"{p}:{hands[p]}" for p in PLAYERS)
    return draws(apply(RULES.start(header), line))


def test_a_called_card_nobody_has_seen_makes_the_table_answer_who_holds_it():
    state = apply(play(physical(), "Anna play T17"), "Anna call T13")
    step = RULES.chance(state)
    assert step is not None and step.kind == "answer" and seats(state) == ()
    assert "answer Bo / answer nobody" in step.hint
    state = apply(state, "answer Bo")
    assert parse_card("T13") in state.hands[0].cards  # handed over to the caller
    assert state.hands[1].hidden == HAND - 1  # it was one of Bo's face-down cards
    assert "Bo draws 1 card" in RULES.chance(state).hint  # who had it draws again


def test_the_answer_names_only_a_player_who_may_hold_it():
    state = apply(play(physical(), "Anna play T17"), "Anna call T13")
    assert refusal(state, "answer Cai") == "Cai cannot hold T13 face down: only Bo or nobody"
    assert "nobody needs to answer" in refusal(physical(), "answer Bo")


def test_nobody_holding_a_called_court_card_leaves_another_attempt():
    state = apply(play(physical(), "Anna play T17"), "Anna call SwK")
    state = apply(state, "answer nobody")
    assert seats(state) == ("Anna",) and state.queue[0].kind == "call"
    assert state.queue[0].n == 2 and state.queue[0].tried == (parse_card("SwK"),)
    assert "already" in refusal(state, "Anna call SwK")


def test_nobody_holding_a_called_picture_card_ends_the_call():
    state = apply(apply(play(physical(), "Anna play T17"), "Anna call T13"), "answer nobody")
    assert state.hands[1].hidden == HAND and parse_card("T13") not in state.hands[0].cards
    assert RULES.chance(state).kind == "draw"  # Anna draws instead ("trekker ... et nytt")


def test_a_known_card_is_handed_over_without_asking():
    state = physical()
    state = apply(play(state, "Anna play T17"), "Anna call Co5")  # Dina's, known
    assert parse_card("Co5") in state.hands[0].cards
    assert RULES.chance(state) is None or RULES.chance(state).kind != "answer"


def test_the_hierophant_asks_the_face_down_hands_to_show_what_it_names():
    state = play(physical(), "Anna play T5 fool")
    assert seats(state) == ("Bo",) and state.queue[0].kind == "reveal"
    assert "is not one of them" in refusal(state, "Bo reveal Sw2")
    assert "Anna's turn" not in refusal(state, "Anna discard Sw2")
    shown = apply(state, "Bo reveal FOOL")
    assert shown.revealed[1] == (FOOL,) and shown.hands[1].hidden == HAND - 1
    (bo,) = [z for z in RULES.view(shown, None).zones if z.name == "hand:1"]
    assert bo.cards == (FOOL,)  # everyone sees it now
    assert RULES.shown(state, Event(9, 1, RULES.parse("Bo reveal FOOL", state).payload)).everyone
    assert shown.queue[0].kind != "reveal"  # the only Fool is found: the window closes


def test_a_hand_without_the_named_cards_passes_and_the_oracle_turn_follows():
    state = play(physical(), "Anna play T5 Co")
    state = apply(state, "Bo reveal CoK")  # Coins: more may follow
    assert state.queue[0].kind == "reveal" and seats(state) == ("Bo",)
    said = RULES.announce(RULES.parse("Bo pass", state), state)
    assert said == "holds no more of them face down (the Hierophant)"
    state = draws(apply(state, "Bo pass"))
    assert seats(state) == ("Anna",) and state.actor == 0  # "må ... ta en ny tur"


def test_reveal_is_no_move_outside_the_hierophant_window():
    assert "only when the Hierophant names its kind" in refusal(physical(), "Bo reveal FOOL")


def test_the_new_answers_round_trip_through_the_notation():
    state = play(physical(), "Anna play T5 pictures")
    move = RULES.parse("Bo reveal T13", state)
    assert RULES.parse(RULES.format(move, state), state) == move
    assert RULES.announce(move, state) == "shows Death to everyone (the Hierophant)"
    asked = apply(play(physical(), "Anna play T17"), "Anna call T13")
    for text in ("answer Bo", "answer nobody"):
        answer = RULES.parse(text, asked)
        assert RULES.format(answer, asked) == text


def test_a_hand_shown_to_the_last_card_in_the_window_has_nothing_left_to_reveal():
    state = play(physical(), "Anna play T5 Co")
    for card in ("Sw9", "Sw10", "St9", "St10", "Cu9", "Cu10"):  # shown, not revealed
        state = apply(state, f"Bo show {card}")
    assert state.hands[1].hidden == 0 and seats(state) == ("Bo",)
    assert refusal(state, "Bo reveal CoK") == "Bo has no face-down card left to reveal (pass)"
    assert apply(state, "Bo pass").hands[1].hidden == 0


def test_a_face_down_card_used_before_it_is_shown_is_refused_with_what_to_type():
    state = play(physical(), "Anna place Sw Sw2", "Bo pass")
    said = refusal(state, "Bo place Co CoA")
    assert said.endswith("show it first: Bo show CoA")
    placed = play(state, "Bo show CoA", "Bo place Co CoA")  # typed as it says: accepted
    assert placed.hands[1].hidden == state.hands[1].hidden - 1
