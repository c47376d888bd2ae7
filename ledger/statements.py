"""The SQL statements the SQLite store (``ledger.store.Ledger``) runs, schema 2 (and the
one schema-1 read a reader of an old file makes)."""

from __future__ import annotations

from tablelog.ledger.dialect import Dialect
from tablelog.ledger.records import StoredEvent
from tablelog.ledger.summaries import HAS_SUMMARIES

__all__ = [
    "GAME_COLUMNS",
    "INSERT_EVENT",
    "INSERT_GAME",
    "SELECT_EVENTS",
    "SELECT_EVENTS_1",
    "SQLITE",
    "SQLITE_1",
    "SUMMARIES",
]

INSERT_EVENT = (
    "INSERT INTO events (game, seq, event_id, type, type_version, actor, payload, recorded,"
    " recorded_text, hash) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)"
)
SELECT_EVENTS = (  # schema 2; bytes read as bytes even if an edit stored them as text
    "SELECT e.game, e.seq, CAST(e.event_id AS BLOB), coalesce(t.name, '#' || e.type),"
    " e.type_version, e.actor, CAST(e.payload AS BLOB), e.recorded, e.recorded_text,"
    " CAST(e.hash AS BLOB) FROM events AS e LEFT JOIN event_types AS t ON t.id = e.type"
)
SELECT_EVENTS_1 = (  # schema 1, read as it is by a reader (a writer upgrades it first)
    "SELECT game, seq, event_id, type, type_version, actor, CAST(payload AS BLOB),"
    " recorded_at, CAST(hash AS BLOB) FROM events"
)
GAME_COLUMNS = "id, uid, rules, rules_version, CAST(header AS BLOB), CAST(genesis AS BLOB), created"
INSERT_GAME = (
    "INSERT INTO games (uid, rules, rules_version, header, genesis, created)"
    " VALUES (?, ?, ?, ?, ?, ?)"
)
SUMMARIES = """
SELECT g.id, g.uid, g.rules, g.rules_version, CAST(g.header AS BLOB),
       CAST(g.genesis AS BLOB), g.created,
       (SELECT COUNT(*) FROM events WHERE game = g.id),
       h.seq, CAST(h.hash AS BLOB)
FROM games AS g
LEFT JOIN events AS h
  ON h.pos = (SELECT pos FROM events WHERE game = g.id ORDER BY seq DESC LIMIT 1)
ORDER BY g.id
"""

SQLITE = Dialect("?", SELECT_EVENTS, GAME_COLUMNS, SUMMARIES, HAS_SUMMARIES)
"""Schema 2 on SQLite."""
SQLITE_1 = Dialect(
    "?",
    SELECT_EVENTS_1,
    GAME_COLUMNS,
    SUMMARIES,
    HAS_SUMMARIES,
    row=lambda row: StoredEvent(*row),
    stored_id=str,
)
"""Schema 1 on SQLite, as a reader reads an old file (a writer upgrades it first)."""
