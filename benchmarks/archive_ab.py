"""One ``tablelog`` command on two checkouts, interleaved: CPU-s before and after (not part
of the test suite).

``python benchmarks/archive_ab.py --before ../old --after . --reps 2 -- --db club.db verify
--all --json`` runs the command in a fresh process of each checkout in turn (``PYTHONPATH``
names the checkout, whose ``tablelog/`` folder links its layers), ``--reps`` times, and
prints the least CPU-s (user + system, ``benchmarks/histories.py``'s probe) of each side:
both sides see the same machine at the same moments. ``{side}`` in an argument becomes
``before`` or ``after``: an output file or a fresh database, removed before each run.
"""

from __future__ import annotations

import argparse
import os
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
if str(HERE) not in sys.path:
    sys.path.insert(0, str(HERE))

from histories import probe


def run(root: Path, args: list[str]) -> float:
    """CPU-s of ``tablelog ARGS`` run from the checkout ``root``."""
    return probe(args, root, dict(os.environ, PYTHONPATH=str(root)))["cpu"]


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--before", type=Path, required=True, help="the old checkout")
    parser.add_argument("--after", type=Path, default=HERE.parent, help="the new checkout")
    parser.add_argument("--reps", type=int, default=2)
    parser.add_argument("command", nargs=argparse.REMAINDER, help="tablelog's arguments")
    args = parser.parse_args(argv)
    command = [a for a in args.command if a != "--"]
    sides = {"before": args.before.resolve(), "after": args.after.resolve()}
    best = {name: float("inf") for name in sides}
    for _ in range(args.reps):
        for name, root in sides.items():
            given = [a.replace("{side}", name) for a in command]
            for said, made in zip(command, given, strict=True):
                if "{side}" in said:  # an output or a fresh database: made anew each run
                    for suffix in ("", "-wal", "-shm"):
                        Path(made + suffix).unlink(missing_ok=True)
                    Path(made).with_suffix(".metadata.json").unlink(missing_ok=True)  # sqlite's
            best[name] = min(best[name], run(root, given))
    load = os.getloadavg()[0]
    print(f"{' '.join(command)}: before {best['before']:.2f}, after {best['after']:.2f} CPU-s"
          f" (load {load:.1f})")  # fmt: skip
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
