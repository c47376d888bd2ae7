"""Invariant 1 at less than a full recount: only the zones that changed are counted again.

A state's zones mostly come through an event unchanged (frozen values are shared, so an
unchanged zone's cards are usually the very same tuple). ``Tally`` keeps the running
multiset of known cards and the face-down total; ``Tally.after`` hashes only the cards of
zones whose tuple of cards is another object, and when those cards merely moved from
zone to zone (the usual event) it is done; otherwise it checks the cards they touch
against the deck. A zone with fewer than no face-down cards is named on its own: its
card may have been counted as shown, so the totals would still add up.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping
from typing import Any

from tablelog.replay.kit.walk import InvariantViolation
from tablelog.rules.cards import Card
from tablelog.rules.frozen import frozen
from tablelog.rules.zones import Zone, zone_total

__all__ = ["Tally", "keep", "kept", "tally"]

EMPTY = Zone()


@frozen
class Tally:
    """The zones last counted, their known cards as one multiset, the face-down total, and
    the deck they must add up to. ``known`` is never changed once the tally is made."""

    deck: Counter[Card]
    zones: Mapping[str, Zone]
    known: Counter[Card]
    hidden: int

    def after(self, zones: Mapping[str, Zone], seq: int) -> Tally:
        """The tally of ``zones``, counting only the zones that changed; raises
        ``InvariantViolation`` if they no longer add up to the deck."""
        added: list[Card] = []
        taken: list[Card] = []
        hidden = self.hidden
        before = self.zones
        # the zones of both, in the order met (the last tally's first): when they have the
        # same names (nearly always), those of the last tally in its order
        same = len(before) == len(zones) and before.keys() == zones.keys()
        for name in before if same else dict.fromkeys((*before, *zones)):
            old = before.get(name, EMPTY)
            new = zones.get(name, EMPTY)
            if old is new:
                continue  # the very zone: nothing in it changed
            if old.cards is not new.cards or old.hidden != new.hidden:
                if new.hidden < 0:
                    _negative(name, new.hidden, seq)
                added += new.cards
                taken += old.cards
                hidden += new.hidden - old.hidden
        plus, minus = Counter(added), Counter(taken)
        if plus == minus and hidden == self.hidden:  # cards moved from zone to zone
            return Tally(self.deck, zones, self.known, hidden)
        known = self.known + plus
        known.subtract(minus)
        _check(self.deck, known, plus, hidden, seq)
        return Tally(self.deck, zones, known, hidden)


_WALKED: list[tuple[object, Tally]] = []
"""The tally of the walk's last state, held with the state (matched by identity, so an
identity is never reused): the conservation check keeps it (``keep``) and the closure check
of the same walk counts a deep state's moves from it (``kept``) instead of counting every
zone of the state again, and the views check reads the state's zones from it."""


def keep(state: object, counted: Tally) -> None:
    """Keep ``counted``, the tally of ``state`` (a state of the history being walked)."""
    _WALKED[:] = [(state, counted)]


def kept(state: object) -> Tally | None:
    """The tally kept of ``state`` (the very object), if it is the last one kept."""
    if _WALKED and _WALKED[0][0] is state:
        return _WALKED[0][1]
    return None


def tally(deck: Counter[Card], zones: Mapping[str, Zone], seq: int) -> Tally:
    """The full count of ``zones`` (the first state's), checked against ``deck``."""
    for name, zone in zones.items():
        if zone.hidden < 0:
            _negative(name, zone.hidden, seq)
    known, hidden = zone_total(zones)
    _check(deck, known, known, hidden, seq)
    return Tally(deck, zones, known, hidden)


def _check(
    deck: Counter[Card], known: Counter[Card], touched: Counter[Any], hidden: int, seq: int
) -> None:
    extra = Counter(
        {card: known[card] - deck[card] for card in touched if known[card] > deck[card]}
    )
    if extra:
        raise InvariantViolation("conservation", seq, f"cards not in the deck: {cards_text(extra)}")
    missing = deck.total() - known.total() - hidden
    if missing:
        word = "missing" if missing > 0 else "too many"
        plural = "card" if abs(missing) == 1 else "cards"
        raise InvariantViolation("conservation", seq, f"{abs(missing)} {plural} {word}")


def _negative(name: str, hidden: int, seq: int) -> None:
    """A zone holding fewer than no face-down cards: the totals may still add up (a card
    shown from nothing), so it is named on its own."""
    raise InvariantViolation("conservation", seq, f"zone {name} holds {hidden} face-down cards")


def cards_text(counter: Counter[Any]) -> str:
    """The cards of ``counter`` as text, with repeats, in a stable order."""
    return " ".join(str(card) for card in sorted(counter.elements(), key=str))
