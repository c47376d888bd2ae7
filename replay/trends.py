"""Trends over a club's history, per rule set: win rates over time, head to head, seats.

All three read the finished games that ratings count (``ratings.counted``: not altered,
not a variation) in the order they were played:

- **trend**: per player, per date played, the games and wins of that date and the win
  rate so far (cumulative), so one evening and a season read alike;
- **head to head**: for two players who met as opponents (not partners) in a game, how
  often each finished ahead of the other, and how often they shared a place;
- **seats**: per number of players, per seat (1 = the first player named, who leads or
  is dealt to first as the game's rules say), the games and wins there beside the seat's
  fair share (the winners per player of those games: 1/4 in a game of four with one
  winner, 1/2 where partners win together): a seat that wins far more often than its
  fair share is an advantage worth a rules designer's look.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from tablelog.replay.ratings import counted, teams
from tablelog.replay.summary import GameResult

__all__ = ["trends"]


def trends(results: Iterable[GameResult]) -> dict[str, dict[str, Any]]:
    """Per rule set: ``trend``, ``head_to_head`` and ``seats`` as plain data."""
    chosen = sorted((r for r in results if counted(r)), key=lambda r: (r.created, r.game))
    out: dict[str, dict[str, Any]] = {}
    for rules in sorted({r.rules for r in chosen}):
        games = [r for r in chosen if r.rules == rules]
        out[rules] = {
            "trend": _trend(games),
            "head_to_head": _head_to_head(games),
            "seats": _seats(games),
        }
    return out


def _trend(games: list[GameResult]) -> dict[str, list[dict[str, Any]]]:
    per: dict[str, dict[str, list[int]]] = {}
    for r in games:
        day = r.created[:10]
        winners = set(r.data["winners"])
        for name in r.data["players"]:
            cell = per.setdefault(name, {}).setdefault(day, [0, 0])
            cell[0] += 1
            cell[1] += name in winners
    out: dict[str, list[dict[str, Any]]] = {}
    for name, days in sorted(per.items()):
        played = won = 0
        rows = []
        for day, (n, w) in sorted(days.items()):
            played, won = played + n, won + w
            rows.append(
                {"date": day, "games": n, "wins": w, "win_rate_so_far": round(won / played, 4)}
            )
        out[name] = rows
    return out


def _head_to_head(games: list[GameResult]) -> list[dict[str, Any]]:
    table: dict[tuple[str, str], list[int]] = {}
    for r in games:
        line = teams(r.data)
        for i, (side_a, rank_a) in enumerate(line):
            for side_b, rank_b in line[i + 1 :]:
                for a in side_a:
                    for b in side_b:
                        first, second, ra, rb = (a, b, rank_a, rank_b) if a < b else (
                            b, a, rank_b, rank_a)  # fmt: skip
                        cell = table.setdefault((first, second), [0, 0, 0, 0])
                        cell[0] += 1
                        cell[1 if ra < rb else 2 if rb < ra else 3] += 1
    return [
        {"player": a, "opponent": b, "games": n, "ahead": ahead, "behind": behind, "level": level}
        for (a, b), (n, ahead, behind, level) in sorted(table.items())
    ]


def _seats(games: list[GameResult]) -> list[dict[str, Any]]:
    table: dict[tuple[int, int], list[float]] = {}
    for r in games:
        players = r.data["players"]
        winners = set(r.data["winners"])
        for seat, name in enumerate(players, start=1):
            cell = table.setdefault((len(players), seat), [0, 0, 0.0])
            cell[0] += 1
            cell[1] += name in winners
            cell[2] += len(winners) / len(players)
    return [
        {
            "players": n,
            "seat": seat,
            "games": int(g),
            "wins": int(w),
            "win_rate": round(w / g, 4),
            "fair_share": round(fair / g, 4),
        }
        for (n, seat), (g, w, fair) in sorted(table.items())
    ]
