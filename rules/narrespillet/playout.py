"""Narrespillet's playout (``rules.playout``): the game walked forward for random play.

It holds the fold's own state and moves it on with the fold's own pieces, leaving out
what a walk of listed moves does not need:

* **no validation**: a turn action (the actor's, no window open) is made by
  ``quick.quick_turn`` (a plain discard, forfeit or placement in one new state) or else
  ``turn.turn_action`` and ``flow.settle``, and a draw from the stock by
  ``quick.quick_draw`` or else ``chance.apply_draw`` and ``settle``, each followed by the
  absences' bookkeeping (``absences.checked``), as ``apply`` does once its check has
  passed; the check (``checks.check``, ``chance.check_draw``: the dealt cards against the
  unaccounted ones) is what is left out. Every other event (a window's answer, a vote, a
  call, the Hermit, a shown card, the round's deal) goes through ``apply`` itself.
* **no question asked twice**: while a participant is on turn no chance step is due and
  the game is running, so ``chance`` and ``outcome`` answer ``None`` at once; else they
  are the fold's, but for the cards a draw is drawn from (``chance.stock_pool``): once
  asked, they are kept across the shortcuts, which move known cards between known places,
  and a shortcut draw takes its cards out of them; any other event asks them anew.

So ``state()`` is the fold's state itself, and the listing is ``moves`` of it: the kit's
``divergence`` compares them with the fold's at every step
(``tests/rules/test_narrespillet_playout.py`` walks every option set that changes play).
"""

from __future__ import annotations

from tablelog.rules.cards import Card
from tablelog.rules.events import Deal, Event, Move
from tablelog.rules.narrespillet.absences import checked
from tablelog.rules.narrespillet.chance import apply_draw, chance, draw_step, plan_for, stock_pool
from tablelog.rules.narrespillet.flow import settle
from tablelog.rules.narrespillet.moves import moves, turn_moves
from tablelog.rules.narrespillet.outcome import outcome
from tablelog.rules.narrespillet.quick import quick_draw, quick_turn
from tablelog.rules.narrespillet.state import PLAY, State
from tablelog.rules.narrespillet.turn import TURN_ACTIONS, apply, turn_action
from tablelog.rules.protocol import ChanceStep, Outcome

__all__ = ["Walk", "playout"]


class Walk:
    """One Narrespillet game in progress (see the module's text)."""

    __slots__ = ("_pool", "_state", "seq")

    def __init__(self, state: State, seq: int = 0) -> None:
        self._state = state
        self._pool: tuple[Card, ...] | None = None  # ``stock_pool`` of the state, once known
        self.seq = seq

    def moves(self) -> tuple[Move, ...]:
        state = self._state
        who = state.actor
        if who is not None and state.phase == PLAY:
            return tuple(turn_moves(state, who))  # the listing of a turn, without the loop
        return tuple(moves(state))

    def chance(self) -> ChanceStep | None:
        state = self._state
        if state.actor is not None and state.phase == PLAY:
            return None  # a participant is on turn: nothing is drawn or answered
        plan = plan_for(state)
        if plan is None:
            return chance(state)
        pool = self._pool
        if pool is None:
            pool = self._pool = stock_pool(state)
        return draw_step(state, plan, pool)

    def play(self, move: Move) -> None:
        self.seq += 1
        state = self._state
        p = move.payload
        who = state.actor
        if who is not None and state.phase == PLAY and isinstance(p, TURN_ACTIONS):
            made = quick_turn(state, who, p)
            if made is None:  # the general path may draw, reshuffle or end a round
                self._pool = None
                made = settle(turn_action(state, who, p))
            # else: known cards moved between known places, the pool is the same
        elif isinstance(p, Deal) and state.phase == PLAY:
            made = quick_draw(state, p)
            pool = self._pool
            if made is None or pool is None:
                self._pool = None
                made = made or settle(apply_draw(state, Event(self.seq, move.actor, p)))
            else:
                self._pool = _without(pool, [d.card for d in p.cards])
        else:
            self._pool = None
            self._state = apply(state, Event(self.seq, move.actor, p))
            return
        # the absences' bookkeeping, as ``apply`` does (nothing to do without a claim)
        self._state = checked(Event(self.seq, move.actor, p), made) if made.claims else made

    def outcome(self) -> Outcome | None:
        state = self._state
        return None if state.actor is not None else outcome(state)

    def state(self) -> State:
        return self._state


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
