"""Ladder's options, payloads, state and who acts (see the package's docstring)."""

from __future__ import annotations

import functools
from collections import Counter

import attrs

from tablelog.rules.cards import Card
from tablelog.rules.errors import OptionError
from tablelog.rules.events import payload
from tablelog.rules.options import Computed, OptionSpec, read_options
from tablelog.rules.protocol import Header, Outcome
from tablelog.rules.zones import Slots, Zone, unaccounted

RANKS = "23456"
HAND, SLOTS = 3, 2
OPTIONS = (
    OptionSpec(
        "decks",
        Computed(lambda n: 1 + n // 4, "1 + players // 4"),
        "decks shuffled together",
        minimum=1,
        maximum=2,
        kind=int,
    ),
)


@attrs.frozen
class Options:
    decks: int


@payload("ladder.play", family="move")
@attrs.frozen
class Play:
    cards: tuple[Card, ...]


@payload("ladder.match", family="move")
@attrs.frozen
class Match:
    cards: tuple[Card, ...]


@payload("ladder.pass", family="move")
@attrs.frozen
class Pass:
    pass


@payload("ladder.flip", family="move")
@attrs.frozen
class Flip:
    slot: int


@payload("ladder.reveal", family="chance")
@attrs.frozen
class Reveal:
    slot: int
    card: Card


@attrs.frozen
class State:
    names: tuple[str, ...]
    decks: int
    turn: int
    stock: Zone
    dealt: bool = False
    hands: tuple[Zone, ...] = ()
    slots: tuple[Slots, ...] = ()
    pile: tuple[Card, ...] = ()
    discard: tuple[Card, ...] = ()
    passes: int = 0
    window: tuple[int, ...] = ()
    flipping: int | None = None
    places: tuple[tuple[int, ...], ...] = ()


def _options(header: Header) -> Options:
    return read_options(Options, OPTIONS, header.options, len(header.players))


def deck(header: Header) -> tuple[Card, ...]:
    return _deck(_options(header).decks)


@functools.cache
def _deck(decks: int) -> tuple[Card, ...]:
    return tuple(Card(r, s) for s in "SHDC" for r in RANKS) * decks


def start(header: Header) -> State:
    n, decks = len(header.players), _options(header).decks
    if n * (HAND + SLOTS) > len(RANKS) * 4 * decks:
        raise OptionError(f"{decks} deck(s) cannot deal to {n} players")
    return State(header.players, decks, (header.dealer + 1) % n, Zone((), len(RANKS) * 4 * decks))


def _pool(state: State) -> Counter[Card]:
    return unaccounted(_deck(state.decks), zones(state).values())


def active(state: State) -> tuple[int, ...]:
    """The seats not yet finished."""
    done = {seat for place in state.places for seat in place}
    return tuple(s for s in range(len(state.names)) if s not in done)


def outcome(state: State) -> Outcome | None:
    if not state.dealt or active(state):
        return None
    behind = {
        s: sum(len(p) for p in state.places[i + 1 :])
        for i, pl in enumerate(state.places)
        for s in pl
    }
    return Outcome(state.places, {str(s): behind[s] for s in sorted(behind)})


def to_act(state: State) -> tuple[int, ...]:
    if not state.dealt or state.flipping is not None or outcome(state) is not None:
        return ()
    return state.window or (state.turn,)


def zones(state: State) -> dict[str, Zone]:
    named = {f"hand:{i}": h for i, h in enumerate(state.hands)}
    named |= {f"slots:{i}": s.zone for i, s in enumerate(state.slots)}
    return {**named, "pile": Zone(state.pile), "discard": Zone(state.discard), "stock": state.stock}
