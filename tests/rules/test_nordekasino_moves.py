"""Legal moves and ``apply`` agree: every listed move is accepted, every other is refused.

Positions are drawn at random (a fixed seed): loose cards, built and "more" piles with
owners (the player on turn among them, so the duty is exercised), in the plain and the
partnership game. Every capture, build (each value 0 to 22 and 42, number or "more", for
oneself or for the partner), trail and Adams merge of the player on turn is tried.
"""

from __future__ import annotations

import random
from itertools import combinations

import attrs
import pytest

from tablelog.rules.cards import Card
from tablelog.rules.errors import IllegalEvent
from tablelog.rules.events import Event
from tablelog.rules.nordekasino import RULES
from tablelog.rules.nordekasino.events import Adams, Build, Capture, Trail
from tablelog.rules.nordekasino.state import Pile, State
from tablelog.rules.zones import Zone
from tests.rules.nordekasino_helpers import ANNA, header, position

VALUES = (*range(23), 42)


def random_position(seed: int) -> State:
    rng = random.Random(seed)
    partnership = seed % 3 == 0
    players = 4 if partnership else rng.choice((2, 3))
    deck = list(RULES.deck(header(players)))
    rng.shuffle(deck)
    hands = [tuple(deck.pop() for _ in range(rng.randint(1, 3))) for _ in range(players)]
    table: list[Pile] = []
    for _ in range(rng.randint(1, 5)):
        kind = rng.random()
        if kind < 0.6:
            table.append(Pile((deck.pop(),)))
        else:
            cards = (deck.pop(), deck.pop())
            value = rng.randint(1, 13)
            owner = rng.randrange(players) if kind < 0.9 else ANNA
            table.append(Pile(cards, value, rng.random() < 0.3, owner))
    state = position([""] * players, partnership=partnership)
    return attrs.evolve(
        state, hands=tuple(Zone(h) for h in hands), piles=tuple(table), to_play=ANNA
    )


def candidates(state: State) -> list[object]:
    seat = state.to_play
    assert seat is not None
    hand: tuple[Card, ...] = tuple(dict.fromkeys(state.hands[seat].cards))
    n = len(state.piles)
    subsets = [s for k in range(1, n + 1) for s in combinations(range(n), k)]
    out: list[object] = [Adams(s) for s in subsets]
    for card in hand:
        out.append(Trail(card))
        out.extend(Capture(card, s) for s in subsets)
        for s in subsets:
            for value in VALUES:
                for more in (False, True):
                    for partner in (False, True) if state.options.partnership else (False,):
                        out.append(Build(card, s, value, more, partner))
    return out


def accepted(state: State, payload: object) -> bool:
    try:
        RULES.apply(state, Event(1, state.to_play, payload))
    except IllegalEvent:
        return False
    return True


@pytest.mark.parametrize("seed", range(40))
def test_apply_accepts_exactly_the_legal_moves(seed: int) -> None:
    state = random_position(seed)
    legal = {m.payload for m in tuple(RULES.moves(state)) if m.actor == state.to_play}
    assert legal
    wrong = []
    for payload in candidates(state):
        if accepted(state, payload) != (payload in legal):
            wrong.append((payload, payload in legal))
    assert wrong == []
