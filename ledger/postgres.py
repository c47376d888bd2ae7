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

import uuid
from collections.abc import Iterable, Iterator, Sequence
from contextlib import contextmanager
from itertools import starmap
from typing import Any
from urllib.parse import parse_qsl, urlencode, urlsplit, urlunsplit

import psycopg
import psycopg_pool
from psycopg import errors as pgerrors

from tablelog.ledger.contract import LedgerStore, id_clash, retried
from tablelog.ledger.envelope import db_rows, pack_id, stored_event
from tablelog.ledger.errors import (
    AppendRefused,
    BadAppend,
    ConcurrencyConflict,
    DuplicateGame,
    StorageFault,
    UnknownGame,
)
from tablelog.ledger.hashing import chain_rows, genesis_hash, verify_records
from tablelog.ledger.postgres_schema import (
    CREATE_SUMMARIES,
    GAMES_LOCK,
    SELECT_EVENTS,
    create_schema,
)
from tablelog.ledger.records import (
    ChainProblem,
    GameRecord,
    GameSummary,
    NewEvent,
    StoredEvent,
    utc_now,
)
from tablelog.ledger.schema import SCHEMA_VERSION
from tablelog.ledger.summaries import ResultRow, paged, results_query, upsert_summary

__all__ = ["PostgresLedger", "redacted"]

_EVENT_COLUMNS = (
    "game, seq, event_id, type, type_version, actor, payload, recorded, recorded_text, hash"
)
_INSERT_EVENT = (
    f"INSERT INTO events ({_EVENT_COLUMNS}) VALUES (%s, %s, %s, %s, %s, %s, %s, %s, %s, %s)"
)
_COPY_EVENTS = f"COPY events ({_EVENT_COLUMNS}) FROM STDIN"
_HEAD = "SELECT seq, hash FROM events WHERE game = %s ORDER BY seq DESC LIMIT 1"
_GAME_COLUMNS = "id, uid, rules, rules_version, header, genesis, created"
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
STREAM_ROWS = 2000  # rows per fetch of verify_chain's server-side cursor


def redacted(url: str) -> str:
    """The URL without its password (in the user part or the query), to show people."""
    parts = urlsplit(url)
    if parts.password is not None:
        user, _, host = parts.netloc.rpartition("@")
        parts = parts._replace(netloc=f"{user.partition(':')[0]}@{host}")
    query = [(k, v) for k, v in parse_qsl(parts.query) if k != "password"]
    return urlunsplit(parts._replace(query=urlencode(query)))


def _record(row: Sequence[Any]) -> GameRecord:
    return GameRecord(row[0], row[1], row[2], row[3], row[4], row[5], row[6])


class PostgresLedger(LedgerStore):
    """The event store in a PostgreSQL database, through a small connection pool.

    Creates the schema if it is missing. Use as a context manager, or call ``close()``.
    """

    def __init__(self, url: str, *, max_connections: int = 4) -> None:
        self.url = url
        self.path: str = redacted(url)
        self._pinned: psycopg.Connection | None = None  # the connection of a batch()
        self._types: dict[str, int] = {}  # event type name -> event_types.id
        try:
            with psycopg.connect(url, autocommit=True, connect_timeout=10) as conn:
                found = create_schema(conn, self.path)
        except psycopg.Error as exc:
            raise StorageFault(f"cannot open the database {self.path}: {exc}") from exc
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
            raise StorageFault(f"the database {self.path} refused it: {_first_line(exc)}") from exc

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

    def append(self, game: int, expected_seq: int, events: Sequence[NewEvent]) -> list[StoredEvent]:
        """Append ``events`` as seq ``expected_seq``, ``expected_seq + 1``... in one transaction.

        Raises ``ConcurrencyConflict`` if the game's head is not ``expected_seq - 1``; an
        append retried with the same event ids and contents returns the stored events.
        """
        if expected_seq < 1:
            raise BadAppend(
                f"events are numbered from 1, so an append cannot start at {expected_seq}"
            )
        if not events:
            return []
        with self._conn() as conn, conn.transaction():
            conn.execute("SELECT pg_advisory_xact_lock(%s)", (game,))
            head = conn.execute(_HEAD, (game,)).fetchone()
            head_seq, prev = (0, self._genesis(conn, game)) if head is None else head
            if head_seq != expected_seq - 1:
                stored = retried(
                    lambda e: self._find_event(conn, e),
                    lambda after, upto: self._events(conn, game, after, upto),
                    game,
                    expected_seq,
                    events,
                )
                if stored is None:
                    raise ConcurrencyConflict(game, expected_seq, head_seq)
                return stored
            rows = list(chain_rows(game, bytes(prev), events, first_seq=expected_seq))
            types = self._type_ids(conn, {e.type for e in events})
            try:
                with conn.transaction(), conn.cursor() as cur:  # a savepoint
                    cur.executemany(_INSERT_EVENT, list(db_rows(rows, types.__getitem__)))
            except pgerrors.UniqueViolation as exc:
                if exc.diag.constraint_name == "events_game_seq":
                    raise ConcurrencyConflict(game, expected_seq, self.head(game)[0]) from exc
                raise id_clash(lambda e: self._find_event(conn, e), events, exc) from exc
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
    ) -> GameRecord:
        """Store a whole game and its events (seq 1, 2, 3...) in one transaction, by COPY.

        ``hashes`` are an export file's claims: the first that differs from the recomputed
        chain raises ``ChainBroken`` and nothing is written. A known ``uid``: ``DuplicateGame``.
        """
        uid = uuid.uuid4().hex if uid is None else uid
        created = utc_now() if created is None else created
        genesis = genesis_hash(uid, header)
        with self._conn() as conn, conn.transaction():
            conn.execute("SELECT pg_advisory_xact_lock(%s)", (GAMES_LOCK,))
            existing = conn.execute("SELECT id FROM games WHERE uid = %s", (uid,)).fetchone()
            if existing is not None:
                raise DuplicateGame(uid, existing[0])
            values = (uid, rules, rules_version, header, genesis, created)
            row = conn.execute(_INSERT_GAME, values).fetchone()
            assert row is not None
            game: int = row[0]
            rows = list(chain_rows(game, genesis, events, hashes))  # one game's
            types = self._type_ids(conn, {row[3] for row in rows})
            try:
                with conn.transaction(), conn.cursor() as cur, cur.copy(_COPY_EVENTS) as copy:
                    for event_row in db_rows(rows, types.__getitem__):
                        copy.write_row(event_row)
            except pgerrors.UniqueViolation as exc:
                raise AppendRefused(
                    f"cannot import game {uid}: an event id in it is already in the database"
                    f" ({_first_line(exc)})"
                ) from exc
        return GameRecord(game, uid, rules, rules_version, header, genesis, created)

    # -- reading ---------------------------------------------------------------------

    def game(self, game: int) -> GameRecord:
        """The stored game ``game``; ``UnknownGame`` if there is none."""
        with self._conn() as conn:
            sql = f"SELECT {_GAME_COLUMNS} FROM games WHERE id = %s"
            row = conn.execute(sql, (game,)).fetchone()
        if row is None:
            raise UnknownGame(game, self.path)
        return _record(row)

    def last_game(self) -> int | None:
        """The id of the newest game (``max(id)``), or ``None`` in an empty database."""
        with self._conn() as conn:
            row = conn.execute("SELECT max(id) FROM games").fetchone()
        return None if row is None or row[0] is None else int(row[0])

    def game_by_uid(self, uid: str) -> GameRecord:
        """The stored game with this uid; ``UnknownGame`` if there is none."""
        with self._conn() as conn:
            sql = f"SELECT {_GAME_COLUMNS} FROM games WHERE uid = %s"
            row = conn.execute(sql, (uid,)).fetchone()
        if row is None:
            raise UnknownGame(uid, self.path)
        return _record(row)

    def games(self) -> list[GameSummary]:
        """Every game, by id, with its event count and head."""
        with self._conn() as conn:
            rows = conn.execute(_SUMMARIES).fetchall()
        out = []
        for row in rows:
            record = _record(row)
            count, head_seq, head_hash = row[7:]
            if head_seq is None:
                head_seq, head_hash = 0, record.genesis
            out.append(GameSummary(record, count, head_seq, bytes(head_hash)))
        return out

    def events(self, game: int, *, upto: int | None = None, after: int = 0) -> list[StoredEvent]:
        """The events of ``game`` with ``after < seq <= upto``, ordered by seq."""
        with self._conn() as conn:
            return self._events(conn, game, after, upto)

    def head(self, game: int) -> tuple[int, bytes]:
        """The seq and hash of the game's last event; ``(0, genesis)`` for an empty game."""
        with self._conn() as conn:
            row = conn.execute(_HEAD, (game,)).fetchone()
            if row is None:
                return 0, self._genesis(conn, game)
        return row[0], bytes(row[1])

    def results(
        self,
        *,
        rules: str | None = None,
        since: str | None = None,
        games: Sequence[int] | None = None,
    ) -> Iterator[ResultRow]:
        """Every game (of ``rules``, created at or after ``since``, among ``games``) with its
        head and its stored summary (derived data: see ``ledger.summaries``), by id."""
        with self._conn() as conn:
            has = conn.execute("SELECT to_regclass('summaries')").fetchone() not in (None, (None,))

        def page(after: int, limit: int) -> list[Any]:
            sql, params = results_query(
                with_summaries=has, rules=rules, since=since, games=games, mark="%s",
                after=after, limit=limit,
            )  # fmt: skip
            with self._conn() as conn:
                return conn.execute(sql.encode(), params).fetchall()

        return paged(page)

    def store_summaries(self, rows: Iterable[tuple[int, bytes, str]]) -> None:
        """Keep ``(game, head, data)`` summaries (replacing older ones), in one transaction.

        A database opened before the table existed gets it here if this user may create
        tables; otherwise ``StorageFault``, and the reader goes on without the cache."""
        with self._conn() as conn, conn.transaction():
            if conn.execute("SELECT to_regclass('summaries')").fetchone() in (None, (None,)):
                conn.execute(CREATE_SUMMARIES.encode())
            with conn.cursor() as cur:
                cur.executemany(upsert_summary("%s").encode(), list(rows))

    def find_event(self, event_id: str) -> StoredEvent | None:
        """The stored event with this id, in whichever game, or ``None``."""
        with self._conn() as conn:
            sql = f"{SELECT_EVENTS} WHERE event_id = %s"
            row = conn.execute(sql, (pack_id(event_id),)).fetchone()
        return None if row is None else stored_event(row)

    def verify_chain(self, game: int) -> list[ChainProblem]:
        """Recheck the game's header and hash chain, in the order events were written,
        streaming the events from the server (a named cursor, ``STREAM_ROWS`` at a time)."""
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
        sql = f"{SELECT_EVENTS} WHERE game = %s ORDER BY pos"
        with self._conn() as conn, conn.transaction():
            # the numbers first (eight bytes an event), then the events, streamed once
            numbers = conn.execute("SELECT seq FROM events WHERE game = %s ORDER BY pos", (game,))
            seqs = [row[0] for row in numbers]
            with conn.cursor(name="verify") as cur:
                cur.itersize = STREAM_ROWS
                cur.execute(sql, (game,))
                problems.extend(verify_records(record.genesis, map(stored_event, cur), seqs))
        return problems

    # -- helpers ---------------------------------------------------------------------

    def _events(
        self, conn: psycopg.Connection, game: int, after: int, upto: int | None
    ) -> list[StoredEvent]:
        if upto is None:
            sql = f"{SELECT_EVENTS} WHERE game = %s AND seq > %s ORDER BY seq"
            rows = conn.execute(sql, (game, after)).fetchall()
        else:
            sql = f"{SELECT_EVENTS} WHERE game = %s AND seq > %s AND seq <= %s ORDER BY seq"
            rows = conn.execute(sql, (game, after, upto)).fetchall()
        if not rows:
            self._genesis(conn, game)  # raises UnknownGame
        return list(map(stored_event, rows))

    def _type_ids(self, conn: psycopg.Connection, names: set[str]) -> dict[str, int]:
        """The ``event_types`` ids of these type names, adding the new ones (in the caller's
        transaction: a concurrent writer adding the same name waits, then finds it)."""
        new = sorted(names - self._types.keys())
        if new:
            with conn.cursor() as cur:
                cur.executemany(
                    "INSERT INTO event_types (name) VALUES (%s) ON CONFLICT (name) DO NOTHING",
                    [(name,) for name in new],
                )
            found = conn.execute(
                "SELECT name, id FROM event_types WHERE name = ANY(%s)", (new,)
            ).fetchall()
            self._types.update(found)
        return self._types

    def _genesis(self, conn: psycopg.Connection, game: int) -> bytes:
        row = conn.execute("SELECT genesis FROM games WHERE id = %s", (game,)).fetchone()
        if row is None:
            raise UnknownGame(game, self.path)
        return bytes(row[0])

    @staticmethod
    def _find_event(conn: psycopg.Connection, event_id: str) -> tuple[int, int] | None:
        sql = "SELECT game, seq FROM events WHERE event_id = %s"
        row = conn.execute(sql, (pack_id(event_id),)).fetchone()
        return None if row is None else (row[0], row[1])


def _first_line(exc: BaseException) -> str:
    return str(exc).strip().splitlines()[0] if str(exc).strip() else type(exc).__name__
