"""How much of one ``tablelog`` command is the rule sets' own work (not part of the test
suite): every registered rule set's functions (``apply``, ``shown``, ``format``,
``announce``, ``marks``, ``outcome``, ``chance``, ``view``, ``start``, ...) are wrapped
with a CPU timer, the command is run in this process, and the CPU time of the whole
process (start-up included) is printed beside each function's, per event of the archive.

``python benchmarks/rules_share.py --events 77250 -- --db club.db verify club.jsonl --json``

A call made inside another timed call is counted once, in the outer one (``shown`` that
applies the event again counts as ``shown``). Each timed call costs about half a
microsecond more than it would, which lands in "the rest": the split is a bound, not an
exact figure. What is left besides the rules is tablelog's own code: reading, checking,
hashing, writing, start-up.
"""

from __future__ import annotations

import argparse
import resource
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from tablelog.cli.main import cli
from tablelog.rules import registry

NAMES = (
    "apply", "shown", "format", "announce", "marks", "outcome", "chance", "view", "start",
    "to_act", "zones", "figures",
)  # fmt: skip


def timed_rules(spent: dict[str, float]) -> None:
    """Wrap every registered rule set's functions ``NAMES`` with a CPU timer into ``spent``."""
    inside = [False]

    def wrap(name: str, inner: Callable[..., Any]) -> Callable[..., Any]:
        def timed(*args: Any, **kwargs: Any) -> Any:
            if inside[0]:
                return inner(*args, **kwargs)
            inside[0] = True
            start = time.process_time()
            try:
                return inner(*args, **kwargs)
            finally:
                spent[name] = spent.get(name, 0.0) + time.process_time() - start
                inside[0] = False

        return timed

    for game in registry.names():
        rules = registry.get(game)
        for name in NAMES:
            inner = getattr(rules, name, None)
            if callable(inner):
                object.__setattr__(rules, name, wrap(name, inner))  # a frozen rule set


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--events", type=int, required=True, help="events in the archive")
    parser.add_argument("command", nargs=argparse.REMAINDER, help="tablelog's arguments")
    args = parser.parse_args(argv)
    spent: dict[str, float] = {}
    timed_rules(spent)
    try:
        command = args.command[1:] if args.command[:1] == ["--"] else args.command
        cli.main(args=command, prog_name="tablelog", standalone_mode=False)
    except SystemExit as stop:
        if stop.code:
            raise
    usage = resource.getrusage(resource.RUSAGE_SELF)
    total = usage.ru_utime + usage.ru_stime
    rules = sum(spent.values())
    per = 1e6 / args.events
    print(
        f"whole process {total:.2f} CPU-s ({total * per:.1f} µs/event); the rules"
        f" {rules:.2f} ({rules / total:.0%}, {rules * per:.1f} µs/event); the rest"
        f" {(total - rules) * per:.1f} µs/event",
        file=sys.stderr,
    )
    for name, cpu in sorted(spent.items(), key=lambda item: -item[1]):
        print(f"  {name:10} {cpu:6.2f} CPU-s {cpu * per:6.1f} µs/event", file=sys.stderr)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
