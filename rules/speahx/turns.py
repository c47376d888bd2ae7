"""The end of a turn: chance cards join the hand, the refill, who is out, who plays next,
and the finishing order.

"Alle spillere skal ha fem håndkort, frem til de har tømt bunken med trekkort": after a
play (not after taking in the pile) the player draws up to five while the stock lasts,
and the drawn cards wait for the next turn ("ikke-stress prinsippet"). A player with no
hand, table or chance cards left at the end of a turn is out; "Spillet er over når det
bare er en som sitter igjen med kort".
"""

from __future__ import annotations

from functools import lru_cache
from typing import Any

from tablelog.rules.absences import took_unseen
from tablelog.rules.protocol import Outcome
from tablelog.rules.speahx.state import (
    DRAW,
    EMPTY,
    HAND,
    HAND_SIZE,
    LOCKED,
    MAX_CHANCE,
    OVER,
    PLAY,
    State,
    Table,
    Turn,
)
from tablelog.rules.table import evolve, player
from tablelog.rules.zones import Zone

__all__ = [
    "after_burn",
    "end_turn",
    "fresh_turn",
    "outcome",
    "pass_turn",
    "passed",
    "refill_size",
    "stopped",
]


def refill_size(state: State) -> int:
    """How many cards the player on turn draws now: up to five, while the stock lasts."""
    return _refill(state.hands[state.turn.seat], state.stock)


def _refill(hand: Zone, stock: Zone) -> int:
    return max(0, min(HAND_SIZE - len(hand), len(stock)))


@lru_cache(maxsize=64)
def fresh_turn(seat: int) -> Turn:
    """``seat``'s turn as it starts (one value per seat: a turn is immutable)."""
    return Turn(seat)


def end_turn(state: State, *, refill: bool, **changes: Any) -> State:
    """The turn's chance cards join the hand; then the refill (a chance step) or the next
    player's turn. ``changes`` are what the move that ends the turn changed: they and the
    end of the turn make one new state (``rules.table.evolve``), not one each."""
    get = changes.get
    seat = state.turn.seat
    hands = get("hands", state.hands)
    claims = get("claims", state.claims)
    chance = get("chance", state.chance)
    if len(chance):
        hand = hands[seat].add(*chance.cards, hidden=chance.hidden)
        hands = (*hands[:seat], hand, *hands[seat + 1 :])
        claims = took_unseen(claims, seat, chance.hidden)
    changes.update(hands=hands, chance=EMPTY, turn=fresh_turn(seat), claims=claims)
    if refill and _refill(hands[seat], get("stock", state.stock)):
        changes["phase"] = DRAW
        return evolve(state, **changes)
    return pass_turn(state, **changes)


def pass_turn(state: State, **changes: Any) -> State:
    """The next player in the game takes the turn; a player without cards is out, and the
    game is over when one player (or none) still holds cards. ``changes`` (the turn's
    seat kept) are made in the same new state."""
    get = changes.get
    seat = state.turn.seat
    finished = get("finished", state.finished)
    out = seat not in finished and not (
        len(get("hands", state.hands)[seat])
        or len(get("tables", state.tables)[seat])
        or len(get("chance", state.chance))
        or len(get("flipped", state.flipped))
    )
    phase, finished, turn = passed(state.table, seat, finished, out)
    changes.update(phase=phase, finished=finished, turn=turn)
    return evolve(state, **changes)


def passed(
    table: Table, seat: int, finished: tuple[int, ...], out: bool
) -> tuple[str, tuple[int, ...], Turn]:
    """After ``seat``'s turn (``out``: it holds no card any more, so it is out): the
    phase, the seats finished, and the next turn (the game is over when one player, or
    none, still holds cards)."""
    if out:
        finished = (*finished, seat)
    n = table.n
    if n - len(finished) <= 1:
        return OVER, finished, fresh_turn(seat)
    nxt = next(s for s in table.seating.order_from((seat + 1) % n) if s not in finished)
    return PLAY, finished, fresh_turn(nxt)


def after_burn(state: State, turn: Turn, **changes: Any) -> State:
    """After the pile was burned the player may go on ("Spilleren beholder muligheten til
    å legge på"), if there is anything to go on with; otherwise the turn ends. ``changes``
    are what the burning play changed (made in the same new state)."""
    get = changes.get
    seat = turn.seat
    if turn.stage == LOCKED:
        if not state.options.chance_continue_after_burn:
            return end_turn(state, refill=True, **changes)
        more = len(get("chance", state.chance)) or (
            turn.drawn < MAX_CHANCE and len(get("stock", state.stock))
        )
        turn = evolve(turn, burned=True)
    else:
        hand = get("hands", state.hands)[seat]
        more = len(hand) or (
            not len(get("stock", state.stock)) and len(get("tables", state.tables)[seat])
        )
        turn = evolve(turn, stage=HAND, burned=True)
    if more:
        return evolve(state, turn=turn, **changes)
    return end_turn(state, refill=True, **changes)


def stopped(state: State) -> State:
    """The game stopped at its event bound (a tool rule, see docs): over as it stands."""
    return evolve(state, phase=OVER)


def outcome(state: State) -> Outcome | None:
    """``None`` while the game runs; else the finishing order, the players still holding
    cards last (fewest cards first, equal counts sharing a place)."""
    if state.phase != OVER:
        return None
    n = len(state.players)
    ranking: list[tuple[int, ...]] = [(seat,) for seat in state.finished]
    left = [s for s in range(n) if s not in state.finished]
    for count in sorted({state.holds(s) for s in left}):
        ranking.append(tuple(s for s in left if state.holds(s) == count))
    scores: dict[str, int] = {}
    below = n
    for place in ranking:
        below -= len(place)
        for seat in place:
            scores[player(state, seat)] = below
    detail: dict[str, Any] = {
        "finished": [player(state, s) for s in state.finished],
        "holding": {player(state, s): state.holds(s) for s in left},
        "stopped": len(left) > 1,
    }
    return Outcome(tuple(ranking), scores, (detail,))
