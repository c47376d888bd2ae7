"""Random Vriddiot games per second: the seeded dealer's chance moves, else a random legal
move, folded by ``rules.apply`` (as benchmarks/workload.py plays its random games).

    python benchmarks/vriddiot_bench.py [GAMES]

Rows: 4 players with one deck, and 7 players with the Dobbeldekker and two jokers.
Random play picks the pile up often, so a random game is long (hundreds of events).
"""

from __future__ import annotations

import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from benchmarks.workload import play_random_game
from tablelog.replay.headers import make_header
from tablelog.rules import registry

TABLES = {
    "4 players, one deck": (("Anna", "Bert", "Cleo", "Dirk"), {}),
    "7 players, Dobbeldekker, 2 jokers": (
        ("Anna", "Bert", "Cleo", "Dirk", "Emil", "Frid", "Gry"),
        {"jokers": "2"},
    ),
}


def bench(games: int) -> list[tuple[str, float, float]]:
    """Per table: random games per second and events per second over ``games`` games."""
    rules = registry.get("vriddiot")
    rows = []
    for label, (players, options) in TABLES.items():
        events = 0
        start = time.perf_counter()
        for seed in range(games):
            header = make_header(rules, players, options, seed=seed)
            events += len(play_random_game(rules, header, seed))
        seconds = time.perf_counter() - start
        rows.append((label, games / seconds, events / seconds))
    return rows


def main() -> None:
    games = int(sys.argv[1]) if len(sys.argv) > 1 else 20
    print(f"{'vriddiot random games':40} {'games/s':>9} {'events/s':>10}")
    for label, per_game, per_event in bench(games):
        print(f"{label:40} {per_game:9.2f} {per_event:10.0f}")


if __name__ == "__main__":
    main()
