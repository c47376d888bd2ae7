"""Narrespillet's public cards (``showing.public_cards``, what ``shown`` compares before and after
an event) are read from the state's fields without making every zone: on every state of
seeded and physical random games, at several table sizes and in every variant, they equal
the cards of the public zones of ``zone_map``, as the views lay them, with the cards a
hand was made to show."""

from __future__ import annotations

import random
from collections import Counter
from itertools import chain

import pytest

from tablelog.replay import dealer
from tablelog.rules import registry
from tablelog.rules.cards import Card
from tablelog.rules.events import Event
from tablelog.rules.narrespillet.showing import public_cards as _public
from tablelog.rules.narrespillet.state import State, zone_map
from tablelog.rules.narrespillet.view import _public_names
from tests.replay.dealer_games import header

RULES = registry.get("narrespillet")


def _by_zones(state: State) -> Counter[Card]:
    """The public cards as they were computed: every zone made, the public ones counted."""
    zones = zone_map(state)
    out = Counter(chain.from_iterable(zones[z].cards for z in _public_names(state)))
    for w in range(state.n):
        if state.revealed[w]:
            held = Counter(state.hands[w].cards)
            out.update(c for c in state.revealed[w] if held[c])
    return out


@pytest.mark.parametrize("variant", ["standard", "malderia", "althea", "kroam"])
@pytest.mark.parametrize("players", [3, 4, 6])
def test_public_cards_equal_the_public_zones_on_every_state(variant: str, players: int) -> None:
    states = nonempty = 0
    for seed in (1, 2, 3):
        for mode in ("seeded", "known"):
            hdr = header("narrespillet", {"variant": variant}, players, seed, mode)
            rng = random.Random(seed)
            state = RULES.start(hdr)
            for seq in range(1, 500):
                assert _public(state) == _by_zones(state)
                states += 1
                nonempty += bool(_public(state))
                if RULES.outcome(state) is not None:
                    break
                step = RULES.chance(state)
                if step is None:
                    moves = list(RULES.moves(state))
                    if not moves:
                        break
                    move = rng.choice(moves)
                elif hdr.seed is not None:
                    found = dealer.dealer_move(RULES, state, hdr.seed, seq)
                    assert found is not None
                    move = found
                else:
                    move = dealer.sample(step, random.Random(seed * 1000 + seq))
                state = RULES.apply(state, Event(seq, move.actor, move.payload))
    assert states > 300 and nonempty > 200
