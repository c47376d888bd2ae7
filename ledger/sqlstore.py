"""``SqlEventStore``: the event store's logic written once, for every SQL backend.

An append, an import and every read of the log are the same steps on SQLite and on
PostgreSQL; what differs is small and is all a backend writes:

- its statements' ``Dialect`` (``ledger.dialect``: the parameter marker, the row casts);
- ``_writing(game)``: one write transaction that serializes the writers of ``game`` (or,
  for ``None``, the creators of games): SQLite's ``BEGIN IMMEDIATE`` takes the file's write
  lock, PostgreSQL an advisory lock; ``_reading()``: a connection to read;
- ``_insert_events(conn, rows, bulk=...)``: the chained rows in, all or none (a savepoint),
  each with its event type's id: ``executemany``, or PostgreSQL's ``COPY`` for a bulk import;
- ``_insert_game(conn, values)``: a game row in, its id out (SQLite's rowid; PostgreSQL's
  ``max(id) + 1`` under the games lock);
- ``_written_order(conn, game)``: the events as written, for ``verify_chain`` (PostgreSQL
  streams them through a server-side cursor);
- conflict detection: ``_unique_violation``, the driver's error for a unique constraint, and
  ``_seq_taken(exc)``, whether it was (game, seq) (another writer got there first) rather
  than an event id.

Connections only need ``execute(sql, params)`` returning rows (sqlite3's and psycopg's
both do).
"""

from __future__ import annotations

import uuid
from collections.abc import Iterable, Sequence
from contextlib import AbstractContextManager, nullcontext
from itertools import starmap
from typing import Any, ClassVar

from tablelog.ledger.contract import EventStore, id_clash, retried
from tablelog.ledger.dialect import Dialect
from tablelog.ledger.errors import (
    AppendRefused,
    BadAppend,
    ConcurrencyConflict,
    DuplicateGame,
    UnknownGame,
    first_line,
)
from tablelog.ledger.hashing import chain_intact, chain_rows, genesis_hash, verify_records
from tablelog.ledger.records import (
    ChainProblem,
    GameRecord,
    GameSummary,
    NewEvent,
    StoredEvent,
    utc_now,
)

__all__ = ["SqlEventStore", "ids_repeated", "ids_taken"]

Conn = Any
"""A driver's connection (``sqlite3.Connection``, ``psycopg.Connection``)."""
Row = tuple[Any, ...]
"""A chained row (``hashing.chain_rows``): a ``StoredEvent``'s fields."""


class SqlEventStore(EventStore):
    """The ledger's recorder and reads over SQL; a backend adds what differs (above)."""

    path: str
    _dialect: Dialect
    _unique_violation: ClassVar[type[Exception]]

    # -- what a backend writes -----------------------------------------------------------

    def _writing(self, game: int | None) -> AbstractContextManager[Conn]:
        """One write transaction, committed on success, serializing the writers of ``game``
        (``None``: the creators of games) from reading the head to the commit."""
        raise NotImplementedError

    def _reading(self) -> AbstractContextManager[Conn]:
        """A connection to read from."""
        raise NotImplementedError

    def _insert_events(self, conn: Conn, rows: Iterable[Row], *, bulk: bool) -> None:
        """Insert chained rows, all or none; a unique violation leaves none of them."""
        raise NotImplementedError

    def _insert_game(self, conn: Conn, values: tuple[Any, ...]) -> int:
        """Insert a game row ``(uid, rules, rules_version, header, genesis, created)``."""
        raise NotImplementedError

    def _seq_taken(self, exc: Exception) -> bool:
        """Whether a unique violation was (game, seq), not an event id."""
        raise NotImplementedError

    def _written_order(
        self, conn: Conn, game: int
    ) -> AbstractContextManager[Iterable[StoredEvent]]:
        """The game's events in the order they were written (``verify_chain``)."""
        d = self._dialect
        return nullcontext(map(d.row, conn.execute(d.events_written, (game,))))

    # -- writing -------------------------------------------------------------------------

    def append(self, game: int, expected_seq: int, events: Sequence[NewEvent]) -> list[StoredEvent]:
        """Append ``events`` as seq ``expected_seq``, ``expected_seq + 1``... in one transaction.

        Raises ``ConcurrencyConflict`` if the game's head is not ``expected_seq - 1``. An
        append retried with the same event ids and contents returns the stored events and
        writes nothing.
        """
        if expected_seq < 1:
            raise BadAppend(
                f"events are numbered from 1, so an append cannot start at {expected_seq}"
            )
        if not events:
            return []
        with self._writing(game) as conn:
            head_seq, prev = self._head(conn, game)
            if head_seq != expected_seq - 1:
                stored = retried(
                    lambda event_id: self._where(conn, event_id),
                    lambda after, upto: self._events(conn, game, after, upto),
                    game,
                    expected_seq,
                    events,
                )
                if stored is None:
                    raise ConcurrencyConflict(game, expected_seq, head_seq)
                return stored
            rows = list(chain_rows(game, prev, events, first_seq=expected_seq))
            try:
                self._insert_events(conn, rows, bulk=False)
            except self._unique_violation as exc:
                if self._seq_taken(exc):
                    raise ConcurrencyConflict(
                        game, expected_seq, self._head(conn, game)[0]
                    ) from exc
                raise id_clash(lambda event_id: self._where(conn, event_id), events, exc) from exc
        return list(starmap(StoredEvent, rows))

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
    ) -> GameRecord:
        """Store a whole game and its events (seq 1, 2, 3...) in one transaction, the
        backend's bulk path.

        ``hashes`` are the event hashes an export file claims; if any differs from the
        recomputed chain, ``ChainBroken`` names the first such event and nothing is written.
        ``linked``: the caller checked every one of them against its event and the hash
        before it, from this game's genesis hash (``replay.jsonl``'s reader), so they are
        stored without being computed again (``hashing.chain_rows``).
        A game whose ``uid`` is already stored raises ``DuplicateGame``.
        """
        uid = uuid.uuid4().hex if uid is None else uid
        created = utc_now() if created is None else created
        genesis = genesis_hash(uid, header)
        with self._writing(None) as conn:
            existing = conn.execute(self._dialect.id_of_uid, (uid,)).fetchone()
            if existing is not None:
                raise DuplicateGame(uid, existing[0])
            game = self._insert_game(conn, (uid, rules, rules_version, header, genesis, created))
            try:
                rows = chain_rows(game, genesis, events, hashes, linked=linked)
                self._insert_events(conn, rows, bulk=True)
            except self._unique_violation as exc:
                raise ids_taken(uid, exc) from exc
        return GameRecord(game, uid, rules, rules_version, header, genesis, created)

    # -- reading -------------------------------------------------------------------------

    def game(self, game: int) -> GameRecord:
        """The stored game ``game``; ``UnknownGame`` if there is none."""
        return self._game(self._dialect.game_by_id, game)

    def game_by_uid(self, uid: str) -> GameRecord:
        """The stored game with this uid; ``UnknownGame`` if there is none."""
        return self._game(self._dialect.game_by_uid, uid)

    def last_game(self) -> int | None:
        """The id of the newest game (``max(id)``), or ``None`` in an empty database."""
        with self._reading() as conn:
            row = conn.execute("SELECT max(id) FROM games").fetchone()
        return None if row is None or row[0] is None else int(row[0])

    def games(self) -> list[GameSummary]:
        """Every game, by id, with its event count and head."""
        with self._reading() as conn:
            rows = conn.execute(self._dialect.summaries).fetchall()
        out = []
        for row in rows:
            record = GameRecord(*row[:7])
            count, head_seq, head_hash = row[7:]
            if head_seq is None:
                head_seq, head_hash = 0, record.genesis
            out.append(GameSummary(record, count, head_seq, bytes(head_hash)))
        return out

    def events(self, game: int, *, upto: int | None = None, after: int = 0) -> list[StoredEvent]:
        """The events of ``game`` with ``after < seq <= upto``, ordered by seq."""
        with self._reading() as conn:
            return self._events(conn, game, after, upto)

    def head(self, game: int) -> tuple[int, bytes]:
        """The seq and hash of the game's last event; ``(0, genesis)`` for an empty game."""
        with self._reading() as conn:
            return self._head(conn, game)

    def find_event(self, event_id: str) -> StoredEvent | None:
        """The stored event with this id, in whichever game, or ``None``."""
        d = self._dialect
        with self._reading() as conn:
            row = conn.execute(d.event_by_id, (d.stored_id(event_id),)).fetchone()
        return None if row is None else d.row(row)

    def verify_chain(
        self, game: int, read: Sequence[StoredEvent] | None = None
    ) -> list[ChainProblem]:
        """Recheck the game's header and hash chain, in the order events were written.

        Returns the problems found, first one first; an empty list means the chain is sound.
        ``read``: the game's events as ``events(game)`` just returned them (by seq); when
        the numbers were written 1, 2, 3... in that order and ``read`` is exactly those
        events, each linked to the one before, nothing can be found and the events are not
        read again (``verify --all`` reads each game once); else the whole check runs.
        """
        record = self.game(game)
        problems = []
        if genesis_hash(record.uid, record.header) != record.genesis:
            problems.append(
                ChainProblem(
                    0,
                    "the game's header was altered after it was recorded:"
                    " its genesis hash does not match it",
                )
            )
        with self._reading() as conn:
            # the numbers first (eight bytes an event), then the events, streamed once
            seqs = [row[0] for row in conn.execute(self._dialect.seqs_written, (game,))]
            if read is not None and _in_turn(seqs, read) and chain_intact(record.genesis, read):
                return problems
            with self._written_order(conn, game) as events:
                problems.extend(verify_records(record.genesis, events, seqs))
        return problems

    # -- helpers -------------------------------------------------------------------------

    def _game(self, sql: str, key: int | str) -> GameRecord:
        with self._reading() as conn:
            row = conn.execute(sql, (key,)).fetchone()
        if row is None:
            raise UnknownGame(key, self.path)
        return GameRecord(*row)

    def _events(self, conn: Conn, game: int, after: int, upto: int | None) -> list[StoredEvent]:
        d = self._dialect
        if upto is None:
            rows = conn.execute(d.events(upto=False), (game, after)).fetchall()
        else:
            rows = conn.execute(d.events(upto=True), (game, after, upto)).fetchall()
        if not rows:
            self._genesis(conn, game)  # raises UnknownGame
        return list(map(d.row, rows))

    def _head(self, conn: Conn, game: int) -> tuple[int, bytes]:
        row = conn.execute(self._dialect.head, (game,)).fetchone()
        if row is None:
            return 0, self._genesis(conn, game)
        return row[0], row[1]  # as stored (both drivers give bytes for a hash)

    def _genesis(self, conn: Conn, game: int) -> bytes:
        row = conn.execute(self._dialect.genesis, (game,)).fetchone()
        if row is None:
            raise UnknownGame(game, self.path)
        genesis: bytes = row[0]
        return genesis

    def _where(self, conn: Conn, event_id: str) -> tuple[int, int] | None:
        """Where the event with this id is stored: ``(game, seq)``, or ``None``."""
        d = self._dialect
        row = conn.execute(d.where_event, (d.stored_id(event_id),)).fetchone()
        return None if row is None else (row[0], row[1])


def ids_taken(uid: str | None, exc: Exception) -> AppendRefused:
    """The refusal of an imported game ``uid`` whose event ids are taken (``exc``: the
    driver's unique violation)."""
    game = "a game" if uid is None else f"game {uid}"
    return AppendRefused(
        f"cannot import {game}: an event id in it is already in the database ({first_line(exc)})"
    )


def ids_repeated(event_id: str, first: tuple[str, int], second: tuple[str, int]) -> AppendRefused:
    """The refusal of a batch (an import into an empty database) in which two events have
    one id: ``first`` and ``second`` as (game uid, event number), in the order written."""
    (uid, seq), (first_uid, first_seq) = second, first
    other = "of the same game" if first_uid == uid else f"of game {first_uid}"
    return AppendRefused(
        f"cannot import game {uid}: its event {seq} has the event id {event_id}, which"
        f" event {first_seq} {other} in this import has too; every event needs an id of its own"
    )


def _in_turn(seqs: Sequence[int], read: Sequence[StoredEvent]) -> bool:
    """Whether the numbers were written 1, 2, 3... and ``read`` is that many events."""
    return len(read) == len(seqs) and all(s == i for i, s in enumerate(seqs, 1))
