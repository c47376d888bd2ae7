"""Speahx's own payloads (the deal is the shared ``deal`` event).

Moves (what a player decides): ``play`` (one card or several of one rank, order kept, the
last one on top; a 2 names a suit), ``give`` (a joker or Terminator-Torkel giving the pile
to a player), ``chance`` (draw a chance card), ``flip`` (turn table card 1-5), ``pickup``
(take the pile into the hand) and ``done`` (stop after a burn). Chance steps (what the
cards turned out to be): ``reveal`` (the chance card drawn or the table card flipped) and
``draw`` (the refill at the end of a turn).
"""

from __future__ import annotations

from tablelog.rules.cards import Card
from tablelog.rules.events import chance_payload, move_payload

__all__ = ["PAYLOADS", "Chance", "Done", "Draw", "Flip", "Give", "Pickup", "Play", "Reveal"]


@move_payload("speahx.play")
class Play:
    """Cards of one rank laid on the pile in this order (the last on top); ``suit`` is the
    suit a 2 names (``""`` unless the last card is a 2)."""

    cards: tuple[Card, ...]
    suit: str = ""


@move_payload("speahx.give")
class Give:
    """A joker (or Terminator-Torkel) played: the pile goes to ``target``'s hand."""

    cards: tuple[Card, ...]
    target: int


@move_payload("speahx.chance")
class Chance:
    """The player draws a chance card from the stock (it is shown by a ``reveal``)."""


@move_payload("speahx.flip")
class Flip:
    """The player turns table card ``place`` (1-5); a ``reveal`` shows what it is."""

    place: int


@move_payload("speahx.pickup")
class Pickup:
    """The player takes the pile (with any chance cards and a flipped table card) into
    the hand; the turn ends."""


@move_payload("speahx.done")
class Done:
    """After a burn the player stops laying on; the turn ends with the refill."""


@chance_payload("speahx.reveal")
class Reveal:
    """What the chance card drawn (``None``: nobody entered it) or the table card flipped is."""

    card: Card | None


@chance_payload("speahx.draw")
class Draw:
    """The refill at the end of a turn: the cards drawn that were entered, and how many
    nobody entered (``unseen``)."""

    cards: tuple[Card, ...]
    unseen: int = 0


PAYLOADS: tuple[type, ...] = (Play, Give, Chance, Flip, Pickup, Done, Reveal, Draw)
