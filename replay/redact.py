"""Refusals that name no hidden card: what a seeded game may say at the table.

(An event's text as one viewer saw it is ``replay.gate``'s: every output goes through it.)

In a game dealt by the seeded dealer the record knows every hand, and a rule's sentence
may say where a card is ("Bo has no Co6 in hand: it is already known to be in Anna's
hand"). Printed at the table, that names a card of Anna's that nobody has seen. The
clause is dropped unless everyone can see the card there (an up-card, an open hand):
"Bo has no Co6 in hand" stays, and the move is still refused for the same rule.
"""

from __future__ import annotations

import re

from tablelog.rules.errors import IllegalEvent
from tablelog.rules.events import Move
from tablelog.rules.listing import move_cards
from tablelog.rules.protocol import Header, RuleSet, S

__all__ = ["public_refusal"]

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
