"""The core of claims on face-down cards (``rules.claims``): narrowing, breaking, together."""

from __future__ import annotations

from collections import Counter

import attrs
import pytest

from tablelog.rules.cards import Card, parse_cards
from tablelog.rules.claims import Claim, broken, possible, refuse_broken, shown
from tablelog.rules.errors import IllegalEvent
from tablelog.rules.events import Event, Note

NINES = tuple(parse_cards("9S 9H 9D 9C"))
FIVES = tuple(parse_cards("5S 5H 5D 5C"))


def claim(cards: tuple[Card, ...] = NINES, seat: int = 1, seq: int = 3, what: str = "9") -> Claim:
    return Claim(seat, f"hand:{seat}", cards, seq, f"Bo built {what}", "Bo", f"card worth {what}")


def pool(text: str) -> Counter[Card]:
    return Counter(parse_cards(text))


def test_a_card_that_meets_the_claim_settles_it():
    assert shown((claim(),), 1, Card("9", "H")) == ()


def test_other_cards_are_remembered_and_other_seats_untouched():
    mine, theirs = claim(), claim(seat=0)
    after = shown((mine, theirs), 1, Card("3", "C"))
    assert after == (attrs.evolve(mine, seen=(Card("3", "C"),)), theirs)


def test_broken_when_the_hand_has_no_unseen_card_left():
    seen = shown(shown((claim(),), 1, Card("3", "C")), 1, Card("7", "H"))
    assert possible(seen, {1: 1}, pool("9S 2D"))
    assert broken(seen, {1: 0}, pool("9S 2D")) == (
        "event 3: Bo built 9, but the cards Bo showed afterwards (3C 7H) hold no card worth 9"
    )


def test_broken_when_every_copy_is_known_elsewhere():
    reason = broken((claim(),), {1: 3}, pool("2D 3C 4H"))
    assert reason == (
        "event 3: Bo built 9, but every card worth 9 is now known to be elsewhere, "
        "so Bo cannot hold one"
    )


def test_claims_on_one_hand_must_fit_its_face_down_cards_together():
    both = (claim(), claim(FIVES, seq=5, what="5"))
    assert possible(both, {1: 2}, pool("9S 5H 2D"))
    reason = broken(both, {1: 1}, pool("9S 5H 2D"))
    assert reason is not None
    assert reason.startswith("event 5: Bo built 5, but Bo's 1 face-down card(s) cannot hold")
    assert "event 3 (Bo built 9)" in reason


def test_one_card_may_meet_two_claims():
    either = (claim(NINES + FIVES, what="9 or 5"), claim(FIVES, seq=4, what="5"))
    assert possible(either, {1: 1}, pool("5H"))


def test_two_hands_cannot_both_count_on_the_last_copy():
    two = (claim(seat=0), claim(seat=1, seq=4))
    assert possible(two, {0: 1, 1: 1}, pool("9S 9H"))
    assert not possible(two, {0: 1, 1: 1}, pool("9S 2C"))


def test_refuse_broken_names_the_event_that_showed_it():
    event = Event(8, 1, Note("x"))
    with pytest.raises(IllegalEvent) as refused:
        refuse_broken(event, (claim(),), {1: 0}, pool("9S"))
    assert str(refused.value).startswith("event 8: event 3: Bo built 9, but")
    refuse_broken(event, (claim(),), {1: 1}, pool("9S"))  # still possible: no error


def test_a_card_two_claims_need_is_not_spent_where_another_would_do():
    # Bo's claim takes 10♠ or 10♣, Cai's only 10♠: Bo's 10♣ leaves Cai the 10♠. Tried with
    # 10♠ first (the order a set of cards happened to have), the search once skipped 10♣
    # as "meeting the same claims of Bo's" and answered no, under some hash seeds only.
    from tablelog.rules.claims import _fits

    ten_s, ten_c = Card("10", "S"), Card("10", "C")
    for bo in ((ten_s, ten_c), (ten_c, ten_s)):
        needs = [(1, bo), (2, (ten_s,))]
        assert _fits(needs, {1: 3, 2: 3}, Counter({ten_s: 1, ten_c: 1}))  # type: ignore[arg-type]
    tens = tuple(parse_cards("10S 10H 10D 10C"))
    claims = (claim(tens, 1, what="10"), claim((ten_s,), 2, seq=4, what="21"))
    assert possible(claims, {1: 3, 2: 3}, pool("10S 10C AC"))
    assert not possible(claims, {1: 3, 2: 3}, pool("10S AC"))  # one 10 for two claims
