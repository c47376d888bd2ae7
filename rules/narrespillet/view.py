"""What each seat sees, and what each event shows to whom.

Public: the battlefields, the discard pile, the cards lying before each participant, the
Chariots, Strength's open cards, the Demons' hand, the Justice cards, and cards the
Hierophant made a hand show. A hand is its owner's. What each event shows is
``showing.shown``'s.
"""

from __future__ import annotations

import functools
from typing import Any

import attrs

from tablelog.rules.cards import Card
from tablelog.rules.claims import Absence
from tablelog.rules.narrespillet.deck import HOUSE_NAMES, HOUSES
from tablelog.rules.narrespillet.flow import round_winners
from tablelog.rules.narrespillet.placements import describe
from tablelog.rules.narrespillet.state import PLACED, State, name, zone_map, zone_tag
from tablelog.rules.protocol import View
from tablelog.rules.tableview import Field, Place, Seat, Slot, Table, Tally, table_of
from tablelog.rules.views import default_view

__all__ = ["view"]


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
