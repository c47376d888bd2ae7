"""Random play per game: decisions per CPU-second (not part of the test suite).

Run ``python benchmarks/random_play.py`` (``--games N``, ``--only GAME``, ``--json``).
A decision is one player's move chosen by ``random.Random(seed).choice`` among the full
listing ``tuple(rules.moves(state))`` and applied with ``rules.apply`` (the immutable fold);
the seeded dealer's chance events are applied too and their cost counted, but they are not
decisions. Each game is played from ``start(header)`` (four players, default options) until
``outcome`` is set, or until ``--cap`` events. The rate is decisions per second of this
process's CPU time (``time.process_time``), so other load on the machine hardly moves it.
"""

from __future__ import annotations

import argparse
import json
import random
import sys
import time
from collections.abc import Sequence
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from tablelog.replay.dealer import dealer_move
from tablelog.replay.games import make_header
from tablelog.rules import registry
from tablelog.rules.events import Event
from tablelog.rules.protocol import RuleSet

GAMES = ("karnoffel", "nordekasino", "speahx", "vriddiot", "narrespillet")
PLAYERS = ("Anna", "Bert", "Cleo", "Dirk")


def play(rules: RuleSet, seed: int, cap: int) -> tuple[int, int]:
    """One seeded random game; returns (decisions, events)."""
    header = make_header(rules, PLAYERS, {}, seed=seed)
    rng = random.Random(seed)
    apply, moves, outcome = rules.apply, rules.moves, rules.outcome
    state = rules.start(header)
    decisions = seq = 0
    while outcome(state) is None and seq < cap:
        seq += 1
        move = dealer_move(rules, state, seed, seq)
        if move is None:
            move = rng.choice(tuple(moves(state)))
            decisions += 1
        state = apply(state, Event(seq, move.actor, move.payload))
    return decisions, seq


def measure(name: str, cpu_budget: float, cap: int, max_games: int) -> dict[str, float]:
    """Random games of one rule set until ``cpu_budget`` CPU-seconds or ``max_games``."""
    rules = registry.get(name)
    play(rules, 10_000, cap)  # warm the caches of imports, not of states
    decisions = events = games = 0
    start = time.process_time()
    while games < max_games and time.process_time() - start < cpu_budget:
        d, e = play(rules, games, cap)
        decisions += d
        events += e
        games += 1
    cpu = time.process_time() - start
    return {
        "games": games,
        "decisions": decisions,
        "events_per_game": events / games,
        "cpu_s": cpu,
        "random_decisions_per_cpu_s": decisions / cpu,
    }


def main(argv: Sequence[str] | None = None) -> int:
    """Print decisions per CPU-second for each game (a table, or JSON with ``--json``)."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--only", choices=GAMES, action="append")
    parser.add_argument("--cpu", type=float, default=10.0, help="CPU-seconds per game")
    parser.add_argument("--games", type=int, default=10_000, help="at most this many games")
    parser.add_argument("--cap", type=int, default=5_000, help="events per game at most")
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args(argv)
    out = {name: measure(name, args.cpu, args.cap, args.games) for name in args.only or GAMES}
    if args.json:
        print(json.dumps(out, indent=2))
    else:
        for name, row in out.items():
            print(
                f"{name:14} {row['random_decisions_per_cpu_s']:>10,.0f} decisions/CPU-s"
                f"  ({row['games']} games, {row['events_per_game']:.0f} events/game)"
            )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
