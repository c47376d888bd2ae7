"""What an event costs on disk, and the write rates: bytes per event by table and index
(SQLite's ``dbstat``; PostgreSQL's ``pg_total_relation_size``), bulk import and single
appends in CPU microseconds per event (not part of the test suite;
``python benchmarks/envelope.py``).

The database holds copies of the recorded Karnöffel fixture games (each with a new uid and
new event ids, as tablelog makes them, and the fixtures' recorded times) until it has
``--events`` events (40,000 by default, the figure of docs/architecture.md), written by the
bulk path (``import_game``) in one transaction, and measured then. Appends: ``--appends``
single-event appends to one game of another database (one durable transaction each).

To compare with another version of the code (the schema it writes), point
``TABLELOG_CODE`` at its checkout: ``TABLELOG_CODE=../old python benchmarks/envelope.py``.
"""

from __future__ import annotations

import argparse
import json
import os
import sqlite3
import sys
import tempfile
import uuid
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
CODE = Path(os.environ.get("TABLELOG_CODE", ROOT)).resolve()
sys.path.insert(0, str(CODE))

from recorded import recorded_games

from tablelog.ledger import SCHEMA_VERSION, Ledger, LedgerStore, NewEvent, open_ledger
from tablelog.replay.codec import encode_header

TEMPLATES = ("karnoffel-long-match.jsonl", "karnoffel-physical.jsonl", "karnoffel-seeded.jsonl")


def fill(ledger: LedgerStore, events: int) -> dict[str, float]:
    """Copies of the templates until ``events`` events, in one transaction; CPU µs/event."""
    sources = recorded_games(TEMPLATES)
    written = 0
    before = os.times()
    with ledger.batch():
        i = 0
        while written < events:
            game = sources[i % len(sources)]
            records = [
                NewEvent(uuid.uuid4().hex, r.type, r.type_version, r.actor, r.payload,
                         r.recorded_at)
                for r in game.records[: events - written]
            ]  # fmt: skip
            ledger.import_game(
                game.rules.name, game.header.rules_version, encode_header(game.header),
                records, uid=uuid.uuid4().hex,
            )  # fmt: skip
            written += len(records)
            i += 1
    after = os.times()
    return {
        "events": written,
        "import_user_us": (after.user - before.user) / written * 1e6,
        "import_sys_us": (after.system - before.system) / written * 1e6,
    }


def appends(ledger: LedgerStore, count: int) -> dict[str, float]:
    """``count`` single-event appends to a new game: CPU µs per append (user + system)."""
    game = recorded_games(TEMPLATES)[0]
    record = ledger.create_game("karnoffel", 1, encode_header(game.header))
    source = game.records[0]
    before = os.times()
    for seq in range(1, count + 1):
        event = NewEvent(uuid.uuid4().hex, source.type, 1, source.actor, source.payload)
        ledger.append(record.id, seq, [event])
    after = os.times()
    cpu = (after.user - before.user) + (after.system - before.system)
    return {"append_cpu_us": cpu / count * 1e6, "appends": count}


def sqlite_bytes(path: Path, events: int) -> dict[str, float]:
    """Bytes per event of each table and index of the events (dbstat: pages in use)."""
    conn = sqlite3.connect(path)
    try:
        rows = conn.execute(
            "SELECT name, sum(pgsize), sum(payload), sum(unused) FROM dbstat GROUP BY name"
        ).fetchall()
        payload = conn.execute("SELECT avg(length(payload)) FROM events").fetchone()[0]
    finally:
        conn.close()
    out = {f"{name} (B/event)": size / events for name, size, _, _ in rows if size}
    wanted = [n for n, *_ in rows if n.startswith(("events", "sqlite_autoindex_events"))]
    wanted += [n for n, *_ in rows if n == "event_types"]
    out["events + its indexes (B/event)"] = sum(size for n, size, _, _ in rows if n in wanted) / (
        events
    )
    out["payload (B/event)"] = payload
    out["file (B/event)"] = path.stat().st_size / events
    return out


def postgres_bytes(events: int, appended: int) -> dict[str, float] | str:
    """The same on a throwaway PostgreSQL server: ``pg_total_relation_size`` per event."""
    from tests.pgserver import PostgresServer, find_bin_dir

    bin_dir = find_bin_dir()
    if bin_dir is None:
        return "no PostgreSQL server binaries"
    import psycopg

    server = PostgresServer(bin_dir)
    try:
        url = server.create_database("envelope")
        with open_ledger(url) as ledger:
            figures: dict[str, Any] = fill(ledger, events)
        with psycopg.connect(url, autocommit=True) as conn:
            conn.execute("VACUUM ANALYZE")
            total = events
            for name in ("events", "event_types"):
                row = conn.execute("SELECT pg_total_relation_size(to_regclass(%s))", (name,))
                size = row.fetchone()
                if size and size[0]:
                    figures[f"{name} total (B/event)"] = size[0] / total
            heap = conn.execute("SELECT pg_relation_size('events')").fetchone()
            figures["events heap alone (B/event)"] = heap[0] / total if heap else 0
        with open_ledger(server.create_database("appends")) as ledger:
            figures.update(appends(ledger, appended))
        return figures
    finally:
        server.stop()


def main(argv: list[str] | None = None) -> int:
    """Measure and print the figures (JSON)."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--events", type=int, default=40_000)
    parser.add_argument("--appends", type=int, default=500)
    parser.add_argument("--no-postgres", action="store_true")
    args = parser.parse_args(argv)
    out: dict[str, Any] = {"schema": SCHEMA_VERSION, "code": str(CODE)}
    with tempfile.TemporaryDirectory() as tmp:
        db = Path(tmp) / "envelope.db"
        with Ledger(db) as ledger:
            sqlite: dict[str, Any] = fill(ledger, args.events)
            ledger.connection.execute("PRAGMA wal_checkpoint(TRUNCATE)")
        sqlite.update(sqlite_bytes(db, args.events))
        with Ledger(Path(tmp) / "appends.db") as ledger:
            sqlite.update(appends(ledger, args.appends))
        out["sqlite"] = sqlite
    if not args.no_postgres:
        out["postgresql"] = postgres_bytes(args.events, args.appends)
    out["load average"] = os.getloadavg()[0]
    print(json.dumps(out, indent=2))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
