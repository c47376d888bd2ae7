"""Karnöffel's own payloads (the deal is the shared ``deal`` event).

Before payload types were named per game they were stored as ``play`` and ``turn``;
logs from then are read through those names and never rewritten.
"""

from __future__ import annotations

import attrs

from tablelog.rules.cards import Card
from tablelog.rules.events import payload

__all__ = ["PAYLOADS", "Play", "Turn"]


@payload("karnoffel.turn", family="chance", aliases=("turn",))
@attrs.frozen
class Turn:
    """The top card of the stock turned face up (its identity is now known to all)."""

    card: Card


@payload("karnoffel.play", family="move", aliases=("play",))
@attrs.frozen
class Play:
    """A card played from the actor's hand."""

    card: Card


PAYLOADS: tuple[type, ...] = (Turn, Play)
