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
    lines = page.locator("svg polyline.player")
    assert lines.count() == len(players)
    assert sorted(lines.nth(i).get_attribute("data-player") for i in range(len(players))) == (
        players
    )
    box = page.locator("svg").bounding_box()
    assert box is not None and box["width"] > 300 and box["height"] > 200
    standings = page.locator("table.standings caption").all_text_contents()
    assert {c.split(" · ")[1] for c in standings} == {r.rules for r in games}
    browser_page.screenshot("match-report")


def test_names_are_text_not_markup(browser_page: Any, db: Path, tmp_path: Path) -> None:
    from tablelog.replay.games import Games, make_header
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


def test_one_evening_draws_a_bar_per_player_and_a_season_a_line(db: Path) -> None:
    """Issue 22: the chart of one evening was an empty L (one point per line)."""
    import attrs

    from tablelog.replay.export.html import chart
    from tablelog.replay.games import Games, make_header
    from tablelog.replay.inspect import moves_data
    from tablelog.rules import registry

    with Ledger(db) as ledger:
        games = Games(ledger)
        for seed in (1, 2):
            header = make_header(registry.get("karnoffel"), ["Anna", "Bo", "Cai", "Dina"], {},
                                 seed=seed)  # fmt: skip
            game = games.create(header)
            while listed := moves_data(games.load(game.id))["moves"]:
                games.play(game.id, listed[0]["notation"])
        evening = list(results(ledger, Filters()))
    svg = chart(evening)
    assert svg.count('<rect class="player"') == 4 and "polyline" not in svg
    assert all(r.data["over"] for r in evening)
    season = [
        attrs.evolve(r, created=f"2026-0{1 + i}-0{1 + i}T20:00") for i, r in enumerate(evening)
    ]
    svg = chart(season)
    assert svg.count('<polyline class="player"') == 4 and "<rect" not in svg
