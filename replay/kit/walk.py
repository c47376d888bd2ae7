"""Walking a history state by state, what an invariant looks at on the way (a ``Probe``),
and the error every invariant check raises."""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence
from typing import Generic

from tablelog.errors import Refusal
from tablelog.replay.fold import Replayer
from tablelog.replay.kit.history import History
from tablelog.replay.kit.sample import Sampling
from tablelog.rules.events import Event, Move
from tablelog.rules.frozen import frozen
from tablelog.rules.protocol import RuleSet, S

__all__ = ["InvariantViolation", "Probe", "ProbeMaker", "Step", "walk"]


class InvariantViolation(Refusal, AssertionError):
    """A rule set broke an invariant: which one, at which event, and how."""

    def __init__(self, invariant: str, seq: int, detail: str) -> None:
        self.invariant = invariant
        self.seq = seq
        self.detail = detail
        super().__init__(f"invariant {invariant} broken at event {seq}: {detail}")


@frozen
class Step(Generic[S]):
    """One state of a history: the event that led to it (``None`` at the start)."""

    seq: int
    event: Event | None
    before: S | None
    state: S
    effective: tuple[Event, ...]


def walk(rules: RuleSet[S], history: History) -> Iterator[Step[S]]:
    """Every state of ``history`` with the event that made it; an undo pops the
    replayer's stack of states instead of refolding. A history the kit generated carries
    the states its generator folded (``History.folded``): they are taken from there, so
    a history is folded once, not once more per walk."""
    folded = history.folded
    if folded is None:
        replayer = Replayer(rules, history.header)
    else:
        replayer = Replayer(rules, history.header, folded.start)
        replayer.apply = _recalled(rules, folded.applied)
    state = replayer.state
    yield Step(0, None, None, state, ())
    for event in history.events:
        before = state
        state = replayer.push(event)
        yield Step(event.seq, event, before, state, replayer.effective)


def _recalled(rules: RuleSet[S], applied: tuple[tuple[Event, S], ...]) -> Callable[[S, Event], S]:
    """``rules.apply`` answered from ``applied`` (each event with the state it made), in
    order; an event not met there in its turn is applied."""
    recalled = iter(applied)

    def apply(state: S, event: Event) -> S:
        kept = next(recalled, None)
        if kept is not None and kept[0] is event:
            return kept[1]
        return rules.apply(state, event)

    return apply


def _nothing_at_the_end(last: Step) -> None:
    """A probe with nothing to check once the walk is over."""


@frozen
class Probe:
    """One invariant's look at each state (given the state's sampled legal moves) and,
    once the walk is over, at the last one."""

    step: Callable[[Step, Sequence[Move]], None]
    end: Callable[[Step], None] = _nothing_at_the_end


ProbeMaker = Callable[[RuleSet, History, Sampling], Probe]
"""How an invariant makes its probe for one history."""
