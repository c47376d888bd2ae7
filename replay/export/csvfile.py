"""CSV for spreadsheets and pandas: one row per game, or with ``--events`` one per event.

UTF-8 with a header row. Scores are written twice: exactly, as text (``25/2``), and as a
decimal (``12.5``) a spreadsheet can sum. Lists (players, winners, scores by side) are
joined with ``; `` and options are ``key=value`` pairs, so every cell is plain text.
"""

from __future__ import annotations

import csv
import json
from collections.abc import Iterable, Mapping
from fractions import Fraction
from typing import IO, Any

from tablelog.replay.export import History
from tablelog.replay.summary import GameResult

__all__ = ["EVENT_COLUMNS", "GAME_COLUMNS", "decimal", "write_events", "write_games"]

GAME_COLUMNS = (
    "game", "uid", "rules", "created", "players", "options", "events", "over", "outcome",
    "winners", "scores", "scores_decimal", "head",
)  # fmt: skip
EVENT_COLUMNS = (
    "game", "seq", "actor", "type", "notation", "announcement", "effective", "undone_by",
    "recorded_at", "hash",
)  # fmt: skip


def decimal(value: int | str) -> str:
    """A stored score as a decimal (``"25/2"`` → ``12.5``; a third to 6 places)."""
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
        "over": "yes" if data["over"] else "no",
        "outcome": outcome,
        "winners": "; ".join(data["winners"]),
        "scores": _joined(data["scores"], str),
        "scores_decimal": _joined(data["scores"], decimal),
        "head": result.head.hex()[:10],
    }


def write_games(results: Iterable[GameResult], out: IO[str]) -> int:
    """One row per game; returns how many."""
    writer = csv.DictWriter(out, GAME_COLUMNS)
    writer.writeheader()
    count = 0
    for result in results:
        writer.writerow(game_row(result))
        count += 1
    return count


def write_events(games: Iterable[History], out: IO[str]) -> int:
    """One row per event of every game; returns how many games."""
    writer = csv.DictWriter(out, EVENT_COLUMNS)
    writer.writeheader()
    count = 0
    for history in games:
        count += 1
        for e in history.events:
            writer.writerow(
                {
                    "game": history.id,
                    "seq": e.seq,
                    "actor": e.actor or "",
                    "type": e.type,
                    "notation": e.notation,
                    "announcement": "; ".join(x for x in (e.says, *e.news) if x),
                    "effective": "yes" if e.effective else "no",
                    "undone_by": e.undone_by or "",
                    "recorded_at": e.recorded_at or "",
                    "hash": e.hash,
                }
            )
    return count
