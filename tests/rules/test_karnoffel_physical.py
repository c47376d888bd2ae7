"""Physical games: face-down cards of unknown identity, bound when they are played."""

from __future__ import annotations

from tablelog.rules.cards import parse_card
from tablelog.rules.karnoffel import RULES
from tablelog.rules.zones import Zone
from tests.rules.karnoffel_helpers import ANNA, BO, CAI, by, dealt, play, refusal


def test_a_physical_deal_knows_only_the_up_cards() -> None:
    state = dealt(known=False)
    assert state.hands[BO] == Zone((parse_card("3H"),), 4)
    assert state.current.trump == "H"


def test_playing_a_face_down_card_binds_it_to_an_unaccounted_identity() -> None:
    state = play(dealt(known=False), "KC")  # Bo plays a face-down card
    assert state.hands[BO] == Zone((parse_card("3H"),), 3)
    assert state.trick == (parse_card("KC"),)


def test_a_card_known_elsewhere_is_refused_with_where_it_is() -> None:
    state = dealt(known=False)
    assert refusal(state, by(BO, "KS")) == (
        "Bo cannot hold KS: it is already known to be in Cai's hand"
    )
    state = play(state, "KC")
    assert refusal(state, by(CAI, "KC")) == (
        "Cai cannot hold KC: it has already been played to this trick"
    )


def test_a_card_played_in_an_earlier_trick_is_refused() -> None:
    state = play(dealt(known=False), "KC", "QC", "JC", "10C")
    assert state.current.tricks[0].winner == BO
    assert refusal(state, by(BO, "QC")) == (
        "Bo cannot hold QC: it was already played in a trick won by Bo & Dina"
    )


def test_legal_moves_offer_every_unaccounted_card_for_a_face_down_hand() -> None:
    state = dealt(known=False)
    moves = [m.payload.card.text for m in tuple(RULES.moves(state))]
    assert moves[0] == "3H"  # the known up-card first
    # all but the other players' three up-cards, and the Devil, which may not lead trick 1
    assert len(moves) == 48 - 3 - 1
    assert "KS" not in moves and "9C" not in moves and "7H" not in moves
    assert len(set(moves)) == len(moves)


def test_without_face_down_cards_a_missing_card_is_simply_not_held() -> None:
    assert refusal(dealt(), by(BO, "KC")) == "Bo does not hold KC"


def test_a_face_down_hand_runs_out_of_hidden_cards() -> None:
    state = play(dealt(known=False), "KC", "QC", "JC", "10C")  # Bo wins and leads again
    state = play(state, "2C", "3C", "4C", "5C")
    assert state.current.tricks[1].winner == ANNA  # 5C: the highest club of Bo's led 2C
    assert state.hands[BO] == Zone((parse_card("3H"),), 2)
    assert state.hands[ANNA] == Zone((parse_card("9C"),), 2)
    state = play(state, "9C")
    assert state.hands[ANNA] == Zone((), 2)  # her up-card 9C is played
