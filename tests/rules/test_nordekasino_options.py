"""The options: decks, jokers, partnership, last_round, thomas_kragh, open_hand_penalty."""

from __future__ import annotations

import random
from collections import Counter

import attrs
import pytest

from tablelog.replay.dealer import sample
from tablelog.rules.cards import JOKER
from tablelog.rules.errors import IllegalEvent, OptionError
from tablelog.rules.events import Event, Move
from tablelog.rules.nordekasino import RULES
from tablelog.rules.nordekasino.events import OpenHand, Reveal
from tablelog.rules.nordekasino.state import DEAL, OVER
from tablelog.rules.zones import Zone
from tests.rules.nordekasino_helpers import (
    ANNA,
    BO,
    CAI,
    DINA,
    C,
    act,
    apply,
    build,
    built,
    header,
    legal,
    play,
    position,
    refusal,
    start,
    take,
    texts,
    trail,
)


def hand_seen(state, seat: int, by: int | None):  # type: ignore[no-untyped-def]
    view = RULES.view(state, by)
    zone = next(z for z in view.zones if z.name == f"hand:{seat}")
    return texts(zone.cards), zone.hidden


# -- decks and jokers -------------------------------------------------------------------------


def test_the_default_deck_is_54_cards_with_two_jokers() -> None:
    deck = RULES.deck(header())
    assert len(deck) == 54 and Counter(deck)[JOKER] == 2


def test_two_decks_hold_108_cards_and_two_of_each() -> None:
    deck = RULES.deck(header(decks=2))
    assert len(deck) == 108 and Counter(deck)[C("10S")] == 2 and Counter(deck)[JOKER] == 4


@pytest.mark.parametrize(
    ("players", "options", "most"),
    [(13, {}, 13), (12, {"jokers": 0}, 12), (26, {"decks": 2}, 26), (14, {"decks": 2}, 26)],
)
def test_the_most_players_the_first_deal_can_serve(players: int, options: dict, most: int):
    assert len(start(players, **options).players) == players
    if players == most:
        with pytest.raises(OptionError, match=f"at most {most} players"):
            start(players + 1, **options)


def test_fourteen_players_are_refused_with_one_deck() -> None:
    with pytest.raises(OptionError) as caught:
        start(14)
    assert "58 cards" in str(caught.value) and "hold 54" in str(caught.value)


def test_jokers_zero_leaves_them_out_of_the_game() -> None:
    assert len(RULES.deck(header(jokers=0))) == 52
    assert JOKER not in RULES.deck(header(jokers=0))
    state = start(2, jokers=0)
    with pytest.raises(IllegalEvent, match="JK is not in this game's deck"):
        play(state, "deal Bo:JK,?,?,? Anna:?,?,?,? table:5C,KD")
    assert play(start(2), "deal Bo:JK,?,?,? Anna:?,?,?,? table:5C,KD").hands[1].cards == (JOKER,)


def test_four_jokers_per_deck() -> None:
    assert Counter(RULES.deck(header(jokers=4)))[JOKER] == 4


def test_a_card_is_dealt_at_most_as_often_as_the_decks_hold_it() -> None:
    text = "deal Bo:10S,10S,?,? Anna:?,?,?,? table:5C,KD"
    assert play(start(2, decks=2), text).hands[1].cards == (C("10S"), C("10S"))
    with pytest.raises(IllegalEvent, match="10S is dealt twice"):
        play(start(2), text)
    thrice = "deal Bo:10S,10S,10S,? Anna:?,?,?,? table:5C,KD"
    with pytest.raises(IllegalEvent, match="10S is dealt 3 times, but the decks hold only 2"):
        play(start(2, decks=2), thrice)


@pytest.mark.parametrize(
    ("options", "message"),
    [
        ({"decks": 5}, "decks must be at most 4"),
        ({"jokers": 5}, "jokers must be at most 4"),
        ({"last_round": 0}, "last_round must be at least 1"),
        ({"last_round": 14}, "last_round must be at most 13"),
        ({"partnership": "maybe"}, "partnership takes true or false"),
        ({"rotation": True}, "unknown option .rotation."),
    ],
)
def test_bad_options_are_refused(options: dict, message: str) -> None:
    with pytest.raises(OptionError, match=message):
        RULES.start(header(**options))


# -- partnership ------------------------------------------------------------------------------


def test_partnership_needs_four_players() -> None:
    with pytest.raises(OptionError, match="four players"):
        start(3, partnership=True)
    assert len(start(4, partnership=True).won) == 2


def test_partners_share_their_tricks_and_sweeps() -> None:
    state = position(["2C 3C", "4H 5H", "7H 8H", "9H TH"], ["7C"], to_play=CAI, partnership=True)
    after = act(state, take("7H", 0))
    assert len(after.won) == 2 and texts(after.won[0].cards) == ["7H", "7C"]
    assert after.sweeps == (1, 0) and after.last_taker == CAI


def test_partners_share_points_and_the_win() -> None:
    state = position(["", "", "", ""], partnership=True)
    state = attrs.evolve(
        state,
        phase=OVER,
        to_play=None,
        won=(Zone((C("10S"), C("AH"))), Zone((C("3H"),))),
        last_taker=BO,
    )
    outcome = RULES.outcome(state)
    assert outcome is not None
    assert set(outcome.scores) == {"Anna & Cai", "Bo & Dina"}
    assert outcome.scores["Anna & Cai"] == 4 + 1 + 1 + 2  # 10S, AH, most cards, most spades
    assert outcome.scores["Bo & Dina"] == 1  # the last trick
    assert outcome.winners == (ANNA, CAI)


PARTNER = ["3H 9S", "AH 5D", "7D 6C", "KD 2D"]  # Anna's partner Cai holds a 7; Bo an ace


def test_build_for_partner_to_the_partners_value() -> None:
    state = position(PARTNER, ["4C"], partnership=True)
    move = build("3H", (0,), 7, for_partner=True)
    assert "you may only build" in refusal(state, build("3H", (0,), 7))  # Anna has no 7
    assert move in legal(state)
    assert RULES.announce(Move(ANNA, move), state) == "I build 7 for partner"
    after = act(state, move)
    assert after.piles[-1].value == 7 and after.piles[-1].owner == ANNA  # the builder's pile
    assert not after.piles[-1].more


def test_build_for_partner_is_refused_for_a_value_the_partner_does_not_hold() -> None:
    state = position(PARTNER, ["4C"], partnership=True)
    reason = refusal(state, build("3H", (0,), 1, for_partner=True))  # 4 mod 3; Bo has an ace
    assert reason == "you may only build to a value your partner holds: Cai has no card worth 1"


def test_build_for_partner_needs_the_partnership_game() -> None:
    state = position(PARTNER, ["4C"])
    reason = refusal(state, build("3H", (0,), 7, for_partner=True))
    assert reason == "building for a partner needs the partnership game"
    assert not any(getattr(p, "for_partner", False) for p in legal(state))


def test_build_for_partner_is_never_an_adams_clear() -> None:
    state = position(["10S 2C", "AH", "3D", "5H"], ["KC", "8D"], partnership=True)
    assert build("10S", (0, 1), 42, for_partner=True) not in legal(state)
    assert "partner holds" in refusal(state, build("10S", (0, 1), 42, for_partner=True))


def test_build_for_a_face_down_partner_accepts_any_value_they_could_hold() -> None:
    state = position(PARTNER, ["4C"], partnership=True)
    state = attrs.evolve(state, hands=(*state.hands[:2], Zone((), 2), state.hands[3]))
    after = act(state, build("3H", (0,), 1, for_partner=True))
    assert after.piles[-1].value == 1


def test_the_duty_after_building_for_partner() -> None:
    hands = ["2H 9S", "AH 5D", "7D 6C", "KD 2D"]
    state = position(hands, [built(7, "3H 4C", ANNA)], partnership=True)
    assert "build on it or take a trick" in refusal(state, trail("9S"))
    assert act(state, build("2H", (0,), 9)).piles[-1].value == 9


# -- thomas_kragh -----------------------------------------------------------------------------


def test_reveal_needs_the_thomas_kragh_option() -> None:
    state = position(["7H", "4C", "5C"], ["9D"])
    assert "option thomas_kragh" in refusal(state, Reveal(C("7H")))
    assert Reveal(C("7H")) not in legal(state)


def test_reveal_the_last_card_to_everyone() -> None:
    state = position(["7H", "4C", "5C"], ["9D"], thomas_kragh=True)
    assert Reveal(C("7H")) in legal(state)
    assert hand_seen(state, ANNA, BO) == ([], 1)
    after = act(state, Reveal(C("7H")))
    assert after.to_play == ANNA and after.hands == state.hands  # nothing else changes
    assert hand_seen(after, ANNA, BO) == (["7H"], 0)
    assert hand_seen(after, ANNA, None) == (["7H"], 0)
    assert "already shown" in refusal(after, Reveal(C("7H")))
    assert Reveal(C("7H")) not in legal(after)


def test_reveal_only_the_one_last_card() -> None:
    state = position(["7H 8H", "4C", "5C"], ["9D"], thomas_kragh=True)
    assert "the last card: Anna holds 2" in refusal(state, Reveal(C("7H")))
    assert not any(isinstance(p, Reveal) for p in legal(state))


# -- open_hand_penalty ------------------------------------------------------------------------


def test_open_hand_needs_the_option() -> None:
    state = position(["7H", "4C", "5C"], ["9D"])
    assert "option open_hand_penalty" in refusal(state, OpenHand(), BO)
    with pytest.raises(IllegalEvent):
        play(state, "Bo open")


def test_an_open_hand_is_seen_by_everyone_until_the_next_deal() -> None:
    state = position(["7H", "4C", "5C"], ["9D"], open_hand_penalty=True)
    state = attrs.evolve(state, stock=Zone((), 12))
    assert Move(BO, OpenHand()) in tuple(RULES.moves(state))
    assert hand_seen(state, BO, ANNA) == ([], 1)
    state = play(state, "Bo open")
    assert state.open_hands == (BO,) and state.to_play == ANNA
    assert hand_seen(state, BO, ANNA) == (["4C"], 0)
    assert hand_seen(state, BO, CAI) == (["4C"], 0)
    assert "already plays open-handed" in refusal(state, OpenHand(), BO)
    state = play(state, "trail 7H", "trail 4C", "trail 5C")
    assert state.phase == DEAL
    state = apply(state, sample(RULES.chance(state), random.Random(3)))
    assert state.open_hands == () and hand_seen(state, BO, ANNA) == ([], 4)


def test_open_hand_is_a_move_of_the_named_player() -> None:
    state = position(["7H", "4C", "5C", "6C"], ["9D"], open_hand_penalty=True)
    assert RULES.parse("Dina open", state) == Move(DINA, OpenHand())
    after = RULES.apply(state, Event(1, DINA, OpenHand()))
    assert hand_seen(after, DINA, ANNA) == (["6C"], 0)
