"""The schema: tables, indexes, pragmas, and triggers that keep the log append-only."""

from __future__ import annotations

import sqlite3
from collections.abc import Iterator
from pathlib import Path

import pytest
import sqlite_utils

from tablelog.ledger import SCHEMA_VERSION, Ledger, NewEvent
from tests.ledger.conftest import opening_imports


@pytest.fixture
def ledger(db_path: Path) -> Iterator[Ledger]:
    """The SQLite ledger: these are its own schema's tests (PostgreSQL's: test_postgres.py)."""
    with Ledger(db_path) as led:
        yield led


@pytest.fixture
def fresh_db(ledger: Ledger, db_path: Path) -> Iterator[sqlite_utils.Database]:
    """A sqlite-utils view of a database the ledger has just created, with one event."""
    game = ledger.create_game("karnoffel", 1, b"")
    ledger.append(game.id, 1, [NewEvent("e1", "note", 1, None, b"\x80")])
    db = sqlite_utils.Database(db_path)
    yield db
    db.close()


def test_tables_and_columns(fresh_db: sqlite_utils.Database) -> None:
    """The columns are written out here on purpose, not read from ``ledger/tables.py``:
    databases already on disk have this layout, so a change there must fail this test
    (and come with a new ``SCHEMA_VERSION`` and its upgrade)."""
    assert {"games", "events", "meta"} <= set(fresh_db.table_names())
    games = fresh_db.table("games")
    events = fresh_db.table("events")
    assert games.columns_dict == {
        "id": int,
        "uid": str,
        "rules": str,
        "rules_version": int,
        "header": bytes,
        "genesis": bytes,
        "created": str,
    }
    assert list(events.columns_dict) == [
        "pos",
        "game",
        "seq",
        "event_id",
        "type",
        "type_version",
        "actor",
        "payload",
        "recorded",
        "recorded_text",
        "hash",
    ]
    assert events.pks == ["pos"]
    assert sorted((fk.column, fk.other_table, fk.other_column) for fk in events.foreign_keys) == [
        ("game", "games", "id"),
        ("type", "event_types", "id"),
    ]
    types = fresh_db.table("event_types")
    assert types.columns_dict == {"id": int, "name": str}
    assert ("name",) in {tuple(i.columns) for i in types.indexes if i.unique}
    assert list(fresh_db.execute("SELECT id, name FROM event_types")) == [(1, "note")]
    unique = {tuple(i.columns) for i in events.indexes if i.unique}
    assert {("game", "seq"), ("event_id",)} <= unique
    assert ("uid",) in {tuple(i.columns) for i in games.indexes if i.unique}
    not_null = {c.name for c in events.columns if c.notnull}
    assert not_null == set(events.columns_dict) - {"pos", "actor", "recorded", "recorded_text"}
    meta = fresh_db.execute("SELECT value FROM meta WHERE key = 'schema_version'").fetchone()
    assert meta == (str(SCHEMA_VERSION),)


def test_pragmas(ledger: Ledger) -> None:
    conn = ledger.connection
    assert conn.execute("PRAGMA journal_mode").fetchone() == ("wal",)
    assert conn.execute("PRAGMA busy_timeout").fetchone() == (5000,)
    assert conn.execute("PRAGMA synchronous").fetchone() == (2,)  # FULL
    assert conn.execute("PRAGMA foreign_keys").fetchone() == (1,)
    assert conn.isolation_level is None


@pytest.mark.parametrize(
    "sql",
    [
        "UPDATE events SET payload = x'00'",
        "DELETE FROM events",
        "UPDATE games SET header = x'00'",
        "DELETE FROM games",
        "UPDATE event_types SET name = 'play'",
        "DELETE FROM event_types",
    ],
)
def test_triggers_refuse_changes(fresh_db: sqlite_utils.Database, db_path: Path, sql: str) -> None:
    conn = sqlite3.connect(db_path)
    try:
        with pytest.raises(sqlite3.DatabaseError, match="tablelog: the event log is append-only"):
            conn.execute(sql)
        conn.rollback()
        assert conn.execute("SELECT COUNT(*) FROM events").fetchone() == (1,)
        assert conn.execute("SELECT header FROM games").fetchone() == (b"",)
    finally:
        conn.close()


def test_events_need_an_existing_game(ledger: Ledger) -> None:
    with pytest.raises(sqlite3.IntegrityError, match="FOREIGN KEY"):
        ledger.connection.execute(
            "INSERT INTO events (game, seq, event_id, type, type_version, payload,"
            " recorded_text, hash) VALUES (99, 1, x'ff78', 1, 1, x'', 'now', x'')"
        )


def test_reopening_keeps_the_data(db_path: Path) -> None:
    with Ledger(db_path) as led:
        game = led.create_game("karnoffel", 1, b"h")
    with Ledger(db_path) as led:
        assert led.game(game.id) == game
        triggers = led.connection.execute(
            "SELECT name FROM sqlite_master WHERE type = 'trigger' ORDER BY name"
        ).fetchall()
    assert triggers == [
        ("event_types_no_delete",),
        ("event_types_no_update",),
        ("events_no_delete",),
        ("events_no_update",),
        ("games_no_delete",),
        ("games_no_update",),
    ]


def test_the_fresh_schema_is_the_schema_sqlite_utils_writes(tmp_path: Path) -> None:
    # an empty database gets FRESH_SCHEMA without the tooling: statement for statement
    # (and in the same order) what sqlite-utils writes for the same tables
    import tablelog.ledger.tables as tables

    def master(path: Path) -> list[tuple[str, str, str | None]]:
        with sqlite3.connect(path) as conn:
            query = "SELECT type, name, sql FROM sqlite_master ORDER BY rowid"
            return conn.execute(query).fetchall()

    conn = sqlite3.connect(tmp_path / "tooling.db", isolation_level=None)
    tables._create(sqlite_utils.Database(conn, execute_plugins=False))
    conn.close()
    written = [sql for _, _, sql in master(tmp_path / "tooling.db") if sql is not None]
    assert written == list(tables.FRESH_SCHEMA)
    with Ledger(tmp_path / "ledger.db"):
        pass
    assert master(tmp_path / "ledger.db") == master(tmp_path / "tooling.db")


def test_a_fresh_database_does_not_import_the_schema_tooling(tmp_path: Path) -> None:
    opener = "from tablelog.ledger import open_ledger"
    assert not opening_imports(tmp_path / "x.db", "sqlite_utils", opener)
    assert opening_imports(tmp_path / "x.db", "sqlite3", opener)  # the probe sees imports
