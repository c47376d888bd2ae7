"""Default views and shown: what each seat sees of the zones, and what an event shows."""

from __future__ import annotations

from tablelog.rules.cards import parse_card, parse_cards
from tablelog.rules.events import Deal, Dealt
from tablelog.rules.protocol import ZoneView
from tablelog.rules.views import (
    closed_view,
    deal_shown,
    default_view,
    hand_seen_by,
    hand_view,
    public_view,
    shown_to_all,
)
from tablelog.rules.zones import Zone

C = parse_card
ZONES = {
    "hand:0": Zone(parse_cards("7H 8H"), 1),
    "hand:1": Zone(parse_cards("9C 9C 2S")),
    "stock": Zone((), 30),
    "table": Zone(parse_cards("5C KD")),
}


def partner(seat: int) -> int:
    return 1 - seat


def view_of(seat, *, open_partner: bool = False, up=None):
    return default_view(
        seat,
        ZONES,
        public={"table"},
        sees=lambda s, name: hand_seen_by(s, name, partner if open_partner else None),
        up=up,
        info={"phase": "play"},
    )


def test_a_seat_sees_its_own_hand_and_the_public_zones() -> None:
    view = view_of(0)
    assert view.zones == (
        ZoneView("hand:0", parse_cards("7H 8H"), 1),
        ZoneView("hand:1", (), 3),
        ZoneView("stock", (), 30),
        ZoneView("table", parse_cards("5C KD")),
    )
    assert view.info == {"phase": "play"} and view.seat == 0


def test_everyone_sees_no_hand() -> None:
    assert [z.cards for z in view_of(None).zones[:2]] == [(), ()]


def test_a_partners_open_hand_is_seen() -> None:
    assert view_of(0, open_partner=True).zones[1].cards == parse_cards("9C 9C 2S")
    assert not hand_seen_by(0, "stock", partner)


def test_public_up_cards_still_held_are_shown_as_often_as_held() -> None:
    up = {"hand:1": parse_cards("9C 9C 9C 3D")}  # three 9C shown once, but only two held
    hand = view_of(0, up=up).zones[1]
    assert hand == ZoneView("hand:1", parse_cards("9C 9C"), 1)


def test_the_small_views() -> None:
    zone = Zone((C("7H"),), 2)
    assert public_view("trick", zone) == ZoneView("trick", (C("7H"),), 2)
    assert closed_view("stock", zone) == ZoneView("stock", (), 3)
    assert hand_view("hand:2", zone, sees=True) == ZoneView("hand:2", (C("7H"),), 2)
    assert hand_view("hand:2", zone, sees=False, up=(C("8H"),)) == ZoneView("hand:2", (), 3)


def test_a_card_played_face_up_is_shown_to_everyone() -> None:
    shown = shown_to_all(C("7H"))
    assert shown.everyone == (C("7H"),) and dict(shown.seats) == {} and not shown.forget


DEAL = Deal(
    (
        Dealt("1", C("9H"), True),
        Dealt("0", C("2C"), True),
        Dealt("1", C("QS")),
        Dealt("0", None),
        Dealt("1.table", C("AS")),
        Dealt("table", C("5C"), True),
    )
)


def test_a_deal_shows_up_cards_to_all_and_each_seat_its_own_hand() -> None:
    shown = deal_shown(DEAL, 2)
    assert shown.everyone == parse_cards("9H 2C 5C")
    assert dict(shown.seats) == {0: (C("2C"),), 1: parse_cards("9H QS")}
    assert C("AS") not in shown.seats[1]  # a face-down table card is seen by nobody
    assert not shown.forget and deal_shown(DEAL, 2, forget=True).forget


def test_a_deal_may_show_a_hand_to_more_seats() -> None:
    shown = deal_shown(DEAL, 2, lambda to: (0, 1) if to.isdigit() else ())
    assert shown.seats[0] == shown.seats[1] == parse_cards("9H 2C QS")
