"""Playing the tricks: turn order, the Devil, winning a deal and a match, refusals."""

from __future__ import annotations

import random
from collections.abc import Sequence

from tablelog.replay.dealer import sample
from tablelog.rules.cards import parse_card
from tablelog.rules.events import Event, Move, Note
from tablelog.rules.karnoffel import RULES, max_events
from tablelog.rules.karnoffel.events import Play
from tablelog.rules.karnoffel.state import State
from tests.rules.karnoffel_helpers import (
    ALL_PLAYS,
    ANNA,
    BO,
    CAI,
    HANDS,
    apply,
    by,
    dealt,
    header,
    play,
    refusal,
)

# Bo (who leads the first trick) holds the Devil, Anna the Papst; hearts are trump.
DEVIL_HANDS = (
    "9C 6H QS 10D 4C",  # Anna
    "3H KD 8S 2C 7H",  # Bo
    "KS JH 9D 5C 8H",  # Cai
    "5D 2S QC 10H JC",  # Dina
)


def cards_of(moves: Sequence[Move]) -> list[str]:
    return [m.payload.card.text for m in moves]


def test_play_goes_clockwise_and_the_trick_winner_leads_next() -> None:
    state = play(dealt(), "KD")
    assert state.to_play == CAI
    state = play(state, "JH", "10H")
    assert state.to_play == ANNA
    state = play(state, "10D")
    assert state.current.tricks[-1].winner == CAI and state.to_play == CAI and state.trick == ()


def test_no_duty_to_follow_suit() -> None:
    state = play(dealt(), "KD")  # Cai holds 9D but may play anything
    assert cards_of(tuple(RULES.moves(state))) == ["KS", "JH", "9D", "5C", "8H"]
    assert play(state, "5C").trick[-1] == parse_card("5C")


def test_the_devil_may_not_be_led_to_the_first_trick() -> None:
    state = dealt(DEVIL_HANDS)
    assert "7H" not in cards_of(tuple(RULES.moves(state)))
    assert refusal(state, by(BO, "7H")) == (
        "the Devil (7♥, the trump 7) may not be led to the first trick"
    )


def test_the_devil_may_follow_in_the_first_trick_and_then_loses() -> None:
    state = play(dealt(), "KD", "JH", "10H")
    assert "7H" in cards_of(tuple(RULES.moves(state)))
    state = play(state, "7H")
    assert state.current.tricks[0].winner == CAI


def test_the_devil_led_later_beats_the_papst() -> None:
    state = play(dealt(DEVIL_HANDS), "KD", "9D", "5D", "10D")  # Bo's King wins
    assert state.to_play == BO and "7H" in cards_of(tuple(RULES.moves(state)))
    state = play(state, "7H", "8H", "10H", "6H")
    assert state.current.tricks[1].winner == BO


def test_the_devil_led_loses_to_the_karnoffel() -> None:
    state = play(dealt(DEVIL_HANDS), "KD", "9D", "5D", "10D", "7H", "JH", "10H", "6H")
    assert state.current.tricks[1].winner == CAI


def test_the_team_with_the_majority_of_tricks_wins_the_deal() -> None:
    state = play(dealt(), *ALL_PLAYS)
    assert state.current.taken == (3, 2)
    result = RULES.outcome(state)
    assert result is not None
    assert result.winners == (ANNA, CAI)
    assert result.scores == {"Anna & Cai": 1, "Bo & Dina": 0}
    assert result.rounds == (
        {"deal": 1, "dealer": "Anna", "trump": "H", "tricks": [3, 2], "winner": "Anna & Cai"},
    )


def test_all_five_tricks_are_played_by_default() -> None:
    state = play(dealt(), *ALL_PLAYS[:12])
    assert state.current.taken == (3, 0) and state.phase == "play" and RULES.outcome(state) is None


def test_stop_at_three_ends_the_deal_when_a_team_has_three_tricks() -> None:
    state = play(dealt(stop_at_three=True), *ALL_PLAYS[:12])
    assert state.phase == "over"
    assert [len(hand) for hand in state.hands] == [2, 2, 2, 2]  # left until the next deal
    result = RULES.outcome(state)
    assert result is not None and result.rounds[0]["tricks"] == [3, 0]
    assert "the game is over" in refusal(state, by(CAI, "5C"))


def test_stecher_scope_any_suit_lets_an_off_suit_king_beat_the_oberstecher() -> None:
    tricks = ("3H", "KS", "2S", "4C")  # Bo leads his Oberstecher, Cai adds the King of spades
    assert play(dealt(), *tricks).current.tricks[0].winner == BO
    assert play(dealt(stecher_scope="any_suit"), *tricks).current.tricks[0].winner == CAI


def random_match(seed: int, **options: object) -> tuple[State, int]:
    """A whole match with random legal moves; the state and the number of events."""
    rng = random.Random(seed)
    state = RULES.start(header(seed=seed, **options))  # type: ignore[arg-type]
    events = 0
    while RULES.outcome(state) is None:
        step = RULES.chance(state)
        moves = tuple(RULES.moves(state))
        move = sample(step, rng) if step else moves[rng.randrange(len(moves))]
        events += 1
        state = RULES.apply(state, Event(events, move.actor, move.payload))
    return state, events


def test_a_match_runs_to_target_with_a_running_score_and_rotating_dealer() -> None:
    state, events = random_match(7, target=3)
    result = RULES.outcome(state)
    assert result is not None
    assert max(result.scores.values()) == 3
    assert len(result.rounds) == sum(result.scores.values())
    dealers = [r["dealer"] for r in result.rounds]
    assert dealers == [("Anna", "Bo", "Cai", "Dina")[i % 4] for i in range(len(dealers))]
    winners = [r["winner"] for r in result.rounds]
    assert winners.count(result.rounds[-1]["winner"]) == 3
    assert events <= max_events(header(target=3))


def test_target_one_ends_after_one_deal_target_two_does_not() -> None:
    assert play(dealt(), *ALL_PLAYS).phase == "over"
    state = play(dealt(target=2), *ALL_PLAYS)
    assert state.phase == "deal" and RULES.outcome(state) is None and state.match.scores == (1, 0)


def test_refusals_name_the_rule_and_the_players() -> None:
    state = dealt()
    assert refusal(state, by(ANNA, "9C")) == "it is Bo's turn to play, not Anna's"
    assert refusal(state, by(BO, "7H")) == "Bo does not hold 7H"
    fresh = RULES.start(header())
    assert refusal(fresh, by(BO, "3H")) == "the cards must be dealt before anyone plays"
    assert refusal(state, Move(None, Note("hi"))).startswith("Karnöffel has no note events")
    assert refusal(state, Move(None, Play(parse_card("3H")))) == (
        "a play must name the player who plays it (it is Bo's turn)"
    )


def test_legal_moves_is_empty_while_dealing_and_when_over() -> None:
    assert tuple(RULES.moves(RULES.start(header()))) == ()
    assert tuple(RULES.moves(play(dealt(), *ALL_PLAYS))) == ()
    assert RULES.chance(play(dealt(), *ALL_PLAYS)) is None


def test_every_listed_move_is_accepted() -> None:
    state = dealt(DEVIL_HANDS)
    for move in tuple(RULES.moves(state)):
        assert apply(state, move).trick == (move.payload.card,)


def test_hands_are_dealt_as_given() -> None:
    state = dealt()
    assert [" ".join(c.text for c in hand.cards) for hand in state.hands] == list(HANDS)
    assert state.current.upcards == tuple(parse_card(c) for c in ("9C", "3H", "KS", "5D"))
