"""Nørdekasino's own move payloads (the deal is the shared ``deal`` event).

Piles are named by their position on the table (0-based, in the order they were laid,
as ``tablelog show`` lists them from 1); ``piles`` is sorted.
"""

from __future__ import annotations

import attrs

from rules.cards import Card
from rules.events import event_type

__all__ = ["Adams", "Build", "Capture", "OpenHand", "Reveal", "Trail"]


@event_type("capture", family="move")
@attrs.frozen
class Capture:
    """Take table piles with a hand card of their combined value (or the ♠5: all)."""

    card: Card
    piles: tuple[int, ...]


@event_type("build", family="move")
@attrs.frozen
class Build:
    """Combine a hand card with table piles into one pile of ``value`` ("more value" when
    ``more``), announced for the builder or, with ``for_partner``, for the partner."""

    card: Card
    piles: tuple[int, ...]
    value: int
    more: bool = False
    for_partner: bool = False


@event_type("trail", family="move")
@attrs.frozen
class Trail:
    """Lay a hand card on the table as a pile of its own."""

    card: Card


@event_type("adams", family="move")
@attrs.frozen
class Adams:
    """Combine table piles alone into 42, cleared at once to the player on turn."""

    piles: tuple[int, ...]


@event_type("reveal", family="move")
@attrs.frozen
class Reveal:
    """Show the one card left in hand (the Thomas Kragh rule)."""

    card: Card


@event_type("open_hand", family="move")
@attrs.frozen
class OpenHand:
    """The actor looked at the cards early (or the dealer exposed some): open hand until
    the next deal."""
