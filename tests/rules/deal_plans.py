"""Deal plans for the shared deal engine's tests: Karnöffel's, Nørdekasino's first deal,
and the shapes the coming games need (several decks, a seat's own zones, numbered places)."""

from __future__ import annotations

from tablelog.rules.cards import deck_48, deck_french
from tablelog.rules.dealing import DealPlan, round_robin, to_each, to_zone
from tablelog.rules.seating import Seating

FOUR = ("Anna", "Bo", "Cai", "Dina")
THREE = ("Anna", "Bo", "Cai")

KARNOFFEL = DealPlan(
    round_robin(Seating(4).order_from(1), 5, up_rounds=(0,)),
    FOUR,
    rule="the deal gives 5 cards to each player, one at a time, from the dealer's left",
    face_up="the first round of the deal is dealt face up",
    deck_name="the Karnöffel deck",
)
KARNOFFEL_DECK = deck_48()

CASINO = DealPlan(
    to_each((1, 0), 4) + to_zone("table", 2, up=True),
    ("Anna", "Bo"),
    rule="this deal gives 4 to each player from the dealer's right",
    face_up="the table's cards are dealt face up",
)

SPEAHX = DealPlan(
    to_each(Seating(3).order_from(1), 2, zone="table") + to_each(Seating(3).order_from(1), 2),
    THREE,
    rule="each player gets 2 face-down table cards, then 2 in hand",
)
"""Speahx in small: face-down table cards nobody looks at, then hands (two decks)."""
TWO_DECKS = deck_french(decks=2)

VRIDDIOT = DealPlan(
    to_each((1, 2, 0), 1, zone="down")
    + to_each((1, 2, 0), 1, zone="up", up=True)
    + to_each((1, 2, 0), 1),
    THREE,
    rule="each player gets a face-down card, a face-up one on it, and one in hand",
    face_up="the middle round is dealt face up",
)

SLOTS = DealPlan(
    to_zone("table", 3, numbered=True) + to_zone("table:3", 1, up=True),
    ("Anna", "Bo"),
    rule="three face-down table cards in their places, and a fourth face up",
    face_up="the fourth table card is dealt face up",
)
