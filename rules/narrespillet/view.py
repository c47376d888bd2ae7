"""What each seat sees, and what each event shows to whom.

Public: the battlefields, the discard pile, the cards lying before each participant, the
Chariots, Strength's open cards, the Demons' hand, the Justice cards, and cards the
Hierophant made a hand show. A hand is its owner's. ``shown`` compares what is public
(and what each seat holds) before and after the event, so every card an event's chain
of effects makes public (a finished player's hand discarded, say) is accounted for; the
High Priestess also shows the target's known hand to the one who looked.
"""

from __future__ import annotations

import functools
from collections import Counter
from typing import Any

import attrs

from tablelog.rules.cards import FOOL, Card
from tablelog.rules.claims import Absence
from tablelog.rules.errors import IllegalEvent
from tablelog.rules.events import Deal, Event
from tablelog.rules.memo import per_state
from tablelog.rules.narrespillet import events as ev
from tablelog.rules.narrespillet.deck import HOUSE_NAMES, HOUSES
from tablelog.rules.narrespillet.flow import round_winners
from tablelog.rules.narrespillet.placements import describe
from tablelog.rules.narrespillet.state import PLACED, State, name, zone_map, zone_tag
from tablelog.rules.narrespillet.turn import apply
from tablelog.rules.protocol import Shown, View
from tablelog.rules.tableview import Field, Place, Seat, Slot, Table, Tally, table_of
from tablelog.rules.views import default_view

__all__ = [
    "shown",
    "view",
]


def _public_names(state: State) -> frozenset[str]:
    return _public_for(state.n)


@functools.lru_cache(maxsize=8)
def _public_for(n: int) -> frozenset[str]:
    """The public zones' names at a table of ``n`` players (and the Demons)."""
    out = {"discard", "pool", "justice", "hand:demons"}
    for who in [*map(str, range(n)), "demons"]:
        out.update(f"{z}:{who}" for z in ("front", "chariot", "open"))
        out.update(f"field:{who}:{house}" for house in HOUSES)
    return frozenset(out)


def _ups(state: State) -> dict[str, tuple[Card, ...]]:
    return {f"hand:{w}": state.revealed[w] for w in range(state.n) if state.revealed[w]}


def view(state: State, seat: int | None) -> View:
    """The table as ``seat`` sees it (``None``: as everyone does)."""
    seen = default_view(
        seat,
        zone_map(state),
        public=_public_names(state),
        sees=lambda s, z: s is not None and z == f"hand:{s}",
        up=_ups(state),
        info=info(state),
    )
    return attrs.evolve(seen, table=_table(state, seen))


LABELS = {
    "hand": "hand",
    "front": "in front",
    "chariot": "chariot",
    "open": "shown",
    "pool": "Justice's pool",
    "justice": "Justice",
}


def _table(state: State, seen: View) -> Table:
    """The typed table: the players and the Demons (one named seat, while in play), the four
    battlefields as houses × participants, each slot with its placement's rank."""
    zones = {z.name: z for z in seen.zones}
    who = range(state.n + (1 if state.demons >= 0 else 0))
    fields = []
    for i, house in enumerate(HOUSES):
        slots = []
        for w in who:
            slot = state.slots[w][i]
            zone = zones[f"field:{zone_tag(state, w)}:{house}"]
            placed = slot.placement if slot.status == PLACED else None
            slots.append(
                Slot(
                    name(state, w),
                    zone.cards,
                    zone.hidden,
                    slot.status,
                    None if placed is None else describe(placed.kind, placed.cards, placed.magic),
                )
            )
        fields.append(Field(HOUSE_NAMES[house], tuple(slots)))
    current = round_winners(state) if state.phase == "play" else None
    if current is not None:
        fields = [
            attrs.evolve(f, leading=tuple(state.players[s] for s in won))
            for f, won in zip(fields, current, strict=True)
        ]
    won = tuple(
        (state.players[s], str(sum(s in won for r in state.results for won in r)))
        for s in range(state.n)
    )
    table = table_of(
        seen,
        state.players,
        labels=LABELS,
        skip=lambda z: z.startswith("field:") or z.endswith(":demons"),
        fields=tuple(fields),
        facts=_facts(state),
        scores=won,
        tallies=(Tally("battlefields won", won, score=True),),
        turn=tuple(dict.fromkeys(name(state, w) for w in _turn(state))),
        round=state.round,
        round_word="round",
        rounds_over=len(state.results),
        claims=tuple(_absence_text(c) for c in state.claims),
    )
    if state.demons < 0:
        return table
    demons = Seat(
        name(state, state.n),
        None,
        tuple(
            Place(
                LABELS[kind],
                zones[f"{kind}:demons"].cards,
                zones[f"{kind}:demons"].hidden,
                zone=f"{kind}:demons",
            )
            for kind in ("hand", "front", "chariot", "open")
        ),
        (("controlled by", state.players[state.demons]),),
    )
    return attrs.evolve(table, seats=(*table.seats, demons))


def _turn(state: State) -> tuple[int, ...]:
    """The participants whose turn it is: the actor, else the one the table waits for (a
    Star or Moon caller choosing, a player discarding down), else those asked to answer."""
    if state.phase != "play":
        return ()
    if state.actor is not None:
        return (state.actor,)
    head = state.queue[0] if state.queue else None
    if head is None:
        return ()
    if head.kind in ("call", "down"):
        return (head.who,)
    if head.kind in ("fool", "vote", "reveal"):
        return head.asked
    return ()


def _facts(state: State) -> tuple[tuple[str, str], ...]:
    facts = [("round", str(state.round)), ("dealer", state.players[state.dealer])]
    if state.temperance is not None:
        facts.append(("Temperance", f"on {HOUSE_NAMES[state.temperance[1]]}"))
    if state.death:
        facts.append(("Death", "played: nobody draws again this round"))
    return tuple(facts)


@per_state(4)
def _public(state: State) -> Counter[Card]:
    """The cards everyone sees in ``state`` (remembered: an event's ``shown`` asks of the
    state before it what the event before asked of the state after it; not to be changed):
    the cards of the public zones (``_public_names``), read from the state's fields as
    ``zone_map`` lays them, without making every zone (``test_narrespillet_view`` holds
    them equal)."""
    cards = [*state.discard.cards, *state.pool.cards, *state.justice.cards]
    cards += state.hands[state.n].cards  # the Demons' hand
    for who in range(state.n + 1):
        cards += state.fronts[who].cards
        cards += state.chariots[who].cards
        cards += state.opens[who].cards
        slots = state.slots[who]
        for i, house in enumerate(HOUSES):
            placed = slots[i].placement
            if placed is not None and placed.fields[0] == house:
                cards += placed.cards
    out = Counter(cards)
    for w in range(state.n):
        if state.revealed[w]:
            held = Counter(state.hands[w].cards)
            out.update(c for c in state.revealed[w] if held[c])
    return out


def shown(state: State, event: Event) -> Shown:
    """Which cards ``event`` shows to whom."""
    try:
        after = apply(state, event)
    except IllegalEvent:
        return Shown()
    # a deal that starts afresh (``Shown.forget``: what was seen before is forgotten) shows
    # everything public after it, also what was public before and still is (a card the
    # Hierophant made a hand show, kept into the new round)
    deal_forget = isinstance(event.payload, Deal) and state.phase == "deal"
    everyone = _public(after) - (Counter() if deal_forget else _public(state))
    for card in _laid(event.payload):  # laid face up, whatever the same event does with it
        if not everyone[card]:  # (a round that ends with the Fool's steal clears the table)
            everyone[card] = 1
    seats: dict[int, tuple[Card, ...]] = {}
    for s in range(state.n):
        if after.hands[s] is state.hands[s]:
            continue  # the same hand: nothing new in it
        mine = Counter(after.hands[s].cards) - Counter(state.hands[s].cards)
        if mine:
            seats[s] = tuple(mine.elements())
    for who, target in after.peeks[len(state.peeks) :] if after.round == state.round else ():
        if who < state.n:
            seats[who] = (*seats.get(who, ()), *state.hands[target].cards)
    return Shown(everyone=tuple(everyone.elements()), seats=seats, forget=deal_forget)


def _laid(payload: object) -> tuple[Card, ...]:
    """The cards a move lays face up before everyone: a placement's, a picture card (and
    what it loads into the Chariot), a discard, the Fool."""
    if isinstance(payload, ev.Place):
        return payload.cards
    if isinstance(payload, ev.Picture):
        return (payload.card, *payload.cards)
    if isinstance(payload, ev.Discard):
        return (payload.card,)
    if isinstance(payload, ev.Fool):
        return (FOOL,)
    return ()


def info(state: State) -> dict[str, Any]:
    """The public facts of the state, JSON-friendly."""
    fields: dict[str, dict[str, str]] = {}
    for w in range(state.n + (1 if state.demons >= 0 else 0)):
        row = {}
        for i, house in enumerate(HOUSES):
            slot = state.slots[w][i]
            row[house] = (
                slot.placement.kind if slot.status == PLACED and slot.placement else slot.status
            )
        fields[name(state, w)] = row
    return {
        "round": state.round,
        "phase": state.phase,
        "dealer": state.players[state.dealer],
        "turn": ", ".join(name(state, w) for w in _turn(state)) or None,
        "stock": len(state.stock),
        "fields": fields,
        "temperance": None if state.temperance is None else HOUSE_NAMES[state.temperance[1]],
        "demons": None if state.demons < 0 else state.players[state.demons],
        "death": state.death,
        "results": [
            {
                HOUSE_NAMES[h]: [state.players[s] for s in seats]
                for h, seats in zip(HOUSES, r, strict=True)
            }
            for r in state.results
        ],
        "current": {
            HOUSE_NAMES[h]: [state.players[s] for s in seats]
            for h, seats in zip(HOUSES, round_winners(state), strict=True)
        }
        if state.phase == "play"
        else None,
        **({"claims": [_absence_text(c) for c in state.claims]} if state.claims else {}),
    }


def _absence_text(absence: Absence) -> str:
    """An open absence as the table says it: ``Bo held no Fool face down at event 4 (…)``."""
    return (
        f"{absence.holder} held no {absence.what} face down at event {absence.seq} ({absence.said})"
    )
