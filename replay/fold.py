"""The fold: a game's state is ``reduce(rules.apply, effective_events, rules.start(header))``.

Meta events never reach the rules: a ``note`` and an ``irregularity`` change nothing, an
``undo`` retracts the most recent still-effective event, and a ``ruling`` to replay or to
redeal retracts every effective event from the one it names (``ruling_target``). In a game
dealt by the seeded dealer the chance events are the dealer's, not anybody's entry, so an
undo there retracts the most recent effective *move* together with the dealer's events
that followed it.

``Replayer`` is the one way a log is folded: it keeps the effective events with the
state after each on a stack, so an undo pops instead of refolding, and folding a log of
N events, or listing every state along it, costs N applications whatever the undos.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Sequence
from typing import Generic

from tablelog.rules.errors import IllegalEvent
from tablelog.rules.events import Deal, Event, Irregularity, Note, Ruling, Undo
from tablelog.rules.protocol import Header, RuleSet, S

__all__ = [
    "Replayer",
    "effective_events",
    "fold",
    "fold_from",
    "ruling_target",
    "states",
    "step",
    "undo_target",
]


def undo_target(effective: Sequence[Event], seeded: bool) -> int | None:
    """The index in ``effective`` from which an undo now retracts, or ``None`` if nothing."""
    i = len(effective)
    if seeded:
        while i and effective[i - 1].family == "chance":
            i -= 1
    return i - 1 if i else None


def ruling_target(effective: Sequence[Event], event: Event) -> int:
    """The index in ``effective`` from which the ruling ``event`` retracts (its length for a
    ruling that lets the game stand); ``IllegalEvent`` naming what is wrong otherwise."""
    ruling: Ruling = event.payload
    if ruling.decision == "stand":
        return len(effective)
    if ruling.decision == "replay":
        since = ruling.since
        if since is None:
            raise IllegalEvent(
                event, "a replay names the event to replay from: ruling replay from N"
            )
        if since and all(e.seq != since for e in effective):
            raise IllegalEvent(event, f"event {since} is not in effect: nothing to replay from")
        start = next((i for i, e in enumerate(effective) if e.seq > since), None)
        if start is None:
            raise IllegalEvent(
                event, f"no event after event {since} is in effect: nothing to replay"
            )
        return start
    if ruling.decision == "redeal":
        deals = [i for i, e in enumerate(effective) if isinstance(e.payload, Deal)]
        if ruling.since is not None:
            deals = [i for i in deals if effective[i].seq == ruling.since]
            if not deals:
                raise IllegalEvent(event, f"event {ruling.since} is not a deal in effect")
        if not deals:
            raise IllegalEvent(event, "no deal is in effect: nothing to redeal")
        return deals[-1]
    raise IllegalEvent(event, f"a ruling is stand, replay or redeal, not {ruling.decision!r}")


class Replayer(Generic[S]):
    """A log folded event by event, with the effective events and their states on a stack.

    ``push(event)`` takes any event of the log: a note changes nothing, an undo pops the
    retracted events (``IllegalEvent`` if there is nothing to undo), a game event is
    applied with ``rules.apply`` (``check=True`` also refuses events after the game is
    over, as a new entry must be). ``state`` is the current state; ``effective`` the
    events still in effect.
    """

    __slots__ = ("_events", "_states", "apply", "rules", "seeded", "start")

    def __init__(self, rules: RuleSet[S], header: Header, start: S | None = None) -> None:
        self.rules = rules
        self.apply = rules.apply
        self.seeded = header.seed is not None
        self.start = rules.start(header) if start is None else start
        self._events: list[Event] = []
        self._states: list[S] = [self.start]

    @property
    def state(self) -> S:
        """The state after every event pushed so far."""
        return self._states[-1]

    @property
    def effective(self) -> tuple[Event, ...]:
        """The events still in effect, in order."""
        return tuple(self._events)

    def __len__(self) -> int:
        """How many events are in effect."""
        return len(self._events)

    def before(self, index: int) -> S:
        """The state just before the effective event at ``index``."""
        return self._states[index]

    def undo_target(self) -> int | None:
        """The index of the first effective event an undo would now retract."""
        return undo_target(self._events, self.seeded)

    def push(self, event: Event, *, check: bool = False) -> S:
        """Take one event of the log; returns the state after it."""
        kind = event.payload.__class__
        role = _ROLES[kind] if kind in _ROLES else _role(kind)
        if role:
            if role == _RETRACTS:
                start = _retracted(self._events, event, self.seeded)
                del self._events[start:]
                del self._states[start + 1 :]
            return self._states[-1]
        state = self._states[-1]
        if check and self.rules.outcome(state) is not None:
            raise IllegalEvent(event, "the game is over")
        after = self.apply(state, event)
        self._events.append(event)
        self._states.append(after)
        return after

    def extend(self, events: Iterable[Event]) -> S:
        """Push every event; returns the final state."""
        push = self.push
        for event in events:
            push(event)
        return self._states[-1]

    def copy(self) -> Replayer[S]:
        """An independent replayer at the same point (the states are shared: frozen)."""
        other: Replayer[S] = Replayer.__new__(Replayer)
        other.rules, other.apply, other.seeded = self.rules, self.apply, self.seeded
        other.start = self.start
        other._events, other._states = list(self._events), list(self._states)
        return other


_APPLIED, _CHANGES_NOTHING, _RETRACTS = 0, 1, 2
"""What a payload class is to the fold: a game event the rules apply, a note or an
irregularity (nothing changes), an undo or a ruling (events are retracted)."""

_ROLES: dict[type, int] = {}
"""Each payload class's role, found once per class (``_role``): a fold asks it of every
event, and a look-up by class costs less than the two ``isinstance`` of unions."""


def _role(kind: type) -> int:
    """``kind``'s role (``_APPLIED``, ``_CHANGES_NOTHING`` or ``_RETRACTS``), remembered."""
    if issubclass(kind, Note | Irregularity):
        role = _CHANGES_NOTHING
    elif issubclass(kind, Undo | Ruling):
        role = _RETRACTS
    else:
        role = _APPLIED
    _ROLES[kind] = role
    return role


def _retracted(effective: Sequence[Event], event: Event, seeded: bool) -> int:
    """Where an undo or a ruling cuts the effective events (``IllegalEvent`` if it cannot)."""
    if isinstance(event.payload, Ruling):
        return ruling_target(effective, event)
    start = undo_target(effective, seeded)
    if start is None:
        raise IllegalEvent(event, "there is nothing to undo")
    return start


def effective_events(events: Iterable[Event], seeded: bool) -> list[Event]:
    """The events still in effect: notes and irregularities dropped, events undone or
    taken back by a ruling removed, and the undos and rulings too.

    Raises ``IllegalEvent`` for an undo with nothing left to retract, or a ruling that
    names no event in effect.
    """
    effective: list[Event] = []
    for event in events:
        payload = event.payload
        if isinstance(payload, Note | Irregularity):
            continue
        if isinstance(payload, Undo | Ruling):
            del effective[_retracted(effective, event, seeded) :]
            continue
        effective.append(event)
    return effective


def fold_from(rules: RuleSet[S], state: S, events: Iterable[Event]) -> S:
    """Apply ``events`` (game events only) to ``state`` one by one."""
    apply = rules.apply
    for event in events:
        state = apply(state, event)
    return state


def fold(rules: RuleSet[S], header: Header, events: Iterable[Event]) -> S:
    """The state after ``events`` (the full log, meta events included)."""
    return Replayer(rules, header).extend(events)


def states(rules: RuleSet[S], header: Header, events: Sequence[Event]) -> Iterator[tuple[int, S]]:
    """Every state of a log as ``(seq, state)``, from ``(0, start)`` to the last event.

    One pass, undos included: each undo pops the replayer's stack.
    """
    replayer = Replayer(rules, header)
    yield 0, replayer.state
    for event in events:
        yield event.seq, replayer.push(event)


def step(rules: RuleSet[S], state: S, event: Event) -> S:
    """Apply one game event, refusing anything after the game is over."""
    if rules.outcome(state) is not None:
        raise IllegalEvent(event, "the game is over")
    return rules.apply(state, event)
