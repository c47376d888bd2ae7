"""The replay page's screenshots in docs/screenshots (``replay-GAME.png``), taken again.

Run ``python benchmarks/replay_shots.py`` after a change to the page. For each rule set a
seeded game (seed 3, four players) is played with its first listed move for a number of
events, its page is made as Bo sees it, opened in Chromium (the distribution's, through
Playwright, as ``tests/browser.py`` does) at the event in ``AT`` (the page's ``#N``), and
the whole page (1280 wide) is saved as a PNG (Narrespillet's with the Demons in play).
Not a test: look at each picture afterwards.
"""

from __future__ import annotations

import sys
import tempfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from tablelog.ledger import Ledger
from tablelog.replay.games import Games
from tablelog.replay.gate import Viewer
from tablelog.replay.headers import make_header
from tablelog.replay.inspect import moves_data
from tablelog.replay.page import render_page
from tablelog.rules import registry

OUT = Path(__file__).resolve().parents[1] / "docs" / "screenshots"
PLAYED = {"karnoffel": 21, "nordekasino": 40, "speahx": 40, "vriddiot": 40, "narrespillet": 53}
AT = {"karnoffel": 15, "nordekasino": 30, "speahx": 30, "vriddiot": 27, "narrespillet": 53}
PREFER = {"narrespillet": " play T15"}
"""A move played whenever it is listed (the Demons summoned, to show their seat)."""
FLAGS = ["--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run"]


def page_of(games: Games, rules: str) -> str:
    names = ("Anna", "Bo", "Cai", "Dina")
    game = games.create(make_header(registry.get(rules), names, {}, seed=3))
    for _ in range(PLAYED[rules]):
        listed = [m["notation"] for m in moves_data(games.load(game.id))["moves"]]
        if not listed:
            break
        prefer = PREFER.get(rules)
        games.play(game.id, next((m for m in listed if prefer and m.endswith(prefer)), listed[0]))
    return render_page(games.load(game.id), Viewer(1))


def main() -> None:
    from playwright.sync_api import sync_playwright

    only = sys.argv[1:] or list(PLAYED)
    with tempfile.TemporaryDirectory() as tmp, Ledger(Path(tmp) / "shots.db") as ledger:
        games = Games(ledger)
        pages = {rules: page_of(games, rules) for rules in only}
        with sync_playwright() as driver:
            browser = driver.chromium.launch(executable_path="/usr/bin/chromium", args=FLAGS)
            tab = browser.new_page(viewport={"width": 1280, "height": 860})
            for rules, html in pages.items():
                path = Path(tmp) / f"{rules}.html"
                path.write_text(html, encoding="utf-8")
                tab.goto(f"{path.as_uri()}#{AT[rules]}")
                tab.wait_for_timeout(200)
                out = OUT / f"replay-{rules}.png"
                tab.screenshot(path=str(out), full_page=True)
                print(out)
            browser.close()


if __name__ == "__main__":
    main()
