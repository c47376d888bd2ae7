"""The answers to an open window, and shown cards: the candidate generators ``moves``
uses while a step waits at the head of the queue (a Fool's window, a vote, a call, a
discard asked for, a reveal), and for a hidden hand's ``show``.

Each generator takes ``(state, seat, card)``, the filters of ``moves`` pushed down
(``None``: any), and yields candidate moves in a fixed order; ``moves`` holds them to
``checks.check``, the function ``apply`` uses, except those made legal by how they are
made (``moves.BUILT_WINDOW``, ``BUILT_PASSES``): a call (its own check is all a call
asks), a vote, a discard down to the limit, the passes of the Fool's and a call's windows.
"""

from __future__ import annotations

import functools
from collections.abc import Callable, Iterator
from functools import partial

from tablelog.rules.cards import Card
from tablelog.rules.events import Move
from tablelog.rules.narrespillet import events as ev
from tablelog.rules.narrespillet.actors import head_step, to_act
from tablelog.rules.narrespillet.checks import call_refusal, check_call
from tablelog.rules.narrespillet.deck import DECK, category_cards
from tablelog.rules.narrespillet.state import State, seat_of
from tablelog.rules.narrespillet.take import available, unknown

__all__ = [
    "call_moves",
    "call_pass",
    "calls",
    "downs",
    "fool_passes",
    "fools",
    "mine",
    "reveal_passes",
    "reveals",
    "shows",
    "votes",
]


def mine(state: State, seat: int | None, who: int) -> bool:
    """Whether participant ``who``'s moves are ``seat``'s (``None``: anyone's)."""
    return seat is None or seat_of(state, who) == seat


def shows(state: State, seat: int | None, card: Card | None) -> Iterator[Move]:
    seats = [
        s for s in to_act(state) if s < state.n and state.hands[s].hidden and seat in (None, s)
    ]
    if not seats:
        return
    pool = unknown(state)
    for s in seats:
        if card is not None:
            if card in pool:
                yield Move(s, ev.Show(card))
            continue
        for c in DECK:
            if c in pool:
                yield Move(s, ev.Show(c))


def asked(
    answer: Callable[[bool], object], state: State, seat: int | None, card: Card | None
) -> Iterator[Move]:
    """Each participant asked about the placement answering with ``answer`` (``demons``
    for the Demons' controller): a Fool, or a pass."""
    head = head_step(state)
    assert head is not None
    for w in head.asked:
        if mine(state, seat, w):
            yield Move(seat_of(state, w), answer(w == state.n))


fools = partial(asked, ev.Fool)
fool_passes = partial(asked, ev.Pass)


def votes(state: State, seat: int | None, card: Card | None) -> Iterator[Move]:
    head = head_step(state)
    assert head is not None
    for s in head.asked:
        if seat in (None, s):
            yield Move(s, ev.Vote(True))
            yield Move(s, ev.Vote(False))


def calls(state: State, seat: int | None, card: Card | None) -> Iterator[Move]:
    head = head_step(state)
    assert head is not None
    s = seat_of(state, head.who)
    if seat in (None, s):
        if card is None:
            yield from call_moves(s, head.what, head.tried)
        elif check_call(state, head, card) is None:
            yield Move(s, ev.Call(card))


@functools.lru_cache(maxsize=1 << 10)
def call_moves(seat: int, what: str, tried: tuple[Card, ...]) -> tuple[Move, ...]:
    """Every card ``seat`` may call in a call of ``what`` after ``tried`` (the call's own
    check, ``checks.call_refusal``, asks nothing else: remembered by those alone). The
    listings share their moves (``_calls``): a call of court and number cards lists some
    fifty, and a memory of them per listing kept tens of thousands of moves alive."""
    made = _calls(seat)
    return tuple(made[c] for c in DECK if call_refusal(what, tried, c) is None)


@functools.cache
def _calls(seat: int) -> dict[Card, Move]:
    """Each card's call by ``seat``, made once."""
    return {c: Move(seat, ev.Call(c)) for c in DECK}


def call_pass(state: State, seat: int | None, card: Card | None) -> Iterator[Move]:
    head = head_step(state)
    assert head is not None
    if mine(state, seat, head.who):
        yield Move(seat_of(state, head.who), ev.Pass(head.who == state.n))


def downs(state: State, seat: int | None, card: Card | None) -> Iterator[Move]:
    head = head_step(state)
    assert head is not None
    if mine(state, seat, head.who):
        s = seat_of(state, head.who)
        for c in available(state, head.who, pool=False, chariot=False):
            yield Move(s, ev.Discard(c))


def reveals(state: State, seat: int | None, card: Card | None) -> Iterator[Move]:
    head = head_step(state)
    assert head is not None
    pool = unknown(state)
    wanted = [c for c in category_cards(head.what) if c in pool and card in (None, c)]
    for s in head.asked:
        if seat in (None, s):
            yield from (Move(s, ev.Reveal(c)) for c in wanted)


def reveal_passes(state: State, seat: int | None, card: Card | None) -> Iterator[Move]:
    head = head_step(state)
    assert head is not None
    for s in head.asked:
        if seat in (None, s):
            yield Move(s, ev.Pass())
