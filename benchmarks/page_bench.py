"""The HTML replay page: its size and the CPU time to make it, for long games.

Run ``python benchmarks/page_bench.py`` (``--events N`` to change the length, default 300).
For each rule set a seeded game is played with its first listed move until it has N events
(or is over; a Karnöffel game is one deal of ~21 events, so its match option ``target`` is
raised), then ``replay.page.render_page`` makes the page: the figures are the page's bytes,
its frames and distinct views, zones and infos, and the CPU time (``time.process_time``) and
peak RSS of the process. Not part of the test suite: it reports, CI does not run it.
"""

from __future__ import annotations

import argparse
import resource
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from tablelog.ledger import Ledger
from tablelog.replay.games import Games, make_header
from tablelog.replay.inspect import moves_data
from tablelog.replay.page import page_data, render_page
from tablelog.rules import registry

OPTIONS = {"karnoffel": {"target": 12}, "nordekasino": {"decks": 4}}


def measure(games: Games, rules: str, events: int) -> dict[str, object]:
    names = ("Anna", "Bo", "Cai", "Dina")
    game = games.create(
        make_header(registry.get(rules), names, dict(OPTIONS.get(rules, {})), seed=1)
    )
    while games.load(game.id).seq < events:
        listed = moves_data(games.load(game.id))["moves"]
        if not listed:
            break
        games.play(game.id, listed[0]["notation"])
    loaded = games.load(game.id)
    start = time.process_time()
    page = render_page(loaded)
    cpu = time.process_time() - start
    data = page_data(loaded)
    return {
        "rules": rules,
        "events": loaded.seq,
        "bytes": len(page.encode("utf-8")),
        "views": len(data["views"]),
        "zones": len(data["zones"]),
        "infos": len(data["infos"]),
        "cpu_s": round(cpu, 3),
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--events", type=int, default=300)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp, Ledger(Path(tmp) / "page.db") as ledger:
        games = Games(ledger)
        heads = ("events", "KiB", "views", "zones", "infos", "cpu s")
        print(f"{'rules':14} " + " ".join(f"{h:>7}" for h in heads))
        for rules in ("karnoffel", "nordekasino", "speahx", "vriddiot", "narrespillet"):
            row = measure(games, rules, args.events)
            print(
                f"{row['rules']:14} {row['events']:>7} {int(str(row['bytes'])) / 1024:>7.1f} "
                f"{row['views']:>7} {row['zones']:>7} {row['infos']:>7} {row['cpu_s']:>7}"
            )
    peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
    print(f"peak RSS {peak:.0f} MiB")


if __name__ == "__main__":
    main()
