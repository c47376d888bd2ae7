"""Who acts now in Narrespillet: the seats ``to_act`` returns, asked by the move generator
and by the checks alike (so neither imports the other for it)."""

from __future__ import annotations

from tablelog.rules.events import Move
from tablelog.rules.memo import per_state
from tablelog.rules.narrespillet import events as ev
from tablelog.rules.narrespillet.state import PLAY, State, Step, seat_of

__all__ = ["head_step", "hermits", "passes", "to_act"]


def head_step(state: State) -> Step | None:
    """The queued step the table works through now (``None`` on an actor's turn)."""
    return state.queue[0] if state.queue and state.actor is None else None


def passes(state: State) -> tuple[Move, ...]:
    """The passes that close the open Fool window or the Hierophant's reveal window
    ("everyone passed": nobody plays the Fool, nobody holds more of the named cards),
    else ``()``."""
    if state.phase != PLAY:
        return ()
    head = head_step(state)
    if head is None or head.kind not in ("fool", "reveal"):
        return ()
    if head.kind == "reveal":
        return tuple(Move(w, ev.Pass()) for w in head.asked)
    return tuple(Move(seat_of(state, w), ev.Pass(w == state.n)) for w in head.asked)


@per_state()
def to_act(state: State) -> tuple[int, ...]:
    """The seats that may act now (several in a window); none while cards are drawn
    (asked once per state: every check of a move asks)."""
    if state.phase != PLAY:
        return ()
    head = head_step(state)
    if head is not None:
        if head.kind in ("fool", "vote", "reveal"):
            return tuple(
                dict.fromkeys(seat_of(state, w) if head.kind == "fool" else w for w in head.asked)
            )
        if head.kind in ("call", "down"):
            return (seat_of(state, head.who),)
        return ()
    if state.actor is None:
        return ()
    seats = [seat_of(state, state.actor)]
    for who in hermits(state):
        seats.append(seat_of(state, who))
    return tuple(dict.fromkeys(seats))


def hermits(state: State) -> tuple[int, ...]:
    """The participants who may play the Hermit now (``hermit_window``)."""
    return tuple(
        w
        for w in range(state.n + 1)
        if state.hermit[w]
        and not state.finished[w]
        and (state.options.hermit_window == "any_turn" or w == state.actor)
    )
