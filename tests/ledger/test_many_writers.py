"""Many writers at once, on each backend: 16 processes recording into 16 games while 8
more record into one shared game. No gap, no duplicate, and every lost race is a
``ConcurrencyConflict`` that says what happened; a retried append is never doubled."""

from __future__ import annotations

import multiprocessing
import re
from multiprocessing.synchronize import Barrier
from typing import Any

from tablelog.ledger import ConcurrencyConflict, NewEvent, open_ledger, pack
from tests.backends import Backend

OWN_GAMES = 16
SHARED_WRITERS = 8
APPENDS = 4  # per process: enough to race, few enough to stay quick
CONFLICT = re.compile(
    r"game \d+ has moved on: someone else wrote event (\d+) first"
    r" \(the game is now at event (\d+)\); look at the table again and retype the move if"
    r" it still stands"
)


def _event(writer: int, n: int) -> NewEvent:
    return NewEvent(f"w{writer}-{n}", "note", 1, writer % 4, pack({"writer": writer, "n": n}))


def record(target: str, game: int, writer: int, start: Barrier, out: Any) -> None:
    """Append APPENDS events to ``game`` one by one, each at the head the writer last saw;
    on a conflict, read the head again and retry. Each success is sent twice (a retry)."""
    conflicts: list[str] = []
    with open_ledger(target) as ledger:
        start.wait()
        seq, n = 1, 0  # everyone first tries event 1 of its game at once
        while n < APPENDS:
            batch = [_event(writer, n)]
            try:
                stored = ledger.append(game, seq, batch)
            except ConcurrencyConflict as conflict:
                conflicts.append(str(conflict))
                seq = ledger.head(game)[0] + 1
                continue
            assert ledger.append(game, seq, batch) == stored  # recognised, not doubled
            n, seq = n + 1, seq + 1
    out.put((writer, conflicts))


def test_many_writers_no_gap_no_duplicate_clear_conflicts(backend: Backend) -> None:
    with backend.open() as ledger:
        own = [ledger.create_game("karnoffel", 1, b"").id for _ in range(OWN_GAMES)]
        shared = ledger.create_game("karnoffel", 1, b"").id
    jobs = [*enumerate(own), *((OWN_GAMES + k, shared) for k in range(SHARED_WRITERS))]
    context = multiprocessing.get_context("fork")
    start, out = context.Barrier(len(jobs)), context.Queue()
    processes = [
        context.Process(target=record, args=(backend.target, game, writer, start, out))
        for writer, game in jobs
    ]
    for p in processes:
        p.start()
    results = dict(out.get(timeout=120) for _ in processes)
    for p in processes:
        p.join(timeout=60)
        assert p.exitcode == 0

    with backend.open() as ledger:
        for writer, game in enumerate(own):
            events = ledger.events(game)
            assert [(e.seq, e.event_id) for e in events] == [
                (n + 1, f"w{writer}-{n}") for n in range(APPENDS)
            ]
            assert results[writer] == []  # nobody else writes there: never a conflict
        events = ledger.events(shared)
        assert [e.seq for e in events] == list(range(1, SHARED_WRITERS * APPENDS + 1))
        ids = [e.event_id for e in events]
        assert sorted(ids) == sorted(
            f"w{OWN_GAMES + k}-{n}" for k in range(SHARED_WRITERS) for n in range(APPENDS)
        )
        for k in range(SHARED_WRITERS):  # each writer's events in the order it wrote them
            mine = [i for i in ids if i.startswith(f"w{OWN_GAMES + k}-")]
            assert mine == [f"w{OWN_GAMES + k}-{n}" for n in range(APPENDS)]
        for game in [*own, shared]:
            assert ledger.verify_chain(game) == []
        assert backend.count("events") == (OWN_GAMES + SHARED_WRITERS) * APPENDS

    conflicts = [c for k in range(SHARED_WRITERS) for c in results[OWN_GAMES + k]]
    assert len(conflicts) >= SHARED_WRITERS - 1  # all but one lost the race for event 1
    for message in conflicts:
        found = CONFLICT.fullmatch(message)
        assert found is not None, message
        assert int(found[2]) >= int(found[1])
