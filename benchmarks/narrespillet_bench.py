"""Random Narrespillet games per second (seeded, four players, default options), and the
fuzz rate (random games of every option set, every invariant checked).

    python benchmarks/narrespillet_bench.py [GAMES] [--fuzz FUZZ_GAMES]

Each random game is played to its end as ``workload.play_random_game`` plays one: the
seeded dealer's draws, else a random legal move (the whole list of legal moves is made each
time). The fuzz row runs ``tablelog fuzz narrespillet --games FUZZ_GAMES --seed 1`` in this
process. Times are CPU seconds of this process (the machine may be shared); wall time too.
"""

from __future__ import annotations

import argparse
import resource
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from workload import header_for, play_random_game

from tablelog.replay.kit import fuzz as fuzz_module
from tablelog.rules import registry


def random_games(games: int) -> None:
    """The random-games row."""
    rules = registry.get("narrespillet")
    cpu, wall = time.process_time(), time.perf_counter()
    events = 0
    for seed in range(games):
        events += len(play_random_game(rules, header_for(rules, seed), seed))
    cpu, wall = time.process_time() - cpu, time.perf_counter() - wall
    print(f"narrespillet: {games} random games, {events} events in {cpu:.2f} s CPU ({wall:.1f} s)")
    print(f"  {games / cpu:.2f} games/s, {events / cpu:.0f} events/s (CPU)")


def fuzz_games(games: int) -> None:
    """The fuzz row: games checked per CPU second."""
    rules = registry.get("narrespillet")
    cpu, wall = time.process_time(), time.perf_counter()
    report = fuzz_module.fuzz(rules, games, 1)
    cpu, wall = time.process_time() - cpu, time.perf_counter() - wall
    peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss // 1024
    state = "every invariant holds" if report.ok else f"FAILED: {report.failure}"
    print(
        f"narrespillet fuzz --seed 1: {report.games} games, {report.events} events in "
        f"{cpu:.2f} s CPU ({wall:.1f} s), peak RSS {peak} MB: {state}"
    )
    print(f"  {report.games / cpu:.2f} games/s, {report.events / cpu:.0f} events/s (CPU)")


def main() -> None:
    """Print the rows asked for."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("games", nargs="?", type=int, default=10)
    parser.add_argument("--fuzz", type=int, default=0, help="also fuzz this many games")
    args = parser.parse_args()
    random_games(args.games)
    if args.fuzz:
        fuzz_games(args.fuzz)


if __name__ == "__main__":
    main()
