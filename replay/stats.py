"""Statistics per player and per partnership, from the results summaries (no fold).

Points mean different things in different games (deals won in Karnöffel, card points in
Nørdekasino), so points, averages and figures are kept per rule set; games and wins are
also totalled over every rule set. A player's points in a game are the score of the side
they played on (a partnership's two players both get it); a player wins a game when they
are in its first place. Figures are the rule set's own (``RuleSet.figures``: tricks,
sweeps) credited to every player of the side; ``moves`` counts the moves each player
made by kind (``adams`` for Nørdekasino's Adams clears, ``capture``, ``build``...), from
the effective events of the log.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from fractions import Fraction
from typing import Any

import attrs

from tablelog.replay.summary import GameResult, number_text

__all__ = ["Tally", "stats", "stats_data"]


@attrs.define
class Tally:
    """Games, wins and points of one player or partnership in one rule set."""

    games: int = 0
    finished: int = 0
    wins: int = 0
    points: Fraction = Fraction(0)
    figures: dict[str, Fraction] = attrs.Factory(dict)
    moves: dict[str, int] = attrs.Factory(dict)

    def add(self, over: bool, won: bool, points: Fraction | None) -> None:
        """Count one game."""
        self.games += 1
        if over:
            self.finished += 1
            self.wins += won
            if points is not None:
                self.points += points

    def bump(self, figure: str, value: int | str | Fraction) -> None:
        """Add ``value`` to one figure."""
        self.figures[figure] = self.figures.get(figure, Fraction(0)) + Fraction(value)

    def as_dict(self, name: str) -> dict[str, Any]:
        """The tally as plain data (exact points as text or int, averages as floats)."""
        average = self.points / self.finished if self.finished else Fraction(0)
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
        points = Fraction(data["scores"][side]) if side is not None else None
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
        tally.add(over, all(p in winners for p in players), Fraction(data["scores"][side]))
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
    per_rules = stats(results)
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
        "rules": {
            name: {
                "games": rs.games,
                "players": _order(rs.players),
                "partnerships": _order(rs.partnerships),
            }
            for name, rs in sorted(per_rules.items())
        },
    }
