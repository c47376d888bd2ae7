"""The HTML replay page: its size and the CPU time to make it, for long games.

Run ``python benchmarks/page_bench.py`` (``--events N`` to change the length, default 300).
For each rule set a seeded game is played with its first listed move until it has N events
(or is over; a Karnöffel game is one deal of ~21 events, so its match option ``target`` is
raised), then ``replay.page.render_page`` makes the page as Bo sees it: the figures are the
page's bytes (and those of the page of every seat, ``--all-seats``), its distinct views and
parts (seats, piles, battlefields), the CPU time (``time.process_time``) and peak RSS of the
process, and, in Chromium (the distribution's, through Playwright), the time to step through
every event with the arrow key, per event, for Bo's page and for the page of every seat
(``all ms``: as everyone, its default view). A page of every seat is made only of a game
that is over, so for it the game is played on to its end with seeded random moves (the
first listed move can go round in circles in Speahx and Vriddiot; at most 20N events;
``all ev`` is its length, ``-`` when it did not end). Not part of the test suite: it
reports, CI does not run it. Targets: a 300-event game under 300 KiB, stepping under 16 ms
per event.
"""

from __future__ import annotations

import argparse
import random
import resource
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from tablelog.ledger import Ledger
from tablelog.replay.games import Games
from tablelog.replay.gate import EVERY_SEAT, Viewer
from tablelog.replay.headers import make_header
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
    page = render_page(loaded, Viewer(1))
    cpu = time.process_time() - start
    data = page_data(loaded, Viewer(1))
    done, rng = loaded, random.Random(rules)
    while done.rules.outcome(done.state) is None and done.seq < 20 * events:
        games.play(done.id, rng.choice(moves_data(done)["moves"])["notation"])
        done = games.load(done.id)
    over = done.rules.outcome(done.state) is not None
    every = render_page(done, EVERY_SEAT) if over else ""
    return {
        "rules": rules,
        "events": loaded.seq,
        "bytes": len(page.encode("utf-8")),
        "all_bytes": len(every.encode("utf-8")),
        "all_events": done.seq if over else "-",
        "views": len(data["views"]),
        "parts": len(data["parts"]),
        "cpu_s": round(cpu, 3),
        "page": page,
        "every": every,
    }


STEP = """() => {
    document.dispatchEvent(new KeyboardEvent('keydown', {key: 'Home'}));
    const n = Number(document.getElementById('slider').max);
    const start = performance.now();
    for (let i = 0; i < n; i++) {
        document.dispatchEvent(new KeyboardEvent('keydown', {key: 'ArrowRight'}));
        document.body.getBoundingClientRect();  // lay the page out, as a person would see it
    }
    return (performance.now() - start) / n;
}"""


def stepping_ms(pages: dict[str, str]) -> dict[str, float]:
    """Milliseconds per event to step through each page in Chromium (empty without one)."""
    try:
        from playwright.sync_api import sync_playwright
    except ImportError:
        return {}
    flags = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run"]
    flags += ["--disable-background-networking", "--disable-component-update", "--disable-sync"]
    out = {}
    with tempfile.TemporaryDirectory() as tmp, sync_playwright() as p:
        browser = p.chromium.launch(executable_path="/usr/bin/chromium", args=flags)
        tab = browser.new_page(viewport={"width": 1280, "height": 860})
        for rules, html in pages.items():
            path = Path(tmp) / f"{rules}.html"
            path.write_text(html, encoding="utf-8")
            tab.goto(path.as_uri())
            out[rules] = round(float(tab.evaluate(STEP)), 2)
        browser.close()
    return out


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--events", type=int, default=300)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp, Ledger(Path(tmp) / "page.db") as ledger:
        games = Games(ledger)
        rows = [
            measure(games, rules, args.events)
            for rules in ("karnoffel", "nordekasino", "speahx", "vriddiot", "narrespillet")
        ]
    steps = stepping_ms({str(r["rules"]): str(r["page"]) for r in rows})
    steps_all = stepping_ms({str(r["rules"]): str(r["every"]) for r in rows if r["every"]})
    heads = ("events", "KiB", "all ev", "all KiB", "views", "parts", "cpu s", "ms/step", "all ms")
    print(f"{'rules':14} " + " ".join(f"{h:>7}" for h in heads))
    for row in rows:
        kib, every = int(str(row["bytes"])) / 1024, int(str(row["all_bytes"])) / 1024
        print(
            f"{row['rules']:14} {row['events']:>7} {kib:>7.1f} {row['all_events']:>7}"
            f" {every:>7.1f} {row['views']:>7}"
            f" {row['parts']:>7} {row['cpu_s']:>7} {steps.get(str(row['rules']), '-'):>7}"
            f" {steps_all.get(str(row['rules']), '-'):>7}"
        )
    peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
    print(f"peak RSS {peak:.0f} MiB")


if __name__ == "__main__":
    main()
