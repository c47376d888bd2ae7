"""Figure 8: the PostgreSQL ledger beside SQLite and beside raw psycopg, in the same run.

Run by ``python benchmarks/bench.py`` (or ``--only postgres``). A throwaway server is
started for the run (``tests/pgserver.py``: initdb + pg_ctl on a free local port) with
PostgreSQL's durable defaults (fsync on, synchronous commit on); without the server
binaries the figure is left out with a note.

- **durable appends** — ``PostgresLedger.append`` with one event per call (one transaction:
  advisory lock, head read, hash chain, INSERT, COMMIT) against raw psycopg doing one
  autocommitted ``INSERT`` per precomputed row into the same schema; the sides alternate
  every ``APPEND_CHUNK`` appends, fresh databases per run, best of 3.
- **bulk import** — one ``PostgresLedger.import_game`` (one transaction, hashes computed on
  the way, ``COPY``) against raw psycopg ``COPY`` of the precomputed rows in one
  transaction. Fresh databases per run, best of 3.
- **verify chain** — ``PostgresLedger.verify_chain`` over the imported game (streamed
  through a server-side cursor).
- **replay** — read + decode + fold of the same seeded random games from PostgreSQL and
  from SQLite.
- **16 writers** — 16 processes, each appending single events to its own game (durable,
  one transaction each), on PostgreSQL and on SQLite: events/s for all of them together,
  from the moment they all start to the last commit, and how many appends SQLite refused
  because its file stayed locked longer than its busy timeout (retried; PostgreSQL's
  writers of different games never wait for each other).
"""

from __future__ import annotations

import itertools
import multiprocessing
import sys
import time
from collections.abc import Callable, Sequence
from functools import partial
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from report import Row
from sqlite_rows import alternating, best_of_3
from workload import (
    best_seconds,
    fresh_events,
    raw_rows,
    timed,
    type_rows,
)

from tablelog.ledger import Ledger, LedgerError, LedgerStore, NewEvent, open_ledger
from tablelog.replay.codec import decode_events
from tablelog.replay.fold import fold_from
from tablelog.rules.protocol import RuleSet
from tests.pgserver import PostgresServer, find_bin_dir

WRITERS = 16
INSERT = (
    "INSERT INTO events (game, seq, event_id, type, type_version, actor, payload,"
    " recorded, recorded_text, hash) VALUES (%s, %s, %s, %s, %s, %s, %s, %s, %s, %s)"
)
COPY = (
    "COPY events (game, seq, event_id, type, type_version, actor, payload, recorded,"
    " recorded_text, hash) FROM STDIN"
)
INSERT_TYPE = "INSERT INTO event_types (id, name) VALUES (%s, %s)"
INSERT_GAME = (
    "INSERT INTO games (id, uid, rules, rules_version, header, genesis, created)"
    " VALUES (1, %s, %s, %s, %s, %s, %s)"
)
StoreGames = Callable[[Any, RuleSet, int], list[tuple[int, Any, Any]]]
_names = itertools.count(1)


class Databases:
    """Fresh databases on one server, each with the ledger's schema."""

    def __init__(self, server: PostgresServer) -> None:
        self.server = server

    def fresh(self) -> str:
        """The URL of a new database whose schema is created."""
        url = self.server.create_database(f"bench{next(_names)}")
        open_ledger(url).close()
        return url

    def raw(self, url: str, header: bytes, events: Sequence[NewEvent]) -> tuple[Any, list[Any]]:
        """A psycopg connection (autocommit) holding game 1, and the precomputed rows."""
        import psycopg

        values, rows = raw_rows(header, events)
        conn = psycopg.connect(url, autocommit=True)
        conn.execute(INSERT_GAME, values)
        conn.cursor().executemany(INSERT_TYPE, type_rows(events))
        return conn, rows


# -- appends -----------------------------------------------------------------------------


def _raw(conn: Any, rows: Sequence[Any]) -> None:
    for row in rows:
        conn.execute(INSERT, row)  # autocommit: one transaction, one WAL flush each


def appends_run(dbs: Databases, header: bytes, events: Sequence[NewEvent]) -> tuple[float, float]:
    conn, rows = dbs.raw(dbs.fresh(), header, events)
    with open_ledger(dbs.fresh()) as ledger:
        game = ledger.create_game("karnoffel", 1, header).id
        ours, raw = alternating(ledger, game, events, partial(_raw, conn), rows)
    conn.close()
    return ours, raw


def bench_appends(dbs: Databases, header: bytes, pool: Sequence[NewEvent], n: int) -> Row:
    events = fresh_events(pool, n, stamped=False)
    ours, raw = best_of_3(lambda _: appends_run(dbs, header, events))
    return Row("PostgreSQL durable appends (vs raw INSERT)", n / ours, "events/s", n / raw)


# -- bulk import, verify -----------------------------------------------------------------


def _raw_copy(dbs: Databases, header: bytes, events: Sequence[NewEvent]) -> float:
    url = dbs.fresh()
    import psycopg

    conn = psycopg.connect(url)
    values, rows = raw_rows(header, events)

    def run() -> None:
        with conn.transaction(), conn.cursor() as cur:
            cur.execute(INSERT_GAME, values)
            cur.executemany(INSERT_TYPE, type_rows(events))
            with cur.copy(COPY) as copy:
                for row in rows:
                    copy.write_row(row)

    try:
        return timed(run)
    finally:
        conn.close()


def bench_import(dbs: Databases, header: bytes, pool: Sequence[NewEvent], n: int) -> list[Row]:
    events = fresh_events(pool, n, stamped=True)
    ours = raw = float("inf")
    url = ""
    for _ in range(3):
        url = dbs.fresh()
        with open_ledger(url) as ledger:
            ours = min(ours, timed(lambda: ledger.import_game("karnoffel", 1, header, events)))
        raw = min(raw, _raw_copy(dbs, header, events))
    with open_ledger(url) as ledger:
        problems: list[Any] = []
        wall, cpu = best_seconds(lambda: problems.extend(ledger.verify_chain(1)))
    assert not problems, problems[:1]
    return [
        Row(f"PostgreSQL bulk import ({n:,} events, vs raw COPY)", n / ours, "events/s", n / raw),
        Row(f"PostgreSQL verify chain ({n:,} events, streamed)", n / wall, "events/s",
            cpu=n / cpu),
    ]  # fmt: skip


# -- replay ------------------------------------------------------------------------------


def bench_replay(
    dbs: Databases, tmp: Path, rules: RuleSet, games: int, store_games: StoreGames
) -> list[Row]:
    rows = []
    for name, target in (("PostgreSQL", dbs.fresh()), ("SQLite", str(tmp / "replay.db"))):
        with open_ledger(target) as ledger:
            stored = store_games(ledger, rules, games)
            total = sum(len(events) for _, _, events in stored)

            def replay(ledger: LedgerStore = ledger, stored: Any = stored) -> None:
                for game, header, _ in stored:
                    events = decode_events(rules, ledger.events(game))
                    fold_from(rules, rules.start(header), events)

            wall, cpu = best_seconds(replay)
        rows.append(
            Row(f"replay from {name} ({games:,} games, read + decode + fold)", total / wall,
                "events/s", cpu=total / cpu)
        )  # fmt: skip
    return rows


# -- many writers ------------------------------------------------------------------------


def _writer(target: str, game: int, events: Sequence[NewEvent], start: Any, out: Any) -> None:
    """Append ``events`` one by one; a refusal because the database is busy (SQLite's
    writers wait at most its busy timeout for the file's lock) is counted and retried."""
    try:
        busy = 0
        with open_ledger(target) as ledger:
            start.wait()
            began = time.time()
            for seq, event in enumerate(events, 1):
                while True:
                    try:
                        ledger.append(game, seq, (event,))
                        break
                    except LedgerError as error:
                        if "busy" not in str(error):
                            raise
                        busy += 1
            out.put((began, time.time(), busy))
    except BaseException as error:
        out.put(error)
        raise


def writers_rate(
    target: str, header: bytes, pool: Sequence[NewEvent], per_writer: int
) -> tuple[float, int]:
    """Events/s of WRITERS processes appending to their own games at once, and how many
    appends were refused as busy (and retried)."""
    with open_ledger(target) as ledger:
        games = [ledger.create_game("karnoffel", 1, header).id for _ in range(WRITERS)]
    context = multiprocessing.get_context("fork")
    start, out = context.Barrier(WRITERS), context.Queue()
    processes = [
        context.Process(
            target=_writer,
            args=(target, game, fresh_events(pool, per_writer, stamped=False), start, out),
        )
        for game in games
    ]
    for p in processes:
        p.start()
    times = [out.get(timeout=900) for _ in processes]
    for p in processes:
        p.join()
    failed = [t for t in times if isinstance(t, BaseException)]
    if failed:
        raise RuntimeError(f"a writer failed: {failed[0]!r}")
    elapsed = max(t[1] for t in times) - min(t[0] for t in times)
    return WRITERS * per_writer / elapsed, sum(t[2] for t in times)


def bench_writers(
    dbs: Databases, tmp: Path, header: bytes, pool: Sequence[NewEvent], per_writer: int
) -> list[Row]:
    Ledger(tmp / "writers.db").close()
    rows = []
    for name, target in (("PostgreSQL", dbs.fresh()), ("SQLite", str(tmp / "writers.db"))):
        rate, busy = writers_rate(target, header, pool, per_writer)
        rows.append(
            Row(f"{WRITERS} writers, own games, {name} ({busy} busy refusals)", rate, "events/s")
        )
    return rows


# -- all of figure 8 ---------------------------------------------------------------------


def bench_postgres(
    tmp: Path,
    header: bytes,
    pool: Sequence[NewEvent],
    rules: RuleSet,
    sizes: Any,
    store_games: StoreGames,
) -> list[Row]:
    """Figure 8, on a server started for the run; [] (with a note) without the binaries."""
    bin_dir = find_bin_dir()
    if bin_dir is None:
        print("figure 8 left out: no PostgreSQL server binaries (apt-get install postgresql)")
        return []
    server = PostgresServer(bin_dir, durable=True)
    try:
        dbs = Databases(server)
        rows = [bench_appends(dbs, header, pool, sizes.appends)]
        rows += bench_import(dbs, header, pool, sizes.imports)
        rows += bench_replay(dbs, tmp, rules, sizes.fold_games // 3, store_games)
        rows += bench_writers(dbs, tmp, header, pool, max(sizes.appends // WRITERS, 10))
        return rows
    finally:
        server.stop()
