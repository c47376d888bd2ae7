"""Choosing a backend: a ``postgresql://`` URL opens PostgreSQL, anything else a SQLite file.

psycopg is imported here only when a URL asks for it, so every SQLite command starts as
fast as before.
"""

from __future__ import annotations

import os

from tablelog.ledger.contract import LedgerStore, is_postgres_url
from tablelog.ledger.errors import UnusableDatabase
from tablelog.ledger.store import Ledger

__all__ = ["open_ledger"]


def open_ledger(target: str | os.PathLike[str]) -> LedgerStore:
    """The ledger at ``target``: a PostgreSQL URL, or a SQLite file (created if missing)."""
    where = os.fspath(target)
    if not is_postgres_url(where):
        return Ledger(where)
    try:
        from tablelog.ledger.postgres import PostgresLedger
    except ImportError as exc:
        raise UnusableDatabase(
            f"a PostgreSQL database needs psycopg ({exc}); install it with"
            " pip install 'psycopg[binary,pool]'"
        ) from exc
    return PostgresLedger(where)
