"""Invariant 4, round trips: determinism, msgpack, the SQLite ledger, JSON Lines, notation."""

from __future__ import annotations

from typing import Any

import msgpack

from ledger import Ledger
from replay.codec import codec, decode_events, encode_event, encode_header
from replay.fold import fold
from replay.jsonl import export_lines, import_games, parse_lines
from replay.kit.strategies import History
from replay.kit.walk import InvariantViolation, walk
from replay.notation import format_event_move
from rules.errors import NotationError
from rules.events import Note, Undo
from rules.protocol import RuleSet
from rules.serial import converter

__all__ = ["check_notation", "check_states", "check_storage"]


def _violation(seq: int, detail: str) -> Exception:
    return InvariantViolation("roundtrip", seq, detail)


def check_states(rules: RuleSet, history: History) -> None:
    """Folding twice gives equal states, and every state survives cattrs + msgpack."""
    once = fold(rules, history.header, history.events)
    again = fold(rules, history.header, history.events)
    if once != again or hash(once) != hash(again):
        raise _violation(len(history.events), "folding the same log twice gave different states")
    for step in walk(rules, history):
        data = msgpack.packb(converter.unstructure(step.state))
        back = converter.structure(msgpack.unpackb(data), type(step.state))
        if back != step.state:
            raise _violation(step.seq, "the state changed through msgpack and back")
    last = step.state
    if last != once:
        raise _violation(step.seq, "the step-by-step fold and the whole fold disagree")


def check_notation(rules: RuleSet, history: History) -> None:
    """Every event and every listed move formats and parses back to itself."""
    for step in walk(rules, history):
        event = step.event
        if event is not None and not isinstance(event.payload, Note | Undo):
            _same_text(rules, event.move, step.before, event.seq)
        for move in tuple(rules.moves(step.state)):
            _same_text(rules, move, step.state, step.seq + 1)


def _same_text(rules: RuleSet, move: Any, state: Any, seq: int) -> None:
    text = format_event_move(rules, move, state)
    try:
        back = rules.parse(text, state)
    except NotationError as error:
        detail = f"{move!r} formats as {text!r}, which does not parse: {error}"
        raise _violation(seq, detail) from None

    if back != move:
        raise _violation(seq, f"{move!r} formats as {text!r}, which parses as {back!r}")


def check_storage(rules: RuleSet, history: History) -> None:
    """The log survives the codec, the ledger, and JSON Lines export then import."""
    for event in history.events:
        type_, version, data = codec(rules).encode(event.payload)
        if codec(rules).decode(type_, version, data) != event.payload:
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
