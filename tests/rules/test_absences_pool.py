"""``rules.absences``: the pool count that Speahx adds to the core's absence check (a
claim the unaccounted cards can no longer meet), and ``settle``."""

from __future__ import annotations

from collections import Counter

import attrs
import pytest

from tablelog.rules.absences import impossible, settle
from tablelog.rules.cards import parse_cards
from tablelog.rules.claims import Absence
from tablelog.rules.errors import IllegalEvent
from tablelog.rules.events import Event, Note
from tablelog.rules.zones import Zone


def none_of(cards: str, seq: int = 4, fresh: int = 0, seen: str = "") -> Absence:
    return Absence(
        seat=0,
        zone="hand:0",
        cards=frozenset(parse_cards(cards)),
        seq=seq,
        said="Anna picked up the pile",
        holder="Anna",
        what="card that fits 7H",
        fresh=fresh,
        seen=parse_cards(seen),
    )


def pool(cards: str) -> Counter:
    return Counter(parse_cards(cards))


def test_a_hand_whose_only_possible_cards_are_forbidden_is_caught():
    reason = impossible((none_of("7H 9H QD"),), {0: 1}, pool("9H QD"))
    assert reason == (
        "event 4: Anna picked up the pile (no card that fits 7H), but Anna's hand still holds "
        "1 face-down card(s) from then and only 0 unseen card(s) are left that are no card "
        "that fits 7H, so it held one"
    )
    assert impossible((none_of("7H 9H QD"),), {0: 1}, pool("9H 3C")) is None


def test_cards_drawn_unseen_since_may_be_the_forbidden_ones():
    assert impossible((none_of("9H QD", fresh=1),), {0: 1}, pool("9H QD")) is None
    # a forbidden card shown since used up that draw
    assert impossible((none_of("9H QD", fresh=1, seen="9H"),), {0: 1}, pool("QD")) is not None


def test_a_later_claim_on_the_same_hand_counts_for_the_cards_held_since_the_first():
    early, late = none_of("9H", seq=4), none_of("QD", seq=9)
    assert impossible((early,), {0: 1}, pool("9H QD")) is None
    assert impossible((late,), {0: 1}, pool("9H QD")) is None
    reason = impossible((early, late), {0: 1}, pool("9H QD"))
    assert reason is not None and reason.startswith("event 4:")
    assert "nor ruled out by a later claim" in reason


def test_settle_refuses_and_drops_the_claims_of_an_emptied_hand():
    event = Event(12, 0, Note("x"))
    claim = none_of("9H")
    with pytest.raises(IllegalEvent, match="only 0 unseen card"):
        settle(event, (claim,), (Zone((), 1),), pool("9H"))
    assert settle(event, (claim,), (Zone((), 1),), pool("9H"), counted=False) == (claim,)
    assert settle(event, (claim,), (Zone(parse_cards("3C")),), pool("9H")) == ()


def on(seat: int, cards: str, seq: int = 4, holder: str = "Anna") -> Absence:
    claim = none_of(cards, seq=seq)
    said = f"{holder} picked up the pile"
    return attrs.evolve(claim, seat=seat, zone=f"hand:{seat}", holder=holder, said=said)


def test_two_hands_cannot_both_hold_the_last_card_their_claims_allow():
    anna, bo = on(0, "9H QD"), on(1, "9H QD", holder="Bo")
    assert impossible((anna,), {0: 1, 1: 1}, pool("9H QD 3C")) is None
    assert impossible((anna, bo), {0: 1, 1: 1}, pool("9H QD 3C 4C")) is None
    reason = impossible((anna, bo), {0: 1, 1: 1}, pool("9H QD 3C"))
    assert reason == (
        "event 4: Anna picked up the pile (no card that fits 7H), but the hands of Anna, Bo "
        "still hold 2 face-down card(s) from their claims and only 1 unseen card(s) are left "
        "that those claims allow, so one of them held a card it was said not to"
    )


def test_the_shared_count_names_the_first_claim_that_leaves_too_few_cards():
    # either hand alone may hold QD; Bo's later claim leaves the two of them one card
    anna, bo = on(0, "3C", seq=4), on(1, "3C", seq=9, holder="Bo")
    assert impossible((anna,), {0: 1, 1: 1}, pool("QD 3C")) is None
    reason = impossible((anna, bo), {0: 1, 1: 1}, pool("QD 3C"))
    assert reason is not None and reason.startswith("event 9: Bo picked up")
    assert "the hands of Anna, Bo still hold 2 face-down card(s)" in reason


def test_the_shared_count_moves_a_card_to_the_hand_that_needs_it():
    # 9H is counted for Anna first, then moved to Bo, who may hold nothing else
    anna, bo = on(0, "QD", seq=4), on(1, "3C QD", seq=9, holder="Bo")
    assert impossible((anna, bo), {0: 1, 1: 1}, pool("9H 3C QD")) is None
    assert impossible((anna, bo), {0: 2, 1: 1}, pool("9H 3C QD")) is not None
