"""The core's "holds none" claims (``rules.claims.Absence``): made, narrowed, broken."""

from __future__ import annotations

from collections import Counter

import pytest

from tablelog.rules.cards import Card, parse_cards
from tablelog.rules.claims import (
    Absence,
    Claim,
    absent,
    allows,
    broken,
    emptied,
    received,
    refuse_broken,
    shown,
)
from tablelog.rules.errors import IllegalEvent
from tablelog.rules.events import Event, Note

HEARTS = frozenset(parse_cards("2H 3H 4H 5H 6H 7H 8H 9H TH JH QH KH AH"))
NINE_H, FOUR_H, THREE_C = Card("9", "H"), Card("4", "H"), Card("3", "C")
EMPTY: Counter[Card] = Counter()


def none_of(seat: int = 1, seq: int = 12) -> Absence:
    return Absence(seat, f"hand:{seat}", HEARTS, seq, "Bo picked up the pile", "Bo", "heart")


def test_a_forbidden_card_shown_with_nothing_drawn_since_breaks_it():
    after = shown((none_of(),), 1, NINE_H)
    assert broken(after, {1: 3}, EMPTY) == (
        "event 12: Bo picked up the pile (no heart), but Bo's hand has since shown 9H, "
        "which it held then"
    )


def test_other_cards_and_other_seats_leave_it_open():
    claims = (none_of(), none_of(seat=2))
    after = shown(shown(claims, 1, THREE_C), 2, THREE_C)
    assert after == claims
    assert broken(after, {1: 3, 2: 3}, EMPTY) is None


def test_cards_taken_unseen_since_may_explain_a_forbidden_card():
    claims = received((none_of(),), 1, 1)
    once = shown(claims, 1, NINE_H)
    assert broken(once, {1: 3}, EMPTY) is None  # the 9H may be the card drawn since
    twice = shown(once, 1, FOUR_H)
    assert broken(twice, {1: 2}, EMPTY) == (
        "event 12: Bo picked up the pile (no heart), but Bo's hand has since shown 9H 4H, "
        "more than the 1 card(s) it took unseen since, so it held one then"
    )


def test_received_counts_only_for_that_seat():
    claims = received((none_of(seat=1), none_of(seat=2)), 2, 3)
    assert [c.fresh for c in claims if isinstance(c, Absence)] == [0, 3]


def test_allows_tells_the_generator_which_cards_would_break_it():
    claims: tuple[Claim | Absence, ...] = (none_of(),)
    assert not allows(claims, 1, NINE_H)
    assert allows(claims, 1, THREE_C)
    assert allows(claims, 2, NINE_H)
    claims = received(claims, 1)
    assert allows(claims, 1, NINE_H)
    assert not allows(shown(claims, 1, NINE_H), 1, FOUR_H)


def test_an_empty_hand_settles_its_absences():
    claims = absent((none_of(seat=2),), none_of())
    assert emptied(claims, 1) == (none_of(seat=2),)


def test_refuse_broken_names_the_event_that_made_the_claim():
    after = shown((none_of(),), 1, NINE_H)
    with pytest.raises(IllegalEvent, match="event 12: Bo picked up the pile"):
        refuse_broken(Event(15, 1, Note("x")), after, {1: 2}, EMPTY)


def test_absences_and_claims_together_name_the_earliest_broken():
    nines = tuple(parse_cards("9S 9H 9D 9C"))
    built = Claim(1, "hand:1", nines, 20, "Bo built 9", "Bo", "card worth 9")
    claims = shown(shown((none_of(), built), 1, NINE_H), 1, THREE_C)
    # the 9H settles the build, and contradicts the earlier absence
    assert claims == (
        Absence(1, "hand:1", HEARTS, 12, "Bo picked up the pile", "Bo", "heart", seen=(NINE_H,)),
    )
    late = Claim(1, "hand:1", nines, 30, "Bo built 9", "Bo", "card worth 9")
    reason = broken((*claims, late), {1: 0}, Counter(parse_cards("9S")))
    assert reason is not None and reason.startswith("event 12: Bo picked up the pile")
    still = broken((late,), {1: 0}, Counter(parse_cards("9S")))
    assert still is not None and still.startswith("event 30: Bo built 9")


def test_a_state_holding_an_absence_survives_msgpack():
    """``Absence.cards`` is a frozenset, which msgpack cannot hold: the converter writes
    frozensets as sorted lists (the kit's roundtrip invariant packs every state)."""
    import msgpack

    from tablelog.rules.serial import converter

    absence = Absence(0, "hand:0", frozenset(parse_cards("9H 7H 2C")), 4, "x", "Anna", "card")
    data = converter.unstructure(absence)
    assert data["cards"] == ["2C", "7H", "9H"]
    assert converter.structure(msgpack.unpackb(msgpack.packb(data)), Absence) == absence
