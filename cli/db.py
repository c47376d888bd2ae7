"""Where the database is (``--db PATH`` or a ``postgresql://`` URL, else ``$TABLELOG_DB``,
else a file in the user's data directory), and how each command opens it.

Commands that only read open a SQLite file read-only and never create it: a database that
is not there is said to be missing. Commands that write create the file, but never a
directory the user named: a missing directory is refused with the command that makes it.
Only the default directory (in the user's data directory) is created, and that is said.
"""

from __future__ import annotations

import os
import stat
from pathlib import Path

import click

from tablelog.cli.errors import BadInput
from tablelog.ledger import Ledger, LedgerStore, is_postgres_url
from tablelog.ledger import open_ledger as open_store

__all__ = [
    "CREATORS",
    "WRITERS",
    "Context",
    "MissingDatabase",
    "default_db",
    "open_ledger",
    "pass_ctx",
]

WRITERS = frozenset({"new", "play", "import", "fork", "record", "migrate", "upgrade", "sync"})
"""The commands that write; every other command opens the database read-only."""

CREATORS = frozenset({"new", "import", "sync"})
"""The writers that may create the database file; the others (``play``, ``migrate``'s
source, ``upgrade``...) need one that is there, and say so when it is not."""


class MissingDatabase(BadInput):
    """A reading command pointed at a database file that does not exist."""


class Context:
    """What every command shares: where the database is, and whether to print JSON."""

    def __init__(self, db: str | None, json: bool = False) -> None:
        self.db = db
        self.json = json

    def ledger(self, write: bool | None = None) -> LedgerStore:
        """The ledger: read-only unless the command writes (``WRITERS``); only ``new``
        , ``import`` and ``sync`` may create the file (``CREATORS``)."""
        command = click.get_current_context().info_name
        if write is None:
            write = command in WRITERS
        return open_ledger(self.db, write=write, create=command in CREATORS)


pass_ctx = click.make_pass_decorator(Context)
"""A command's ``Context`` as its first argument."""


def default_db() -> Path:
    """The database file in the user's data directory."""
    import platformdirs  # only when no --db or $TABLELOG_DB names the file

    return Path(platformdirs.user_data_dir("tablelog", appauthor=False)) / "tablelog.db"


def open_ledger(path: str | None, *, write: bool = True, create: bool = True) -> LedgerStore:
    """The ledger at ``path`` (a file or a PostgreSQL URL; the default database when
    ``None``): a file is read-only unless ``write``; a writer that may ``create`` creates
    the file (and the default directory, saying so). ``:memory:``, a FIFO, a device or a
    directory is refused with a sentence."""
    if (path is not None and not path.strip()) or (
        path is None and os.environ.get("TABLELOG_DB") == ""
    ):
        raise BadInput("--db (or $TABLELOG_DB) is empty: name a database file")
    if path and is_postgres_url(path):
        return _said_upgraded(open_store(path))
    if path is not None and (path == ":memory:" or path.startswith("file::memory:")):
        raise BadInput(f"{path} would keep nothing once the command ends: name a database file")
    target = Path(path) if path else default_db()
    _refuse_special(target)
    if (not write or not create) and not target.exists():
        default = "" if path is None else f"; without --db it is {default_db()}"
        raise MissingDatabase(
            f"there is no database at {target} yet (`tablelog new` creates it{default})"
        )
    if not write:
        ledger = Ledger(target, readonly=True)
        if ledger.empty:
            ledger.close()
            raise MissingDatabase(f"the database {target} holds no games yet (it is empty)")
        return ledger
    parent = target.parent
    if not parent.exists():
        if path:
            raise BadInput(
                f"the directory {parent} does not exist; create it first"
                f" (mkdir -p {_quoted(parent)}) or choose another database"
            )
        parent.mkdir(parents=True, exist_ok=True)
        click.echo(f"created {parent} for the database", err=True)
    elif not os.access(parent, os.W_OK) and not target.exists():
        raise BadInput(f"cannot create a database in {parent}: the directory is read-only")
    return _said_upgraded(open_store(target))


_KINDS = (
    (stat.S_ISDIR, "a directory"),
    (stat.S_ISFIFO, "a FIFO (a named pipe)"),
    (stat.S_ISCHR, "a character device"),
    (stat.S_ISBLK, "a block device"),
    (stat.S_ISSOCK, "a socket"),
)


def _refuse_special(target: Path) -> None:
    """Refuse a path that is there but is no regular file (reading a FIFO would wait for
    ever; SQLite would call a device a disk I/O error)."""
    try:
        mode = target.stat().st_mode
    except (OSError, ValueError):
        return
    for test, kind in _KINDS:
        if test(mode):
            raise BadInput(f"{target} is {kind}, not a database file: --db names a database file")


def _said_upgraded(ledger: LedgerStore) -> LedgerStore:
    """The ledger, after saying on stderr that opening it upgraded an older schema."""
    found = getattr(ledger, "upgraded_from", None)
    context = click.get_current_context(silent=True)
    if found is not None and context is not None and context.info_name != "upgrade":
        from tablelog.ledger import SCHEMA_VERSION

        click.echo(
            f"upgraded {ledger.path} from schema {found} to {SCHEMA_VERSION} (every game's head"
            " hash is unchanged)",
            err=True,
        )
    return ledger


def _quoted(path: Path) -> str:
    import shlex

    return shlex.quote(str(path))
