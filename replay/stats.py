"""Statistics per player and per partnership, from the results summaries (no fold).

Points mean different things in different games (deals won in Karnöffel, card points in
Nørdekasino), so points, averages and figures are kept per rule set; games and wins are
also totalled over every rule set. A player's points in a game are the score of the side
they played on (a partnership's two players both get it); a player wins a game when they
are in its first place. Figures are the rule set's own (``RuleSet.figures``: tricks,
sweeps) credited to every player of the side; ``moves`` counts the moves each player
made by kind (``adams`` for Nørdekasino's Adams clears, ``capture``, ``build``...), from
the effective events of the log.

Beside the tallies, each rule set has its players' ratings (``replay.ratings``: OpenSkill's
Plackett–Luce, ``rating`` larger is stronger, with its ``uncertainty``), and the trends of
``replay.trends``: win rate over time, head to head, and seats. They are computed over the
games the filters choose, in the order they were played; variations (forks) are left out
by the caller unless asked for.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from fractions import Fraction
from typing import Any

import attrs

from tablelog.replay.ratings import MODEL, History, RulesRatings, lineups, rate
from tablelog.replay.summary import GameResult, number_text
from tablelog.replay.trends import trends

__all__ = ["Tally", "stats", "stats_data"]


@attrs.define
class Tally:
    """Games, wins and points of one player or partnership in one rule set."""

    games: int = 0
    finished: int = 0
    wins: int = 0
    points: int | Fraction = 0
    figures: dict[str, int | Fraction] = attrs.Factory(dict)
    moves: dict[str, int] = attrs.Factory(dict)

    def add(self, over: bool, won: bool, points: int | Fraction | None) -> None:
        """Count one game."""
        self.games += 1
        if over:
            self.finished += 1
            self.wins += won
            if points is not None:
                self.points += points

    def bump(self, figure: str, value: int | str | Fraction) -> None:
        """Add ``value`` to one figure."""
        self.figures[figure] = self.figures.get(figure, 0) + exact(value)

    def as_dict(self, name: str) -> dict[str, Any]:
        """The tally as plain data (exact points as text or int, averages as floats)."""
        average = Fraction(self.points) / self.finished if self.finished else Fraction(0)
        return {
            "name": name,
            "games": self.games,
            "finished": self.finished,
            "wins": self.wins,
            "win_rate": round(self.wins / self.finished, 4) if self.finished else None,
            "points": number_text(self.points),
            "average": round(float(average), 4),
            "figures": {k: number_text(v) for k, v in sorted(self.figures.items())},
            "moves": dict(sorted(self.moves.items())),
        }


@attrs.define
class RulesStats:
    """Tallies of one rule set: per player and per partnership."""

    games: int = 0
    players: dict[str, Tally] = attrs.Factory(dict)
    partnerships: dict[str, Tally] = attrs.Factory(dict)


def exact(value: int | str | Fraction) -> int | Fraction:
    """A score or figure as an exact number: an int stays an int (the common case, and
    cheap to add), a fraction's text (``"7/2"``) becomes a ``Fraction``."""
    return value if isinstance(value, int) else Fraction(value)


def stats(results: Iterable[GameResult]) -> dict[str, RulesStats]:
    """Tallies per rule set (by name) of the given games."""
    by_rules: dict[str, RulesStats] = {}
    for result in results:
        rs = by_rules.setdefault(result.rules, RulesStats())
        rs.games += 1
        _count_game(rs, result.data)
    return by_rules


def _count_game(rs: RulesStats, data: Mapping[str, Any]) -> None:
    over, winners = data["over"], set(data["winners"])
    side_of = {p: side for side, players in data["sides"].items() for p in players}
    for player in data["players"]:
        side = side_of.get(player)
        points = exact(data["scores"][side]) if side is not None else None
        tally = rs.players.setdefault(player, Tally())
        tally.add(over, player in winners, points)
        if side is not None:
            for figure, by_side in data["figures"].items():
                if side in by_side:
                    tally.bump(figure, by_side[side])
        for kind, n in data["moves"].get(player, {}).items():
            tally.moves[kind] = tally.moves.get(kind, 0) + n
    for side, players in data["sides"].items():
        if len(players) < 2:
            continue
        key = " & ".join(sorted(players))
        tally = rs.partnerships.setdefault(key, Tally())
        tally.add(over, all(p in winners for p in players), exact(data["scores"][side]))
        for figure, by_side in data["figures"].items():
            if side in by_side:
                tally.bump(figure, by_side[side])


def _only(rs: RulesStats, player: str) -> None:
    wanted = player.casefold()
    rs.players = {n: t for n, t in rs.players.items() if n.casefold() == wanted}
    rs.partnerships = {
        n: t
        for n, t in rs.partnerships.items()
        if any(p.casefold() == wanted for p in n.split(" & "))
    }


def _order(tallies: Mapping[str, Tally]) -> list[dict[str, Any]]:
    rows = [t.as_dict(name) for name, t in tallies.items()]
    return sorted(rows, key=lambda r: (-r["wins"], -r["average"], r["name"]))


def stats_data(results: Iterable[GameResult], player: str | None = None) -> dict[str, Any]:
    """``stats --json``: overall games and wins per player, then per rule set the players
    and partnerships with points, averages, figures and moves by kind, best first. With
    ``player``, only that player's rows and partnerships."""
    chosen = list(results)
    per_rules = stats(chosen)
    counted = lineups(chosen)
    ratings = rate(counted)
    trended = trends(chosen, counted)
    if player is not None:
        for rs in per_rules.values():
            _only(rs, player)
    overall: dict[str, Tally] = {}
    for rs in per_rules.values():
        for name, t in rs.players.items():
            total = overall.setdefault(name, Tally())
            total.games += t.games
            total.finished += t.finished
            total.wins += t.wins
    return {
        "games": sum(rs.games for rs in per_rules.values()),
        "players": [
            {k: v for k, v in row.items() if k in ("name", "games", "finished", "wins", "win_rate")}
            for row in _order(overall)
        ],
        "rating_model": MODEL,
        "rules": {
            name: {
                "games": rs.games,
                "rated_games": ratings[name].games if name in ratings else 0,
                "players": _rated(_order(rs.players), ratings.get(name)),
                "partnerships": _order(rs.partnerships),
                "ratings": _ratings(ratings.get(name), player),
                **_only_trends(trended.get(name), player),
            }
            for name, rs in sorted(per_rules.items())
        },
    }


def _rated(rows: list[dict[str, Any]], ratings: RulesRatings | None) -> list[dict[str, Any]]:
    """Each player's row with ``rating``, ``uncertainty`` and ``rated_games`` (``None`` and
    0 for a player with no finished game counted)."""
    for row in rows:
        found = ratings.current.get(row["name"]) if ratings is not None else None
        row.update(
            found.as_dict()
            if found is not None
            else {"rating": None, "uncertainty": None, "rated_games": 0}
        )
    return rows


def _ratings(ratings: RulesRatings | None, player: str | None) -> list[dict[str, Any]]:
    """The players by rating, strongest first, each with the rating after every game."""
    if ratings is None:
        return []
    rows = [
        {"name": name, **r.as_dict(), "history": [_point(h) for h in ratings.history[name]]}
        for name, r in ratings.current.items()
        if player is None or name.casefold() == player.casefold()
    ]
    return sorted(rows, key=lambda r: (-r["rating"], r["name"]))


def _point(h: History) -> dict[str, Any]:
    return {"n": h.n, "game": h.game, "date": h.date, "rating": round(h.mu, 3),
            "uncertainty": round(h.sigma, 3)}  # fmt: skip


def _only_trends(found: dict[str, Any] | None, player: str | None) -> dict[str, Any]:
    """The rule set's trends, narrowed to one player's rows when ``player`` is given."""
    if found is None:
        return {"trend": {}, "head_to_head": [], "seats": []}
    if player is None:
        return found
    wanted = player.casefold()
    return {
        "trend": {n: rows for n, rows in found["trend"].items() if n.casefold() == wanted},
        "head_to_head": [
            row
            for row in found["head_to_head"]
            if wanted in (row["player"].casefold(), row["opponent"].casefold())
        ],
        "seats": found["seats"],
    }
