"""The deal engine: plans, refusals that name who gets what, applying and sampling deals."""

from __future__ import annotations

import random
from collections import Counter

import attrs
import pytest
from hypothesis import given
from hypothesis import strategies as st

from tablelog.replay.dealer import sample
from tablelog.rules.cards import Card, deck_french, parse_card
from tablelog.rules.chance import Drawing
from tablelog.rules.dealing import (
    DealPlan,
    Place,
    Pool,
    apply_deal,
    check_deal,
    deal_slots,
    deal_zones,
    owner,
    pool_order,
    round_robin,
    to_each,
    to_zone,
)
from tablelog.rules.errors import IllegalEvent
from tablelog.rules.events import Deal, Dealt, Event
from tablelog.rules.zones import Slot, Zone
from tests.rules.deal_plans import (
    CASINO,
    KARNOFFEL,
    KARNOFFEL_DECK,
    SLOTS,
    SPEAHX,
    TWO_DECKS,
    VRIDDIOT,
)

C = parse_card


def refusal(plan: DealPlan, deal: Deal, deck=KARNOFFEL_DECK, pool=None, where=None) -> str:
    counts = Counter(deck)
    with pytest.raises(IllegalEvent) as caught:
        check_deal(plan, Event(1, None, deal), counts if pool is None else pool, counts, where)
    return caught.value.reason


def seeded(plan: DealPlan, deck, seed: int = 1, known: bool = True) -> Deal:
    drawing = Drawing(plan, pool_order(Counter(deck)))
    deal: Deal = sample(drawing, random.Random(seed), known).payload
    return deal


def test_plans_list_each_card_in_dealing_order() -> None:
    assert round_robin((1, 2), 2, up_rounds=(0,)) == (
        Place("1", True), Place("2", True), Place("1"), Place("2"),
    )  # fmt: skip
    assert to_each((2, 0), 2, zone="up", up=True) == (
        Place("2.up", True), Place("2.up", True), Place("0.up", True), Place("0.up", True),
    )  # fmt: skip
    assert to_zone("table", 2, numbered=True) == (Place("table:0"), Place("table:1"))
    assert [owner(to) for to in ("3", "2.up", "1.table:4", "table", "table:0")] == [
        3, 2, 1, None, None,
    ]  # fmt: skip


def test_places_are_named_and_spoken_of_by_the_players_names() -> None:
    assert [VRIDDIOT.name(to) for to in ("1.down", "2.up", "0")] == ["Bo.down", "Cai.up", "Anna"]
    assert [VRIDDIOT.phrase(to) for to in ("1.down", "0")] == ["Bo's down", "Anna"]
    assert CASINO.phrase("table") == "the table" and SLOTS.name("table:2") == "table:2"
    assert CASINO.summary(p.to for p in CASINO.places) == "4 to Bo, 4 to Anna, 2 to the table"


def test_a_deal_of_the_plan_is_accepted_and_applied_per_place() -> None:
    deal = seeded(CASINO, deck_french())
    event = Event(1, None, deal)
    counts = Counter(deck_french())
    zones = apply_deal(CASINO, event, counts, counts)
    assert list(zones) == ["1", "0", "table"]
    assert zones["1"].cards == tuple(d.card for d in deal.cards[:4])
    assert zones["table"] == Zone(tuple(d.card for d in deal.cards[8:]))
    assert apply_deal(CASINO, event, Pool.of(deck_french()), counts) == zones


def test_face_down_cards_nobody_entered_are_counted() -> None:
    deal = seeded(CASINO, deck_french(), known=False)
    zones = deal_zones(CASINO, deal)
    assert zones["1"] == Zone((), 4) and zones["0"] == Zone((), 4)
    assert len(zones["table"].cards) == 2


def test_wrong_count_names_who_gets_what() -> None:
    deal = seeded(CASINO, deck_french())
    short = Deal(deal.cards[:3] + deal.cards[8:])
    assert refusal(CASINO, short, deck_french()) == (
        "this deal gives 4 to each player from the dealer's right: expected 10 cards "
        "(4 to Bo, 4 to Anna, 2 to the table), got 5 (3 to Bo, 2 to the table)"
    )


def test_a_card_to_the_wrong_place_is_named_by_its_number() -> None:
    deal = seeded(KARNOFFEL, KARNOFFEL_DECK)
    swapped = Deal((deal.cards[1], deal.cards[0], *deal.cards[2:]))
    assert refusal(KARNOFFEL, swapped) == (
        "the deal gives 5 cards to each player, one at a time, from the dealer's left: "
        "card 1 goes to Bo, not to Cai"
    )


def test_face_up_and_face_down_are_fixed_by_the_plan() -> None:
    cards = seeded(KARNOFFEL, KARNOFFEL_DECK).cards
    down = Deal((attrs.evolve(cards[0], up=False), *cards[1:]))
    assert refusal(KARNOFFEL, down) == (
        "the first round of the deal is dealt face up: card 1 (to Bo) must be face up"
    )
    unknown = Deal((attrs.evolve(cards[0], card=None), *cards[1:]))
    assert refusal(KARNOFFEL, unknown) == (
        "the first round of the deal is dealt face up, so face-up cards must be entered: "
        "card 1 (to Bo) is not known"
    )


def test_cards_that_cannot_be_dealt() -> None:
    cards = seeded(KARNOFFEL, KARNOFFEL_DECK).cards
    ace = Deal((attrs.evolve(cards[0], card=C("AH")), *cards[1:]))
    assert refusal(KARNOFFEL, ace) == "AH is not in the Karnöffel deck"
    twice = Deal((*cards[:19], attrs.evolve(cards[19], card=cards[3].card)))
    assert refusal(KARNOFFEL, twice) == f"{cards[3].card} is dealt twice"
    taken = Counter(KARNOFFEL_DECK)
    taken[cards[2].card] = 0
    assert (
        refusal(KARNOFFEL, Deal(cards), pool=taken)
        == f"{cards[2].card} cannot be dealt: it is already out"
    )
    assert (
        refusal(KARNOFFEL, Deal(cards), pool=taken, where=lambda card: "it was taken by Anna & Cai")
        == f"{cards[2].card} cannot be dealt: it was taken by Anna & Cai"
    )


def test_several_decks_deal_as_many_copies_as_they_hold() -> None:
    same = [Dealt("1.table", C("AS")), Dealt("1.table", C("AS"))]
    rest = [Dealt(d.to, None) for d in seeded(SPEAHX, TWO_DECKS).cards[2:]]
    counts = Counter(TWO_DECKS)
    check_deal(SPEAHX, Event(1, None, Deal((*same, *rest))), counts, counts)  # no refusal
    three = Deal((*same, Dealt("2.table", C("AS")), *rest[1:]))
    assert refusal(SPEAHX, three, TWO_DECKS) == "AS is dealt 3 times, but the decks hold only 2"


def test_numbered_places_become_slots() -> None:
    deal = seeded(SLOTS, deck_french(), known=False)
    slots = deal_slots(deal, "table", 4)
    assert [s.up for s in slots.slots if s] == [False, False, False, True]
    assert slots.slots[0] == Slot(None, False) and slots.slots[3].card is not None
    assert slots.zone == Zone((deal.cards[3].card,), 3)


def test_pool_order_sorts_and_keeps_repeats() -> None:
    pool = Counter({C("KD"): 1, C("2C"): 2, C("JK"): 0})
    assert pool_order(pool) == (C("2C"), C("2C"), C("KD"))


@given(st.integers(0, 10_000), st.booleans())
def test_a_sampled_deal_is_deterministic_and_follows_the_plan(seed: int, known: bool) -> None:
    for plan, deck in ((KARNOFFEL, KARNOFFEL_DECK), (SPEAHX, TWO_DECKS), (VRIDDIOT, deck_french())):
        deal = seeded(plan, deck, seed, known)
        assert deal == seeded(plan, list(reversed(deck)), seed, known)  # order of the pool
        assert tuple((d.to, d.up) for d in deal.cards) == plan.shape
        assert all((d.card is not None) == (known or d.up) for d in deal.cards)
        counts = Counter(deck)
        check_deal(plan, Event(1, None, deal), counts, counts)
        zones = deal_zones(plan, deal)
        assert sum(len(z) for z in zones.values()) == len(plan)


def test_a_shared_pool_refuses_an_equal_card_made_twice() -> None:
    cards = seeded(KARNOFFEL, KARNOFFEL_DECK).cards
    copy = Card(cards[0].card.rank, cards[0].card.suit)  # equal, but another object
    twice = Deal((*cards[:19], attrs.evolve(cards[19], card=copy)))
    pool = Pool.of(KARNOFFEL_DECK)
    with pytest.raises(IllegalEvent, match="is dealt twice"):
        check_deal(KARNOFFEL, Event(1, None, twice), pool, Counter(KARNOFFEL_DECK))
