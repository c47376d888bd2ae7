"""Narrespillet's playout (``rules.playout``): the game walked forward for random play.

Two ways of holding the game, and the walk goes from one to the other:

* **in place** (``_Fields``), where most decisions happen: a participant on turn or a
  participant's refill waiting, every hand known, no claim, no Malderia (whose exorcism
  is asked of the full check). The walk holds the state's fields in one mutable object
  and changes them in place: a plain discard, forfeit, placement or Chariot load
  (``quick.turn_changes``; with the stock empty too, when no vote follows) and a
  participant's refill of its hand (``quick.draw_changes``) set the few fields they
  change, computed by the same functions the fold's ``quick_turn`` and ``quick_draw``
  use; a draw's plan is ``chance.plan_of``; no fold state is built unless ``state()`` is
  asked.
* **the fold's state** for everything else (a window's answer, a vote, a call, the
  Hermit, a picture card, the round's end and deal; a forfeit or placement closing the
  actor's last slot is made in place, ``quick._finished``): ``state()`` is built from
  the fields, and the event is made as ``apply`` makes it once its check has passed (a
  turn action by ``quick.quick_turn`` or else ``turn.turn_action`` and ``flow.settle``,
  a draw by ``quick.quick_draw`` or else ``chance.apply_draw`` and ``settle``, each
  followed by the absences' bookkeeping; other events by ``turn.unchecked``, ``apply``
  without its check). After it the walk goes back in place if the new state allows.

A turn's listing (in place, or of a fold state with every hand known) is
``indexed.Indexed`` of ``listing.turn_parts``: every move decided, its ``Move`` made only
when read (``random.choice`` reads one).

What is left out is validation (``checks.check``, ``chance.check_draw``). The cards a
draw is drawn from (``chance.stock_pool``) are kept once asked: the in-place events and
the shortcut draws move known cards between known places, and a draw takes its cards out
of them; any other event asks them anew.

The kit's ``divergence`` compares the listing, the chance step, the outcome and the whole
state with the fold's at every step (``tests/rules/test_narrespillet_playout.py`` walks
every option set that changes play to the end of the game).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, cast

from tablelog.rules.cards import Card
from tablelog.rules.events import Deal, Event, Move
from tablelog.rules.narrespillet import events as ev
from tablelog.rules.narrespillet.absences import checked
from tablelog.rules.narrespillet.chance import (
    apply_draw,
    chance,
    draw_step,
    plan_for,
    plan_of,
    pool_from,
    stock_pool,
)
from tablelog.rules.narrespillet.flow import settle
from tablelog.rules.narrespillet.indexed import Indexed
from tablelog.rules.narrespillet.listing import turn_parts
from tablelog.rules.narrespillet.moves import moves, turn_moves
from tablelog.rules.narrespillet.outcome import outcome
from tablelog.rules.narrespillet.quick import draw_changes, quick_draw, quick_turn, turn_changes
from tablelog.rules.narrespillet.state import MALDERIA, PLAY, State
from tablelog.rules.narrespillet.take import unknown_of
from tablelog.rules.narrespillet.turn import TURN_ACTIONS, turn_action, unchecked
from tablelog.rules.protocol import ChanceStep, Outcome
from tablelog.rules.table import evolve

__all__ = ["Walk", "playout"]

_IN_PLACE = (ev.Discard, ev.Forfeit, ev.Place, ev.Load)
"""The turn actions made in place (when ``quick.turn_changes`` makes them)."""

_CHANGED: tuple[str, ...] = ("hands", "opens", "discard", "slots", "clock", "queue")
_CHANGED += ("actor", "turn", "optional", "stock", "chariots", "fronts", "has_chariot")
_CHANGED += ("strength", "hermit", "finished", "revealed")
"""Every field ``quick.turn_changes`` and ``quick.draw_changes`` may set."""


class _Fields:
    """A state's fields, changed in place: it answers what the listing and the quick
    paths read of a state (its fields, and ``n``, ``players``, ``options`` of its table,
    read once). Never give it to a function remembered per state (``memo.per_state``:
    ``plan_for``, ``unknown``, ``to_act``): those remember by identity, and this object
    changes; their unremembered forms (``plan_of``, ``unknown_of``) are asked instead."""

    def __init__(self, state: State) -> None:
        into = self.__dict__
        into.update(state.__dict__)
        table = state.table
        into.update(table=table, n=table.n, players=table.players, options=table.options)


def _in_place(state: State) -> bool:
    """Whether ``state`` may be walked in place (see the module's text)."""
    return (
        state.phase == PLAY
        and not state.claims
        and not state.stock.cards
        and (state.actor is not None or bool(state.queue and state.queue[0].kind == "refill"))
        and state.options.variant != MALDERIA
        and not any(zone.hidden for zone in state.hands)
    )


class Walk:
    """One Narrespillet game in progress (see the module's text)."""

    __slots__ = ("_base", "_fields", "_pool", "_state", "seq")

    def __init__(self, state: State, seq: int = 0) -> None:
        self._pool: tuple[Card, ...] | None = None  # ``stock_pool`` of the state, once known
        self.seq = seq
        self._fields: State | None = None  # the fields changed in place, when walked so
        self._base = state  # the state the fields were read from
        self._state: State | None = state  # the fold state, when it is built
        self._enter(state)

    def _enter(self, state: State) -> None:
        """Walk in place from ``state`` if it allows (else hold the state)."""
        self._state = state
        if _in_place(state):
            self._fields = cast(State, _Fields(state))
            self._base = state
        else:
            self._fields = None

    def moves(self) -> Sequence[Move]:
        fields = self._fields
        if fields is not None:
            who = fields.actor
            if who is not None:
                return Indexed(turn_parts(fields, who))
        state = self.state()
        who = state.actor
        if who is not None and state.phase == PLAY:
            hands = state.hands
            if not any(hands[s].hidden for s in range(state.n)):
                return Indexed(turn_parts(state, who))  # ``turn_moves``' listing, in parts
            return tuple(turn_moves(state, who))  # the listing of a turn, without the loop
        return tuple(moves(state))

    def chance(self) -> ChanceStep | None:
        fields = self._fields
        if fields is not None:
            if fields.actor is not None:
                return None  # a participant is on turn: nothing is drawn or answered
            plan = plan_of(fields)
            if plan is not None:
                pool = self._pool
                if pool is None:
                    pool = self._pool = pool_from(unknown_of(fields))
                return draw_step(fields, plan, pool)
        state = self.state()
        if state.actor is not None and state.phase == PLAY:
            return None
        plan = plan_for(state)
        if plan is None:
            return chance(state)
        pool = self._pool
        if pool is None:
            pool = self._pool = stock_pool(state)
        return draw_step(state, plan, pool)

    def play(self, move: Move) -> None:
        self.seq += 1
        p = move.payload
        fields = self._fields
        tried = False  # whether ``quick`` was asked already (and said no)
        if fields is not None:
            who = fields.actor
            changes: dict[str, Any] | None = None
            if who is not None:
                if type(p) in _IN_PLACE:
                    changes = turn_changes(fields, who, p)
                tried = True  # ``quick_turn`` makes no other turn action
            elif type(p) is Deal:
                changes = draw_changes(fields, p)
                tried = True
                if changes is not None and self._pool is not None:
                    self._pool = _without(self._pool, [d.card for d in p.cards])
            if changes is not None:
                fields.__dict__.update(changes)
                self._state = None
                return
        self._enter(self._made(self.state(), move, tried, fields is not None))

    def _made(self, state: State, move: Move, tried: bool, known: bool) -> State:
        """The state after ``move``, made as ``apply`` makes it once checked (``tried``:
        ``quick`` said no to it already; ``known``: ``state`` was walked in place, so every
        card in a hand, the open cards, the Chariots and Justice's is known)."""
        p = move.payload
        who = state.actor
        event = Event(self.seq, move.actor, p)
        if who is not None and state.phase == PLAY and isinstance(p, TURN_ACTIONS):
            made = None if tried else quick_turn(state, who, p)
            if made is None:  # the general path: a finish, a picture card, a window...
                made = settle(turn_action(state, who, p))
                if not known or made.phase != PLAY or made.round != state.round:
                    self._pool = None  # a face-down card bound, or every card gathered
                # else: a turn action of known cards deals, shows, binds or gathers none,
                # so the cards unaccounted for are the same (draws and votes are events of
                # their own; Death's stock goes face down to the discard pile)
            # else: known cards moved between known places, the pool is the same
        elif isinstance(p, Deal) and state.phase == PLAY:
            made = None if tried else quick_draw(state, p)
            pool = self._pool
            if made is None or pool is None:
                self._pool = None
                made = made or settle(apply_draw(state, event))
            else:
                self._pool = _without(pool, [d.card for d in p.cards])
        else:
            self._pool = None
            return unchecked(state, event)  # ``apply`` without its check
        # the absences' bookkeeping, as ``apply`` does (nothing to do without a claim)
        return checked(event, made) if made.claims else made

    def outcome(self) -> Outcome | None:
        if self._fields is not None:
            return None  # walked in place only while a round is played
        state = self.state()
        return None if state.actor is not None else outcome(state)

    def state(self) -> State:
        state = self._state
        if state is None:
            fields = self._fields
            assert fields is not None
            now = fields.__dict__
            state = self._state = evolve(self._base, **{name: now[name] for name in _CHANGED})
        return state


def _without(pool: tuple[Card, ...], drawn: list[Card | None]) -> tuple[Card, ...] | None:
    """``pool`` without the ``drawn`` cards (``None`` if one is not in it: asked anew)."""
    for card in drawn:
        if card not in pool:
            return None
        i = pool.index(card)
        pool = pool[:i] + pool[i + 1 :]
    return pool


def playout(state: State, seq: int = 0) -> Walk:
    """A playout of the game from ``state`` (after ``seq`` events)."""
    return Walk(state, seq)
