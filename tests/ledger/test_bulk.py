"""The bulk path's page cache, and event ids that sort by time."""

from __future__ import annotations

import re
import time
from pathlib import Path

import attrs
import pytest

from tablelog.ledger import Ledger
from tablelog.ledger.errors import AppendRefused
from tablelog.ledger.store import BATCH_CACHE_KIB
from tablelog.replay.codec import new_event_id
from tests.ledger.conftest import MakeNotes


def test_a_batch_raises_the_page_cache_and_gives_it_back(db_path: Path) -> None:
    ledger = Ledger(db_path)  # SQLite's own
    (before,) = ledger.connection.execute("PRAGMA cache_size").fetchone()
    with ledger.batch():
        (during,) = ledger.connection.execute("PRAGMA cache_size").fetchone()
        ledger.create_game("toy", 1, b"h")
    (after,) = ledger.connection.execute("PRAGMA cache_size").fetchone()
    assert during == -BATCH_CACHE_KIB and after == before != during
    assert len(ledger.games()) == 1


def test_new_event_ids_are_32_hex_digits_that_sort_by_time() -> None:
    first = new_event_id()
    time.sleep(0.002)
    second = new_event_id()
    assert re.fullmatch("[0-9a-f]{32}", first) and re.fullmatch("[0-9a-f]{32}", second)
    assert first < second
    assert len({new_event_id() for _ in range(1000)}) == 1000


def event_rows(path: Path) -> list[tuple[object, ...]]:
    """Every stored event row (its position aside), and every game row."""
    with Ledger(path) as ledger:
        conn = ledger.connection
        events = conn.execute(
            "SELECT game, seq, event_id, type, type_version, actor, payload, recorded,"
            " recorded_text, hash FROM events ORDER BY pos"
        ).fetchall()
        return events + conn.execute("SELECT * FROM games ORDER BY id").fetchall()


def id_index(path: Path) -> list[tuple[object, ...]]:
    with Ledger(path) as ledger:
        return ledger.connection.execute(
            "SELECT sql FROM sqlite_master WHERE name = 'events_event_id'"
        ).fetchall()


def import_three(ledger: Ledger, make_notes: MakeNotes, repeat: bool = False) -> None:
    for n in range(3):
        at = f"2026-01-01T20:0{n}:00.000000+00:00"
        notes = [attrs.evolve(e, recorded_at=at) for e in make_notes(5, prefix=f"g{n}")]
        if repeat and n == 2:
            notes[3] = make_notes(1, prefix="g0", start=2)[0]  # game g0's second id
        ledger.import_game("toy", 1, b"h", notes, uid=f"u{n}", created="2026-01-01")


def test_a_batch_into_an_empty_table_writes_the_rows_and_index_one_by_one_would(
    tmp_path: Path, make_notes: MakeNotes
) -> None:
    from tablelog.ledger.tables import EVENT_ID_INDEX

    one_by_one, batched = tmp_path / "one.db", tmp_path / "batch.db"
    with Ledger(one_by_one) as ledger:
        import_three(ledger, make_notes)
    dropped: list[bool] = []
    with Ledger(batched) as ledger, ledger.batch():
        dropped.append(not id_index(batched))  # another connection: the file as committed
        inside = ledger.connection.execute(
            "SELECT count(*) FROM sqlite_master WHERE name = 'events_event_id'"
        ).fetchone()
        dropped.append(inside == (0,))  # dropped inside the batch's transaction
        import_three(ledger, make_notes)
    assert dropped == [False, True]
    assert event_rows(batched) == event_rows(one_by_one)
    assert id_index(batched) == id_index(one_by_one) == [(EVENT_ID_INDEX,)]
    with (  # and it holds: a taken id is refused at once
        Ledger(batched) as ledger,
        pytest.raises(AppendRefused, match="cannot import game u9: an event id"),
    ):
        ledger.import_game("toy", 1, b"h", make_notes(2, prefix="g1"), uid="u9")


def test_a_batch_that_repeats_an_event_id_writes_nothing_and_names_the_game(
    db_path: Path, make_notes: MakeNotes
) -> None:
    with Ledger(db_path) as ledger:
        with pytest.raises(AppendRefused) as refused, ledger.batch():
            import_three(ledger, make_notes, repeat=True)
        said = str(refused.value)
        assert said.startswith("cannot import game u2: its event 4 has the event id "), said
        assert said.endswith(
            ", which event 2 of game u0 in this import has too; every event needs an id of its own"
        ), said
        assert ledger.games() == []
        assert ledger.connection.execute("SELECT count(*) FROM events").fetchone() == (0,)
    assert len(id_index(db_path)) == 1  # the rollback kept the index


def test_a_batch_into_a_table_with_events_keeps_the_index_and_refuses_at_once(
    db_path: Path, make_notes: MakeNotes
) -> None:
    with Ledger(db_path) as ledger:
        ledger.import_game("toy", 1, b"h", make_notes(2, prefix="g0"), uid="first")
        with pytest.raises(AppendRefused, match="game u1: an event id"), ledger.batch():
            present = ledger.connection.execute(
                "SELECT count(*) FROM sqlite_master WHERE name = 'events_event_id'"
            ).fetchone()
            assert present == (1,)
            ledger.import_game("toy", 1, b"h", make_notes(2, prefix="g9"), uid="u0")
            ledger.import_game("toy", 1, b"h", make_notes(2, prefix="g0"), uid="u1")
        assert [g.record.uid for g in ledger.games()] == ["first"]


def test_a_game_that_repeats_its_own_event_id_in_a_batch_is_named_with_both_events(
    db_path: Path, make_notes: MakeNotes
) -> None:
    notes = make_notes(5, prefix="g0")
    notes[3] = attrs.evolve(notes[3], event_id=notes[1].event_id)
    with Ledger(db_path) as ledger:
        with pytest.raises(AppendRefused) as refused, ledger.batch():
            ledger.import_game("toy", 1, b"h", notes, uid="u0", created="2026-01-01")
        assert str(refused.value) == (
            f"cannot import game u0: its event 4 has the event id {notes[1].event_id}, which"
            " event 2 of the same game in this import has too; every event needs an id of its own"
        )
        assert ledger.games() == []
