"""``stats``: standings per player and partnership, ratings, head to head, seats, trends.

Drawn from ``replay.stats.stats_data`` (the same data ``--json`` prints). Variations
(forks) are left out unless ``--variations`` asks for them: a "what if" is not a game
anybody played to the end.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import click

from tablelog.cli import render
from tablelog.cli.errors import friendly
from tablelog.cli.selection import JSON, VARIATIONS, filter_options, filters, keeper, reading_ledger

__all__ = ["print_stats", "stats"]

TREND_DATES = 8
"""The text table shows the trend of the last this many dates (``--json`` has them all)."""


@click.command()
@filter_options
@VARIATIONS
@JSON
@click.pass_context
def stats(
    ctx: click.Context,
    rules: str | None,
    player: str | None,
    since: str | None,
    variations: bool,
    as_json: bool,
) -> None:
    """Games, wins, points and averages per player and partnership, with each game's own
    figures (tricks, sweeps, Adams clears...), ratings (OpenSkill: larger is stronger,
    ± its uncertainty), head to head, seat advantage and the win rate over time."""
    from tablelog.replay.stats import stats_data
    from tablelog.replay.summary import results

    with friendly(), reading_ledger(ctx) as ledger:
        chosen = filters(rules, player, since, variations=variations)
        data = stats_data(results(ledger, chosen, keeper(ctx, ledger)), player)
    if as_json:
        render.emit_json(data)
        return
    print_stats(data, player)


def print_stats(data: dict[str, Any], player: str | None) -> None:
    """``stats`` for people: the overall table, then per rule set its tables."""
    out = render.console()
    if not data["games"]:
        out.print("no games match")
        return
    overall = render.new_table(title=f"All games ({data['games']})")
    for column in ("player", "games", "finished", "wins", "win rate"):
        overall.add_column(column)
    for p in data["players"]:
        overall.add_row(render.escape(p["name"]), str(p["games"]), str(p["finished"]),
                        str(p["wins"]), _rate(p["win_rate"]))  # fmt: skip
    out.print(overall)
    for rules, section in data["rules"].items():
        for key in ("players", "partnerships"):
            if section[key]:
                title = f"{rules} · {key} ({section['games']} games)"
                out.print(_tally_table(title, section[key], ratings=key == "players"))
        if section["ratings"]:
            out.print(_ratings_table(rules, section))
        if section["head_to_head"]:
            out.print(_head_to_head_table(rules, section["head_to_head"]))
        if section["seats"]:
            out.print(_seats_table(rules, section["seats"]))
        trend = _trend_table(rules, section["trend"])
        if trend is not None:
            out.print(trend)
        if any(p["moves"] for p in section["players"]):
            out.print(_moves_table(f"{rules} · moves by kind", section["players"]))


def _rate(value: float | None) -> str:
    return "—" if value is None else f"{value:.0%}"


def _rating(row: dict[str, Any]) -> str:
    if row.get("rating") is None:
        return "—"
    return f"{row['rating']:.1f} ± {row['uncertainty']:.1f}"


def _tally_table(title: str, rows: Sequence[dict[str, Any]], ratings: bool) -> Any:
    figures = sorted({f for r in rows for f in r["figures"]})
    table = render.new_table(title=title)
    table.add_column("name")
    for column in ("games", "wins", "points", "average", *figures):
        table.add_column(column, justify="right")
    if ratings:
        table.add_column("rating", justify="right")
    for r in rows:
        cells = [
            render.escape(r["name"]), str(r["games"]), str(r["wins"]), str(r["points"]),
            f"{r['average']:g}", *(str(r["figures"].get(f, 0)) for f in figures),
        ]  # fmt: skip
        table.add_row(*cells, *([_rating(r)] if ratings else []))
    return table


def _ratings_table(rules: str, section: dict[str, Any]) -> Any:
    table = render.new_table(
        title=f"{rules} · ratings ({section['rated_games']} finished games, in the order played)"
    )
    for column in ("#", "player", "rating", "uncertainty", "games", "trend (last 5)"):
        table.add_column(column, justify="left" if column == "player" else "right")
    for place, row in enumerate(section["ratings"], start=1):
        last = [h["rating"] for h in row["history"][-5:]]
        table.add_row(
            str(place), render.escape(row["name"]), f"{row['rating']:.1f}",
            f"± {row['uncertainty']:.1f}", str(row["rated_games"]),
            " → ".join(f"{v:.1f}" for v in last),
        )  # fmt: skip
    return table


def _head_to_head_table(rules: str, rows: Sequence[dict[str, Any]]) -> Any:
    """A grid: the row player's finishes ahead–behind the column player (level aside)."""
    names = sorted({r["player"] for r in rows} | {r["opponent"] for r in rows})
    cell: dict[tuple[str, str], str] = {}
    for r in rows:
        level = f" ={r['level']}" if r["level"] else ""
        cell[r["player"], r["opponent"]] = f"{r['ahead']}–{r['behind']}{level}"
        cell[r["opponent"], r["player"]] = f"{r['behind']}–{r['ahead']}{level}"
    table = render.new_table(title=f"{rules} · head to head (row ahead–behind column)")
    table.add_column("")
    for name in names:
        table.add_column(render.escape(name), justify="center")
    for a in names:
        table.add_row(render.escape(a), *("·" if a == b else cell.get((a, b), "") for b in names))
    return table


def _seats_table(rules: str, rows: Sequence[dict[str, Any]]) -> Any:
    table = render.new_table(title=f"{rules} · seats (1 = the first player named)")
    for column in ("players", "seat", "games", "wins", "win rate", "fair share"):
        table.add_column(column, justify="right")
    for r in rows:
        table.add_row(str(r["players"]), str(r["seat"]), str(r["games"]), str(r["wins"]),
                      _rate(r["win_rate"]), _rate(r["fair_share"]))  # fmt: skip
    return table


def _trend_table(rules: str, trend: dict[str, list[dict[str, Any]]]) -> Any:
    """Wins/games per date and the win rate so far, for the last few dates; ``None``
    when every game was on one date (the standings say it all then)."""
    dates = sorted({row["date"] for rows in trend.values() for row in rows})
    if len(dates) < 2:
        return None
    shown = dates[-TREND_DATES:]
    table = render.new_table(title=f"{rules} · wins/games by date (win rate so far)")
    table.add_column("player")
    for day in shown:
        table.add_column(day, justify="right")
    for name, rows in trend.items():
        by_date = {row["date"]: row for row in rows}
        table.add_row(render.escape(name), *(_trend_cell(by_date.get(day)) for day in shown))
    return table


def _trend_cell(row: dict[str, Any] | None) -> str:
    if row is None:
        return ""
    return f"{row['wins']}/{row['games']} ({row['win_rate_so_far']:.0%})"


def _moves_table(title: str, rows: Sequence[dict[str, Any]]) -> Any:
    """Moves by kind (rows) per player (columns): narrow however many kinds a game has."""
    kinds = sorted({k for r in rows for k in r["moves"]})
    table = render.new_table(title=title)
    table.add_column("kind")
    for r in rows:
        table.add_column(render.escape(r["name"]), justify="right")
    for kind in kinds:
        table.add_row(kind, *(str(r["moves"].get(kind, 0)) for r in rows))
    return table
