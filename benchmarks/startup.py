"""Figure 7: what a command costs a person at the table, start-up included.

A seeded Karnöffel match of about 300 events is recorded in a fresh database. Then, side
by side in one run, each of these is started as a new process many times over and its
CPU time (user + system, from ``resource.getrusage(RUSAGE_CHILDREN)``) is taken:

* ``python -c pass`` and ``python -c "import click"`` (the baselines);
* ``tablelog --help``;
* ``tablelog show last`` (the table drawn with rich) and ``show last --json``;
* ``tablelog play last MOVE`` (a legal move; each is followed by an unmeasured ``play
  last undo`` so every run plays into the same 300-event game);
* for each of the five games (``--games``, ``bench_games``), a seeded game of about 300
  events (or to its end: a Nørdekasino game with four decks, a Narrespillet one), and
  ``tablelog show GAME`` and ``tablelog moves GAME`` on it.

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
from tablelog.replay.games import Games
from tablelog.replay.headers import make_header
from tablelog.replay.inspect import moves_data
from tablelog.rules import registry

__all__ = ["bench_startup", "record_match"]

PLAYERS = ("Anna", "Bo", "Cai", "Dina")


GAMES = ("karnoffel", "nordekasino", "speahx", "vriddiot", "narrespillet")
OPTIONS = {"karnoffel": {"target": 20}, "nordekasino": {"decks": 4}}
"""Options that make a game long enough for 300 events (a match, four decks)."""


def record_match(db: Path, events: int = 300, name: str = "karnoffel") -> int:
    """A seeded game of ``name`` (a Karnöffel match) of at least ``events`` events (or to
    its end); its id."""
    rules = registry.get(name)
    header = make_header(rules, PLAYERS, dict(OPTIONS.get(name, {})), seed=7)
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


def bench_games(tmp: Path, runs: int = 15, names: Sequence[str] = GAMES) -> list[Row]:
    """``show`` and ``moves`` on a ~300-event game of each of ``names``: CPU ms, and the
    ratio to importing click."""
    compile_packages()
    db = tmp / "games.db"
    ids = {name: record_match(db, 300, name) for name in names}
    env = {**os.environ, "TABLELOG_DB": str(db), "COLUMNS": "120"}
    tablelog = [sys.executable, "-m", "tablelog"]
    click_case = [sys.executable, "-c", "import click"]
    cases = {"click": click_case}
    for name, game in ids.items():
        cases[f"{name} show"] = [*tablelog, "show", str(game)]
        cases[f"{name} moves"] = [*tablelog, "moves", str(game)]
    times: dict[str, list[float]] = {case: [] for case in cases}
    for _ in range(runs):  # interleaved, so a busy moment hits every case alike
        for case, argv in cases.items():
            times[case].append(cpu_ms(argv, env))
    median = {case: statistics.median(values) for case, values in times.items()}
    click_ms = median.pop("click")
    rows = [Row('python -c "import click"', click_ms, "ms")]
    with Ledger(db) as ledger:
        lengths = {name: Games(ledger).load(game).seq for name, game in ids.items()}
    for case, ms in median.items():
        name, command = case.split(" ")
        rows.append(Row(f"tablelog {command} ({name}, {lengths[name]} events)", ms, "ms"))
        rows.append(Row("  ÷ import click", ms / click_ms, "×", maximum=4.0))
    return rows


def main() -> None:
    """Print figure 7 for each game (``python benchmarks/startup.py [--runs N]``)."""
    import argparse
    import tempfile

    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--runs", type=int, default=9)
    parser.add_argument("--games", nargs="*", default=list(GAMES))
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        for row in bench_games(Path(tmp), args.runs, args.games):
            print(f"{row.what:48} {row.ours:9.2f} {row.unit}")


if __name__ == "__main__":
    main()
