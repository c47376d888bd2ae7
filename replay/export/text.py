"""A readable transcript of each game, the kind of record a club prints.

Per game: a heading (rule set, players, options, date), every event of the log with its
number, who made it and its notation, what the player said and what it made happen (a
trick won, a sweep), corrections marked (an undone event says which undo took it back),
notes as they were written, and the result.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from typing import IO

from tablelog.replay.export import EventRow, History

__all__ = ["transcript", "write_text"]


def transcript(history: History) -> Iterator[str]:
    """The lines of one game's transcript."""
    game, data = history.game, history.summary
    title = f"Game {game.id} · {game.rules.title} · {game.record.created[:16].replace('T', ' ')}"
    yield title
    yield "=" * len(title)
    yield f"Players (in seat order): {', '.join(game.header.players)}"
    dealer = game.header.players[game.header.dealer]
    dealt = "seeded dealer" if game.seeded else "physical game"  # the seed is every card
    yield f"First dealer: {dealer} ({dealt})"
    if data["options"]:
        yield "Options: " + ", ".join(f"{k}={v}" for k, v in data["options"].items())
    yield ""
    for row in history.events:
        yield _line(row)
    yield ""
    yield from _result(history)
    yield f"Head hash: {game.head_at()} ({data['events']} events)"


def _line(row: EventRow) -> str:
    who = row.actor or "table"
    text = f"{row.seq:>4}  {who:<10} {row.notation}"
    if not row.says and not row.news and row.undone_by is None and row.kind != "undo":
        return text  # most events: nothing said, nothing made to happen, none taken back
    extras = [f"“{row.says}”"] if row.says else []
    extras.extend(row.news)
    if row.kind == "undo":
        extras.append("correction")
    if row.undone_by is not None:
        extras.append(f"taken back by event {row.undone_by}")
    return f"{text}  — {'; '.join(extras)}" if extras else text


def _result(history: History) -> Iterator[str]:
    data = history.summary
    if not data["over"]:
        yield "Result: the game is not finished."
        return
    yield f"Result: won by {' & '.join(data['winners']) or 'nobody'}"
    for place, names in enumerate(data["ranking"], 1):
        yield f"  {place}. {' & '.join(names)}"
    if data["scores"]:
        yield "Scores: " + ", ".join(f"{side} {score}" for side, score in data["scores"].items())
    for figure, by_side in data["figures"].items():
        yield f"{figure.capitalize()}: " + ", ".join(f"{s} {v}" for s, v in by_side.items())


def write_text(games: Iterable[History], out: IO[str]) -> int:
    """Every game's transcript, a blank line between games; returns how many."""
    count = 0
    for history in games:
        if count:
            out.write("\n\n")
        out.write("\n".join(transcript(history)))  # one write a game
        out.write("\n")
        count += 1
    return count
