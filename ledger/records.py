"""The neutral records the ledger stores and returns: bytes and ids, no game knowledge."""

from __future__ import annotations

from datetime import UTC, datetime
from typing import NamedTuple, Protocol

import attrs

__all__ = [
    "ChainProblem",
    "ChainedRecord",
    "GameRecord",
    "GameSummary",
    "NewEvent",
    "StoredEvent",
    "utc_now",
]


def utc_now() -> str:
    """The current time as UTC ISO-8601 with microseconds (``2024-05-01T20:15:03.123456+00:00``)."""
    return datetime.now(UTC).isoformat(timespec="microseconds")


@attrs.frozen
class NewEvent:
    """An event to append: its id, payload type and version, actor and encoded payload.

    ``recorded_at`` is filled with the current time when left ``None``.
    """

    event_id: str
    type: str
    type_version: int
    actor: int | None
    payload: bytes
    recorded_at: str | None = None


class StoredEvent(NamedTuple):
    """An event as stored: its place in a game, its contents and its hash (which covers the
    hash of the event before it: the link is in the hash, not stored beside it). A named
    tuple: reading a game makes one per event, and an attrs class's ``__init__`` sets its
    nine fields one call each, several times the cost of making the tuple."""

    game: int
    seq: int
    event_id: str
    type: str
    type_version: int
    actor: int | None
    payload: bytes
    recorded_at: str
    hash: bytes


class ChainedRecord(Protocol):
    """Anything ``verify_records`` can check: the fields an event's hash covers, and its hash."""

    @property
    def seq(self) -> int: ...
    @property
    def event_id(self) -> str: ...
    @property
    def type(self) -> str: ...
    @property
    def type_version(self) -> int: ...
    @property
    def actor(self) -> int | None: ...
    @property
    def payload(self) -> bytes: ...
    @property
    def recorded_at(self) -> str: ...
    @property
    def hash(self) -> bytes: ...


@attrs.frozen
class GameRecord:
    """A stored game: its local id, global uid, rule set, encoded header and genesis hash."""

    id: int
    uid: str
    rules: str
    rules_version: int
    header: bytes
    genesis: bytes
    created: str


@attrs.frozen
class GameSummary:
    """A game with its event count and head (``head_seq`` 0 and the genesis when empty)."""

    record: GameRecord
    events: int
    head_seq: int
    head_hash: bytes

    @property
    def head_short(self) -> str:
        """The head hash as players note it: its first 10 hex digits."""
        return self.head_hash.hex()[:10]


@attrs.frozen
class ChainProblem:
    """One thing wrong with a game's chain: the event (0 for the header) and why."""

    seq: int
    reason: str
