"""A physical Vriddiot game: nobody types the face-down cards; they get their identity
when laid or turned, and must still be unaccounted for."""

from __future__ import annotations

import pytest

from tablelog.rules.errors import IllegalEvent
from tablelog.rules.events import Event
from tablelog.rules.protocol import Header
from tests.rules.vriddiot_helpers import RULES

UPS = "deal 2H 3H 4H 5H 6H 7H 8H 9H 10H JH QH KH"


def run(state, *texts):
    for text in texts:
        move = RULES.parse(text, state)
        state = RULES.apply(state, Event(1, move.actor, move.payload))
    return state


def start():
    state = RULES.start(Header("vriddiot", 1, ("Anna", "Bo", "Cai", "Dina"), {}, 3, None))
    return run(state, UPS)


def test_the_deal_is_entered_by_its_face_up_cards():
    state = start()
    assert [c.text for c in state.ups[0].cards] == ["2H", "6H", "10H"]
    assert state.hands[1].hidden == 3 and len(state.downs[2]) == 3
    assert (
        RULES.format(RULES.parse(UPS, RULES.start(state_header())), RULES.start(state_header()))
        == UPS
    )


def state_header():
    return Header("vriddiot", 1, ("Anna", "Bo", "Cai", "Dina"), {}, 3, None)


def test_whoever_lays_first_starts_when_nobody_knows_the_hands():
    state = start()
    assert RULES.to_act(state) == (0, 1, 2, 3)
    state = run(state, "Bo 9S")
    assert state.turn == 2 and RULES.chance(state).kind == "deal"
    state = run(state, "deal")  # Bo draws one card nobody at the table saw
    assert state.hands[1].hidden == 3 and RULES.to_act(state) == (2,)


def test_a_card_known_to_be_elsewhere_cannot_be_laid_from_a_hidden_hand():
    state = run(start(), "Bo 9S", "deal")
    with pytest.raises(IllegalEvent, match="Cai cannot hold 2H: it lies face up on Anna's"):
        run(state, "2H")


def test_a_blind_card_gets_its_identity_when_turned():
    import attrs

    from tablelog.rules.zones import Zone

    state = run(start(), "Bo 9S", "deal")
    # Cai has played out hand and face-up cards; the stock is gone
    state = attrs.evolve(
        state,
        hands=(*state.hands[:2], Zone(), state.hands[3]),
        ups=(*state.ups[:2], Zone(), state.ups[3]),
        stock=Zone(),
        out=Zone((), len(state.stock) + 3 + 3),
    )
    state = run(state, "blind 3")
    with pytest.raises(IllegalEvent, match="cannot be 9S: it lies on the pile"):
        run(state, "turn 9S")
    state = run(state, "turn QS")
    assert [RULES.format(m, state) for m in RULES.moves(state)] == ["QS"]


def test_the_dealer_keeps_a_claimed_hands_cards_out_of_what_it_names():
    # the dealer, given the claims a removal or a refill must leave possible (here: the 9C
    # is needed in a claimed hand), never names that card: not removed by KKK, not drawn
    # face up
    import random

    from tablelog.replay.dealer import sample
    from tablelog.rules.cards import parse_cards
    from tablelog.rules.chance import Drawing
    from tablelog.rules.dealing import DealPlan, to_zone
    from tablelog.rules.vriddiot.deal import Removal, refill_plan

    class Needs9C:  # stands in for rules.absences.Binding
        def ok(self, drawn):
            return parse_cards("9C")[0] not in drawn

    cards = tuple(parse_cards("2S 9C 5H KS 4S"))
    stock = DealPlan(to_zone("stock", 5, up=True), start().table.players)
    removed = sample(Removal(stock, cards, claims=Needs9C()), random.Random(1)).payload.cards
    assert [c.text for c in removed] == ["2S", "KS"]  # not 9C (needed), not 4S (the Firer)
    assert "9C" in [c.text for c in sample(Removal(stock, cards), random.Random(1)).payload.cards]
    plan = refill_plan(start().table, 1, 5)
    refill = sample(Drawing(plan, cards, binding=Needs9C()), random.Random(1)).payload
    assert all(d.card is None for d in refill.cards)  # all five drawn: entered unseen
    fine = sample(Drawing(plan, cards), random.Random(1)).payload
    assert all(d.card is not None for d in fine.cards)
