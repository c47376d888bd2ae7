"""The one place that joins the rules' event types to the ledger's codec.

The ledger stores bytes and knows no game; the rules know payload classes and no storage.
Here each rule set's payload classes (shared, own and legacy names) and the rules' cattrs
converter become that game's ``Codec``, and events and headers are turned into the
ledger's records and back. A type name means one class within one game, never across
games: ``play`` in an old Karnöffel log is Karnöffel's play, and no other game's.
"""

from __future__ import annotations

import time
import uuid
from collections.abc import Callable, Iterable
from functools import cache
from typing import Any

from tablelog.ledger import Codec, CodecError, NewEvent, StoredEvent, pack, unpack
from tablelog.rules.events import Event
from tablelog.rules.protocol import Header, RuleSet
from tablelog.rules.serial import converter

__all__ = [
    "codec",
    "decode_event",
    "decode_events",
    "decode_header",
    "encode_event",
    "encode_header",
    "event_decoder",
    "event_encoder",
    "header_dict",
    "new_event_id",
]


@cache
def codec(rules: RuleSet) -> Codec:
    """The codec for ``rules``' events: the shared types, its own, and their old names."""
    return Codec(converter, rules.event_types())


def new_event_id() -> str:
    """A fresh event id (the ledger recognises a retried append by it): 32 hex digits,
    the first 12 the time in milliseconds and the rest random (80 bits), so the ids of
    new events sort by time and land at the end of the ledger's unique index on event
    ids, where its pages are cached, instead of at random places in a big database."""
    return f"{time.time_ns() // 1_000_000:012x}{uuid.uuid4().hex[:20]}"


def encode_event(rules: RuleSet, event: Event) -> NewEvent:
    """An event as the ledger's record (a fresh id unless the event has one)."""
    return event_encoder(rules)(event)


def event_encoder(rules: RuleSet) -> Callable[[Event], NewEvent]:
    """``encode_event`` for one rule set, its codec looked up once (finding it hashes the
    rule set, every field of it: more than encoding a small event costs)."""
    encode = codec(rules).encode

    def record(event: Event) -> NewEvent:
        type_, version, data = encode(event.payload)
        return NewEvent(
            event_id=event.id or new_event_id(),
            type=type_,
            type_version=version,
            actor=event.actor,
            payload=data,
            recorded_at=event.recorded_at,
        )

    return record


def event_decoder(rules: RuleSet) -> Callable[[StoredEvent], Event]:
    """``decode_event`` for one rule set, its codec looked up once: finding it hashes the
    rule set, every field of it, which costs more than decoding a small event."""
    decode = codec(rules).decode

    def event(row: StoredEvent) -> Event:
        payload = decode(row.type, row.type_version, row.payload)
        return Event(row.seq, row.actor, payload, row.recorded_at, row.event_id)

    return event


def decode_event(rules: RuleSet, row: StoredEvent) -> Event:
    """A stored record as an event, its payload upcast to the current version."""
    return event_decoder(rules)(row)


def decode_events(rules: RuleSet, rows: Iterable[StoredEvent]) -> list[Event]:
    """Stored records as events, in order."""
    event = event_decoder(rules)
    return [event(row) for row in rows]


def header_dict(header: Header) -> dict[str, Any]:
    """The header as plain data (options with sorted keys; a game that is not a fork
    stores no fork fields, so its bytes and hashes are what they always were)."""
    data: dict[str, Any] = converter.unstructure(header)
    data["options"] = dict(sorted(data["options"].items()))
    for key in ("fork_of", "fork_at"):
        if data.get(key) is None:
            data.pop(key, None)
    return data


def encode_header(header: Header) -> bytes:
    """The header's canonical bytes: the same header always gives the same bytes."""
    return pack(header_dict(header))


def decode_header(data: bytes) -> Header:
    """A header from its stored bytes; ``CodecError`` if they do not hold one."""
    fields = unpack(data)
    try:
        return converter.structure(fields, Header)
    except Exception as exc:  # cattrs raises validation groups and builtins alike
        raise CodecError(f"the stored bytes do not hold a game's header: {exc}") from exc
