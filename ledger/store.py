"""``Ledger``: the append-only event store on one SQLite file.

Appends run in one ``BEGIN IMMEDIATE`` transaction each: read the game's head (its last
event row), check the caller's expected seq against it, chain the hashes, insert with
``executemany`` and commit. A concurrent writer therefore gets a ``ConcurrencyConflict``,
never a gap or a duplicate, and a retried append (same event ids) is recognised.
"""

from __future__ import annotations

import os
import sqlite3
import uuid
from collections.abc import Iterable, Iterator, Sequence
from contextlib import contextmanager
from itertools import starmap
from typing import Any

from tablelog.ledger.contract import LedgerStore, id_clash, retried
from tablelog.ledger.envelope import db_rows, pack_id, stored_event
from tablelog.ledger.errors import (
    AppendRefused,
    BadAppend,
    ConcurrencyConflict,
    DuplicateGame,
    LedgerError,
    StorageFault,
    UnknownGame,
    sqlite_faults,
)
from tablelog.ledger.hashing import chain_rows, genesis_hash, verify_records
from tablelog.ledger.records import (
    ChainProblem,
    GameRecord,
    GameSummary,
    NewEvent,
    StoredEvent,
    utc_now,
)
from tablelog.ledger.schema import (
    SCHEMA_VERSION,
    create_schema,
    open_connection,
    prepare_connection,
    refuse_foreign,
    refuse_newer,
    schema_version,
)
from tablelog.ledger.statements import (
    GAME_COLUMNS,
    HEAD,
    INSERT_EVENT,
    INSERT_GAME,
    SELECT_EVENTS,
    SELECT_EVENTS_1,
    SUMMARIES,
)
from tablelog.ledger.summaries import (
    CREATE_SUMMARIES,
    HAS_SUMMARIES,
    UPSERT_SUMMARY,
    ResultRow,
    paged,
    results_query,
)

__all__ = ["Ledger"]

BATCH_CACHE_KIB = 64 * 1024
"""The page cache of a batch (KiB), the event-id index of about a million events: with
SQLite's 2 MiB the system time per imported event tripled from 1,000 to 10,000 games."""


@sqlite_faults
class Ledger(LedgerStore):
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
        imported event ids land at random places of their index (``BATCH_CACHE_KIB``)."""
        (cache,) = self._conn.execute("PRAGMA cache_size").fetchone()
        self._conn.execute(f"PRAGMA cache_size = -{BATCH_CACHE_KIB}")
        try:
            with self._write():
                self._batched = True
                try:
                    yield
                finally:
                    self._batched = False
        finally:
            self._conn.execute(f"PRAGMA cache_size = {int(cache)}")

    @contextmanager
    def _write(self) -> Iterator[sqlite3.Connection]:
        """One ``BEGIN IMMEDIATE`` transaction: committed on success, rolled back otherwise.

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

    def _rollback(self) -> None:
        """Roll back the open transaction, if any (after a fault: best effort)."""
        self._types.clear()  # type ids written by the transaction are gone with it
        try:
            if self._conn.in_transaction:
                self._conn.execute("ROLLBACK")
        except sqlite3.Error:
            pass  # the transaction is gone with the fault; SQLite rolled it back itself

    # -- writing ---------------------------------------------------------------------

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
        conn = self._conn
        self._begin()
        try:
            head = conn.execute(HEAD, (game,)).fetchone()
            head_seq, prev = (0, self._genesis(game)) if head is None else head
            if head_seq != expected_seq - 1:
                stored = self._retried(game, expected_seq, events)
                if stored is None:
                    raise ConcurrencyConflict(game, expected_seq, head_seq)
                conn.execute("ROLLBACK")
                return stored
            rows = list(chain_rows(game, prev, events, first_seq=expected_seq))
            try:
                conn.executemany(INSERT_EVENT, db_rows(rows, self._type_id))
            except sqlite3.IntegrityError as exc:
                raise self._id_clash(events, exc) from exc
            conn.execute("COMMIT")
        except sqlite3.Error as exc:
            self._rollback()
            raise StorageFault.of(exc, self.path) from exc
        except BaseException:
            self._rollback()
            raise
        return list(starmap(StoredEvent, rows))

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
    ) -> GameRecord:
        """Store a whole game and its events (seq 1, 2, 3...) in one transaction.

        ``hashes`` are the event hashes an export file claims; if any differs from the
        recomputed chain, ``ChainBroken`` names the first such event and nothing is written.
        A game whose ``uid`` is already stored raises ``DuplicateGame``.
        """
        uid = uuid.uuid4().hex if uid is None else uid
        created = utc_now() if created is None else created
        genesis = genesis_hash(uid, header)
        with self._write() as conn:
            existing = conn.execute("SELECT id FROM games WHERE uid = ?", (uid,)).fetchone()
            if existing is not None:
                raise DuplicateGame(uid, existing[0])
            values = (uid, rules, rules_version, header, genesis, created)
            game = conn.execute(INSERT_GAME, values).lastrowid
            assert game is not None
            rows = db_rows(chain_rows(game, genesis, events, hashes), self._type_id)
            try:
                conn.executemany(INSERT_EVENT, rows)
            except sqlite3.IntegrityError as exc:
                raise AppendRefused(
                    f"cannot import game {uid}: an event id in it is already in the database"
                    f" ({exc})"
                ) from exc
        return GameRecord(game, uid, rules, rules_version, header, genesis, created)

    # -- reading ---------------------------------------------------------------------

    def game(self, game: int) -> GameRecord:
        """The stored game ``game``; ``UnknownGame`` if there is none."""
        row = self._conn.execute(
            f"SELECT {GAME_COLUMNS} FROM games WHERE id = ?", (game,)
        ).fetchone()
        if row is None:
            raise UnknownGame(game, self.path)
        return GameRecord(*row)

    def last_game(self) -> int | None:
        """The id of the newest game (``max(id)``), or ``None`` in an empty database."""
        row = self._conn.execute("SELECT max(id) FROM games").fetchone()
        return None if row is None or row[0] is None else int(row[0])

    def game_by_uid(self, uid: str) -> GameRecord:
        """The stored game with this uid; ``UnknownGame`` if there is none."""
        row = self._conn.execute(
            f"SELECT {GAME_COLUMNS} FROM games WHERE uid = ?", (uid,)
        ).fetchone()
        if row is None:
            raise UnknownGame(uid, self.path)
        return GameRecord(*row)

    def games(self) -> list[GameSummary]:
        """Every game, by id, with its event count and head."""
        out = []
        for row in self._conn.execute(SUMMARIES):
            record = GameRecord(*row[:7])
            count, head_seq, head_hash = row[7:]
            if head_seq is None:
                head_seq, head_hash = 0, record.genesis
            out.append(GameSummary(record, count, head_seq, head_hash))
        return out

    def results(
        self,
        *,
        rules: str | None = None,
        since: str | None = None,
        games: Sequence[int] | None = None,
    ) -> Iterator[ResultRow]:
        """Every game (of ``rules``, created at or after ``since``, among ``games``) with its
        head and its stored summary (derived data: see ``ledger.summaries``), by id."""
        has = self._conn.execute(HAS_SUMMARIES).fetchone() is not None

        def page(after: int, limit: int) -> list[Any]:
            sql, params = results_query(
                with_summaries=has, rules=rules, since=since, games=games, after=after, limit=limit
            )
            return self._conn.execute(sql, params).fetchall()

        return paged(page)

    def store_summaries(self, rows: Iterable[tuple[int, bytes, str]]) -> None:
        """Keep ``(game, head, data)`` summaries (replacing older ones), in one transaction."""
        try:
            with self._write() as conn:
                conn.execute(CREATE_SUMMARIES)
                conn.executemany(UPSERT_SUMMARY, rows)
        except sqlite3.Error as exc:
            raise StorageFault(f"cannot keep the results summaries in {self.path}: {exc}") from exc

    def events(self, game: int, *, upto: int | None = None, after: int = 0) -> list[StoredEvent]:
        """The events of ``game`` with ``after < seq <= upto``, ordered by seq."""
        if upto is None:
            sql = f"{self._select} WHERE game = ? AND seq > ? ORDER BY seq"
            rows = self._conn.execute(sql, (game, after)).fetchall()
        else:
            sql = f"{self._select} WHERE game = ? AND seq > ? AND seq <= ? ORDER BY seq"
            rows = self._conn.execute(sql, (game, after, upto)).fetchall()
        if not rows:
            self._genesis(game)  # raises UnknownGame
        return list(map(self._row, rows))

    def find_event(self, event_id: str) -> StoredEvent | None:
        """The stored event with this id, in whichever game, or ``None``."""
        sql = f"{self._select} WHERE event_id = ?"
        row = self._conn.execute(sql, (self._stored_id(event_id),)).fetchone()
        return None if row is None else self._row(row)

    def head(self, game: int) -> tuple[int, bytes]:
        """The seq and hash of the game's last event; ``(0, genesis)`` for an empty game."""
        row = self._conn.execute(HEAD, (game,)).fetchone()
        if row is None:
            return 0, self._genesis(game)
        return row[0], row[1]

    def verify_chain(self, game: int) -> list[ChainProblem]:
        """Recheck the game's header and hash chain, in the order events were written.

        Returns the problems found, first one first; an empty list means the chain is sound.
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
        numbers = self._conn.execute("SELECT seq FROM events WHERE game = ? ORDER BY pos", (game,))
        seqs = [row[0] for row in numbers]  # the numbers first, then the events streamed once
        rows = self._conn.execute(f"{self._select} WHERE game = ? ORDER BY pos", (game,))
        problems.extend(verify_records(record.genesis, map(self._row, rows), seqs))
        return problems

    # -- helpers ---------------------------------------------------------------------

    @property
    def _select(self) -> str:
        return SELECT_EVENTS if self.schema >= 2 else SELECT_EVENTS_1

    def _row(self, row: tuple[Any, ...]) -> StoredEvent:
        return stored_event(row) if self.schema >= 2 else StoredEvent(*row)

    def _stored_id(self, event_id: str) -> str | bytes:
        return pack_id(event_id) if self.schema >= 2 else event_id

    def _genesis(self, game: int) -> bytes:
        row = self._conn.execute("SELECT genesis FROM games WHERE id = ?", (game,)).fetchone()
        if row is None:
            raise UnknownGame(game, self.path)
        genesis: bytes = row[0]
        return genesis

    def _find_event(self, event_id: str) -> tuple[int, int] | None:
        row = self._conn.execute(
            "SELECT game, seq FROM events WHERE event_id = ?", (self._stored_id(event_id),)
        ).fetchone()
        return None if row is None else (row[0], row[1])

    def _retried(
        self, game: int, expected_seq: int, events: Sequence[NewEvent]
    ) -> list[StoredEvent] | None:
        """The stored events if this append was already done (same ids and contents)."""

        def stored(after: int, upto: int) -> list[StoredEvent]:
            return self.events(game, after=after, upto=upto)

        return retried(self._find_event, stored, game, expected_seq, events)

    def _id_clash(self, events: Sequence[NewEvent], exc: sqlite3.IntegrityError) -> LedgerError:
        """Why an append's insert was refused; rolls back the part of it already written."""
        self._conn.execute("ROLLBACK")
        return id_clash(self._find_event, events, exc)
