"""Random Narrespillet games per second (seeded, four players, default options).

    python benchmarks/narrespillet_bench.py [GAMES]

Each game is played to its end as ``workload.play_random_game`` plays one: the seeded
dealer's draws, else a random legal move (the whole list of legal moves is made each time).
"""

from __future__ import annotations

import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from workload import header_for, play_random_game

from rules import registry


def main(games: int = 10) -> None:
    rules = registry.get("narrespillet")
    start = time.perf_counter()
    events = 0
    for seed in range(games):
        events += len(play_random_game(rules, header_for(rules, seed), seed))
    took = time.perf_counter() - start
    print(f"narrespillet: {games} random games, {events} events in {took:.1f} s")
    print(f"  {games / took:.2f} games/s, {events / took:.0f} events/s")


if __name__ == "__main__":
    main(int(sys.argv[1]) if len(sys.argv) > 1 else 10)
