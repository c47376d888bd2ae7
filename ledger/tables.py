"""The ledger's SQLite tables, made with sqlite-utils (imported only when a schema is
written): ``meta``, ``games``, ``event_types`` and ``events`` with their indexes, and the
triggers that refuse every UPDATE and DELETE (corrections are new events).

Below both ``schema`` (which makes them in an empty file) and ``upgrade`` (which makes the
schema-2 events table beside a schema-1 one): neither imports the other's way back.
"""

from __future__ import annotations

import sqlite3
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    import sqlite_utils

__all__ = ["APPEND_ONLY", "create_event_tables", "create_tables", "finish_events"]

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


_DDL: list[str] = []
"""The statements sqlite-utils wrote the first time it made a schema in an empty database
(this process), replayed as they are for every later empty database: the same schema,
without the tooling's cost (which the fuzz kit, making two databases per game, paid)."""


def create_tables(conn: sqlite3.Connection, fresh: bool) -> None:
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
