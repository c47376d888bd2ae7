"""Schema 1 databases (made by the tablelog before schema 2: ``fixtures/schema1``) keep
working: read as they are, upgraded in one transaction by a writer or ``tablelog upgrade``,
with the same heads, hashes and JSON Lines export; on SQLite and on PostgreSQL."""

from __future__ import annotations

import sqlite3
from collections.abc import Iterator
from pathlib import Path

import pytest
from click.testing import CliRunner, Result

from tablelog.cli.main import cli
from tablelog.ledger import SCHEMA_VERSION, Ledger, LedgerError, NewEvent, open_ledger
from tests.backends import APP_ROLE
from tests.pgserver import PostgresServer

FIXTURE = Path(__file__).resolve().parents[2] / "fixtures" / "schema1"
EXPECTED = (FIXTURE / "export-v1.expected").read_text(encoding="utf-8")
HEADS = {  # the heads players noted under schema 1 (the dump's games, by id)
    1: "486d0a8839",
    2: "483134173b",
    3: "e49960d9df",
    4: "045cab2b2a",
    5: "1d255513d9",
    6: "0a0a55c9b7",
    7: "78c84d268d",
}


def tablelog(db: str | Path, *args: str, code: int = 0) -> Result:
    result = CliRunner().invoke(cli, ["--db", str(db), *args])
    assert result.exit_code == code, (result.output, result.exception)
    assert "Traceback" not in result.output
    return result


@pytest.fixture
def v1(tmp_path: Path) -> Path:
    """A schema-1 SQLite file (the fixture's dump loaded)."""
    path = tmp_path / "old.db"
    conn = sqlite3.connect(path)
    conn.executescript((FIXTURE / "tablelog-v1.sql").read_text(encoding="utf-8"))
    conn.close()
    return path


def schema_of(path: Path) -> int:
    with sqlite3.connect(path) as conn:
        (value,) = conn.execute("SELECT value FROM meta WHERE key = 'schema_version'").fetchone()
    return int(value)


def heads(ledger: Ledger) -> dict[int, str]:
    return {s.record.id: s.head_short for s in ledger.games()}


def test_a_reader_reads_a_schema_1_file_as_it_is(v1: Path) -> None:
    with Ledger(v1, readonly=True) as ledger:
        assert ledger.schema == 1 and ledger.upgraded_from is None
        assert heads(ledger) == HEADS
        assert all(ledger.verify_chain(g) == [] for g in HEADS)
        odd = ledger.events(7)
        assert ledger.find_event("kari-1") == odd[0]
    assert tablelog(v1, "export", "--all").stdout == EXPECTED
    tablelog(v1, "verify", "7")
    assert schema_of(v1) == 1  # reading changed nothing


def test_a_writer_upgrades_in_one_step_and_the_export_is_the_same(v1: Path) -> None:
    with Ledger(v1, readonly=True) as ledger:
        before = {g: ledger.events(g) for g in HEADS}
    with Ledger(v1) as ledger:
        assert ledger.upgraded_from == 1 and ledger.schema == SCHEMA_VERSION == 2
        assert heads(ledger) == HEADS
        assert {g: ledger.events(g) for g in HEADS} == before  # every text given back
        assert all(ledger.verify_chain(g) == [] for g in HEADS)
        assert ledger.find_event("kø-spill 3 ♥") == before[7][3]
        game = ledger.game(1)
        ledger.append(game.id, len(before[1]) + 1, [NewEvent("after-1", "note", 1, None, b"\x80")])
    assert schema_of(v1) == 2
    with sqlite3.connect(v1) as conn:
        kinds = dict(conn.execute("SELECT typeof(event_id), count(*) FROM events GROUP BY 1"))
        short = conn.execute("SELECT count(*) FROM events WHERE length(event_id) = 16")
        texts = conn.execute(
            "SELECT DISTINCT game, recorded_text FROM events WHERE recorded IS NULL"
        )
        assert set(kinds) == {"blob"}
        assert short.fetchone()[0] == sum(len(e) for g, e in before.items() if g != 7)
        assert sorted(texts.fetchall()) == [  # only the odd game's odd texts stay text
            (7, "2026-01-01T19:00:00+00:00"),
            (7, "2026-01-01T19:00:00.5Z"),
            (7, "2026-01-01T20:00:00.000001+01:00"),
            (7, "next tuesday"),
        ]


def test_the_upgraded_export_is_the_schema_1_export(v1: Path) -> None:
    result = tablelog(v1, "upgrade")
    assert "upgraded" in result.stdout and "from schema 1 to 2: 7 game(s)" in result.stdout
    assert tablelog(v1, "export", "--all").stdout == EXPECTED
    assert "nothing to upgrade" in tablelog(v1, "upgrade").stdout
    for sql in ("UPDATE events SET payload = x'00'", "DELETE FROM events",
                "UPDATE event_types SET name = 'x'", "DELETE FROM event_types"):  # fmt: skip
        with sqlite3.connect(v1) as conn, pytest.raises(sqlite3.DatabaseError, match="append-only"):
            conn.execute(sql)


def test_an_altered_game_stays_altered_and_named(v1: Path) -> None:
    with sqlite3.connect(v1) as conn:
        conn.execute("DROP TRIGGER events_no_update")
        conn.execute("UPDATE events SET payload = x'c3' WHERE game = 2 AND seq = 5")
    tablelog(v1, "upgrade")
    with Ledger(v1, readonly=True) as ledger:
        [problem] = ledger.verify_chain(2)
        assert problem.seq == 5 and "altered" in problem.reason
        assert heads(ledger) == HEADS  # the stored hashes are kept as they were


def test_an_upgrade_that_would_change_a_head_changes_nothing(
    v1: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr("tablelog.ledger.upgrade.pack_time", lambda text: (None, text + " "))
    read_back = r"some events of game\(s\) 1, 2, .* would not read back exactly"
    with pytest.raises(LedgerError, match=read_back):
        Ledger(v1)
    assert schema_of(v1) == 1
    assert tablelog(v1, "export", "--all").stdout == EXPECTED


def test_upgrade_of_a_missing_database_makes_none(tmp_path: Path) -> None:
    result = tablelog(tmp_path / "nowhere.db", "upgrade", code=2)
    assert "no database" in result.output
    assert not (tmp_path / "nowhere.db").exists()


def test_a_newer_file_is_refused_even_by_a_reader(v1: Path) -> None:
    with sqlite3.connect(v1) as conn:
        conn.execute("UPDATE meta SET value = '3' WHERE key = 'schema_version'")
    for readonly in (True, False):
        with pytest.raises(LedgerError, match="newer tablelog"):
            Ledger(v1, readonly=readonly)


# -- PostgreSQL --------------------------------------------------------------------------


@pytest.fixture
def pg_v1(postgres_server: PostgresServer, v1: Path) -> Iterator[str]:
    """A PostgreSQL database in schema 1 holding the fixture's games (its owner's URL)."""
    import psycopg

    admin = postgres_server.create_database(f"v1_{abs(hash(str(v1))) % 10**8}")
    sqlite = sqlite3.connect(v1)
    with psycopg.connect(admin) as pg:
        pg.execute((FIXTURE / "postgres-v1.sql").read_text(encoding="utf-8").encode())
        pg.execute(
            b"GRANT SELECT, INSERT ON meta, games, events TO tablelog_writer;"
            b" GRANT USAGE ON SEQUENCE events_pos_seq TO tablelog_writer"
        )
        for table, columns in (
            ("games", "id, uid, rules, rules_version, header, genesis, created"),
            ("events", "pos, game, seq, event_id, type, type_version, actor, payload,"
                       " recorded_at, prev_hash, hash"),
        ):  # fmt: skip
            rows = sqlite.execute(f"SELECT {columns} FROM {table} ORDER BY 1").fetchall()
            with pg.cursor() as cur, cur.copy(f"COPY {table} ({columns}) FROM STDIN") as copy:
                for row in rows:
                    copy.write_row(row)
        pg.execute("SELECT setval('events_pos_seq', (SELECT max(pos) FROM events))")
    sqlite.close()
    yield admin


def test_postgres_upgrade_by_the_owner_keeps_heads_and_export(pg_v1: str) -> None:
    import psycopg

    app = pg_v1.replace("postgresql://postgres@", f"postgresql://{APP_ROLE}@")
    refused = tablelog(app, "list", code=2)
    assert "tablelog --db URL upgrade" in refused.output and "owner" in refused.output
    result = tablelog(pg_v1, "upgrade")
    assert "from schema 1 to 2: 7 game(s)" in result.stdout
    with open_ledger(app) as ledger:  # the recorders' role reads and writes schema 2
        assert {s.record.id: s.head_short for s in ledger.games()} == HEADS
        assert all(ledger.verify_chain(g) == [] for g in HEADS)
        odd = ledger.events(7)
        assert [e.event_id for e in odd[:2]] == ["kari-1", "0123456789ABCDEF0123456789ABCDEF"]
    assert tablelog(app, "export", "--all").stdout == EXPECTED
    with open_ledger(app) as ledger:
        seq = len(ledger.events(1)) + 1
        ledger.append(1, seq, [NewEvent("after-1", "brand.new", 1, None, b"\x80")])
        assert ledger.events(1)[-1].type == "brand.new"
    with psycopg.connect(pg_v1) as conn:
        for sql in ("UPDATE events SET actor = 1", "DELETE FROM event_types"):
            with pytest.raises(psycopg.errors.RaiseException, match="append-only"):
                conn.execute(sql.encode())
            conn.rollback()
        conn.execute("UPDATE meta SET value = '3' WHERE key = 'schema_version'")
    with pytest.raises(LedgerError, match="newer tablelog"):
        open_ledger(app)


def test_a_writing_command_upgrades_and_says_so(v1: Path) -> None:
    result = tablelog(v1, "play", "7", "note after the upgrade")
    assert "upgraded" in result.stderr and "from schema 1 to 2" in result.stderr
    assert schema_of(v1) == 2
    again = tablelog(v1, "play", "7", "note once more")
    assert "upgraded" not in again.stderr
    assert tablelog(v1, "verify", "7").stdout.startswith("game 7: ok, 26 events")
