"""Refusals and logs that name no hidden card: what a seeded game may say at the table.

``public_move`` writes a seeded deal as everyone (or one seat) saw it: the cards it did
not show them are ``?``, so ``log``, ``replay`` and ``play`` print no hidden hand.

In a game dealt by the seeded dealer the record knows every hand, and a rule's sentence
may say where a card is ("Bo has no Co6 in hand: it is already known to be in Anna's
hand"). Printed at the table, that names a card of Anna's that nobody has seen. The
clause is dropped unless everyone can see the card there (an up-card, an open hand):
"Bo has no Co6 in hand" stays, and the move is still refused for the same rule.
"""

from __future__ import annotations

import re
from collections import Counter

import attrs

from tablelog.rules.errors import IllegalEvent
from tablelog.rules.events import Deal, Event, Move
from tablelog.rules.listing import move_cards
from tablelog.rules.protocol import Header, RuleSet, S

__all__ = ["public_move", "public_refusal"]

_IN_HAND = re.compile(r":? ?it is already known to be in (?P<who>.+?)'s hand")


def public_refusal(
    rules: RuleSet[S], header: Header, state: S, move: Move, refused: IllegalEvent
) -> IllegalEvent:
    """``refused`` without any clause that places one of the move's cards in a hand
    where the public view does not show it (only in a seeded game: a physical game's
    record knows no more than the table)."""
    if header.seed is None:
        return refused
    found = _IN_HAND.search(refused.reason)
    if found is None:
        return refused
    who = found.group("who")
    try:
        seat = header.seat_of(who)
    except KeyError:
        return refused
    public = rules.view(state, None)
    shown = {c for z in public.zones if z.name == f"hand:{seat}" for c in z.cards}
    if any(card in shown for card in move_cards(move)):
        return refused
    reason = _IN_HAND.sub("", refused.reason).rstrip(" :;,")
    return IllegalEvent(refused.event, reason, label=refused.label)


def public_move(
    rules: RuleSet[S], header: Header, state: S, event: Event, seat: int | None
) -> Move:
    """``event``'s move as ``seat`` (``None``: everyone) saw it made: in a seeded game a
    deal's cards that it did not show to them are written ``?``; any other move as it is."""
    move = event.move
    if header.seed is None or not isinstance(event.payload, Deal):
        return move
    shown = rules.shown(state, event)
    seen = Counter(shown.everyone)
    if seat is not None:
        seen.update(shown.seats.get(seat, ()))
    cards = []
    for dealt in event.payload.cards:
        if dealt.card is not None and seen[dealt.card] > 0:
            seen[dealt.card] -= 1
            cards.append(dealt)
        else:
            cards.append(attrs.evolve(dealt, card=None))
    return Move(move.actor, Deal(tuple(cards)))
