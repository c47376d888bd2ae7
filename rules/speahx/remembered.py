"""Each rank's plays and gives, made once and remembered: per state (``of_rank``, a stage
that is not plain) and across states by the few values they depend on (``rank_listing``,
a plain stage; ``_free_rank``, a stage that restricts nothing beyond its cards).

A hand keeps most of its ranks from turn to turn, so most ranks' listings are found
rather than made; ``rules.speahx.moves`` reads the listings from here.
"""

from __future__ import annotations

from collections.abc import Callable
from itertools import groupby
from operator import attrgetter

from tablelog.rules.cards import Card
from tablelog.rules.events import Move
from tablelog.rules.memo import number_of, per_state
from tablelog.rules.speahx.combos import Source, by_rank, source_of
from tablelog.rules.speahx.rank_moves import GIVERS, rank_moves
from tablelog.rules.speahx.state import LOCKED, Options, State
from tablelog.rules.table import Table

__all__ = ["of_rank", "rank_listing", "takes"]


class _Ranks:
    """The plays and gives of a stage that is not plain (``_plain``), rank by rank, each
    rank's made in full by ``rank_moves`` the first time it is asked: the questions of one
    state (``kinds``, ``cards``, the listings filtered by lead and kind, the whole listing)
    read them instead of generating them again, and a rank nobody asks about is not made
    (a physical multi-deck hand has thousands of plays).

    A stage that restricts nothing beyond its cards (no claim open, the hand not locked:
    a hand with face-down cards, a flipped table card) has each rank's plays remembered
    across states too, by what they depend on (``_free_key``), as ``rank_listing`` does
    for a plain stage: the face-down cards of a physical hand may be any unaccounted
    card, and those of one rank change only when one of them is seen."""

    __slots__ = ("free", "made", "source", "state")

    def __init__(self, state: State) -> None:
        self.state = state
        self.source = source_of(state)
        self.free = state.turn.stage != LOCKED and not state.claims
        self.made: dict[str, tuple[Move, ...]] = {}

    def of(self, rank: str) -> tuple[Move, ...]:
        found = self.made.get(rank)
        if found is None:
            if self.free:
                found = _free_rank(self.state, self.source, rank)
            else:
                found = tuple(rank_moves(self.state, self.source, rank, None, None))
            self.made[rank] = found
        return found


_FREE: dict[tuple[object, ...], tuple[Move, ...]] = {}
"""The plays and gives of one rank of a free stage that is not plain, by ``_free_key``;
started again past ``FREE_MAX`` (a face-down multi-deck hand's rank has thousands)."""

FREE_MAX = 1 << 12


def _free_key(state: State, source: Source, rank: str) -> tuple[object, ...]:
    """What ``rank_moves`` of ``rank`` depends on in a stage with no claim and no lock:
    the rank's cards with the known and face-down copies a play may take of each, the
    face-down budget, who is on turn and the options, how the pile takes the rank's
    cards (as in ``rank_listing``), and the players the pile may go to (a giving rank)."""
    fit, targets = takes(state.top, state.suit, rank, state.table.n, state.finished)
    known, extra = source.known, source.extra
    cards = tuple((c, known.get(c, 0), extra.get(c, 0)) for c in source.ranks[rank])
    options = number_of(state.options)
    return (cards, source.hidden, source.limit, fit, state.turn.seat, options, targets)


def takes(
    top: Card | None, follow: str | None, rank: str, seats: int, finished: tuple[int, ...]
) -> tuple[str | None, tuple[object, ...]]:
    """What a rank's listing depends on besides its cards, for ``_free_key`` and
    ``rank_listing`` alike: how the pile takes the rank's cards (all of them: ``None``, on
    an empty pile or a top of their rank that is no 2; else those of the suit to follow)
    and, for a rank that gives the pile away, the table's size and who is out."""
    fit = None if top is None or (top.rank == rank and rank != "2") else follow
    return fit, ((seats, finished) if rank in GIVERS else ())


_FREE_ANY_SEAT: dict[tuple[object, ...], tuple[object, ...]] = {}
"""The payloads of the same listings for any seat on turn (a give's too, with its seat):
the face-down hands of a physical game offer the same plays to every seat whose hand
holds as many face-down cards, the pool being the same for all."""


def _free_rank(state: State, source: Source, rank: str) -> tuple[Move, ...]:
    key = _free_key(state, source, rank)
    found = _FREE.get(key)
    if found is None:
        if len(_FREE) >= FREE_MAX:
            _FREE.clear()
            _FREE_ANY_SEAT.clear()
        seat = state.turn.seat
        # the key without the seat on turn, unless the rank gives the pile to other seats
        shared = (*key[:4], key[5], key[6], seat if key[6] else -1)
        payloads = _FREE_ANY_SEAT.get(shared)
        if payloads is None:
            found = tuple(rank_moves(state, source, rank, None, None))
            _FREE_ANY_SEAT[shared] = tuple(m.payload for m in found)
        else:
            found = tuple(Move(seat, payload) for payload in payloads)
        _FREE[key] = found
    return found


@per_state(maxsize=8)
def _ranks(state: State) -> _Ranks:
    return _Ranks(state)


def of_rank(state: State, rank: str) -> tuple[Move, ...]:
    """Every play and give of ``rank`` in a stage that is not plain, made once per state;
    ``_picked`` reads a lead's or a kind's from them, as ``rank_moves`` makes them when
    asked with that lead and kind."""
    return _ranks(state).of(rank)


_LISTED: dict[tuple[object, ...], tuple[Move, ...]] = {}
"""The plays and gives of one rank by the few values they depend on (``_listed``)."""

_ANY_SEAT: dict[tuple[object, ...], tuple[object, ...]] = {}
"""The payloads of the same listings for any seat on turn (a give's too, with its seat)."""

LISTED_MAX = 1 << 15
"""The most rank listings remembered; past it they are forgotten and made again."""

_rank_of = attrgetter("rank")


def rank_listing(
    held: tuple[Card, ...],
    top: Card | None,
    follow: str,
    seat: int,
    table: Table[Options],
    finished: tuple[int, ...],
    made: Callable[[], State],
) -> list[Move]:
    """``rank_moves`` of every rank (no lead, no kind) of the known cards ``held`` of a
    ``_plain`` stage (the pile's ``top`` and the suit to ``follow``, ``seat`` on turn at
    ``table``, the seats ``finished``), each rank's remembered by what it depends on: the
    rank's cards with their copies, who is on turn and the options, the players the pile
    may go to (only for a rank that gives it away: the table's size and who is out), and
    how the pile takes the rank's cards: all of them (an empty pile, or a top of their
    rank that is no 2) or those of the suit to follow (``matches``; a 2 or a 10 fits
    anything, four equal cards too, by their own rank). A hand keeps most of its ranks
    from turn to turn, so most are found. A rank not found may have been listed on
    another seat's turn: its payloads are the same (those of a rank that gives the pile
    away are kept per seat, since the seats they may go to differ), only the actor
    differs. Else it is made by the generator from the state ``made()`` gives (a playout
    builds it only then)."""
    options = number_of(table.options)
    out: list[Move] = []
    for rank, group in groupby(sorted(held, key=by_rank), _rank_of):
        fit, targets = takes(top, follow, rank, table.n, finished)
        cards = tuple(group)
        key = (cards, fit, seat, options, targets)
        found = _LISTED.get(key)
        if found is None:
            if len(_LISTED) >= LISTED_MAX:
                _LISTED.clear()
                _ANY_SEAT.clear()
            # the same plays of another seat's turn (a give names the seats it may go to)
            shared = (cards, fit, options, targets, seat if targets else -1)
            payloads = _ANY_SEAT.get(shared)
            if payloads is None:
                state = made()
                moves = tuple(rank_moves(state, source_of(state), rank, None, None))
                _ANY_SEAT[shared] = tuple(m.payload for m in moves)
            else:
                moves = tuple(Move(seat, payload) for payload in payloads)
            found = _LISTED[key] = moves
        out += found
    return out
