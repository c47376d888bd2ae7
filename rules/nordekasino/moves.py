"""What a player may do: Adams clears, captures, builds and trails, found lazily by value.

``moves(state, seat, card, kind)`` yields the legal moves one at a time, in the order
Adams clears, captures, builds, trails, then the optional rules' reveal and open hand.
Within a kind the sets of table piles come key by key (``subsets``: sets whose piles have
the same value codes are alike to the arithmetic, which is asked once per key and
remembered), in the order of their first set numbered as a bitmask, and for each key the
hand cards in hand order. The filters come first: ``kind="trail"`` never looks at a set of
piles, ``card=4H`` only at the 4H. The duty to a surviving build is the direct predicate
``duty.duty_binds``, asked only when it can matter: before a trail, and when builds are
listed while the player owns a pile (``onepass.builds_into``).

``count`` counts the moves without making them (per key: the number of sets with that
key times the moves one set allows); ``kinds`` and ``cards`` stop at the first move of
each kind or card.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from functools import partial

from tablelog.rules.cards import Card
from tablelog.rules.events import Move
from tablelog.rules.nordekasino.arith import ADAMS, capture_values, most
from tablelog.rules.nordekasino.builds import build_options, can_capture
from tablelog.rules.nordekasino.duty import duty_binds, duty_lifted
from tablelog.rules.nordekasino.events import Capture, OpenHand, Reveal
from tablelog.rules.nordekasino.listed import KIND_OF, filtered, kept, remembered, remembering
from tablelog.rules.nordekasino.onepass import (
    Entry,
    adams_into,
    adams_key,
    builds_into,
    captures_into,
    spade_clear,
    trails_into,
)
from tablelog.rules.nordekasino.onepass import listing as one_pass
from tablelog.rules.nordekasino.state import PLAY, State
from tablelog.rules.nordekasino.subsets import (
    Layout,
    keyed,
    number_of,
    touching,
)
from tablelog.rules.nordekasino.turn import (
    SPADE_FIVE,
    Turn,
    hand_candidates,
    held_values,
    layout,
    pile_key,
    turn_of,
)

__all__ = [
    "KINDS",
    "SPADE_FIVE",
    "build_options",
    "can_capture",
    "cards",
    "count",
    "duty_binds",
    "duty_lifted",
    "hand_candidates",
    "held_values",
    "kinds",
    "lazy_moves",
    "moves",
    "pile_key",
    "to_act",
    "turn_moves",
]

KINDS = ("adams", "capture", "build", "trail", "reveal", "open_hand")
"""Every kind of Nørdekasino move, in the order ``moves`` yields them."""


def to_act(state: State) -> tuple[int, ...]:
    """The seat on turn (none while dealing or over)."""
    if state.phase != PLAY or state.to_play is None:
        return ()
    return (state.to_play,)


def moves(
    state: State, seat: int | None = None, card: Card | None = None, kind: str | None = None
) -> Iterator[Move]:
    """The legal moves of ``seat`` led by ``card`` of ``kind`` (``None``: any), lazily.

    The whole listing of a state with face-down cards or claims is remembered once
    walked to its end, and a filtered listing read from it (``listed``)."""
    if state.phase != PLAY or state.to_play is None:
        return iter(())
    if not kept(state):
        return lazy_moves(state, seat, card, kind)  # cheap to list again: not remembered
    listing = remembered(state)
    if listing is not None:
        whole = seat is None and card is None and kind is None
        return iter(listing if whole else filtered(listing, seat, card, kind))
    if seat is None and card is None and kind is None:
        return remembering(state, lazy_moves(state))
    return lazy_moves(state, seat, card, kind)


def lazy_moves(
    state: State, seat: int | None = None, card: Card | None = None, kind: str | None = None
) -> Iterator[Move]:
    """``moves``, made as they are asked for (nothing remembered but the turn)."""
    if state.phase != PLAY or state.to_play is None:
        return
    on_turn = state.to_play
    if seat is None or seat == on_turn:
        turn = turn_of(state, on_turn)
        cards = turn.cards if card is None else (card,) if card in turn.index else ()
        duty = partial(duty_binds, state, on_turn)
        table = layout(state)
        if kind is None and card is None and len(table.codes) <= EAGER:
            yield from one_pass(table, turn, duty)
        else:
            yield from turn_moves(table, turn, cards, kind, card is None, duty)
        if kind in (None, "reveal"):
            yield from (Move(on_turn, Reveal(c)) for c in _reveals(state, cards))
    if kind in (None, "open_hand") and card is None:
        yield from (Move(s, OpenHand()) for s in _open_hands(state) if seat in (None, s))


EAGER = 8
"""Tables of at most this many piles are listed whole at once when no filter is asked
(``onepass.listing``): at most 255 sets of piles, so a question that stops at the first
move pays little for the rest."""


def turn_moves(
    table: Layout,
    turn: Turn,
    cards: tuple[Card, ...],
    kind: str | None,
    whole: bool,
    duty: Callable[[], bool],
) -> Iterator[Move]:
    """The Adams clears (when ``whole``: no card asked for), captures, builds and trails
        of ``kind`` (``None``: every kind) the player of ``turn`` may make with ``cards`` on
        ``table``, made one key at a time as they are asked for (``onepass``'s functions, each
        given one key); ``duty()`` says whether the duty binds (asked before trails, and for
    builds only while the player owns a pile).
        What ``moves`` lists of a state, but for the whole listing of a small table, which it
        makes in one pass (``onepass.listing``, the same moves in the same order)."""
    seat = turn.seat
    chunk: list[Move] = []
    if kind in (None, "adams") and whole and most(table.codes) >= ADAMS:
        for counts, key, _ in keyed(table):
            if adams_key(key):
                adams_into(chunk, table, seat, (counts,))
                yield from chunk
                chunk.clear()
    if kind in (None, "capture"):
        for counts, key, groups in keyed(table):
            gathered = capture_values(key)
            if gathered:
                entry: Entry = (counts, key, groups, gathered)
                captures_into(chunk, table, turn, cards, (entry,))
                yield from chunk
                chunk.clear()
        if spade_clear(table, cards):
            yield Move(seat, Capture(SPADE_FIVE, tuple(range(len(table.codes)))))
    if kind in (None, "build"):
        for counts, key, groups in keyed(table):
            entry = (counts, key, groups, 0)
            builds_into(chunk, table, turn, cards, duty, (entry,))
            yield from chunk
            chunk.clear()
    if kind in (None, "trail") and cards and not duty():
        trails_into(chunk, seat, cards)
        yield from chunk


def _reveals(state: State, cards: tuple[Card, ...]) -> tuple[Card, ...]:
    """The cards the player on turn may show under the Thomas Kragh rule."""
    seat = state.to_play
    assert seat is not None
    if not state.options.thomas_kragh or len(state.hands[seat]) != 1:
        return ()
    return cards if state.revealed[seat] is None else ()


def _open_hands(state: State) -> tuple[int, ...]:
    """The seats that may be put to play open-handed (the good-manners penalty)."""
    if not state.options.open_hand_penalty:
        return ()
    return tuple(s for s in range(state.seats) if len(state.hands[s]) and s not in state.open_hands)


def kinds(state: State, seat: int) -> tuple[str, ...]:
    """The kinds of move ``seat`` may make now, each found by its first move (read from
    the whole listing once it is remembered)."""
    listing = remembered(state)
    if listing is not None:
        found = {KIND_OF[type(move.payload)] for move in listing if move.actor == seat}
        return tuple(k for k in KINDS if k in found)
    return tuple(k for k in KINDS if next(moves(state, seat, None, k), None) is not None)


def cards(state: State, seat: int, kind: str) -> tuple[Card | None, ...]:
    """The cards that lead a legal move of ``kind`` by ``seat``, in hand order (``None``
    for the kinds that name no card: an Adams merge, an open hand)."""
    if kind in ("adams", "open_hand"):
        return (None,) if next(moves(state, seat, None, kind), None) is not None else ()
    if state.phase != PLAY or seat != state.to_play:
        return ()
    if kind in ("capture", "build"):
        turn = turn_of(state, seat)
        found = _capture_cards(state, turn) if kind == "capture" else _build_cards(state, turn)
        return tuple(c for c in turn.cards if c in found)
    return tuple(
        c
        for c in hand_candidates(state, seat)
        if next(moves(state, seat, c, kind), None) is not None
    )


def _capture_cards(state: State, turn: Turn) -> set[Card]:
    """The cards of ``turn`` that capture something: one pass over the keys of piles,
    each card dropped from the search once it has a capture."""
    left = list(turn.cards)
    found: set[Card] = set()
    table = layout(state)
    for _, key, _ in keyed(table):
        if not left:
            break
        found.update(card for card in left if can_capture(card, key))
        left = [card for card in left if card not in found]
    if spade_clear(table, tuple(left)):
        found.add(SPADE_FIVE)
    return found


def _build_cards(state: State, turn: Turn) -> set[Card]:
    """The cards of ``turn`` that build something, found as ``onepass.builds_into`` lists them
    (the duty keeps only keys holding an own pile), in one pass over the keys."""
    left = list(turn.cards)
    found: set[Card] = set()
    table = layout(state)
    marked = table.group_mask(turn.owned)
    duty: bool | None = None
    for _, key, groups in keyed(table):
        if not left:
            break
        if marked and not groups & marked:
            if duty is None:
                duty = duty_binds(state, turn.seat)
            if duty:
                continue
        for card in left:
            index = turn.index[card]
            options = build_options(card, key, turn.wanted[index])
            if any(turn.flags(index, value, more) for value, more in options):
                found.add(card)
        left = [card for card in left if card not in found]
    return found


def count(state: State, seat: int | None = None) -> int:
    """How many legal moves ``seat`` (``None``: anyone) has, counted per key of piles
    without making a move."""
    if state.phase != PLAY or state.to_play is None:
        return 0
    on_turn = state.to_play
    total = sum(1 for s in _open_hands(state) if seat in (None, s))
    if seat not in (None, on_turn):
        return total
    turn = turn_of(state, on_turn)
    table = layout(state)
    binds = duty_binds(state, on_turn)
    total += len(_reveals(state, turn.cards))
    total += 0 if binds else len(turn.cards)
    total += int(spade_clear(table, turn.cards))
    marked = table.group_counts(turn.owned) if binds else None
    for counts, key, _ in keyed(table):
        total += _count_key(table, counts, key, turn, marked)
    return total


def _count_key(
    table: Layout,
    counts: tuple[int, ...],
    key: tuple[int, ...],
    turn: Turn,
    marked: tuple[int, ...] | None,
) -> int:
    """The Adams merges, captures and builds of the sets with ``counts`` (sorted codes
    ``key``; builds only on the ``marked`` piles of each group when the duty binds)."""
    sets = number_of(table, counts)
    out = sets if adams_key(key) else 0
    out += sets * sum(1 for card in turn.cards if can_capture(card, key))
    build_sets = sets if marked is None else touching(table, counts, marked)
    if build_sets:
        for index, card in enumerate(turn.cards):
            for value, more in build_options(card, key, turn.wanted[index]):
                out += build_sets * len(turn.flags(index, value, more))
    return out
