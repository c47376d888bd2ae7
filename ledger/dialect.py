"""What the SQL of the two backends differs by: a ``Dialect`` of statements.

The append, import and reading logic is written once (``ledger.sqlstore``); a backend
hands it a ``Dialect``: the parameter marker (``?`` for sqlite3, ``%s`` for psycopg), how
an event row and a game row are selected (SQLite casts what an edit may have stored as
text back to bytes; PostgreSQL's ``bytea`` is bytes already) and how a stored row becomes
a ``StoredEvent`` (schema 2's compact envelope, or schema 1's plain columns).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import attrs

from tablelog.ledger.envelope import pack_id, stored_event
from tablelog.ledger.records import StoredEvent

__all__ = ["Dialect"]


@attrs.frozen
class Dialect:
    """The statements of one backend (and schema), built from its few differences."""

    mark: str
    """The driver's parameter marker."""
    select_events: str
    """``SELECT`` of an event row's columns, ``FROM events AS e`` (joined as it needs)."""
    game_columns: str
    """The columns of a game row, in ``GameRecord``'s order."""
    summaries: str
    """Every game with its event count and head (``GameRecord``'s columns, count, seq, hash)."""
    has_summaries: str
    """One row, not ``None`` nor ``(None,)``, if the ``summaries`` table exists."""
    row: Callable[[tuple[Any, ...]], StoredEvent] = stored_event
    """A selected event row as a ``StoredEvent``."""
    stored_id: Callable[[str], str | bytes] = pack_id
    """An event id as the ``event_id`` column holds it."""

    def _sql(self, text: str) -> str:
        return text.replace("?", self.mark)

    @property
    def head(self) -> str:
        """The seq and hash of a game's last event."""
        return self._sql("SELECT seq, hash FROM events WHERE game = ? ORDER BY seq DESC LIMIT 1")

    @property
    def genesis(self) -> str:
        """A game's genesis hash."""
        return self._sql("SELECT genesis FROM games WHERE id = ?")

    @property
    def game_by_id(self) -> str:
        """A game's row by its id."""
        return self._sql(f"SELECT {self.game_columns} FROM games WHERE id = ?")

    @property
    def game_by_uid(self) -> str:
        """A game's row by its uid."""
        return self._sql(f"SELECT {self.game_columns} FROM games WHERE uid = ?")

    @property
    def id_of_uid(self) -> str:
        """The id of the game with a uid."""
        return self._sql("SELECT id FROM games WHERE uid = ?")

    @property
    def where_event(self) -> str:
        """The game and seq of the event with an id."""
        return self._sql("SELECT game, seq FROM events WHERE event_id = ?")

    @property
    def event_by_id(self) -> str:
        """An event by its id."""
        return self._sql(f"{self.select_events} WHERE event_id = ?")

    def events(self, *, upto: bool) -> str:
        """A game's events after a seq (and up to one, if ``upto``), by seq."""
        until = " AND seq <= ?" if upto else ""
        return self._sql(f"{self.select_events} WHERE game = ? AND seq > ?{until} ORDER BY seq")

    @property
    def seqs_written(self) -> str:
        """A game's event numbers in the order they were written."""
        return self._sql("SELECT seq FROM events WHERE game = ? ORDER BY pos")

    @property
    def events_written(self) -> str:
        """A game's events in the order they were written."""
        return self._sql(f"{self.select_events} WHERE game = ? ORDER BY pos")
