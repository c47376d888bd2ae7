"""Figures 1, 2 and 5 of ``benchmarks/bench.py``: the SQLite ledger against raw ``sqlite3``.

1. durable single-event appends, 2. one bulk import, 5. chain verification of that import
(see ``bench.py``'s docstring for what each measures and its target).
"""

from __future__ import annotations

import sqlite3
import sys
from collections.abc import Callable, Sequence
from functools import partial
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from report import Row
from workload import (
    APPEND_CHUNK,
    INSERT,
    INSERT_GAME,
    INSERT_TYPE,
    best_seconds,
    fresh_events,
    raw_connection,
    raw_rows,
    timed,
    type_rows,
)

from tablelog.ledger import Ledger, LedgerStore, NewEvent

__all__ = ["bench_appends", "bench_import", "bench_verify", "ledger_chunk"]

# -- 1. durable appends ------------------------------------------------------------------


def ledger_chunk(ledger: LedgerStore, game: int, events: Sequence[NewEvent], first: int) -> None:
    """``append`` of each of ``events`` alone, the first one as seq ``first`` (any ledger:
    SQLite here, PostgreSQL in ``postgres.py``)."""
    append = ledger.append
    for seq, event in enumerate(events, first):
        append(game, seq, (event,))


def raw_chunk(conn: sqlite3.Connection, rows: Sequence[tuple[Any, ...]]) -> None:
    """``BEGIN; INSERT; COMMIT`` for each precomputed row."""
    execute = conn.execute
    for row in rows:
        execute("BEGIN")
        execute(INSERT, row)
        execute("COMMIT")


def appends_run(path: Path, header: bytes, events: Sequence[NewEvent]) -> tuple[float, float]:
    """Seconds for the ledger's appends and for raw sqlite's, each on a fresh file.

    The two sides alternate every ``APPEND_CHUNK`` events, so both see the same disk: on a
    virtual disk the cost of an fsync drifts by an order of magnitude within seconds.
    """
    values, rows = raw_rows(header, events)
    with Ledger(path.with_suffix(".ours.db")) as ledger:
        game = ledger.create_game("karnoffel", 1, header).id
        conn = raw_connection(path.with_suffix(".raw.db"))
        conn.execute(INSERT_GAME, values)
        conn.executemany(INSERT_TYPE, type_rows(events))
        ours, raw = alternating(ledger, game, events, partial(raw_chunk, conn), rows)
        conn.close()
    return ours, raw


def alternating(
    ledger: LedgerStore,
    game: int,
    events: Sequence[NewEvent],
    raw: Callable[[Sequence[Any]], None],
    rows: Sequence[Any],
) -> tuple[float, float]:
    """Seconds of ``ledger``'s appends of ``events`` and of ``raw``'s inserts of the same
    ``rows``, the sides taking turns every ``APPEND_CHUNK`` events (the same disk for both)."""
    ours = theirs = 0.0
    for lo in range(0, len(events), APPEND_CHUNK):
        hi = lo + APPEND_CHUNK
        ours += timed(partial(ledger_chunk, ledger, game, events[lo:hi], lo + 1))
        theirs += timed(partial(raw, rows[lo:hi]))
    return ours, theirs


def best_of_3(run: Callable[[int], tuple[float, float]]) -> tuple[float, float]:
    """The best (least) seconds of each side over three runs of ``run(i)``."""
    runs = [run(i) for i in range(3)]
    return min(r[0] for r in runs), min(r[1] for r in runs)


def bench_appends(tmp: Path, header: bytes, pool: Sequence[NewEvent], n: int) -> Row:
    """Figure 1: durable single-event appends/s, ours against raw sqlite (best of 3 each)."""
    events = fresh_events(pool, n, stamped=False)
    ours, raw = best_of_3(lambda i: appends_run(tmp / f"append-{i}", header, events))
    return Row("durable appends (1 event/txn, FULL sync)", n / ours, "events/s", n / raw, 0.60)


# -- 2. bulk import and 5. chain verification --------------------------------------------


def ledger_import(path: Path, header: bytes, events: Sequence[NewEvent]) -> float:
    """Seconds for one ``Ledger.import_game`` of ``events`` into a fresh ledger file."""
    with Ledger(path) as ledger:
        return timed(lambda: ledger.import_game("karnoffel", 1, header, events))


def raw_import(path: Path, header: bytes, events: Sequence[NewEvent]) -> float:
    """Seconds for one transaction: the games row, then ``executemany`` of the rows."""
    values, rows = raw_rows(header, events)
    conn = raw_connection(path)

    def run() -> None:
        conn.execute("BEGIN")
        conn.execute(INSERT_GAME, values)
        conn.executemany(INSERT_TYPE, type_rows(events))
        conn.executemany(INSERT, rows)
        conn.execute("COMMIT")

    try:
        return timed(run)
    finally:
        conn.close()


def best_of_alternating(
    tmp: Path, name: str, ours: Callable[[Path], float], raw: Callable[[Path], float]
) -> tuple[float, float]:
    """Best seconds of 3 runs for each side, alternating, a fresh db file per run."""
    best_ours = best_raw = float("inf")
    for i in range(3):
        best_ours = min(best_ours, ours(tmp / f"{name}-ours-{i}.db"))
        best_raw = min(best_raw, raw(tmp / f"{name}-raw-{i}.db"))
    return best_ours, best_raw


def bench_import(tmp: Path, header: bytes, pool: Sequence[NewEvent], n: int) -> Row:
    """Figure 2: bulk-import events/s, ours against raw ``executemany``."""
    events = fresh_events(pool, n, stamped=True)
    ours, raw = best_of_alternating(
        tmp,
        "import",
        lambda p: ledger_import(p, header, events),
        lambda p: raw_import(p, header, events),
    )
    return Row(f"bulk import ({n:,} events, 1 txn)", n / ours, "events/s", n / raw, 0.60)


def bench_verify(tmp: Path) -> Row:
    """Figure 5: ``Ledger.verify_chain`` over the large game imported by figure 2."""
    with Ledger(tmp / "import-ours-0.db") as ledger:
        game = ledger.games()[0]
        problems: list[Any] = []
        wall, cpu = best_seconds(lambda: problems.extend(ledger.verify_chain(game.record.id)))
    assert not problems, problems[:1]
    n = game.events
    return Row(f"verify chain ({n:,} events)", n / wall, "events/s", cpu=n / cpu)
