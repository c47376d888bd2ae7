"""The war (krig) and what is settled after every move: who goes out, the war's join
window and rounds, and who leads when a war ends.

A war starts when a player lays the value the previous player laid (``lay.lay``). Every
other player in the game who may hold that value gets the join window: each joins (lays
cards of that value out of turn) or passes. Then the players in the war lay one war card
each, from the second card's layer on in the direction of play; the highest must pick up
the pile, a shared highest plays again, a burn ends the war. Jacks laid in the war turn
the direction only when it is over; the lead then goes to the player after the one who
laid the second card.
"""

from __future__ import annotations

from typing import Any

from tablelog.rules.cards import JOKER
from tablelog.rules.seating import Seating
from tablelog.rules.table import evolve, pool
from tablelog.rules.vriddiot.state import ADDON, ANY_MATCH, BEAT, LEAD, OVER, WAR, State, War
from tablelog.rules.zones import Zone

__all__ = ["end_war", "joiners", "losers", "next_active", "next_in", "settle", "war_over"]


def next_active(state: State, seat: int) -> int:
    """The next player still in the game after ``seat`` in the direction of play."""
    return next_in(state.seating, state.finished, seat)


def next_in(seating: Seating, finished: tuple[int, ...], seat: int) -> int:
    """The next player not in ``finished`` after ``seat`` in ``seating``'s direction."""
    if not finished:
        return seating.next(seat)
    s = seat
    for _ in range(seating.n):
        s = seating.next(s)
        if s not in finished:
            return s
    return seat


def joiners(state: State, war: War) -> tuple[int, ...]:
    """The players outside the war who may hold its value in the cards they play from
    (their hand, else their face-up table cards), in the order of play."""
    counts = None
    out: list[int] = []
    for seat in state.seating.order_from(war.second):
        if seat in war.involved or not state.active(seat):
            continue
        zone = state.hands[seat] if len(state.hands[seat]) else state.ups[seat]
        if any(c.rank == war.rank or c == JOKER for c in zone.cards):
            out.append(seat)
            continue
        if zone.hidden:
            counts = pool(state) if counts is None else counts
            if any(n > 0 and (c.rank == war.rank or c == JOKER) for c, n in counts.items()):
                out.append(seat)
    return tuple(out)


def end_war(state: State, burner: int | None = None) -> State:
    """The war is over: an odd number of jacks laid in it turns the direction now; the
    burner leads, else the player after the second card's layer."""
    war = state.war
    assert war is not None
    return evolve(state, **war_over(state, war, bool(len(state.pile)), burner))


def war_over(state: State, war: War, pile_left: bool, burner: int | None = None) -> dict[str, Any]:
    """Every field ``end_war`` changes when ``war`` is over (``pile_left``: cards still
    lie on the pile): what ``turn.lay_changes`` sets at once too."""
    seating = state.seating.reversed() if war.jacks % 2 else state.seating
    changes: dict[str, Any] = {"war": None, "seating": seating, "twist": None, "last": None}
    if burner is not None:
        changes.update(turn=burner, duty=LEAD)
    else:
        turn = next_in(seating, state.finished, war.second)
        changes.update(turn=turn, duty=BEAT if pile_left else LEAD)
    return changes


def losers(war: War, tie_rule: str) -> tuple[int, ...]:
    """The players in ``war`` whose war card this round is the highest (with
    ``war_tie_rule=any_match``: the highest any two or more laid, if any): one picks up
    the pile, several fight on."""
    values = [(s, v) for s, v in war.laid if s in war.involved]
    high = max(v for _, v in values)
    if tie_rule == ANY_MATCH:
        shared = [v for v in {v for _, v in values} if sum(1 for _, w in values if w == v) > 1]
        high = max(shared) if shared else high
    return tuple(s for s in war.involved if (s, high) in values)


def _has_cards(state: State, seat: int) -> bool:
    return bool(
        len(state.hands[seat])
        or len(state.ups[seat])
        or len(state.downs[seat])
        or (seat == state.turn and len(state.turned))
    )


def _eight_alone(state: State) -> State:
    """An 8 laid as the player's very last card: it sets the twist itself, with value 8."""
    seat = state.turn
    assert seat is not None
    suit = state.pile.cards[-1].suit if state.pile.cards else "S"
    if state.war is not None:
        war = state.war
        war = evolve(war, laid=(*war.laid, (seat, 8)), twist=(suit, 8))
        return evolve(state, war=war, duty=WAR)
    state = evolve(state, twist=(suit, 8), top=8, duty=BEAT)
    return evolve(state, turn=next_active(state, seat))


def settle(state: State) -> State:
    """After a move: an 8 with nothing to add, who went out, the game's end, the war's
    window and rounds, and a turn that fell to a player who is out."""
    stock_empty = not len(state.stock) and state.pending == ""
    if (
        state.duty == ADDON
        and state.turn is not None
        and stock_empty
        and not _has_cards(state, state.turn)
    ):
        state = _eight_alone(state)
    if stock_empty:
        gone = [
            s
            for s in state.seating.order_from(state.turn if state.turn is not None else 0)
            if state.active(s) and not _has_cards(state, s)
        ]
        if gone:
            state = evolve(state, finished=(*state.finished, *gone))
    active = [s for s in range(state.table.n) if state.active(s)]
    if len(active) <= 1:
        return evolve(state, phase=OVER, war=None, turn=None)
    war = state.war
    if war is not None:
        war = evolve(
            war,
            involved=tuple(s for s in war.involved if state.active(s)),
            window=tuple(s for s in war.window if state.active(s)),
        )
        state = evolve(state, war=war)
        if war.window:
            return state
        if war.thrown:  # the throw-in is over: the fourth card's layer leads
            return _fix_turn(evolve(state, war=None, turn=war.second, duty=LEAD))
        if state.duty == ADDON and state.turn is not None and state.active(state.turn):
            return state
        if len(war.involved) < 2:
            return _fix_turn(end_war(state))
        laid = {s for s, _ in war.laid}
        waiting = [s for s in war.involved if s not in laid]
        if waiting:
            return evolve(state, turn=waiting[0], duty=WAR)
        return _fix_turn(_resolve(state))
    return _fix_turn(state)


def _fix_turn(state: State) -> State:
    if state.turn is not None and not state.active(state.turn):
        return evolve(state, turn=next_active(state, state.turn))
    return state


def _resolve(state: State) -> State:
    """The round is complete: the single highest war card picks up the pile; a shared
    highest fights on alone (option ``war_tie_rule=any_match``: any value two or more
    laid fights on, the highest such, before the highest picks up)."""
    war = state.war
    assert war is not None
    fight = losers(war, state.table.options.war_tie_rule)
    if len(fight) > 1:
        war = evolve(war, involved=fight, laid=(), twist=None)
        return evolve(state, war=war, turn=fight[0], duty=WAR)
    picker = fight[0]
    hands = list(state.hands)
    hands[picker] = hands[picker].add(*state.pile.cards)
    state = evolve(state, hands=tuple(hands), pile=Zone(), top=0, run=("", 0))
    return end_war(state)
