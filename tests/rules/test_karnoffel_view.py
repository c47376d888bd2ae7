"""What each seat sees, and what each event shows to whom."""

from __future__ import annotations

from tablelog.rules.cards import parse_card, parse_cards
from tablelog.rules.events import Event, Move
from tablelog.rules.karnoffel import RULES
from tablelog.rules.karnoffel.events import Play
from tablelog.rules.protocol import View
from tests.rules.karnoffel_helpers import ANNA, BO, CAI, DINA, HANDS, deal_move, dealt, header, play


def hand(view: View, seat: int) -> tuple[list[str], int]:
    zone = next(z for z in view.zones if z.name == f"hand:{seat}")
    return [c.text for c in zone.cards], zone.hidden


def test_a_seat_sees_its_own_hand_and_the_others_up_cards() -> None:
    view = RULES.view(dealt(), ANNA)
    assert hand(view, ANNA) == (HANDS[ANNA].split(), 0)
    assert hand(view, BO) == (["3H"], 4)
    assert hand(view, CAI) == (["KS"], 4)
    assert hand(view, DINA) == (["5D"], 4)


def test_everyone_sees_only_the_up_cards() -> None:
    view = RULES.view(dealt(), None)
    assert [hand(view, s) for s in range(4)] == [(["9C"], 4), (["3H"], 4), (["KS"], 4), (["5D"], 4)]
    stock = next(z for z in view.zones if z.name == "stock")
    assert stock.cards == () and stock.hidden == 28


def test_an_up_card_once_played_is_no_longer_shown_in_the_hand() -> None:
    state = play(dealt(), "3H")
    assert hand(RULES.view(state, ANNA), BO) == ([], 4)
    trick = next(z for z in RULES.view(state, ANNA).zones if z.name == "trick")
    assert trick.cards == (parse_card("3H"),)


def test_open_partner_hands_shows_the_partners_hand() -> None:
    closed = RULES.view(dealt(), ANNA)
    opened = RULES.view(dealt(open_partner_hands=True), ANNA)
    assert hand(closed, CAI) == (["KS"], 4)
    assert hand(opened, CAI) == (HANDS[CAI].split(), 0)
    assert hand(opened, BO) == (["3H"], 4)  # opponents stay hidden


def test_a_physical_hand_keeps_its_face_down_count_hidden_even_to_its_owner() -> None:
    view = RULES.view(dealt(known=False), BO)
    assert hand(view, BO) == (["3H"], 4)


def test_info_is_json_friendly_and_names_players() -> None:
    state = play(dealt(), "KD", "JH", "10H", "10D")
    info = RULES.view(state, None).info
    assert info["trump"] == "H" and info["dealer"] == "Anna" and info["to_play"] == "Cai"
    assert info["trick"] == 2 and info["phase"] == "play"
    assert info["tricks"] == {"Anna & Cai": 1, "Bo & Dina": 0}
    assert info["scores"] == {"Anna & Cai": 0, "Bo & Dina": 0} and info["target"] == 1
    assert info["upcards"] == {"Anna": "9C", "Bo": "3H", "Cai": "KS", "Dina": "5D"}
    assert info["played"] == [
        {"leader": "Bo", "cards": ["KD", "JH", "10H", "10D"], "winner": "Cai"}
    ]


def test_a_deal_shows_the_up_cards_to_all_and_each_seat_its_own_cards() -> None:
    state = RULES.start(header())
    move = deal_move(HANDS)
    shown = RULES.shown(state, Event(1, None, move.payload))
    assert shown.forget
    assert set(shown.everyone) == set(parse_cards("9C 3H KS 5D"))
    assert set(shown.seats[ANNA]) == set(parse_cards(HANDS[ANNA]))
    partner = RULES.shown(
        RULES.start(header(open_partner_hands=True)), Event(1, None, move.payload)
    )
    assert set(partner.seats[ANNA]) == set(parse_cards(HANDS[ANNA] + " " + HANDS[CAI]))


def test_a_play_shows_its_card_to_everyone() -> None:
    shown = RULES.shown(dealt(), Event(2, BO, Move(BO, Play(parse_card("KD"))).payload))
    assert shown.everyone == (parse_card("KD"),) and not shown.forget


def test_zones_hold_the_whole_deck() -> None:
    state = play(dealt(known=False), "KC", "QC")
    zones = RULES.zones(state)
    assert set(zones) == {
        "hand:0", "hand:1", "hand:2", "hand:3", "stock", "turned", "trick", "won:0", "won:1",
    }  # fmt: skip
    known = [c for z in zones.values() for c in z.cards]
    assert len(known) + sum(z.hidden for z in zones.values()) == 48
    assert len(set(known)) == len(known)
