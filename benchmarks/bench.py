"""Benchmarks of tablelog's hot paths, printed as one table (not part of the test suite).

Run ``python benchmarks/bench.py`` (or ``--quick`` for a short run; ``--only nordekasino`` for
figure 6 alone). Figures 1-5 are rates (higher is better), figure 6 is a time per call
(lower is better); where a raw-``sqlite3`` baseline applies, it is measured in the same run,
on the same machine, with the same pragmas and the same schema, so the ratio ``ours / raw``
is what the targets are about. The script always exits 0: it reports, CI does not run it.

Inputs are real Karnöffel events: random games (default options: one deal event and 20
plays) played with legal moves and the seeded dealer, encoded by ``replay.codec``.

1. **durable appends/s** — ``Ledger.append`` with one event per call (``BEGIN IMMEDIATE``,
   head read, hash chain, insert, ``COMMIT`` with ``synchronous=FULL`` in WAL mode) against
   raw ``sqlite3`` doing ``BEGIN; INSERT; COMMIT`` per row (rows and hashes precomputed)
   into the same table with the same pragmas. A temp file on disk, fresh files per run,
   best of 3 runs per side; within a run the sides alternate every 25 appends, because an
   fsync on a virtual disk drifts in cost by 10x within seconds. Target: ratio >= 0.60.
2. **bulk import events/s** — one ``Ledger.import_game`` call (one transaction, hashes
   computed on the way) against raw ``executemany`` of the same rows with the hashes
   precomputed, in one transaction. Fresh file per run, best of 3. Target: ratio >= 0.60.
3. **fold events/s** — the pure fold ``replay.fold.fold_from(rules, start, events)`` over
   the already decoded events of many seeded random games. Target: >= 100,000 events/s.
   An extra row (no target) replays from the ledger: ``Ledger.events`` + ``decode_events``
   + the fold, per game.
4. **random games/s** — full random games: ``start(header)``, then until ``outcome`` is set,
   the seeded dealer's move if a chance step is pending, else ``random.Random(seed).choice``
   of ``legal_moves``, applied with ``apply``. Target: >= 1,000 games/s. Steps/s (events
   applied per second) is also shown, with a reference figure of ~13,000 steps/s for a
   popular pure-Python card-game toolkit.
5. **chain verification events/s** — ``Ledger.verify_chain`` over the large game imported
   in (2). No target.
6. **Nørdekasino legal moves, crowded table** — milliseconds (lower is better) for one
   ``rules.nordekasino.moves.legal_moves`` call producing the full move list, on random
   tables of 12 loose cards drawn from the 54-card deck by a seeded ``Random`` with a
   random hand of 4 for the player on turn. *Cold*: every ``lru_cache`` of
   ``rules.nordekasino.arith`` and ``moves`` cleared first (``reach``, ``build_reach``,
   ``more_values``, ``build_options``, ``_legal_moves``, ``_pool``, ...). *Warm*: right
   after, a second state with the same table and another hand of 4 (the arithmetic of the
   table's piles is then remembered; that of the new hand card values is not). Median and
   max over the tables, and the number of legal moves listed. Target: < 50 ms.
7. **commands, start-up included** — CPU ms of ``tablelog show last`` and ``tablelog play
   last MOVE`` on a 300-event game, beside ``python -c "import click"`` in the same run
   (``benchmarks/startup.py``). Target: at most 4× the click import.
8. **PostgreSQL** — durable appends and bulk import on a throwaway PostgreSQL server
   against raw psycopg ``INSERT``/``COPY``, streamed chain verification, replay from
   PostgreSQL and from SQLite, and 16 writers at once on each (``benchmarks/postgres.py``;
   ``--only postgres`` runs it beside figures 1 and 2, the SQLite side). No targets.
9. **match histories** (``--only histories``, its own table: ``benchmarks/histories.py``):
   ``list``, ``stats`` and the exports on 1,000 and 10,000 games, CPU time and peak memory
   of each command in a fresh process, and the bulk import's CPU per event at each size.
10. **record: Enter to redrawn table** — ms from Enter to the table drawn again in one
   ``tablelog record`` session, on a 300-event Karnöffel match and a Nørdekasino game
   (``benchmarks/record_bench.py``). Target: < 50 ms.

The CPU-bound rows (3-5) also show the rate per second of this process's CPU time ("per
CPU-s"): when other processes compete for the CPUs (see the load average printed at the top
and the end) the wall clock stretches but CPU time hardly does. PASS/FAIL is judged on the
wall clock; where the per-CPU-second figure would judge otherwise, the result says so.
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import sqlite3
import sys
import tempfile
from collections.abc import Callable, Sequence
from functools import partial
from pathlib import Path
from typing import Any

import attrs
from rich.console import Console
from rich.table import Table

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from crowded import bench_crowded
from postgres import bench_postgres
from record_bench import bench_record
from report import Row
from startup import bench_startup
from workload import (
    APPEND_CHUNK,
    INSERT,
    INSERT_GAME,
    INSERT_TYPE,
    TOOLKIT_STEPS,
    best_seconds,
    fresh_events,
    header_for,
    payload_pool,
    play_random_game,
    raw_connection,
    raw_rows,
    timed,
    type_rows,
)

from tablelog.ledger import Ledger, NewEvent
from tablelog.replay.codec import decode_events, encode_event, encode_header
from tablelog.replay.fold import fold_from
from tablelog.rules import registry
from tablelog.rules.events import Event
from tablelog.rules.protocol import Header, RuleSet


@attrs.frozen
class Sizes:
    """How much work each benchmark does."""

    appends: int
    imports: int
    fold_games: int
    random_games: int
    pool_games: int
    crowded_tables: int
    startup_runs: int


FULL = Sizes(
    appends=2000,
    imports=200_000,
    fold_games=3000,
    random_games=3000,
    pool_games=1000,
    crowded_tables=20,
    startup_runs=15,
)
QUICK = Sizes(
    appends=300,
    imports=50_000,
    fold_games=500,
    random_games=500,
    pool_games=300,
    crowded_tables=3,
    startup_runs=3,
)


# -- 1. durable appends ------------------------------------------------------------------


def ledger_chunk(ledger: Ledger, game: int, events: Sequence[NewEvent], first: int) -> None:
    """``Ledger.append`` of each of ``events`` alone, the first one as seq ``first``."""
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
        ours = raw = 0.0
        for lo in range(0, len(events), APPEND_CHUNK):
            hi = lo + APPEND_CHUNK
            ours += timed(partial(ledger_chunk, ledger, game, events[lo:hi], lo + 1))
            raw += timed(partial(raw_chunk, conn, rows[lo:hi]))
        conn.close()
    return ours, raw


def bench_appends(tmp: Path, header: bytes, pool: Sequence[NewEvent], n: int) -> Row:
    """Figure 1: durable single-event appends/s, ours against raw sqlite (best of 3 each)."""
    events = fresh_events(pool, n, stamped=False)
    runs = [appends_run(tmp / f"append-{i}", header, events) for i in range(3)]
    ours, raw = min(r[0] for r in runs), min(r[1] for r in runs)
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


# -- 3. fold ---------------------------------------------------------------------------


def stored_games(
    ledger: Ledger, rules: RuleSet, games: int
) -> list[tuple[int, Header, list[Event]]]:
    """Import ``games`` seeded random games; each as (game id, header, decoded events)."""
    out = []
    for seed in range(games):
        header = header_for(rules, seed)
        events = play_random_game(rules, header, seed)
        record = ledger.import_game(
            "karnoffel",
            rules.version,
            encode_header(header),
            (encode_event(rules, e) for e in events),
        )
        out.append((record.id, header, decode_events(rules, ledger.events(record.id))))
    return out


def bench_fold(tmp: Path, rules: RuleSet, games: int) -> list[Row]:
    """Figure 3: the pure fold over decoded events, and replay from the ledger."""
    with Ledger(tmp / "fold.db") as ledger:
        stored = stored_games(ledger, rules, games)
        starts = [(rules.start(header), events) for _, header, events in stored]
        total = sum(len(events) for _, events in starts)

        def pure() -> None:
            for start, events in starts:
                fold_from(rules, start, events)

        def from_ledger() -> None:
            for game, header, _ in stored:
                fold_from(rules, rules.start(header), decode_events(rules, ledger.events(game)))

        (pure_s, pure_cpu), (ledger_s, ledger_cpu) = best_seconds(pure), best_seconds(from_ledger)
    return [
        Row(f"fold, pure ({games:,} games, {total:,} events)", total / pure_s, "events/s",
            minimum=100_000, cpu=total / pure_cpu),
        Row("replay from ledger (read + decode + fold)", total / ledger_s, "events/s",
            cpu=total / ledger_cpu),
    ]  # fmt: skip


# -- 4. random games ---------------------------------------------------------------------


def bench_random_games(rules: RuleSet, games: int) -> list[Row]:
    """Figure 4: full random games/s with legal-move generation, and steps/s."""
    headers = [header_for(rules, seed) for seed in range(games)]
    steps = 0

    def run() -> None:
        nonlocal steps
        steps = sum(len(play_random_game(rules, h, s)) for s, h in enumerate(headers))

    wall, cpu = best_seconds(run)
    return [
        Row(f"random games, legal moves ({games:,} games)", games / wall, "games/s",
            minimum=1_000, cpu=games / cpu),
        Row(f"  … steps (events applied, {steps / games:.0f}/game)", steps / wall, "steps/s",
            cpu=steps / cpu),
    ]  # fmt: skip


# -- report ------------------------------------------------------------------------------


def machine_facts(tmp: Path) -> str:
    """Python, SQLite, CPU and where the db files live."""
    return (
        f"Python {platform.python_version()} ({platform.python_implementation()}), "
        f"SQLite {sqlite3.sqlite_version}, {os.cpu_count()} CPUs, "
        f"{platform.system()} {platform.machine()}, db files in {tmp}, {load_average()}"
    )


def load_average() -> str:
    """The 1-minute load average: other processes competing for the CPUs skew the rates."""
    return f"load average {os.getloadavg()[0]:.2f}" if hasattr(os, "getloadavg") else ""


def render(rows: Sequence[Row], steps_per_s: float | None, mode: str) -> Table:
    """The result table."""
    caption = None
    if steps_per_s is not None:
        caption = (
            f"for comparison: a popular pure-Python card-game toolkit: ~{TOOLKIT_STEPS:,}"
            f" steps/s (ours: {steps_per_s:,.0f} steps/s, {steps_per_s / TOOLKIT_STEPS:.1f}×);"
            " ms rows: 'per CPU-s' is the CPU time of the call, in ms"
        )
    table = Table(title=f"tablelog benchmarks ({mode})", caption=caption)
    columns = ("what", "ours", "per CPU-s", "raw sqlite/psycopg", "ratio", "target", "result")
    for name in columns:
        table.add_column(name, justify="left" if name == "what" else "right", no_wrap=True)
    for row in rows:
        table.add_row(
            row.what,
            f"{row.figure(row.ours)} {row.unit}",
            "—" if row.cpu is None else row.figure(row.cpu),
            "—" if row.raw is None else f"{row.raw:,.0f}",
            "—" if row.raw is None else f"{row.ours / row.raw:.2f}",
            row.target,
            row.verdict(),
        )
    return table


def run_all(tmp: Path, sizes: Sizes, only: str | None = None) -> list[Row]:
    """Every benchmark, in the order of the table (``only="nordekasino"``: figure 6 alone)."""
    if only == "nordekasino":
        return bench_crowded(sizes.crowded_tables)
    if only == "startup":
        return bench_startup(tmp, sizes.startup_runs)
    if only == "record":
        return bench_record(tmp, 40)
    rules = registry.get("karnoffel")
    header = encode_header(header_for(rules, 0))
    pool = payload_pool(rules, sizes.pool_games)
    rows = [
        bench_appends(tmp, header, pool, sizes.appends),
        bench_import(tmp, header, pool, sizes.imports),
    ]
    if only == "postgres":
        return rows + bench_postgres(tmp, header, pool, rules, sizes, stored_games)
    rows += bench_fold(tmp, rules, sizes.fold_games)
    rows += bench_random_games(rules, sizes.random_games)
    rows.append(bench_verify(tmp))
    rows += bench_crowded(sizes.crowded_tables)
    rows += bench_startup(tmp, sizes.startup_runs)
    rows += bench_postgres(tmp, header, pool, rules, sizes, stored_games)
    rows += bench_record(tmp, 40)
    return rows


def main(argv: Sequence[str] | None = None) -> int:
    """Run the benchmarks and print the table; always 0."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="smaller sizes, a short run")
    parser.add_argument("--dir", type=Path, default=None, help="where to put the db files")
    parser.add_argument(
        "--only",
        choices=("nordekasino", "startup", "postgres", "histories", "record"),
        default=None,
        help="run one figure alone: nordekasino (6, a crowded table), startup (7, commands),"
        " postgres (8, beside 1 and 2), histories (9: list, stats and exports on 1,000 and"
        " 10,000 games, its own table), record (10, Enter to redrawn table in `record`)",
    )
    parser.add_argument(
        "--json",
        action="store_true",
        help="print one JSON object instead: per game random_decisions_per_cpu_s,"
        " fuzz_cpu_s_per_game and events_per_game, the archive rows and the peers"
        " (benchmarks/engines.py)",
    )
    parser.add_argument("--game", action="append", help="with --json: this game only")
    parser.add_argument(
        "--archive-only",
        action="store_true",
        help="with --json: the archive rows alone (no game's random play, fuzz or peers)",
    )
    parser.add_argument("--cpu", type=float, default=10.0, help="with --json: CPU-s per game")
    parser.add_argument("--fuzz-games", type=int, default=10, help="with --json: fuzz games")
    parser.add_argument(
        "--archive-games", type=int, default=1000, help="with --json: archive size (0: none)"
    )
    parser.add_argument(
        "--peers",
        metavar="PYTHON",
        default=None,
        help="with --json: an interpreter with rlcard and open_spiel installed, to measure them",
    )
    args = parser.parse_args(argv)
    if args.json:
        from engines import report

        games = [] if args.archive_only else args.game
        figures = report(games, args.cpu, args.fuzz_games, args.archive_games, args.peers)
        print(json.dumps(figures))
        return 0
    if args.only == "histories":
        from histories import main as histories_main

        quick = ["--quick"] if args.quick else []
        return histories_main([*quick, *(["--dir", str(args.dir)] if args.dir else [])])
    console = Console() if sys.stdout.isatty() else Console(width=240)
    with tempfile.TemporaryDirectory(prefix="tablelog-bench-", dir=args.dir) as name:
        tmp = Path(name)
        console.print(machine_facts(tmp))
        rows = run_all(tmp, QUICK if args.quick else FULL, args.only)
    steps = next((r.ours for r in rows if r.unit == "steps/s"), None)
    console.print(render(rows, steps, "quick" if args.quick else "full"))
    console.print(f"at the end: {load_average()}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
