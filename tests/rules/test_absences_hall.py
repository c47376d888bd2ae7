"""``rules.hall.Slack`` (``absences.binding_check``) against its reference,
``absences.binding_ok``: the same yes or no for random claim sets on up to four hands,
random face-down counts and pools, and random bindings; also past ``CHOICES_MAX``, where
``binding_check`` asks ``binding_ok`` itself. The claim states of real games are compared
in ``test_speahx_plain_listing`` (``unseen_ok`` against ``binding_ok``)."""

from __future__ import annotations

import random
from collections import Counter

from tablelog.rules import hall
from tablelog.rules.absences import binding_check, binding_ok
from tablelog.rules.cards import Card, parse_cards
from tablelog.rules.claims import Absence
from tablelog.rules.zones import Zone

DECK = parse_cards("2H 3H 4H 5H 6C 7C 8C 9D TD JD QS KS")


def _claims(rng: random.Random, seats: int, most: int) -> tuple[Absence, ...]:
    claims = []
    seq = 0
    for _ in range(rng.randint(0, most)):
        seq += rng.randint(0, 2)  # sometimes two claims of one event
        seat = rng.randrange(seats)
        cards = frozenset(rng.sample(DECK, rng.randint(1, 8)))
        fresh = rng.randint(0, 3)
        seen = tuple(rng.sample(sorted(cards, key=str), min(len(cards), rng.randint(0, fresh))))
        claims.append(
            Absence(
                seat=seat,
                zone=f"hand:{seat}",
                cards=cards,
                seq=seq,
                said=f"event {seq}",
                holder=f"P{seat}",
                what="card that fits",
                fresh=fresh,
                seen=seen,
            )
        )
    return tuple(claims)


def _bindings(
    rng: random.Random, seats: int
) -> list[tuple[tuple[Card, ...], int, tuple[Card, ...]]]:
    out = []
    for _ in range(6):
        cards = tuple(rng.choice(DECK) for _ in range(rng.randint(0, 3)))
        seat = rng.randrange(seats) if rng.random() < 0.7 else -1
        bound = tuple(c for c in cards if rng.random() < 0.5) if seat >= 0 else ()
        out.append((cards, seat, bound))
    return out


def _compare(seed: int, tables: int, most: int) -> tuple[int, int]:
    rng = random.Random(seed)
    asked = refused = 0
    for _ in range(tables):
        seats = rng.randint(1, 4)
        claims = _claims(rng, seats, most)
        hands = [Zone((), rng.randint(0, 5)) for _ in range(seats)]
        pool = Counter({c: rng.randint(0, 3) for c in rng.sample(DECK, rng.randint(0, len(DECK)))})
        check = binding_check(claims, hands, pool)
        for cards, seat, bound in _bindings(rng, seats):
            expected = binding_ok(claims, hands, pool, cards, seat, bound)
            assert check(cards, seat, bound) == expected, (claims, hands, pool, cards, seat, bound)
            asked += 1
            refused += not expected
    return asked, refused


def test_binding_check_answers_as_binding_ok_on_random_claims():
    asked, refused = _compare(seed=7, tables=1500, most=5)
    assert refused > asked // 5 and asked - refused > asked // 5, (asked, refused)  # both


def test_binding_check_past_its_choices_asks_binding_ok(monkeypatch):
    """With fewer choices allowed than the claims make, the reference answers; the same."""
    monkeypatch.setattr(hall, "CHOICES_MAX", 2)
    asked, refused = _compare(seed=8, tables=300, most=5)
    assert refused > 0 and asked > refused


def test_a_hand_alone_and_hands_together():
    """Two hands each said to hold none of 9H QD: one unaccounted 3C cannot be the
    face-down card of both (the flow), though each alone may hold it."""
    anna = Absence(
        seat=0, zone="hand:0", cards=frozenset(parse_cards("9H QD")), seq=3, said="a",
        holder="Anna", what="x",
    )  # fmt: skip
    bo = Absence(
        seat=1, zone="hand:1", cards=frozenset(parse_cards("9H QD")), seq=5, said="b",
        holder="Bo", what="x",
    )  # fmt: skip
    hands = [Zone((), 1), Zone((), 1)]
    pool = Counter(parse_cards("9H QD 3C"))
    assert binding_check((anna,), hands, pool)(())
    assert not binding_check((anna, bo), hands, pool)(())
    assert binding_check((anna, bo), hands, pool + Counter(parse_cards("4C")))(())
    # binding 3C away from Anna's hand: Bo's card must be the last fitting one, 4C
    both = binding_check((anna, bo), hands, pool + Counter(parse_cards("4C")))
    assert both(parse_cards("3C"), 0, parse_cards("3C"))
    assert not both(parse_cards("3C"), -1, ())


def test_binding_more_copies_than_the_pool_holds_takes_only_those():
    """Cards bound beyond the pool's count of them take no other card's place."""
    anna = Absence(
        seat=0, zone="hand:0", cards=frozenset(parse_cards("9H QD")), seq=3, said="a",
        holder="Anna", what="x",
    )  # fmt: skip
    check = binding_check((anna,), [Zone((), 1)], Counter(parse_cards("9H 3C 4C")))
    assert check(parse_cards("3C 3C"))
    assert check(parse_cards("3C 3C 3C"), 0, ())
    assert not check(parse_cards("3C 4C"))
