"""The lazy questions agree with the whole listing: ``count``, ``kinds``, ``cards`` and
the filtered ``moves``, on states of the recorded fixtures (a physical game with face-down
hands, and a seeded one)."""

from __future__ import annotations

from pathlib import Path

import pytest

from tablelog.replay.jsonl import parse_lines
from tablelog.rules.listing import lead_card
from tablelog.rules.narrespillet.deck import DECK
from tablelog.rules.narrespillet.moves import NO_CARD, cards, count, kinds, moves
from tests.rules.narrespillet_helpers import RULES

HERE = Path(__file__).resolve().parents[2] / "fixtures" / "narrespillet"
ORDER = {card: i for i, card in enumerate(DECK)}


def _states(name: str, every: int):  # type: ignore[no-untyped-def]
    (game,) = parse_lines((HERE / name).read_text(encoding="utf-8").splitlines(), lambda _: RULES)
    state = RULES.start(game.header)
    for i, event in enumerate(game.events):
        if i % every == 0 and RULES.to_act(state):
            yield state
        state = RULES.apply(state, event)


STATES = [
    *_states("narrespillet-example-round.jsonl", 3),
    *list(_states("narrespillet-seeded.jsonl", 9))[:30],
]


@pytest.mark.parametrize("state", STATES, ids=lambda s: f"r{s.round}c{s.clock}")
def test_the_lazy_answers_agree_with_the_listing(state):
    every = list(moves(state))
    assert count(state) == len(every) and len(set(every)) == len(every)
    for seat in RULES.to_act(state):
        own = [m for m in every if m.actor == seat]
        assert count(state, seat) == len(own)
        assert kinds(state, seat) == tuple(dict.fromkeys(m.kind for m in own))
        for kind in kinds(state, seat):
            of_kind = [m for m in own if m.kind == kind]
            assert list(moves(state, seat, None, kind)) == of_kind
            leads = {lead_card(m) for m in of_kind}
            if kind in NO_CARD:
                assert cards(state, seat, kind) == (None,)
                continue
            assert cards(state, seat, kind) == tuple(sorted(leads, key=ORDER.__getitem__))
            for card in cards(state, seat, kind)[:3]:
                expected = [m for m in of_kind if lead_card(m) == card]
                assert list(moves(state, seat, card, kind)) == expected


def test_a_seat_not_to_act_has_no_kinds():
    state = STATES[0]
    idle = next(s for s in range(len(state.players)) if s not in RULES.to_act(state))
    assert kinds(state, idle) == () and count(state, idle) == 0
