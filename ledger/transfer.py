"""Moving games between ledgers (SQLite to PostgreSQL and back), byte for byte.

A game is copied as it is stored: its uid, header, creation time and every event with its
recorded time, so its hashes and its head are the same in the target; the target recomputes
the chain as it imports and refuses a game whose stored hashes do not check out. Only the
log moves (``EventStore``): the summaries are derived data, computed there when first read.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from tablelog.ledger.contract import EventStore
from tablelog.ledger.records import GameRecord, GameSummary, NewEvent

__all__ = ["already_there", "copy_games"]


def already_there(
    games: Sequence[GameSummary], target: EventStore
) -> list[tuple[GameSummary, int]]:
    """The games of ``games`` whose uid the target already holds, each with its id there."""
    held = {s.record.uid: s.record.id for s in target.games()}
    return [(s, held[s.record.uid]) for s in games if s.record.uid in held]


def copy_games(
    source: EventStore,
    target: EventStore,
    games: Sequence[GameSummary],
    done: Callable[[GameSummary], None] = lambda _: None,
) -> list[GameRecord]:
    """Copy ``games`` of ``source`` into ``target`` in one transaction: all, or none.

    ``done`` is called after each game (a progress bar).
    """
    copied = []
    with target.batch():
        for summary in games:
            game = summary.record
            stored = source.events(game.id)
            events = (
                NewEvent(e.event_id, e.type, e.type_version, e.actor, e.payload, e.recorded_at)
                for e in stored
            )
            copied.append(
                target.import_game(
                    game.rules,
                    game.rules_version,
                    game.header,
                    events,
                    uid=game.uid,
                    created=game.created,
                    hashes=[e.hash for e in stored],
                )
            )
            done(summary)
    return copied
