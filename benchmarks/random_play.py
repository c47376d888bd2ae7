"""Random play per game: decisions per CPU-second (not part of the test suite).

Run ``python benchmarks/random_play.py`` (``--games N``, ``--only GAME``, ``--json``,
``--path``, ``--dealer``). A decision is one player's move chosen by
``random.Random(seed).choice`` among the full listing and played; chance events (deals,
draws) are played too and their cost counted, but they are not decisions. Their outcomes
are drawn (``replay.dealer.sample``) from the same one ``random.Random(seed)`` by default
(``--dealer one``), as the peers do (RLCard shuffles with its one generator);
``--dealer seeded`` draws each from tablelog's seeded dealer instead, a generator seeded
afresh per event from ``tablelog:SEED:SEQ`` (``replay.dealer.chance_rng``, ~5 µs a
draw: what makes a seeded game's deals independent of the moves before them, which a
benchmark does not need; the figures before 2026-11-26 were measured that way). Two
paths, both printed:

* ``random_decisions_per_cpu_s``: through the game's playout (``rules.playout``), the
  in-place walk a game may give for speed, which the invariant kit checks step by step
  against the fold; for a game with no playout of its own, the fold (measured directly,
  not through ``FoldPlayout``'s indirection).
* ``fold_decisions_per_cpu_s``: through the immutable fold, the listing
  ``tuple(rules.moves(state))`` and ``rules.apply`` (what replay, import and verify run).

Both paths choose the same moves (same listing, same order, same generator), so they play
the same games. Each path is measured in a fresh process (``--path`` measures one in this
process): the paths share a game's pure caches, so the second would run on what the first
filled. Each game is played from ``start(header)`` (four players, default options) until
``outcome`` is set, or until ``--cap`` events. The rate is decisions per second of this
process's CPU time (``time.process_time``), so other load on the machine hardly moves it.
"""

from __future__ import annotations

import argparse
import json
import random
import subprocess
import sys
import time
from collections.abc import Sequence
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from tablelog.replay.dealer import chance_rng, sample
from tablelog.replay.headers import make_header
from tablelog.rules import registry
from tablelog.rules.events import Event
from tablelog.rules.playout import playout_of
from tablelog.rules.protocol import RuleSet

GAMES = ("karnoffel", "nordekasino", "speahx", "vriddiot", "narrespillet")
PLAYERS = ("Anna", "Bert", "Cleo", "Dirk")


def dealt(rng: random.Random, seed: int, seq: int, seeded: bool) -> random.Random:
    """The generator a chance event at ``seq`` draws from: the game's one ``rng``, or the
    seeded dealer's own for ``seq`` (``--dealer seeded``)."""
    return chance_rng(seed, seq) if seeded else rng


def play(rules: RuleSet, seed: int, cap: int, seeded: bool = False) -> tuple[int, int]:
    """One seeded random game through the fold; returns (decisions, events)."""
    header = make_header(rules, PLAYERS, {}, seed=seed)
    rng = random.Random(seed)
    apply, moves, outcome, chance = rules.apply, rules.moves, rules.outcome, rules.chance
    state = rules.start(header)
    decisions = seq = 0
    while outcome(state) is None and seq < cap:
        seq += 1
        step = chance(state)
        if step is not None:
            move = sample(step, dealt(rng, seed, seq, seeded))
        else:
            move = rng.choice(tuple(moves(state)))
            decisions += 1
        state = apply(state, Event(seq, move.actor, move.payload))
    return decisions, seq


def walk(rules: RuleSet, seed: int, cap: int, seeded: bool = False) -> tuple[int, int]:
    """The same seeded random game through the game's playout; returns (decisions, events)."""
    header = make_header(rules, PLAYERS, {}, seed=seed)
    rng = random.Random(seed)
    game = playout_of(rules, rules.start(header))
    moves, chance, play_, outcome = game.moves, game.chance, game.play, game.outcome
    decisions = seq = 0
    while outcome() is None and seq < cap:
        seq += 1
        step = chance()
        if step is not None:
            play_(sample(step, dealt(rng, seed, seq, seeded)))
        else:
            play_(rng.choice(moves()))
            decisions += 1
    return decisions, seq


def measure(
    name: str,
    cpu_budget: float,
    cap: int,
    max_games: int,
    fold: bool = False,
    seeded: bool = False,
) -> dict[str, float]:
    """Random games of one rule set until ``cpu_budget`` CPU-seconds or ``max_games``."""
    rules = registry.get(name)
    run = walk if rules.playout is not None and not fold else play
    run(rules, 10_000, cap, seeded)  # warm the caches of imports, not of states
    decisions = events = games = 0
    start = time.process_time()
    while games < max_games and time.process_time() - start < cpu_budget:
        d, e = run(rules, games, cap, seeded)
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
        "own_playout": rules.playout is not None,
    }


def fresh(
    name: str,
    path: str,
    cpu: float,
    games: int = 10_000,
    cap: int = 5_000,
    dealer: str = "one",
) -> dict[str, float]:
    """One path's row, measured in a fresh process: the two paths share the game's pure
    caches (arithmetic, listings remembered by value), so the second measured in one
    process would run warm on what the first filled."""
    command = [sys.executable, __file__, "--only", name, "--path", path, "--json"]
    command += ["--cpu", str(cpu), "--games", str(games), "--cap", str(cap), "--dealer", dealer]
    done = subprocess.run(command, check=True, capture_output=True, text=True)
    row: dict[str, float] = json.loads(done.stdout)[name]
    return row


def both(name: str, args: argparse.Namespace) -> dict[str, float]:
    """The playout's row, with the fold's rate beside it (the same when the game has no
    playout), each path measured in a process of its own."""
    row = fresh(name, "playout", args.cpu, args.games, args.cap, args.dealer)
    if row["own_playout"]:
        folded = fresh(name, "fold", args.cpu, args.games, args.cap, args.dealer)
        row["fold_decisions_per_cpu_s"] = folded["random_decisions_per_cpu_s"]
    else:
        row["fold_decisions_per_cpu_s"] = row["random_decisions_per_cpu_s"]
    return row


def main(argv: Sequence[str] | None = None) -> int:
    """Print decisions per CPU-second for each game (a table, or JSON with ``--json``)."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--only", choices=GAMES, action="append")
    parser.add_argument("--cpu", type=float, default=10.0, help="CPU-seconds per game")
    parser.add_argument("--games", type=int, default=10_000, help="at most this many games")
    parser.add_argument("--cap", type=int, default=5_000, help="events per game at most")
    parser.add_argument("--json", action="store_true")
    parser.add_argument(
        "--path",
        choices=("playout", "fold"),
        help="measure this path alone, in this process (by default each path runs in a fresh one)",
    )
    parser.add_argument(
        "--dealer",
        choices=("one", "seeded"),
        default="one",
        help="chance outcomes from the game's one generator (default), or from the seeded"
        " dealer's generator per event (as measured before 2026-11-26)",
    )
    args = parser.parse_args(argv)
    names = args.only or GAMES
    if args.path:
        fold = args.path == "fold"
        seeded = args.dealer == "seeded"
        out = {name: measure(name, args.cpu, args.cap, args.games, fold, seeded) for name in names}
        if args.json:
            print(json.dumps(out, indent=2))
            return 0
        for row in out.values():
            row["fold_decisions_per_cpu_s"] = row["random_decisions_per_cpu_s"]
    else:
        out = {name: both(name, args) for name in names}
    if args.json:
        print(json.dumps(out, indent=2))
    else:
        for name, row in out.items():
            print(
                f"{name:14} {row['random_decisions_per_cpu_s']:>10,.0f} decisions/CPU-s"
                f" (fold {row['fold_decisions_per_cpu_s']:>9,.0f})"
                f"  ({row['games']} games, {row['events_per_game']:.0f} events/game)"
            )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
