"""The ledger's errors: ``LedgerError`` and a sentence a person can act on.

``LedgerError`` is what the ledger raises; each concrete error is also one of the
project's three kinds (``tablelog.errors``: ``Refusal``, ``InvalidInput``,
``StorageError``), which is what the CLI maps to an exit status. ``LedgerError`` itself is
never raised.
"""

from __future__ import annotations

import functools
import inspect
import sqlite3
from collections.abc import Callable, Iterator
from typing import Any, TypeVar

from tablelog.errors import InvalidInput, Refusal, StorageError, TablelogError

__all__ = [
    "AppendRefused",
    "BadAppend",
    "ChainBroken",
    "CodecError",
    "ConcurrencyConflict",
    "DuplicateGame",
    "EventIdTaken",
    "LedgerError",
    "StorageFault",
    "UnknownGame",
    "UnusableDatabase",
    "UpgradeRefused",
    "first_line",
    "sqlite_faults",
]

T = TypeVar("T")


def first_line(exc: BaseException) -> str:
    """The first line of an error's message (a server's error goes on with details)."""
    return str(exc).strip().splitlines()[0] if str(exc).strip() else type(exc).__name__


class LedgerError(TablelogError):
    """Root of every error the ledger raises; its message is a sentence for a person."""


class UnknownGame(LedgerError, InvalidInput, LookupError):
    """A game id or uid that the database does not hold."""

    def __init__(self, game: int | str, path: str) -> None:
        self.game = game
        self.path = path
        what = f"game {game}" if isinstance(game, int) else f"game with uid {game!r}"
        super().__init__(f"there is no {what} in {path}")


class ConcurrencyConflict(LedgerError, Refusal):
    """An append whose expected seq is not the game's next one: someone else wrote first."""

    def __init__(self, game: int, expected_seq: int, head_seq: int) -> None:
        self.game = game
        self.expected_seq = expected_seq
        self.head_seq = head_seq
        if head_seq >= expected_seq:
            message = (
                f"game {game} has moved on: someone else wrote event {expected_seq} first"
                f" (the game is now at event {head_seq}); look at the table again and retype"
                " the move if it still stands"
            )
        else:
            message = (
                f"game {game} is at event {head_seq}, so the next event is {head_seq + 1},"
                f" not {expected_seq}; look at the table again and retype the move"
            )
        super().__init__(message)


class DuplicateGame(LedgerError, Refusal):
    """A game whose uid is already in the database (typically: imported twice)."""

    def __init__(self, uid: str, existing: int) -> None:
        self.uid = uid
        self.existing = existing
        super().__init__(f"this game is already in the database as game {existing} (uid {uid})")


class EventIdTaken(LedgerError, Refusal):
    """An event id that another stored event already has: a retry whose first attempt
    wrote a different move, or an id reused. A refusal, like a concurrency conflict."""

    def __init__(self, event_id: str, game: int, seq: int) -> None:
        self.event_id = event_id
        self.game = game
        self.seq = seq
        super().__init__(
            f"event id {event_id} is already recorded as event {seq} of game {game};"
            " every event needs an id of its own"
        )


class ChainBroken(LedgerError, Refusal):
    """A hash chain that does not check out; ``seq`` is the first event that breaks it."""

    def __init__(self, seq: int, reason: str) -> None:
        self.seq = seq
        self.reason = reason
        super().__init__(reason)


class CodecError(LedgerError, InvalidInput):
    """A payload that cannot be encoded or decoded: unknown type, newer version, bad bytes."""


class AppendRefused(LedgerError, Refusal):
    """An append or import the stored events refuse: a retried append whose events differ
    from the ones stored under its ids, an imported game whose event ids are taken."""


class BadAppend(LedgerError, InvalidInput, ValueError):
    """An append that is not one: events numbered from below 1, two events with one id."""


class UnusableDatabase(LedgerError, InvalidInput):
    """A database this tablelog cannot use as it is: written by a newer schema, at a
    schema it cannot upgrade, one whose schema this user may not create or upgrade (its
    owner must open it once), or a PostgreSQL URL without psycopg installed."""


class UpgradeRefused(LedgerError, Refusal):
    """An upgrade that would change what was recorded (a game's head hash): nothing was
    changed."""


class StorageFault(LedgerError, StorageError):
    """The database file could not be read or written: read-only, full, locked, damaged,
    missing, or not a tablelog database. Nothing was written."""

    @classmethod
    def of(cls, exc: sqlite3.Error, path: str) -> StorageFault:
        """The fault behind an SQLite error, as a sentence that says what to do."""
        code = getattr(exc, "sqlite_errorname", "") or ""
        text = str(exc)
        low = text.lower()
        if "readonly" in code.lower() or "readonly" in low or "read-only" in low:
            why = (
                f"{path} is read-only, so nothing was written (check the permissions of the"
                " file and of its directory; reading commands still work)"
            )
        elif code == "SQLITE_FULL" or "full" in low:
            why = f"the disk holding {path} is full: nothing was written; free some space"
        elif code.startswith(("SQLITE_BUSY", "SQLITE_LOCKED")) or "locked" in low:
            why = (
                f"{path} is locked by another program (another tablelog writing, or a"
                " database browser holding it open); nothing was written; try again"
            )
        elif code == "SQLITE_NOTADB" or "not a database" in low:
            why = (
                f"{path} is not a tablelog database: it is not an SQLite file, or its first"
                " page is damaged; tablelog left it untouched (if it held your games, restore"
                " the last good export with `tablelog --db NEW.db import FILE`)"
            )
        elif code.startswith("SQLITE_CORRUPT") or "malformed" in low:
            why = (
                f"{path} is damaged ({text}): run `tablelog verify` on your games and"
                " restore the last good export with `tablelog --db NEW.db import FILE`"
            )
        elif code.startswith("SQLITE_IOERR") or "disk i/o" in low:
            why = (
                f"the disk refused to read or write {path} ({text}): it may be full,"
                " removed or failing; nothing was written"
            )
        elif code.startswith("SQLITE_CANTOPEN") or "unable to open" in low:
            why = f"cannot open {path}: {text}"
        else:
            why = f"{path} refused the operation: {text}"
        return cls(why)


_BUGS = (sqlite3.ProgrammingError, sqlite3.InterfaceError)
"""SQLite's errors that mean a bug in the caller (a closed connection), not the file."""


def sqlite_faults(cls: type[T]) -> type[T]:
    """Every public method of an SQLite store (a class with a ``path``) raises
    ``StorageFault`` for SQLite's errors about the file, an iterator it returns too: a
    damaged file met while reading is a sentence, like one met while writing. A misuse (a
    closed connection: ``ProgrammingError``) stays what it is, a bug."""
    for name, method in inspect.getmembers(cls, inspect.isfunction):  # inherited ones too
        if not name.startswith("_"):
            setattr(cls, name, _sqlite_faults(method))
    return cls


def _sqlite_faults(method: Callable[..., Any]) -> Callable[..., Any]:
    @functools.wraps(method)
    def translated(self: Any, *args: Any, **kwargs: Any) -> Any:
        try:
            result = method(self, *args, **kwargs)
        except _BUGS:
            raise
        except sqlite3.Error as exc:
            raise StorageFault.of(exc, self.path) from exc
        if inspect.isgenerator(result):
            return _sqlite_faults_of(result, self.path)
        return result

    return translated


def _sqlite_faults_of(items: Iterator[Any], path: str) -> Iterator[Any]:
    try:
        yield from items
    except _BUGS:
        raise
    except sqlite3.Error as exc:
        raise StorageFault.of(exc, path) from exc
