"""What only PostgreSQL has to show: the constraints and the role are the database's own.

The rest of the contract (appends, conflicts, retries, imports, tampering) is checked on
both backends by ``test_store.py`` and ``test_tamper.py``.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pytest

from tablelog.ledger import LedgerError, LedgerStore, NewEvent, open_ledger
from tablelog.ledger.envelope import pack_id
from tablelog.ledger.schema import APPEND_ONLY
from tests.backends import Backend, make_backend
from tests.ledger.conftest import opening_imports
from tests.pgserver import PostgresServer

psycopg = pytest.importorskip("psycopg", reason="psycopg is not installed")

MakeNotes = Callable[..., list[NewEvent]]


@pytest.fixture
def pg(tmp_path: Path, request: pytest.FixtureRequest) -> Backend:
    """A fresh PostgreSQL database with the ledger's schema."""
    return make_backend("postgresql", tmp_path, request)


@pytest.fixture
def stored(pg: Backend, make_notes: MakeNotes) -> int:
    """A game of three events; its id."""
    with pg.open() as ledger:
        game = ledger.create_game("karnoffel", 1, b"h")
        ledger.append(game.id, 1, make_notes(3))
    return game.id


CHANGES = [
    "UPDATE events SET payload = '\\x00'::bytea",
    "DELETE FROM events",
    "TRUNCATE events CASCADE",
    "UPDATE games SET header = '\\x00'::bytea",
    "DELETE FROM games",
]


@pytest.mark.parametrize("sql", CHANGES)
def test_the_app_role_may_not_change_or_remove_a_row(pg: Backend, stored: int, sql: str) -> None:
    with (
        psycopg.connect(pg.target) as conn,
        pytest.raises(psycopg.errors.InsufficientPrivilege, match="permission denied"),
    ):
        conn.execute(sql.encode())
    assert pg.count("events") == 3


@pytest.mark.parametrize("sql", CHANGES)
def test_the_owner_is_refused_by_the_triggers(pg: Backend, stored: int, sql: str) -> None:
    assert pg.admin is not None
    with (
        psycopg.connect(pg.admin) as conn,
        pytest.raises(psycopg.errors.RaiseException, match=APPEND_ONLY),
    ):
        conn.execute(sql.encode())
    assert pg.count("events") == 3


def test_the_database_refuses_a_second_event_at_a_seq_or_with_an_id(
    pg: Backend, stored: int
) -> None:
    insert = (
        "INSERT INTO events (game, seq, event_id, type, type_version, payload, recorded_text,"
        " hash) VALUES (%s, %s, %s, (SELECT min(id) FROM event_types), 1, '', 'now', '')"
    )
    for values, constraint in (((stored, 2, pack_id("fresh")), "events_game_seq"),
                               ((stored, 9, pack_id("ev-1")), "events_event_id"),
                               ((99, 1, pack_id("other")), "events_game_fkey")):  # fmt: skip
        with psycopg.connect(pg.target) as conn, pytest.raises(psycopg.IntegrityError) as info:
            conn.execute(insert, values)
        assert info.value.diag.constraint_name == constraint
    assert pg.count("events") == 3


def test_verify_streams_and_names_the_tampered_event(
    pg: Backend, make_notes: MakeNotes, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr("tablelog.ledger.postgres.STREAM_ROWS", 4)  # several fetches for 30 events
    with pg.open() as ledger:
        game = ledger.create_game("karnoffel", 1, b"h")
        ledger.append(game.id, 1, make_notes(30))
        assert ledger.verify_chain(game.id) == []
        pg.tamper(f"UPDATE events SET actor = 0 WHERE game = {game.id} AND seq = 27")
        [problem] = ledger.verify_chain(game.id)
    assert problem.seq == 27
    assert problem.reason.startswith("event 27 was altered after it was recorded")


def test_an_unreachable_server_is_named_without_its_password(
    postgres_server: PostgresServer,
) -> None:
    url = f"postgresql://club:secret@127.0.0.1:{postgres_server.port + 1}/league"
    with pytest.raises(LedgerError) as info:
        open_ledger(url)
    message = str(info.value)
    assert message.startswith(
        f"cannot open the database postgresql://club@127.0.0.1:{postgres_server.port + 1}/league:"
    )
    assert "secret" not in message


def test_the_app_role_cannot_create_the_schema_and_says_so(
    postgres_server: PostgresServer,
) -> None:
    admin = postgres_server.create_database("empty_for_app")
    with psycopg.connect(admin, autocommit=True) as conn:
        conn.execute("REVOKE CREATE ON SCHEMA public FROM PUBLIC")
    app = admin.replace("postgres@", "tablelog_app@")
    with pytest.raises(
        LedgerError, match=r"may not create them.*open it once as the database.s owner"
    ):
        open_ledger(app)


def test_a_sqlite_path_never_imports_psycopg(tmp_path: Path) -> None:
    assert not opening_imports(tmp_path / "x.db", "psycopg")


def test_every_backend_is_a_ledger_store(backend: Backend) -> None:
    with backend.open() as ledger:
        assert isinstance(ledger, LedgerStore)
        assert ledger.path in backend.target


@pytest.mark.parametrize(
    ("url", "shown"),
    [
        ("postgresql://club:secret@db.example:5433/league", "postgresql://club@db.example:5433/league"),
        ("postgres://club:se%40cret@[::1]/league", "postgres://club@[::1]/league"),
        ("postgresql://db/league?password=secret&sslmode=require", "postgresql://db/league?sslmode=require"),
        ("postgresql://club@db/league", "postgresql://club@db/league"),
    ],
)  # fmt: skip
def test_a_url_is_shown_without_its_password(url: str, shown: str) -> None:
    from tablelog.ledger.postgres import redacted

    assert redacted(url) == shown
