"""Default views and ``shown``: what a seat sees of the zones, and what an event shows.

A game says which zones everyone sees (``public``: the table, a trick, taken cards), which
a seat may look at (``sees(seat, zone)``: its own hand, a partner's open hand), and which
cards in an otherwise hidden zone are public anyway (``up``: a card dealt face up that is
still in its owner's hand, a card shown under a rule). Every other zone shows only how
many cards it holds. ``default_view`` builds the ``ZoneView`` of each zone from that.

``shown`` says which cards an event shows to whom (the "views leak nothing" invariant
checks ``view`` against it):

* ``shown_to_all(card, ...)``: a card played or turned face up is seen by everyone;
* ``deal_shown(deal, seen_by)``: a deal shows everyone its face-up cards and each seat
  the face-down cards it may look at (by default those dealt to its own hand; never a
  face-down card dealt to a zone nobody looks at, like Speahx's table cards).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Collection, Iterable, Mapping
from typing import Any

from tablelog.rules.cards import Card
from tablelog.rules.events import Deal
from tablelog.rules.protocol import Shown, View, ZoneView
from tablelog.rules.zones import Zone

__all__ = [
    "closed_view",
    "deal_shown",
    "default_view",
    "hand_seen_by",
    "hand_view",
    "public_view",
    "shown_to_all",
]

Sees = Callable[[int | None, str], bool]


def public_view(name: str, zone: Zone) -> ZoneView:
    """A zone everyone sees: its known cards and its face-down count."""
    return ZoneView(name, zone.cards, zone.hidden)


def closed_view(name: str, zone: Zone) -> ZoneView:
    """A zone nobody looks at (a stock): only how many cards it holds."""
    return ZoneView(name, (), len(zone))


def hand_view(name: str, zone: Zone, *, sees: bool, up: Iterable[Card] = ()) -> ZoneView:
    """A hand as one seat sees it: all of it if ``sees``, else only the public cards ``up``
    still in it (each counted as often as the hand holds it) and the count of the rest."""
    if sees:
        return ZoneView(name, zone.cards, zone.hidden)
    held = Counter(zone.cards)
    public = []
    for card in up:
        if held[card] > 0:
            held[card] -= 1
            public.append(card)
    return ZoneView(name, tuple(public), len(zone) - len(public))


def default_view(
    seat: int | None,
    zones: Mapping[str, Zone],
    *,
    public: Collection[str],
    sees: Sees,
    up: Mapping[str, Iterable[Card]] | None = None,
    info: Mapping[str, Any] | None = None,
) -> View:
    """``zones`` (in their order) as ``seat`` sees them (``None``: as everyone does).

    A zone named in ``public`` is seen whole; one ``sees(seat, name)`` allows is seen whole
    by that seat; any other shows its cards in ``up`` that it still holds, and a count.
    """
    ups = up or {}
    views = []
    for name, zone in zones.items():
        if name in public or (seat is not None and sees(seat, name)):
            views.append(public_view(name, zone))
        elif name in ups:
            views.append(hand_view(name, zone, sees=False, up=ups[name]))
        else:
            views.append(closed_view(name, zone))
    return View(seat, tuple(views), dict(info or {}))


def hand_seen_by(
    seat: int | None, name: str, partner: Callable[[int], int | None] | None = None
) -> bool:
    """Whether ``seat`` may look at zone ``name``: its own hand (``hand:SEAT``), or its
    partner's when ``partner`` (a seat's partner whose hand it sees) is given."""
    if seat is None or not name.startswith("hand:"):
        return False
    holder = int(name[5:])
    return holder == seat or (partner is not None and partner(seat) == holder)


def shown_to_all(*cards: Card) -> Shown:
    """An event that shows ``cards`` face up to everyone (a card played, a card turned)."""
    return Shown(everyone=cards)


def deal_shown(
    deal: Deal,
    seats: int,
    seen_by: Callable[[str], Iterable[int]] | None = None,
    *,
    forget: bool = False,
) -> Shown:
    """What a deal shows: its face-up cards to everyone, and each card entered (face up
    or down) to the seats ``seen_by(to)`` (default: the seat whose hand ``to`` is, ``"2"``
    → seat 2; a seat's other zones and the table's are looked at by nobody).

    ``forget`` when the deal gathers and shuffles every card first, so what was seen
    before no longer says where any card is.
    """
    look = seen_by or _own_hand
    everyone: list[Card] = []
    own: dict[int, tuple[Card, ...]] = {seat: () for seat in range(seats)}
    for dealt in deal.cards:
        card = dealt.card
        if card is None:
            continue
        if dealt.up:
            everyone.append(card)
        for seat in look(dealt.to):
            if seat in own:
                own[seat] += (card,)
    return Shown(everyone=tuple(everyone), seats=own, forget=forget)


def _own_hand(to: str) -> tuple[int, ...]:
    return (int(to),) if to.isdigit() else ()
