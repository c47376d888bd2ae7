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

This file holds the sizes and the command; the rows are measured in ``sqlite_rows.py``
(figures 1, 2, 5), ``engine_rows.py`` (3, 4), ``crowded.py`` (6), ``startup.py`` (7),
``postgres.py`` (8), ``histories.py`` (9) and ``record_bench.py`` (10), and the table is
drawn by ``report.py``.
"""

from __future__ import annotations

import argparse
import json
import sys
import tempfile
from collections.abc import Sequence
from pathlib import Path

import attrs
from rich.console import Console

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from crowded import bench_crowded
from engine_rows import bench_fold, bench_random_games, stored_games
from postgres import bench_postgres
from record_bench import bench_record
from report import Row, load_average, machine_facts, render
from sqlite_rows import bench_appends, bench_import, bench_verify
from startup import bench_startup
from workload import header_for, payload_pool

from tablelog.replay.codec import encode_header
from tablelog.rules import registry


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
        " fuzz_cpu_s_per_game, events_per_game, campaign_cpu_s_per_event and"
        " kit_cost_ratio, the archive rows and the peers"
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
        "--campaign-games",
        type=int,
        default=20,
        help="with --json: games of `fuzz --campaign` per game, for campaign_cpu_s_per_event"
        " and kit_cost_ratio (0: none; issue 24's figure is 200)",
    )
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
        figures = report(
            games, args.cpu, args.fuzz_games, args.archive_games, args.peers, args.campaign_games
        )
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
