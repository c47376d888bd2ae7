"""What each seat sees of a Karnöffel table, and what each event shows to whom.

A seat sees its own hand's known cards, the up-cards still in other hands (dealt face up,
so public), its partner's hand too with ``open_partner_hands``, the turned card, the trick
and the won tricks. The stock is face down. ``seat=None`` is what everyone sees.
"""

from __future__ import annotations

from typing import Any

from rules.cards import Card
from rules.events import Deal, Event
from rules.karnoffel.events import Play, Turn
from rules.karnoffel.state import PLAY, SEATS, State, player, zone_map
from rules.protocol import Shown, View, ZoneView
from rules.zones import Zone

__all__ = ["shown", "view", "zones"]


def zones(state: State) -> dict[str, Zone]:
    """Every zone by name: ``hand:0``..``hand:3``, ``stock``, ``turned``, ``trick``, ``won:0|1``."""
    return zone_map(state)


def sees_hand(state: State, seat: int | None, owner: int) -> bool:
    """Whether ``seat`` may look at ``owner``'s hand: its own, or its partner's if open."""
    if seat is None:
        return False
    return seat == owner or (state.options.open_partner_hands and seat == (owner + 2) % SEATS)


def _hand_view(state: State, seat: int | None, owner: int) -> ZoneView:
    hand = state.hands[owner]
    name = f"hand:{owner}"
    if sees_hand(state, seat, owner):
        return ZoneView(name, hand.cards, hand.hidden)
    up = state.upcards[owner] if state.upcards else None
    public = (up,) if up is not None and up in hand.cards else ()
    return ZoneView(name, public, len(hand) - len(public))


def view(state: State, seat: int | None) -> View:
    """The table as ``seat`` sees it (``None``: as everyone sees it)."""
    hands = tuple(_hand_view(state, seat, owner) for owner in range(SEATS))
    table = (
        ZoneView("stock", (), len(state.stock)),
        ZoneView("turned", state.turned.cards, state.turned.hidden),
        ZoneView("trick", state.trick),
        ZoneView("won:0", state.won[0].cards, state.won[0].hidden),
        ZoneView("won:1", state.won[1].cards, state.won[1].hidden),
    )
    return View(seat, hands + table, info(state))


def info(state: State) -> dict[str, Any]:
    """The public facts of the state, as JSON-friendly values (cards as text)."""
    labels = [state.table.team(0), state.table.team(1)]
    return {
        "phase": state.phase,
        "deal": state.deal_number,
        "dealer": player(state, state.dealer),
        "trump": state.trump or None,
        "to_play": None if state.to_play is None else player(state, state.to_play),
        "trick": len(state.tricks) + 1 if state.phase == PLAY else None,
        "leader": player(state, state.leader) if state.upcards else None,
        "teams": labels,
        "tricks": dict(zip(labels, state.taken, strict=True)),
        "scores": dict(zip(labels, state.scores, strict=True)),
        "target": state.options.target,
        "upcards": {player(state, seat): card.text for seat, card in enumerate(state.upcards)},
        "played": [
            {
                "leader": player(state, t.leader),
                "cards": [card.text for card in t.cards],
                "winner": player(state, t.winner),
            }
            for t in state.tricks
        ],
    }


def shown(state: State, event: Event) -> Shown:
    """Which cards ``event`` (about to be applied to ``state``) shows to whom."""
    payload = event.payload
    if isinstance(payload, Play | Turn):
        return Shown(everyone=(payload.card,))
    if not isinstance(payload, Deal):
        return Shown()
    ups = tuple(d.card for d in payload.cards[:SEATS] if d.card is not None)
    own: dict[int, tuple[Card, ...]] = {seat: () for seat in range(SEATS)}
    for dealt in payload.cards:
        if dealt.card is not None and dealt.to.isdigit() and int(dealt.to) in own:
            own[int(dealt.to)] += (dealt.card,)
    if state.options.open_partner_hands:
        own = {seat: own[seat] + own[(seat + 2) % SEATS] for seat in own}
    return Shown(everyone=ups, seats=own, forget=True)
