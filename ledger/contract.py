"""The backend contract: what every ledger store does, whatever database holds it.

``Ledger`` (SQLite, ``ledger/store.py``) is the embedded default; ``PostgresLedger``
(``ledger/postgres.py``) serves leagues and clubs. The contract has two halves:
``EventStore``, the recorder (the log, written and read), and ``ReadModels`` (derived data
kept beside it); ``LedgerStore`` is both. ``replay/`` and ``cli/`` are written against
these only, and one contract test suite (``tests/ledger``) runs against every backend.
The promises, each enforced by the database, not only by this code:

- append-only: ``games`` and ``events`` rows are never updated or deleted (triggers refuse
  it); corrections are new events;
- one event per (game, seq), one event per event id (unique constraints);
- an append is one transaction that checks the caller's expected seq against the game's
  head: a concurrent writer gets ``ConcurrencyConflict``, never a gap or a duplicate;
- an append retried with the same event ids and contents returns the stored events;
- a bulk import is one transaction, checked against the hashes an export file claims;
- ``verify_chain`` recomputes the chain in the order events were written (``pos``).

The helpers below are the parts of the contract that do not depend on the database.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator, Sequence
from contextlib import AbstractContextManager
from types import TracebackType
from typing import Protocol, Self, runtime_checkable

from tablelog.ledger.errors import AppendRefused, BadAppend, EventIdTaken, LedgerError, first_line
from tablelog.ledger.records import ChainProblem, GameRecord, GameSummary, NewEvent, StoredEvent
from tablelog.ledger.summaries import ResultRow

__all__ = [
    "EventStore",
    "LedgerStore",
    "ReadModels",
    "id_clash",
    "id_taken",
    "is_postgres_url",
    "retried",
    "same_event",
]

POSTGRES_SCHEMES = ("postgresql://", "postgres://")


def is_postgres_url(target: str) -> bool:
    """Whether ``target`` names a PostgreSQL database rather than a SQLite file."""
    return target.startswith(POSTGRES_SCHEMES)


@runtime_checkable
class EventStore(Protocol):
    """The recorder: the log itself, written and read (see the module's docstring for the
    promises). Every fact of a game is here; nothing here is derived.

    Writing: ``create_game`` / ``import_game`` (a game and its header, and a whole log in
    bulk), ``append`` with the expected seq, ``batch``. Reading: a game's record and its
    events, its ``head``, the games, an event by its id (how a retried append is known),
    and ``verify_chain``. A backend subclasses it (through ``LedgerStore``), inheriting the
    context manager and ``create_game``.
    """

    path: str
    """Where the ledger is, as shown to people (a file, or a URL without its password)."""

    def close(self) -> None: ...

    def __enter__(self) -> Self:
        return self

    def __exit__(
        self,
        exc_type: type[BaseException] | None,
        exc: BaseException | None,
        tb: TracebackType | None,
    ) -> None:
        self.close()

    def batch(self) -> AbstractContextManager[None]:
        """One transaction around several writes: all of them are committed, or none."""
        ...

    def create_game(
        self,
        rules: str,
        rules_version: int,
        header: bytes,
        *,
        uid: str | None = None,
        created: str | None = None,
    ) -> GameRecord:
        """Store a new game with no events yet; ``uid`` defaults to a fresh uuid4 hex."""
        return self.import_game(rules, rules_version, header, (), uid=uid, created=created)

    def append(
        self, game: int, expected_seq: int, events: Sequence[NewEvent]
    ) -> list[StoredEvent]: ...

    def import_game(
        self,
        rules: str,
        rules_version: int,
        header: bytes,
        events: Iterable[NewEvent],
        *,
        uid: str | None = None,
        created: str | None = None,
        hashes: Sequence[bytes] | None = None,
        linked: bool = False,
    ) -> GameRecord: ...

    def game(self, game: int) -> GameRecord: ...
    def last_game(self) -> int | None: ...
    def game_by_uid(self, uid: str) -> GameRecord: ...
    def games(self) -> list[GameSummary]: ...
    def events(
        self, game: int, *, upto: int | None = None, after: int = 0
    ) -> list[StoredEvent]: ...
    def head(self, game: int) -> tuple[int, bytes]: ...
    def find_event(self, event_id: str) -> StoredEvent | None: ...
    def verify_chain(
        self, game: int, read: Sequence[StoredEvent] | None = None
    ) -> list[ChainProblem]:
        """The header and hash chain rechecked in the order events were written;
        ``read``: the events ``events(game)`` just returned, which a sound chain needs
        not read again."""
        ...


@runtime_checkable
class ReadModels(Protocol):
    """Read models and caches: data derived from the log and kept beside it, which the
    ledger stores and never interprets; deleting it changes no answer, only the time the
    next reader takes (``ledger.summaries``)."""

    def results(
        self,
        *,
        rules: str | None = None,
        since: str | None = None,
        games: Sequence[int] | None = None,
    ) -> Iterator[ResultRow]:
        """Every game (filtered) with its head and stored summary (``ledger.summaries``)."""
        ...

    def store_summaries(self, rows: Iterable[tuple[int, bytes, str]]) -> None:
        """Keep ``(game, head, data)`` summaries, replacing older ones (derived data)."""
        ...


@runtime_checkable
class LedgerStore(EventStore, ReadModels, Protocol):
    """A whole ledger, what ``open_ledger`` returns: the recorder (``EventStore``) and the
    read models beside it (``ReadModels``). Code that only records or reads the log, or
    only reads the summaries, asks for the narrower one."""


FindEvent = Callable[[str], "tuple[int, int] | None"]
"""Where an event id is stored: ``(game, seq)``, or ``None``."""


def retried(
    find: FindEvent,
    stored: Callable[[int, int], list[StoredEvent]],
    game: int,
    expected_seq: int,
    events: Sequence[NewEvent],
) -> list[StoredEvent] | None:
    """The stored events if this append was already done (same ids and contents).

    ``stored(after, upto)`` reads the game's events with ``after < seq <= upto``.
    """
    first = events[0].event_id
    where = find(first)
    if where is None:
        return None
    if tuple(where) != (game, expected_seq):
        raise id_taken(first, where[0], where[1])
    found = stored(expected_seq - 1, expected_seq + len(events) - 1)
    if len(found) == len(events) and all(map(same_event, events, found)):
        return found
    raise AppendRefused(
        f"event id {first} was already recorded as event {expected_seq} of game {game}"
        " with different contents; a retried append must resend the same events"
    )


def id_clash(find: FindEvent, events: Sequence[NewEvent], exc: Exception) -> LedgerError:
    """Why the database refused an append's insert (an event id given twice, or taken)."""
    seen: set[str] = set()
    for e in events:
        if e.event_id in seen:
            return BadAppend(
                f"event id {e.event_id} is given to two events of the same append;"
                " every event needs an id of its own"
            )
        seen.add(e.event_id)
    for e in events:
        where = find(e.event_id)
        if where is not None:
            return id_taken(e.event_id, where[0], where[1])
    return AppendRefused(f"the database refused to record these events: {first_line(exc)}")


def id_taken(event_id: str, game: int, seq: int) -> LedgerError:
    """The error for an event id that another event already has."""
    return EventIdTaken(event_id, game, seq)


def same_event(new: NewEvent, stored: StoredEvent) -> bool:
    """Whether ``stored`` is ``new`` as recorded (a retried append)."""
    return (
        new.event_id == stored.event_id
        and new.type == stored.type
        and new.type_version == stored.type_version
        and new.actor == stored.actor
        and new.payload == stored.payload
        and new.recorded_at in (None, stored.recorded_at)
    )
