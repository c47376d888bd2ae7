"""Ratings and trends at scale: ``stats`` over 10,000 games (not part of the test suite).

``python benchmarks/ratings.py`` times ``replay.stats.stats_data`` (the tallies, the
OpenSkill ratings, trends, head to head and seats) over 10,000 finished games of 4 to 7
players from a club of 16, in CPU seconds, in this process: the part of ``stats`` this
round added. ``--archive`` also times the whole command in a fresh process over a ledger
of 10,000 copied fixture games (``benchmarks/histories.py``'s archive), once the results
summaries are built (the first ``list`` builds them, a minute or more of CPU).
"""

from __future__ import annotations

import argparse
import random
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from tablelog.replay.stats import stats_data
from tablelog.replay.summary import GameResult

RULES = ("karnoffel", "narrespillet", "nordekasino", "speahx", "vriddiot")
CLUB = [f"Player {i}" for i in range(16)]


def synthetic(count: int, seed: int = 1) -> list[GameResult]:
    """``count`` finished games: Karnöffel in partnerships, the others ranked one by one
    (with a tie now and then), a dozen games an evening."""
    rng = random.Random(seed)
    games = []
    for i in range(count):
        rules = RULES[i % len(RULES)]
        players = rng.sample(
            CLUB, 4 if rules in ("karnoffel", "nordekasino") else rng.randint(4, 7)
        )
        if rules == "karnoffel":
            sides = {f"{players[0]} & {players[2]}": [players[0], players[2]],
                     f"{players[1]} & {players[3]}": [players[1], players[3]]}  # fmt: skip
            order = rng.sample(list(sides.values()), 2)
            ranking = [order[0], order[1]]
        else:
            sides = {p: [p] for p in players}
            shuffled = rng.sample(players, len(players))
            ranking = [[p] for p in shuffled]
            if rng.random() < 0.1:  # a tie for second
                ranking = [ranking[0], ranking[1] + ranking[2], *ranking[3:]]
        scores = {side: rng.randint(0, 10) for side in sides}
        data = {
            "v": 2, "players": players, "options": {}, "seed": None, "events": 80,
            "over": True, "winners": list(ranking[0]), "ranking": ranking, "scores": scores,
            "sides": sides, "figures": {}, "moves": {}, "variation_of": None,
            "variation_at": None,
        }  # fmt: skip
        created = f"2026-{1 + i // 2400:02d}-{1 + (i // 12) % 28:02d}T19:{i % 60:02d}:00+00:00"
        games.append(GameResult(i + 1, f"{i:032x}", rules, created, b"", data))
    return games


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=10_000)
    parser.add_argument("--archive", action="store_true", help="also the whole command")
    args = parser.parse_args(argv)
    games = synthetic(args.games)
    stats_data(games[:50])  # imports (openskill) outside the timing
    best = float("inf")
    for _ in range(3):
        start = time.process_time()
        data = stats_data(games)
        best = min(best, time.process_time() - start)
    rated = sum(section["rated_games"] for section in data["rules"].values())
    print(f"stats_data over {args.games:,} games ({rated:,} rated): {best:.2f} CPU s (best of 3)")
    if args.archive:
        from histories import fill, measure

        with tempfile.TemporaryDirectory() as tmp:
            db = Path(tmp) / "club.db"
            fill(db, args.games)
            measure(db, "list", "--json")  # builds the summaries
            measure(db, "stats", "--json")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
