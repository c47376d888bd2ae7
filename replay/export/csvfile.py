"""CSV for spreadsheets and pandas: one row per game, with ``--events`` one per event, and
with ``--players`` one per player per game (the tidy, long form).

UTF-8 with a header row. Scores are written twice: exactly, as text (``25/2``), and as a
decimal (``12.5``) a spreadsheet can sum. Lists (players, winners, scores by side) are
joined with ``; `` and options are ``key=value`` pairs, so every cell is plain text.
Booleans are ``true`` / ``false`` (pandas reads them as ``bool``).

The long form has one observation per row and one variable per column, as a data frame
wants it: ``game, uid, date, rules, player, seat, partnership, place, score,
score_decimal, won, over``; ``seat`` counts from 1 in turn order, ``partnership`` is the
side's label where partners share a score (empty for a player on their own), ``place`` is
1 for the winners (empty while the game runs), and ``score`` the side's exact score.
"""

from __future__ import annotations

import csv
import json
from collections.abc import Callable, Iterable, Mapping, Sequence
from fractions import Fraction
from typing import IO, Any

from tablelog.replay.export import History, said
from tablelog.replay.summary import GameResult

__all__ = [
    "EVENT_COLUMNS",
    "GAME_COLUMNS",
    "PLAYER_COLUMNS",
    "decimal",
    "write_events",
    "write_games",
    "write_players",
]

GAME_COLUMNS = (
    "game", "uid", "rules", "created", "players", "options", "events", "over", "outcome",
    "winners", "scores", "scores_decimal", "head",
)  # fmt: skip
PLAYER_COLUMNS = (
    "game", "uid", "date", "rules", "player", "seat", "partnership", "place", "score",
    "score_decimal", "won", "over",
)  # fmt: skip
EVENT_COLUMNS = (
    "game", "seq", "actor", "type", "notation", "announcement", "effective", "undone_by",
    "recorded_at", "hash",
)  # fmt: skip


def boolean(value: bool) -> str:
    """A boolean as a CSV cell: ``true`` or ``false``."""
    return "true" if value else "false"


def decimal(value: int | str) -> str:
    """A stored score as a decimal (``"25/2"`` → ``12.5``; a third to 6 places)."""
    if type(value) is int:  # most scores: a whole number is its own decimal
        return str(value)
    exact = Fraction(value)
    if exact.denominator == 1:
        return str(exact.numerator)
    return f"{float(exact):.6f}".rstrip("0").rstrip(".")


def _joined(scores: Mapping[str, Any], show: Any) -> str:
    return "; ".join(f"{side}: {show(value)}" for side, value in scores.items())


def game_row(result: GameResult) -> dict[str, Any]:
    """One game as a CSV row (from its summary: no fold)."""
    data = result.data
    ranking = data["ranking"]
    outcome = " > ".join(" & ".join(place) for place in ranking) if data["over"] else "running"
    return {
        "game": result.game,
        "uid": result.uid,
        "rules": result.rules,
        "created": result.created,
        "players": "; ".join(data["players"]),
        "options": "; ".join(f"{k}={json.dumps(v)}" for k, v in sorted(data["options"].items())),
        "events": data["events"],
        "over": boolean(data["over"]),
        "outcome": outcome,
        "winners": "; ".join(data["winners"]),
        "scores": _joined(data["scores"], str),
        "scores_decimal": _joined(data["scores"], decimal),
        "head": result.head.hex()[:10],
    }


def write_games(results: Iterable[GameResult], out: IO[str]) -> int:
    """One row per game; returns how many."""
    return _write(GAME_COLUMNS, lambda result: [game_row(result)], results, out)


def _write(
    columns: Sequence[str],
    rows_of: Callable[[GameResult], Iterable[dict[str, Any]]],
    results: Iterable[GameResult],
    out: IO[str],
) -> int:
    """The header, then each game's rows; returns how many games."""
    writer = csv.DictWriter(out, columns)
    writer.writeheader()
    count = 0
    for result in results:
        writer.writerows(rows_of(result))
        count += 1
    return count


def player_rows(result: GameResult) -> Iterable[dict[str, Any]]:
    """One game as long rows, one per player in seat order."""
    data = result.data
    place_of = {name: i + 1 for i, place in enumerate(data["ranking"]) for name in place}
    side_of = {name: side for side, names in data["sides"].items() for name in names}
    winners = set(data["winners"])
    for seat, name in enumerate(data["players"], start=1):
        side = side_of.get(name)
        shared = side is not None and len(data["sides"][side]) > 1
        score = data["scores"].get(side) if side is not None else None
        yield {
            "game": result.game,
            "uid": result.uid,
            "date": result.created[:10],
            "rules": result.rules,
            "player": name,
            "seat": seat,
            "partnership": side if shared else "",
            "place": place_of.get(name, ""),
            "score": "" if score is None else score,
            "score_decimal": "" if score is None else decimal(score),
            "won": boolean(name in winners),
            "over": boolean(data["over"]),
        }


def write_players(results: Iterable[GameResult], out: IO[str]) -> int:
    """One row per player per game (the long form); returns how many games."""
    return _write(PLAYER_COLUMNS, player_rows, results, out)


def write_events(games: Iterable[History], out: IO[str]) -> int:
    """One row per event of every game (``EVENT_COLUMNS``, in that order); returns how many
    games."""
    writer = csv.writer(out)  # as ``csv.DictWriter`` writes them, without a dict a row
    writer.writerow(EVENT_COLUMNS)
    count = 0
    for history in games:
        count += 1
        game = history.id
        writer.writerows(
            (
                game,
                e.seq,
                e.actor or "",
                e.type,
                e.notation,
                said(e) if e.news else e.says,
                "true" if e.effective else "false",  # ``boolean``
                e.undone_by or "",
                e.recorded_at or "",
                e.hash,
            )
            for e in history.events
        )
    return count
