"""Python opcodes and calls per decision of random play: a measure the machine's load does
not move (not part of the test suite).

Run ``python benchmarks/opcodes.py [--only GAME] [--games 8] [--warm 100] [--top 30]``
in two trees and compare. It plays ``--warm`` random games through the game's playout
(``random_play.walk``, seeds from 10,000) to fill the caches a long benchmark run fills,
then ``--games`` more (seeds 0, 1, ...) under ``sys.settrace`` with opcode events, and
prints the opcodes and Python calls (a generator resumed counts as a call) per decision,
then the functions that ran the most opcodes. CPU-seconds on a shared two-core machine
drift by up to 30 % from minute to minute; these counts are the same on every run with
the same ``PYTHONHASHSEED`` (and nearly so without), so a change's effect on the Python
work shows at once. They do not see C work (a sort, a dict lookup), so the rate of
``benchmarks/random_play.py``, side by side, stays the measure that counts.
"""

from __future__ import annotations

import argparse
import sys
from collections import Counter
from collections.abc import Sequence
from pathlib import Path
from types import FrameType
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
for path in (ROOT, ROOT / "benchmarks"):
    if str(path) not in sys.path:
        sys.path.insert(0, str(path))

from random_play import GAMES, walk

from tablelog.rules import registry

Where = tuple[str, str]


def count(name: str, games: int, warm: int) -> tuple[int, Counter[Where], Counter[Where]]:
    """Decisions of ``games`` traced random games of ``name`` after ``warm`` untraced ones,
    with the opcodes and calls of each function (file, name)."""
    rules = registry.get(name)
    for seed in range(warm):
        walk(rules, 10_000 + seed, 5_000)
    opcodes: Counter[Where] = Counter()
    calls: Counter[Where] = Counter()

    def where(frame: FrameType) -> Where:
        code = frame.f_code
        return (code.co_filename.rpartition("tablelog/")[2], code.co_name)

    def trace(frame: FrameType, event: str, arg: Any) -> Any:
        if event == "opcode":
            opcodes[where(frame)] += 1
        elif event == "call":
            frame.f_trace_opcodes = True
            calls[where(frame)] += 1
        return trace

    sys.settrace(trace)
    try:
        decisions = sum(walk(rules, seed, 5_000)[0] for seed in range(games))
    finally:
        sys.settrace(None)
    return decisions, opcodes, calls


def main(argv: Sequence[str] | None = None) -> int:
    """Print the counts per decision for each game asked (default: Vriddiot)."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--only", choices=GAMES, action="append")
    parser.add_argument("--games", type=int, default=8, help="traced games")
    parser.add_argument("--warm", type=int, default=100, help="untraced games first")
    parser.add_argument("--top", type=int, default=30, help="functions listed")
    args = parser.parse_args(argv)
    for name in args.only or ["vriddiot"]:
        decisions, opcodes, calls = count(name, args.games, args.warm)
        per = max(decisions, 1)
        print(
            f"{name}: {decisions} decisions, {sum(opcodes.values()) / per:,.0f} opcodes"
            f" and {sum(calls.values()) / per:.1f} Python calls per decision"
        )
        for (file, function), n in opcodes.most_common(args.top):
            print(f"{n / per:9.1f} {calls[file, function] / per:6.2f}  {file}:{function}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
