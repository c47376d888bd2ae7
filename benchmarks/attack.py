"""The attack run: many more hostile inputs than the tests try, and the figures of issue 11.

For every rule set: thousands of move strings (``tests/hostile.py: hostile_move``) are
typed into states along random games, through the notation and the validator, and a
share of them through ``tablelog play`` against a stored game, checking that a refused
move writes nothing; hundreds of damaged JSON Lines files (``mutate_jsonl``) are imported
into a fresh database and verified. Then several recorder processes race on one game
with ``play --after``, and imports are killed with SIGKILL at random moments.

Reported: cases tried per rule set, tracebacks (anything that is not a sentence: exit 3 or
an exception), writes on refusal, stale moves recorded, partial games after a kill, with
CPU time and peak RSS. ``--quick`` runs a tenth of it.

    python benchmarks/attack.py [--quick] [--seed N]
"""

from __future__ import annotations

import argparse
import json
import multiprocessing
import random
import resource
import signal
import subprocess
import sys
import tempfile
import time
from collections import Counter
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from click.testing import CliRunner

from tablelog.cli.main import cli
from tablelog.ledger import Ledger
from tablelog.replay.jsonl import export_lines
from tablelog.rules import registry
from tests.hostile import hostile_move, mutate_jsonl, sample_states, store_replayed, try_move

CODES = {"ok": 0, "refused": 1, "garbled": 2}


def snapshot(runner: CliRunner) -> str:
    return runner.invoke(cli, ["list", "--json"]).stdout


def attack_moves(name: str, count: int, through_cli: int, seed: int, tmp: Path) -> dict[str, Any]:
    """``count`` move strings on one rule set; ``through_cli`` of them also via ``play``."""
    rules = registry.get(name)
    states = sample_states(rules, seed, 60)
    rng = random.Random(seed)
    outcomes: Counter[str] = Counter()
    tracebacks: list[str] = []
    writes = cli_runs = mismatched = 0
    for i in range(count):
        header, replayer = states[i % len(states)]
        text = hostile_move(rng, rules, header, replayer.state)
        try:
            outcome = try_move(rules, replayer, text)
        except Exception as error:  # a traceback: what the run looks for
            tracebacks.append(f"{name}: {text[:80]!r}: {type(error).__name__}: {error}")
            continue
        outcomes[outcome] += 1
        if outcome == "ok" or cli_runs >= through_cli:
            continue
        cli_runs += 1
        db = tmp / f"{name}-moves-{cli_runs}.db"
        with Ledger(db) as ledger:
            game = store_replayed(ledger, rules, header, replayer).id
        runner = CliRunner(env={"TABLELOG_DB": str(db)})
        before = snapshot(runner)
        result = runner.invoke(cli, ["play", str(game), text])
        if not isinstance(result.exception, SystemExit) or result.exit_code == 3:
            tracebacks.append(f"{name} play {text[:80]!r}: {result.output[-200:]}")
        mismatched += result.exit_code != CODES[outcome]
        writes += snapshot(runner) != before
        db.unlink()
    return {
        "rules": name, "moves": count, "ok": outcomes["ok"], "refused": outcomes["refused"],
        "garbled": outcomes["garbled"], "via play": cli_runs, "tracebacks": len(tracebacks),
        "writes on refusal": writes, "exit mismatches": mismatched, "examples": tracebacks[:3],
    }  # fmt: skip


def attack_files(name: str, count: int, seed: int, tmp: Path) -> dict[str, Any]:
    """``count`` damaged exports of one game of ``name``: import and verify each."""
    rules = registry.get(name)
    header, replayer = sample_states(rules, seed, 8)[6]
    with Ledger(":memory:") as ledger:
        record = store_replayed(ledger, rules, header, replayer)
        lines = list(export_lines(ledger, record.id))
    rng = random.Random(seed)
    codes: Counter[int] = Counter()
    tracebacks: list[str] = []
    writes = 0
    for i in range(count):
        path = tmp / f"{name}-{i}.jsonl"
        path.write_bytes(mutate_jsonl(rng, lines))
        db = tmp / f"{name}-files-{i}.db"
        runner = CliRunner(env={"TABLELOG_DB": str(db)})
        for args in (["import", str(path)], ["verify", str(path)]):
            result = runner.invoke(cli, args)
            if not isinstance(result.exception, SystemExit | None) or result.exit_code == 3:
                tracebacks.append(f"{name} {args[0]}: {result.output[-200:]}")
            if args[0] == "import":
                codes[result.exit_code] += 1
                if result.exit_code != 0 and db.exists():
                    writes += json.loads(snapshot(runner) or '{"games": []}')["games"] != []
        path.unlink()
        for leftover in tmp.glob(f"{db.name}*"):
            leftover.unlink()
    return {
        "rules": name, "files": count, "imported": codes[0], "refused": codes[1],
        "malformed": codes[2], "tracebacks": len(tracebacks), "writes on refusal": writes,
        "examples": tracebacks[:3],
    }  # fmt: skip


def _recorder(db: str, plays: int, out: Any) -> None:
    runner = CliRunner(env={"TABLELOG_DB": db})
    accepted, stale = [], 0
    for _ in range(plays):
        seen = json.loads(runner.invoke(cli, ["show", "1", "--json"]).stdout)
        moves = json.loads(runner.invoke(cli, ["moves", "1", "--json", "--limit", "1"]).stdout)
        if not moves["moves"]:
            break
        move = moves["moves"][0]["notation"]
        result = runner.invoke(cli, ["play", "1", move, "--after", seen["head"], "--json"])
        if result.exit_code == 0:
            accepted.append((seen["seq"], json.loads(result.stdout)["written"][0]["seq"]))
        elif "moved on since event" in result.stdout:
            stale += 1
    out.put((accepted, stale))


def race(writers: int, plays: int, tmp: Path) -> dict[str, Any]:
    """``writers`` processes record on one game with ``--after``."""
    db = tmp / "race.db"
    runner = CliRunner(env={"TABLELOG_DB": str(db)})
    names = [a for n in ("Anna", "Bo", "Cai", "Dina") for a in ("-p", n)]
    runner.invoke(cli, ["new", "karnoffel", *names, "--seed", "5"])
    ctx = multiprocessing.get_context("fork")
    queue = ctx.Queue()
    procs = [ctx.Process(target=_recorder, args=(str(db), plays, queue)) for _ in range(writers)]
    for p in procs:
        p.start()
    results = [queue.get(timeout=600) for _ in procs]
    for p in procs:
        p.join()
    accepted = [pair for a, _ in results for pair in a]
    ok = json.loads(runner.invoke(cli, ["verify", "1", "--json"]).stdout)["ok"]
    return {
        "writers": writers, "tries": writers * plays, "appends": len(accepted),
        "refused as stale": sum(s for _, s in results),
        "stale recorded": sum(written != seen + 1 for seen, written in accepted),
        "verify ok": ok,
    }  # fmt: skip


def kills(count: int, seed: int, tmp: Path) -> dict[str, Any]:
    """Imports of a 40-game file killed at random moments: partial games left."""
    from tests.cli.test_faults import fill  # the same seeded games as the tests

    source = tmp / "source.db"
    fill(source, 40, 40)
    with Ledger(source) as ledger:
        expected = [g.events for g in ledger.games()]
    exported = tmp / "all.jsonl"
    CliRunner(env={"TABLELOG_DB": str(source)}).invoke(
        cli, ["export", "--all", "-o", str(exported)]
    )
    started = time.monotonic()
    subprocess.run(
        [sys.executable, "-m", "tablelog", "--db", str(tmp / "whole.db"), "import", str(exported)],
        cwd=ROOT, check=True, capture_output=True,
    )  # fmt: skip
    duration = time.monotonic() - started  # the kills are spread over it, and a bit past
    rng = random.Random(seed)
    partial = empty = whole = 0
    for i in range(count):
        db = tmp / f"killed-{i}.db"
        process = subprocess.Popen(
            [sys.executable, "-m", "tablelog", "--db", str(db), "import", str(exported)],
            cwd=ROOT, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
        )  # fmt: skip
        time.sleep(rng.uniform(0.0, 1.25 * duration))
        process.send_signal(signal.SIGKILL)
        process.wait()
        games: list[int] = []
        if db.exists():
            with Ledger(db) as ledger:
                assert ledger.connection.execute("PRAGMA integrity_check").fetchone()[0] == "ok"
                games = [g.events for g in ledger.games()]
                partial += games not in ([], expected)
        empty += not games
        whole += games == expected
    return {
        "kills": count, "import seconds": round(duration, 2), "no game": empty,
        "all 40 games": whole, "partial": partial,
    }  # fmt: skip


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="a tenth of the cases")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    scale = 0.1 if args.quick else 1.0
    start = time.process_time()
    report: dict[str, Any] = {"moves": [], "files": []}
    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp)
        for name in sorted(r.name for r in registry.rulesets()):
            report["moves"].append(
                attack_moves(name, int(5000 * scale), int(300 * scale), args.seed, folder)
            )
            report["files"].append(attack_files(name, int(1000 * scale), args.seed, folder))
            print(json.dumps(report["moves"][-1]), json.dumps(report["files"][-1]), flush=True)
        report["race"] = race(4, max(3, int(15 * scale)), folder)
        print(json.dumps(report["race"]), flush=True)
        report["kills"] = kills(max(3, int(30 * scale)), args.seed, folder)
        print(json.dumps(report["kills"]), flush=True)
    own = resource.getrusage(resource.RUSAGE_SELF)
    children = resource.getrusage(resource.RUSAGE_CHILDREN)
    report["cpu seconds"] = round(time.process_time() - start + children.ru_utime, 1)
    report["peak rss MiB"] = round(max(own.ru_maxrss, children.ru_maxrss) / 1024, 1)
    print(json.dumps(report, indent=1))


if __name__ == "__main__":
    main()
