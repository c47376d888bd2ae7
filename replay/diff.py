"""Two logs of one game side by side: where do they part? (``tablelog diff A B``)

Two people at one table recorded the same game, or an export is compared with the
database. The logs are compared by what happened (each event's seq, type, actor and
payload), never by ids, times or hashes: two recordings of one game have different ones.
The answer is the first event where they part (or that one log stops first), with a few
events of context written in the game's notation on both sides.

When either log takes something back (an ``undo``, a ruling to replay or redeal), the
logs are compared by their *effective* events: what is still in effect once undone
events are set aside, notes too. A game and its variation (a fork) that both went on with
the same card after one of them undid a slip agree there; the answer names the first
effective event where they part, with each side's event number.
"""

from __future__ import annotations

from typing import Any

from tablelog.replay.fold import Replayer
from tablelog.replay.gate import RECORDER, Gate
from tablelog.rules.errors import IllegalEvent
from tablelog.rules.events import Event, Ruling, Undo
from tablelog.rules.frozen import frozen
from tablelog.rules.names import named_move
from tablelog.rules.protocol import Header, RuleSet

__all__ = ["Log", "LogDiff", "diff_logs"]

CONTEXT = 3
"""Events shown before the first difference, and after it on each side."""


@frozen
class Log:
    """One side of a diff: its name (``game 3``, a file), rule set, header and events."""

    name: str
    rules: RuleSet
    header: Header
    events: tuple[Event, ...]


@frozen
class LogDiff:
    """Where two logs part: ``first`` is the seq of the first event that differs (``None``
    when they are the same), ``why`` says how, ``rows`` are ``(seq, a, b, same)`` with each
    side's event in notation (``None`` where that log has no such event)."""

    a: str
    b: str
    first: int | None
    why: str
    rows: tuple[tuple[int, str | None, str | None, bool], ...]
    effective: bool = False
    """Whether ``first`` and the rows count effective events (undone ones set aside)
    rather than the logs' event numbers."""

    @property
    def same(self) -> bool:
        """Whether the two logs record the same events."""
        return self.first is None

    def as_dict(self) -> dict[str, Any]:
        """The shape of ``diff --json``."""
        return {
            "a": self.a,
            "b": self.b,
            "same": self.same,
            "first": self.first,
            "why": self.why,
            "effective": self.effective,
            "rows": [{"seq": s, "a": x, "b": y, "same": same} for s, x, y, same in self.rows],
        }


def _header_difference(a: Log, b: Log) -> str | None:
    ha, hb = a.header, b.header
    if ha.rules != hb.rules:
        return f"{a.name} is a game of {ha.rules} and {b.name} one of {hb.rules}"
    if tuple(ha.players) != tuple(hb.players):
        return (
            f"the players differ: {', '.join(ha.players)} in {a.name}, "
            f"{', '.join(hb.players)} in {b.name}"
        )
    if dict(ha.options) != dict(hb.options):
        keys = sorted(
            k for k in {*ha.options, *hb.options} if ha.options.get(k) != hb.options.get(k)
        )
        parts = [f"{k}={ha.options.get(k)} / {hb.options.get(k)}" for k in keys]
        return "the options differ: " + ", ".join(parts)
    if ha.dealer != hb.dealer:
        return f"the dealer differs: {ha.players[ha.dealer]} / {hb.players[hb.dealer]}"
    if ha.seed != hb.seed:  # never the seeds themselves: a seed deals every card again
        if ha.seed is None or hb.seed is None:
            seeded = a.name if hb.seed is None else b.name
            return f"only {seeded} was dealt by the seeded dealer"
        return "the seeded dealer's seeds differ: they deal different cards"
    return None


def _same(x: Event, y: Event) -> bool:
    return (x.seq, x.type, x.actor, x.payload) == (y.seq, y.type, y.actor, y.payload)


def _labels(log: Log, upto: int) -> list[str]:
    """The first ``upto`` events of ``log`` in notation (``Anna 7H``), each written in
    the state it was made in as the recorder saw it (``replay.gate``: in a seeded game, a
    deal's hidden cards are ``?``); after an event the rules refuse, by its type."""
    replayer = Replayer(log.rules, log.header)
    gate = Gate(log.rules, log.header, RECORDER)
    out: list[str] = []
    broken = False
    for event in log.events[:upto]:
        label = None
        if not broken:
            before = replayer.state
            try:
                after = replayer.push(event)
            except IllegalEvent:
                broken = True
                label = gate.label(before, event)
            else:
                label = gate.label(before, event, after)
        out.append(label or _kind(log, event))
    return out


def _kind(log: Log, event: Event) -> str:
    """An event that cannot be written in notation, by its kind and player (``Bo play``)."""
    players = log.header.players
    actor = event.actor
    if actor is None or not 0 <= actor < len(players):
        return event.kind
    return named_move(event.kind, players[actor])


def diff_logs(a: Log, b: Log) -> LogDiff:
    """The first event where ``a`` and ``b`` part, with context on both sides."""
    header = _header_difference(a, b)
    if header is not None:
        return LogDiff(a.name, b.name, 0, f"not the same game: {header}", ())
    if _takes_back(a) or _takes_back(b):
        effective = _effective_diff(a, b)
        if effective is not None:
            return effective
    common = 0
    for x, y in zip(a.events, b.events, strict=False):
        if not _same(x, y):
            break
        common += 1
    na, nb = len(a.events), len(b.events)
    if common == na == nb:
        return LogDiff(a.name, b.name, None, f"the logs agree on all {na} events", ())
    first = common + 1
    upto = common + 1 + CONTEXT
    la, lb = _labels(a, upto), _labels(b, upto)
    rows = []
    for i in range(max(0, common - CONTEXT), max(min(upto, na), min(upto, nb))):
        left = la[i] if i < na else None
        right = lb[i] if i < nb else None
        rows.append((i + 1, left, right, i < common))
    if common == na:
        why = f"{a.name} stops after event {na}; {b.name} goes on to event {nb}"
    elif common == nb:
        why = f"{b.name} stops after event {nb}; {a.name} goes on to event {na}"
    else:
        why = f"they part at event {first}: {la[common]} in {a.name}, {lb[common]} in {b.name}"
        if la[common] == lb[common]:
            why += " (they differ in cards nobody at the table was shown)"
    return LogDiff(a.name, b.name, first, why, tuple(rows))


def _takes_back(log: Log) -> bool:
    return any(isinstance(e.payload, Undo | Ruling) for e in log.events)


def _folded(log: Log) -> Replayer | None:
    replayer = Replayer(log.rules, log.header)
    try:
        replayer.extend(log.events)
    except IllegalEvent:
        return None  # a log the rules refuse is compared event by event
    return replayer


def _effective_labels(log: Log, replayer: Replayer, upto: int) -> list[str]:
    """The first ``upto`` effective events in notation, each with its event number, as
    the recorder saw them (``replay.gate``, as ``_labels``)."""
    gate = Gate(log.rules, log.header, RECORDER)
    out = []
    for i, event in enumerate(replayer.effective[:upto]):
        label = gate.label(replayer.before(i), event, replayer.before(i + 1))
        out.append(f"{label or _kind(log, event)} (event {event.seq})")
    return out


def _effective_diff(a: Log, b: Log) -> LogDiff | None:
    """The diff of the effective events, or ``None`` when a log cannot be folded."""
    ra, rb = _folded(a), _folded(b)
    if ra is None or rb is None:
        return None
    ea, eb = ra.effective, rb.effective
    common = 0
    for x, y in zip(ea, eb, strict=False):
        if (x.type, x.actor, x.payload) != (y.type, y.actor, y.payload):
            break
        common += 1
    na, nb = len(ea), len(eb)
    if common == na == nb:
        why = (
            f"the logs agree on all {na} effective events (what was undone differs:"
            f" {a.name} has {len(a.events)} events, {b.name} {len(b.events)})"
        )
        return LogDiff(a.name, b.name, None, why, (), effective=True)
    upto = common + 1 + CONTEXT
    la, lb = _effective_labels(a, ra, upto), _effective_labels(b, rb, upto)
    rows = []
    for i in range(max(0, common - CONTEXT), max(min(upto, na), min(upto, nb))):
        rows.append((i + 1, la[i] if i < na else None, lb[i] if i < nb else None, i < common))
    if common == na:
        why = f"{a.name} stops after {na} effective events; {b.name} goes on to {nb}"
    elif common == nb:
        why = f"{b.name} stops after {nb} effective events; {a.name} goes on to {na}"
    else:
        why = (
            f"they part at effective event {common + 1} (undone events set aside):"
            f" {la[common]} in {a.name}, {lb[common]} in {b.name}"
        )
    return LogDiff(a.name, b.name, common + 1, why, tuple(rows), effective=True)
