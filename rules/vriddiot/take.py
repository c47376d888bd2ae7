"""Taking cards from where a player plays (the card just turned, the hand, the face-up
table cards), binding unseen hand cards to identities still unaccounted for; and whether
a player is known to hold a card that may be laid (else picking up is allowed)."""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from functools import partial

from tablelog.rules.binding import CannotBind, bind
from tablelog.rules.cards import Card
from tablelog.rules.errors import IllegalEvent
from tablelog.rules.events import Event
from tablelog.rules.table import evolve, player, pool, where
from tablelog.rules.vriddiot.claims import showing
from tablelog.rules.vriddiot.legal import declarations, refuse_play, source
from tablelog.rules.vriddiot.state import WAR, State
from tablelog.rules.zones import Zone

__all__ = ["can_play", "take"]


def take(
    state: State, event: Event, seat: int, real: Sequence[Card], out_of_turn: bool = False
) -> State:
    """``state`` with ``real`` taken from where ``seat`` plays from now."""
    src = "hand" if out_of_turn and len(state.hands[seat]) else source(state, seat)
    if out_of_turn and src not in ("hand", "up"):
        src = "up" if len(state.ups[seat]) else ""
    if src == "turned":
        if tuple(real) != state.turned.cards:
            raise IllegalEvent(
                event, (f"the card just turned ({state.turned.cards[0]}) is the one to lay")
            )
        return evolve(state, turned=Zone())
    if src == "down":
        raise IllegalEvent(
            event, ("face-down table cards are laid blind: blind 1, blind 2 or blind 3")
        )
    if not src:
        raise IllegalEvent(event, f"{player(state, seat)} has no cards")
    if src == "up":
        zone = state.ups[seat]
        for card in real:
            if card not in zone.cards:
                raise IllegalEvent(
                    event,
                    f"{player(state, seat)} plays from the face-up table cards now, "
                    f"and {card} is not among them",
                )
            zone = zone.remove(card)
        ups = list(state.ups)
        ups[seat] = zone
        return evolve(state, ups=tuple(ups))
    hand = state.hands[seat]
    counts = pool(state) if hand.hidden else Counter()
    bound: list[Card] = []
    for card in real:
        try:
            after = bind(
                hand, card, counts, holder=player(state, seat), where=partial(where, state)
            )
        except CannotBind as refusal:
            raise IllegalEvent(event, str(refusal)) from None
        if after.hidden < hand.hidden:
            counts[card] -= 1
            bound.append(card)
        hand = after
    hands = list(state.hands)
    hands[seat] = hand
    return evolve(state, hands=tuple(hands), claims=showing(state, seat, bound))


def can_play(state: State, seat: int) -> bool:
    """Whether ``seat`` is known to hold a card it may lay now: one of the cards the record
    knows (cards nobody entered may be unplayable, so they never forbid picking up)."""
    src = source(state, seat)
    war = state.war
    if war is not None and state.duty == WAR and war.twist is None and src:
        return True  # any card is a war card ("måteplikt"): seen or not, it can be laid
    if src == "turned":
        zone = state.turned
    elif src == "hand":
        zone = state.hands[seat]
    elif src == "up":
        zone = state.ups[seat]
    else:
        return src == "down"
    ranks: dict[str, int] = {}
    for card in set(zone.cards):
        for eff in declarations(card):
            if refuse_play(state, seat, (card,), (eff,)) is None:
                return True
        ranks[card.rank] = ranks.get(card.rank, 0) + zone.cards.count(card)
    for card in set(zone.cards):
        if ranks.get(card.rank, 0) >= 4 and card.suit:
            group = tuple(c for c in zone.cards if c.rank == card.rank)
            if refuse_play(state, seat, group, group) is None:
                return True
    return False
