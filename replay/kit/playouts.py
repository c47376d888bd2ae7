"""Invariant 6, ``playout``: a game's own playout walks with the fold at every state.

A game may give a playout (``rules.playout``, ``rules/playout.py``): the game walked
forward in place for fast random play. The fold stays the reference, so the kit walks
every history through the game's playout beside the fold: the playout is made from the
history's start state, each game event of the log is played on it (the event's own move:
a listed move or the dealt sample of a chance step), an ``undo`` or a ruling makes a new
playout from the fold state it leads back to, and a note changes nothing. At every state
``rules.playout.divergence`` compares the listing (same moves, same order), the chance
step and the outcome; at the deep states (``replay.kit.schedule``; every state with
``THOROUGH``) the state itself too (``playout.state() == state``), which may cost a full
state's building. A playout that raises is a divergence like any other.

The fold's listing of a state is made once: a game with a playout and no fast
``kinds``/``cards`` has its seats' menus read by the generator from the state's whole
listing (``replay.kit.sample.listing``), and this check compares that same listing; at the
deep states it then asks each seat to act's ``moves(state, seat)``, which must be the
seat's part of the whole listing in order (the generator no longer asked it).

A game without a playout of its own is not walked: ``FoldPlayout`` is the fold itself,
and checking it against itself would cost without meaning anything.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from tablelog.replay.kit.history import History
from tablelog.replay.kit.sample import Sampling, kept_listing
from tablelog.replay.kit.schedule import deep_states
from tablelog.replay.kit.walk import InvariantViolation, Probe, Step
from tablelog.rules.events import Move
from tablelog.rules.playout import Playout, divergence, playout_of
from tablelog.rules.protocol import RuleSet

__all__ = ["playout_probe"]


def _no_playout(step: Step, moves: Sequence[Move]) -> None:
    """A game without a playout of its own: nothing to walk beside the fold."""


def playout_probe(rules: RuleSet, history: History, sampling: Sampling) -> Probe:
    """The playout check as a probe of the checks' single walk."""
    if rules.playout is None:
        return Probe(_no_playout)
    deep = deep_states(history, sampling)
    held: list[Playout] = []

    def step(step: Step, moves: Sequence[Move]) -> None:
        event = step.event
        if event is None or (event.family == "meta" and step.state is not step.before):
            held[:] = [_made(rules, step)]  # the start, or an undo back to an earlier state
        elif event.family != "meta":
            _played(rules, held[0], step)
        listed = kept_listing(rules, step.state)  # the generator's, when it made one
        try:
            said = divergence(rules, held[0], step.state, whole=step.seq in deep, listed=listed)
        except Exception as error:
            said = f"comparing it with the fold raised {error!r}"
        if said is not None:
            raise InvariantViolation("playout", step.seq, f"{rules.name}'s playout: {said}")
        if listed is not None and step.seq in deep:
            _seats_filter_alike(rules, step, listed)

    return Probe(step)


def _made(rules: RuleSet, step: Step) -> Playout:
    """A playout of the step's fold state (``InvariantViolation`` if making it raises)."""
    try:
        return playout_of(rules, step.state, step.seq)
    except Exception as error:
        detail = f"{rules.name}'s playout could not be made from the fold's state: {error!r}"
        raise InvariantViolation("playout", step.seq, detail) from error


def _played(rules: RuleSet, game: Any, step: Step) -> None:
    """The step's event played on ``game``, numbered as in the log (a note before it
    numbers it past the fold's count of game events)."""
    event = step.event
    assert event is not None
    game.seq = event.seq - 1
    try:
        game.play(event.move)
    except Exception as error:
        detail = f"{rules.name}'s playout could not play {event.move!r}: {error!r}"
        raise InvariantViolation("playout", event.seq, detail) from error
    if game.seq != event.seq:
        detail = f"{rules.name}'s playout counts {game.seq} events after event {event.seq}"
        raise InvariantViolation("playout", event.seq, detail)


def _seats_filter_alike(rules: RuleSet, step: Step, listed: Sequence[Move]) -> None:
    """Each seat to act's ``moves(state, seat)`` is its part of the whole listing, in order:
    the generator read the seats' menus from the whole listing (``sample.listing``), so the
    seat filter is asked here, at the deep states."""
    for seat in rules.to_act(step.state):
        own = tuple(rules.moves(step.state, seat))
        if own != tuple(m for m in listed if m.actor == seat):
            detail = f"moves(state, {seat}) is not seat {seat}'s part of moves(state), in order"
            raise InvariantViolation("playout", step.seq, f"{rules.name}: {detail}")
