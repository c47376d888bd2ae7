"""War (krig): two players in a row lay the same value; the holders of that value may join
out of turn (the join window: each joins or passes); the players in the war lay a war card
each; the highest picks up; a shared highest fights on; a burn ends it; jacks turn the
direction only when it is over."""

from __future__ import annotations

import attrs
import pytest

from tablelog.rules.cards import parse_card
from tablelog.rules.errors import IllegalEvent
from tablelog.rules.zones import Zone
from tests.rules.vriddiot_helpers import RULES, deal, play, turn_to, with_pile


def war(anna="7C 4H 9S", bo="7D 5C QD", cai="7H 6C KS", dina="3D 8C JC"):
    """Anna lays 7C on 5S, Bo lays 7D: the war over 7s is declared."""
    state = with_pile(turn_to(deal((anna, bo, cai, dina)), 0), "5S")
    return play(state, "7C", "7D")


def test_the_same_value_laid_by_the_next_player_declares_war():
    state = war()
    assert state.war is not None and state.war.rank == "7"
    assert state.war.involved == (1, 0)


def test_the_join_window_asks_every_holder_of_the_value_and_only_them():
    state = war()
    assert RULES.to_act(state) == (2,)
    texts = {RULES.format(m, state) for m in RULES.moves(state)}
    assert texts == {"Cai pass", "Cai joins 7H"}


def test_a_play_is_refused_while_the_window_is_open():
    with pytest.raises(IllegalEvent, match="join window is open: Cai may join or pass"):
        play(war(), "Bo QD")


def test_a_third_player_joins_and_the_highest_war_card_picks_up():
    state = play(war(), "Cai joins 7H")
    assert state.war.involved == (1, 2, 0) and RULES.to_act(state) == (1,)
    state = play(state, "QD", "6C", "4H")
    assert state.war is None
    assert {parse_card(c) for c in ["5S", "7C", "7D", "7H", "QD", "6C", "4H"]} <= set(
        state.hands[1].cards
    )
    assert state.turn == 2 and state.duty == "lead"  # the player after Bo, who laid the 2nd 7


def test_after_a_pass_the_war_is_fought_by_the_two_alone():
    state = play(war(), "Cai pass")
    assert RULES.to_act(state) == (1,)
    state = play(state, "5C", "9S")
    assert parse_card("9S") in state.hands[0].cards and state.turn == 2


def test_holders_answer_the_window_in_any_order_and_the_fourth_card_burns():
    state = war(dina="3D 7S JC")
    assert RULES.to_act(state) == (2, 3)
    state = play(state, "Dina joins 7S")
    assert RULES.to_act(state) == (2,)
    state = play(state, "Cai joins 7H")
    assert state.war is None and state.pile.cards == ()
    assert state.turn == 2 and state.duty == "lead"  # Cai laid the fourth 7


def test_a_shared_highest_war_card_fights_on():
    state = play(war(anna="7C 5H 4H", bo="7D 5D QD"), "Cai pass", "5D", "5H")
    assert state.war is not None and state.war.laid == () and RULES.to_act(state) == (1,)


def test_an_8_in_the_war_makes_the_next_follow_its_added_suit_lower():
    state = play(war(anna="7C 9S 4H", bo="7D 8D 5D"), "Cai pass", "8D", "+5D")
    assert state.war.twist == ("D", 5) and RULES.to_act(state) == (0,)
    with pytest.raises(IllegalEvent, match="follow D lower than 5"):
        play(state, "9S")
    assert [m.kind for m in RULES.moves(state)] == ["chance", "pickup"]
    after = play(state, "pickup")
    assert after.war is None and after.turn == 2


def test_a_war_twist_broken_by_a_10_ends_the_war_and_the_burner_leads():
    state = play(war(anna="7C 10S 4H", bo="7D 8D 5D"), "Cai pass", "8D", "+5D")
    after = play(state, "10S")
    assert after.war is None and after.pile.cards == () and after.turn == 0
    assert after.duty == "lead"


def test_a_jack_in_the_war_turns_the_direction_only_when_it_is_over():
    state = play(war(bo="7D JD 5D"), "Cai pass", "JD")
    assert state.seating.direction == 1  # not yet
    after = play(state, "4H")
    assert after.seating.direction == -1
    assert after.turn == 0  # the player after Bo, in the new direction


def test_no_war_inside_a_twist():
    hands = ("8H 5S KD", "9S 3C 4C", "9S 3D 4D", "3H 8C JC")
    options = {"deck": "dobbeldekker", "vri_strict": False}
    state = with_pile(turn_to(deal(hands, options=options), 0), "5H")
    state = play(state, "8H", "+5S", "9S", "9S")
    assert state.war is None and state.twist == ("S", 9)


def test_with_the_dobbeldekker_holders_throw_theirs_into_a_war_burned_by_its_value():
    hands = ("7C 4H 9S", "7D 5C QD", "7H 6C KS", "7S 7H JC")
    state = with_pile(turn_to(deal(hands, options={"deck": "dobbeldekker"}), 0), "5S")
    state = play(state, "7C", "7D", "Dina joins 7S", "Cai joins 7H")
    assert state.war is not None and state.war.thrown and state.pile.cards == ()
    assert RULES.to_act(state) == (3,)  # Dina still holds a 7; Cai laid the fourth
    before = len(state.burned)
    state = play(state, "Dina joins 7H")
    assert state.war is None and len(state.burned) == before + 1
    assert state.turn == 2 and state.duty == "lead"


def test_with_one_deck_nobody_throws_into_a_burned_war():
    state = play(war(dina="3D 7S JC"), "Dina joins 7S", "Cai joins 7H")
    assert state.war is None and state.turn == 2


# -- issue 25: the throw-in after a war card's burn, and the war decisions re-read ---------


def _dobbeldekker_war_over_9s(bo: str) -> object:
    """Anna lays 9C, Bo 9D (war), Cai joins 9H: three 9s; Bo lays the first war card."""
    hands = ("9C 4H 5S", bo, "9H 6C KS", "3D 8C JC")
    state = with_pile(turn_to(deal(hands, options={"deck": "dobbeldekker"}), 0), "5D")
    state = play(state, "9C", "9D", "Cai joins 9H")
    assert state.war is not None and RULES.to_act(state) == (1,)
    return state


def test_the_layer_of_a_burning_war_card_may_throw_in_the_rest_of_the_value():
    """Dobbeldekker: *"Ved bortstikk i krig, har alle med kort av tilsvarende verdi,
    mulighet til å slenge de med i dette"*: all, the fourth card's layer too. Bo's war
    card 9S is the fourth 9; Bo still holds 9H and throws it in (it was "Bo has no war to
    join or pass now")."""
    state = play(_dobbeldekker_war_over_9s("9D 9S 9H"), "9S")
    assert state.war is not None and state.war.thrown and state.pile.cards == ()
    assert RULES.to_act(state) == (1,)
    before = len(state.burned)
    state = play(state, "Bo joins 9H")
    assert state.war is None and len(state.burned) == before + 1
    assert state.turn == 1 and state.duty == "lead"  # "tilfaller likevel den som la det fjerde"


def test_a_war_card_may_be_several_cards_of_one_value():
    """*"Krigen avgjøres ved at den som til slutt legger det kortet eller kortene med høyest
    verdi, må trekke inn bunken"*: "the card or the cards": Bo lays QD QH as his war card,
    worth 12, and picks up as the highest."""
    state = play(war(anna="7C 4H 9S", bo="7D QD QH"), "Cai pass", "QD QH", "4H")
    assert state.war is None
    assert {parse_card(c) for c in ["QD", "QH", "4H", "7C", "7D", "5S"]} <= set(
        state.hands[1].cards
    )


def test_a_war_card_of_two_that_makes_four_of_the_value_burns():
    """Bo lays 9S 9H as his war card on three 9s (it was "a war card is one card"): five
    9s in a row burn (*"Bortstikk er overordnet, også i krig"*) and Bo leads."""
    state = play(_dobbeldekker_war_over_9s("9D 9S 9H"), "9S 9H")
    assert state.pile.cards == () and state.turn == 1 and state.duty == "lead"


def test_in_a_war_twist_the_war_card_is_still_one_lower_card():
    """*"Hvis ikke spilleren kan legge et lavere kort i denne"*: one lower card of the suit."""
    state = play(war(anna="7C 4D 4H", bo="7D 8D 5D"), "Cai pass", "8D", "+5D")
    with pytest.raises(IllegalEvent, match="lower than 5 with one card"):
        play(state, "Anna 4D 4H")


def test_a_face_down_hand_in_a_war_round_lays_a_war_card_and_never_picks_up():
    """*"Når krig er erklært, har alle invoverte spillere måteplikt"*: every player in the
    war lays a war card, and any card is one, so a hand nobody has seen (a physical game)
    may not pick up instead (it could)."""
    state = play(war(), "Cai pass")
    assert RULES.to_act(state) == (1,)
    hands = list(state.hands)
    stock = len(state.stock) + len(hands[1]) - 3
    hands[1] = Zone((), 3)
    state = attrs.evolve(state, hands=tuple(hands), stock=Zone((), stock))
    assert "pickup" not in {m.kind for m in RULES.moves(state)}
    with pytest.raises(IllegalEvent, match="måteplikt"):
        play(state, "Bo pickup")


def test_a_war_changed_by_evolve_is_the_war_made_anew() -> None:
    """A war keeps its fields in a ``__dict__`` so that ``table.evolve`` copies it (several
    times per war): the copy equals the war made with the changes, and forgets the hash
    it was copied from."""
    from tablelog.rules.table import evolve
    from tablelog.rules.vriddiot.state import War

    war = War("7", 1, (0, 1), window=(2,))
    hash(war)  # cached
    changed = evolve(war, laid=((1, 7),), jacks=1, window=())
    made = War("7", 1, (0, 1), laid=((1, 7),), jacks=1)
    assert changed == made and hash(changed) == hash(made) and changed != war
    assert evolve(changed, twist=("H", 8)) == War("7", 1, (0, 1), (), ((1, 7),), 1, ("H", 8))
