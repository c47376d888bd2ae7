"""The match report's charts, drawn as inline SVG: no script, no font, no network.

- ``wins_chart``: wins per player. One date (an evening) is drawn as bars, one per player,
  wins beside games played; several dates as lines of cumulative wins, the dates thinned
  to a readable few on the axis, so an evening and a season both read at a glance.
- ``ratings_chart``: per rule set, each player's rating after every game they played,
  in the order played (``replay.ratings``), with the final rating at the line's end.

Every name is escaped: user text is data, never markup.
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from html import escape
from typing import Any

from tablelog.replay.summary import GameResult

__all__ = ["PALETTE", "bars", "lines", "ratings_chart", "wins_by_date", "wins_chart"]

PALETTE = (
    "#1f77b4", "#d62728", "#2ca02c", "#9467bd", "#ff7f0e", "#8c564b", "#e377c2", "#17becf",
    "#7f7f7f", "#bcbd22",
)  # fmt: skip
MAX_LABELS = 8
"""At most this many labels on a chart's horizontal axis."""


def _e(value: Any) -> str:
    return escape(str(value), quote=True)


def _ticks(low: float, high: float, count: int = 5, whole: bool = False) -> list[float]:
    """Round values for an axis (1, 2 or 5 times a power of 10) from the last at or below
    ``low`` to the first at or above ``high``."""
    span = max(high - low, 1e-9)
    raw = span / count
    power = 10 ** math.floor(math.log10(raw))
    step = next(m * power for m in (1, 2, 5, 10) if m * power >= raw)
    if whole:  # counts: whole steps only
        step = max(1, round(step))
    value = math.floor(low / step + 1e-9) * step
    out = [round(value, 6)]
    while out[-1] < high - step * 1e-6:  # the last tick at or above the highest value
        value += step
        out.append(round(value, 6))
    return out


def _label(value: float) -> str:
    return f"{value:g}"


def lines(
    series: Mapping[str, Sequence[tuple[float, float]]],
    x_labels: Mapping[float, str],
    caption: str,
    y_from_zero: bool = True,
    whole: bool = False,
    width: int = 720,
    height: int = 320,
) -> str:
    """A line chart: ``series`` maps a name to its (x, y) points; ``x_labels`` names some
    x values on the axis (thinned to ``MAX_LABELS``); ``whole`` keeps the vertical axis's
    steps whole (counts). The name and last value of each line stand in a legend."""
    points = [p for line in series.values() for p in line]
    if not points:
        return "<p>No games.</p>"
    left, right, top, bottom = 48, 170, 16, 40
    height = max(height, top + bottom + 16 * (len(series) + 1))
    xs = [x for x, _ in points]
    ys = [y for _, y in points]
    x0, x1 = min(xs), max(xs)
    low = 0.0 if y_from_zero else min(ys)
    high = max(ys) if max(ys) > low else low + 1
    ticks = _ticks(low, high, whole=whole)
    low, high = min(low, ticks[0]), max(high, ticks[-1])
    plot_w, plot_h = width - left - right, height - top - bottom

    def at(x: float, y: float) -> tuple[float, float]:
        px = left + (plot_w * (x - x0) / (x1 - x0) if x1 > x0 else plot_w / 2)
        return px, top + plot_h * (1 - (y - low) / (high - low))

    parts = [
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" '
        f'role="img" aria-label="{_e(caption)}" class="chart">'
    ]
    for tick in ticks:
        _, y = at(x0, tick)
        parts.append(
            f'<line x1="{left}" y1="{y:.1f}" x2="{left + plot_w}" y2="{y:.1f}" stroke="#e4e4e4"/>'
            f'<text x="{left - 6}" y="{y + 4:.1f}" text-anchor="end">{_label(tick)}</text>'
        )
    parts.append(
        f'<line x1="{left}" y1="{top + plot_h}" x2="{left + plot_w}" y2="{top + plot_h}"'
        ' stroke="#444"/>'
    )
    shown = sorted(x_labels)
    every = max(1, math.ceil(len(shown) / MAX_LABELS))
    for i, x in enumerate(shown):
        if i % every and i != len(shown) - 1:
            continue
        px, _ = at(x, low)
        parts.append(
            f'<text x="{px:.1f}" y="{top + plot_h + 18}" text-anchor="middle">'
            f"{_e(x_labels[x])}</text>"
        )
    order = sorted(series, key=lambda name: (-series[name][-1][1], name))
    for n, name in enumerate(order):
        colour = PALETTE[n % len(PALETTE)]
        line = series[name]
        coords = " ".join("{:.1f},{:.1f}".format(*at(x, y)) for x, y in line)
        parts.append(
            f'<polyline class="player" data-player="{_e(name)}" fill="none" stroke="{colour}"'
            f' stroke-width="2" points="{coords}"/>'
        )
        for x, y in line:
            cx, cy = at(x, y)
            parts.append(
                f'<circle cx="{cx:.1f}" cy="{cy:.1f}" r="3" fill="{colour}">'
                f"<title>{_e(name)}: {_label(round(y, 1))}</title></circle>"
            )
        parts.append(
            f'<text x="{left + plot_w + 10}" y="{top + 12 + 16 * n}" fill="{colour}">'
            f"{_e(name)} ({_label(round(line[-1][1], 1))})</text>"
        )
    parts.append("</svg>")
    return "\n".join(parts)


def bars(
    rows: Sequence[tuple[str, int, int]], caption: str, width: int = 720, row_h: int = 26
) -> str:
    """Horizontal bars, one per name: its wins (solid) within its games (pale), with
    ``wins of games`` written at the bar's end; the names best first."""
    if not rows:
        return "<p>No games.</p>"
    left, right, top = 120, 110, 8
    most = max(games for _, _, games in rows) or 1
    plot_w = width - left - right
    height = top * 2 + row_h * len(rows)
    parts = [
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" '
        f'role="img" aria-label="{_e(caption)}" class="chart bars">'
    ]
    for n, (name, wins, games) in enumerate(rows):
        y = top + n * row_h
        colour = PALETTE[n % len(PALETTE)]
        full, won = plot_w * games / most, plot_w * wins / most
        parts.append(
            f'<text x="{left - 8}" y="{y + row_h * 0.65:.1f}" text-anchor="end">{_e(name)}</text>'
            f'<rect x="{left}" y="{y + 4}" width="{full:.1f}" height="{row_h - 8}"'
            f' fill="{colour}" fill-opacity="0.18"/>'
            f'<rect class="wins" data-name="{_e(name)}" x="{left}" y="{y + 4}"'
            f' width="{won:.1f}" height="{row_h - 8}" fill="{colour}"/>'
            f'<text x="{left + full + 8:.1f}" y="{y + row_h * 0.65:.1f}">'
            f"{wins} of {games}</text>"
        )
    parts.append("</svg>")
    return "\n".join(parts)


def wins_by_date(results: Sequence[GameResult]) -> tuple[list[str], dict[str, list[int]]]:
    """The dates played in order and each player's cumulative wins after each."""
    dates = sorted({r.created[:10] for r in results})
    index = {day: i for i, day in enumerate(dates)}
    players = sorted({p for r in results for p in r.data["players"]})
    per_day = {p: [0] * len(dates) for p in players}
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
    return dates, cumulative


def wins_chart(results: Sequence[GameResult]) -> str:
    """Wins per player: bars for one date, cumulative lines over several."""
    dates, cumulative = wins_by_date(results)
    if not dates:
        return "<p>No games.</p>"
    if len(dates) == 1:
        games: dict[str, int] = {}
        for r in results:
            for name in r.data["players"]:
                games[name] = games.get(name, 0) + 1
        rows = sorted(
            ((name, line[-1], games[name]) for name, line in cumulative.items()),
            key=lambda row: (-row[1], -row[2], row[0]),
        )
        return bars(rows, f"Wins per player on {dates[0]}")
    series = {name: [(float(i), float(v)) for i, v in enumerate(line)]
              for name, line in cumulative.items()}  # fmt: skip
    labels = {float(i): day[5:] if day[:4] == dates[-1][:4] else day for i, day in
              enumerate(dates)}  # fmt: skip
    return lines(series, labels, "Wins so far per player, date by date", whole=True)


def ratings_chart(rules: str, ratings: Sequence[Mapping[str, Any]]) -> str:
    """Each player's rating after every game of ``rules`` they played, in the order the
    games were played (the x axis counts the rule set's rated games; the first game of each
    date is labelled with it)."""
    games = sorted({(h["n"], h["date"], h["game"]) for r in ratings for h in r["history"]})
    series = {
        r["name"]: [(float(h["n"]), float(h["rating"])) for h in r["history"]] for r in ratings
    }
    labels: dict[float, str] = {}
    previous = None
    for n, day, game in games:  # the first game of each date carries the date
        if day != previous:
            labels[float(n)] = f"{day[5:]} · game {game}"
        previous = day
    return lines(series, labels, f"{rules}: ratings game by game", y_from_zero=False)
