"""Figure 7: what a command costs a person at the table, start-up included.

A seeded Karnöffel match of about 300 events is recorded in a fresh database. Then, side
by side in one run, each of these is started as a new process many times over and its
CPU time (user + system, from ``resource.getrusage(RUSAGE_CHILDREN)``) is taken:

* ``python -c pass`` and ``python -c "import click"`` (the baselines);
* ``tablelog --help``;
* ``tablelog show last`` (the table drawn with rich) and ``show last --json``;
* ``tablelog play last MOVE`` (a legal move; each is followed by an unmeasured ``play
  last undo`` so every run plays into the same 300-event game).

The target is on the ratio to ``python -c "import click"``: ``show`` and ``play`` at most
4×. CPU time, not wall time, so other processes on the machine hardly change it; the
median of the runs is reported.

Bytecode: an installed tablelog runs from compiled ``.pyc`` files, as click does (pip
compiles a package when it installs it, and Python caches what it compiles). A checkout
run with ``PYTHONDONTWRITEBYTECODE=1`` (this workplace's machines set it) would instead
compile every module of tablelog from source on every start, about 50 ms that no user
pays, while click's files stay compiled. So the packages are compiled first
(``compileall``), and the children run with the environment as given otherwise.
"""

from __future__ import annotations

import json
import os
import resource
import statistics
import subprocess
import sys
from collections.abc import Sequence
from pathlib import Path

from report import Row

from tablelog.ledger import Ledger
from tablelog.replay.games import Games, make_header
from tablelog.replay.inspect import moves_data
from tablelog.rules import registry

__all__ = ["bench_startup", "record_match"]

PLAYERS = ("Anna", "Bo", "Cai", "Dina")


def record_match(db: Path, events: int = 300) -> int:
    """A seeded Karnöffel match of at least ``events`` events (or to its end); its id."""
    rules = registry.get("karnoffel")
    header = make_header(rules, PLAYERS, {"target": 20}, seed=7)
    with Ledger(db) as ledger:
        games = Games(ledger)
        game = games.create(header)
        while game.seq < events and rules.outcome(game.state) is None:
            move = moves_data(game, limit=1)["moves"][0]["notation"]
            game = games.play(game.id, move).game
            game = games.load(game.id)
        return game.id


def cpu_ms(argv: Sequence[str], env: dict[str, str]) -> float:
    """The CPU time of one run of ``argv`` as a child process, in ms."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    subprocess.run(argv, env=env, check=True, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    used = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    return used * 1000


PACKAGES = ("cli", "ledger", "replay", "rules")
"""tablelog's packages, compiled before timing as an install compiles them."""


def compile_packages() -> None:
    """Compile tablelog's modules to ``__pycache__``, as ``pip install`` does."""
    import compileall

    root = Path(__file__).resolve().parent.parent
    for package in PACKAGES:
        compileall.compile_dir(root / package, quiet=1)


def bench_startup(tmp: Path, runs: int = 15) -> list[Row]:
    """Figure 7: CPU ms per command, and the ratio of show and play to importing click."""
    compile_packages()
    db = tmp / "startup.db"
    game = record_match(db)
    env = {**os.environ, "TABLELOG_DB": str(db), "COLUMNS": "120"}
    tablelog = [sys.executable, "-m", "tablelog"]
    moves = subprocess.run(
        [*tablelog, "moves", "last", "--json", "--limit", "1"],
        env=env, check=True, capture_output=True, text=True,
    )  # fmt: skip
    first = json.loads(moves.stdout)["moves"][0]["notation"]
    cases = {
        "python -c pass": [sys.executable, "-c", "pass"],
        'python -c "import click"': [sys.executable, "-c", "import click"],
        "tablelog --help": [*tablelog, "--help"],
        "tablelog show last": [*tablelog, "show", "last"],
        "tablelog show last --json": [*tablelog, "show", "last", "--json"],
        "tablelog play last MOVE": [*tablelog, "play", "last", first],
    }
    undo = [*tablelog, "play", "last", "undo"]
    times: dict[str, list[float]] = {name: [] for name in cases}
    for _ in range(runs):  # interleaved, so a busy moment hits every case alike
        for name, argv in cases.items():
            times[name].append(cpu_ms(argv, env))
            if "play" in name:
                cpu_ms(undo, env)
    median = {name: statistics.median(values) for name, values in times.items()}
    click_ms = median['python -c "import click"']
    with Ledger(db) as ledger:
        length = Games(ledger).load(game).seq
    rows = []
    for name, ms in median.items():
        rows.append(Row(f"{name} ({length} events)", ms, "ms"))
        if name.startswith("tablelog show") or name.startswith("tablelog play"):
            ratio = ms / click_ms
            rows.append(Row(f"  {name} ÷ import click", ratio, "×", maximum=4.0))
    return rows
