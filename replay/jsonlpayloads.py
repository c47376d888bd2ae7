"""The payloads of a JSON Lines file, packed and decoded once per distinct simple payload.

Reading a file (``replay.jsonl``), each event's payload fields are packed into the bytes
its hash covers and decoded into the rule set's payload object. Most events of a file
repeat a few small payloads (``{"card": "7H"}``, a pickup with no fields): ``Payloads``
keeps the bytes and the decoded object of each simple payload it has seen (top-level
fields that are text, whole numbers, true/false, null, or lists of text), so a payload
seen before costs one dictionary look-up instead of a pack, an unpack and a structuring.

Whatever the cache answers is what packing and decoding those very fields answers:

- the key holds each field's name, its JSON type and its value (lists as tuples), so two
  payloads share an entry only if they are the same JSON value field for field in the
  same order (``1`` and ``true`` differ; a decimal number is never simple: ``0.0`` and
  ``-0.0`` are equal in Python and pack differently);
- the bytes are ``ledger.pack`` of the fields, and the object is the codec's
  ``structure`` of them, computed the first time they are needed (only for an event
  whose hash holds): payload objects are frozen, so events may share one;
- a payload that cannot be packed or decoded is never kept: its error is raised each
  time, with the same sentence as without the cache.

The entries are per rule set (a type name means one class within one game) and at most
``LIMIT`` of them per rule set (the cache is emptied when full): memory stays bounded.
"""

from __future__ import annotations

from typing import Any

from tablelog.ledger import Codec, pack

__all__ = ["LIMIT", "Packed", "Payloads", "simple_key"]

LIMIT = 4096
"""The most simple payloads kept per rule set."""

_SCALARS = frozenset({str, int, bool, type(None)})


def simple_key(kind: str, version: int, fields: dict[str, Any]) -> tuple[Any, ...] | None:
    """A hashable key equal for two payloads exactly when they are the same JSON value
    (field names, order, types and values), or ``None`` when the payload is not simple."""
    key: list[Any] = [kind, version]
    for name, value in fields.items():
        of = type(value)
        if of is list:
            if not all(type(item) is str for item in value):
                return None
            value = tuple(value)
        elif of not in _SCALARS:
            return None
        key.append((name, of, value))
    return tuple(key)


_UNDECODED: Any = object()


class Packed:
    """One payload's bytes, and its decoded object once asked for."""

    __slots__ = ("blob", "body", "fields", "key")

    def __init__(self, blob: bytes, fields: dict[str, Any], key: tuple[Any, ...] | None) -> None:
        self.blob = blob
        self.fields: dict[str, Any] | None = fields
        self.body: Any = _UNDECODED
        self.key = key


class Payloads:
    """The payloads of one rule set's events in a file (``codec``: its codec)."""

    def __init__(self, codec: Codec) -> None:
        self.codec = codec
        self.known: dict[tuple[Any, ...], Packed] = {}

    def packed(self, kind: str, version: int, fields: dict[str, Any]) -> Packed:
        """The payload ``fields`` packed (``ledger.pack``'s ``LedgerError`` when they
        cannot be stored); ``fields`` must not be changed afterwards."""
        key = simple_key(kind, version, fields)
        found = None if key is None else self.known.get(key)
        if found is not None:
            return found
        made = Packed(pack(fields), fields, key)
        if key is not None:
            if len(self.known) >= LIMIT:
                self.known.clear()
            self.known[key] = made
        return made

    def body(self, kind: str, version: int, packed: Packed) -> Any:
        """The payload object of ``packed`` (the codec's ``CodecError`` when its fields do
        not make one: then the entry is forgotten, as an upcaster may have changed the
        fields, and the same payload met again is packed and decoded afresh)."""
        body = packed.body
        if body is _UNDECODED:
            fields = packed.fields
            assert fields is not None
            try:
                body = self.codec.structure(kind, version, fields)
            except BaseException:
                if packed.key is not None and self.known.get(packed.key) is packed:
                    del self.known[packed.key]
                raise
            packed.body, packed.fields = body, None
        return body
