"""Where the database is: ``--db PATH``, else ``$TABLELOG_DB``, else the user's data dir."""

from __future__ import annotations

from pathlib import Path

from ledger import Ledger

__all__ = ["default_db", "open_ledger"]


def default_db() -> Path:
    """The database file in the user's data directory."""
    import platformdirs  # only when no --db or $TABLELOG_DB names the file

    return Path(platformdirs.user_data_dir("tablelog", appauthor=False)) / "tablelog.db"


def open_ledger(path: str | None) -> Ledger:
    """The ledger at ``path`` (the default database when ``None``), created if missing."""
    target = Path(path) if path else default_db()
    target.parent.mkdir(parents=True, exist_ok=True)
    return Ledger(target)
