"""The ledger's errors: one root, ``LedgerError``, and a sentence a person can act on.

``ledger/`` never imports ``rules/``, so it has its own root; the CLI catches both
``LedgerError`` and ``rules.TablelogError`` and prints the message.
"""

from __future__ import annotations

import sqlite3

__all__ = [
    "ChainBroken",
    "CodecError",
    "ConcurrencyConflict",
    "DuplicateGame",
    "EventIdTaken",
    "LedgerError",
    "StorageFault",
    "UnknownGame",
]


class LedgerError(Exception):
    """Root of every error the ledger raises; its message is a sentence for a person."""


class UnknownGame(LedgerError, LookupError):
    """A game id or uid that the database does not hold."""

    def __init__(self, game: int | str, path: str) -> None:
        self.game = game
        self.path = path
        what = f"game {game}" if isinstance(game, int) else f"game with uid {game!r}"
        super().__init__(f"there is no {what} in {path}")


class ConcurrencyConflict(LedgerError):
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
                f" not {expected_seq}; replay it and try again"
            )
        super().__init__(message)


class DuplicateGame(LedgerError):
    """A game whose uid is already in the database (typically: imported twice)."""

    def __init__(self, uid: str, existing: int) -> None:
        self.uid = uid
        self.existing = existing
        super().__init__(f"this game is already in the database as game {existing} (uid {uid})")


class EventIdTaken(LedgerError):
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


class ChainBroken(LedgerError):
    """A hash chain that does not check out; ``seq`` is the first event that breaks it."""

    def __init__(self, seq: int, reason: str) -> None:
        self.seq = seq
        self.reason = reason
        super().__init__(reason)


class CodecError(LedgerError):
    """A payload that cannot be encoded or decoded: unknown type, newer version, bad bytes."""


class StorageFault(LedgerError):
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
