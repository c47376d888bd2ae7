"""The ledger's SQLite schema: tables, indexes, append-only triggers and pragmas.

Tables are created with sqlite-utils, imported only when a schema must be created: a
command that opens an existing database never pays for it. There is no separate head
counter that could drift: a game's head is its last event row. Triggers refuse every
UPDATE and DELETE on ``events`` and ``games``; corrections are new events.
"""

from __future__ import annotations

import os
import sqlite3
import urllib.parse
from typing import TYPE_CHECKING

from ledger.errors import LedgerError, StorageFault

if TYPE_CHECKING:
    import sqlite_utils

__all__ = [
    "PRAGMAS",
    "SCHEMA_VERSION",
    "create_schema",
    "open_connection",
    "prepare_connection",
    "refuse_foreign",
    "schema_version",
]

SCHEMA_VERSION = 1
"""The version of the schema this code writes; a newer database is refused."""

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
    "event_id": str,
    "type": str,
    "type_version": int,
    "actor": int,
    "payload": bytes,
    "recorded_at": str,
    "prev_hash": bytes,
    "hash": bytes,
}
_EVENTS_NOT_NULL = {
    "game",
    "seq",
    "event_id",
    "type",
    "type_version",
    "payload",
    "recorded_at",
    "prev_hash",
    "hash",
}


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


def schema_version(conn: sqlite3.Connection) -> int:
    """The schema version recorded in the database, 0 if it has no ledger tables yet."""
    has_meta = conn.execute(
        "SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'meta'"
    ).fetchone()
    if has_meta is None:
        return 0
    row = conn.execute("SELECT value FROM meta WHERE key = 'schema_version'").fetchone()
    return 0 if row is None else int(row[0])


def create_schema(conn: sqlite3.Connection, path: str = "the database") -> None:
    """Create the ledger's tables, indexes and triggers if missing, in one transaction.

    ``conn`` must be in autocommit mode (``isolation_level=None``). A database written by a
    newer schema is refused with a ``LedgerError``.
    """
    found = schema_version(conn)
    if found == SCHEMA_VERSION:
        return
    if found > SCHEMA_VERSION:
        raise LedgerError(
            f"{path} was written by a newer tablelog (schema {found}, this one knows"
            f" {SCHEMA_VERSION}); upgrade tablelog to open it"
        )
    conn.execute("BEGIN IMMEDIATE")
    try:
        _create_once(conn, fresh=found == 0)
        conn.execute(
            "INSERT OR REPLACE INTO meta (key, value) VALUES ('schema_version', ?)",
            (str(SCHEMA_VERSION),),
        )
        conn.execute("COMMIT")
    except BaseException:
        if conn.in_transaction:
            conn.execute("ROLLBACK")
        raise


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
    events = db.table("events").create(
        _EVENTS_COLUMNS,
        pk="pos",
        not_null=_EVENTS_NOT_NULL,
        foreign_keys=[("game", "games", "id")],
        if_not_exists=True,
    )
    events.create_index(
        ["game", "seq"], index_name="events_game_seq", unique=True, if_not_exists=True
    )
    events.create_index(["event_id"], index_name="events_event_id", unique=True, if_not_exists=True)
    for table in ("events", "games"):
        for action in ("UPDATE", "DELETE"):
            db.execute(
                f"CREATE TRIGGER IF NOT EXISTS {table}_no_{action.lower()}"
                f" BEFORE {action} ON {table}"
                f" BEGIN SELECT RAISE(ABORT, '{APPEND_ONLY}'); END"
            )
