"""Helpers for the Karnöffel tests: headers, chosen deals, and playing cards in turn."""

from __future__ import annotations

from collections.abc import Sequence

import pytest

from tablelog.rules.cards import parse_card, parse_cards
from tablelog.rules.errors import IllegalEvent
from tablelog.rules.events import Deal, Dealt, Event, Move
from tablelog.rules.karnoffel import RULES
from tablelog.rules.karnoffel.events import Play, Turn
from tablelog.rules.karnoffel.state import State
from tablelog.rules.protocol import Header, OptionValue

PLAYERS = ("Anna", "Bo", "Cai", "Dina")
ANNA, BO, CAI, DINA = range(4)

# A deal by Anna (seat 0): Bo leads. Up-cards 9C 3H KS 5D: the 3H is lowest, hearts are trump.
HANDS = (
    "9C 7H QS 10D 4C",  # Anna
    "3H KD 8S 2C 6S",  # Bo
    "KS JH 9D 5C 8H",  # Cai
    "5D 2S QC 10H JC",  # Dina
)


def header(dealer: int = 0, seed: int | None = None, **options: OptionValue) -> Header:
    """A Karnöffel header for Anna, Bo, Cai and Dina."""
    return Header("karnoffel", 1, PLAYERS, options, dealer, seed)


def deal_move(hands: Sequence[str], dealer: int = 0, *, known: bool = True) -> Move:
    """The deal giving ``hands[seat]`` (up-card first) to each seat, in dealing order."""
    parsed = [parse_cards(hand) for hand in hands]
    cards = []
    for i in range(20):
        seat, rnd = (dealer + 1 + i) % 4, i // 4
        card = parsed[seat][rnd] if known or rnd == 0 else None
        cards.append(Dealt(str(seat), card, rnd == 0))
    return Move(None, Deal(tuple(cards)))


def apply(state: State, move: Move, seq: int = 1) -> State:
    """``state`` after ``move``."""
    return RULES.apply(state, Event(seq, move.actor, move.payload))


def dealt(
    hands: Sequence[str] = HANDS,
    dealer: int = 0,
    *,
    known: bool = True,
    turn: str | None = None,
    **options: OptionValue,
) -> State:
    """A new match (options as given) right after ``hands`` were dealt (and ``turn``)."""
    state = RULES.start(Header("karnoffel", 1, PLAYERS, options, dealer))
    state = apply(state, deal_move(hands, state.dealer, known=known))
    if turn is not None:
        state = apply(state, Move(None, Turn(parse_card(turn))))
    return state


def play(state: State, *cards: str) -> State:
    """``state`` after the seat to play plays each of ``cards`` in turn."""
    for text in cards:
        state = apply(state, Move(state.to_play, Play(parse_card(text))))
    return state


def refusal(state: State, move: Move) -> str:
    """The reason ``apply`` gives for refusing ``move``."""
    with pytest.raises(IllegalEvent) as caught:
        apply(state, move)
    return caught.value.reason


def by(seat: int, card: str) -> Move:
    """``seat`` plays ``card``."""
    return Move(seat, Play(parse_card(card)))


# A legal play of the whole deal of HANDS (Bo leads, hearts trump); Anna & Cai win 3-2.
TRICKS = (
    ("KD", "JH", "10H", "10D"),  # Bo leads; Cai's Karnöffel wins
    ("KS", "QC", "QS", "3H"),  # Cai leads; his King of the led suit beats Bo's Oberstecher
    ("9D", "5D", "9C", "8S"),  # Cai leads; highest diamond wins: Cai's third trick
    ("5C", "JC", "4C", "2C"),  # Cai leads; Dina's Jack of the led suit wins
    ("2S", "7H", "6S", "8H"),  # Dina leads; Anna's Devil, not led, is just a 7: Bo wins
)
ALL_PLAYS = tuple(card for trick in TRICKS for card in trick)
