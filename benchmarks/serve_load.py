"""A bounded load test of ``tablelog serve`` on loopback (not part of the test suite).

``python benchmarks/serve_load.py`` starts ``tablelog serve`` in a process of its own on a
free loopback port, over a fresh SQLite file and then over a PostgreSQL server it starts
(when one is installed), and plays TABLES seeded Karnöffel games at once, each with four
devices: every device listens to the table's event stream and, whenever the table's
listing offers a move, enters the first one through the link of the seat to act (the
recorder of a seeded game is listed no move: it sees no hand), all four racing for the
same turn as four phones would. Each table stops after MOVES entries or after the
time limit. It reports, per database:

- entries written, and refusals (a device that lost the race is told the game moved on);
- lost (a write answered 200 whose event is not in the log), doubled (an event id twice in
  a log, or more events than answered writes) and stale (an event written at a seq other
  than the one its device saw + 1): each must be 0;
- tap-to-update latency: from a device's POST to each *other* device of that table seeing
  the new head on its event stream, median and 99th percentile;
- the server process's CPU seconds (user + system, from /proc), and per entry written;
  the devices' CPU seconds (this process: its threads compete with the server for the
  machine's cores, and their waiting is part of the latency measured).

The requests go to 127.0.0.1 only; the loops are bounded in count and time.
"""

from __future__ import annotations

import argparse
import json
import os
import socket
import statistics
import subprocess
import sys
import tempfile
import threading
import time
import uuid
from pathlib import Path
from typing import Any

import httpx

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

PLAYERS = ["Anna", "Bo", "Cai", "Dina"]


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


class Table:
    """One game and what its devices saw."""

    def __init__(self, base: str, game: int, secret: str, seats: list[str]) -> None:
        self.base, self.game, self.secret, self.seats = base, game, secret, seats
        self.seen: dict[int, dict[int, float]] = {}  # device → seq → when first seen
        self.writes: list[tuple[int, float, str, int]] = []  # (device, t0, event id, after)
        self.refused = 0
        self.lock = threading.Lock()
        self.done = threading.Event()


def listen(table: Table, device: int, stop: threading.Event) -> None:
    """A device's event stream: the time each head is first seen."""
    seen = table.seen.setdefault(device, {})
    url = f"{table.base}/api/t/{table.game}/events"
    try:
        with (
            httpx.Client(timeout=None) as http,
            http.stream("GET", url, params={"k": table.secret}) as stream,
        ):
            for line in stream.iter_lines():
                if stop.is_set() or table.done.is_set():
                    return
                if line.startswith("data: "):
                    seq = json.loads(line[6:])["seq"]
                    seen.setdefault(seq, time.monotonic())
    except httpx.TransportError:  # the server stopped under an open stream
        return


def play(table: Table, device: int, moves: int, deadline: float) -> None:
    """A device entering the listed move whenever there is one, racing the others."""
    seat = 0
    with httpx.Client(base_url=table.base, timeout=30) as http:
        while time.monotonic() < deadline and not table.done.is_set():
            key = {"X-Tablelog-Key": table.seats[seat]}
            data = http.get(f"/api/t/{table.game}", headers=key).json()
            listed = (data.get("moves") or {}).get("moves") or []
            acting = data["table"]["to_act"]
            if not listed and acting and PLAYERS.index(acting[0]) != seat:
                seat = PLAYERS.index(acting[0])  # the phone of the seat to act
                continue
            if data["over"] or not listed:
                table.done.set()
                return
            event_id = uuid.uuid4().hex
            started = time.monotonic()
            answer = http.post(f"/api/t/{table.game}/play", headers=key, json={
                "move": listed[0]["notation"], "after": data["seq"], "id": event_id})  # fmt: skip
            with table.lock:
                if answer.status_code == 200:
                    table.writes.append((device, started, event_id, data["seq"]))
                    if len(table.writes) >= moves:
                        table.done.set()
                elif answer.status_code == 409:
                    table.refused += 1
                else:
                    raise RuntimeError(f"{answer.status_code}: {answer.text}")


def run(db: str, tables: int, moves: int, seconds: float) -> dict[str, Any]:
    """One load run against a server over ``db``; the figures."""
    port = free_port()
    base = f"http://127.0.0.1:{port}"
    with tempfile.TemporaryDirectory() as tmp:
        key = Path(tmp) / "serve.key"
        server = subprocess.Popen(
            [sys.executable, "-m", "tablelog", "--db", db, "serve", "--port", str(port),
             "--key-file", str(key), "--no-qr"],
            cwd=ROOT, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True,
        )  # fmt: skip
        try:
            mine = time.process_time()
            figures = _load(base, db, tables, moves, seconds)
            figures["devices' CPU s"] = round(time.process_time() - mine, 1)
            cpu = _cpu_seconds(server.pid)
            figures["server CPU s"] = round(cpu, 1)
            figures["CPU ms per entry"] = round(1000 * cpu / max(1, figures["written"]), 1)
            return figures
        finally:
            server.terminate()  # open event streams keep uvicorn waiting: then it is killed
            try:
                server.wait(5)
            except subprocess.TimeoutExpired:
                server.kill()
                server.wait(5)


def _cpu_seconds(pid: int) -> float:
    """The CPU seconds (user + system) process ``pid`` has used so far (Linux)."""
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def _load(base: str, db: str, tables: int, moves: int, seconds: float) -> dict[str, Any]:
    deadline = time.monotonic() + 60
    with httpx.Client(base_url=base, timeout=30) as http:
        while True:
            try:
                http.get("/api/rules")
                break
            except httpx.TransportError:
                if time.monotonic() > deadline:
                    raise
                time.sleep(0.1)
        made = []
        for n in range(tables):
            data = http.post("/api/games", json={"rules": "karnoffel", "players": PLAYERS,
                                                 "seed": n + 1}).json()  # fmt: skip
            secrets = {link["role"]: link["url"].split("#k=")[1] for link in data["links"]}
            seats = [secrets[f"seat:{n}"] for n in range(len(PLAYERS))]
            made.append(Table(base, data["game"], secrets["recorder"], seats))
    stop = threading.Event()
    listeners = [threading.Thread(target=listen, args=(t, d, stop), daemon=True)
                 for t in made for d in range(4)]  # fmt: skip
    for thread in listeners:
        thread.start()
    time.sleep(1.0)  # the streams are open
    end = time.monotonic() + seconds
    players = [
        threading.Thread(target=play, args=(t, d, moves, end)) for t in made for d in range(4)
    ]
    started = time.monotonic()
    for thread in players:
        thread.start()
    for thread in players:
        thread.join()
    elapsed = time.monotonic() - started
    time.sleep(1.0)  # the last heads reach the streams
    stop.set()
    return _figures(db, made, elapsed)


def _figures(db: str, tables: list[Table], elapsed: float) -> dict[str, Any]:
    from tablelog.ledger import open_ledger

    lost = doubled = stale = written = refused = 0
    latencies: list[float] = []
    with open_ledger(db) as ledger:
        for table in tables:
            rows = ledger.events(table.game)
            ids = [row.event_id for row in rows]
            where = {row.event_id: row.seq for row in rows}
            doubled += len(ids) - len(set(ids))
            written += len(table.writes)
            refused += table.refused
            for device, t0, event_id, after in table.writes:
                if event_id not in where:
                    lost += 1
                    continue
                seq = where[event_id]
                stale += seq != after + 1
                head = max(s for s in where.values() if s >= seq)  # the dealer may follow
                for other, seen in table.seen.items():
                    if other == device:
                        continue
                    times = [t for s, t in seen.items() if seq <= s <= head]
                    if times:
                        latencies.append(min(times) - t0)
            moves_logged = sum(1 for row in rows if row.actor is not None)
            doubled += max(0, moves_logged - len(table.writes))
    latencies.sort()
    p99 = latencies[min(len(latencies) - 1, int(0.99 * len(latencies)))] if latencies else 0
    return {
        "tables": len(tables), "devices": 4 * len(tables), "written": written,
        "refused (lost the race)": refused, "lost": lost, "doubled": doubled, "stale": stale,
        "updates measured": len(latencies),
        "median ms": round(statistics.median(latencies) * 1000, 1) if latencies else None,
        "p99 ms": round(p99 * 1000, 1), "seconds": round(elapsed, 1),
    }  # fmt: skip


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--tables", type=int, default=20)
    parser.add_argument("--moves", type=int, default=20, help="entries per table")
    parser.add_argument("--seconds", type=float, default=60, help="time limit per run")
    parser.add_argument("--no-postgres", action="store_true")
    args = parser.parse_args(argv)
    with tempfile.TemporaryDirectory() as tmp:
        sqlite = run(str(Path(tmp) / "load.db"), args.tables, args.moves, args.seconds)
        print("SQLite:", json.dumps(sqlite), flush=True)
        if not args.no_postgres:
            from tests.pgserver import PostgresServer, find_bin_dir

            bin_dir = find_bin_dir()
            if bin_dir is None:
                print("PostgreSQL: not installed (apt-get install postgresql)")
                return 0
            server = PostgresServer(bin_dir)
            try:
                url = server.create_database(f"load{os.getpid()}")
                pg = run(url, args.tables, args.moves, args.seconds)
                print("PostgreSQL:", json.dumps(pg), flush=True)
            finally:
                server.stop()
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
