"""The ledger's SQLite tables, made with sqlite-utils (imported only when a schema is
completed or upgraded; an empty database gets sqlite-utils' statements as written,
``FRESH_SCHEMA``): ``meta``, ``games``, ``event_types`` and ``events`` with their indexes, and the
triggers that refuse every UPDATE and DELETE (corrections are new events).

Below both ``schema`` (which makes them in an empty file) and ``upgrade`` (which makes the
schema-2 events table beside a schema-1 one): neither imports the other's way back.
"""

from __future__ import annotations

import sqlite3
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    import sqlite_utils

__all__ = [
    "APPEND_ONLY",
    "EVENT_ID_INDEX",
    "FRESH_SCHEMA",
    "create_event_tables",
    "create_tables",
    "finish_events",
]

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


_TRIGGERS = tuple(
    f"CREATE TRIGGER {table}_no_{action.lower()} BEFORE {action} ON {table}"
    f" BEGIN SELECT RAISE(ABORT, '{APPEND_ONLY}'); END"
    for table in ("events", "games", "event_types")
    for action in ("UPDATE", "DELETE")
)

FRESH_SCHEMA: tuple[str, ...] = (
    'CREATE TABLE "meta" (\n   "key" TEXT PRIMARY KEY,\n   "value" TEXT\n)',
    'CREATE TABLE "games" (\n   "id" INTEGER PRIMARY KEY,\n   "uid" TEXT NOT NULL,\n'
    '   "rules" TEXT,\n   "rules_version" INTEGER,\n   "header" BLOB,\n   "genesis" BLOB,\n'
    '   "created" TEXT\n)',
    'CREATE UNIQUE INDEX "games_uid"\n    ON "games" ("uid")',
    'CREATE TABLE "event_types" (\n   "id" INTEGER PRIMARY KEY,\n   "name" TEXT NOT NULL\n)',
    'CREATE UNIQUE INDEX "event_types_name"\n    ON "event_types" ("name")',
    'CREATE TABLE "events" (\n   "pos" INTEGER PRIMARY KEY,\n'
    '   "game" INTEGER NOT NULL REFERENCES "games"("id"),\n   "seq" INTEGER NOT NULL,\n'
    '   "event_id" BLOB NOT NULL,\n'
    '   "type" INTEGER NOT NULL REFERENCES "event_types"("id"),\n'
    '   "type_version" INTEGER NOT NULL,\n   "actor" INTEGER,\n   "payload" BLOB NOT NULL,\n'
    '   "recorded" INTEGER,\n   "recorded_text" TEXT,\n   "hash" BLOB NOT NULL\n)',
    'CREATE UNIQUE INDEX "events_game_seq"\n    ON "events" ("game", "seq")',
    'CREATE UNIQUE INDEX "events_event_id"\n    ON "events" ("event_id")',
    *_TRIGGERS,
)
"""The statements sqlite-utils writes for the schema in an empty database (``_create``), as
it writes them, in its order: an empty database is made by these alone, without importing
the tooling, which costs a third of a CPU-second (sqlite-utils imports pandas and numpy when
they are installed) — a tenth of an import of 1,000 games. ``tests/ledger/test_schema.py``
holds them equal to what sqlite-utils writes, statement for statement."""
EVENT_ID_INDEX = FRESH_SCHEMA[-1 - len(_TRIGGERS)]
"""The unique index of the event ids, as ``FRESH_SCHEMA`` (and sqlite-utils) writes it: a
bulk import into an empty events table builds it once at the end (``Ledger.batch``)."""


def create_tables(conn: sqlite3.Connection, fresh: bool) -> None:
    """Make the tables in ``conn``: by ``FRESH_SCHEMA`` if it is empty, else through
    sqlite-utils (tables that are missing beside ones that are there)."""
    if fresh and not conn.execute("SELECT 1 FROM sqlite_master").fetchone():
        for statement in FRESH_SCHEMA:
            conn.execute(statement)
        return
    import sqlite_utils  # the schema tooling, only when a partial schema is completed

    _create(sqlite_utils.Database(conn, execute_plugins=False))


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
    for trigger in _TRIGGERS:
        db.execute(trigger.replace("CREATE TRIGGER", "CREATE TRIGGER IF NOT EXISTS", 1))
