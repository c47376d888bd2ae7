"""The results summaries: opaque derived JSON per game, tagged with the head it was made at
(on every backend)."""

from __future__ import annotations

import sqlite3
from pathlib import Path

import pytest

from tablelog.ledger import LedgerStore as Ledger
from tablelog.ledger.store import Ledger as SqliteStore
from tests.backends import Backend
from tests.ledger.conftest import MakeNotes


def test_a_database_without_summaries_lists_every_game_as_missing(
    ledger: Ledger, make_notes: MakeNotes
) -> None:
    game = ledger.create_game("toy", 1, b"h").id
    ledger.append(game, 1, make_notes(2))
    (row,) = ledger.results()
    assert (row.game, row.head_seq, row.summary, row.fresh) == (game, 2, None, False)
    assert row.head == ledger.head(game)[1]


def test_a_stored_summary_is_fresh_until_the_head_moves(
    ledger: Ledger, make_notes: MakeNotes
) -> None:
    game = ledger.create_game("toy", 1, b"h").id
    ledger.append(game, 1, make_notes(1))
    ledger.store_summaries([(game, ledger.head(game)[1], '{"v": 1}')])
    (row,) = ledger.results()
    assert row.fresh and row.summary == '{"v": 1}'
    ledger.append(game, 2, make_notes(1, start=2))
    (row,) = ledger.results()
    assert not row.fresh and row.summary == '{"v": 1}'
    ledger.store_summaries([(game, row.head, '{"v": 2}')])  # replaced, not doubled
    (row,) = ledger.results()
    assert row.fresh and row.summary == '{"v": 2}'


def test_an_empty_game_has_its_genesis_as_head(ledger: Ledger) -> None:
    record = ledger.create_game("toy", 1, b"h")
    (row,) = ledger.results()
    assert (row.head_seq, row.head) == (0, record.genesis)


def test_results_filter_by_rules_date_and_ids(ledger: Ledger) -> None:
    a = ledger.create_game("toy", 1, b"a", created="2026-01-01T20:00:00+00:00").id
    b = ledger.create_game("other", 1, b"b", created="2026-02-01T20:00:00+00:00").id
    c = ledger.create_game("toy", 1, b"c", created="2026-03-01T20:00:00+00:00").id
    assert [r.game for r in ledger.results(rules="toy")] == [a, c]
    assert [r.game for r in ledger.results(since="2026-02-01")] == [b, c]
    assert [r.game for r in ledger.results(games=[c, a])] == [a, c]


def test_summaries_are_derived_data_and_may_be_deleted(backend: Backend) -> None:
    with backend.open() as ledger:
        game = ledger.create_game("toy", 1, b"h").id
        ledger.store_summaries([(game, b"x", "{}")])
        delete(backend)  # as anybody may: no append-only trigger on derived data
        (row,) = ledger.results()
        assert row.summary is None
        ledger.store_summaries([(game, b"y", "{}")])  # the writer may keep them again
        assert next(iter(ledger.results())).summary_head == b"y"


def delete(backend: Backend) -> None:
    if backend.admin is not None:
        backend.query("DELETE FROM summaries RETURNING game")
        return
    conn = sqlite3.connect(backend.target, isolation_level=None)
    conn.execute("DELETE FROM summaries")
    conn.close()


def test_no_game_among_none(ledger: Ledger) -> None:
    ledger.create_game("toy", 1, b"h")
    assert list(ledger.results(games=[])) == []


def test_results_are_read_in_pages_of_games(
    ledger: Ledger, make_notes: MakeNotes, monkeypatch: pytest.MonkeyPatch
) -> None:
    import tablelog.ledger.summaries as summaries

    monkeypatch.setattr(summaries, "RESULTS_PAGE", 2)
    pages: list[int] = []
    read = summaries.result_rows

    def counted(rows):  # type: ignore[no-untyped-def]
        pages.append(len(rows))
        return read(rows)

    monkeypatch.setattr(summaries, "result_rows", counted)
    made = [ledger.create_game("karnoffel" if n % 2 else "speahx", 1, b"") for n in range(5)]
    ledger.append(made[3].id, 1, make_notes(2))
    rows = list(ledger.results())
    assert [r.game for r in rows] == [g.id for g in made]
    assert pages == [2, 2, 1]  # the query's LIMIT holds: three short reads, not one
    assert rows[3].head_seq == 2 and rows[3].head == ledger.head(made[3].id)[1]
    odd = [g.id for g in made if g.rules == "karnoffel"]
    assert [r.game for r in ledger.results(rules="karnoffel")] == odd
    four = [g.id for g in made[:4]]
    assert [r.game for r in ledger.results(games=four)] == four


def test_summaries_are_committed_without_a_sync_and_events_with_one(
    tmp_path: Path, make_notes: MakeNotes
) -> None:
    """SQLite: the summary's transaction runs at ``synchronous=NORMAL`` (derived data, its
    events already synced) and the connection is back at FULL for the next append, also
    after a summary the database refused."""
    ledger = SqliteStore(str(tmp_path / "s.db"))
    conn = ledger._conn
    seen: list[str] = []
    conn.set_trace_callback(seen.append)
    game = ledger.create_game("toy", 1, b"h").id
    ledger.append(game, 1, make_notes(1))
    ledger.store_summaries([(game, ledger.head(game)[1], '{"v": 1}')])
    assert conn.execute("PRAGMA synchronous").fetchone() == (2,)  # FULL again
    upsert = next(i for i, s in enumerate(seen) if "summaries" in s and "INSERT" in s)
    relaxed = max(i for i, s in enumerate(seen[:upsert]) if s.startswith("PRAGMA synchronous="))
    assert seen[relaxed] == "PRAGMA synchronous=NORMAL"
    assert [s for s in seen[upsert:] if s.startswith("PRAGMA synchronous=")] == [
        "PRAGMA synchronous=FULL"
    ]
    with pytest.raises(Exception, match="summar"):
        ledger.store_summaries([(game, b"x", object())])  # type: ignore[list-item]
    assert conn.execute("PRAGMA synchronous").fetchone() == (2,)
    ledger.close()
