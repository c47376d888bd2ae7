"""Match histories at scale: ``list``, ``stats``, exports, import and verify on 1,000 and
10,000 games (not part of the test suite; ``python benchmarks/histories.py``, or
``python benchmarks/bench.py --only histories``).

The games are copies of recorded fixture games of every rule set (a short mix averaging
about 77 events: two Karnöffel deals and a match, both Nørdekasino games, a Narrespillet
round, a Speahx example, a Vriddiot game), each with a new uid and new event ids, so
every copy is a distinct game with its own hash chain. They are written with the ledger's
bulk path (``Ledger.import_game``, one transaction per size), each with its results
summary, as ``tablelog import`` keeps it (a copy's summary is its template's: the same
header and log); ``--cold`` writes none, as a database from before summaries were kept,
and adds the row of the first ``list``, which computes them all.

Each command then runs in a fresh process (start-up included) and reports its CPU time
(user + system), its peak resident memory (``VmHWM`` of that process) and, for the
commands that read every event (``import``, ``export``, ``verify``), events per
CPU-second; growth is the ratio of the 10,000-game figure to the 1,000-game one (10× the
games). Bulk import is reported as CPU microseconds per event (user and system apart) at
each size: its system time is where random event ids missing SQLite's page cache show.
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import tempfile
import time
import uuid
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from recorded import recorded_games

from tablelog.ledger import Ledger, NewEvent
from tablelog.replay.codec import encode_header
from tablelog.replay.fold import Replayer
from tablelog.replay.jsonl import ParsedGame
from tablelog.replay.summary import dumps, summarize

TEMPLATES = (
    "karnoffel-long-match.jsonl",
    "karnoffel-physical.jsonl",
    "karnoffel-seeded.jsonl",
    "nordekasino-partnership.jsonl",
    "nordekasino-seeded.jsonl",
    "narrespillet/narrespillet-example-round.jsonl",
    "speahx/speahx-eksempelrunde.jsonl",
    "vriddiot/vriddiot-seeded.jsonl",
)
EPOCH = datetime(2026, 1, 1, 19, 0, tzinfo=UTC)
GAMES_PER_EVENING = 12

PROBE = """
import json, resource, sys, time
from tablelog.cli.main import cli
start = time.process_time()
wall = time.perf_counter()
try:
    cli.main(args=sys.argv[1:], prog_name="tablelog", standalone_mode=False)
except SystemExit as stop:
    if stop.code:
        raise
usage = resource.getrusage(resource.RUSAGE_SELF)
# the peak of this process's own memory (VmHWM): ru_maxrss would keep the parent's
# resident size from before the exec (Linux carries it over)
with open("/proc/self/status") as status:
    hwm = next(int(line.split()[1]) for line in status if line.startswith("VmHWM:"))
print(json.dumps({"cpu": usage.ru_utime + usage.ru_stime, "wall": time.perf_counter() - wall,
                  "rss_mb": hwm / 1024}), file=sys.stderr)
"""


def summary_text(game: ParsedGame) -> str:
    """The results summary ``tablelog import`` stores with ``game`` (one fold)."""
    replayer = Replayer(game.rules, game.header)
    for event in game.events:
        replayer.push(event)
    seq = game.events[-1].seq if game.events else 0
    return dumps(summarize(game.rules, game.header, replayer, seq))


def fill(path: Path, count: int, summaries: bool = True) -> dict[str, float]:
    """A ledger of ``count`` copies, written by the bulk path in one transaction, each with
    its summary unless told; returns the import's CPU cost per event (user and system
    microseconds)."""
    sources = recorded_games(TEMPLATES)
    texts = [summary_text(game) for game in sources] if summaries else []
    events = 0
    before = os.times()
    with Ledger(path) as ledger, ledger.batch():
        for i in range(count):
            game = sources[i % len(sources)]
            records = [
                NewEvent(uuid.uuid4().hex, r.type, r.type_version, r.actor, r.payload,
                         r.recorded_at)
                for r in game.records
            ]  # fmt: skip
            created = (EPOCH + timedelta(days=i // GAMES_PER_EVENING)).isoformat()
            record = ledger.import_game(
                game.rules.name, game.header.rules_version, encode_header(game.header),
                records, uid=uuid.uuid4().hex, created=created,
            )  # fmt: skip
            if summaries:
                _, head = ledger.head(record.id)
                ledger.store_summaries([(record.id, head, texts[i % len(sources)])])
            events += len(records)
    after = os.times()
    return {
        "events": events,
        "user_us": (after.user - before.user) / events * 1e6,
        "sys_us": (after.system - before.system) / events * 1e6,
    }


def probe(
    args: list[str], root: Path = ROOT, env: dict[str, str] | None = None
) -> dict[str, float]:
    """``tablelog ARGS`` in a fresh process run from the checkout ``root`` (``PROBE``): its
    CPU seconds, wall seconds and peak RSS (MB)."""
    done = subprocess.run(
        [sys.executable, "-c", PROBE, *args],
        cwd=root,
        env=env,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.PIPE,
        text=True,
        check=True,
    )
    result: dict[str, float] = json.loads(done.stderr.strip().splitlines()[-1])
    return result


def measure(db: Path, *args: str) -> dict[str, float]:
    """One command on ``db`` in a fresh process: its CPU seconds, wall seconds and peak RSS
    (MB), printed too."""
    result = probe(["--db", str(db), *args])
    print(
        f"  {' '.join(args[:4])}: {result['cpu']:.2f} CPU s, {result['rss_mb']:.0f} MB", flush=True
    )
    return result


def engine_share(db: Path) -> dict[str, dict[str, float]]:
    """The rule engines' part of the commands' work, in this process (CPU s of each over
    every game of ``db``, the games read and decoded outside the timing, one at a time):
    the fold with every check and the seeded dealer's (``verify`` and ``import`` pay it
    once per event), the plain fold (the exports), and the public view after each event
    (what the exports paid for "trick to Anna" until ``replay.export.News`` read the
    games' ``marks``; ``show`` and the replay page still pay it). Issue 24: the rest of a
    command's CPU time is tablelog's own code."""
    from tablelog.replay.games import Games
    from tablelog.replay.verify import check_log

    spent = {"fold, checked, with the dealer": 0.0, "fold": 0.0, "public view per event": 0.0}
    events = 0
    with Ledger(db, readonly=True) as ledger:
        games = Games(ledger)
        for summary in ledger.games():
            game = games.load(summary.record.id)
            rules, header = game.rules, game.header
            events += len(game.events)
            start = time.process_time()
            check_log(rules, header, game.events)
            middle = time.process_time()
            replayer = Replayer(rules, header)
            states = [replayer.push(event) for event in game.events]
            end = time.process_time()
            for state in states:
                rules.view(state, None)
            last = time.process_time()
            spent["fold, checked, with the dealer"] += middle - start
            spent["fold"] += end - middle
            spent["public view per event"] += last - end
    out = {
        f"engine: {name}": {"cpu": cpu, "events_per_cpu_s": events / max(cpu, 1e-9)}
        for name, cpu in spent.items()
    }
    for name, row in out.items():
        print(f"  {name}: {row['cpu']:.2f} CPU s in this process", flush=True)
    return out


def run_size(
    tmp: Path, count: int, *, cold: bool = False, only: tuple[str, ...] = ()
) -> dict[str, Any]:
    """Every figure for a database of ``count`` games (``only``: the rows whose names
    start with one of these, besides the fill)."""
    db = tmp / f"club-{count}.db"
    out: dict[str, Any] = {"import": fill(db, count, summaries=not cold)}
    events = int(out["import"]["events"])
    print(f"{count:,} games: {out['import']}", flush=True)
    jsonl = tmp / f"club-{count}.jsonl"

    file_rows = ("export --all (jsonl)", "verify FILE", "import FILE (checked, fresh db)")
    needs_file = not only or any(name.startswith(only) for name in file_rows)

    def row(name: str, path: Path, *args: str, per_event: bool = False) -> None:
        if only and not name.startswith(only) and not (needs_file and name == file_rows[0]):
            return
        out[name] = measure(path, *args)
        if per_event:
            out[name]["events_per_cpu_s"] = events / max(out[name]["cpu"], 1e-9)

    if not only or "engine".startswith(only):
        out |= engine_share(db)
    if cold:
        row("list (cold: builds every summary)", db, "list", "--json")
    row("list --json", db, "list", "--json")
    row("list (the table's first page)", db, "list")
    row("list --player Anna --rules karnoffel", db, "list", "--player", "Anna",
        "--rules", "karnoffel", "--json")  # fmt: skip
    row("stats", db, "stats", "--json")
    row("verify --all", db, "verify", "--all", "--json", per_event=True)
    for name, fmt in (("sqlite", "sqlite"), ("csv", "csv"), ("html", "html"), ("text", "text")):
        row(f"export --all --format {name}", db, "export", "--all", "--format", fmt, "-o",
            str(tmp / f"club-{count}.{fmt}"), per_event=True)  # fmt: skip
    row("export --all --format csv --events", db, "export", "--all", "--format", "csv",
        "--events", "-o", str(tmp / f"club-{count}-events.csv"), per_event=True)  # fmt: skip
    row(file_rows[0], db, "export", "--all", "-o", str(jsonl), per_event=True)
    row("verify FILE", db, "verify", str(jsonl), "--json", per_event=True)
    row("import FILE (checked, fresh db)", tmp / f"copy-{count}.db", "import", str(jsonl),
        per_event=True)  # fmt: skip
    return out


def report(sizes: list[int], figures: dict[int, dict[str, Any]]) -> None:
    """The table: per command, CPU s and peak MB at each size, and the growth."""
    from rich.console import Console
    from rich.table import Table

    small, big = sizes[0], sizes[-1]
    table = Table(title=f"Match histories: {small:,} and {big:,} games")
    table.add_column("command")
    for n in sizes:
        table.add_column(f"CPU s ({n:,})", justify="right")
        table.add_column(f"peak MB ({n:,})", justify="right")
    table.add_column(f"events/CPU-s ({big:,})", justify="right")
    table.add_column("CPU growth", justify="right")
    table.add_column("memory growth", justify="right")
    for name in figures[small]:
        if name == "import":
            continue
        cells = []
        for n in sizes:  # the engine rows run in this process: no peak of their own
            rss_mb = figures[n][name].get("rss_mb")
            cells += [f"{figures[n][name]['cpu']:.2f}", "—" if rss_mb is None else f"{rss_mb:.0f}"]
        rate = figures[big][name].get("events_per_cpu_s")
        cpu = figures[big][name]["cpu"] / max(figures[small][name]["cpu"], 1e-9)
        big_mb, small_mb = figures[big][name].get("rss_mb"), figures[small][name].get("rss_mb")
        rss = "—" if big_mb is None or not small_mb else f"{big_mb / small_mb:.2f}×"
        table.add_row(name, *cells, "—" if rate is None else f"{rate:,.0f}", f"{cpu:.1f}×", rss)
    console = Console()
    console.print(table)
    for n in sizes:
        imp = figures[n]["import"]
        console.print(
            f"bulk import of {n:,} games ({imp['events']:,} events): "
            f"{imp['user_us']:.1f} µs user + {imp['sys_us']:.1f} µs system CPU per event"
        )
    console.print(f"load average at the end: {os.getloadavg()[0]:.1f} on {os.cpu_count()} CPUs")


def main(argv: list[str] | None = None) -> int:
    """Run the benchmark and print its table."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="100 and 1,000 games")
    parser.add_argument("--dir", type=Path, default=None, help="where to put the files")
    parser.add_argument("--json", action="store_true", help="also print the figures as JSON")
    parser.add_argument("--sizes", type=int, nargs="+", help="archive sizes (games)")
    parser.add_argument(
        "--cold", action="store_true", help="write no summaries; measure the first list too"
    )
    parser.add_argument(
        "--only", action="append", default=[], help="only the rows whose names start so"
    )
    args = parser.parse_args(argv)
    sizes = args.sizes or ([100, 1000] if args.quick else [1000, 10_000])
    started = time.perf_counter()
    with tempfile.TemporaryDirectory(dir=args.dir) as tmp:
        figures = {n: run_size(Path(tmp), n, cold=args.cold, only=tuple(args.only)) for n in sizes}
    report(sizes, figures)
    print(f"({time.perf_counter() - started:.0f} s in all)")
    if args.json:
        print(json.dumps(figures, indent=2))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
