"""What a game keeping only ``rules.claims.Absence`` claims does with them, shared.

Speahx and Vriddiot keep their open claims typed as absences (a union does not
serialise), so ``rules.claims``'s helpers, which answer with any claim, are wrapped here:
``took_unseen`` (``received``) and ``settle`` (``refuse_broken``, then ``emptied``), the
call at the end of ``apply``.

``impossible`` adds what the core leaves out (its absence check does not look at the
pool): a hand's face-down cards held since a claim are unaccounted cards that meet none
of that claim nor of any later claim on the hand; when fewer such cards are left than
the hand must still hold of them, the claim is false. Without it a hand could reach a
turn where every card it may bind breaks a claim, and nothing is legal.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence

from rules.cards import Card
from rules.claims import Absence, Open, emptied, received, refuse_broken
from rules.errors import IllegalEvent
from rules.zones import Zone

__all__ = ["impossible", "only", "settle", "took_unseen"]


def only(claims: Iterable[Open]) -> tuple[Absence, ...]:
    """The absences among ``claims``."""
    return tuple(c for c in claims if isinstance(c, Absence))


def took_unseen(claims: tuple[Absence, ...], seat: int, n: int) -> tuple[Absence, ...]:
    """``seat``'s hand took ``n`` cards nobody saw (``rules.claims.received``)."""
    return only(received(claims, seat, n)) if claims and n else claims


def settle(
    event: object,
    claims: tuple[Absence, ...],
    hands: Sequence[Zone],
    pool: Mapping[Card, int],
    *,
    counted: bool = True,
) -> tuple[Absence, ...]:
    """Refuse ``event`` if it left an absence broken (``IllegalEvent`` naming the event
    that made it), or with ``counted`` one the unaccounted cards cannot meet
    (``impossible``: the game's move generator and dealer must then avoid such moves
    too); then drop the absences of hands (by seat) with no face-down card left, since
    all they held then has been shown."""
    if not claims:
        return claims
    hidden = {seat: hand.hidden for seat, hand in enumerate(hands) if hand.hidden}
    refuse_broken(event, claims, hidden, pool)
    reason = impossible(claims, hidden, pool) if counted else None
    if reason is not None:
        raise IllegalEvent(event, reason)
    out: tuple[Open, ...] = claims
    for seat in {c.seat for c in claims}:
        if not hidden.get(seat, 0):
            out = emptied(out, seat)
    return only(out) if out != claims else claims


def impossible(
    claims: Iterable[Absence], hidden: Mapping[int, int], pool: Mapping[Card, int]
) -> str | None:
    """The sentence for the first absence (in log order) that the unaccounted cards
    (``pool``) can no longer meet, or ``None``.

    Of a hand's ``hidden[seat]`` face-down cards, at most ``fresh - len(seen)`` came
    unseen after claim ``i`` and are still there; the others were held at claim ``i`` and
    at every later claim on that hand, so they are unaccounted cards none of those claims
    forbids."""
    by_seat: dict[int, list[Absence]] = {}
    for claim in claims:
        by_seat.setdefault(claim.seat, []).append(claim)
    found: list[tuple[Absence, int, int]] = []
    for seat, mine in by_seat.items():
        mine.sort(key=lambda c: c.seq)
        banned: set[Card] = set()
        for claim in reversed(mine):  # the latest first: each adds its cards to the later ones
            banned |= claim.cards
            held = hidden.get(seat, 0) - max(0, claim.fresh - len(claim.seen))
            if held <= 0:
                continue
            free = sum(n for c, n in pool.items() if n > 0 and c not in banned)
            if held > free:
                found.append((claim, held, free))
    if not found:
        return None
    first, held, free = min(found, key=lambda f: f[0].seq)
    later = " nor ruled out by a later claim" if len(banned_of(first, by_seat)) else ""
    return (
        f"event {first.seq}: {first.said} (no {first.what}), but {first.holder}'s hand still "
        f"holds {held} face-down card(s) from then and only {free} unseen card(s) are left "
        f"that are no {first.what}{later}, so it held one"
    )


def banned_of(claim: Absence, by_seat: Mapping[int, list[Absence]]) -> list[Absence]:
    """The claims on ``claim``'s hand made after it."""
    return [c for c in by_seat.get(claim.seat, []) if c.seq > claim.seq]
