"""Ladder's options, payloads, state and who acts (see the package's docstring)."""

from __future__ import annotations

import attrs

from tablelog.rules.cards import Card
from tablelog.rules.errors import OptionError
from tablelog.rules.events import chance_payload, move_payload
from tablelog.rules.options import Computed, option, read_options, specs_of
from tablelog.rules.protocol import Header, Outcome
from tablelog.rules.table import Table, TableState
from tablelog.rules.zones import Slots, Zone

RANKS = "23456"
HAND, SLOTS = 3, 2


@attrs.frozen
class Options:
    decks: int = option(
        Computed(lambda n: 1 + n // 4, "1 + players // 4"),
        "decks shuffled together",
        minimum=1,
        maximum=2,
    )


OPTIONS = specs_of(Options)


@move_payload("ladder.play")
class Play:
    cards: tuple[Card, ...]


@move_payload("ladder.match")
class Match:
    cards: tuple[Card, ...]


@move_payload("ladder.pass")
class Pass:
    pass


@move_payload("ladder.flip")
class Flip:
    slot: int


@chance_payload("ladder.reveal")
class Reveal:
    slot: int
    card: Card


@attrs.frozen
class State(TableState[Options]):  # the shared table: players, options, dealer, deck
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
    ranking: tuple[tuple[int, ...], ...] = ()

    def zone_map(self) -> dict[str, Zone]:
        named = {f"hand:{i}": h for i, h in enumerate(self.hands)}
        named |= {f"slots:{i}": s.zone for i, s in enumerate(self.slots)}
        return {
            **named,
            "pile": Zone(self.pile),
            "discard": Zone(self.discard),
            "stock": self.stock,
        }


def start(header: Header) -> State:
    n = len(header.players)
    options = read_options(Options, OPTIONS, header.options, n)
    deck = tuple(Card(r, s) for s in "SHDC" for r in RANKS) * options.decks
    if n * (HAND + SLOTS) > len(deck):
        raise OptionError(f"{options.decks} deck(s) cannot deal to {n} players")
    table = Table(header.players, options, header.dealer, deck)
    return State(table, (header.dealer + 1) % n, Zone((), len(deck)))


def active(state: State) -> tuple[int, ...]:
    """The seats not yet finished."""
    done = {seat for place in state.ranking for seat in place}
    return tuple(s for s in range(len(state.players)) if s not in done)


def outcome(state: State) -> Outcome | None:
    if not state.dealt or active(state):
        return None
    behind = {
        s: sum(len(p) for p in state.ranking[i + 1 :])
        for i, pl in enumerate(state.ranking)
        for s in pl
    }
    return Outcome(state.ranking, {str(s): behind[s] for s in sorted(behind)})


def to_act(state: State) -> tuple[int, ...]:
    if not state.dealt or state.flipping is not None or outcome(state) is not None:
        return ()
    return state.window or (state.turn,)
