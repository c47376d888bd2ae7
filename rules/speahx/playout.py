"""Speahx's playout (``rules.playout``): one game walked forward in place, for random play.

Most decisions of a game are made in one stage: the player on turn lays hand cards whose
identities are all known, with no claim open (``moves._plain``). There the playout keeps
the state's fields in a dict it changes in place and lists and plays by the game's own
pure helpers: the remembered rank listings (``remembered.rank_listing``), ``cards.burn``,
``rules.laid.laid_by``, ``turns.passed``. A play, a pickup and a ``done`` change a few
fields; no state is built and nothing is validated (a playout is given only listed
moves).

Everything else (the deal, the refills and reveals, chance cards, flipped table cards,
gives, face-down hands, claims, the options that make a pickup or a chance card depend
on the hand) is rare in a game and goes through the fold itself: the state is built
from the fields, the fold's ``moves``, ``chance`` or ``apply`` asked, and the fields read
again from the state it returns. So the playout and the fold can part only where the
fast stage is played, which ``rules.playout.divergence`` checks at every step
(``tests/rules/test_speahx_playout.py``).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import attrs

from tablelog.rules.events import Event, Move
from tablelog.rules.laid import laid_by
from tablelog.rules.protocol import ChanceStep, Outcome
from tablelog.rules.speahx.cards import burn
from tablelog.rules.speahx.deal import chance
from tablelog.rules.speahx.events import Chance, Done, Flip, Pickup, Play
from tablelog.rules.speahx.moves import moves, plain_move, rank_listing
from tablelog.rules.speahx.play import apply
from tablelog.rules.speahx.state import (
    DRAW,
    HAND,
    HAND_SIZE,
    OVER,
    PLAY,
    State,
    Turn,
    event_cap,
    to_follow,
)
from tablelog.rules.speahx.turns import outcome, passed
from tablelog.rules.table import evolve
from tablelog.rules.zones import Zone

__all__ = ["SpeahxPlayout", "playout"]

_FIELDS = tuple(f.name for f in attrs.fields(State))


def playout(state: State, seq: int = 0) -> SpeahxPlayout:
    """A playout of ``state`` (after ``seq`` events), ``RuleSet.playout``."""
    return SpeahxPlayout(state, seq)


class SpeahxPlayout:
    """A Speahx game changed in place (see the module): the state's fields in ``_f``, the
    last state built from them (``_built``, ``None`` once a fast step changed them), and
    whether the fast stage is on (``_fast``)."""

    __slots__ = ("_built", "_cap", "_f", "_fast", "_table", "seq")

    def __init__(self, state: State, seq: int = 0) -> None:
        self.seq = seq
        self._table = state.table
        self._cap = event_cap(state.table.n)
        self._read(state)

    # -- the fold's side ---------------------------------------------------------------

    def _read(self, state: State) -> None:
        """Take the fields of a state the fold made, and whether its stage is the fast one."""
        self._f = {name: getattr(state, name) for name in _FIELDS}
        self._built: State | None = state
        options = self._table.options
        turn = state.turn
        self._fast = (
            state.phase == PLAY
            and turn.stage == HAND
            and not state.claims
            and not state.hands[turn.seat].hidden
            and not len(state.chance)
            and not len(state.flipped)
            and options.voluntary_pickup
            and options.chance_may_skip_playable
        )

    def state(self) -> State:
        """The fold state the playout stands for (built once per change)."""
        built = self._built
        if built is None:
            built = self._built = State(**self._f)
        return built

    # -- the playout interface ---------------------------------------------------------

    def moves(self) -> tuple[Move, ...]:
        """Every legal move, in the fold's order."""
        if not self._fast:
            return tuple(moves(self.state()))
        f = self._f
        turn: Turn = f["turn"]
        seat = turn.seat
        pile = f["pile"]
        top = pile[-1] if pile else None
        listed = rank_listing(
            f["hands"][seat].cards,
            top,
            to_follow(top, f["named"]),
            seat,
            self._table,
            f["finished"],
            self.state,
        )
        # the rest as ``moves._others`` lists them in the stage the fast path plays
        stock = len(f["stock"])
        if stock and not turn.burned:
            listed.append(plain_move(seat, Chance))
        if not stock and not len(f["hands"][seat]):
            listed += [Move(seat, Flip(i + 1)) for i in f["tables"][seat].occupied()]
        if pile and not turn.burned:
            listed.append(plain_move(seat, Pickup))
        if turn.burned:
            listed.append(plain_move(seat, Done))
        return tuple(listed)

    def chance(self) -> ChanceStep | None:
        """The fold's chance step (none is due in the fast stage)."""
        if self._fast:
            return None
        return chance(self.state())

    def outcome(self) -> Outcome | None:
        """The fold's outcome: ``None`` while the game runs."""
        if self._f["phase"] != OVER:
            return None
        return outcome(self.state())

    def play(self, move: Move) -> None:
        """Play ``move`` (listed, or a sample of the chance step)."""
        self.seq += 1
        payload = move.payload
        kind = type(payload)
        if self._fast and kind in _FAST:
            _FAST[kind](self, move.actor, payload)
            self._built = None
            return
        state = self.state()
        self._read(apply(state, Event(self.seq, move.actor, payload)))

    # -- the fast stage --------------------------------------------------------------

    def _lay(self, actor: int | None, payload: Play) -> None:
        """``play._play`` and ``turns.after_burn`` in the hand stage."""
        f = self._f
        turn: Turn = f["turn"]
        seat = turn.seat
        hands = list(f["hands"])
        held = list(hands[seat].cards)
        for card in payload.cards:
            held.remove(card)
        hands[seat] = hand = Zone(tuple(held))
        f["hands"] = tuple(hands)
        pile, burned = burn((*f["pile"], *payload.cards), len(payload.cards), self._table.options)
        f["named"] = payload.suit if pile else ""
        if burned:
            f["out"] = f["out"].add(*burned)
            self._laid(pile, actor)
            more = len(hand) or (not len(f["stock"]) and len(f["tables"][seat]))
            if more:
                f["turn"] = evolve(turn, stage=HAND, burned=True)
                self._counted()
                return
        else:
            self._laid(pile, actor)
        self._end(seat, refill=True)

    def _pickup(self, actor: int | None, payload: Pickup) -> None:
        """``play._pickup`` in the hand stage (no flipped card, no claim)."""
        f = self._f
        seat = f["turn"].seat
        hands = list(f["hands"])
        hands[seat] = hands[seat].add(*f["pile"])
        f["hands"] = tuple(hands)
        f["flipped"] = Zone()
        f["named"] = ""
        self._laid((), actor)
        self._end(seat, refill=False)

    def _done(self, actor: int | None, payload: Done) -> None:
        """``play._done``: the turn ends with the refill."""
        self._laid(self._f["pile"], actor)
        self._end(self._f["turn"].seat, refill=True)

    def _laid(self, pile: tuple[Any, ...], actor: int | None) -> None:
        """The new pile and who laid each of its cards (``rules.laid``)."""
        f = self._f
        f["pile_by"] = laid_by(f["pile"], pile, f["pile_by"], actor)
        f["pile"] = pile

    def _end(self, seat: int, *, refill: bool) -> None:
        """``turns.end_turn`` with no chance cards held: the refill, or the next turn."""
        f = self._f
        hand = f["hands"][seat]
        if refill and len(hand) < HAND_SIZE and len(f["stock"]):
            f["turn"] = Turn(seat)
            f["phase"] = DRAW
            self._fast = False
        else:
            out = seat not in f["finished"] and not (len(hand) or len(f["tables"][seat]))
            f["phase"], f["finished"], f["turn"] = passed(self._table, seat, f["finished"], out)
            if f["phase"] != PLAY:
                self._fast = False
            else:
                nxt = f["turn"].seat
                self._fast = not f["hands"][nxt].hidden
        self._counted()

    def _counted(self) -> None:
        """``apply``'s count, and the event bound (a game stops where it stands)."""
        f = self._f
        f["count"] = count = f["count"] + 1
        if count >= self._cap and f["phase"] != OVER:
            f["phase"] = OVER
            self._fast = False


_FAST: dict[type, Callable[[SpeahxPlayout, int | None, Any], None]] = {
    Play: SpeahxPlayout._lay,
    Pickup: SpeahxPlayout._pickup,
    Done: SpeahxPlayout._done,
}
"""The moves the fast stage plays itself; any other goes through the fold."""
