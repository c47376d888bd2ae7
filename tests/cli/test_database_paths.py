"""What `--db` may name (issue 25, cases 4 and 7): reading commands, `migrate` and the
writers that need a game never create a database; a FIFO, a device or `:memory:` is
refused with a sentence (a directory and a file that is not SQLite already were); a schema
version that is not a whole number is a storage fault naming the file."""

from __future__ import annotations

import os
import sqlite3
from pathlib import Path

import pytest

from tests.cli.test_faults import fill, tablelog

NEW = ("new", "karnoffel", "-p", "Anna", "-p", "Bo", "-p", "Cai", "-p", "Dina")


def test_migrate_from_a_missing_file_creates_nothing(tmp_path: Path) -> None:
    """It printed "migrated 0 games (0 events) …; every head hash matches", exit 0, and left
    a new empty database where the user's was not."""
    source, target = tmp_path / "tablelog.db", tmp_path / "copy.db"
    done = tablelog(source, "migrate", "--to", str(target))
    assert done.returncode == 2, done.stdout + done.stderr
    assert f"there is no database at {source} yet" in done.stderr
    assert "without --db it is" in done.stderr
    assert "migrated" not in done.stdout
    assert not source.exists() and not target.exists()


@pytest.mark.parametrize("args", [("play", "1", "note", "x"), ("fork", "1", "--at", "1")])
def test_a_writer_that_needs_a_game_creates_no_database(
    tmp_path: Path, args: tuple[str, ...]
) -> None:
    db = tmp_path / "none.db"
    done = tablelog(db, *args)
    assert done.returncode == 2, done.stderr
    assert f"there is no database at {db} yet" in done.stderr
    assert not db.exists()


@pytest.mark.parametrize("command", [("list",), NEW])
def test_a_fifo_is_refused_at_once(tmp_path: Path, command: tuple[str, ...]) -> None:
    """`list` blocked for ever reading the FIFO, `new` said "disk I/O error"."""
    fifo = tmp_path / "pipe.db"
    os.mkfifo(fifo)
    done = tablelog(fifo, *command)
    assert done.returncode == 2, done.stderr
    assert f"{fifo} is a FIFO (a named pipe), not a database file" in done.stderr


def test_a_device_is_refused(tmp_path: Path) -> None:
    done = tablelog(Path("/dev/null"), *NEW)
    assert done.returncode == 2
    assert "/dev/null is a character device, not a database file" in done.stderr


def test_memory_keeps_nothing_and_is_refused(tmp_path: Path) -> None:
    """`--db :memory:` answered `new` with a game 1 that was gone at once."""
    done = tablelog(Path(":memory:"), *NEW)
    assert done.returncode == 2, done.stdout
    assert ":memory: would keep nothing once the command ends" in done.stderr


@pytest.mark.parametrize("value", ["two", "", None, "2.0"])
def test_a_schema_version_that_is_not_a_number_is_a_storage_fault(
    tmp_path: Path, value: str | None
) -> None:
    """'two', '', NULL and '2.0' gave an internal error in `list`, `play` and `upgrade`."""
    db = tmp_path / "games.db"
    fill(db, 1, 4)
    with sqlite3.connect(db) as conn:
        conn.execute("UPDATE meta SET value = ? WHERE key = 'schema_version'", (value,))
    shown = "NULL" if value is None else repr(value)
    for command in (("list",), ("play", "1", "note", "x"), ("upgrade",)):
        done = tablelog(db, *command)
        assert done.returncode == 1, done.stderr
        assert f"{db} records its schema version as {shown}, which is not a whole number" in (
            done.stderr
        )
