"""What a fuzz run spends its time on: generating games, and each invariant's check.

Run ``python benchmarks/fuzzbench.py [--games 100] [--seed 1] [RULES ...]`` (default:
every registered game). For each rule set it draws the same games ``tablelog fuzz`` would
(the same seed), then times, in CPU seconds of this process: the generation alone, each
invariant alone over those games (sampled, as ``fuzz`` runs them), and all of them in the
single walk ``check_all`` makes. The checks are timed with the garbage collector set as
``fuzz`` sets it for its batches (``replay.heap.fewer_collections``). Not part of the
test suite; it reports and exits 0.
"""

from __future__ import annotations

import argparse
import time
from collections.abc import Callable

from tablelog.replay.heap import fewer_collections
from tablelog.replay.kit import SAMPLED, History
from tablelog.replay.kit import fuzz as fuzz_module
from tablelog.replay.kit.invariants import PROBES, run
from tablelog.rules import registry
from tablelog.rules.protocol import RuleSet


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


def main() -> None:
    """Print the table for the rule sets asked for."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("rules", nargs="*")
    parser.add_argument("--games", type=int, default=100)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    for name in args.rules or registry.names():
        rows = bench(registry.get(name), args.games, args.seed)
        total = rows[0][1] + rows[-2][1]
        print(f"\n{name}: --games {args.games} --seed {args.seed}, CPU seconds")
        for what, value in rows:
            print(f"  {what:<24} {value:10.2f}")
        print(f"  {'fuzz ≈ generation + all':<24} {total:10.2f}")


if __name__ == "__main__":
    main()
