"""Vriddiot walked forward in place, for fast random play (``rules.playout``, issue 24).

The playout keeps every field of ``State`` as an attribute of one mutable object and
changes them in place. The main turn loop, outside a war, is walked by a fast path: the
player on turn laying known cards from the hand or the face-up table cards, picking up,
or turning a chance card. Everything else (the deal and every chance step, wars and
their join windows, 666 and KKK, blind and turned cards, jokers, claims on face-down
hands, a player going out, the starter's first card with ``starter_lowest``) builds the
fold state and uses the fold's own ``moves``, ``apply`` and ``chance``, then reads the
fields back from the state it made.

The fast path asks the fold's own pure questions: ``legal.refuse_play`` (remembered by
what it reads of the state: the duty, the value to beat, the twist and the options),
``legal.is_burn``, ``take.can_play``, ``war.next_active``, ``laid.laid_by`` and the
listing's ``by_rank``, ``sets`` and card order; the object answers the attributes those
read as the state would. Whatever would settle more than the turn (a war declared, a
combination, someone out of cards with the stock empty) is left to the fold before
anything is changed. ``tests/rules/test_vriddiot_playout.py`` walks it beside the fold.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, cast

import attrs

from tablelog.rules.cards import JOKER, Card
from tablelog.rules.events import Event, Move
from tablelog.rules.laid import laid_by
from tablelog.rules.protocol import ChanceStep, Outcome
from tablelog.rules.seating import Seating
from tablelog.rules.vriddiot.deal import chance as fold_chance
from tablelog.rules.vriddiot.events import Chance, Pickup, Play
from tablelog.rules.vriddiot.legal import WAR_RANKS, is_burn, source
from tablelog.rules.vriddiot.moves import moves as fold_moves
from tablelog.rules.vriddiot.moves import turn_moves
from tablelog.rules.vriddiot.play import apply as fold_apply
from tablelog.rules.vriddiot.state import (
    ADDON,
    BEAT,
    FIRER,
    HAND,
    LEAD,
    OVER,
    PLAY,
    Options,
    State,
    outcome,
    value,
)
from tablelog.rules.vriddiot.war import next_active
from tablelog.rules.zones import Zone

__all__ = ["VriddiotPlayout", "playout"]

_NAMES = tuple(f.name for f in attrs.fields(State))
"""Every field of the state, ``table`` first: the playout's attributes of the same names."""

_EMPTY = Zone()
_NO_RUN = ("", 0)


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
        self._load(state)

    # -- what the fold's helpers read of a state ------------------------------------------

    @property
    def options(self) -> Options:
        return cast(Options, self.table.options)

    @property
    def players(self) -> tuple[str, ...]:
        return cast(tuple[str, ...], self.table.players)

    def active(self, seat: int) -> bool:
        return seat not in self.finished

    # -- the fold state ------------------------------------------------------------------

    def _load(self, state: State) -> None:
        for name in _NAMES:
            setattr(self, name, getattr(state, name))
        self._state = state

    def state(self) -> State:
        """The fold state this playout stands for."""
        made = self._state
        if made is None:
            made = self._state = State(*[getattr(self, name) for name in _NAMES])
        return made

    def _fold(self, move: Move) -> None:
        self._load(fold_apply(self.state(), Event(self.seq, move.actor, move.payload)))

    # -- the playout interface -----------------------------------------------------------

    def outcome(self) -> Outcome | None:
        if self.phase != OVER:
            return None
        return outcome(self.state())

    def chance(self) -> ChanceStep | None:
        if self.phase == PLAY and not self.pending and self._refill_free():
            return None
        return fold_chance(self.state())

    def _refill_free(self) -> bool:
        """Whether no player must draw from the stock (``deal.refill_seat`` is ``None``)."""
        if not len(self.stock) or min(map(len, self.hands)) >= HAND:
            return True
        finished = self.finished
        return all(
            len(hand) >= HAND for seat, hand in enumerate(self.hands) if seat not in finished
        )

    def _zone(self) -> Zone | None:
        """The zone the player on turn lays from, when the fast path covers the state: the
        turn loop outside a war, known cards from the hand or the face-up table cards."""
        if (
            self.phase != PLAY
            or self.pending
            or self.war is not None
            or self.claims
            or self.turn is None
            or len(self.turned)
            or not self._refill_free()
        ):
            return None
        if self.duty == LEAD and not self.started and self.options.starter_lowest:
            return None
        seat = self.turn
        zone = self.hands[seat]
        if not len(zone):
            zone = self.ups[seat]
            if not len(zone):
                return None
        if zone.hidden or JOKER in zone.cards:
            return None
        return zone

    def moves(self) -> Sequence[Move]:
        seat = self._on_turn()
        if seat is None:
            return tuple(fold_moves(self.state()))
        return turn_moves(self._as_state, seat)

    def _on_turn(self) -> int | None:
        """The player on turn when the fold's ``moves.turn_moves`` may be asked of the
        playout itself: no chance step due, no join window, no claim, and the cards the
        player lays from all known (the unaccounted cards are remembered per state
        object: ``rules.table.pool``, which a playout, changed in place, is not)."""
        seat = self.turn
        if (
            seat is None
            or self.phase != PLAY
            or self.pending
            or self.claims
            or (self.war is not None and self.war.window)
            or not self._refill_free()
        ):
            return None
        src = source(self._as_state, seat)
        zone = {"turned": self.turned, "hand": self.hands[seat], "up": self.ups[seat]}.get(src)
        return None if zone is not None and zone.hidden else seat

    @property
    def _as_state(self) -> State:
        return cast(State, self)

    def play(self, move: Move) -> None:
        zone = self._zone()
        self.seq += 1
        if zone is not None and self._fast(zone, cast(int, move.actor), move.payload):
            self._state = None
            return
        self._fold(move)

    # -- the fast path -------------------------------------------------------------------

    def _fast(self, zone: Zone, seat: int, payload: Any) -> bool:
        """Play ``payload`` from ``zone`` in place when the fast path covers it; ``False``
        (nothing changed) when the fold must."""
        if seat != self.turn:
            return False
        kind = type(payload)
        if kind is Chance:
            self.refill_from = None
            self.pending, self.reveal = "reveal", -1
            return True
        if kind is Pickup:
            return self._pickup(seat)
        if kind is Play:
            if payload.declared is not None:
                return False
            real: tuple[Card, ...] = (payload.card,)
        else:
            real = payload.cards
        return self._lay(seat, zone, real)

    def _goes_out(self, seat: int, left: int) -> bool:
        """Whether, with the stock empty, someone would be out of cards after ``seat``'s
        move leaves it ``left`` cards: the fold settles who goes out."""
        if len(self.stock):
            return False
        if left == 0:
            return True
        for other in range(self.table.n):
            if other != seat and other not in self.finished and self._count(other) == 0:
                return True
        return False

    def _count(self, seat: int) -> int:
        return len(self.hands[seat]) + len(self.ups[seat]) + len(self.downs[seat])

    def _pickup(self, seat: int) -> bool:
        if self._goes_out(seat, 1):
            return False
        old = self.pile
        hands = list(self.hands)
        hands[seat] = hands[seat].add(*old.cards)
        self.hands = tuple(hands)
        self.pile = _EMPTY
        self.twist, self.top, self.run, self.last = None, 0, _NO_RUN, None
        self.started, self.refill_from = True, None
        self.turn, self.duty = next_active(self._as_state, seat), LEAD
        self.pile_by = laid_by(old.cards, (), self.pile_by, seat)
        return True

    def _lay(self, seat: int, zone: Zone, real: tuple[Card, ...]) -> bool:
        """Lay ``real`` from ``zone`` (``play.lay`` outside a war), or ``False`` for what
        the fold settles: a war declared, 666 or KKK, someone out of cards."""
        card = real[0]
        rank = card.rank
        duty, twist = self.duty, self.twist
        run = (rank, (self.run[1] if self.run[0] == rank else 0) + len(real))
        burns = is_burn(real, real) or run[1] >= 4
        if not burns and duty != ADDON:
            if len(real) == 3 and rank in ("6", "K"):
                return False
            last = self.last
            if (
                duty == BEAT
                and twist is None
                and rank in WAR_RANKS
                and last is not None
                and last[0] != seat
                and last[1] == rank
            ):
                return False
        left = self._count(seat) - len(real)
        if self._goes_out(seat, left):
            return False
        # take the cards (a known copy each, the first)
        cards = list(zone.cards)
        for c in real:
            del cards[cards.index(c)]
        taken = Zone(tuple(cards))
        if len(self.hands[seat]):
            hands = list(self.hands)
            hands[seat] = taken
            self.hands = tuple(hands)
        else:
            ups = list(self.ups)
            ups[seat] = taken
            self.ups = tuple(ups)
        old = self.pile
        pile = old.add(*real)
        self.refill_from, self.started, self.turn = None, True, seat
        odd_jacks = sum(1 for c in real if c.rank == "J") % 2 == 1
        if burns:
            if odd_jacks:
                self.seating = self.seating.reversed()
            if real == (FIRER,):
                victims = pile.cards[:-1]
                if victims:
                    self.out = self.out.add(*victims, FIRER)
                else:
                    self.burned = self.burned.add(FIRER)
            else:
                self.burned = self.burned.add(*pile.cards)
            pile = _EMPTY
            self.top, self.twist, self.run, self.last = 0, None, _NO_RUN, None
            self.duty = LEAD
        else:
            self.pile, self.run = pile, run
            worth = value(card)
            if duty == ADDON:
                self.last = None
                if rank == "A":
                    self.top, self.twist, self.duty = 14, None, BEAT
                    self.turn = next_active(self._as_state, seat)
                else:
                    self.twist, self.top = (card.suit, worth), worth
                    if rank == "8":
                        self.duty = ADDON
                    else:
                        self._beat(seat, odd_jacks)
            elif rank == "8":
                self.top, self.last, self.duty = 8, None, ADDON
            else:
                if twist is not None:
                    ends = rank == "A" or (rank == "2" and self.options.two_in_vri == "ends_vri")
                    self.twist = None if ends else (twist[0], worth)
                self.last = (seat, rank) if rank in WAR_RANKS and twist is None else None
                self.top = worth
                self._beat(seat, odd_jacks)
        self.pile, self.run = pile, (run if pile.cards else _NO_RUN)
        self.pile_by = laid_by(old.cards, pile.cards, self.pile_by, seat)
        return True

    def _beat(self, seat: int, odd_jacks: bool) -> None:
        """The next player beats the pile: the direction turned by an odd number of jacks."""
        if odd_jacks:
            self.seating = self.seating.reversed()
        self.duty = BEAT
        self.turn = next_active(self._as_state, seat)


def playout(state: State, seq: int = 0) -> VriddiotPlayout:
    """A playout of the game from ``state`` (after ``seq`` events): ``RuleSet.playout``."""
    return VriddiotPlayout(state, seq)
