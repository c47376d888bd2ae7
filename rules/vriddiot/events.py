"""Vriddiot's own payloads (the deal and every refill from the stock are the shared ``deal``).

Moves: ``play`` (one card; a joker with the card it stands for), ``set`` (several cards of
one value laid as one play: ``6S 6H``, 666, KKK, four of a kind), ``chance`` (turn the top
card of the stock), ``blind`` (turn face-down table card N), ``pickup``, and in a war's
join window ``join`` (lay cards of the war's value out of turn) and ``pass``.
Chance: ``turn`` (the card a chance draw or a blind card turned out to be) and ``remove``
(the black cards KKK takes out of the stock, as they are shown).
"""

from __future__ import annotations

import attrs

from tablelog.rules.cards import Card
from tablelog.rules.events import payload

__all__ = ["PAYLOADS", "Blind", "Chance", "Join", "Pass", "Pickup", "Play", "Remove", "Set", "Turn"]


@payload("vriddiot.play", family="move")
@attrs.frozen
class Play:
    """One card laid (or added after an 8); a joker names the card it stands for."""

    card: Card
    declared: Card | None = None


@payload("vriddiot.set", family="move")
@attrs.frozen
class Set:
    """Several cards of one value laid as one play (666, KKK and four of a kind too)."""

    cards: tuple[Card, ...]


@payload("vriddiot.chance", family="move")
@attrs.frozen
class Chance:
    """The player turns the top card of the stock, to play it if it can be played."""


@payload("vriddiot.blind", family="move")
@attrs.frozen
class Blind:
    """The player turns face-down table card ``place`` (1, 2, 3), to play it if it can be."""

    place: int


@payload("vriddiot.pickup", family="move")
@attrs.frozen
class Pickup:
    """The player takes the pile (and a turned card that cannot be played) into the hand."""


@payload("vriddiot.join", family="move")
@attrs.frozen
class Join:
    """Cards of the war's value laid out of turn, joining the war."""

    cards: tuple[Card, ...]
    declared: Card | None = None


@payload("vriddiot.pass", family="move")
@attrs.frozen
class Pass:
    """A player who may join the war declines."""


@payload("vriddiot.turn", family="chance")
@attrs.frozen
class Turn:
    """The card turned: the top of the stock (a chance card) or a face-down table card."""

    card: Card


@payload("vriddiot.remove", family="chance")
@attrs.frozen
class Remove:
    """The black cards (but the ♠4) KKK takes out of the stock, shown as they go."""

    cards: tuple[Card, ...]


PAYLOADS: tuple[type, ...] = (Play, Set, Chance, Blind, Pickup, Join, Pass, Turn, Remove)
