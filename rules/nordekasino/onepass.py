"""The moves of one turn, made in one pass over the table's keys (issue 24).

A turn's listing walks the keys of the table (``subsets``: sets of piles alike to the
arithmetic) once per kind of move, and for each key asks of each hand card what it takes
and what it builds. What depends on the table alone is found once per table and kept
(``plan_of``, by the table's ``Layout``): the keys in order with their sorted codes, the
groups each takes and the values it gathers into (``arith.capture_values``), which keys
make an Adams merge, and the union of what any key gathers into (no capture is asked of
a table where it is empty). On a table of up to 8 piles a plan also keeps, by a card's
values, the keys it takes and what it builds on each (``Plan.takes``, ``Plan.builds``),
so a card met again asks nothing of the arithmetic; a ``Move`` is made only for what is
listed.

Each kind is made by one function that appends to a list (``adams_into``,
``captures_into``, ``builds_into``): the whole listing of a turn calls each once over every
key (``listing``, what the playout and the fold's unfiltered listing of a small table
use), and the lazy listing (``moves.turn_moves``) calls them one key at a time, so that a
question that stops at the first move of a crowded table makes no more than that key's.

Moves are frozen values. The fold's listing makes them once through bounded caches by
their fields (``_build_move`` and its siblings): the same build comes up turn after turn.
A playout's recipes make theirs anew when read (``_new_build`` and its siblings): a random
player reads one move a decision, and a memory of moves is walked by the garbage collector.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from functools import lru_cache
from typing import Any, NamedTuple

from tablelog.rules.cards import Card
from tablelog.rules.events import Move
from tablelog.rules.nordekasino.arith import (
    ADAMS,
    CAPTURE,
    MORE_VALUES,
    SATURATED,
    answers,
    capture_values,
    most,
    reach,
)
from tablelog.rules.nordekasino.builds import (
    MORE_BITS,
    build_numbers,
    build_values,
    can_capture,
    values_question,
)
from tablelog.rules.nordekasino.events import Adams, Build, Capture, Trail
from tablelog.rules.nordekasino.subsets import Counts, Layout, keyed, sets_of
from tablelog.rules.nordekasino.turn import SPADE_FIVE, Turn

__all__ = [
    "ONLY_ADAMS",
    "Entry",
    "Plan",
    "adams_into",
    "adams_key",
    "builds_into",
    "captures_into",
    "listing",
    "plan_of",
    "row_key",
    "spade_clear",
    "trails_into",
]

ONLY_ADAMS = 1 << ADAMS
"""What a build with a hand's last card may be worth, with no partner to build for."""


Entry = tuple[Counts, tuple[int, ...], int, int]
"""One key of a table, with what every turn asks of it: its counts per group of the
layout; its sorted codes; the groups it takes (bit g: group g); and the values its piles
gather into (``arith.capture_values``: a card takes the key when one of its values is
among them). A plain tuple: the garbage collector stops tracking a tuple of ints, and a
table's plan is kept."""


class Plan(NamedTuple):
    """What every turn on one table asks of the table alone (``plan_of``)."""

    entries: tuple[Entry, ...]
    """Every key, in the order of the listing (``subsets.keyed``)."""
    adams: tuple[Counts, ...]
    """The keys whose piles make 42 (an Adams merge), in the same order."""
    gathered: int
    """What any key gathers into (the union): a card none of whose values is in it takes
    nothing on this table."""
    takes: dict[int, int]
    """By a card's values (as a bitset): the keys it takes, bit k for key k (filled as
    turns ask)."""
    builds: dict[int, int]
    """By a card's values, whether it is a hand's last card and the keys asked about
    (``row_key``): what it builds on each key, packed (``build_row``; filled as turns
    ask)."""


@lru_cache(maxsize=1 << 12)
def plan_of(table: Layout) -> Plan:
    """The ``Plan`` of ``table``, found once per table (remembered by the layout: most
    turns lay a table seen before)."""
    entries = []
    for counts, key, groups in keyed(table):
        asked = answers(key)  # ``capture_values``' kept answer, read directly
        gathered = None if asked is None else asked.get(CAPTURE)
        if gathered is None:
            gathered = capture_values(key)
        entries.append((counts, key, groups, gathered))
    adams: tuple[Counts, ...] = ()
    if most(table.codes) >= ADAMS:  # + is the only way up: else no key makes 42
        adams = tuple(counts for counts, key, _, _ in entries if adams_key(key))
    union = 0
    for _, _, _, gathered in entries:
        union |= gathered
    return Plan(tuple(entries), adams, union, {}, {})


@lru_cache(maxsize=1 << 16)
def adams_key(key: tuple[int, ...]) -> bool:
    """Whether the piles ``key`` make 42 (the cheap bound first: + is the only way up)."""
    if len(key) < 2 or key[0] < 0 or most(key) < ADAMS:
        return False
    return bool(reach(key) >> ADAMS & 1)


def spade_clear(table: Layout, cards: Sequence[Card]) -> bool:
    """Whether the ♠5 clearing the table is a move of its own (not already a capture of
    the whole table by value)."""
    return (
        SPADE_FIVE in cards
        and bool(table.codes)
        and not can_capture(SPADE_FIVE, tuple(sorted(table.codes)))
    )


Out = list[Any]
"""Where the listing functions append their moves: ``Move`` objects, or with ``lazy``
their recipes (``rules.playout.Listed``: ``(maker, *fields)``, made when read)."""


def adams_into(
    out: Out, table: Layout, seat: int, keys: Sequence[Counts], lazy: bool = False
) -> None:
    """Append the Adams merges of the keys ``keys`` (each making 42): one per set."""
    for counts in keys:
        if lazy:
            out.extend([(_new_adams, seat, piles) for piles in sets_of(table, counts)])
        else:
            out.extend(_adams_move(seat, piles) for piles in sets_of(table, counts))


def captures_into(
    out: Out,
    table: Layout,
    turn: Turn,
    cards: Sequence[Card],
    entries: Sequence[Entry],
    known: dict[int, int] | None = None,
    lazy: bool = False,
) -> None:
    """Append the captures with ``cards`` of the keys ``entries``: key by key, each card
    that takes the key (in the order of ``cards``) with every set of it. ``known``: the
    keys each card's values take, remembered for these entries (``Plan.takes``); ``lazy``:
    recipes instead of moves (``Out``)."""
    seat = turn.seat
    takes = turn.takes
    index = turn.index
    found = []
    for pos, card in enumerate(cards):
        values = takes[index[card]]
        row = None if known is None else known.get(values)
        if row is None:
            row = 0
            for k, (_, _, _, gathered) in enumerate(entries):
                if gathered & values:
                    row |= 1 << k
            if known is not None:
                known[values] = row
        while row:
            low = row & -row
            found.append((low.bit_length() - 1, pos))
            row ^= low
    if len(found) > 1:
        found.sort()  # key by key, each key's cards in order
    for k, pos in found:
        card = cards[pos]
        sets = sets_of(table, entries[k][0])
        if lazy:
            out.extend([(_new_capture, seat, card, piles) for piles in sets])
        else:
            out.extend([_capture_move(seat, card, piles) for piles in sets])


ROWS_KEPT = 1 << 8
"""A plan keeps its cards' rows (``Plan.takes``, ``Plan.builds``) only for a table of fewer
keys than this (up to 8 piles): a build row holds ``SLOT`` bits per key, and a crowded
table's, kept for each card's values, would fill the 4,096 plans kept with megabytes
each. A crowded table (only the playout lists one whole) asks its keys again."""


VALUE_BITS = 22
"""The values of a card, 0 to 21, as a bitset (``Turn.takes``) fit in this many bits."""


def row_key(takes: int, last: bool, keys: int) -> int:
    """The key of a card's build row in ``Plan.builds``: the card's values as a bitset
    (``takes``), whether it is a hand's last card, and the keys asked about (a bitmask,
    ``-1`` for all), as one int: a plan's dictionaries hold ints only, which CPython's
    garbage collector never tracks, so it never walks the 4,096 plans kept (issue 24)."""
    return ((keys + 1) << 1 | last) << VALUE_BITS | takes


SLOT = 65
"""Bits per key in a packed row: the numbers 0 to 42, then the "more" values 0 to 21."""
MORES_AT = ADAMS + 1
"""Where the "more" values start in a key's slot."""


def build_row(values: tuple[int, ...], last: bool, entries: Sequence[Entry], keys: int) -> int:
    """What a card worth ``values`` builds on each key of ``entries``, packed: key k's
    slot (``SLOT`` bits from ``k * SLOT``) holds the numbers it makes, then the "more"
    values, whatever is held (the wanted values are masked later, one ``&`` for every
    key). ``last``: the hand's last card, which may only build 42 (no partner to build
    for), so only that is asked, and nothing of a key that cannot add up to 42
    (``builds.wanted_values``). Only the keys in the bitmask ``keys`` (bit k: key k) are
    asked about; the others' slots are empty."""
    row = 0
    if last:
        top_value = max(values)
        for k, (_, key, _, _) in enumerate(entries):
            if keys >> k & 1 and key[0] >= 0 and top_value + most(key) >= ADAMS:
                row |= (build_numbers(values, key) & ONLY_ADAMS) << k * SLOT
        return row
    # ``build_values``' kept answer is read here directly (one int: the numbers above
    # ``MORE_BITS``, the "more" values below): a new table asks it of every key.
    question = values_question(values)
    for k, (_, key, _, _) in enumerate(entries):
        if not keys >> k & 1:
            continue
        asked = answers(key)
        both = None if asked is None else asked.get(question)
        if both is None:
            numbers, mores = build_values(values, key)
        else:
            numbers, mores = both >> MORE_BITS, both & MORE_VALUES
        row |= (numbers & SATURATED | mores << MORES_AT) << k * SLOT
    return row


@lru_cache(maxsize=1 << 8)
def _every(keys: int) -> int:
    """A 1 at the start of the slot of each of ``keys`` keys: times a slot's mask, that
    mask in every slot (no carry: a mask fits its slot)."""
    out = 0
    for k in range(keys):
        out |= 1 << k * SLOT
    return out


def builds_into(
    out: Out,
    table: Layout,
    turn: Turn,
    cards: Sequence[Card],
    duty: Callable[[], bool],
    entries: Sequence[Entry],
    known: dict[int, int] | None = None,
    lazy: bool = False,
) -> None:
    """Append the builds with ``cards`` of the keys ``entries``, key by key, each card's
    in the order of ``cards``, each card's values in order (numbers, then "more" ones);
    under the duty only those on an own pile. ``known``: the packed rows (``build_row``)
    remembered for these entries (``Plan.builds``); ``lazy``: recipes instead of moves
    (``Out``)."""
    owned = turn.owned
    seat = turn.seat
    index = turn.index
    values_of = turn.values
    takes_of = turn.takes
    wanted_of = turn.wanted
    every = _every(len(entries))
    keys = -1  # the keys a build may be on (bit k: key k): all, or under the duty those
    if owned:  # holding an own pile (only they are asked about)
        marked = table.group_mask(owned)
        if any(not entry[2] & marked for entry in entries) and duty():
            keys = 0
            for k, (_, _, groups, _) in enumerate(entries):
                if groups & marked:
                    keys |= 1 << k
    found = []
    for pos, card in enumerate(cards):
        at = index[card]
        wanted = wanted_of[at]
        last = wanted == ONLY_ADAMS
        values = values_of[at]
        asked = ((keys + 1) << 1 | last) << VALUE_BITS | takes_of[at]  # ``row_key``
        row = None if known is None else known.get(asked)
        if row is None:
            row = build_row(values, last, entries, keys)
            if known is not None:
                known[asked] = row
        if not row:
            continue
        row &= (wanted & SATURATED | (wanted & MORE_VALUES) << MORES_AT) * every
        while row:
            low = row & -row
            k, option = divmod(low.bit_length() - 1, SLOT)
            found.append((k, pos, option))
            row ^= low
    if len(found) > 1:
        found.sort()  # key by key, each key's cards in order, each card's values in order
    # Without a partner every value a build may announce (``wanted``) is one the builder
    # holds or an Adams 42, so its one flag is ``False`` (``Turn.flags``).
    alone = turn.partner is None
    bound = bool(owned) and duty()
    sets: tuple[tuple[int, ...], ...] = ()
    last_k = -1
    for k, pos, option in found:
        if k != last_k:
            last_k = k
            sets = sets_of(table, entries[k][0])
            if bound:
                sets = tuple(piles for piles in sets if not piles_free(piles, owned))
        card = cards[pos]
        more = option >= MORES_AT
        value = option - MORES_AT if more else option
        for flag in (False,) if alone else turn.flags(index[card], value, more):
            if lazy:
                out.extend([(_new_build, seat, card, piles, value, more, flag) for piles in sets])
            else:
                out.extend([_build_move(seat, card, piles, value, more, flag) for piles in sets])


def piles_free(piles: tuple[int, ...], owned: tuple[int, ...]) -> bool:
    """Whether none of ``piles`` is among ``owned``."""
    return all(p not in owned for p in piles)


def trails_into(out: Out, seat: int, cards: Sequence[Card], lazy: bool = False) -> None:
    """Append the trails of ``cards`` (the caller has asked the duty)."""
    if lazy:
        out.extend([(_new_trail, seat, card) for card in cards])
    else:
        out.extend([_trail_move(seat, card) for card in cards])


def listing(table: Layout, turn: Turn, duty: Callable[[], bool], lazy: bool = False) -> Out:
    """Every Adams merge, capture, build and trail of the player of ``turn`` on ``table``
    (``duty()``: whether the duty binds, asked before trails and, for builds, whenever the
    player owns a pile), in the order of
    ``moves.turn_moves`` with no filter: one pass over the keys per kind. ``lazy``: their
    recipes (``Out``), for a playout's ``rules.playout.Listed``."""
    plan = plan_of(table)
    seat = turn.seat
    cards = turn.cards
    out: Out = []
    if plan.adams:
        adams_into(out, table, seat, plan.adams, lazy)
    kept = len(plan.entries) < ROWS_KEPT  # a crowded table's rows are not kept
    if plan.gathered:
        takes = plan.takes if kept else None
        captures_into(out, table, turn, cards, plan.entries, takes, lazy)
    if SPADE_FIVE in turn.index and spade_clear(table, cards):
        out.append(Move(seat, Capture(SPADE_FIVE, tuple(range(len(table.codes))))))
    builds = plan.builds if kept else None
    builds_into(out, table, turn, cards, duty, plan.entries, builds, lazy)
    if cards and not duty():
        trails_into(out, seat, cards, lazy)
    return out


@lru_cache(maxsize=1 << 16)
def _build_move(
    seat: int, card: Card, piles: tuple[int, ...], value: int, more: bool, flag: bool
) -> Move:
    """The move of one build, made once and then shared (a move is a frozen value): the
    same builds come up turn after turn and game after game, and making one costs several
    times a look-up. Likewise ``_capture_move``, ``_trail_move`` and ``_adams_move``."""
    return Move(seat, Build(card, piles, value, more, flag))


@lru_cache(maxsize=1 << 16)
def _capture_move(seat: int, card: Card, piles: tuple[int, ...]) -> Move:
    return Move(seat, Capture(card, piles))


@lru_cache(maxsize=1 << 12)
def _trail_move(seat: int, card: Card) -> Move:
    return Move(seat, Trail(card))


@lru_cache(maxsize=1 << 14)
def _adams_move(seat: int, piles: tuple[int, ...]) -> Move:
    return Move(seat, Adams(piles))


def _new_build(
    seat: int, card: Card, piles: tuple[int, ...], value: int, more: bool, flag: bool
) -> Move:
    """A build's move made anew (a playout's recipe): a random player reads one move of a
    listing, so a memory of moves would save one look-up a decision and keep, for the
    garbage collector to walk, every move it met. Likewise ``_new_capture``,
    ``_new_trail`` and ``_new_adams``."""
    return Move(seat, Build(card, piles, value, more, flag))


def _new_capture(seat: int, card: Card, piles: tuple[int, ...]) -> Move:
    return Move(seat, Capture(card, piles))


def _new_trail(seat: int, card: Card) -> Move:
    return Move(seat, Trail(card))


def _new_adams(seat: int, piles: tuple[int, ...]) -> Move:
    return Move(seat, Adams(piles))
