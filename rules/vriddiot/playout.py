"""Vriddiot walked forward in place, for fast random play (``rules.playout``, issue 24).

The playout keeps every field of ``State`` as an attribute of one mutable object and
changes them in place. It asks the fold's own functions of itself (it answers every
attribute they read as the state would): the turn's listing (``onturn.turn_moves``), and
the changes of the turn loop's common plays, pickups and chance cards
(``turn.lay_changes``, ``turn.pickup_changes``, ``turn.chance_changes``), which it sets
in place where the fold makes one new state of them. Everything else (the deal and every
chance step, a war and its join window, 666 and KKK, blind and turned cards, jokers,
claims on face-down hands, a player going out, a listing while a hand holds cards nobody
entered) builds the fold state and uses the fold's ``moves``, ``apply`` and ``chance``,
then reads the fields back from the state it made.
``tests/rules/test_vriddiot_playout.py`` walks it beside the fold, and the invariant kit
at every state of every fuzzed history.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from operator import attrgetter
from typing import Any, cast

import attrs

from tablelog.rules.cards import Card
from tablelog.rules.dealing import pool_order
from tablelog.rules.events import Deal, Event, Move
from tablelog.rules.protocol import ChanceStep, Outcome
from tablelog.rules.seating import Seating
from tablelog.rules.vriddiot.deal import chance as fold_chance
from tablelog.rules.vriddiot.deal import (
    first_short,
    play_chance,
    refill_changes,
    stock_only,
    turned_changes,
)
from tablelog.rules.vriddiot.events import Blind, Chance, Pickup, Play, Set, Turn
from tablelog.rules.vriddiot.legal import options_read, source
from tablelog.rules.vriddiot.moves import moves as fold_moves
from tablelog.rules.vriddiot.onturn import turn_moves
from tablelog.rules.vriddiot.play import apply as fold_apply
from tablelog.rules.vriddiot.state import (
    HAND,
    OVER,
    PLAY,
    Options,
    State,
    down_zone,
    outcome,
    zone_map,
)
from tablelog.rules.vriddiot.turn import chance_changes, lay_changes, pickup_changes
from tablelog.rules.zones import Zone, unaccounted

__all__ = ["VriddiotPlayout", "playout"]

_NAMES = tuple(f.name for f in attrs.fields(State))
"""Every field of the state, ``table`` first: the playout's attributes of the same names."""

_FIELDS = attrgetter(*_NAMES)
"""The playout's attributes named ``_NAMES``, read in one C call (a tuple)."""

_HIDDEN = attrgetter("hidden")


class VriddiotPlayout:
    """One Vriddiot game changed in place (see the module's text); made by ``playout``."""

    table: Any
    phase: str
    seating: Seating
    hands: tuple[Zone, ...]
    ups: tuple[Zone, ...]
    downs: tuple[Any, ...]
    stock: Zone
    pile: Zone
    burned: Zone
    out: Zone
    turned: Zone
    turn: int | None
    duty: str
    top: int
    twist: tuple[str, int] | None
    last: tuple[int, str] | None
    run: tuple[str, int]
    war: Any
    pending: str
    reveal: int
    finished: tuple[int, ...]
    black_free: bool
    started: bool
    claims: tuple[Any, ...]
    refill_from: int | None
    pile_by: tuple[int, ...]

    def __init__(self, state: State, seq: int = 0) -> None:
        self.seq = seq
        self._state: State | None = None
        self._as = cast(State, self)  # the fold's functions are asked of the playout itself
        self._load(state)
        self._read = options_read(self._as)  # the same for the whole game

    # -- what the fold's helpers read of a state ------------------------------------------

    options: Options
    """The table's options (``TableState.options``), an attribute: read on every listing."""
    players: tuple[str, ...]

    def active(self, seat: int) -> bool:
        return seat not in self.finished

    # -- the fold state ------------------------------------------------------------------

    def _load(self, state: State) -> None:
        self.__dict__.update(state.__dict__)  # every field but ``table`` (a slot of the base)
        table = self.table = state.table
        self.options, self.players = table.options, table.players
        self._state = state
        self._free: bool | None = None
        self._src = ""
        self._counts: Counter[Card] | None = None  # the unaccounted cards: ``_pool``
        self._counted = 0
        self._order: tuple[Card, ...] | None = None

    def state(self) -> State:
        """The fold state this playout stands for."""
        made = self._state
        if made is None:
            made = self._state = State(*_FIELDS(self))
        return made

    def _fold(self, move: Move) -> None:
        self._load(fold_apply(self.state(), Event(self.seq, move.actor, move.payload)))

    # -- the playout interface -----------------------------------------------------------

    def outcome(self) -> Outcome | None:
        if self.phase != OVER:
            return None
        return outcome(self.state())

    def chance(self) -> ChanceStep | None:
        if self.phase == PLAY and not self.pending and (self._free or self._refill_free()):
            return None
        if self.phase != PLAY or self.claims or self.pending == "remove":
            return fold_chance(self.state())
        seat = None if self.pending else first_short(self._as)
        return play_chance(self._as, seat, self._stock_order, self._unaccounted)

    # -- the unaccounted cards, kept as the walk goes -----------------------------------

    def _hidden(self) -> int:
        """How many cards lie face down with no identity entered, in every zone: the
        unaccounted cards (the deck less every known card) change only when a card
        nobody entered is shown (this count falls), as no known card becomes unknown."""
        hidden = sum(map(_HIDDEN, self.hands)) + sum(map(_HIDDEN, self.ups))
        hidden += sum(map(_HIDDEN, map(down_zone, self.downs)))
        for zone in (self.stock, self.pile, self.burned, self.out, self.turned):
            hidden += zone.hidden
        return hidden

    def _pool(self) -> Counter[Card]:
        """The unaccounted cards (``rules.table.pool_view``), kept while no card nobody
        entered was shown since they were counted (``_hidden`` unchanged) but for the
        cards the stock gave (``_drawn``); not to be changed but by ``_drawn``."""
        hidden = self._hidden()
        counts = self._counts
        if counts is None or hidden != self._counted:
            counts = self._counts = unaccounted(self.table.deck, zone_map(self._as).values())
            self._counted = hidden
            self._order = None
        return counts

    def _unaccounted(self) -> Counter[Card]:
        """A fresh count of the unaccounted cards (``rules.table.pool``)."""
        return Counter(self._pool())

    def _stock_order(self) -> tuple[Card, ...]:
        """The cards the stock may hold in ``pool_order`` (``deal._stock_pool``), kept with
        the unaccounted cards."""
        counts = self._pool()
        order = self._order
        if order is None:
            order = self._order = pool_order(stock_only(self._as, Counter(counts)))
        return order

    def _drawn(self, cards: tuple[Card, ...]) -> None:
        """The stock gave ``cards``, shown (a refill or a card turned): they leave the
        unaccounted cards, and the stock's face-down count falls by as many."""
        counts, order = self._counts, self._order
        if counts is None:
            return
        for card in cards:
            counts[card] -= 1
            if order is not None and card in order:
                i = order.index(card)
                order = order[:i] + order[i + 1 :]
            else:
                order = None
        self._order = order
        self._counted -= len(cards)

    def _refill_free(self) -> bool:
        """Whether no player must draw from the stock (``deal.refill_seat`` is ``None``),
        asked once per event (``chance`` and ``moves`` both ask it)."""
        free = self._free
        if free is None:
            stock = self.stock
            free = True
            if stock.cards or stock.hidden:
                finished = self.finished
                for seat, hand in enumerate(self.hands):
                    if len(hand.cards) + hand.hidden < HAND and seat not in finished:
                        free = False
                        break
            self._free = free
        return free

    def moves(self) -> Sequence[Move]:
        """The fold's ``onturn.turn_moves`` asked of the playout itself for the player on
        turn when no chance step is due, no join window or claim is open and the cards the
        player lays from are all known (the unaccounted cards are remembered per state
        object: ``rules.table.pool``, which a playout, changed in place, is not); else the
        fold's ``moves`` of the state. Where the player lays from is kept in ``_src``."""
        seat = self.turn
        war = self.war
        if not (
            seat is None
            or self.phase != PLAY
            or self.pending
            or self.claims
            or (war is not None and war.window)
            or not (self._free or (self._free is None and self._refill_free()))
        ):
            src = self._src = source(self._as, seat)
            if not (
                (src == "hand" and self.hands[seat].hidden)
                or (src == "up" and self.ups[seat].hidden)
            ):  # else the card just turned, face-down table cards (laid blind), none
                return turn_moves(self._as, seat, src, self._read)
        return tuple(fold_moves(self.state()))

    def play(self, move: Move) -> None:
        self.seq += 1
        payload = move.payload
        seat: int = move.actor  # type: ignore[assignment]  # a move of a player
        kind = type(payload)
        changes: dict[str, Any] | None = None
        if kind is Play:
            changes = lay_changes(self._as, seat, (payload.card,))
        elif kind is Set:
            changes = lay_changes(self._as, seat, payload.cards)
        elif kind is Pickup:
            changes = pickup_changes(self._as, seat)
        elif self.claims:
            pass  # the claims are settled after every move: the fold's path
        elif kind is Chance:
            changes = chance_changes(seat)
        elif kind is Blind:
            changes = chance_changes(seat, payload.place - 1)
        elif kind is Turn:
            changes = turned_changes(self._as, payload.card)
            if self.reveal < 0:
                self._drawn((payload.card,))
        elif kind is Deal and self.phase == PLAY:
            changes = self._refill(payload)
        if changes is None:
            self._fold(move)
        else:
            self.__dict__.update(changes)
            self._state = self._free = None

    def _refill(self, deal: Deal) -> dict[str, Any] | None:
        """The changes of a refill of known cards (``deal.refill_changes``)."""
        cards = tuple(dealt.card for dealt in deal.cards)
        seat = first_short(self._as)
        if seat is None or None in cards:
            return None
        known = cast(tuple[Card, ...], cards)
        self._drawn(known)
        return refill_changes(self._as, seat, Zone(known))


def playout(state: State, seq: int = 0) -> VriddiotPlayout:
    """A playout of the game from ``state`` (after ``seq`` events): ``RuleSet.playout``."""
    return VriddiotPlayout(state, seq)
