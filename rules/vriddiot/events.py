"""Vriddiot's own payloads (the deal and every refill from the stock are the shared ``deal``).

Moves: ``play`` (one card; a joker with the card it stands for), ``set`` (several cards of
one value laid as one play: ``6S 6H``, 666, KKK, four of a kind), ``chance`` (turn the top
card of the stock), ``blind`` (turn face-down table card N), ``pickup``, and in a war's
join window ``join`` (lay cards of the war's value out of turn) and ``pass``.
Chance: ``turn`` (the card a chance draw or a blind card turned out to be) and ``remove``
(the black cards KKK takes out of the stock, as they are shown).
"""

from __future__ import annotations

from tablelog.rules.cards import Card
from tablelog.rules.events import chance_payload, move_payload

__all__ = ["PAYLOADS", "Blind", "Chance", "Join", "Pass", "Pickup", "Play", "Remove", "Set", "Turn"]


@move_payload("vriddiot.play")
class Play:
    """One card laid (or added after an 8); a joker names the card it stands for."""

    card: Card
    declared: Card | None = None


@move_payload("vriddiot.set")
class Set:
    """Several cards of one value laid as one play (666, KKK and four of a kind too)."""

    cards: tuple[Card, ...]


@move_payload("vriddiot.chance")
class Chance:
    """The player turns the top card of the stock, to play it if it can be played."""


@move_payload("vriddiot.blind")
class Blind:
    """The player turns face-down table card ``place`` (1, 2, 3), to play it if it can be."""

    place: int


@move_payload("vriddiot.pickup")
class Pickup:
    """The player takes the pile (and a turned card that cannot be played) into the hand."""


@move_payload("vriddiot.join")
class Join:
    """Cards of the war's value laid out of turn, joining the war."""

    cards: tuple[Card, ...]
    declared: Card | None = None


@move_payload("vriddiot.pass")
class Pass:
    """A player who may join the war declines."""


@chance_payload("vriddiot.turn")
class Turn:
    """The card turned: the top of the stock (a chance card) or a face-down table card."""

    card: Card


@chance_payload("vriddiot.remove")
class Remove:
    """The black cards (but the ♠4) KKK takes out of the stock, shown as they go."""

    cards: tuple[Card, ...]


PAYLOADS: tuple[type, ...] = (Play, Set, Chance, Blind, Pickup, Join, Pass, Turn, Remove)
