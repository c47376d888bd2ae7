"""A bounded load test of ``tablelog serve`` on loopback (not part of the test suite).

``python benchmarks/serve_load.py`` starts ``tablelog serve`` in a process of its own on a
free loopback port, over a fresh SQLite file and then over a PostgreSQL server it starts
(when one is installed), and plays TABLES seeded Karnöffel games at once, each with four
devices. Every device holds its table's event stream open and, like the page, asks for
the table when its stream announces a new head; when the table's listing offers a move it
enters the first one through the link of the seat to act (the recorder of a seeded game
is listed no move: it sees no hand), all four racing for the same turn as four phones
would; a device that loses the race is refused and waits for the next head. Each table
stops after MOVES entries or after the time limit.

Two paces, each against a fresh server and database:

- saturated (``--pace 0``): a device taps as soon as it has the table, so the server is
  as busy as the devices can make it;
- paced (``--pace 1``): a table's next tap comes that many seconds on average after its
  last head was first seen (each pause drawn between half and one and a half of it, so
  the tables do not move in step; one move a second per table is faster than people
  play).

The devices are one process (this one) on one asyncio loop with plain asyncio streams (a
small HTTP/1.1 client below), not a thread per device: 80 devices cost this process
little CPU beside the server's. It reports, per database and pace:

- entries written, and refusals (a device that lost the race is told the game moved on);
- lost (a write answered 200 whose event is not in the log), doubled (an event id twice in
  a log, or more events than answered writes) and stale (an event written at a seq other
  than the one its device saw + 1): each must be 0;
- tap-to-update latency: from a device's POST to each *other* device of that table seeing
  the new head on its event stream, median and 99th percentile; and the median time from
  a written tap's POST to its own answer;
- the server process's CPU seconds (user + system, from /proc) while the tables play, and
  per entry written (start-up and the games' creation, with their QR codes, not counted);
  the devices' CPU seconds (this process); the load average before and after.

The requests go to 127.0.0.1 only; the loops are bounded in count and time.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import random
import statistics
import subprocess
import sys
import tempfile
import time
import uuid
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from loopback_http import HOST, Http, free_port, read_head

PLAYERS = ["Anna", "Bo", "Cai", "Dina"]


# -- the tables and their devices -----------------------------------------------------------


class Table:
    """One game and what its devices saw."""

    def __init__(self, game: int, seats: list[str], moves: int) -> None:
        self.game, self.seats, self.moves = game, seats, moves
        self.seen: dict[int, dict[int, float]] = {d: {} for d in range(4)}  # device → seq → t
        self.heads: dict[int, asyncio.Event] = {d: asyncio.Event() for d in range(4)}
        self.first_seen: dict[int, float] = {}  # seq → when some device first saw it
        self.writes: list[tuple[int, float, str, int]] = []  # (device, t0, event id, after)
        self.refused = 0
        self.answered: list[float] = []  # each written tap: from its POST to its answer
        self.done = asyncio.Event()

    def pause(self, seq: int, pace: float) -> float:
        """How long this table thinks before the move after event ``seq``: ``pace`` on
        average, drawn between half and one and a half of it (the same for its four
        devices), so that the tables do not move in step."""
        return pace * random.Random(f"{self.game}:{seq}").uniform(0.5, 1.5)

    def saw(self, device: int, seq: int) -> None:
        now = time.monotonic()
        self.seen[device].setdefault(seq, now)
        self.first_seen.setdefault(seq, now)
        self.heads[device].set()

    def latest(self, device: int) -> int:
        return max(self.seen[device], default=-1)


async def listen(port: int, table: Table, device: int) -> None:
    """A device's event stream: the time each head is first seen."""
    reader, writer = await asyncio.open_connection(HOST, port)
    try:
        path = f"/api/t/{table.game}/events?k={table.seats[0]}"
        writer.write(f"GET {path} HTTP/1.1\r\nHost: {HOST}\r\n\r\n".encode())
        status, headers = await read_head(reader)
        assert status == 200, status
        chunked = headers.get("transfer-encoding") == "chunked"
        buffer = b""
        while not table.done.is_set():
            if chunked:
                size = int((await reader.readline()).strip(), 16)
                if not size:
                    return
                buffer += await reader.readexactly(size + 2)
            else:
                buffer += await reader.read(4096)
            while b"\n\n" in buffer:
                message, buffer = buffer.split(b"\n\n", 1)
                for line in message.split(b"\n"):
                    if line.startswith(b"data: "):
                        table.saw(device, json.loads(line[6:])["seq"])
    except (ConnectionError, asyncio.IncompleteReadError):
        return
    finally:
        writer.close()


async def play(port: int, table: Table, device: int, pace: float, deadline: float) -> None:
    """A device: the table when its stream says the head moved; the first listed move
    entered when there is one (after the pace), racing the others."""
    http, seat = Http(port), 0
    try:
        while time.monotonic() < deadline and not table.done.is_set():
            status, data = await http.request("GET", f"/api/t/{table.game}", table.seats[seat])
            assert status == 200, data
            listed = (data.get("moves") or {}).get("moves") or []
            acting = data["table"]["to_act"]
            if not listed and acting and PLAYERS.index(acting[0]) != seat:
                seat = PLAYERS.index(acting[0])  # the phone of the seat to act
                continue
            if data["over"] or not listed:
                table.done.set()
                return
            seq = data["seq"]
            if pace:  # a human table: the next tap a while after the head was first seen
                since = time.monotonic() - table.first_seen.get(seq, time.monotonic())
                await asyncio.sleep(max(0.0, table.pause(seq, pace) - since))
            event_id = uuid.uuid4().hex
            started = time.monotonic()
            status, answer = await http.request(
                "POST",
                f"/api/t/{table.game}/play",
                table.seats[seat],
                {"move": listed[0]["notation"], "after": seq, "id": event_id},
            )
            if status == 200:
                table.writes.append((device, started, event_id, seq))
                table.answered.append(time.monotonic() - started)
                if len(table.writes) >= table.moves:
                    table.done.set()
            elif status == 409:
                table.refused += 1
            else:
                raise RuntimeError(f"{status}: {answer}")
            while table.latest(device) <= seq and not table.done.is_set():  # the next head
                table.heads[device].clear()
                remaining = deadline - time.monotonic()
                if remaining <= 0:
                    return
                try:
                    await asyncio.wait_for(table.heads[device].wait(), remaining)
                except TimeoutError:
                    return
    finally:
        http.close()


async def _load(
    port: int, tables: int, moves: int, seconds: float, pace: float, mark: Any
) -> dict[str, Any]:
    """Start the games, open the streams, play; ``mark()`` when the play starts and ends."""
    http = Http(port)
    deadline = time.monotonic() + 60
    while True:
        try:
            await http.request("GET", "/api/rules")
            break
        except OSError:
            if time.monotonic() > deadline:
                raise
            http = Http(port)
            await asyncio.sleep(0.1)
    made = []
    for n in range(tables):
        body = {"rules": "karnoffel", "players": PLAYERS, "seed": n + 1}
        status, data = await http.request("POST", "/api/games", body=body)
        assert status == 200, data
        secrets = {link["role"]: link["url"].split("#k=")[1] for link in data["links"]}
        seats = [secrets[f"seat:{n}"] for n in range(len(PLAYERS))]
        made.append(Table(data["game"], seats, moves))
    http.close()
    listeners = [asyncio.create_task(listen(port, t, d)) for t in made for d in range(4)]
    await asyncio.sleep(1.0)  # the streams are open
    mark()
    end = time.monotonic() + seconds
    started = time.monotonic()
    await asyncio.gather(*(play(port, t, d, pace, end) for t in made for d in range(4)))
    elapsed = time.monotonic() - started
    await asyncio.sleep(1.0)  # the last heads reach the streams
    mark()
    for task in listeners:
        task.cancel()
    await asyncio.gather(*listeners, return_exceptions=True)
    return {"tables": made, "elapsed": elapsed}


def run(db: str, tables: int, moves: int, seconds: float, pace: float) -> dict[str, Any]:
    """One load run against a fresh server over ``db``; the figures."""
    port = free_port()
    with tempfile.TemporaryDirectory() as tmp:
        key = Path(tmp) / "serve.key"
        server = subprocess.Popen(
            [sys.executable, "-m", "tablelog", "--db", db, "serve", "--port", str(port),
             "--key-file", str(key), "--no-qr"],
            cwd=ROOT, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True,
        )  # fmt: skip
        try:
            load_before = os.getloadavg()[0]
            cpu: list[float] = []
            mine: list[float] = []

            def mark() -> None:
                cpu.append(_cpu_seconds(server.pid))
                mine.append(time.process_time())

            loaded = asyncio.run(_load(port, tables, moves, seconds, pace, mark))
            figures = _figures(db, loaded["tables"], loaded["elapsed"])
            played = cpu[1] - cpu[0]
            figures.update({
                "pace s": pace,
                "server CPU s (playing)": round(played, 1),
                "server CPU ms per entry": round(1000 * played / max(1, figures["written"]), 1),
                "server CPU s (all, with start-up)": round(_cpu_seconds(server.pid), 1),
                "devices' CPU s (playing)": round(mine[1] - mine[0], 1),
                "load average before, after": [round(load_before, 1),
                                               round(os.getloadavg()[0], 1)],
            })  # fmt: skip
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
    answered = sorted(t for table in tables for t in table.answered)
    latencies.sort()
    p99 = latencies[min(len(latencies) - 1, int(0.99 * len(latencies)))] if latencies else 0
    return {
        "tables": len(tables), "devices": 4 * len(tables), "written": written,
        "refused (lost the race)": refused, "lost": lost, "doubled": doubled, "stale": stale,
        "updates measured": len(latencies),
        "median ms": round(statistics.median(latencies) * 1000, 1) if latencies else None,
        "p99 ms": round(p99 * 1000, 1), "seconds": round(elapsed, 1),
        "tap answered, median ms": round(statistics.median(answered) * 1000, 1)
        if answered else None,
    }  # fmt: skip


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--tables", type=int, default=20)
    parser.add_argument("--moves", type=int, default=20, help="entries per table")
    parser.add_argument("--seconds", type=float, default=60, help="time limit per run")
    parser.add_argument(
        "--pace", type=float, action="append",
        help="seconds between a table's taps (0: as fast as the server answers); repeatable;"
        " default: 0, then 1",
    )  # fmt: skip
    parser.add_argument("--no-postgres", action="store_true")
    parser.add_argument("--no-sqlite", action="store_true")
    args = parser.parse_args(argv)
    paces = args.pace or [0.0, 1.0]
    with tempfile.TemporaryDirectory() as tmp:
        for pace in [] if args.no_sqlite else paces:
            db = str(Path(tmp) / f"load-{pace}.db")
            sqlite = run(db, args.tables, args.moves, args.seconds, pace)
            print("SQLite:", json.dumps(sqlite), flush=True)
        if not args.no_postgres:
            from tests.pgserver import PostgresServer, find_bin_dir

            bin_dir = find_bin_dir()
            if bin_dir is None:
                print("PostgreSQL: not installed (apt-get install postgresql)")
                return 0
            server = PostgresServer(bin_dir)
            try:
                for n, pace in enumerate(paces):
                    url = server.create_database(f"load{os.getpid()}x{n}")
                    pg = run(url, args.tables, args.moves, args.seconds, pace)
                    print("PostgreSQL:", json.dumps(pg), flush=True)
            finally:
                server.stop()
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
