"""Random Speahx games per second with legal-move generation, beside Karnöffel's.

    python benchmarks/speahx_bench.py

Each game is seeded and played to its end: the seeded dealer's chance steps, else a
random legal move from the full list (``tuple(rules.moves(state))``), as in
``benchmarks/workload.py``.
"""

from __future__ import annotations

import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from benchmarks.workload import play_random_game
from tablelog.replay.headers import make_header
from tablelog.rules import registry

ROWS = (
    ("karnoffel", ("Anna", "Bert", "Cleo", "Dirk"), {}, 200),
    ("speahx", ("Anna", "Bert", "Cleo", "Dirk"), {}, 10),
    ("speahx", ("A", "B", "C", "D", "E", "F", "G", "H", "I"), {"decks": 2, "jokers": 2}, 5),
)


def main() -> None:
    print(f"{'game':<44} {'games/s':>9} {'CPU games/s':>12} {'events/game':>12}")
    for name, players, options, games in ROWS:
        rules = registry.get(name)
        start, cpu = time.perf_counter(), time.process_time()
        events = 0
        for seed in range(games):
            header = make_header(rules, players, options, seed=seed)
            events += len(play_random_game(rules, header, seed))
        seconds = time.perf_counter() - start
        cpu = time.process_time() - cpu
        label = f"{name} {len(players)} players {options or ''}".strip()
        print(f"{label:<44} {games / seconds:>9.2f} {games / cpu:>12.2f} {events / games:>12.0f}")


if __name__ == "__main__":
    main()
