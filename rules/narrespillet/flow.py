"""What happens between moves: refills, windows, finished players, the end of a round.

``settle`` works through the queue of steps an action left behind (``state.Step``) and
stops where the game needs a move (a turn, a window, a discard down to the limit) or a
chance step (a draw from the stock). When the queue is empty and nobody acts, the next
regular turn begins, or the round ends when every participant has finished.
"""

from __future__ import annotations

import functools
from typing import Any

from tablelog.rules.cards import Card
from tablelog.rules.narrespillet.deck import HOUSES, TEMPERANCE
from tablelog.rules.narrespillet.state import (
    DEAL,
    FORFEIT,
    HAND,
    OPEN,
    OVER,
    PLACED,
    PLAY,
    POOL,
    State,
    Step,
    fresh_round,
    hand_limit,
    open_limit,
    order_of,
)
from tablelog.rules.table import evolve
from tablelog.rules.zones import Zone

__all__ = [
    "MAX_RESHUFFLES",
    "discard_cards",
    "draw_need",
    "finish",
    "finish_changes",
    "hand_need",
    "next_actor",
    "round_winners",
    "settle",
]

MAX_RESHUFFLES = 2
"""Reshuffles allowed per round: the seed sets no bound, a finite game needs one."""


def discard_cards(state: State, *cards: Card, hidden: int = 0) -> State:
    """``state`` with ``cards`` (and ``hidden`` face-down cards) added to the discard pile."""
    return evolve(state, discard=state.discard.add(*cards, hidden=hidden))


def _set(items: tuple[Any, ...], i: int, value: object) -> tuple[Any, ...]:
    return (*items[:i], value, *items[i + 1 :])


def draw_need(state: State, step: Step) -> tuple[int, int]:
    """How many closed and open cards the draw ``step`` still wants."""
    who = step.who
    if step.kind == "draw":
        return (step.n, 0)
    if who == POOL:
        return (max(0, HAND - len(state.pool)), 0) if state.pool_live else (0, 0)
    hand, opens = state.hands[who], state.opens[who]
    return hand_need(state, who, len(hand.cards) + hand.hidden, len(opens.cards) + opens.hidden)


def hand_need(state: State, who: int, held: int, opened: int) -> tuple[int, int]:
    """How many closed and open cards participant ``who`` wants to refill a hand of
    ``held`` cards and ``opened`` open ones (none once finished, nor for the Demons
    without cards of their own)."""
    if state.finished[who] or (who == state.n and not state.demons_own):
        return (0, 0)
    if not state.strength[who]:  # most hands: the plain limit, no open cards
        return (HAND - held if held < HAND else 0, 0)
    closed = max(0, hand_limit(state, who) - held)
    return (closed, max(0, open_limit(state, who) - opened))


def _lift_temperance(state: State) -> State:
    if state.temperance is None:
        return state
    owner = state.temperance[0]
    front = state.fronts[owner].remove(TEMPERANCE)
    state = evolve(state, fronts=_set(state.fronts, owner, front), temperance=None)
    return discard_cards(state, TEMPERANCE)


def lift_temperance(state: State) -> State:
    """Temperance taken off the table and discarded."""
    return _lift_temperance(state)


def settle(state: State) -> State:
    """Run the automatic steps; stop where a move or a chance step is needed.

    The queue is worked through locally and written back only when the state changes
    otherwise or the work stops: most steps (a finish check, a refill nobody needs) change
    nothing, and a new state per step is most of what a fold would cost.
    """
    queue = state.queue
    while state.phase == PLAY and state.actor is None:
        if not queue:
            if all(state.finished):
                return end_round(_queued(state, queue))
            return _next_turn(state, queue)
        head = queue[0]
        kind = head.kind
        if kind == "turn":
            queue = queue[1:]
            if not state.finished[head.who]:
                return evolve(state, queue=queue, actor=head.who, optional=head.optional)
            continue
        if kind in ("refill", "draw"):
            closed, opened = draw_need(state, head)
            if closed + opened == 0 or state.death:
                queue = queue[1:]
                continue
            if len(state.stock):
                return _queued(state, queue)  # a draw from the stock: a chance step
            if not state.refused and len(state.discard) and state.reshuffles < MAX_RESHUFFLES:
                asked = tuple(range(state.n))
                return evolve(state, queue=(Step("vote", asked=asked), *queue))
            state = _lift_temperance(evolve(state, queue=queue[1:]))
            queue = state.queue
            continue
        if kind == "down":
            if len(state.hands[head.who]) <= hand_limit(state, head.who):
                queue = queue[1:]
                continue
            return _queued(state, queue)
        if kind == "finish":
            queue = queue[1:]
            if _done(state, head.who):
                state = finish(evolve(state, queue=queue), head.who)
                queue = state.queue
            continue
        return _queued(state, queue)  # fool, vote, call, answer: a window waits
    return _queued(state, queue)


def _queued(state: State, queue: tuple[Step, ...]) -> State:
    """``state`` with ``queue`` as its queue (the same state if it is already)."""
    return state if state.queue is queue else evolve(state, queue=queue)


def _done(state: State, who: int) -> bool:
    """Whether ``who``'s round ends now: not yet finished, no slot open."""
    return not state.finished[who] and all(s.status != OPEN for s in state.slots[who])


def _next_turn(state: State, queue: tuple[Step, ...]) -> State:
    """The next regular turn begins (with ``queue``, the empty queue, in one new state)."""
    who = next_actor(state)
    if who is not None:
        return evolve(state, queue=queue, turn=who, actor=who, optional=False)
    return end_round(_queued(state, queue))  # pragma: no cover - settle checks first


def next_actor(state: State, finished: tuple[bool, ...] | None = None) -> int | None:
    """Whose regular turn comes next: the first participant after ``state.turn`` in turn
    order who has not finished (``finished``: instead of ``state.finished``; ``None``:
    everyone has)."""
    if finished is None:
        finished = state.finished
    for who in _after(state.n, state.dealer, state.demons, state.turn):
        if not finished[who]:
            return who
    return None


@functools.lru_cache(maxsize=1024)
def _after(n: int, dealer: int, demons: int, turn: int) -> tuple[int, ...]:
    """The participants in turn order (``state.order``) starting after ``turn`` (from the
    first when ``turn`` is not among them), ``turn`` last (pure arithmetic, remembered)."""
    seq = order_of(n, dealer, demons)
    at = seq.index(turn) if turn in seq else -1
    return tuple(seq[(at + step) % len(seq)] for step in range(1, len(seq) + 1))


def finish(state: State, who: int) -> State:
    """``who``'s round ends if all four of its slots are placed or forfeited: its hand,
    open cards, Chariot and the cards before it are discarded (its Temperance too)."""
    if not _done(state, who):
        return state
    if state.temperance is not None and state.temperance[0] == who:
        state = _lift_temperance(state)
    return evolve(state, **finish_changes(state, who, state.hands))


def finish_changes(state: State, who: int, hands: tuple[Zone, ...]) -> dict[str, Any]:
    """What ``finish`` changes when ``who``'s round ends (``who`` holds no Temperance),
    field by field, with ``hands`` as the hands (a caller's not yet set in ``state``)."""
    hand, opened, chariot, front = (
        hands[who],
        state.opens[who],
        state.chariots[who],
        state.fronts[who],
    )
    keep = tuple(c for c in front.cards if who == state.n and c.rank == "15")
    gone = tuple(c for c in front.cards if c not in keep)
    return {
        "hands": _set(hands, who, Zone()),
        "opens": _set(state.opens, who, Zone()),
        "chariots": _set(state.chariots, who, Zone()),
        "fronts": _set(state.fronts, who, Zone(keep)),
        "has_chariot": _set(state.has_chariot, who, False),
        "strength": _set(state.strength, who, ""),
        "hermit": _set(state.hermit, who, 0),
        "finished": _set(state.finished, who, True),
        "revealed": _set(state.revealed, who, ()),
        "discard": state.discard.add(
            *hand.cards, *opened.cards, *chariot.cards, *gone, hidden=hand.hidden
        ),
    }


def round_winners(state: State) -> tuple[tuple[int, ...], ...]:
    """Per battlefield, the seats that win it (the Demons' wins go to their controller)."""
    out = []
    for i, _house in enumerate(HOUSES):
        out.append(_field_winners(state, i))
    return tuple(out)


def _field_winners(state: State, i: int) -> tuple[int, ...]:
    who_all = range(state.n + (1 if state.demons >= 0 else 0))
    placed = [
        (w, state.slots[w][i].placement) for w in who_all if state.slots[w][i].status == PLACED
    ]
    if placed:
        best = max(p.key for _, p in placed if p is not None)
        top = [(w, p) for w, p in placed if p is not None and p.key == best]
        if len(top) > 1:
            rule = state.options.full_tie
            if rule == "none":
                return ()
            if rule == "earliest":
                top = [min(top, key=lambda wp: wp[1].at)]
        return tuple(sorted({_credit(state, w) for w, _ in top}))
    forfeits = [(state.slots[w][i].at, w) for w in who_all if state.slots[w][i].status == FORFEIT]
    if not forfeits:
        return ()
    return (_credit(state, min(forfeits)[1]),)


def _credit(state: State, who: int) -> int:
    return state.demons if who == state.n else who


def end_round(state: State) -> State:
    """The round is over: its battlefields are awarded; the next round or the end."""
    results = (*state.results, round_winners(state))
    if state.round >= state.options.rounds:
        k = state.n + 1
        return evolve(
            fresh_round(state.table, state.round, state.dealer, results),
            phase=OVER,
            hands=(Zone(),) * k,
            finished=(True,) * k,
        )
    nxt = fresh_round(state.table, state.round + 1, (state.dealer + 1) % state.n, results)
    return nxt


_ = (DEAL,)
