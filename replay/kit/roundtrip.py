"""Invariant 4, round trips: determinism, msgpack, the SQLite ledger, JSON Lines, notation.

The per-state parts (``state_survives``, ``applies_alike``, ``notation_survives``) run
inside the checks' single walk; the storage round trip (``check_storage``) once at its
end, the whole game written once and read back once (to an in-memory ledger kept for
a few games in a row: ``_Scratch``).
"""

from __future__ import annotations

import os
from collections.abc import Iterable

import msgpack

from tablelog.ledger import Ledger
from tablelog.replay.codec import codec, decode_events, encode_header, event_encoder
from tablelog.replay.jsonl import chain_of, export_lines, parse_lines
from tablelog.replay.kit.history import History
from tablelog.replay.kit.walk import InvariantViolation, Step
from tablelog.replay.notation import format_event_move
from tablelog.rules.errors import NotationError
from tablelog.rules.events import Move
from tablelog.rules.protocol import RuleSet, S
from tablelog.rules.serial import converter

__all__ = ["applies_alike", "check_storage", "notation_survives", "state_survives"]


def _violation(seq: int, detail: str) -> Exception:
    return InvariantViolation("roundtrip", seq, detail)


def state_survives(step: Step) -> None:
    """The state survives cattrs + msgpack and back unchanged."""
    data = msgpack.packb(converter.unstructure(step.state))
    back = converter.structure(msgpack.unpackb(data), type(step.state))
    if back != step.state:
        raise _violation(step.seq, "the state changed through msgpack and back")


def applies_alike(rules: RuleSet[S], step: Step[S]) -> None:
    """Applying the step's game event again to the state before it gives a state equal to
    (and hashing as) the walk's: the fold is a function of the log. The walk's state is
    the first fold's (the generator's, or the walk's own); this is a second application,
    made on the deep states (``replay.kit.schedule``), never a fold from the start."""
    event, before = step.event, step.before
    if event is None or before is None or event.family == "meta":
        return
    again = rules.apply(before, event)
    if again != step.state or hash(again) != hash(step.state):
        raise _violation(step.seq, "applying the same event twice gave different states")


def notation_survives(rules: RuleSet[S], step: Step[S], moves: Iterable[Move]) -> None:
    """The step's event and each of ``moves`` (legal in its state) format and parse back."""
    event, before = step.event, step.before
    if event is not None and before is not None and event.family != "meta":
        _same_text(rules, event.move, before, event.seq)
    for move in moves:
        _same_text(rules, move, step.state, step.seq + 1)


def _same_text(rules: RuleSet[S], move: Move, state: S, seq: int) -> None:
    text = format_event_move(rules, move, state)
    try:
        back = rules.parse(text, state)
    except NotationError as error:
        detail = f"{move!r} formats as {text!r}, which does not parse: {error}"
        raise _violation(seq, detail) from None
    if back != move:
        raise _violation(seq, f"{move!r} formats as {text!r}, which parses as {back!r}")


def check_storage(rules: RuleSet[S], history: History) -> None:
    """The log survives the codec, the ledger, and JSON Lines export then import: each
    event encoded once (and decoded back), the game written once and read back once, its
    JSON Lines export parsed back to the same events, with a hash chain that holds and
    leads to the ledger's head (the head hash chains every field of every event). The
    parsed game is not folded again (``tablelog import`` does: the walk was that fold)."""
    decode = codec(rules).decode
    encode = event_encoder(rules)
    rows = [encode(e) for e in history.events]
    for event, row in zip(history.events, rows, strict=True):
        if decode(row.type, row.type_version, row.payload) != event.payload:
            raise _violation(event.seq, f"the {row.type} payload changed through the codec")
    first = _SCRATCH.ledger()
    record = first.create_game(rules.name, rules.version, encode_header(history.header))
    if rows:
        first.append(record.id, 1, rows)
    stored = decode_events(rules, first.events(record.id))
    if tuple(stored) != history.events:
        raise _violation(len(stored), "the log read back from the ledger differs")
    lines = list(export_lines(first, record.id))
    (parsed,) = parse_lines(lines, lambda name: rules)
    if parsed.events != history.events:
        raise _violation(len(stored), "the log read back from JSON Lines differs")
    genesis, problems = chain_of(parsed)
    if problems:
        detail = f"the JSON Lines copy's hash chain does not hold: {problems[0].reason}"
        raise _violation(problems[0].seq, detail)
    if (parsed.hashes[-1] if parsed.hashes else genesis) != first.head(record.id)[1]:
        raise _violation(len(stored), "the JSON Lines copy's head hash differs")


class _Scratch:
    """The in-memory ledger the storage round trips write to: one for ``GAMES`` games in a
    row (opening one, schema and all, cost a short game's round trip twice over), then a
    fresh one, so it never holds more than ``GAMES`` games. A forked worker opens its own
    (an SQLite connection is not carried across a fork)."""

    GAMES = 25

    def __init__(self) -> None:
        self._ledger: Ledger | None = None
        self._pid = 0
        self._games = 0

    def ledger(self) -> Ledger:
        """The ledger for the next game's round trip."""
        if self._ledger is None or self._games >= self.GAMES or self._pid != os.getpid():
            if self._ledger is not None and self._pid == os.getpid():
                self._ledger.close()
            self._ledger, self._pid, self._games = Ledger(":memory:"), os.getpid(), 0
        self._games += 1
        return self._ledger


_SCRATCH = _Scratch()
