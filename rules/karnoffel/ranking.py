"""Who wins a Karnöffel trick: the trick order, precomputed per trump suit and lead.

With ``T`` the trump ("chosen") suit and ``L`` the suit of the led card, the strongest card
in this list wins (a higher number beats a lower one; 0 never wins)::

    Karnöffel (J of T)                     100
    Devil (7 of T), only as the led card    90
    Papst (6 of T)                          80
    Kaiser (2 of T)                         70
    King of L                               62
    Oberstecher (3 of T)                    50
    Queen of L                              42
    Unterstecher (4 of T)                   30
    Jack of L (L is not T)                  22
    Farbenstecher (5 of T)                  10
    10, 9 ... 2 of L                        9 .. 1   (for L = T: only 10, 9, 8)
    anything else                           0

With ``stecher_scope=any_suit`` a King, Queen or Jack of another suit (61, 41, 21) beats
the stecher of its tier, and only that: when the led-suit order makes an Ober-, Unter- or
Farbenstecher the winner, the strongest such off-suit court card above it takes the trick
instead (a led-suit card of the same tier would already have won; two off-suit cards of
the same tier: the first played wins).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from tablelog.rules.cards import SUITS, Card
from tablelog.rules.karnoffel.state import ANY_SUIT, DECK

__all__ = [
    "DEVIL_LEAD",
    "KEYS",
    "OFF_SUIT_KEYS",
    "card_key",
    "devil",
    "plain_value",
    "trick_winner_index",
    "trump_name",
]

PLAIN_ORDER = ("2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K")
DEVIL_LEAD = "devil"
"""The lead kind of a trick led with the Devil (7 of the trump suit)."""

KARNOFFEL, DEVIL, PAPST, KAISER = 100, 90, 80, 70
LED_KING, OFF_KING, OBER = 62, 61, 50
LED_QUEEN, OFF_QUEEN, UNTER = 42, 41, 30
LED_JACK, OFF_JACK, FARBEN = 22, 21, 10
TRUMP_KEYS = {"J": KARNOFFEL, "6": PAPST, "2": KAISER, "3": OBER, "4": UNTER, "5": FARBEN}
TRUMP_NAMES = {
    "J": "Karnöffel",
    "7": "Devil",
    "6": "Papst",
    "2": "Kaiser",
    "3": "Oberstecher",
    "4": "Unterstecher",
    "5": "Farbenstecher",
}
LED_COURT_KEYS = {"K": LED_KING, "Q": LED_QUEEN, "J": LED_JACK}
OFF_COURT_KEYS = {"K": OFF_KING, "Q": OFF_QUEEN, "J": OFF_JACK}
STECHERS = frozenset({OBER, UNTER, FARBEN})


def plain_value(card: Card) -> int:
    """The card's place in the plain order (2 lowest = 0 ... King = 11)."""
    return PLAIN_ORDER.index(card.rank)


def devil(trump: str) -> Card:
    """The Devil: the 7 of the trump suit."""
    return Card("7", trump)


def trump_name(card: Card, trump: str) -> str | None:
    """The name of a trump card (``Karnöffel``, ``Devil`` ...), ``None`` for others."""
    return TRUMP_NAMES.get(card.rank) if card.suit == trump else None


def card_key(card: Card, trump: str, lead: str) -> int:
    """The card's strength in a trick led with suit ``lead`` (or ``DEVIL_LEAD``)."""
    led = trump if lead == DEVIL_LEAD else lead
    if card.suit == trump:
        if card.rank == "7":
            return DEVIL if lead == DEVIL_LEAD else 0
        if card.rank in TRUMP_KEYS:
            return TRUMP_KEYS[card.rank]
    if card.suit != led:
        return 0
    if card.rank in LED_COURT_KEYS:
        return LED_COURT_KEYS[card.rank]
    return 1 + plain_value(card)


def _off_suit_key(card: Card, trump: str, led: str) -> int:
    """An off-suit court card's tier under ``stecher_scope=any_suit`` (0 for others)."""
    if card.suit in (led, trump) or card.rank not in OFF_COURT_KEYS:
        return 0
    return OFF_COURT_KEYS[card.rank]


KEYS: Mapping[tuple[str, str], Mapping[Card, int]] = {
    (trump, lead): {card: card_key(card, trump, lead) for card in DECK}
    for trump in SUITS
    for lead in (*SUITS, DEVIL_LEAD)
}
"""``KEYS[trump, lead][card]``: the card's strength; ``lead`` is the led suit or ``DEVIL_LEAD``."""

OFF_SUIT_KEYS: Mapping[tuple[str, str], Mapping[Card, int]] = {
    (trump, led): {card: _off_suit_key(card, trump, led) for card in DECK}
    for trump in SUITS
    for led in SUITS
}
"""``OFF_SUIT_KEYS[trump, led][card]``: the off-suit court tiers used by ``any_suit``."""


def _by_suit(keys: Mapping[Card, int]) -> Mapping[str, Mapping[str, int]]:
    """``keys`` as ``[suit][rank]``: looked up by strings, without hashing a card."""
    return {suit: {c.rank: key for c, key in keys.items() if c.suit == suit} for suit in SUITS}


_KEYS_BY_SUIT = {kind: _by_suit(keys) for kind, keys in KEYS.items()}
_OFF_SUIT_KEYS_BY_SUIT = {kind: _by_suit(keys) for kind, keys in OFF_SUIT_KEYS.items()}


def trick_winner_index(cards: Sequence[Card], trump: str, scope: str) -> int:
    """The position (in play order) of the card that wins the trick ``cards``."""
    # KEYS and OFF_SUIT_KEYS by suit and rank, and rules.seating.best_index written out: this
    # runs for every trick of every fold.
    led = cards[0]
    keys = _KEYS_BY_SUIT[trump, DEVIL_LEAD if led.suit == trump and led.rank == "7" else led.suit]
    best, threshold = 0, -1
    for i, card in enumerate(cards):
        key = keys[card.suit][card.rank]
        if key > threshold:  # the first played wins ties
            best, threshold = i, key
    if scope != ANY_SUIT or threshold not in STECHERS:
        return best
    off = _OFF_SUIT_KEYS_BY_SUIT[trump, led.suit]
    for i, card in enumerate(cards):
        tier = off[card.suit][card.rank]
        if tier > threshold:
            best, threshold = i, tier
    return best
