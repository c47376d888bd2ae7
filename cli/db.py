"""Where the database is: ``--db PATH`` or a ``postgresql://`` URL, else ``$TABLELOG_DB``,
else a file in the user's data directory."""

from __future__ import annotations

from pathlib import Path

from ledger import LedgerStore, is_postgres_url
from ledger import open_ledger as open_store

__all__ = ["default_db", "open_ledger"]


def default_db() -> Path:
    """The database file in the user's data directory."""
    import platformdirs  # only when no --db or $TABLELOG_DB names the file

    return Path(platformdirs.user_data_dir("tablelog", appauthor=False)) / "tablelog.db"


def open_ledger(path: str | None) -> LedgerStore:
    """The ledger at ``path`` (a file or a PostgreSQL URL; the default database when
    ``None``), created if missing."""
    if path and is_postgres_url(path):
        return open_store(path)
    target = Path(path) if path else default_db()
    target.parent.mkdir(parents=True, exist_ok=True)
    return open_store(target)
