"""The fold: a game's state is ``reduce(rules.apply, effective_events, rules.start(header))``.

Meta events never reach the rules: a ``note`` changes nothing, and an ``undo`` retracts
the most recent still-effective event. In a game dealt by the seeded dealer the chance
events are the dealer's, not anybody's entry, so an undo there retracts the most recent
effective *move* together with the dealer's events that followed it.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Sequence
from typing import Any

from rules.errors import IllegalEvent
from rules.events import Event, Note, Undo
from rules.protocol import Header, RuleSet

__all__ = ["effective_events", "fold", "fold_from", "states", "step", "undo_target"]


def undo_target(effective: Sequence[Event], seeded: bool) -> int | None:
    """The index in ``effective`` from which an undo now retracts, or ``None`` if nothing."""
    i = len(effective)
    if seeded:
        while i and effective[i - 1].family == "chance":
            i -= 1
    return i - 1 if i else None


def effective_events(events: Iterable[Event], seeded: bool) -> list[Event]:
    """The events still in effect: notes dropped, undone events and undos removed.

    Raises ``IllegalEvent`` for an undo with nothing left to retract.
    """
    effective: list[Event] = []
    for event in events:
        payload = event.payload
        if isinstance(payload, Note):
            continue
        if isinstance(payload, Undo):
            start = undo_target(effective, seeded)
            if start is None:
                raise IllegalEvent(event, "there is nothing to undo")
            del effective[start:]
            continue
        effective.append(event)
    return effective


def fold_from(rules: RuleSet, state: Any, events: Iterable[Event]) -> Any:
    """Apply ``events`` (game events only) to ``state`` one by one."""
    apply = rules.apply
    for event in events:
        state = apply(state, event)
    return state


def fold(rules: RuleSet, header: Header, events: Iterable[Event]) -> Any:
    """The state after ``events`` (the full log, meta events included)."""
    seeded = header.seed is not None
    return fold_from(rules, rules.start(header), effective_events(events, seeded))


def states(rules: RuleSet, header: Header, events: Sequence[Event]) -> Iterator[tuple[int, Any]]:
    """Every state of a log as ``(seq, state)``, from ``(0, start)`` to the last event.

    With no undo in the log this is one pass; an undo refolds from the start.
    """
    seeded = header.seed is not None
    start = rules.start(header)
    yield 0, start
    state = start
    if not any(isinstance(e.payload, Undo) for e in events):
        for event in events:
            if not isinstance(event.payload, Note):
                state = rules.apply(state, event)
            yield event.seq, state
        return
    for n, event in enumerate(events, 1):
        yield event.seq, fold_from(rules, start, effective_events(events[:n], seeded))


def step(rules: RuleSet, state: Any, event: Event) -> Any:
    """Apply one game event, refusing anything after the game is over."""
    if rules.outcome(state) is not None:
        raise IllegalEvent(event, "the game is over")
    return rules.apply(state, event)
