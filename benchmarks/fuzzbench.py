"""What a fuzz run spends its time on: generating games, and each invariant's check.

Run ``python benchmarks/fuzzbench.py [--games 100] [--seed 1] [RULES ...]`` (default:
every registered game). For each rule set it draws the same games ``tablelog fuzz`` would
(the same seed), then times, in CPU seconds of this process: the generation alone, each
invariant alone over those games (sampled, as ``fuzz`` runs them), and all of them in the
single walk ``check_all`` makes. The checks are timed with the garbage collector set as
``fuzz`` sets it for its batches (``replay.heap.fewer_collections``). Not part of the
test suite; it reports and exits 0.

With ``--campaign`` the games are those of ``tablelog fuzz --campaign`` (the same seed,
``replay.kit.campaign``: no Hypothesis), drawn and checked one at a time, so the checks
read the listings the drawing kept (as the campaign does): the generation, each
invariant alone on each game, and all of them in one walk.
"""

from __future__ import annotations

import argparse
import random
import time
from collections.abc import Callable

from tablelog.replay.dealer import sample
from tablelog.replay.heap import fewer_collections
from tablelog.replay.kit import SAMPLED, History
from tablelog.replay.kit import fuzz as fuzz_module
from tablelog.replay.kit.invariants import PROBES, run
from tablelog.rules import registry
from tablelog.rules.events import Event
from tablelog.rules.protocol import Header, RuleSet


def _cpu(work: Callable[[], object]) -> float:
    with fewer_collections():
        start = time.process_time()
        work()
        return time.process_time() - start


def drawn_histories(rules: RuleSet, games: int, seed: int) -> tuple[list[History], float]:
    """The histories ``fuzz`` draws for ``seed``, and the CPU time drawing them took."""
    drawn: list[History] = []
    real = fuzz_module.check_all
    fuzz_module.check_all = lambda rules, history, **kw: drawn.append(history)  # type: ignore[assignment]
    try:
        spent = _cpu(lambda: fuzz_module.fuzz(rules, games, seed))
    finally:
        fuzz_module.check_all = real
    return drawn, spent


def bench(rules: RuleSet, games: int, seed: int) -> list[tuple[str, float]]:
    """Rows of (what, CPU seconds) for one rule set."""
    histories, generation = drawn_histories(rules, games, seed)
    rows = [("generation", generation)]
    for name in PROBES:
        rows.append((name, _cpu(lambda n=name: [run(rules, h, (n,), SAMPLED) for h in histories])))
    rows.append(
        ("all checks, one walk", _cpu(lambda: [run(rules, h, tuple(PROBES)) for h in histories]))
    )
    events = sum(len(h.events) for h in histories)
    rows.append((f"events ({len(histories)} games)", float(events)))
    return rows


def random_game(rules: RuleSet, header: Header, seed: int) -> int:
    """Plain random play through the fold from ``header`` (``benchmarks/random_play.py``'s
    loop: a uniform choice of the full listing, chance from the same generator); events."""
    rng = random.Random(seed)
    apply, moves, outcome, chance = rules.apply, rules.moves, rules.outcome, rules.chance
    state, seq, bound = rules.start(header), 0, rules.max_events(header)
    while outcome(state) is None and seq < bound:
        seq += 1
        step = chance(state)
        move = sample(step, rng) if step is not None else rng.choice(tuple(moves(state)))
        state = apply(state, Event(seq, move.actor, move.payload))
    return seq


def bench_campaign(rules: RuleSet, games: int, seed: int) -> list[tuple[str, float]]:
    """Rows of (what, CPU seconds) for the campaign's games of one rule set, and plain
    random play through the fold from the same headers (seat counts and options), the
    yardstick for these games rather than four players with the default options."""
    from tablelog.replay.kit.campaign import campaign_game

    spent = dict.fromkeys(["generation", *PROBES, "all checks, one walk"], 0.0)
    events = 0
    headers: list[Header] = []
    for number in range(1, games + 1):
        drawn: list[History] = []
        spent["generation"] += _cpu(
            lambda n=number, d=drawn: d.append(campaign_game(rules, seed, n).history)
        )
        (history,) = drawn
        events += len(history.events)
        headers.append(history.header)
        for name in PROBES:
            spent[name] += _cpu(lambda n=name, h=history: run(rules, h, (n,), SAMPLED))
        spent["all checks, one walk"] += _cpu(lambda h=history: run(rules, h, tuple(PROBES)))
    played: list[int] = []
    plain = _cpu(lambda: played.extend(random_game(rules, h, i) for i, h in enumerate(headers)))
    per_event = (spent["generation"] + spent["all checks, one walk"]) / max(events, 1)
    return [
        *spent.items(),
        (f"events ({games} games)", float(events)),
        ("random play, same headers", plain),
        (f"its events ({games} games)", float(sum(played))),
        ("campaign ÷ it, per event", per_event / max(plain / max(sum(played), 1), 1e-12)),
    ]


def main() -> None:
    """Print the table for the rule sets asked for."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("rules", nargs="*")
    parser.add_argument("--games", type=int, default=100)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--campaign", action="store_true", help="the games of fuzz --campaign")
    args = parser.parse_args()
    measure = bench_campaign if args.campaign else bench
    mode = " --campaign" if args.campaign else ""
    for name in args.rules or registry.names():
        rows = measure(registry.get(name), args.games, args.seed)
        total = rows[0][1] + rows[len(PROBES) + 1][1]
        print(f"\n{name}:{mode} --games {args.games} --seed {args.seed}, CPU seconds")
        for what, value in rows:
            print(f"  {what:<24} {value:10.2f}")
        print(f"  {'fuzz ≈ generation + all':<24} {total:10.2f}")


if __name__ == "__main__":
    main()
