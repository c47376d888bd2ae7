"""A match report for a set of games: one self-contained HTML file, no network needed.

It holds a results table (every game: date, rule set, players, winners, scores), the
standings per rule set (games, wins, points, average and rating, from ``replay.stats``),
a chart of each player's wins (bars for one evening, cumulative lines over several) and,
per rule set, each player's rating game by game, drawn as inline SVG
(``replay/export/charts.py``). No script, font or style sheet is fetched from anywhere:
the file opens the same on a laptop at the club with no connection. Every name is
escaped: user text is data, never markup.

A single game's step-through replay page is another feature (``replay/page/``);
``export GAME --format html`` asks ``cli.histories.single_game_page`` for it and falls
back to this report of one game while it does not exist.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from html import escape
from typing import IO, Any

from tablelog.replay.export.charts import ratings_chart, wins_chart
from tablelog.replay.stats import stats_data
from tablelog.replay.summary import GameResult

__all__ = ["report", "write_report"]

STYLE = """
body { font-family: system-ui, sans-serif; margin: 2rem; color: #222; }
table { border-collapse: collapse; margin: 1rem 0; }
th, td { border: 1px solid #ccc; padding: 0.25rem 0.6rem; text-align: left; }
th { background: #f3f3f3; }
td.num { text-align: right; }
svg text { font-size: 12px; fill: #333; }
svg.chart { max-width: 100%; height: auto; }
h2 { margin-top: 2rem; }
.note { color: #555; font-size: 0.9rem; }
"""


def _e(value: Any) -> str:
    return escape(str(value), quote=True)


def _rows(cells: Sequence[Any], tag: str = "td") -> str:
    return "<tr>" + "".join(f"<{tag}>{_e(c)}</{tag}>" for c in cells) + "</tr>"


def _table(caption: str, head: Sequence[str], rows: Iterable[Sequence[Any]], cls: str) -> str:
    body = "\n".join(_rows(r) for r in rows)
    return (
        f'<table class="{cls}"><caption>{_e(caption)}</caption>'
        f"<thead>{_rows(head, 'th')}</thead><tbody>{body}</tbody></table>"
    )


def _results_table(results: Sequence[GameResult]) -> str:
    rows = [
        (
            r.game, r.created[:10], r.rules, ", ".join(r.data["players"]),
            " & ".join(r.data["winners"]) if r.data["over"] else "(running)",
            "; ".join(f"{s}: {v}" for s, v in r.data["scores"].items()),
        )
        for r in results
    ]  # fmt: skip
    head = ("game", "date", "rules", "players", "winners", "scores")
    return _table("Results", head, rows, "results")


def _rating(row: Mapping[str, Any]) -> str:
    return "—" if row.get("rating") is None else f"{row['rating']:.1f} ± {row['uncertainty']:.1f}"


def _standings(stats: Mapping[str, Any]) -> str:
    parts = []
    head = ("player", "games", "finished", "wins", "points", "average", "rating")
    pairs = ("partnership", *head[1:-1])
    for rules, data in stats["rules"].items():
        rated: list[tuple[Any, ...]] = [
            (p["name"], p["games"], p["finished"], p["wins"], p["points"], p["average"],
             _rating(p))
            for p in data["players"]
        ]  # fmt: skip
        parts.append(_table(f"Standings · {rules}", head, rated, "standings"))
        if data["partnerships"]:
            rows = [
                (p["name"], p["games"], p["finished"], p["wins"], p["points"], p["average"])
                for p in data["partnerships"]
            ]
            parts.append(_table(f"Partnerships · {rules}", pairs, rows, "partnerships"))
    return "\n".join(parts)


def _ratings(stats: Mapping[str, Any]) -> str:
    """Per rule set with rated games, the chart of each player's rating game by game."""
    parts = []
    for rules, data in stats["rules"].items():
        if data["ratings"]:
            parts.append(f"<h3>{_e(rules)}</h3>")
            parts.append(ratings_chart(rules, data["ratings"]))
    if not parts:
        return '<p class="note">No finished game yet: nobody is rated.</p>'
    note = (
        '<p class="note">OpenSkill (Plackett–Luce) ratings: larger is stronger; a newcomer'
        " starts at 25 with an uncertainty of 8.3, which shrinks with every game.</p>"
    )
    return "\n".join([note, *parts])


def report(results: Iterable[GameResult], title: str = "Match report") -> str:
    """The whole report as one HTML document."""
    games = list(results)
    days = sorted({r.created[:10] for r in games})
    span = (f"{days[0]} to {days[-1]}" if len(days) > 1 else days[0]) if days else "no games"
    stats = stats_data(games)
    heading = "Wins on the evening" if len(days) == 1 else "Wins over the evenings"
    return "\n".join(
        [
            "<!DOCTYPE html>",
            '<html lang="en"><head><meta charset="utf-8">',
            '<meta name="viewport" content="width=device-width, initial-scale=1">',
            f"<title>{_e(title)}</title><style>{STYLE}</style></head><body>",
            f"<h1>{_e(title)}</h1>",
            f'<p class="summary">{len(games)} game(s), {_e(span)}.</p>',
            f"<h2>{heading}</h2>",
            wins_chart(games),
            "<h2>Standings</h2>",
            _standings(stats),
            "<h2>Ratings over the season</h2>",
            _ratings(stats),
            "<h2>Games</h2>",
            _results_table(games),
            "</body></html>",
        ]
    )


def write_report(results: Iterable[GameResult], out: IO[str]) -> int:
    """Write the report; returns how many games it covers."""
    games = list(results)
    out.write(report(games))
    out.write("\n")
    return len(games)
