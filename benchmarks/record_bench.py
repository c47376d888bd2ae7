"""Figure 10: ``tablelog record``, the time from Enter to the redrawn table.

A seeded Karnöffel match of about 300 events is recorded in a fresh database
(``startup.record_match``) and opened in one ``Recorder``, as ``tablelog record`` keeps
it for an evening. Each measured step is what happens between the Enter key and the
next prompt: ``Recorder.enter(line)`` (parse, validate with the rules, the seeded
dealer, one durable append with the expected seq, the game in memory extended) and
the table drawn with rich (``cli.record.say`` and ``draw``, into a buffer). Legal moves
alternate with ``undo``, so every step works on a game of about 300 events. The same
for a seeded Nørdekasino game of three players played to about its middle. Median and
max wall ms over the steps, and the median CPU ms (this process). Target: < 50 ms.

Then completion as you type on crowded Nørdekasino tables (``crowded.crowded_states``:
12 loose cards, about 100,000 legal moves): the time for ``Recorder.completions`` of the
lines a person types on the way to a move (nothing, ``b``, ``build ``, ``build 3D ``, up
to 60 completions each), median and max. Target: < 50 ms a keystroke.
"""

from __future__ import annotations

import contextlib
import io
import statistics
import sys
import time
from pathlib import Path

from report import Row
from startup import PLAYERS, record_match

from tablelog.cli.record import respond
from tablelog.ledger import Ledger
from tablelog.replay.games import Games
from tablelog.replay.headers import make_header
from tablelog.replay.inspect import moves_data
from tablelog.replay.recorder import Recorder
from tablelog.rules import registry

__all__ = ["bench_record"]


def _steps(db: Path, game: int, steps: int) -> tuple[list[float], list[float], int]:
    """Wall and CPU ms per Enter, alternating a legal move and ``undo``."""
    walls: list[float] = []
    cpus: list[float] = []
    with Ledger(db) as ledger:
        recorder = Recorder(Games(ledger), game)
        size = recorder.game.seq
        respond_quietly(recorder, "show")  # rich imported, as after the first drawing
        for i in range(steps):
            line = "undo" if i % 2 else moves_data(recorder.game, limit=1)["moves"][0]["notation"]
            wall, cpu = time.perf_counter(), time.process_time()
            respond_quietly(recorder, line)
            walls.append((time.perf_counter() - wall) * 1000)
            cpus.append((time.process_time() - cpu) * 1000)
    return walls, cpus, size


def respond_quietly(recorder: Recorder, line: str) -> None:
    """What ``record`` does for one line, its output drawn into a buffer."""
    with contextlib.redirect_stdout(io.StringIO()), contextlib.redirect_stderr(io.StringIO()):
        respond(recorder, line)


def _nordekasino(db: Path, events: int) -> int:
    rules = registry.get("nordekasino")
    with Ledger(db) as ledger:
        games = Games(ledger)
        game = games.create(make_header(rules, PLAYERS[:3], {}, seed=5))
        while game.seq < events and rules.outcome(game.state) is None:
            move = moves_data(game, limit=1)["moves"][0]["notation"]
            games.play(game.id, move)
            game = games.load(game.id)
        return game.id


def bench_record(tmp: Path, steps: int) -> list[Row]:
    """Figure 10: Enter to redrawn table in ``record``, on a 300-event Karnöffel match and
    a Nørdekasino game in its middle."""
    rows = []
    for name, make in (
        ("Karnöffel", lambda db: record_match(db, 300)),
        ("Nørdekasino", lambda db: _nordekasino(db, 30)),
    ):
        db = tmp / f"record-{name}.db"
        walls, cpus, size = _steps(db, make(db), steps)
        what = f"record: Enter to redrawn table, {name} ({size} events), max {max(walls):.1f} ms"
        rows.append(Row(what, statistics.median(walls), "ms", maximum=50.0))
        rows.append(Row(f"  … CPU of the same ({name})", statistics.median(cpus), "ms"))
    times = _completion_times(5)
    what = f"record: completion per keystroke, crowded table, max {max(times):.1f} ms"
    rows.append(Row(what, statistics.median(times), "ms", maximum=50.0))
    return rows


def _completion_times(tables: int) -> list[float]:
    """ms of ``Recorder.completions`` for the prefixes typed on the way to a build."""
    from crowded import crowded_states

    from tablelog.rules.nordekasino import RULES

    class Table:  # just enough of a loaded game for completion on a built state
        def __init__(self, state: object) -> None:
            self.state, self.rules, self.seeded, self.seq = state, RULES, True, 0
            self.header = type("H", (), {"players": ("P0", "P1", "P2", "P3")})()

    times = []
    for state, _ in crowded_states(tables):
        recorder = Recorder.__new__(Recorder)
        recorder.game = Table(state)  # type: ignore[assignment]
        cards = list(recorder.completions("build "))[:2]
        for text in ("", "b", "bu", "build ", "take ", *cards):
            start = time.perf_counter()
            list(recorder.completions(text))
            times.append((time.perf_counter() - start) * 1000)
    return times


if __name__ == "__main__":
    import tempfile

    with tempfile.TemporaryDirectory(prefix="tablelog-record-") as name:
        for row in bench_record(Path(name), int(sys.argv[1]) if len(sys.argv) > 1 else 40):
            print(f"{row.what}: median {row.ours:.1f} {row.unit} (target {row.target})")
