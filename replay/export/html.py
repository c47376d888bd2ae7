"""A match report for a set of games: one self-contained HTML file, no network needed.

It holds a results table (every game: date, rule set, players, winners, scores), the
standings per rule set (games, wins, points, average, from ``replay.stats``) and a chart
of each player's wins over the evenings (cumulative, one line per player), drawn as
inline SVG. No script, font or style sheet is fetched from anywhere: the file opens the
same on a laptop at the club with no connection. Every name is escaped: user text is
data, never markup.

A single game's step-through replay page is another feature (``replay/page/``);
``export GAME --format html`` asks ``cli.histories.single_game_page`` for it and falls
back to this report of one game while it does not exist.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from html import escape
from typing import IO, Any

from tablelog.replay.stats import stats_data
from tablelog.replay.summary import GameResult

__all__ = ["report", "write_report"]

PALETTE = (
    "#1f77b4", "#d62728", "#2ca02c", "#9467bd", "#ff7f0e", "#8c564b", "#e377c2", "#17becf",
    "#7f7f7f", "#bcbd22",
)  # fmt: skip
STYLE = """
body { font-family: system-ui, sans-serif; margin: 2rem; color: #222; }
table { border-collapse: collapse; margin: 1rem 0; }
th, td { border: 1px solid #ccc; padding: 0.25rem 0.6rem; text-align: left; }
th { background: #f3f3f3; }
td.num { text-align: right; }
svg text { font-size: 12px; }
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


def _standings(stats: Mapping[str, Any]) -> str:
    parts = []
    head = ("player", "games", "finished", "wins", "points", "average")
    pairs = ("partnership", *head[1:])
    for rules, data in stats["rules"].items():
        rows = [
            (p["name"], p["games"], p["finished"], p["wins"], p["points"], p["average"])
            for p in data["players"]
        ]
        parts.append(_table(f"Standings · {rules}", head, rows, "standings"))
        if data["partnerships"]:
            rows = [
                (p["name"], p["games"], p["finished"], p["wins"], p["points"], p["average"])
                for p in data["partnerships"]
            ]
            parts.append(_table(f"Partnerships · {rules}", pairs, rows, "partnerships"))
    return "\n".join(parts)


def wins_by_evening(results: Sequence[GameResult]) -> tuple[list[str], dict[str, list[int]]]:
    """The evenings (dates) in order and each player's cumulative wins after each."""
    evenings = sorted({r.created[:10] for r in results})
    index = {day: i for i, day in enumerate(evenings)}
    players = sorted({p for r in results for p in r.data["players"]})
    per_day = {p: [0] * len(evenings) for p in players}
    for r in results:
        for name in r.data["winners"]:
            per_day[name][index[r.created[:10]]] += 1
    cumulative = {}
    for p, counts in per_day.items():
        total, line = 0, []
        for n in counts:
            total += n
            line.append(total)
        cumulative[p] = line
    return evenings, cumulative


def bars(players: Mapping[str, int], day: str, width: int = 640) -> str:
    """An inline SVG bar chart of each player's wins on one evening (a line needs two)."""
    left, row = 110, 26
    height = 30 + row * len(players)
    most = max([1, *players.values()])
    parts = [
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" '
        f'role="img" aria-label="Wins per player on {_e(day)}">',
        f'<text x="4" y="16">Wins on {_e(day)}</text>',
    ]
    ranked = sorted(players.items(), key=lambda item: (-item[1], item[0]))
    for n, (player, wins) in enumerate(ranked):
        y = 26 + n * row
        length = (width - left - 60) * wins / most
        colour = PALETTE[sorted(players).index(player) % len(PALETTE)]
        parts.append(f'<text x="4" y="{y + 15}">{_e(player)}</text>')
        parts.append(
            f'<rect class="player" data-player="{_e(player)}" x="{left}" y="{y}" '
            f'width="{max(length, 2):.1f}" height="{row - 8}" fill="{colour}">'
            f"<title>{_e(player)}: {wins} win(s)</title></rect>"
        )
        parts.append(f'<text x="{left + max(length, 2) + 6:.1f}" y="{y + 15}">{wins}</text>')
    parts.append("</svg>")
    return "\n".join(parts)


def chart(results: Sequence[GameResult], width: int = 640, height: int = 300) -> str:
    """An inline SVG chart of the wins: bars per player for one evening, else a line per
    player of the wins so far, evening by evening (at most about twelve dates labelled)."""
    evenings, lines = wins_by_evening(results)
    if not evenings:
        return "<p>No games.</p>"
    if len(evenings) == 1:
        return bars({p: line[-1] for p, line in lines.items()}, evenings[0], width)
    left, right, top, bottom = 40, 150, 20, 40
    height = max(height, top + bottom + 14 * (len(lines) + 1))  # room for every name
    top_value = max([1, *(v for line in lines.values() for v in line)])
    step = (width - left - right) / max(len(evenings) - 1, 1)

    def point(i: int, v: int) -> str:
        y = top + (height - top - bottom) * (1 - v / top_value)
        return f"{left + i * step:.1f},{y:.1f}"

    parts = [
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" '
        f'role="img" aria-label="Wins per player over the evenings">',
        f'<line x1="{left}" y1="{height - bottom}" x2="{width - right}" y2="{height - bottom}"'
        ' stroke="#444"/>',
        f'<line x1="{left}" y1="{top}" x2="{left}" y2="{height - bottom}" stroke="#444"/>',
        f'<text x="4" y="{top + 4}">{top_value}</text>',
        f'<text x="4" y="{height - bottom}">0</text>',
    ]
    every = max(1, -(-len(evenings) // 12))  # label about twelve dates, the last always
    for i, day in enumerate(evenings):
        if i % every and i != len(evenings) - 1:
            continue
        x = left + i * step
        text = day[5:] if evenings[0][:4] == evenings[-1][:4] else day
        parts.append(
            f'<text x="{x:.1f}" y="{height - bottom + 16}" text-anchor="middle">{_e(text)}</text>'
        )
    for n, (player, line) in enumerate(sorted(lines.items())):
        colour = PALETTE[n % len(PALETTE)]
        points = " ".join(point(i, v) for i, v in enumerate(line))
        parts.append(
            f'<polyline class="player" data-player="{_e(player)}" fill="none" '
            f'stroke="{colour}" stroke-width="2" points="{points}"/>'
        )
        for i, v in enumerate(line):  # a dot per evening: one evening still shows
            cx, cy = point(i, v).split(",")
            if len(line) <= 60:  # a dot per evening while they do not crowd the line
                parts.append(
                    f'<circle cx="{cx}" cy="{cy}" r="3" fill="{colour}"><title>{_e(player)},'
                    f" {_e(evenings[i])}: {v} win(s) so far</title></circle>"
                )
        parts.append(
            f'<text x="{width - right + 8}" y="{top + 14 * (n + 1)}" fill="{colour}">'
            f"{_e(player)} ({line[-1]})</text>"
        )
    parts.append("</svg>")
    return "\n".join(parts)


def report(results: Iterable[GameResult], title: str = "Match report") -> str:
    """The whole report as one HTML document."""
    games = list(results)
    days = sorted({r.created[:10] for r in games})
    span = f"{days[0]} to {days[-1]}" if days else "no games"
    return "\n".join(
        [
            "<!DOCTYPE html>",
            '<html lang="en"><head><meta charset="utf-8">',
            f"<title>{_e(title)}</title><style>{STYLE}</style></head><body>",
            f"<h1>{_e(title)}</h1>",
            f'<p class="summary">{len(games)} game(s), {_e(span)}.</p>',
            "<h2>Wins over the evenings</h2>",
            chart(games),
            "<h2>Standings</h2>",
            _standings(stats_data(games)),
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
