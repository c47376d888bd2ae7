"""Dealing Nørdekasino: the first deal, the re-deals, the last round and the middle."""

from __future__ import annotations

import random

import attrs
import pytest

from tablelog.replay.dealer import sample
from tablelog.rules.errors import IllegalEvent, NotationError
from tablelog.rules.events import Deal, Dealt, Event, Move
from tablelog.rules.nordekasino import RULES
from tablelog.rules.nordekasino.deal import deal_shape
from tablelog.rules.nordekasino.events import Adams, Capture
from tablelog.rules.nordekasino.state import DEAL, OVER, PLAY, State
from tablelog.rules.zones import Zone
from tests.rules.nordekasino_helpers import (
    ANNA,
    BO,
    CAI,
    C,
    apply,
    play,
    start,
    table_cards,
)


def shapes(players: int, **options: object) -> list[tuple[int, int, int]]:
    """Each deal's (cards each, table cards, middle cards) through a whole game."""
    state = start(players, **options)  # type: ignore[arg-type]
    out = []
    stock = len(state.stock)
    while stock:
        state = attrs.evolve(state, stock=Zone((), stock), deals=len(out))
        shape = deal_shape(state)
        out.append((shape.each, shape.table, shape.middle))
        stock -= shape.each * players + shape.table + shape.middle
    return out


FIRST = (4, 2, 0)
AGAIN = (4, 0, 0)


@pytest.mark.parametrize(
    ("players", "options", "expected"),
    [
        (2, {}, [FIRST, AGAIN, AGAIN, AGAIN, AGAIN, (4, 0, 4)]),  # 5 re-deals, middle 4
        (3, {}, [FIRST, AGAIN, AGAIN, (4, 0, 4)]),
        (4, {}, [FIRST, AGAIN, (4, 0, 4)]),
        (4, {"last_round": 5}, [FIRST, AGAIN, (5, 0, 0)]),  # all 20: no middle
        (3, {"last_round": 2}, [FIRST, AGAIN, AGAIN, (2, 0, 10)]),
        (2, {"last_round": 13}, [FIRST, AGAIN, AGAIN, AGAIN, AGAIN, (6, 0, 0)]),  # S // n
        (12, {}, [(4, 2, 4)]),  # the first deal is also the last: still 4 each
        (13, {}, [FIRST]),
        (4, {"jokers": 0}, [FIRST, AGAIN, (4, 0, 2)]),
    ],
)
def test_the_deals_of_a_game(players: int, options: dict, expected: list) -> None:
    assert shapes(players, **options) == expected


def test_the_first_deal_goes_counter_clockwise_from_the_dealers_right() -> None:
    state = start(3, dealer=BO)
    move = sample(RULES.chance(state), random.Random(7))
    targets = [d.to for d in move.payload.cards]
    assert targets == ["2"] * 4 + ["0"] * 4 + ["1"] * 4 + ["table"] * 2
    assert [d.up for d in move.payload.cards] == [False] * 12 + [True] * 2
    after = apply(state, move)
    assert after.phase == PLAY and after.to_play == CAI  # the dealer's right plays first
    assert [len(h) for h in after.hands] == [4, 4, 4]
    assert len(after.piles) == 2 and all(p.value is None for p in after.piles)
    assert len(after.stock) == 54 - 14 and after.deals == 1


def test_after_a_seeded_deal_each_player_sees_only_their_own_hand() -> None:
    state = start(3)
    state = apply(state, sample(RULES.chance(state), random.Random(5)))
    for seat in range(3):
        zones = {z.name: z for z in RULES.view(state, seat).zones}
        for owner in range(3):
            hand = zones[f"hand:{owner}"]
            if owner == seat:
                assert hand.cards == state.hands[owner].cards and hand.hidden == 0
            else:
                assert hand.cards == () and hand.hidden == 4
        assert zones["table"].cards == tuple(p.cards[0] for p in state.piles)
        assert zones["stock"].cards == () and zones["stock"].hidden == 40


def test_a_deal_in_the_wrong_order_is_refused() -> None:
    state = start(3, dealer=BO)
    move = sample(RULES.chance(state), random.Random(7))
    cards = move.payload.cards
    wrong = Deal(cards[4:8] + cards[:4] + cards[8:])  # Anna's cards before Cai's
    with pytest.raises(IllegalEvent) as caught:
        RULES.apply(state, Event(1, None, wrong))
    assert "Cai first" in caught.value.reason


def test_the_table_cards_lie_face_up_and_must_be_named() -> None:
    state = start(2)
    cards = tuple(Dealt(str(s), None) for s in (1, 1, 1, 1, 0, 0, 0, 0))
    down = Deal((*cards, Dealt("table", C("5C"), False), Dealt("table", C("KD"), False)))
    with pytest.raises(IllegalEvent, match="table's cards are dealt face up"):
        RULES.apply(state, Event(1, None, down))
    with pytest.raises(
        NotationError, match=r"a deal names the 2 face-up cards \(2 to the table\) .* got 0"
    ):
        RULES.parse("deal", state)


def test_a_physical_first_deal_keeps_the_hands_face_down() -> None:
    state = start(3)
    move = RULES.parse("deal table 5C KD", state)
    after = apply(state, move)
    assert [(len(h), h.hidden) for h in after.hands] == [(4, 4)] * 3
    assert table_cards(after) == ["5C", "KD"]
    assert RULES.parse(RULES.format(move, state), state) == move
    view = RULES.view(after, BO)
    assert [(z.cards, z.hidden) for z in view.zones if z.name.startswith("hand")] == [((), 4)] * 3
    # a face-down card becomes the card played, if it is still unaccounted for
    after = play(after, "take 5H 5C")
    assert after.hands[BO].hidden == 3 and after.last_taker == BO
    with pytest.raises(IllegalEvent, match="Cai cannot hold KD: it lies on the table"):
        play(after, "take KD #1")  # the KD is on the table, so nobody holds it


def test_a_full_deal_names_every_card_and_round_trips() -> None:
    state = start(2)
    text = "deal Bo:7H,2S,3C,4D Anna:9C,?,?,? table:5C,KD"
    move = RULES.parse(text, state)
    assert RULES.format(move, state) == text
    after = apply(state, move)
    assert after.hands[1].cards == (C("7H"), C("2S"), C("3C"), C("4D"))  # Bo first
    assert after.hands[0].cards == (C("9C"),) and after.hands[0].hidden == 3
    # a place whose cards are all unseen may be left out, and format leaves it out
    bo_only = RULES.parse("deal table:5C,KD Bo:7H,2S,3C,4D", state)
    assert RULES.format(bo_only, state) == "deal Bo:7H,2S,3C,4D table:5C,KD"
    assert apply(state, bo_only).hands[0] == Zone((), 4)


def redeal_state(players: int, stock: int, **options: object) -> State:
    state = start(players, **options)  # type: ignore[arg-type]
    return attrs.evolve(state, stock=Zone((), stock), deals=1)


def test_a_re_deal_gives_four_each_and_nothing_to_the_table() -> None:
    state = redeal_state(3, 40)
    move = RULES.parse("deal", state)
    assert [d.to for d in move.payload.cards] == ["1"] * 4 + ["2"] * 4 + ["0"] * 4
    after = apply(state, move)
    assert after.to_play == BO and after.piles == () and len(after.stock) == 28
    with pytest.raises(NotationError, match="the 1st card, 'table', is neither a card nor a place"):
        RULES.parse("deal table 5C KD", state)
    with pytest.raises(NotationError, match="nothing is dealt face up in this deal"):
        RULES.parse("deal 5C KD", state)


def test_the_last_round_lays_the_rest_face_down_in_the_middle() -> None:
    state = redeal_state(4, 20)
    move = RULES.parse("deal", state)
    middle = [d for d in move.payload.cards if d.to == "middle"]
    assert len(middle) == 4 and not any(d.up or d.card for d in middle)
    after = apply(state, move)
    assert len(after.middle) == 4 and len(after.stock) == 0
    assert [len(h) for h in after.hands] == [4, 4, 4, 4]
    assert RULES.format(move, state) == "deal"
    seen = RULES.parse("deal middle:7H,?,?,?", state)
    assert RULES.format(seen, state) == "deal middle:7H,?,?,?"
    assert apply(state, seen).middle == Zone((C("7H"),), 3)


def test_last_round_five_deals_everything() -> None:
    state = redeal_state(4, 20, last_round=5)
    after = apply(state, RULES.parse("deal", state))
    assert [len(h) for h in after.hands] == [5] * 4 and len(after.middle) == 0


def play_out(seed: int, players: int, **options: object) -> tuple[State, list[tuple]]:
    """A seeded game played to the end, preferring captures; each deal's shape."""
    rng = random.Random(seed)
    state = start(players, **options)  # type: ignore[arg-type]
    deals = []
    while state.phase != OVER:
        if state.phase == DEAL:
            shape = deal_shape(state)
            deals.append((shape.each, shape.table, shape.middle))
            move = sample(RULES.chance(state), rng)
            state = apply(state, move)
            assert state.to_play == (state.dealer + 1) % players
            continue
        moves = tuple(RULES.moves(state))
        takes = [m for m in moves if isinstance(m.payload, Capture | Adams)]
        state = apply(state, rng.choice(takes or list(moves)))
    return state, deals


@pytest.mark.parametrize(("seed", "players"), [(1, 2), (2, 3), (3, 4)])
def test_a_seeded_game_deals_every_card_and_ends(seed: int, players: int) -> None:
    state, deals = play_out(seed, players)
    assert deals == shapes(players)
    assert state.piles == () and len(state.middle) == 0 and len(state.stock) == 0
    assert sum(len(w) for w in state.won) == 54
    outcome = RULES.outcome(state)
    assert outcome is not None and outcome.winners
    assert sum(row["last_trick"] for row in outcome.rounds) == 1
    assert sum(row["most_cards"] for row in outcome.rounds) == 1
    assert sum(row["most_spades"] for row in outcome.rounds) == 2
    assert sum(row["point_cards"] for row in outcome.rounds) == 4 + 1 + 1 + 2 + 3 + 4


def test_a_deal_by_a_player_or_out_of_turn_is_refused() -> None:
    state = start(2)
    move = RULES.parse("deal table 5C KD", state)
    with pytest.raises(IllegalEvent, match="no player as actor"):
        RULES.apply(state, Event(1, ANNA, move.payload))
    after = apply(state, move)
    with pytest.raises(IllegalEvent, match="every hand is played out"):
        RULES.apply(after, Event(2, None, move.payload))
    assert Move(None, move.payload) == move
