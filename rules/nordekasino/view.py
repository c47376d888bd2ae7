"""What each seat sees of a Nørdekasino table, and what each event shows to whom.

Everything on the table and every trick is public; a hand is seen by its owner, and by
everyone while it is open (the open-hand penalty) or for the card shown under the Thomas
Kragh rule. The stock and the middle lie face down until the middle goes to the last
taker at the end. ``seat=None`` is what everyone sees.
"""

from __future__ import annotations

from functools import lru_cache
from typing import Any

import attrs

from tablelog.rules.cards import Card
from tablelog.rules.errors import IllegalEvent
from tablelog.rules.events import Deal, Event
from tablelog.rules.nordekasino.events import Build, Capture, OpenHand, Reveal, Trail
from tablelog.rules.nordekasino.play import apply, score
from tablelog.rules.nordekasino.state import OVER, State, zone_map
from tablelog.rules.protocol import Shown, View
from tablelog.rules.table import player
from tablelog.rules.tableview import Marks, Place, Table, Tally, counted, table_of
from tablelog.rules.views import deal_shown, default_view, hand_seen_by

__all__ = [
    "info",
    "shown",
    "view",
]


def view(state: State, seat: int | None) -> View:
    """The table as ``seat`` sees it (``None``: as everyone sees it): its own hand, every
    open hand (the open-hand penalty), a card shown under the Thomas Kragh rule, the table
    and the taken cards; the stock and the middle only as counts."""
    opened = {f"hand:{s}" for s in state.open_hands}
    up = {f"hand:{s}": (card,) for s, card in enumerate(state.revealed) if card is not None}
    public = {"table", *opened, *(f"won:{side}" for side in range(len(state.won)))}
    seen = default_view(
        seat, zone_map(state), public=public, sees=hand_seen_by, up=up, info=info(state)
    )
    return attrs.evolve(seen, table=_table(state, seen))


LABELS = {"middle": "middle"}


def _sweeps(state: State, sides: list[str]) -> Tally:
    """The sweeps each side made, news when one more is made."""
    return Tally("sweeps", tuple(zip(sides, map(str, state.sweeps), strict=True)), "sweep")


def _sides(state: State) -> list[str]:
    """The sides that take cards, in the table's words."""
    return [state.table.side_label(s) for s in range(len(state.won))]


def marks(state: State) -> Marks:
    """The table's marks (``RuleSet.marks``): no trick; the sweeps."""
    return Marks(None, (_sweeps(state, _sides(state)),))


def _table(state: State, seen: View) -> Table:
    """The typed table: the seats, the table's piles with their values and owners."""
    piles = tuple(
        Place(
            f"pile {i}",
            pile.cards,
            value=None
            if pile.value is None and len(pile.values) == 1
            else (f"more {pile.value}" if pile.more else "/".join(map(str, pile.values))),
            owner=None if pile.owner is None else player(state, pile.owner),
        )
        for i, pile in enumerate(state.piles, 1)
    )
    sides = _sides(state)
    points: dict[str, str] = _info(state)["points"]  # the public facts' (made once a state)
    over = state.phase == OVER
    return table_of(
        seen,
        state.players,
        labels=LABELS,
        sides=sides,
        piles=piles,
        clockwise=False,  # seats are numbered in turn order, counter-clockwise
        facts=(
            ("deal", str(state.deals)),
            ("dealer", player(state, state.dealer)),
            *(
                (("scores", "so far, with most cards and most spades as they stand now"),)
                if not over
                else ()
            ),
        ),
        scores=tuple(
            (side, f"{counted(points.get(side, 0), 'point')}, {counted(state.sweeps[s], 'sweep')}")
            for s, side in enumerate(sides)
        ),
        tallies=(
            _sweeps(state, sides),
            Tally("points", tuple((side, points.get(side, "0")) for side in sides)),
        ),
        round=state.deals,
        round_word="deal",
        claims=tuple(c.in_words for c in state.claims),
    )


def info(state: State) -> dict[str, Any]:
    """The public facts of the state, as JSON-friendly values (cards as text)."""
    return dict(_info(state))


@lru_cache(maxsize=1024)
def _info(state: State) -> dict[str, Any]:
    table = state.table
    return {
        "phase": state.phase,
        "deal": state.deals,
        "dealer": player(state, state.dealer),
        "to_play": None if state.to_play is None else player(state, state.to_play),
        "piles": [
            {
                "pile": i + 1,
                "label": pile.label,
                "cards": [c.text for c in pile.cards],
                "value": pile.value,
                "values": list(pile.values),
                "more": pile.more,
                "owner": None if pile.owner is None else player(state, pile.owner),
            }
            for i, pile in enumerate(state.piles)
        ],
        "stock": len(state.stock),
        "middle": len(state.middle),
        "last_taker": None if state.last_taker is None else player(state, state.last_taker),
        "sweeps": {table.side_label(s): n for s, n in enumerate(state.sweeps)},
        "revealed": {
            player(state, s): c.text for s, c in enumerate(state.revealed) if c is not None
        },
        "open_hands": sorted(player(state, s) for s in state.open_hands),
        "points": {row["side"]: str(row["total"]) for row in score(state)},
        **({"claims": [c.in_words for c in state.claims]} if state.claims else {}),
    }


def shown(state: State, event: Event) -> Shown:
    """Which cards ``event`` (about to be applied to ``state``) shows to whom."""
    payload = event.payload
    if isinstance(payload, Deal):
        return deal_shown(payload, state.seats)
    if isinstance(payload, OpenHand):
        seat = event.actor
        cards = state.hands[seat].cards if seat is not None and 0 <= seat < state.seats else ()
        return Shown(everyone=cards)
    everyone: tuple[Card, ...] = ()
    if isinstance(payload, Capture | Build | Trail | Reveal):
        everyone = (payload.card,)
    if state.middle and len(state.stock) == 0:
        # the move that ends the game turns the middle over to the last taker
        try:
            after = apply(state, event)
        except IllegalEvent:  # a refused event shows nothing more
            return Shown(everyone=everyone)
        if not after.middle:
            everyone += tuple(c for won in after.won for c in won.cards)
    return Shown(everyone=everyone)
