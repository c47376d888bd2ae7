"""Ratings per rule set: who is stronger, and how sure we are, from the finished games.

The model is OpenSkill's Plackett–Luce (the ``openskill`` package, a Weng–Lin Bayesian
rating made for many players, teams and ties): each player has a rating ``mu`` (larger is
stronger; a newcomer starts at 25) and an uncertainty ``sigma`` (a newcomer's is 25/3 and
it shrinks with every game counted). A game is one ranking of teams:

- a side of several players (Karnöffel's and Nørdekasino's partnerships) is one team,
  every other player a team of one (Speahx's finishing order, Vriddiot's ranking with its
  one loser, Narrespillet's places, Nørdekasino without partners);
- a team's rank is its place in the game's outcome, and teams sharing a place tie.

Games are counted in the order they were played (their creation time, then their id), so
the same games give the same numbers on every machine. Only finished games count, and a
game counts once: an unfinished or altered game, and a variation (a fork: a "what if"
replayed from a real game), are left out. Ratings are kept per rule set, since being
strong at Karnöffel says nothing of Narrespillet.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from typing import Any

import attrs

from tablelog.replay.summary import GameResult
from tablelog.rules.frozen import frozen

__all__ = [
    "MODEL",
    "History",
    "Lineup",
    "Rating",
    "RulesRatings",
    "counted",
    "lineups",
    "rate",
    "teams",
]

MODEL = "openskill PlackettLuce (mu 25, sigma 25/3)"
"""What the numbers are, as ``stats --json`` and the docs name it."""


@frozen
class Rating:
    """A player's rating after some games: ``mu`` (larger is stronger) and ``sigma``."""

    mu: float
    sigma: float
    games: int

    def as_dict(self) -> dict[str, Any]:
        """For ``stats --json``: ``rating``, ``uncertainty`` and the games counted."""
        return {
            "rating": round(self.mu, 3),
            "uncertainty": round(self.sigma, 3),
            "rated_games": self.games,
        }


@frozen
class History:
    """One point of a player's rating over time: after game ``game`` of ``date``, the
    ``n``-th game of its rule set counted (1 = the first)."""

    n: int
    game: int
    date: str
    mu: float
    sigma: float


@attrs.define
class RulesRatings:
    """The ratings of one rule set: now, and after each game a player played."""

    current: dict[str, Rating] = attrs.Factory(dict)
    history: dict[str, list[History]] = attrs.Factory(dict)
    games: int = 0


Lineup = tuple[GameResult, list[tuple[list[str], int]]]
"""A counted game with its teams and their ranks."""


def counted(result: GameResult) -> bool:
    """Whether a game counts for ratings: finished, ranked, not altered, not a variation."""
    data = result.data
    return (
        bool(data["over"])
        and not data.get("altered")
        and data.get("variation_of") is None
        and len(teams(data)) >= 2
    )


def lineups(results: Iterable[GameResult]) -> list[Lineup]:
    """The counted games in the order they were played, each with its teams (computed once
    for the ratings and the trends alike)."""
    out = []
    for result in sorted(results, key=lambda r: (r.created, r.game)):
        data = result.data
        if not data["over"] or data.get("altered") or data.get("variation_of") is not None:
            continue
        line = teams(data)
        if len(line) >= 2:
            out.append((result, line))
    return out


def teams(data: Mapping[str, Any]) -> list[tuple[list[str], int]]:
    """A game's teams with their ranks (1 = first; sharing a place is a tie)."""
    place_of = {name: i + 1 for i, place in enumerate(data["ranking"]) for name in place}
    last = len(data["ranking"]) + 1
    sides: Sequence[Sequence[str]] = list(data["sides"].values())
    if not any(len(side) > 1 for side in sides):
        sides = [[name] for name in data["players"]]
    return [(list(side), min(place_of.get(name, last) for name in side)) for side in sides if side]


def rate(counted: Iterable[Lineup]) -> dict[str, RulesRatings]:
    """Ratings per rule set (by name) from the counted games (``lineups``), in the order
    they were played."""
    from openskill.models import PlackettLuce  # only `stats` and the report pay for it

    model = PlackettLuce()
    by_rules: dict[str, RulesRatings] = {}
    state: dict[tuple[str, str], Any] = {}
    for result, line in counted:
        rules = by_rules.setdefault(result.rules, RulesRatings())
        rules.games += 1
        before = [[_rating(model, state, result.rules, n) for n in side] for side, _ in line]
        after = model.rate(before, ranks=[rank for _, rank in line])
        for (side, _), new in zip(line, after, strict=True):
            for name, rating in zip(side, new, strict=True):
                state[result.rules, name] = rating
                games = rules.current[name].games + 1 if name in rules.current else 1
                rules.current[name] = Rating(rating.mu, rating.sigma, games)
                rules.history.setdefault(name, []).append(
                    History(rules.games, result.game, result.created[:10], rating.mu, rating.sigma)
                )
    return by_rules


def _rating(model: Any, state: dict[tuple[str, str], Any], rules: str, name: str) -> Any:
    found = state.get((rules, name))
    return found if found is not None else model.rating(name=name)
