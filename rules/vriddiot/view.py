"""What each seat sees of a Vriddiot table, and what each event shows to whom.

Everyone sees the face-up table cards, the pile, the burn pile (every card in it was laid
face up), the cards out of the game and a card just turned; each player sees their own
hand; nobody sees the face-down table cards or the stock.
"""

from __future__ import annotations

from functools import lru_cache
from typing import Any

from tablelog.rules.events import Deal, Event
from tablelog.rules.protocol import Shown, View
from tablelog.rules.shedding import shedding_table
from tablelog.rules.table import evolve, player
from tablelog.rules.tableview import Table
from tablelog.rules.views import deal_shown, default_view, hand_seen_by, shown_to_all
from tablelog.rules.vriddiot.events import Join, Play, Remove, Set, Turn
from tablelog.rules.vriddiot.state import State, zone_map

__all__ = [
    "info",
    "shown",
    "view",
]


@lru_cache(maxsize=16)
def _public(n: int) -> frozenset[str]:
    """The zones everyone sees at a table of ``n`` seats (made once per table size)."""
    ups = {f"up:{s}" for s in range(n)}
    return frozenset({"pile", "burned", "out", "turned", *ups})


def view(state: State, seat: int | None) -> View:
    """The table as ``seat`` sees it (``None``: as everyone sees it)."""
    seen = default_view(
        seat, zone_map(state), public=_public(state.table.n), sees=hand_seen_by, info=info(state)
    )
    return evolve(seen, table=_table(state, seen))


LABELS = {"up": "face up", "down": "face down", "burned": "burned", "turned": "turned"}


def _table(state: State, seen: View) -> Table:
    """The typed table: each seat's hand, face-up and face-down cards; the pile, the
    value to beat and any twist."""
    facts = [("to beat", str(state.top) if state.top else "—")]
    if state.twist:
        facts.append(("twist", " ".join(map(str, state.twist))))
    direction = "clockwise" if state.seating.direction == 1 else "counter-clockwise"
    facts.append(("play goes", direction))
    war = state.war
    if war is not None:
        facts.append(("war", f"{war.rank}: " + ", ".join(player(state, s) for s in war.involved)))
    return shedding_table(seen, state, labels=LABELS, out="gone out", facts=tuple(facts))


def info(state: State) -> dict[str, Any]:
    """The public facts of the state, JSON-friendly."""
    war = state.war
    return {
        "phase": state.phase,
        "turn": player(state, state.turn) if state.turn is not None else None,
        "duty": state.duty,
        "top": state.top or None,  # the value to beat; none on an empty pile
        "twist": list(state.twist) if state.twist else None,
        "direction": "clockwise" if state.seating.direction == 1 else "counter-clockwise",
        "war": None
        if war is None
        else {
            "value": war.rank,
            "players": [player(state, s) for s in war.involved],
            "may_join": [player(state, s) for s in war.window],
            "laid": [[player(state, s), v] for s, v in war.laid],
        },
        "gone_out": [player(state, s) for s in state.finished],
        "throw_in": war is not None and war.thrown,
        **({"claims": [c.in_words for c in state.claims]} if state.claims else {}),
    }


def shown(state: State, event: Event) -> Shown:
    """Which cards ``event`` shows to whom: a card laid, turned or removed to everyone; a
    deal its face-up cards to everyone and each hand's cards to its player."""
    payload = event.payload
    if isinstance(payload, Play):
        return shown_to_all(payload.card)
    if isinstance(payload, Set | Join | Remove):
        return shown_to_all(*payload.cards)
    if isinstance(payload, Turn):
        return shown_to_all(payload.card)
    if isinstance(payload, Deal):
        return deal_shown(payload, state.table.n)
    return Shown()
