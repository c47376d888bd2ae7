"""The ledger's SQLite schema: tables, indexes, append-only triggers and pragmas.

An empty database gets sqlite-utils' own statements as written (``ledger.tables``'s
``FRESH_SCHEMA``); sqlite-utils is imported only when an existing schema is completed or
upgraded: neither a new database nor an existing one pays for it. There is no separate head
counter that could drift: a game's head is its last event row. Triggers refuse every
UPDATE and DELETE on ``events``, ``games`` and ``event_types``; corrections are new events.
Schema 2 stores the envelope compactly (``ledger.envelope``; an event's type name once, in
``event_types``); ``ledger.upgrade`` brings a schema-1 file to it.
"""

from __future__ import annotations

import os
import sqlite3
import urllib.parse

from tablelog.ledger.errors import StorageFault, UnusableDatabase
from tablelog.ledger.tables import APPEND_ONLY, create_tables

__all__ = [
    "APPEND_ONLY",
    "PRAGMAS",
    "SCHEMA_VERSION",
    "create_schema",
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
    newer schema is refused with ``UnusableDatabase``.
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
            create_tables(conn, fresh=True)
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
        raise UnusableDatabase(
            f"{path} was written by a newer tablelog (schema {found}, this one knows"
            f" {SCHEMA_VERSION}); upgrade tablelog to open it"
        )
