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
made once per state (``remembered.of_rank``; a hand whose cards are all known has its
whole listing made at once, ``plain_listing``, and indexed by kind and lead card once,
``_plain_index``), and the filtered listings, ``kinds`` and ``cards`` read them: asking
``kinds`` or ``cards`` of such a hand makes each rank's plays once, the thousands too,
and every later question of that state is read from them.
"""

from __future__ import annotations

from collections.abc import Iterator
from functools import lru_cache

from tablelog.rules.cards import JOKER, Card
from tablelog.rules.events import Move
from tablelog.rules.memo import per_state
from tablelog.rules.speahx.combos import by_rank, multisets, source_of
from tablelog.rules.speahx.events import Chance, Done, Flip, Give, Pickup, Play
from tablelog.rules.speahx.play import chance_problem, pickup_problem
from tablelog.rules.speahx.rank_moves import GIVERS, count_multiset, give_targets, takeable
from tablelog.rules.speahx.remembered import of_rank, rank_listing
from tablelog.rules.speahx.state import FLIPPED, HAND, LOCKED, PLAY, State

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
        elif lead is not None and kind in _SOURCE_PAYLOADS:
            yield from _plain_index(state).get(kind, {}).get(lead, ())
        else:
            yield from _picked(listed, lead, kind)
        return
    source = source_of(state)
    if lead is not None:
        if lead.rank in source.ranks:
            yield from _picked(of_rank(state, lead.rank), lead, kind)
        return
    for rank in source.ranks:
        if _may_have(rank, kind):
            yield from _picked(of_rank(state, rank), None, kind)


def _may_have(rank: str, kind: str | None) -> bool:
    """Whether cards of ``rank`` may make a move of ``kind`` at all (only a joker or a jack
    gives the pile away, and a joker is never laid): the other ranks are not listed."""
    if kind == "give":
        return rank in GIVERS
    return kind != "play" or rank != JOKER.rank


_SOURCE_PAYLOADS = {"play": Play, "give": Give}


def _picked(listed: tuple[Move, ...], lead: Card | None, kind: str | None) -> Iterator[Move]:
    """The moves of ``listed`` (a ``plain_listing``, or one rank's ``remembered.of_rank``)
    of ``kind`` led by ``lead``: the same, in the same order, as ``rank_moves`` makes them
    when asked with that lead and kind (it enumerates the same multisets, only skipping
    those without the lead or too small to be laid, and for each the gives before the
    plays)."""
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


@per_state(maxsize=8)
def _plain_index(state: State) -> dict[str, dict[Card, tuple[Move, ...]]]:
    """The ``plain_listing`` of ``state`` by kind and lead card, each part in the listing's
    order (what ``_picked`` reads of it for that kind and lead), made in one pass: the
    kinds, the leads of a kind and the moves of a kind and lead of one state (the
    fuzzer's chooser asks all three in turn) are read from it."""
    index: dict[str, dict[Card, list[Move]]] = {}
    for move in plain_listing(state) or ():
        payload = move.payload
        kind = _KIND_OF[type(payload)]
        index.setdefault(kind, {}).setdefault(payload.cards[0], []).append(move)
    return {kind: {c: tuple(ms) for c, ms in leads.items()} for kind, leads in index.items()}


_KIND_OF = {cls: kind for kind, cls in _SOURCE_PAYLOADS.items()}


def _plain(state: State) -> tuple[Card, ...] | None:
    """The cards the stage may take when every one is known and nothing is locked or
    claimed (the hand, or the flipped table card), else ``None``: then each rank's plays
    and gives are ``_listed``'s."""
    turn = state.turn
    if state.claims or turn.stage == LOCKED:
        return None
    zone = state.flipped if turn.stage == FLIPPED else state.hands[turn.seat]
    return None if zone.hidden else zone.cards


def _listed(state: State, held: tuple[Card, ...]) -> list[Move]:
    """``rank_listing`` of the known cards ``held`` of a ``_plain`` stage of ``state``."""
    return rank_listing(
        held, state.top, state.suit, state.turn.seat, state.table, state.finished, lambda: state
    )


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


@per_state(maxsize=8)
def _others_of(state: State) -> tuple[Move, ...]:
    """``_others`` of ``state``, made once per state (``kinds``, ``cards`` and the
    filtered listings of one state each ask them)."""
    return tuple(_others(state))


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
            yield from _others_of(state)
        return
    if kind is None or kind in SOURCE_KINDS:
        yield from source_moves(state, card, kind)
    if card is not None or kind in SOURCE_KINDS:
        return
    for move in _others_of(state):
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
        ranked = of_rank(state, rank)
        made += ranked
        yield from ranked
    for move in _others_of(state):
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
    if plain_listing(state) is not None:  # every lead of the kind, in the stage's card order
        leads = _plain_index(state).get(kind, {})
        held = _plain(state) or ()
        return tuple(c for c in sorted(set(held), key=by_rank) if c in leads)
    source = source_of(state)
    found: set[Card] = set()
    for rank in source.ranks:
        if _may_have(rank, kind):
            found.update(m.payload.cards[0] for m in _picked(of_rank(state, rank), None, kind))
    return tuple(c for c in _lead_candidates(state) if c in found)


def kinds(state: State, seat: int) -> tuple[str, ...]:
    """The kinds of move ``seat`` may make now, each found by its first move."""
    if not _on_turn(state, seat):
        return ()
    if plain_listing(state) is not None:
        index = _plain_index(state)
        found = [k for k in SOURCE_KINDS if k in index]
    else:
        found = [k for k in SOURCE_KINDS if next(source_moves(state, None, k), None) is not None]
    found += dict.fromkeys(m.kind for m in _others_of(state))
    return tuple(k for k in KINDS if k in found)


def count(state: State, seat: int | None = None) -> int:
    """How many moves are legal (for ``seat``): the plays counted per multiset, their
    orders counted, not made."""
    if not _on_turn(state, seat):
        return 0
    source = source_of(state)
    targets = len(give_targets(state))
    total = len(_others_of(state))
    for cards_of_rank in source.ranks.values():
        for chosen in multisets(cards_of_rank, source, None, 1):
            if takeable(state, chosen):
                total += count_multiset(state, chosen, targets)
    return total
