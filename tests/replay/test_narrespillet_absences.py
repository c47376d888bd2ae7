"""Narrespillet's "holds none" claims (``rules.claims.Absence``) in a physical game: a
``pass`` in the Hierophant's window and the table's ``answer nobody`` to the Star, checked
when that hand shows its face-down cards later (issue 13)."""

from __future__ import annotations

import attrs
import pytest

from tablelog.replay.games import Games
from tablelog.replay.headers import make_header
from tablelog.replay.kit.history import History
from tablelog.replay.kit.invariants import InvariantViolation, check_all, claims_hold
from tablelog.replay.kit.sample import THOROUGH
from tablelog.rules.cards import parse_card
from tablelog.rules.errors import IllegalEvent
from tablelog.rules.table import evolve
from tests.rules.narrespillet_helpers import PLAYERS, RULES

DEAL = "deal Anna:{anna} Bo:?,?,?,?,?,? Cai:Sw5,Sw6,St5,St6,Cu5,Cu6 Dina:Co5,Co6,Sw7,St7,Cu7,Co7"
COINS_PASS = (
    "event 4: Bo passed for Anna's Hierophant (no number or court card of Coins), but Bo's "
    "hand has since shown CoQ, which it held then"
)
NOBODY_T13 = (
    "event 4: the table answered nobody to Anna's call of T13 (no T13), but Bo's hand has "
    "since shown T13, which it held then"
)


def physical(games: Games, *lines: str, anna: str = "T17,T5,Sw2,Sw3,St2,St3") -> int:
    """A physical game of four, Anna first, Bo's six cards dealt face down; then ``lines``
    typed as at the table (each event's number is its line's, the deal being event 1)."""
    game = games.create(make_header(RULES, PLAYERS, {}, dealer=3)).id
    for text in (DEAL.format(anna=anna), *lines):
        games.play(game, text)
    return game


def refused(games: Games, game: int, text: str) -> str:
    with pytest.raises(IllegalEvent) as caught:
        games.play(game, text)
    return caught.value.reason


# Anna's Hierophant names Coins; Bo shows his King of Coins, then passes (event 4): his other
# face-down cards hold no Coins. Anna's new turn; Bo's turn comes with the same hand.
HIEROPHANT_COINS = (
    "Anna play T5 Co",
    "Bo reveal CoK",
    "Bo pass",
    "deal Anna:Cu9",
    "Anna discard Sw2",
    "deal Anna:Cu10",
)


def test_a_pass_for_the_hierophant_is_an_absence_on_the_named_cards_left(games: Games):
    game = physical(games, *HIEROPHANT_COINS)
    (absence,) = RULES.claims(games.load(game).state)
    assert (absence.seat, absence.zone, absence.seq) == (1, "hand:1", 4)
    assert absence.what == "number or court card of Coins"
    assert "CoK" not in {c.text for c in absence.cards}  # shown: no longer unaccounted for
    assert "Co5" not in {c.text for c in absence.cards}  # Dina's, known
    assert "CoQ" in {c.text for c in absence.cards}


def test_showing_a_card_the_pass_denied_is_refused_naming_the_pass(games: Games):
    game = physical(games, *HIEROPHANT_COINS)
    before = games.load(game).seq
    assert refused(games, game, "Bo show CoQ") == COINS_PASS
    assert games.load(game).seq == before  # nothing written
    games.play(game, "Bo show Sw9")  # any other card is fine
    assert games.load(game).state.claims != ()


def test_a_card_drawn_unseen_since_explains_one_such_card_but_not_two(games: Games):
    game = physical(
        games,
        *HIEROPHANT_COINS,
        "Bo show Sw9",
        "Bo discard Sw9",
        "deal Bo:?",  # one card drawn face down: it may be a Coins card
        "Cai forfeit Sw",
        "Dina forfeit Sw",
        "Anna forfeit Sw",
    )
    games.play(game, "Bo show CoQ")  # accepted: it may be the card drawn at event 10
    (absence,) = games.load(game).state.claims
    assert (absence.fresh, [c.text for c in absence.seen]) == (1, ["CoQ"])
    assert refused(games, game, "Bo show Co9") == (
        "event 4: Bo passed for Anna's Hierophant (no number or court card of Coins), but "
        "Bo's hand has since shown CoQ Co9, more than the 1 card(s) it took unseen since, so "
        "it held one then"
    )


def test_the_hand_emptied_settles_its_absences(games: Games):
    game = physical(games, "Anna play T5 Co", "Bo pass", anna="T12,T5,Sw2,Sw3,St2,St3")
    assert len(games.load(game).state.claims) == 1
    games.play(game, "deal Anna:Cu9")
    games.play(game, "Anna play T12 Bo")  # the Hanged Man: Bo's hand is discarded
    assert games.load(game).state.claims == ()


def test_answer_nobody_is_an_absence_in_every_other_face_down_hand(games: Games):
    game = physical(games, "Anna play T17", "Anna call T13", "answer nobody", "deal Anna:Cu9")
    (absence,) = games.load(game).state.claims  # Bo's: the only other face-down hand
    assert (absence.seat, absence.seq, absence.what) == (1, 4, "T13")
    assert refused(games, game, "Bo show T13") == NOBODY_T13


def test_a_later_reveal_of_the_card_nobody_held_is_refused(games: Games):
    game = physical(
        games,
        "Anna play T17",
        "Anna call T13",
        "answer nobody",
        "deal Anna:Cu9",
        "Bo forfeit Sw",
        "Cai forfeit Sw",
        "Dina forfeit Sw",
        "Anna play T5 pictures",
    )
    assert refused(games, game, "Bo reveal T13") == NOBODY_T13
    games.play(game, "Bo reveal T12")


def test_the_table_is_not_offered_an_answer_that_breaks_a_pass(games: Games):
    game = physical(games, "Anna play T5 pictures", "Bo pass", "deal Anna:Cu9", "Anna play T17")
    games.play(game, "Anna call T13")
    state = games.load(game).state
    step = RULES.chance(state)
    assert step is not None and step.kind == "answer"
    assert step.hint == "who holds T13, called by Anna? answer nobody"
    assert refused(games, game, "answer Bo").startswith(
        "event 3: Bo passed for Anna's Hierophant (no picture card but the Fool), but Bo's "
        "hand has since shown T13"
    )


def test_moves_list_no_show_that_breaks_an_absence(games: Games):
    game = physical(games, *HIEROPHANT_COINS)
    state = games.load(game).state
    shows = {m.payload.card.text for m in RULES.moves(state, 1, kind="show")}
    assert "CoQ" not in shows and "Sw9" in shows
    assert "CoQ" not in {c.text for c in RULES.cards(state, 1, "show") if c is not None}


def test_the_kit_catches_a_broken_absence(games: Games):
    game = physical(games, *HIEROPHANT_COINS)
    state = games.load(game).state
    claims_hold(RULES, RULES.deck(games.load(game).header), state, 7)  # holds
    (absence,) = state.claims
    broken = evolve(state, claims=(attrs.evolve(absence, seen=(parse_card("CoQ"),)),))
    with pytest.raises(InvariantViolation) as caught:
        claims_hold(RULES, RULES.deck(games.load(game).header), broken, 8)
    assert caught.value.invariant == "agreement"
    assert COINS_PASS in str(caught.value)


def test_every_invariant_holds_on_a_game_with_absences_made_explained_and_settled(games: Games):
    game = physical(
        games,
        *HIEROPHANT_COINS,
        "Bo show Sw9",
        "Bo discard Sw9",
        "deal Bo:?",
        "Cai forfeit Sw",
        "Dina forfeit Sw",
        "Anna play T17",
        "Anna call T13",
        "answer nobody",  # Bo's hand holds no T13 either
        "deal Anna:Cu8",
        "Bo show CoQ",  # explained by the card drawn at event 10
    )
    loaded = games.load(game)
    nobody = next(e.seq for e in loaded.events if type(e.payload).TYPE == "narrespillet.answer")
    assert [a.seq for a in loaded.state.claims] == [4, nobody]
    history = History(loaded.header, loaded.events)
    check_all(RULES, history, sampling=attrs.evolve(THOROUGH, cards=None, stride=1))
