"""Invariant 4, round trips: determinism, msgpack, the SQLite ledger, JSON Lines, notation.

The per-state parts (``state_survives``, ``notation_survives``) run inside the checks'
single walk; the per-history parts (``check_determinism``, ``check_storage``) once at
its end.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

import msgpack

from tablelog.ledger import Ledger
from tablelog.replay.codec import codec, decode_events, encode_event, encode_header
from tablelog.replay.fold import fold
from tablelog.replay.jsonl import export_lines, parse_lines
from tablelog.replay.kit.history import History
from tablelog.replay.kit.walk import InvariantViolation, Step
from tablelog.replay.merge import import_games
from tablelog.replay.notation import format_event_move
from tablelog.rules.errors import NotationError
from tablelog.rules.events import Move
from tablelog.rules.protocol import RuleSet, S
from tablelog.rules.serial import converter

__all__ = ["check_determinism", "check_storage", "notation_survives", "state_survives"]


def _violation(seq: int, detail: str) -> Exception:
    return InvariantViolation("roundtrip", seq, detail)


def state_survives(step: Step) -> None:
    """The state survives cattrs + msgpack and back unchanged."""
    data = msgpack.packb(converter.unstructure(step.state))
    back = converter.structure(msgpack.unpackb(data), type(step.state))
    if back != step.state:
        raise _violation(step.seq, "the state changed through msgpack and back")


def check_determinism(rules: RuleSet[S], history: History, last: Step) -> None:
    """Folding the log again gives a state equal to (and hashing as) the walk's last one:
    the walk was the first fold, step by step; this is the second, all at once."""
    again = fold(rules, history.header, history.events)
    if last.state != again or hash(last.state) != hash(again):
        raise _violation(last.seq, "folding the same log twice gave different states")


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
    """The log survives the codec, the ledger, and JSON Lines export then import."""
    game_codec = codec(rules)
    for event in history.events:
        type_, version, data = game_codec.encode(event.payload)
        if game_codec.decode(type_, version, data) != event.payload:
            raise _violation(event.seq, f"the {type_} payload changed through the codec")
    with Ledger(":memory:") as first, Ledger(":memory:") as second:
        record = first.create_game(rules.name, rules.version, encode_header(history.header))
        if history.events:
            first.append(record.id, 1, [encode_event(rules, e) for e in history.events])
        stored = decode_events(rules, first.events(record.id))
        if tuple(stored) != history.events:
            raise _violation(len(stored), "the log read back from the ledger differs")
        lines = list(export_lines(first, record.id))
        (parsed,) = parse_lines(lines, lambda name: rules)
        if parsed.events != history.events:
            raise _violation(len(stored), "the log read back from JSON Lines differs")
        (copy,) = import_games(second, [parsed])
        if second.head(copy.id) != first.head(record.id):
            raise _violation(len(stored), "the imported game's head hash differs")
        _events_equal(first.events(record.id), second.events(copy.id))


def _events_equal(one: list[Any], two: list[Any]) -> None:
    for a, b in zip(one, two, strict=True):
        if (a.seq, a.event_id, a.payload, a.hash) != (b.seq, b.event_id, b.payload, b.hash):
            raise _violation(a.seq, "an imported event differs from the exported one")
