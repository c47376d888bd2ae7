"""The store: games, appends, optimistic concurrency, idempotent retries, imports.

The contract suite: every test that takes ``ledger`` or ``backend`` runs on SQLite and on
PostgreSQL (``tests/backends.py``).
"""

from __future__ import annotations

import itertools
import os
import re
import signal
import sqlite3
import subprocess
import sys
import threading
import time
from collections.abc import Callable
from datetime import datetime
from pathlib import Path

import attrs
import pytest

from tablelog.ledger import (
    ChainBroken,
    ConcurrencyConflict,
    DuplicateGame,
    EventIdTaken,
    Ledger,
    LedgerError,
    NewEvent,
    StoredEvent,
    UnknownGame,
    event_hash,
    genesis_hash,
    pack,
)
from tablelog.ledger.hashing import chain_rows
from tests.backends import BACKENDS, Backend, make_backend

MakeNotes = Callable[..., list[NewEvent]]


# -- games -----------------------------------------------------------------------------


def test_create_game_fills_uid_created_and_genesis(ledger: Ledger) -> None:
    header = pack({"players": ["Ada", "Bo"]})
    game = ledger.create_game("karnoffel", 2, header)
    assert re.fullmatch(r"[0-9a-f]{32}", game.uid)
    assert datetime.fromisoformat(game.created).utcoffset() is not None
    assert game.genesis == genesis_hash(game.uid, header)
    assert ledger.game(game.id) == game
    assert ledger.game_by_uid(game.uid) == game
    assert ledger.head(game.id) == (0, game.genesis)
    assert ledger.events(game.id) == []


def test_unknown_game_names_the_game_and_the_database(ledger: Ledger) -> None:
    where = re.escape(ledger.path)
    with pytest.raises(UnknownGame, match=f"there is no game 7 in {where}$") as info:
        ledger.game(7)
    assert isinstance(info.value, LookupError)
    for call in (ledger.head, ledger.events, ledger.verify_chain):
        with pytest.raises(UnknownGame):
            call(7)
    with pytest.raises(UnknownGame):
        ledger.append(7, 1, [NewEvent("x", "t", 1, None, b"")])
    with pytest.raises(UnknownGame, match="uid 'nope'"):
        ledger.game_by_uid("nope")


def test_duplicate_uid_is_refused_and_writes_nothing(ledger: Ledger, backend: Backend) -> None:
    first = ledger.create_game("karnoffel", 1, b"h", uid="abc")
    with pytest.raises(DuplicateGame, match=f"already in the database as game {first.id}"):
        ledger.create_game("karnoffel", 1, b"h", uid="abc")
    with pytest.raises(DuplicateGame):
        ledger.import_game("karnoffel", 1, b"h", [], uid="abc", created="x")
    assert backend.count("games") == 1


def test_games_lists_counts_and_heads(ledger: Ledger, make_notes: MakeNotes) -> None:
    empty = ledger.create_game("a", 1, b"")
    busy = ledger.create_game("b", 1, b"")
    stored = ledger.append(busy.id, 1, make_notes(3))
    summaries = ledger.games()
    assert [s.record for s in summaries] == [empty, busy]
    assert (summaries[0].events, summaries[0].head_seq, summaries[0].head_hash) == (
        0,
        0,
        empty.genesis,
    )
    assert (summaries[1].events, summaries[1].head_seq, summaries[1].head_hash) == (
        3,
        3,
        stored[-1].hash,
    )
    assert summaries[1].head_short == stored[-1].hash.hex()[:10]


# -- appending -------------------------------------------------------------------------


def test_append_chains_events_from_the_genesis(ledger: Ledger, make_notes: MakeNotes) -> None:
    game = ledger.create_game("karnoffel", 1, b"")
    first = ledger.append(game.id, 1, make_notes(2))
    second = ledger.append(game.id, 3, make_notes(1, start=3))
    stored = ledger.events(game.id)
    assert stored == first + second
    assert [e.seq for e in stored] == [1, 2, 3]
    links = [(game.genesis, stored[0]), *((a.hash, b) for a, b in itertools.pairwise(stored))]
    for prev, e in links:  # each hash covers the one before: the link is in the hash
        fields = (e.event_id, e.type, e.type_version, e.actor, e.payload, e.recorded_at)
        assert e.hash == event_hash(prev, e.seq, *fields)
    assert ledger.head(game.id) == (3, stored[-1].hash)
    assert ledger.events(game.id, upto=2) == stored[:2]
    assert ledger.events(game.id, after=1, upto=2) == stored[1:2]
    stamp = datetime.fromisoformat(stored[0].recorded_at)
    assert stamp.utcoffset() is not None and re.search(r"\.\d{6}\+00:00$", stored[0].recorded_at)
    assert ledger.verify_chain(game.id) == []


def test_append_keeps_a_given_recorded_at(ledger: Ledger) -> None:
    game = ledger.create_game("karnoffel", 1, b"")
    event = NewEvent("e1", "note", 1, None, b"\x80", recorded_at="2020-01-01T00:00:00+00:00")
    [stored] = ledger.append(game.id, 1, [event])
    assert stored.recorded_at == "2020-01-01T00:00:00+00:00"


def test_append_at_a_stale_seq_conflicts(ledger: Ledger, make_notes: MakeNotes) -> None:
    game = ledger.create_game("karnoffel", 1, b"")
    ledger.append(game.id, 1, make_notes(12))
    message = (
        f"game {game.id} has moved on: someone else wrote event 12 first"
        " (the game is now at event 12); look at the table again and retype the move if it"
        " still stands"
    )
    with pytest.raises(ConcurrencyConflict, match=re.escape(message)) as info:
        ledger.append(game.id, 12, make_notes(1, prefix="late"))
    assert (info.value.expected_seq, info.value.head_seq) == (12, 12)
    early = (
        f"game {game.id} is at event 12, so the next event is 13, not 15; look at the table"
        " again and retype the move"
    )
    with pytest.raises(ConcurrencyConflict, match=re.escape(early)):
        ledger.append(game.id, 15, make_notes(1, prefix="early"))
    assert ledger.head(game.id)[0] == 12


def test_append_from_two_connections_one_wins(backend: Backend, make_notes: MakeNotes) -> None:
    with backend.open() as alice, backend.open() as bob:
        game = alice.create_game("karnoffel", 1, b"")
        alice.append(game.id, 1, make_notes(1, prefix="deal"))
        seen_by_alice, seen_by_bob = alice.head(game.id), bob.head(game.id)
        assert seen_by_alice == seen_by_bob == (1, alice.events(game.id)[0].hash)
        alice.append(game.id, seen_by_alice[0] + 1, make_notes(1, prefix="alice"))
        with pytest.raises(ConcurrencyConflict):
            bob.append(game.id, seen_by_bob[0] + 1, make_notes(1, prefix="bob"))
        stored = bob.events(game.id)
    assert [(e.seq, e.event_id) for e in stored] == [(1, "deal-1"), (2, "alice-1")]
    assert backend.count("events") == 2


def test_racing_threads_never_leave_a_gap_or_a_duplicate(backend: Backend) -> None:
    writers = 6
    with backend.open() as setup:
        game = setup.create_game("karnoffel", 1, b"").id
    barrier = threading.Barrier(writers)
    outcomes: list[str] = []
    lock = threading.Lock()

    def write(n: int) -> None:
        with backend.open() as led:
            barrier.wait()
            try:
                led.append(game, 1, [NewEvent(f"w{n}", "note", 1, n, b"\x90")])
                result = "won"
            except ConcurrencyConflict:
                result = "conflict"
        with lock:
            outcomes.append(result)

    threads = [threading.Thread(target=write, args=(n,)) for n in range(writers)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert sorted(outcomes) == ["conflict"] * (writers - 1) + ["won"]
    with backend.open() as led:
        assert [e.seq for e in led.events(game)] == [1]
        assert led.verify_chain(game) == []


def test_retried_append_is_recognised_not_doubled(
    ledger: Ledger, backend: Backend, make_notes: MakeNotes
) -> None:
    game = ledger.create_game("karnoffel", 1, b"")
    batch = make_notes(3)
    first = ledger.append(game.id, 1, batch)
    ledger.append(game.id, 4, make_notes(1, prefix="later"))
    again = ledger.append(game.id, 1, batch)
    assert again == first
    assert backend.count("events") == 4
    assert all(isinstance(e, StoredEvent) for e in again)


def test_retry_with_other_contents_is_refused(ledger: Ledger, make_notes: MakeNotes) -> None:
    game = ledger.create_game("karnoffel", 1, b"")
    [event] = make_notes(1)
    ledger.append(game.id, 1, [event])
    changed = NewEvent(event.event_id, event.type, 1, event.actor, b"\xc0")
    with pytest.raises(LedgerError, match="with different contents"):
        ledger.append(game.id, 1, [changed])
    assert [e.payload for e in ledger.events(game.id)] == [event.payload]


def test_an_event_id_names_one_event_only(ledger: Ledger, make_notes: MakeNotes) -> None:
    one = ledger.create_game("karnoffel", 1, b"")
    two = ledger.create_game("karnoffel", 1, b"")
    ledger.append(one.id, 1, make_notes(2))
    with pytest.raises(EventIdTaken, match=f"already recorded as event 1 of game {one.id}"):
        ledger.append(two.id, 1, make_notes(1))
    with pytest.raises(LedgerError, match=f"already recorded as event 2 of game {one.id}"):
        ledger.append(two.id, 1, make_notes(1, prefix="x") + make_notes(1, start=2))
    twice = make_notes(1, prefix="t") * 2
    with pytest.raises(LedgerError, match="two events of the same append"):
        ledger.append(two.id, 1, twice)
    assert ledger.events(two.id) == []


def test_append_refuses_a_seq_below_one(ledger: Ledger, make_notes: MakeNotes) -> None:
    game = ledger.create_game("karnoffel", 1, b"")
    with pytest.raises(LedgerError, match="numbered from 1"):
        ledger.append(game.id, 0, make_notes(1))


# -- importing -------------------------------------------------------------------------


def _as_new(stored: list[StoredEvent]) -> list[NewEvent]:
    return [
        NewEvent(e.event_id, e.type, e.type_version, e.actor, e.payload, e.recorded_at)
        for e in stored
    ]


@pytest.mark.parametrize("to", BACKENDS)
def test_import_reproduces_the_exported_chain(
    ledger: Ledger, tmp_path: Path, make_notes: MakeNotes, to: str, request: pytest.FixtureRequest
) -> None:
    game = ledger.create_game("karnoffel", 1, b"header")
    stored = ledger.append(game.id, 1, make_notes(5))
    (tmp_path / "other").mkdir()
    with make_backend(to, tmp_path / "other", request).open() as other:
        copy = other.import_game(
            "karnoffel",
            1,
            b"header",
            iter(_as_new(stored)),
            uid=game.uid,
            created=game.created,
            hashes=[e.hash for e in stored],
        )
        assert (copy.uid, copy.genesis) == (game.uid, game.genesis)
        assert other.head(copy.id) == ledger.head(game.id)
        assert [e.hash for e in other.events(copy.id)] == [e.hash for e in stored]
        assert other.verify_chain(copy.id) == []


STAMP = "2024-01-01T00:00:00.000000+00:00"


@pytest.mark.parametrize(
    ("mangle", "first_bad"),
    [
        (lambda h: [*h[:2], b"\x00" * 32, *h[3:]], 3),
        (lambda h: h[:-1], 5),
        (lambda h: [*h, b"\x00" * 32], 6),
    ],
    ids=["wrong-hash", "too-few", "too-many"],
)
def test_import_with_wrong_hashes_writes_nothing(
    ledger: Ledger,
    backend: Backend,
    make_notes: MakeNotes,
    mangle: Callable[[list[bytes]], list[bytes]],
    first_bad: int,
) -> None:
    existing = ledger.create_game("karnoffel", 1, b"")
    ledger.append(existing.id, 1, make_notes(3, prefix="kept"))
    events = [attrs.evolve(e, recorded_at=STAMP) for e in make_notes(5)]
    right = [row[-1] for row in chain_rows(0, genesis_hash("imported", b""), events)]
    with pytest.raises(ChainBroken) as info:
        ledger.import_game(
            "karnoffel", 1, b"", events, uid="imported", created=STAMP, hashes=mangle(right)
        )
    assert info.value.seq == first_bad
    assert f"event {first_bad}" in str(info.value)
    assert "nothing was imported" in str(info.value)
    assert (backend.count("games"), backend.count("events")) == (1, 3)
    with pytest.raises(UnknownGame):
        ledger.game_by_uid("imported")
    # the same events with the right hashes go in
    game = ledger.import_game(
        "karnoffel", 1, b"", events, uid="imported", created=STAMP, hashes=right
    )
    assert [e.hash for e in ledger.events(game.id)] == right


def test_import_with_a_taken_event_id_writes_nothing(
    ledger: Ledger, backend: Backend, make_notes: MakeNotes
) -> None:
    game = ledger.create_game("karnoffel", 1, b"")
    ledger.append(game.id, 1, make_notes(2))
    with pytest.raises(LedgerError, match="already in the database"):
        ledger.import_game("karnoffel", 1, b"", make_notes(4, prefix="new") + make_notes(1))
    assert (backend.count("games"), backend.count("events")) == (1, 2)


CHILD = """
import sys
from tablelog.ledger import NewEvent, open_ledger

def events():
    for n in range(1, 300_001):
        if n == 5_000:
            print("started", flush=True)
        yield NewEvent(f"bulk-{n}", "note", 1, n % 4, b"\\x81\\xa4text\\xa3abc", "2024-01-01")

with open_ledger(sys.argv[1]) as led:
    led.import_game("karnoffel", 1, b"", events(), uid="killed")
print("finished", flush=True)
"""


def test_a_killed_bulk_import_leaves_no_partial_game(
    ledger: Ledger, backend: Backend, make_notes: MakeNotes
) -> None:
    kept = ledger.create_game("karnoffel", 1, b"")
    ledger.append(kept.id, 1, make_notes(3))
    repo = Path(__file__).resolve().parents[2]
    env = {**os.environ, "PYTHONPATH": str(repo)}
    child = subprocess.Popen(
        [sys.executable, "-c", CHILD, backend.target],
        cwd=repo,
        env=env,
        stdout=subprocess.PIPE,
        text=True,
    )
    try:
        assert child.stdout is not None
        assert child.stdout.readline().strip() == "started"
        time.sleep(0.3)
        child.send_signal(signal.SIGKILL)
    finally:
        child.wait(timeout=30)
    assert child.returncode == -signal.SIGKILL, "the import finished before it was killed"
    if backend.name == "sqlite":
        assert backend.query("PRAGMA integrity_check") == [("ok",)]
    assert backend.query("SELECT uid FROM games") == [(kept.uid,)]
    assert backend.count("events") == 3
    with backend.open() as after:
        assert [s.record.uid for s in after.games()] == [kept.uid]
        assert after.verify_chain(kept.id) == []


# -- opening ---------------------------------------------------------------------------


def test_a_file_that_is_not_a_database_is_refused(tmp_path: Path) -> None:
    path = tmp_path / "notes.txt"
    path.write_text("shopping list: milk, cards\n" * 100)
    with pytest.raises(LedgerError, match="is not a tablelog database"):
        Ledger(path)


def test_a_newer_schema_is_refused(backend: Backend) -> None:
    backend.open().close()
    backend.tamper("UPDATE meta SET value = '99' WHERE key = 'schema_version'")
    with pytest.raises(LedgerError, match="newer tablelog"):
        backend.open()


def test_in_memory_ledger_works(make_notes: MakeNotes) -> None:
    with Ledger(":memory:") as led:
        game = led.create_game("karnoffel", 1, b"")
        led.append(game.id, 1, make_notes(2))
        assert led.head(game.id)[0] == 2
        assert led.path == ":memory:"
    with pytest.raises(sqlite3.ProgrammingError):
        led.games()
