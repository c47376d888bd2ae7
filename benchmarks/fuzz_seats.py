"""A fuzz run at one seat count: ``tablelog fuzz`` with the number of players pinned
(``any``: drawn, as ``tablelog fuzz`` does), reporting as it goes.

    python benchmarks/fuzz_seats.py speahx 9 --games 2000 --seed 1 -o decks=2 -o jokers=2

``tablelog fuzz`` draws the seat count with the options; the issues ask for runs at one
count (Speahx: 9 players with 2 decks and 2 jokers). Same invariants, same sampling, the
same seed plays the same games; prints games, events, CPU seconds and the verdict, in one
process. ``tablelog fuzz RULES --players N`` runs the same pinned count in batches over
every CPU (its games differ from this script's: the batches have seeds of their own).
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from hypothesis import given
from hypothesis import seed as hypothesis_seed

from tablelog.replay.kit.fuzz import fuzz_settings
from tablelog.replay.kit.invariants import check_all
from tablelog.replay.kit.strategies import histories
from tablelog.rules import registry


def _value(text: str) -> object:
    """An option's value as typed: a number, true/false, or the word."""
    if text.lstrip("-").isdigit():
        return int(text)
    return {"true": True, "false": False}.get(text.lower(), text)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("rules")
    parser.add_argument("players", help="the seat count, or 'any' to draw it as fuzz does")
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("-o", "--option", action="append", default=[])
    parser.add_argument("--every", type=int, default=25, help="report every this many games")
    args = parser.parse_args()
    rules = registry.get(args.rules)
    options = {k: _value(v) for k, v in (o.split("=", 1) for o in args.option)} or None
    counts = {"games": 0, "events": 0}
    start = time.process_time()

    seats = None if args.players == "any" else (int(args.players),)

    @hypothesis_seed(args.seed)
    @fuzz_settings(args.games)
    @given(histories(rules, options, seats=seats))
    def one_game(history):
        counts["games"] += 1
        counts["events"] += len(history.events)
        check_all(rules, history)
        if counts["games"] % args.every == 0:
            cpu = time.process_time() - start
            print(
                f"... {counts['games']} games, {counts['events']} events, {cpu:.0f} s CPU",
                flush=True,
            )

    verdict = "every invariant holds"
    try:
        one_game()
    except Exception as error:
        verdict = f"FAILED: {error}"
    cpu = time.process_time() - start
    print(
        f"{args.rules} {args.players} players {args.option}: {counts['games']} games, "
        f"{counts['events']} events, {cpu:.0f} s CPU: {verdict}"
    )


if __name__ == "__main__":
    main()
