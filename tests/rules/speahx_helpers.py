"""Building Speahx positions for the example tests, and playing moves by their notation."""

from __future__ import annotations

from collections.abc import Mapping

import attrs

from tablelog.rules import registry
from tablelog.rules.cards import parse_cards
from tablelog.rules.events import Event
from tablelog.rules.protocol import Header
from tablelog.rules.speahx.state import HAND, State, Turn, initial_state
from tablelog.rules.zones import Slot, Slots, Zone

SPEAHX = registry.get("speahx")
NAMES = ("Anna", "Bo", "Cai", "Dina", "Emil", "Frida", "Gry", "Hans", "Ida")


def position(
    n: int = 4,
    *,
    options: Mapping[str, object] | None = None,
    hands: Mapping[int, str] | None = None,
    pile: str = "",
    named: str = "",
    stock: int = 10,
    tables: Mapping[int, str] | None = None,
    seat: int = 0,
    stage: str = HAND,
    drawn: int = 0,
    burned: bool = False,
    chance: str = "",
) -> State:
    """A position in play: the given hands (others empty), pile, stock size, table cards
    (``"? ? 3H"``: face down unknown, or known), the turn of ``seat``."""
    header = Header("speahx", 1, NAMES[:n], dict(options or {}), dealer=(seat - 1) % n)
    start = initial_state(header)
    hand_zones = tuple(Zone(parse_cards((hands or {}).get(s, ""))) for s in range(n))
    slot_rows = []
    for s in range(n):
        words = (tables or {}).get(s, "? ? ? ? ?").split()
        row = tuple(
            Slot(None if w == "?" else parse_cards(w)[0]) if w != "-" else None for w in words
        )
        slot_rows.append(Slots(row))
    return attrs.evolve(
        start,
        phase="play",
        hands=hand_zones,
        tables=tuple(slot_rows),
        stock=Zone((), stock),
        pile=parse_cards(pile),
        named=named,
        chance=Zone(parse_cards(chance)),
        turn=Turn(seat, stage, drawn, burned),
    )


def act(state: State, text: str) -> State:
    """``state`` after the move written ``text``."""
    move = SPEAHX.parse(text, state)
    return SPEAHX.apply(state, Event(state.count + 1, move.actor, move.payload))


def listed(state: State) -> set[str]:
    """Every legal move, in notation."""
    return {SPEAHX.format(m, state) for m in SPEAHX.moves(state)}


def hand(state: State, seat: int) -> list[str]:
    """The known cards of a hand, as text, sorted."""
    return sorted(c.text for c in state.hands[seat].cards)
