"""The match report opened in a real headless Chromium (tests/browser.py): it renders
with no console error and no network, its tables hold the games and standings, and its
chart draws one line per player."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from tablelog.ledger import Ledger
from tablelog.replay.export.html import write_report
from tablelog.replay.summary import Filters, results


def test_the_match_report_renders_offline_in_chromium(
    browser_page: Any, club_source: Path, tmp_path: Path
) -> None:
    page_file = tmp_path / "report.html"
    with Ledger(club_source) as ledger:
        games = list(results(ledger))
        with page_file.open("w", encoding="utf-8") as out:
            write_report(games, out)
    requests: list[str] = []
    browser_page.page.on("request", lambda r: requests.append(r.url))
    page = browser_page.open(page_file)
    assert browser_page.errors == []
    assert [u for u in requests if not u.startswith("file://")] == []  # nothing fetched
    assert page.text_content("h1") == "Match report"
    rows = page.locator("table.results tbody tr")
    assert rows.count() == len(games)
    first = rows.nth(0).locator("td")
    assert first.nth(0).text_content() == str(games[0].game)
    players = sorted({p for r in games for p in r.data["players"]})
    wins = page.locator("svg.chart").first  # two dates: a line of wins per player
    lines = wins.locator("polyline.player")
    assert lines.count() == len(players)
    assert sorted(lines.nth(i).get_attribute("data-player") for i in range(len(players))) == (
        players
    )
    box = wins.bounding_box()
    assert box is not None and box["width"] > 300 and box["height"] > 200
    standings = page.locator("table.standings caption").all_text_contents()
    assert {c.split(" · ")[1] for c in standings} == {r.rules for r in games}
    # a ratings chart per rule set, a line per rated player, the rating at its end
    rated = {r.rules for r in games if r.data["over"]}
    assert page.locator("h3").all_text_contents() == sorted(rated)
    assert page.locator("svg.chart").count() == 1 + len(rated)
    assert "±" in page.locator("table.standings").first.text_content()
    browser_page.screenshot("match-report")


def test_one_evening_is_drawn_as_bars(browser_page: Any, club_source: Path, tmp_path: Path):
    """A report of one date's games shows wins within games as bars, not an empty axis."""
    page_file = tmp_path / "evening.html"
    with Ledger(club_source) as ledger:
        games = [r for r in results(ledger) if r.created.startswith("2026-11-21")]
        with page_file.open("w", encoding="utf-8") as out:
            write_report(games, out)
    page = browser_page.open(page_file)
    assert browser_page.errors == []
    assert page.text_content("h2") == "Wins on the evening"
    bars = page.locator("svg.bars rect.wins")
    players = sorted({p for r in games for p in r.data["players"]})
    assert bars.count() == len(players)
    widths = {bars.nth(i).get_attribute("data-name"): float(bars.nth(i).get_attribute("width"))
              for i in range(bars.count())}  # fmt: skip
    winners = {w for r in games for w in r.data["winners"]}
    assert all((widths[p] > 0) == (p in winners) for p in players)
    assert "of" in page.locator("svg.bars").text_content()
    browser_page.screenshot("match-report-evening")


def test_names_are_text_not_markup(browser_page: Any, db: Path, tmp_path: Path) -> None:
    from tablelog.replay.games import Games
    from tablelog.replay.headers import make_header
    from tablelog.rules import registry

    sly = "<b>Bo</b><script>alert(1)</script>"
    with Ledger(db) as ledger:
        header = make_header(registry.get("karnoffel"), ["Anna", sly, "Cai", "Dina"], {}, seed=1)
        Games(ledger).create(header)
        page_file = tmp_path / "report.html"
        with page_file.open("w", encoding="utf-8") as out:
            write_report(results(ledger, Filters()), out)
    page = browser_page.open(page_file)
    assert browser_page.errors == []
    assert page.locator("table.results b").count() == 0
    assert sly in page.locator("table.results").text_content()
