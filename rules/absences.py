"""What a game keeping only ``rules.claims.Absence`` claims does with them, shared.

Speahx and Vriddiot keep their open claims typed as absences (a union does not
serialise), so ``rules.claims``'s helpers, which answer with any claim, are wrapped here:
``took_unseen`` (``received``) and ``settle`` (``refuse_broken``, then ``emptied``), the
call at the end of ``apply``.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence

from rules.cards import Card
from rules.claims import Absence, Open, emptied, received, refuse_broken
from rules.zones import Zone

__all__ = ["only", "settle", "took_unseen"]


def only(claims: Iterable[Open]) -> tuple[Absence, ...]:
    """The absences among ``claims``."""
    return tuple(c for c in claims if isinstance(c, Absence))


def took_unseen(claims: tuple[Absence, ...], seat: int, n: int) -> tuple[Absence, ...]:
    """``seat``'s hand took ``n`` cards nobody saw (``rules.claims.received``)."""
    return only(received(claims, seat, n)) if claims and n else claims


def settle(
    event: object, claims: tuple[Absence, ...], hands: Sequence[Zone], pool: Mapping[Card, int]
) -> tuple[Absence, ...]:
    """Refuse ``event`` if it left an absence broken (``IllegalEvent`` naming the event
    that made it); then drop the absences of hands (by seat) with no face-down card
    left, since all they held then has been shown."""
    if not claims:
        return claims
    hidden = {seat: hand.hidden for seat, hand in enumerate(hands) if hand.hidden}
    refuse_broken(event, claims, hidden, pool)
    out: tuple[Open, ...] = claims
    for seat in {c.seat for c in claims}:
        if not hidden.get(seat, 0):
            out = emptied(out, seat)
    return only(out) if out != claims else claims
