"""Bringing a schema-1 database to schema 2, in the writer's one schema transaction.

Schema 2 stores the same events in a smaller envelope (``ledger.envelope``; the type name
once in ``event_types``, no previous hash). The upgrade copies every event row into the new
table (same ``pos``, so the write order ``verify`` checks is kept; same stored hash), drops
the old table and puts the indexes and append-only triggers back. Before it commits, every
game's head is recomputed from the events' contents as schema 1 held them and as schema 2
gives them back: if any differs, nothing is changed (``UpgradeRefused``). A game altered
before the upgrade stays exactly as altered, and ``verify`` still names it.

SQLite's upgrade (here) runs in ``schema.create_schema`` (the first writer to open the
file); PostgreSQL's (``postgres_schema.upgrade_postgres``, sharing ``check_heads`` and
``v1_event``) in ``postgres_schema.create_schema`` (by a user who may create tables).
"""

from __future__ import annotations

import sqlite3
from collections.abc import Iterator
from typing import Any

from tablelog.ledger.envelope import pack_id, pack_time
from tablelog.ledger.errors import UnusableDatabase, UpgradeRefused
from tablelog.ledger.hashing import recomputed_heads
from tablelog.ledger.records import StoredEvent
from tablelog.ledger.tables import create_event_tables, finish_events

__all__ = ["check_heads", "upgrade_sqlite", "v1_event"]

_V1_BY_GAME = (
    "SELECT game, seq, event_id, type, type_version, actor, CAST(payload AS BLOB),"
    " recorded_at, CAST(hash AS BLOB) FROM events ORDER BY game, seq"
)
_COPY_V1 = """
INSERT INTO events_v2 (pos, game, seq, event_id, type, type_version, actor, payload,
                       recorded, recorded_text, hash)
SELECT e.pos, e.game, e.seq, tablelog_pack_id(e.event_id), t.id, e.type_version, e.actor,
       e.payload, tablelog_micros(e.recorded_at), tablelog_time_text(e.recorded_at), e.hash
FROM events AS e JOIN event_types AS t ON t.name = CAST(e.type AS TEXT)
ORDER BY e.pos
"""


def _text(value: Any) -> str:
    """A stored value as the text schema 1 gave back (an edit may have left bytes)."""
    if isinstance(value, bytes):
        return value.decode("utf-8", "replace")
    return str(value)


def check_heads(before: dict[int, bytes], after: dict[int, bytes], where: str) -> None:
    """Refuse an upgrade after which some game's recomputed head differs."""
    changed = sorted(g for g in before.keys() | after.keys() if before.get(g) != after.get(g))
    if changed:
        shown = ", ".join(map(str, changed[:10]))
        more = f" and {len(changed) - 10} more" if len(changed) > 10 else ""
        raise UpgradeRefused(
            f"cannot upgrade {where} to schema 2: some events of game(s) {shown}{more} would"
            " not read back exactly as they were recorded (their head hash would change);"
            " nothing was changed: keep using the tablelog that wrote this file, and report it"
        )


def upgrade_sqlite(conn: sqlite3.Connection, found: int, path: str) -> None:
    """Upgrade schema ``found`` (1) to 2 inside the caller's open write transaction."""
    import sqlite_utils

    from tablelog.ledger.statements import SELECT_EVENTS

    if found != 1:
        raise UnusableDatabase(f"{path} has schema {found}, which this tablelog cannot upgrade")
    geneses = {g: bytes(h) for g, h in conn.execute("SELECT id, genesis FROM games")}
    before = recomputed_heads(_rows(conn, _V1_BY_GAME, v1=True), geneses)
    conn.create_function("tablelog_pack_id", 1, lambda v: pack_id(_text(v)), deterministic=True)
    conn.create_function("tablelog_micros", 1, lambda v: pack_time(_text(v))[0], deterministic=True)
    conn.create_function(
        "tablelog_time_text", 1, lambda v: pack_time(_text(v))[1], deterministic=True
    )
    db = sqlite_utils.Database(conn, execute_plugins=False)
    create_event_tables(db, "events_v2")
    conn.execute(
        "INSERT INTO event_types (name) SELECT CAST(type AS TEXT) FROM events"
        " GROUP BY CAST(type AS TEXT) ORDER BY min(pos)"
    )
    conn.execute(_COPY_V1)
    conn.execute("DROP TABLE events")  # its indexes and triggers go with it
    conn.execute("ALTER TABLE events_v2 RENAME TO events")
    finish_events(db)
    after = recomputed_heads(_rows(conn, f"{SELECT_EVENTS} ORDER BY e.game, e.seq"), geneses)
    check_heads(before, after, path)


def _rows(conn: sqlite3.Connection, sql: str, *, v1: bool = False) -> Iterator[StoredEvent]:
    from tablelog.ledger.envelope import stored_event

    for row in conn.execute(sql):
        yield StoredEvent(*row) if v1 else stored_event(row)


def v1_event(row: tuple[Any, ...]) -> StoredEvent:
    """A schema-1 event row (either backend) as the event it stored."""
    game, seq, event_id, type_, version, actor, payload, at, digest = row
    return StoredEvent(
        game, seq, event_id, type_, version, actor, bytes(payload), at, bytes(digest)
    )
