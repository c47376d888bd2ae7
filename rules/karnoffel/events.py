"""Karnöffel's own payloads (the deal is the shared ``deal`` event).

Before payload types were named per game they were stored as ``play`` and ``turn``;
logs from then are read through those names and never rewritten.
"""

from __future__ import annotations

from tablelog.rules.cards import Card
from tablelog.rules.events import chance_payload, move_payload

__all__ = ["PAYLOADS", "Play", "Turn"]


@chance_payload("karnoffel.turn", aliases=("turn",))
class Turn:
    """The top card of the stock turned face up (its identity is now known to all)."""

    card: Card


@move_payload("karnoffel.play", aliases=("play",))
class Play:
    """A card played from the actor's hand."""

    card: Card


PAYLOADS: tuple[type, ...] = (Turn, Play)
