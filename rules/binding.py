"""Taking a card that may lie face down, and the sentences that say where a card is.

A physical game records face-down cards without their identity (``Zone.hidden``). When a
player plays or turns one, it is *bound* to the card named, which must still be
unaccounted for: not known to be anywhere else (with several decks, not more copies known
than the decks hold). When that fails the refusal says where the card is, in words the
table understands::

    Anna cannot hold 9H: it is already known to be in Bo's hand
    Anna cannot hold 9H: it lies on the table
    Anna cannot hold 9H: it was taken by Anna & Cai
    Anna cannot hold AH: it is not in this game's deck

A game says, per zone name, how a card there is spoken of (``Locator.places``, built with
``in_hand``, ``lies_on``, ``taken_by`` or any phrase of its own); ``Locator.where`` finds
the first zone that holds the card as a known one and returns its phrase.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Mapping

from tablelog.errors import Refusal
from tablelog.rules.cards import Card
from tablelog.rules.frozen import frozen
from tablelog.rules.zones import Slots, Zone

__all__ = [
    "CannotBind",
    "Locator",
    "bind",
    "bind_slot",
    "in_hand",
    "lies_on",
    "taken_by",
]


class CannotBind(Refusal, ValueError):
    """A card that cannot come out of a zone; the message says why (a game turns it into
    its own refusal: ``IllegalEvent(event, str(error))``)."""


def in_hand(player: str) -> str:
    """``it is already known to be in Bo's hand``."""
    return f"it is already known to be in {player}'s hand"


def lies_on(place: str) -> str:
    """``it lies on the table`` (``place`` with its article)."""
    return f"it lies on {place}"


def taken_by(side: str) -> str:
    """``it was taken by Anna & Cai``."""
    return f"it was taken by {side}"


@frozen
class Locator:
    """How a game speaks of where a card is: a phrase per zone name, and its deck's name.

    ``places`` maps a zone name (as in the game's ``zones``) to the end of a sentence
    (``it lies on the table``); zones without a phrase are never named. ``deck_name``
    finishes "it is not in ...".
    """

    places: Mapping[str, str]
    deck_name: str = "this game's deck"

    def where(
        self, card: Card, zones: Mapping[str, Zone], deck: Mapping[Card, int] | None = None
    ) -> str:
        """Where ``card`` is known to be, as the end of a sentence ("it lies on the table")."""
        for name, phrase in self.places.items():
            zone = zones.get(name)
            if zone is not None and card in zone.cards:
                return phrase
        if deck is not None and not deck.get(card, 0):
            return f"it is not in {self.deck_name}"
        return "it is not among the cards still unaccounted for"


def bind(
    zone: Zone, card: Card, pool: Counter[Card], *, holder: str, where: Callable[[Card], str]
) -> Zone:
    """``zone`` without ``card``: a known copy if it holds one, else a face-down card bound
    to ``card``, which ``pool`` (the unaccounted cards) must still hold.

    ``holder`` names who or what holds the zone ("Anna"); ``where(card)`` says where the
    card is when it is accounted for elsewhere (a ``Locator.where`` with the zones bound). Raises
    ``CannotBind``: "Anna does not hold 9H" when nothing there can be it, "Anna cannot
    hold 9H: it lies on the table" when it is known to be elsewhere.
    """
    cards = zone.cards
    if card in cards:
        i = cards.index(card)
        return Zone(cards[:i] + cards[i + 1 :], zone.hidden)
    if not zone.hidden:
        raise CannotBind(f"{holder} does not hold {card}")
    if pool[card] <= 0:
        raise CannotBind(f"{holder} cannot hold {card}: {where(card)}")
    return Zone(cards, zone.hidden - 1)


def bind_slot(
    slots: Slots,
    i: int,
    card: Card,
    pool: Counter[Card],
    *,
    place: str,
    where: Callable[[Card], str],
) -> Slots:
    """``slots`` with place ``i`` turned face up as ``card`` (a face-down card is bound to it).

    ``place`` names the place in a sentence ("Cai's table card 3"). Raises ``CannotBind``
    when the place is empty, holds another known card, or ``card`` is accounted for.
    """
    slot = slots.slots[i] if 0 <= i < len(slots.slots) else None
    if slot is None:
        raise CannotBind(f"{place} is empty")
    if slot.card is not None and slot.card != card:
        raise CannotBind(f"{place} is {slot.card}, not {card}")
    if slot.card is None and pool[card] <= 0:
        raise CannotBind(f"{place} cannot be {card}: {where(card)}")
    return slots.turn(i, card, pool)
