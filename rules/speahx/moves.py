"""The legal moves of the player on turn, generated lazily, and the cheap questions about
them (``kinds``, ``cards``, ``count``).

Plays are found per rank and per first card: every sub-multiset of the cards the stage
allows (a hand's face-down cards may be any card still unaccounted for, see
``rules.speahx.combos``) that holds the first card, in every order that matters (the
first card, which must fit the pile, and the last, which lies on top; the cards between
in suit order, see ``cards.canonical``). Whether a play may be laid depends only on its
cards and its first card, so it is asked once per multiset and first card, by the same
function ``apply`` uses (``play_problem``); one rank's plays and gives are made, and one
multiset's counted, in ``rules.speahx.rank_moves``. Then a chance card, a table card to
flip, taking in the pile, and stopping.

A filter on the lead card keeps the work to that card's rank; ``count`` counts the orders
of each multiset without making them. A physical multi-deck hand of face-down cards has
thousands of plays (every combination of copies of one rank). Each rank's plays are
made once per state (``_of_rank``; a hand whose cards are all known has its whole
listing made at once, ``plain_listing``), and the filtered listings, ``kinds`` and
``cards`` read them: asking ``kinds`` or ``cards`` of such a hand makes each rank's
plays once, the thousands too, and every later question of that state is read from
them.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from functools import lru_cache
from itertools import groupby
from operator import attrgetter

from tablelog.rules.cards import JOKER, Card
from tablelog.rules.events import Move
from tablelog.rules.memo import number_of, per_state
from tablelog.rules.speahx.combos import Source, by_rank, multisets, source_of
from tablelog.rules.speahx.events import Chance, Done, Flip, Give, Pickup, Play
from tablelog.rules.speahx.play import chance_problem, pickup_problem
from tablelog.rules.speahx.rank_moves import (
    GIVERS,
    count_multiset,
    give_targets,
    rank_moves,
    takeable,
)
from tablelog.rules.speahx.state import FLIPPED, HAND, LOCKED, PLAY, Options, State
from tablelog.rules.table import Table

__all__ = [
    "cards",
    "count",
    "kinds",
    "moves",
    "plain_listing",
    "plain_move",
    "rank_listing",
    "source_moves",
]

KINDS = ("play", "give", "chance", "flip", "pickup", "done")
SOURCE_KINDS = ("play", "give")


def source_moves(state: State, lead: Card | None = None, kind: str | None = None) -> Iterator[Move]:
    """The plays and gives the stage allows (from hand, chance cards or flipped card)."""
    listed = plain_listing(state)
    if listed is not None:
        if lead is None and kind is None:
            yield from listed
        else:
            yield from _picked(listed, lead, kind)
        return
    source = source_of(state)
    if lead is not None:
        if lead.rank in source.ranks:
            yield from _picked(_of_rank(state, lead.rank), lead, kind)
        return
    for rank in source.ranks:
        if _may_have(rank, kind):
            yield from _picked(_of_rank(state, rank), None, kind)


def _may_have(rank: str, kind: str | None) -> bool:
    """Whether cards of ``rank`` may make a move of ``kind`` at all (only a joker or a jack
    gives the pile away, and a joker is never laid): the other ranks are not listed."""
    if kind == "give":
        return rank in GIVERS
    return kind != "play" or rank != JOKER.rank


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
    fit, targets = _takes(state.top, state.suit, rank, state.table.n, state.finished)
    known, extra = source.known, source.extra
    cards = tuple((c, known.get(c, 0), extra.get(c, 0)) for c in source.ranks[rank])
    options = number_of(state.options)
    return (cards, source.hidden, source.limit, fit, state.turn.seat, options, targets)


def _takes(
    top: Card | None, follow: str | None, rank: str, seats: int, finished: tuple[int, ...]
) -> tuple[str | None, tuple[object, ...]]:
    """What a rank's listing depends on besides its cards, for ``_free_key`` and
    ``rank_listing`` alike: how the pile takes the rank's cards (all of them: ``None``, on
    an empty pile or a top of their rank that is no 2; else those of the suit to follow)
    and, for a rank that gives the pile away, the table's size and who is out."""
    fit = None if top is None or (top.rank == rank and rank != "2") else follow
    return fit, ((seats, finished) if rank in GIVERS else ())


def _free_rank(state: State, source: Source, rank: str) -> tuple[Move, ...]:
    key = _free_key(state, source, rank)
    found = _FREE.get(key)
    if found is None:
        if len(_FREE) >= FREE_MAX:
            _FREE.clear()
        found = _FREE[key] = tuple(rank_moves(state, source, rank, None, None))
    return found


@per_state(maxsize=8)
def _ranks(state: State) -> _Ranks:
    return _Ranks(state)


def _of_rank(state: State, rank: str) -> tuple[Move, ...]:
    """Every play and give of ``rank`` in a stage that is not plain, made once per state;
    ``_picked`` reads a lead's or a kind's from them, as ``rank_moves`` makes them when
    asked with that lead and kind."""
    return _ranks(state).of(rank)


_SOURCE_PAYLOADS = {"play": Play, "give": Give}


def _picked(listed: tuple[Move, ...], lead: Card | None, kind: str | None) -> Iterator[Move]:
    """The moves of ``listed`` (a ``plain_listing``, or one rank's ``_of_rank``) of ``kind``
    led by ``lead``: the same,
    in the same order, as ``rank_moves`` makes them when asked with that lead and kind
    (it enumerates the same multisets, only skipping those without the lead or too small
    to be laid, and for each the gives before the plays)."""
    cls = _SOURCE_PAYLOADS.get(kind) if kind is not None else None
    for move in listed:
        payload = move.payload
        if (cls is None or type(payload) is cls) and (lead is None or payload.cards[0] == lead):
            yield move


@per_state(maxsize=8)
def plain_listing(state: State) -> tuple[Move, ...] | None:
    """Every play and give of a ``_plain`` stage, in the listing's order (``_listed``),
    made once per state: ``moves``, ``kinds``, ``cards`` and the filtered listings of one
    state (the invariant kit asks all of them) read it; ``None`` for any other stage."""
    held = _plain(state)
    return None if held is None else tuple(_listed(state, held))


def _plain(state: State) -> tuple[Card, ...] | None:
    """The cards the stage may take when every one is known and nothing is locked or
    claimed (the hand, or the flipped table card), else ``None``: then each rank's plays
    and gives are ``_listed``'s."""
    turn = state.turn
    if state.claims or turn.stage == LOCKED:
        return None
    zone = state.flipped if turn.stage == FLIPPED else state.hands[turn.seat]
    return None if zone.hidden else zone.cards


_LISTED: dict[tuple[object, ...], tuple[Move, ...]] = {}
"""The plays and gives of one rank by the few values they depend on (``_listed``)."""

_ANY_SEAT: dict[tuple[object, ...], tuple[object, ...]] = {}
"""The payloads of the same listings for any seat on turn (a give's too, with its seat)."""

LISTED_MAX = 1 << 15
"""The most rank listings remembered; past it they are forgotten and made again."""

_rank_of = attrgetter("rank")


def _listed(state: State, held: tuple[Card, ...]) -> list[Move]:
    """``rank_listing`` of the known cards ``held`` of a ``_plain`` stage of ``state``."""
    return rank_listing(
        held, state.top, state.suit, state.turn.seat, state.table, state.finished, lambda: state
    )


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
        fit, targets = _takes(top, follow, rank, table.n, finished)
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


def _others(state: State) -> Iterator[Move]:
    """The chance card, flips, pickup and ``done`` of the player on turn, in this order.
    ``playout.SpeahxPlayout.moves`` lists the same in its fast stage without the state:
    a change here is a change there (its test walks both beside each other)."""
    seat = state.turn.seat
    turn = state.turn
    if chance_problem(state, why=False) is None:
        yield plain_move(seat, Chance)
    if turn.stage == HAND and not len(state.hands[seat]) and not len(state.stock):
        for i in state.tables[seat].occupied():
            yield Move(seat, Flip(i + 1))
    if pickup_problem(state, why=False) is None:
        yield plain_move(seat, Pickup)
    if turn.burned:
        yield plain_move(seat, Done)


@lru_cache(maxsize=256)
def plain_move(seat: int, kind: type[Chance | Pickup | Done]) -> Move:
    """``seat``'s move of a kind that names nothing (one value each: moves are immutable)."""
    return Move(seat, kind())


def _on_turn(state: State, seat: int | None) -> bool:
    return state.phase == PLAY and (seat is None or seat == state.turn.seat)


def moves(
    state: State, seat: int | None = None, card: Card | None = None, kind: str | None = None
) -> Iterator[Move]:
    """The legal moves (of ``seat``, led by ``card``, of ``kind``), lazily."""
    if not _on_turn(state, seat):
        return
    if card is None and kind is None:
        if plain_listing(state) is None:
            yield from _whole(state)
        else:
            yield from source_moves(state)
            yield from _others(state)
        return
    if kind is None or kind in SOURCE_KINDS:
        yield from source_moves(state, card, kind)
    if card is not None or kind in SOURCE_KINDS:
        return
    for move in _others(state):
        if kind is None or move.kind == kind:
            yield move


_WHOLE: dict[State, tuple[Move, ...]] = {}
"""The whole listings of the last few states that are not plain, by the state's value."""

WHOLE_MAX = 8


def _whole(state: State) -> Iterator[Move]:
    """Every move of a state that is not ``_plain`` (face-down cards, a locked hand, a
    flipped table card, claims), lazily, remembered by the state's value once listed to
    the end: a playout walked beside the fold (``rules.playout.divergence``) lists an
    equal state it built itself, and such a listing (a physical hand of face-down cards)
    may be long. A listing left unfinished (``any_move``) is not kept."""
    found = _WHOLE.get(state)
    if found is not None:
        yield from found
        return
    made: list[Move] = []
    for rank in source_of(state).ranks:  # ``source_moves(state)``, a rank's moves at a time
        ranked = _of_rank(state, rank)
        made += ranked
        yield from ranked
    for move in _others(state):
        made.append(move)
        yield move
    if len(_WHOLE) >= WHOLE_MAX:
        del _WHOLE[next(iter(_WHOLE))]
    _WHOLE[state] = tuple(made)


def _lead_candidates(state: State) -> Iterator[Card]:
    source = source_of(state)
    for cards in source.ranks.values():
        yield from cards


def cards(state: State, seat: int, kind: str) -> tuple[Card | None, ...]:
    """The cards that lead a legal move of ``kind`` by ``seat`` (``None`` for the kinds
    that name no card), each found by its first move."""
    if not _on_turn(state, seat):
        return ()
    if kind not in SOURCE_KINDS:
        return (None,) if next(moves(state, seat, None, kind), None) is not None else ()
    listed = plain_listing(state)
    if listed is not None:  # every lead of the kind, in the stage's card order
        leads = {m.payload.cards[0] for m in _picked(listed, None, kind)}
        held = _plain(state) or ()
        return tuple(c for c in sorted(set(held), key=by_rank) if c in leads)
    source = source_of(state)
    found: set[Card] = set()
    for rank in source.ranks:
        if _may_have(rank, kind):
            found.update(m.payload.cards[0] for m in _picked(_of_rank(state, rank), None, kind))
    return tuple(c for c in _lead_candidates(state) if c in found)


def kinds(state: State, seat: int) -> tuple[str, ...]:
    """The kinds of move ``seat`` may make now, each found by its first move."""
    if not _on_turn(state, seat):
        return ()
    listed = plain_listing(state)
    if listed is not None:
        types = {type(m.payload) for m in listed}
        found = [k for k in SOURCE_KINDS if _SOURCE_PAYLOADS[k] in types]
    else:
        found = [k for k in SOURCE_KINDS if next(source_moves(state, None, k), None) is not None]
    found += dict.fromkeys(m.kind for m in _others(state))
    return tuple(k for k in KINDS if k in found)


def count(state: State, seat: int | None = None) -> int:
    """How many moves are legal (for ``seat``): the plays counted per multiset, their
    orders counted, not made."""
    if not _on_turn(state, seat):
        return 0
    source = source_of(state)
    targets = len(give_targets(state))
    total = sum(1 for _ in _others(state))
    for cards_of_rank in source.ranks.values():
        for chosen in multisets(cards_of_rank, source, None, 1):
            if takeable(state, chosen):
                total += count_multiset(state, chosen, targets)
    return total
