"""The ledger backends the contract tests run against: SQLite, and a real PostgreSQL server.

``backend`` is parametrized over both. The PostgreSQL server is started once per session
(``tests/pgserver.py``: initdb and pg_ctl on a free local port, in a temporary directory);
each test gets a database of its own, whose schema the superuser creates, and the ledger
under test then connects as ``tablelog_app``, a login that only holds ``tablelog_writer``
(SELECT and INSERT), as a recorder in a club would. Tampering goes through the superuser.

Where no server binary exists the PostgreSQL cases are skipped with the reason (pytest's
``-ra`` summary lists it) — except under CI (``CI`` set), where they fail.
"""

from __future__ import annotations

import itertools
import os
import pwd
import sqlite3
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import attrs
import pytest

from tablelog.ledger import LedgerStore, open_ledger
from tests.pgserver import PostgresServer, find_bin_dir

BACKENDS = ("sqlite", "postgresql")
APP_ROLE = "tablelog_app"
_databases = itertools.count(1)


def _missing(reason: str) -> None:
    if os.environ.get("CI"):
        pytest.fail(f"PostgreSQL is required under CI: {reason}", pytrace=False)
    pytest.skip(f"PostgreSQL tests skipped: {reason}")


@pytest.fixture(scope="session")
def postgres_server() -> Iterator[PostgresServer]:
    """A PostgreSQL server for the whole session, with the roles a club would have."""
    bin_dir = find_bin_dir()
    if bin_dir is None:
        _missing("no initdb/pg_ctl found (apt-get install postgresql)")
    assert bin_dir is not None
    if os.geteuid() == 0:
        try:
            pwd.getpwnam("postgres")
        except KeyError:
            _missing("running as root and there is no postgres user to run initdb as")
    try:
        import psycopg
    except ImportError:
        _missing("psycopg is not installed (pip install -e '.[test]')")
    server = PostgresServer(bin_dir)
    try:
        with psycopg.connect(server.url(), autocommit=True) as conn:
            conn.execute("CREATE ROLE tablelog_writer NOLOGIN")
            conn.execute(f"CREATE ROLE {APP_ROLE} LOGIN IN ROLE tablelog_writer".encode())
        yield server
    finally:
        server.stop()


@attrs.frozen
class Backend:
    """One database of one backend, and the raw access the tests need besides the ledger."""

    name: str
    target: str  # what --db takes: a file path, or a URL (as the app role)
    admin: str | None = None  # PostgreSQL: the superuser's URL of the same database

    def open(self) -> LedgerStore:
        """Another ledger (another connection) on the same database."""
        return open_ledger(self.target)

    def query(self, sql: str) -> list[tuple[Any, ...]]:
        """Rows of a raw query, outside the ledger."""
        if self.admin is None:
            conn = sqlite3.connect(self.target)
            try:
                return conn.execute(sql).fetchall()
            finally:
                conn.close()
        import psycopg

        with psycopg.connect(self.admin) as pg:
            return pg.execute(sql.encode()).fetchall()

    def count(self, table: str) -> int:
        """How many rows ``table`` has."""
        count: int = self.query(f"SELECT COUNT(*) FROM {table}")[0][0]
        return count

    def blob(self, hex_digits: str) -> str:
        """An SQL literal of these bytes."""
        return f"x'{hex_digits}'" if self.admin is None else f"'\\x{hex_digits}'::bytea"

    def tamper(self, *statements: str) -> None:
        """Run ``statements`` as someone with full access, the append-only triggers off."""
        if self.admin is None:
            conn = sqlite3.connect(self.target, isolation_level=None)
            try:
                for name in ("events_no_update", "events_no_delete", "games_no_update"):
                    conn.execute(f"DROP TRIGGER {name}")
                for sql in statements:
                    conn.execute(sql)
            finally:
                conn.close()
            return
        import psycopg

        with psycopg.connect(self.admin) as pg:  # one transaction
            pg.execute("SET LOCAL session_replication_role = replica")  # triggers off
            for sql in statements:
                pg.execute(sql.encode())


def make_backend(name: str, tmp_path: Path, request: pytest.FixtureRequest) -> Backend:
    """A fresh, empty database of backend ``name``."""
    if name == "sqlite":
        return Backend("sqlite", str(tmp_path / "tablelog.db"))
    server: PostgresServer = request.getfixturevalue("postgres_server")
    admin = server.create_database(f"t{os.getpid()}_{next(_databases)}")
    open_ledger(admin).close()  # the owner creates the schema and grants tablelog_writer
    app = admin.replace("postgresql://postgres@", f"postgresql://{APP_ROLE}@")
    return Backend("postgresql", app, admin)


@pytest.fixture(params=BACKENDS)
def backend(request: pytest.FixtureRequest, tmp_path: Path) -> Backend:
    """An empty database on each backend in turn."""
    return make_backend(request.param, tmp_path, request)
