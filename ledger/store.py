"""``Ledger``: the append-only event store on one SQLite file.

Appends run in one ``BEGIN IMMEDIATE`` transaction each: read the game's head (its last
event row), check the caller's expected seq against it, chain the hashes, insert with
``executemany`` and commit. A concurrent writer therefore gets a ``ConcurrencyConflict``,
never a gap or a duplicate, and a retried append (same event ids) is recognised.
"""

from __future__ import annotations

import os
import sqlite3
from collections.abc import Iterable, Iterator
from contextlib import contextmanager
from typing import Any, ClassVar

from tablelog.ledger.contract import LedgerStore
from tablelog.ledger.dialect import Dialect
from tablelog.ledger.envelope import db_rows, unpack_id
from tablelog.ledger.errors import StorageFault, sqlite_faults
from tablelog.ledger.readmodels import SqlReadModels
from tablelog.ledger.schema import (
    SCHEMA_VERSION,
    create_schema,
    open_connection,
    prepare_connection,
    refuse_foreign,
    refuse_newer,
    schema_version,
)
from tablelog.ledger.sqlstore import SqlEventStore, ids_repeated, ids_taken
from tablelog.ledger.statements import INSERT_EVENT, INSERT_GAME, SQLITE, SQLITE_1
from tablelog.ledger.summaries import CREATE_SUMMARIES, UPSERT_SUMMARY
from tablelog.ledger.tables import EVENT_ID_INDEX

__all__ = ["Ledger"]

BATCH_CACHE_KIB = 8 * 1024
"""The page cache of a batch (KiB), the most memory SQLite holds for it: an import's peak
memory is this plus one game's worth, whatever the file's size. With 64 MiB the cache
filled as the database grew past it (``import`` of 10,000 games peaked at 171 MB against
101 MB with 8 MiB, in about the same CPU time); with SQLite's 2 MiB the system time per
imported event rose as imported event ids landed at random places of their index."""


@sqlite_faults
class Ledger(SqlEventStore, SqlReadModels, LedgerStore):
    """The event store in one SQLite file (or ``":memory:"``), with its own connection.

    Creates the schema if it is missing. Use as a context manager, or call ``close()``.
    ``readonly=True`` opens an existing file for reading only (``mode=ro``, or as immutable
    on read-only media): no pragma that writes, no schema, and the file is never created.
    Another application's SQLite file is refused before anything touches it (no WAL switch,
    no schema written); SQLite's errors come out as ``StorageFault`` sentences.
    """

    def __init__(self, path: str | os.PathLike[str], *, readonly: bool = False) -> None:
        self.path: str = os.fspath(path)
        self.readonly = readonly
        self._batched = False
        self._types: dict[str, int] = {}  # event type name -> event_types.id, as committed
        self._conn = open_connection(self.path, readonly)
        try:
            refuse_foreign(self._conn, self.path)
            prepare_connection(self._conn, readonly=readonly)
            found = SCHEMA_VERSION if readonly else create_schema(self._conn, self.path)
            self.upgraded_from = found if 0 < found < SCHEMA_VERSION else None
            """The schema this open upgraded the file from (``None``: it did not)."""
            version = schema_version(self._conn, self.path)
            refuse_newer(version, self.path)
            self.empty = version == 0
            """No tablelog schema yet (a read-only open of a file no game was written to)."""
            self.schema = version or SCHEMA_VERSION
            """The schema the file holds: 1 only in a read-only open of an old file."""
            self._dialect: Dialect = SQLITE if self.schema >= 2 else SQLITE_1
        except sqlite3.Error as exc:
            self._conn.close()
            raise StorageFault.of(exc, self.path) from exc
        except BaseException:
            self._conn.close()
            raise

    # -- life cycle ------------------------------------------------------------------

    def close(self) -> None:
        """Close the connection (idempotent)."""
        self._conn.close()

    def __repr__(self) -> str:
        return f"Ledger({self.path!r})"

    @property
    def connection(self) -> sqlite3.Connection:
        """The underlying connection, for read-only tooling (sqlite-utils, exports)."""
        return self._conn

    def _begin(self) -> None:
        """Start a write transaction, taking the write lock at once (``BEGIN IMMEDIATE``)."""
        if self.readonly:
            raise StorageFault(f"{self.path} was opened for reading only; nothing was written")
        try:
            self._conn.execute("BEGIN IMMEDIATE")
        except sqlite3.Error as exc:
            raise StorageFault.of(exc, self.path) from exc

    @contextmanager
    def batch(self) -> Iterator[None]:
        """One transaction around several writes (importing a file of many games): all of
        them are committed together, or none is. The page cache is raised meanwhile, as
        imported event ids land at random places of their index (``BATCH_CACHE_KIB``).

        Into an empty events table (a file imported into a new database) the unique index
        of the event ids is built once at the end instead of row by row (half of SQLite's
        time per imported event when the ids are random); a taken id is then found there,
        and the batch is refused naming the id and both events that have it
        (``AppendRefused``, ``ids_repeated``), with nothing written. Meanwhile the games after that
        one are still written and checked, so when one of them is refused for another
        reason first (a game the import holds twice, say), that refusal is the batch's;
        either way nothing is written."""
        (cache,) = self._conn.execute("PRAGMA cache_size").fetchone()
        self._conn.execute(f"PRAGMA cache_size = -{BATCH_CACHE_KIB}")
        try:
            with self._writing():
                self._batched = True
                try:
                    deferred = self._defer_id_index()
                    yield
                    if deferred:
                        self._build_id_index()
                finally:
                    self._batched = False
        finally:
            self._conn.execute(f"PRAGMA cache_size = {int(cache)}")

    def _defer_id_index(self) -> bool:
        """Drop the event ids' index (inside the batch's transaction) when the events table
        is empty and the index is exactly the schema's; whether it was dropped."""
        conn = self._conn
        if conn.execute("SELECT 1 FROM events LIMIT 1").fetchone() is not None:
            return False
        found = conn.execute(
            "SELECT sql FROM sqlite_master WHERE type = 'index' AND name = 'events_event_id'"
        ).fetchone()
        if found is None or found[0] != EVENT_ID_INDEX:
            return False
        conn.execute('DROP INDEX "events_event_id"')
        return True

    def _build_id_index(self) -> None:
        """Make the event ids' index again, as the schema writes it; a repeated id refuses
        the batch, naming the game of its second occurrence that was written first."""
        conn = self._conn
        try:
            conn.execute(EVENT_ID_INDEX)
        except sqlite3.IntegrityError as exc:
            row = conn.execute(
                "SELECT e.event_id, g.uid, e.seq, f.uid, e.first_seq FROM (SELECT event_id,"
                " game, seq, pos, row_number() OVER (PARTITION BY event_id ORDER BY pos) AS n,"
                " first_value(game) OVER (PARTITION BY event_id ORDER BY pos) AS first_game,"
                " first_value(seq) OVER (PARTITION BY event_id ORDER BY pos) AS first_seq"
                " FROM events) AS e JOIN games AS g ON g.id = e.game"
                " JOIN games AS f ON f.id = e.first_game WHERE e.n = 2 ORDER BY e.pos LIMIT 1"
            ).fetchone()
            if row is None:
                raise ids_taken(None, exc) from exc
            event_id, uid, seq, first_uid, first_seq = row
            first, second = (str(first_uid), first_seq), (str(uid), seq)
            raise ids_repeated(unpack_id(event_id), first, second) from exc

    @contextmanager
    def _writing(self, game: int | None = None) -> Iterator[sqlite3.Connection]:
        """One ``BEGIN IMMEDIATE`` transaction (the file's write lock serializes every
        writer, whatever ``game``): committed on success, rolled back otherwise.

        Inside ``batch()`` it joins the batch's transaction instead.
        """
        conn = self._conn
        if self._batched:
            yield conn
            return
        self._begin()
        try:
            yield conn
            conn.execute("COMMIT")
        except sqlite3.Error as exc:
            self._rollback()
            raise StorageFault.of(exc, self.path) from exc
        except BaseException:
            self._rollback()
            raise

    @contextmanager
    def _reading(self) -> Iterator[sqlite3.Connection]:
        yield self._conn

    def _rollback(self) -> None:
        """Roll back the open transaction, if any (after a fault: best effort)."""
        self._types.clear()  # type ids written by the transaction are gone with it
        try:
            if self._conn.in_transaction:
                self._conn.execute("ROLLBACK")
        except sqlite3.Error:
            pass  # the transaction is gone with the fault; SQLite rolled it back itself

    # -- writing ---------------------------------------------------------------------

    _unique_violation: ClassVar[type[Exception]] = sqlite3.IntegrityError

    def _insert_events(self, conn: sqlite3.Connection, rows: Iterable[Any], *, bulk: bool) -> None:
        """``executemany``, streamed (the type ids looked up as rows come), in a savepoint."""
        conn.execute("SAVEPOINT insert_events")
        try:
            conn.executemany(INSERT_EVENT, db_rows(rows, self._type_id))
        except BaseException:
            try:
                conn.execute("ROLLBACK TO insert_events")
                conn.execute("RELEASE insert_events")
            except sqlite3.Error:
                pass  # the fault rolled the whole transaction back already
            raise
        conn.execute("RELEASE insert_events")

    def _insert_game(self, conn: sqlite3.Connection, values: tuple[Any, ...]) -> int:
        game = conn.execute(INSERT_GAME, values).lastrowid
        assert game is not None
        return game

    def _seq_taken(self, exc: Exception) -> bool:
        return False  # BEGIN IMMEDIATE: no other writer between reading the head and the insert

    def _type_id(self, name: str) -> int:
        """The id of an event type name in ``event_types``, added there the first time
        (inside the caller's transaction; ``_rollback`` forgets what it added)."""
        found = self._types.get(name)
        if found is None:
            conn = self._conn
            row = conn.execute("SELECT id FROM event_types WHERE name = ?", (name,)).fetchone()
            if row is None:
                added = conn.execute("INSERT INTO event_types (name) VALUES (?)", (name,))
                assert added.lastrowid is not None
                found = added.lastrowid
            else:
                found = int(row[0])
            self._types[name] = found
        return found

    # -- read models -----------------------------------------------------------------

    def store_summaries(self, rows: Iterable[tuple[int, bytes, str]]) -> None:
        """Keep ``(game, head, data)`` summaries (replacing older ones), in one transaction.

        Derived data is committed without waiting for the disk (``synchronous=NORMAL`` for
        this transaction only): in WAL mode it stays ordered after the events it summarizes,
        which were synced when appended, and a summary lost to a power cut is recomputed by
        the next reader. Events are always committed with ``synchronous=FULL``."""
        relaxed = not self._batched
        try:
            if relaxed:
                self._conn.execute("PRAGMA synchronous=NORMAL")
            try:
                with self._writing() as conn:
                    conn.execute(CREATE_SUMMARIES)
                    conn.executemany(UPSERT_SUMMARY, rows)
            finally:
                if relaxed:
                    self._conn.execute("PRAGMA synchronous=FULL")
        except sqlite3.Error as exc:
            raise StorageFault(f"cannot keep the results summaries in {self.path}: {exc}") from exc
