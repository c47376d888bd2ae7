"""``PostgresLedger``: the ledger's contract (``ledger/contract.py``) on a PostgreSQL server.

Imported only when a ``postgresql://`` URL is opened, so psycopg costs nothing to the
SQLite user. Connections come from a psycopg_pool pool (a club server's recorders share
one process's connections). An append is one transaction: take the game's advisory lock
(concurrent appends to one game queue there; appends to other games do not wait), read the
head, check the expected seq, insert. The unique (game, seq) constraint backs the check: a
writer that got past it anyway would still get ``ConcurrencyConflict``. A bulk import is
one ``COPY``; ``verify_chain`` streams the game's events through a server-side cursor.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from contextlib import AbstractContextManager, contextmanager
from typing import Any, ClassVar
from urllib.parse import parse_qsl, urlencode, urlsplit, urlunsplit

import psycopg
import psycopg_pool
from psycopg import errors as pgerrors

from tablelog.ledger.contract import LedgerStore
from tablelog.ledger.dialect import Dialect
from tablelog.ledger.envelope import db_rows
from tablelog.ledger.errors import StorageFault, first_line
from tablelog.ledger.postgres_schema import (
    CREATE_SUMMARIES,
    GAMES_LOCK,
    SELECT_EVENTS,
    create_schema,
)
from tablelog.ledger.readmodels import SqlReadModels
from tablelog.ledger.records import StoredEvent
from tablelog.ledger.schema import SCHEMA_VERSION
from tablelog.ledger.sqlstore import SqlEventStore
from tablelog.ledger.summaries import upsert_summary

__all__ = ["POSTGRES", "PostgresLedger", "redacted"]

_EVENT_COLUMNS = (
    "game, seq, event_id, type, type_version, actor, payload, recorded, recorded_text, hash"
)
_INSERT_EVENT = (
    f"INSERT INTO events ({_EVENT_COLUMNS}) VALUES (%s, %s, %s, %s, %s, %s, %s, %s, %s, %s)"
)
_COPY_EVENTS = f"COPY events ({_EVENT_COLUMNS}) FROM STDIN"
_INSERT_GAME = (
    "INSERT INTO games (id, uid, rules, rules_version, header, genesis, created)"
    " VALUES ((SELECT coalesce(max(id), 0) + 1 FROM games), %s, %s, %s, %s, %s, %s)"
    " RETURNING id"
)
_SUMMARIES = """
SELECT g.id, g.uid, g.rules, g.rules_version, g.header, g.genesis, g.created,
       (SELECT count(*) FROM events WHERE game = g.id), h.seq, h.hash
FROM games AS g
LEFT JOIN LATERAL (
    SELECT seq, hash FROM events WHERE game = g.id ORDER BY seq DESC LIMIT 1
) AS h ON true
ORDER BY g.id
"""
_GAME_COLUMNS = "id, uid, rules, rules_version, header, genesis, created"
POSTGRES = Dialect(
    "%s", SELECT_EVENTS, _GAME_COLUMNS, _SUMMARIES, "SELECT to_regclass('summaries')"
)
"""The statements of the shared store (``ledger.sqlstore``) on PostgreSQL."""
STREAM_ROWS = 2000  # rows per fetch of verify_chain's server-side cursor


def redacted(url: str) -> str:
    """The URL without its password (in the user part or the query), to show people."""
    parts = urlsplit(url)
    if parts.password is not None:
        user, _, host = parts.netloc.rpartition("@")
        parts = parts._replace(netloc=f"{user.partition(':')[0]}@{host}")
    query = [(k, v) for k, v in parse_qsl(parts.query) if k != "password"]
    return urlunsplit(parts._replace(query=urlencode(query)))


class PostgresLedger(SqlEventStore, SqlReadModels, LedgerStore):
    """The event store in a PostgreSQL database, through a small connection pool.

    Creates the schema if it is missing. Use as a context manager, or call ``close()``.
    """

    def __init__(self, url: str, *, max_connections: int = 4) -> None:
        self.url = url
        self.path: str = redacted(url)
        self._pinned: psycopg.Connection | None = None  # the connection of a batch()
        self._types: dict[str, int] = {}  # event type name -> event_types.id
        self._dialect = POSTGRES
        try:
            with psycopg.connect(url, autocommit=True, connect_timeout=10) as conn:
                found = create_schema(conn, self.path)
        except psycopg.Error as exc:
            raise StorageFault(f"cannot open the database {self.path}: {first_line(exc)}") from exc
        self.upgraded_from = found if 0 < found < SCHEMA_VERSION else None
        """The schema this open upgraded the database from (``None``: it did not)."""
        self._pool = psycopg_pool.ConnectionPool(
            url,
            min_size=1,
            max_size=max_connections,
            kwargs={"autocommit": True},
            open=True,
            name="tablelog",
        )

    # -- life cycle ------------------------------------------------------------------

    def close(self) -> None:
        """Close the pool and its connections (idempotent)."""
        self._pool.close()

    def __repr__(self) -> str:
        return f"PostgresLedger({self.path!r})"

    @contextmanager
    def _conn(self) -> Iterator[psycopg.Connection]:
        """A connection: the batch's, else one from the pool; database errors explained."""
        if self._pinned is not None:
            try:
                yield self._pinned
            except BaseException:
                self._types.clear()  # ids the failed transaction added may be rolled back
                raise
            return
        try:
            with self._pool.connection(timeout=30) as conn:
                try:
                    yield conn
                except BaseException:
                    self._types.clear()
                    raise
        except psycopg_pool.PoolTimeout as exc:
            raise StorageFault(f"cannot reach the database {self.path}: {exc}") from exc
        except psycopg.Error as exc:
            raise StorageFault(
                f"the database {self.path} refused the operation: {first_line(exc)}"
            ) from exc

    @contextmanager
    def batch(self) -> Iterator[None]:
        """One transaction around several writes: all of them are committed, or none."""
        if self._pinned is not None:
            yield
            return
        with self._conn() as conn, conn.transaction():
            self._pinned = conn
            try:
                yield
            finally:
                self._pinned = None

    # -- writing ---------------------------------------------------------------------

    _unique_violation: ClassVar[type[Exception]] = pgerrors.UniqueViolation

    @contextmanager
    def _writing(self, game: int | None) -> Iterator[psycopg.Connection]:
        """One transaction holding the game's advisory lock (or the lock of creating games,
        so ids stay dense): appends to one game queue, other games do not wait."""
        with self._conn() as conn, conn.transaction():
            lock = GAMES_LOCK if game is None else game
            conn.execute("SELECT pg_advisory_xact_lock(%s)", (lock,))
            yield conn

    def _reading(self) -> AbstractContextManager[psycopg.Connection]:
        return self._conn()

    def _insert_events(self, conn: psycopg.Connection, rows: Iterable[Any], *, bulk: bool) -> None:
        """The rows in a savepoint: ``executemany`` for an append, ``COPY`` for an import."""
        rows = list(rows)  # one game's
        types = self._type_ids(conn, {row[3] for row in rows})
        with conn.transaction(), conn.cursor() as cur:  # a savepoint
            if not bulk:
                cur.executemany(_INSERT_EVENT, list(db_rows(rows, types.__getitem__)))
                return
            with cur.copy(_COPY_EVENTS) as copy:
                for event_row in db_rows(rows, types.__getitem__):
                    copy.write_row(event_row)

    def _insert_game(self, conn: psycopg.Connection, values: tuple[Any, ...]) -> int:
        row = conn.execute(_INSERT_GAME, values).fetchone()
        assert row is not None
        game: int = row[0]
        return game

    def _seq_taken(self, exc: Exception) -> bool:
        """A writer past the advisory lock (none of ours) took the seq: the constraint says so."""
        return isinstance(exc, pgerrors.UniqueViolation) and (
            exc.diag.constraint_name == "events_game_seq"
        )

    @contextmanager
    def _written_order(
        self, conn: psycopg.Connection, game: int
    ) -> Iterator[Iterable[StoredEvent]]:
        """The events streamed from the server (a named cursor, ``STREAM_ROWS`` at a time)."""
        with conn.transaction(), conn.cursor(name="verify") as cur:
            cur.itersize = STREAM_ROWS
            cur.execute(POSTGRES.events_written, (game,))
            yield map(POSTGRES.row, cur)

    # -- read models -----------------------------------------------------------------

    def store_summaries(self, rows: Iterable[tuple[int, bytes, str]]) -> None:
        """Keep ``(game, head, data)`` summaries (replacing older ones), in one transaction.

        A database opened before the table existed gets it here if this user may create
        tables; otherwise ``StorageFault``, and the reader goes on without the cache."""
        with self._conn() as conn, conn.transaction():
            if conn.execute("SELECT to_regclass('summaries')").fetchone() in (None, (None,)):
                conn.execute(CREATE_SUMMARIES.encode())
            with conn.cursor() as cur:
                cur.executemany(upsert_summary("%s").encode(), list(rows))

    # -- helpers ---------------------------------------------------------------------

    def _type_ids(self, conn: psycopg.Connection, names: set[str]) -> dict[str, int]:
        """The ``event_types`` ids of these type names, adding the new ones (in the caller's
        transaction: a concurrent writer adding the same name waits, then finds it)."""
        known = dict(self._types)  # a copy: another thread's failed write may clear it
        new = sorted(names - known.keys())
        if new:
            with conn.cursor() as cur:
                cur.executemany(
                    "INSERT INTO event_types (name) VALUES (%s) ON CONFLICT (name) DO NOTHING",
                    [(name,) for name in new],
                )
            found = conn.execute(
                "SELECT name, id FROM event_types WHERE name = ANY(%s)", (new,)
            ).fetchall()
            known.update(found)
            self._types.update(found)
        return known
