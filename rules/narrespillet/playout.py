"""Narrespillet's playout (``rules.playout``): the game walked forward for random play.

It holds the fold's own state and moves it on with the fold's own pieces, leaving out
what a walk of listed moves does not need:

* **no validation**: a turn action (the actor's, no window open) is made by
  ``turn.turn_action`` and a draw from the stock by ``chance.apply_draw``, each followed
  by ``flow.settle`` and the absences' bookkeeping (``absences.checked``), as ``apply``
  does once its check has passed; the check (``checks.check``, ``chance.check_draw``: the
  dealt cards against the unaccounted ones) is what is left out. Every other event (a
  window's answer, a vote, a call, the Hermit, a shown card, the round's deal) goes
  through ``apply`` itself.
* **no question asked twice**: while a participant is on turn no chance step is due and
  the game is running, so ``chance`` and ``outcome`` answer ``None`` at once; else they
  are the fold's.

So ``state()`` is the fold's state itself, and the listing is ``moves`` of it: the kit's
``divergence`` compares them with the fold's at every step
(``tests/rules/test_narrespillet_playout.py`` walks every option set that changes play).
"""

from __future__ import annotations

from tablelog.rules.events import Deal, Event, Move
from tablelog.rules.narrespillet.absences import checked
from tablelog.rules.narrespillet.chance import apply_draw, chance
from tablelog.rules.narrespillet.flow import settle
from tablelog.rules.narrespillet.moves import moves
from tablelog.rules.narrespillet.outcome import outcome
from tablelog.rules.narrespillet.quick import quick_draw, quick_turn
from tablelog.rules.narrespillet.state import PLAY, State
from tablelog.rules.narrespillet.turn import TURN_ACTIONS, apply, turn_action
from tablelog.rules.protocol import ChanceStep, Outcome

__all__ = ["Walk", "playout"]


class Walk:
    """One Narrespillet game in progress (see the module's text)."""

    __slots__ = ("_state", "seq")

    def __init__(self, state: State, seq: int = 0) -> None:
        self._state = state
        self.seq = seq

    def moves(self) -> tuple[Move, ...]:
        return tuple(moves(self._state))

    def chance(self) -> ChanceStep | None:
        state = self._state
        if state.actor is not None and state.phase == PLAY:
            return None  # a participant is on turn: nothing is drawn or answered
        return chance(state)

    def play(self, move: Move) -> None:
        self.seq += 1
        state = self._state
        event = Event(self.seq, move.actor, move.payload)
        p = move.payload
        who = state.actor
        if who is not None and state.phase == PLAY and isinstance(p, TURN_ACTIONS):
            made = quick_turn(state, who, p) or settle(turn_action(state, who, p))
            self._state = checked(event, made)
        elif isinstance(p, Deal) and state.phase == PLAY:
            made = quick_draw(state, event) or settle(apply_draw(state, event))
            self._state = checked(event, made)
        else:
            self._state = apply(state, event)

    def outcome(self) -> Outcome | None:
        state = self._state
        return None if state.actor is not None else outcome(state)

    def state(self) -> State:
        return self._state


def playout(state: State, seq: int = 0) -> Walk:
    """A playout of the game from ``state`` (after ``seq`` events)."""
    return Walk(state, seq)
