"""What each seat sees of a Karnöffel table, and what each event shows to whom.

A seat sees its own hand's known cards, the up-cards still in other hands (dealt face up,
so public), its partner's hand too with ``open_partner_hands``, the turned card, the trick
and the won tricks. The stock is face down. ``seat=None`` is what everyone sees.
"""

from __future__ import annotations

from typing import Any

import attrs

from tablelog.rules.cards import SUIT_SYMBOLS, Card
from tablelog.rules.events import Deal, Event
from tablelog.rules.karnoffel.events import Play, Turn
from tablelog.rules.karnoffel.state import PLAY, SEATING, SEATS, State, zone_map
from tablelog.rules.protocol import Shown, View
from tablelog.rules.table import player
from tablelog.rules.tableview import Laid, Marks, Table, Tally, Trick, counted, table_of
from tablelog.rules.views import deal_shown, default_view, hand_seen_by, shown_to_all

__all__ = [
    "shown",
    "view",
]


PUBLIC = frozenset({"turned", "trick", "won:0", "won:1"})
"""The zones everyone sees; the stock is face down and each hand is its owner's."""


def _sees(state: State, seat: int | None, name: str) -> bool:
    partner = SEATING.partner if state.options.open_partner_hands else None
    return hand_seen_by(seat, name, partner)


def view(state: State, seat: int | None) -> View:
    """The table as ``seat`` sees it (``None``: as everyone sees it): the up-cards still in
    other hands are public, having been dealt face up."""
    up = {f"hand:{owner}": (card,) for owner, card in enumerate(state.current.upcards)}
    seen = default_view(
        seat,
        zone_map(state),
        public=PUBLIC,
        sees=lambda s, name: _sees(state, s, name),
        up=up,
        info=info(state),
    )
    return attrs.evolve(seen, table=_table(state, seen))


LABELS = {"turned": "turned card", "won": "tricks won"}


def _laid(state: State, leader: int, cards: tuple[Card, ...]) -> tuple[Laid, ...]:
    """Each card of a trick with who laid it, from the leader round the table."""
    return tuple(Laid(player(state, SEATING.next(leader, i)), c) for i, c in enumerate(cards))


def _last_trick(state: State) -> Trick | None:
    """The deal's last trick taken, with who laid each card and who took it."""
    done = state.current.tricks
    if not done:
        return None
    last = done[-1]
    return Trick(_laid(state, last.leader, last.cards), player(state, last.winner), len(done))


_last_marks: tuple[Any, Any, Marks] = ((), None, Marks())
"""The last marks made, with the trick list and the table they were made of."""


def marks(state: State) -> Marks:
    """The table's marks (``RuleSet.marks``): the last trick; no tally counts one more.
    They are made of the deal's tricks and the table's players alone, and the tricks
    change only when one is taken: the last answer is kept with the two (frozen, matched
    by identity and held, so no other object takes their ids), and an export asking after
    every event gets the very object again, which says "no news" at once."""
    global _last_marks
    done, table = state.current.tricks, state.table
    last = _last_marks  # one read: another thread may replace it meanwhile
    if last[0] is done and last[1] is table:
        return last[2]
    made = Marks(_last_trick(state))
    _last_marks = (done, table, made)
    return made


def _table(state: State, seen: View) -> Table:
    """The typed table: four seats, the trick with who laid each card, the last trick."""
    labels = [state.table.side_label(0), state.table.side_label(1)]
    deal, match = state.current, state.match
    done = deal.tricks
    facts = (
        ("trump", SUIT_SYMBOLS.get(deal.trump, "not yet known")),
        ("deal", str(state.deal_number)),
        ("dealer", player(state, state.dealer)),
    )
    return table_of(
        seen,
        state.players,
        labels=LABELS,
        sides=labels,
        trick=Trick(_laid(state, state.leader, state.trick), number=len(done) + 1)
        if state.phase == PLAY
        else None,
        last_trick=_last_trick(state),
        facts=facts,
        scores=tuple(
            (side, f"{counted(tricks, 'trick')}, {counted(deals, 'deal')} won")
            for side, tricks, deals in zip(labels, deal.taken, match.scores, strict=True)
        ),
        tallies=(
            Tally("tricks", tuple(zip(labels, map(str, deal.taken), strict=True))),
            Tally("deals won", tuple(zip(labels, map(str, match.scores), strict=True)), score=True),
        ),
        round=state.deal_number,
        round_word="deal",
        rounds_over=sum(match.scores),
    )


def info(state: State) -> dict[str, Any]:
    """The public facts of the state, as JSON-friendly values (cards as text)."""
    labels = [state.table.side_label(0), state.table.side_label(1)]
    deal = state.current
    return {
        "phase": state.phase,
        "deal": state.deal_number,
        "dealer": player(state, state.dealer),
        "trump": deal.trump or None,
        "to_play": None if state.to_play is None else player(state, state.to_play),
        "trick": len(deal.tricks) + 1 if state.phase == PLAY else None,
        "leader": player(state, state.leader) if deal.upcards else None,
        "teams": labels,
        "tricks": dict(zip(labels, deal.taken, strict=True)),
        "scores": dict(zip(labels, state.match.scores, strict=True)),
        "target": state.options.target,
        "upcards": {player(state, seat): card.text for seat, card in enumerate(deal.upcards)},
        "played": [
            {
                "leader": player(state, t.leader),
                "cards": [card.text for card in t.cards],
                "winner": player(state, t.winner),
            }
            for t in deal.tricks
        ],
    }


def shown(state: State, event: Event) -> Shown:
    """Which cards ``event`` (about to be applied to ``state``) shows to whom: a card played
    or turned to everyone; a deal its up-cards to everyone, each seat its own hand (and
    its partner's with ``open_partner_hands``), and every card gathered first."""
    payload = event.payload
    if isinstance(payload, Play | Turn):
        return shown_to_all(payload.card)
    if not isinstance(payload, Deal):
        return Shown()
    return deal_shown(payload, SEATS, lambda to: _seen_by(state, to), forget=True)


def _seen_by(state: State, to: str) -> tuple[int, ...]:
    if not to.isdigit():
        return ()
    seat = int(to)
    partner = SEATING.partner(seat)
    if state.options.open_partner_hands and partner is not None:
        return (seat, partner)
    return (seat,)
