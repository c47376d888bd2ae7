"""The ledger's SQLite schema: tables, indexes, append-only triggers and pragmas.

Tables are created with sqlite-utils, imported only when a schema must be created: a
command that opens an existing database never pays for it. There is no separate head
counter that could drift: a game's head is its last event row. Triggers refuse every
UPDATE and DELETE on ``events``, ``games`` and ``event_types``; corrections are new events.
Schema 2 stores the envelope compactly (``ledger.envelope``; an event's type name once, in
``event_types``); ``ledger.upgrade`` brings a schema-1 file to it.
"""

from __future__ import annotations

import os
import sqlite3
import urllib.parse
from typing import TYPE_CHECKING

from tablelog.ledger.errors import LedgerError, StorageFault

if TYPE_CHECKING:
    import sqlite_utils

__all__ = [
    "PRAGMAS",
    "SCHEMA_VERSION",
    "create_event_tables",
    "create_schema",
    "finish_events",
    "open_connection",
    "prepare_connection",
    "refuse_foreign",
    "refuse_newer",
    "schema_version",
]

SCHEMA_VERSION = 2
"""The version of the schema this code writes; a newer database is refused, an older one
(1) is upgraded by the first writer that opens it (``ledger.upgrade``) and read as it is
by a reader."""

PRAGMAS = (
    "PRAGMA journal_mode=WAL",
    "PRAGMA busy_timeout=5000",
    "PRAGMA synchronous=FULL",
    "PRAGMA foreign_keys=ON",
)
"""Applied to every connection the ledger opens."""

APPEND_ONLY = "tablelog: the event log is append-only; record a correction event instead"

_GAMES_COLUMNS = {
    "id": int,
    "uid": str,
    "rules": str,
    "rules_version": int,
    "header": bytes,
    "genesis": bytes,
    "created": str,
}
_EVENTS_COLUMNS = {
    "pos": int,
    "game": int,
    "seq": int,
    "event_id": bytes,  # ledger.envelope.pack_id: 16 bytes, or 0xFF + the id's UTF-8
    "type": int,  # event_types.id
    "type_version": int,
    "actor": int,
    "payload": bytes,
    "recorded": int,  # microseconds since 1970 (UTC), when that gives the text back
    "recorded_text": str,  # else the recorded time's text
    "hash": bytes,
}
_EVENTS_NOT_NULL = {"game", "seq", "event_id", "type", "type_version", "payload", "hash"}


_READ_PRAGMAS = ("PRAGMA busy_timeout=5000", "PRAGMA query_only=ON")


def prepare_connection(conn: sqlite3.Connection, *, readonly: bool = False) -> None:
    """Apply the ledger's pragmas (WAL, busy timeout, full sync, foreign keys); a read-only
    connection gets only those that write nothing."""
    for pragma in _READ_PRAGMAS if readonly else PRAGMAS:
        conn.execute(pragma)


def open_connection(path: str, readonly: bool = False) -> sqlite3.Connection:
    """A connection to ``path`` in autocommit mode. Read-only: ``mode=ro``, never creating
    the file; on read-only media (where SQLite cannot even take a shared lock on a WAL
    database) the file is opened as immutable."""
    try:
        if not readonly or path == ":memory:":
            conn = sqlite3.connect(path, isolation_level=None)
        else:
            uri = "file:" + urllib.parse.quote(os.path.abspath(path))
            conn = sqlite3.connect(uri + "?mode=ro", uri=True, isolation_level=None)
            try:
                conn.execute("SELECT count(*) FROM sqlite_master").fetchone()
            except sqlite3.OperationalError:
                conn.close()  # read-only media: no lock or -shm file can be made there
                conn = sqlite3.connect(uri + "?immutable=1", uri=True, isolation_level=None)
    except sqlite3.Error as exc:
        raise StorageFault.of(exc, path) from exc
    conn.text_factory = _text
    return conn


def _text(data: bytes) -> str:
    """Stored text as ``str``; bytes an edit left that are not UTF-8 are replaced (so the
    event's hash no longer matches, and ``verify`` names it) instead of failing the read."""
    return data.decode("utf-8", "replace")


def refuse_foreign(conn: sqlite3.Connection, path: str) -> None:
    """Refuse another application's SQLite file before anything is written to it."""
    names = {row[0] for row in conn.execute("SELECT name FROM sqlite_master WHERE type='table'")}
    if names and "meta" not in names:
        shown = ", ".join(sorted(names)[:5]) + (" …" if len(names) > 5 else "")
        raise StorageFault(
            f"{path} is another application's SQLite database (its tables: {shown}), not a"
            " tablelog one; tablelog left it untouched: choose another --db"
        )


def schema_version(conn: sqlite3.Connection, path: str = "the database") -> int:
    """The schema version recorded in the database, 0 if it has no ledger tables yet; a
    recorded version that is not a whole number is a ``StorageFault`` naming ``path``."""
    has_meta = conn.execute(
        "SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'meta'"
    ).fetchone()
    if has_meta is None:
        return 0
    row = conn.execute("SELECT value FROM meta WHERE key = 'schema_version'").fetchone()
    return 0 if row is None else read_version(row[0], path)


def read_version(value: object, path: str) -> int:
    """A stored ``schema_version`` as a number: digits only (``'2'``); anything else
    (``'two'``, ``''``, NULL, ``'2.0'``) is a ``StorageFault`` naming the file."""
    if isinstance(value, int) and not isinstance(value, bool) and value >= 0:
        return value
    if isinstance(value, str) and value.isascii() and value.isdigit():
        return int(value)
    shown = "NULL" if value is None else repr(value)
    raise StorageFault(
        f"{path} records its schema version as {shown}, which is not a whole number: its"
        " meta table was edited or damaged; tablelog left it untouched (restore the last"
        " good copy, or an export with `tablelog --db NEW.db import FILE`)"
    )


def create_schema(conn: sqlite3.Connection, path: str = "the database") -> int:
    """Create the ledger's tables, indexes and triggers if missing, or upgrade an older
    schema (``ledger.upgrade``), in one transaction; returns the version found before (0:
    none, ``SCHEMA_VERSION``: nothing to do).

    ``conn`` must be in autocommit mode (``isolation_level=None``). A database written by a
    newer schema is refused with a ``LedgerError``.
    """
    found = schema_version(conn, path)
    if found == SCHEMA_VERSION:
        return found
    refuse_newer(found, path)
    conn.execute("BEGIN IMMEDIATE")
    try:
        found = schema_version(conn, path)  # another writer may have done it meanwhile
        if found == SCHEMA_VERSION:
            conn.execute("COMMIT")
            return found
        if found == 0:
            _create_once(conn, fresh=True)
        else:
            from tablelog.ledger.upgrade import upgrade_sqlite  # an old database, once

            upgrade_sqlite(conn, found, path)
        conn.execute(
            "INSERT OR REPLACE INTO meta (key, value) VALUES ('schema_version', ?)",
            (str(SCHEMA_VERSION),),
        )
        conn.execute("COMMIT")
    except BaseException:
        if conn.in_transaction:
            conn.execute("ROLLBACK")
        raise
    return found


def refuse_newer(found: int, path: str) -> None:
    """Refuse a database written by a newer schema than this code knows."""
    if found > SCHEMA_VERSION:
        raise LedgerError(
            f"{path} was written by a newer tablelog (schema {found}, this one knows"
            f" {SCHEMA_VERSION}); upgrade tablelog to open it"
        )


_DDL: list[str] = []
"""The statements sqlite-utils wrote the first time it made a schema in an empty database
(this process), replayed as they are for every later empty database: the same schema,
without the tooling's cost (which the fuzz kit, making two databases per game, paid)."""


def _create_once(conn: sqlite3.Connection, fresh: bool) -> None:
    """Make the tables in ``conn``: by the statements remembered if it is empty, else (or the
    first time) through sqlite-utils, remembering what it wrote."""
    if fresh and _DDL:
        for statement in _DDL:
            conn.execute(statement)
        return
    import sqlite_utils  # the schema tooling, only when a schema is written

    empty = fresh and not conn.execute("SELECT 1 FROM sqlite_master").fetchone()
    _create(sqlite_utils.Database(conn, execute_plugins=False))
    if empty:
        rows = conn.execute(
            "SELECT sql FROM sqlite_master WHERE sql IS NOT NULL ORDER BY rowid"
        ).fetchall()
        _DDL[:] = [row[0] for row in rows]


def _create(db: sqlite_utils.Database) -> None:
    db.table("meta").create({"key": str, "value": str}, pk="key", if_not_exists=True)
    games = db.table("games").create(_GAMES_COLUMNS, pk="id", not_null={"uid"}, if_not_exists=True)
    games.create_index(["uid"], index_name="games_uid", unique=True, if_not_exists=True)
    create_event_tables(db, "events")
    finish_events(db)


def create_event_tables(db: sqlite_utils.Database, events: str) -> None:
    """The table of event type names, and the events table (named ``events``, or another
    name while an upgrade copies the old one)."""
    db.table("event_types").create(
        {"id": int, "name": str}, pk="id", not_null={"name"}, if_not_exists=True
    ).create_index(["name"], index_name="event_types_name", unique=True, if_not_exists=True)
    db.table(events).create(
        _EVENTS_COLUMNS,
        pk="pos",
        not_null=_EVENTS_NOT_NULL,
        foreign_keys=[("game", "games", "id"), ("type", "event_types", "id")],
        if_not_exists=True,
    )


def finish_events(db: sqlite_utils.Database) -> None:
    """The events table's unique indexes, and the triggers that keep the log append-only."""
    events = db.table("events")
    events.create_index(
        ["game", "seq"], index_name="events_game_seq", unique=True, if_not_exists=True
    )
    events.create_index(["event_id"], index_name="events_event_id", unique=True, if_not_exists=True)
    for table in ("events", "games", "event_types"):
        for action in ("UPDATE", "DELETE"):
            db.execute(
                f"CREATE TRIGGER IF NOT EXISTS {table}_no_{action.lower()}"
                f" BEFORE {action} ON {table}"
                f" BEGIN SELECT RAISE(ABORT, '{APPEND_ONLY}'); END"
            )
