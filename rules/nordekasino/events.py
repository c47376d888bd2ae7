"""Nørdekasino's own move payloads (the deal is the shared ``deal`` event).

Before payload types were named per game they were stored without the ``nordekasino.``
prefix; logs from then are read through those names and never rewritten.

Piles are named by their position on the table (0-based, in the order they were laid,
as ``tablelog show`` lists them from 1); ``piles`` is sorted.
"""

from __future__ import annotations

from tablelog.rules.cards import Card
from tablelog.rules.events import move_payload

__all__ = ["PAYLOADS", "Adams", "Build", "Capture", "OpenHand", "Reveal", "Trail"]


@move_payload("nordekasino.capture", aliases=("capture",))
class Capture:
    """Take table piles with a hand card of their combined value (or the ♠5: all)."""

    card: Card
    piles: tuple[int, ...]


@move_payload("nordekasino.build", aliases=("build",))
class Build:
    """Combine a hand card with table piles into one pile of ``value`` ("more value" when
    ``more``), announced for the builder or, with ``for_partner``, for the partner."""

    card: Card
    piles: tuple[int, ...]
    value: int
    more: bool = False
    for_partner: bool = False


@move_payload("nordekasino.trail", aliases=("trail",))
class Trail:
    """Lay a hand card on the table as a pile of its own."""

    card: Card


@move_payload("nordekasino.adams", aliases=("adams",))
class Adams:
    """Combine table piles alone into 42, cleared at once to the player on turn."""

    piles: tuple[int, ...]


@move_payload("nordekasino.reveal", aliases=("reveal",))
class Reveal:
    """Show the one card left in hand (the Thomas Kragh rule)."""

    card: Card


@move_payload("nordekasino.open_hand", aliases=("open_hand",))
class OpenHand:
    """The actor looked at the cards early (or the dealer exposed some): open hand until
    the next deal."""


PAYLOADS: tuple[type, ...] = (Capture, Build, Trail, Adams, Reveal, OpenHand)
