"""Zones: the places cards can be, holding known cards and a count of face-down ones.

A zone is a multiset of cards whose identity the record knows, plus ``hidden``: how many
cards lie there whose identity nobody has entered (a physical game where only the face-up
cards were typed in). Taking a face-down card out of a zone *binds* it to an identity; that
identity must still be unaccounted for, i.e. not already known to be somewhere else (with
several decks: not more copies known than the decks hold).

``Slots`` are addressable places (table card 1 to 5) whose face-down cards are turned one
at a time; ``Slots.zone`` counts them as a zone for conservation.

Zones know nothing about visibility: who may look at a zone is each game's ``view``.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Mapping
from itertools import chain, repeat
from operator import sub

from tablelog.rules.cards import Card
from tablelog.rules.frozen import frozen

__all__ = ["Slot", "Slots", "Zone", "unaccounted", "zone_total"]


@frozen(cache_hash=True)
class Zone:
    """A multiset of known cards plus a count of face-down cards of unknown identity."""

    cards: tuple[Card, ...] = ()
    hidden: int = 0

    def __len__(self) -> int:
        return len(self.cards) + self.hidden

    def __contains__(self, card: object) -> bool:
        return card in self.cards

    def add(self, *cards: Card, hidden: int = 0) -> Zone:
        """This zone with ``cards`` (known) and ``hidden`` face-down cards added."""
        return Zone(self.cards + cards, self.hidden + hidden)

    def remove(self, card: Card, pool: Counter[Card] | None = None) -> Zone:
        """This zone without ``card``.

        A known copy is taken first. Otherwise a face-down card is bound to ``card``,
        which is allowed only when ``pool`` (the unaccounted cards, see ``unaccounted``)
        still holds it. Raises ``KeyError`` when neither is possible; callers turn that
        into the game's own refusal, which names the rule.
        """
        cards = self.cards
        if card in cards:
            i = cards.index(card)
            return Zone(cards[:i] + cards[i + 1 :], self.hidden)
        if self.hidden and pool is not None and pool[card] > 0:
            return Zone(cards, self.hidden - 1)
        raise KeyError(card)

    def reveal(self, card: Card, pool: Counter[Card]) -> Zone:
        """This zone with one face-down card bound to ``card`` (it stays in the zone)."""
        if not self.hidden or pool[card] <= 0:
            raise KeyError(card)
        return Zone((*self.cards, card), self.hidden - 1)

    def could_hold(self, card: Card, pool: Counter[Card] | None) -> bool:
        """Whether ``card`` can come out of this zone: known here, or a face-down one may be it."""
        return card in self.cards or bool(self.hidden and pool is not None and pool[card] > 0)


def unaccounted(deck: Iterable[Card], zones: Iterable[Zone]) -> Counter[Card]:
    """The cards of ``deck`` that no zone holds as a known card: what face-down cards may be."""
    pool = Counter(deck)
    known = Counter(chain.from_iterable([zone.cards for zone in zones]))
    if known:  # as ``pool.subtract`` of each zone's cards in turn, in C calls
        cards = known.keys()
        left = map(sub, map(pool.get, cards, repeat(0)), known.values())
        dict.update(pool, zip(cards, left, strict=True))
    return pool


def zone_total(zones: Mapping[str, Zone]) -> tuple[Counter[Card], int]:
    """All known cards of ``zones`` as one multiset, and the total of face-down cards."""
    known: Counter[Card] = Counter()
    hidden = 0
    for zone in zones.values():
        known.update(zone.cards)
        hidden += zone.hidden
    return known, hidden


@frozen
class Slot:
    """One addressable place for a card: ``card`` is its identity if the record knows it
    (``None``: a face-down card nobody has entered), ``up`` whether it lies face up."""

    card: Card | None = None
    up: bool = False


@frozen(cache_hash=True)
class Slots:
    """Cards in numbered places (a player's 5 face-down table cards): each place holds a
    ``Slot`` or nothing (``None``). Turning or taking the card of place ``i`` binds a
    face-down one to an identity still unaccounted for, as ``Zone.remove`` does."""

    slots: tuple[Slot | None, ...] = ()

    def __len__(self) -> int:
        return sum(1 for slot in self.slots if slot is not None)

    @property
    def zone(self) -> Zone:
        """The same cards as a zone (known ones, and a count of unknown ones)."""
        known = tuple(s.card for s in self.slots if s is not None and s.card is not None)
        return Zone(known, sum(1 for s in self.slots if s is not None and s.card is None))

    def occupied(self) -> tuple[int, ...]:
        """The places that hold a card."""
        return tuple(i for i, slot in enumerate(self.slots) if slot is not None)

    def turn(self, i: int, card: Card, pool: Counter[Card]) -> Slots:
        """Place ``i``'s card turned face up and known to be ``card``.

        ``KeyError`` if place ``i`` is empty, or holds another known card, or is face down
        and ``card`` is not among the unaccounted cards ``pool``.
        """
        slot = self.slots[i] if 0 <= i < len(self.slots) else None
        if slot is None:
            raise KeyError(i)
        if slot.card is None and pool[card] <= 0:
            raise KeyError(card)
        if slot.card is not None and slot.card != card:
            raise KeyError(card)
        return self._set(i, Slot(card, True))

    def take(self, i: int) -> tuple[Slot, Slots]:
        """The slot of place ``i`` and these slots with place ``i`` empty (``KeyError`` if
        it is empty already)."""
        slot = self.slots[i] if 0 <= i < len(self.slots) else None
        if slot is None:
            raise KeyError(i)
        return slot, self._set(i, None)

    def _set(self, i: int, slot: Slot | None) -> Slots:
        return Slots((*self.slots[:i], slot, *self.slots[i + 1 :]))
