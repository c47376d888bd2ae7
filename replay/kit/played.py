"""A random legal history played to its end, whoever draws the choices: Hypothesis
(``replay.kit.strategies.histories``) or a campaign's ``random.Random``
(``replay.kit.campaign``). Nothing here imports Hypothesis.

At every step the rules say what may happen: a pending chance step is sampled (by the
seeded dealer, exactly as ``tablelog`` deals a seeded game, or as a physical table would
enter it, face-down cards and all); otherwise ``Choices.move`` chooses a legal move. Now
and then (``Choices.rare``) a ``note`` or an ``undo`` is written, so corrections are
exercised too. Every event goes through the fold's validating ``apply`` (a
``Replayer``), whose states are kept with the history (``History.folded``) for the
checks' walk.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Generic

from tablelog.replay.dealer import chance_rng, sample
from tablelog.replay.fold import Replayer
from tablelog.replay.kit.history import Folded, History
from tablelog.rules.errors import IllegalEvent
from tablelog.rules.events import Event, Move, Note, Undo
from tablelog.rules.frozen import frozen
from tablelog.rules.protocol import Header, RuleSet, S

__all__ = ["Choices", "Played", "play"]


@frozen
class Choices(Generic[S]):
    """The choices a history is drawn with: ``rare``, whether to write a note or an undo
    now; ``note``, a note rather than an undo; ``move``, a legal move of a state (``None``:
    no seat to act, or the chosen seat has no move)."""

    rare: Callable[[], bool]
    note: Callable[[], bool]
    move: Callable[[S], Move | None]


@frozen
class Played:
    """A drawn history, and, if the fold's ``apply`` raised on a chosen move (a refusal of
    a listed move, or a crash in the rules), that move and what it raised: the history
    ends before it."""

    history: History
    stopped: tuple[Move, Exception] | None = None


def play(
    rules: RuleSet[S],
    header: Header,
    limit: int,
    physical: tuple[bool, int],
    choices: Choices[S],
    meta: bool = True,
) -> Played:
    """A history of ``rules`` from ``header``, played to the end or to ``limit`` game
    events; a physical game's chance steps (``physical``: whether the cards are seen,
    and a seed) are sampled from ``physical``."""
    replayer = Replayer(rules, header)
    state = replayer.state
    applied: list[tuple[Event, S]] = []  # the fold made here, kept for the checks' walk
    replayer.apply = _recording(rules, applied)
    events: list[Event] = []
    stopped: tuple[Move, Exception] | None = None
    while rules.outcome(state) is None and len(events) < 2 * limit + 8:
        seq = len(events) + 1
        if rules.chance(state) is None and len(replayer) >= limit:
            break  # long enough; a pending chance step is still dealt, as tablelog would
        if meta and choices.rare():  # rare; shrinks towards none
            event = _meta(choices, replayer, seq)
            if event is not None:
                events.append(event)
                state = replayer.state
                continue
        move = None
        try:  # a crash or a refusal ends the history here; the checks then reproduce it
            move = _next_move(choices, rules, header, state, seq, physical)
            if move is None:
                break  # the closure check reports a running game with nothing to do
            event = Event(seq, move.actor, move.payload)
            state = replayer.push(event)
        except Exception as error:
            stopped = None if move is None else (move, error)
            break
        events.append(event)
    history = History(header, tuple(events), Folded(replayer.start, tuple(applied)))
    return Played(history, stopped)


def _recording(rules: RuleSet[S], applied: list[tuple[Event, S]]) -> Callable[[S, Event], S]:
    """``rules.apply``, keeping each event it applied with the state it made."""
    apply = rules.apply

    def recording(state: S, event: Event) -> S:
        after = apply(state, event)
        applied.append((event, after))
        return after

    return recording


def _next_move(
    choices: Choices[S],
    rules: RuleSet[S],
    header: Header,
    state: S,
    seq: int,
    physical: tuple[bool, int],
) -> Move | None:
    """The dealer's chance move if one is pending, else the chosen move."""
    step = rules.chance(state)
    if step is not None:
        if header.seed is not None:
            return sample(step, chance_rng(header.seed, seq))
        known, seed = physical
        return sample(step, random.Random(seed + seq), known)
    return choices.move(state)


def _meta(choices: Choices[S], replayer: Replayer, seq: int) -> Event | None:
    """Maybe a note or an undo (pushed onto ``replayer``), or ``None`` if an undo had
    nothing to retract."""
    if choices.note():
        return Event(seq, None, Note("a remark"))
    undo = Event(seq, None, Undo())
    try:
        replayer.push(undo)
    except IllegalEvent:
        return None
    return undo
