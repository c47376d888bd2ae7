"""What each seat sees of a Speahx table, and what each event shows to whom.

Everyone sees the pile and the cards out of play, how many cards each hand, the stock
and each player's table places hold, and which table places are still filled (``?``:
face down, even to their owner: "ingen skal vite identiteten til de kortene"). A seat
sees its own hand, and during its turn its chance cards and the table card it flipped
(it may keep an unusable one to itself: "har selv valget om han ønsker å vise").
"""

from __future__ import annotations

from functools import lru_cache
from typing import Any

from tablelog.rules.events import Deal, Event
from tablelog.rules.protocol import Shown, View, ZoneView
from tablelog.rules.shedding import shedding_table
from tablelog.rules.speahx.events import Draw, Give, Play, Reveal
from tablelog.rules.speahx.state import SUIT_WORDS, State, zone_names
from tablelog.rules.table import player
from tablelog.rules.tableview import Table
from tablelog.rules.views import closed_view, deal_shown, hand_view, public_view, shown_to_all
from tablelog.rules.zones import Slots

__all__ = [
    "shown",
    "view",
]


def view(state: State, seat: int | None) -> View:
    """The table as ``seat`` sees it (``None``: as everyone sees it): the zones in
    ``zone_map``'s order, each read from its field (a table's places from its slots)."""
    on_turn = seat is not None and seat == state.turn.seat
    hand_names, table_names = zone_names(len(state.hands))
    out = [
        hand_view(name, hand, sees=True) if s == seat else _closed(name, len(hand))
        for s, (name, hand) in enumerate(zip(hand_names, state.hands, strict=True))
    ]
    out += map(_table_places, table_names, state.tables)
    out.append(closed_view("stock", state.stock))
    out.append(ZoneView("pile", state.pile, 0))
    out.append(public_view("out", state.out))
    out.append(hand_view("chance", state.chance, sees=on_turn))
    out.append(hand_view("flipped", state.flipped, sees=on_turn))
    zones, facts = tuple(out), info(state)
    return View(seat, zones, facts, _table(state, View(seat, zones, facts)))


@lru_cache(maxsize=1 << 10)
def _closed(name: str, held: int) -> ZoneView:
    """A hand nobody else looks at (``closed_view``): its name and how many cards it holds
    (one value each: views are immutable)."""
    return ZoneView(name, (), held)


@lru_cache(maxsize=1 << 10)
def _table_places(name: str, slots: Slots) -> ZoneView:
    """A player's table cards as everyone sees them: ``?`` for each filled place, face
    down even to their owner (slots that did not change are the last state's object)."""
    marks = tuple(None if slot is None else "?" for slot in slots.slots)
    return ZoneView(name, (), len(slots), marks)


LABELS = {"table": "table cards", "chance": "chance card", "flipped": "flipped card"}


def _table(state: State, seen: View) -> Table:
    """The typed table: each seat's hand and table cards, the pile with its top and suit."""
    facts = [("top", "—" if state.top is None else state.top.pretty)]
    if state.suit:
        facts.append(("suit", SUIT_WORDS.get(state.suit, state.suit)))
    return shedding_table(seen, state, labels=LABELS, out="finished", facts=tuple(facts))


def info(state: State) -> dict[str, Any]:
    """The public facts of the state, as JSON-friendly values."""
    turn = state.turn
    return {
        "phase": state.phase,
        "to_play": player(state, turn.seat) if state.phase != "over" else None,
        "stage": turn.stage,
        "chance_drawn": turn.drawn,
        "burned_this_turn": turn.burned,
        "top": None if state.top is None else state.top.text,
        "suit": SUIT_WORDS.get(state.suit),
        "hand_counts": dict(zip(state.players, map(len, state.hands), strict=True)),
        "table_counts": dict(zip(state.players, map(len, state.tables), strict=True)),
        "stock": len(state.stock),
        "finished": [player(state, s) for s in state.finished],
        **({"claims": [c.in_words for c in state.claims]} if state.claims else {}),
    }


def shown(state: State, event: Event) -> Shown:
    """Which cards ``event`` (about to be applied to ``state``) shows to whom: a play or a
    give to everyone; a deal each seat its own hand cards (table cards to nobody); a
    refill and a chance card or flipped table card to the player on turn."""
    payload = event.payload
    if isinstance(payload, Play | Give):
        return shown_to_all(*payload.cards)
    if isinstance(payload, Deal):
        return deal_shown(payload, len(state.players))
    seat = state.turn.seat
    if isinstance(payload, Reveal) and payload.card is not None:
        return Shown(seats={seat: (payload.card,)})
    if isinstance(payload, Draw):
        return Shown(seats={seat: payload.cards})
    return Shown()
