"""The benchmarks' workload: real Karnöffel events, and raw sqlite3 doing the same
inserts as the ledger (the baseline of figures 1 and 2), with the timing helpers."""

from __future__ import annotations

import random
import sqlite3
import sys
import time
import uuid
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from tablelog.ledger import NewEvent, utc_now
from tablelog.ledger.envelope import db_rows
from tablelog.ledger.hashing import chain_rows, genesis_hash
from tablelog.ledger.schema import create_schema, prepare_connection
from tablelog.replay.codec import encode_event
from tablelog.replay.dealer import dealer_move
from tablelog.replay.headers import make_header
from tablelog.rules.events import Event
from tablelog.rules.protocol import Header, RuleSet

PLAYERS = ("Anna", "Bert", "Cleo", "Dirk")
APPEND_CHUNK = 25  # appends per side before the other side's turn (figure 1)
TOOLKIT_STEPS = 13_000  # a popular pure-Python card-game toolkit, steps/s (reference)
INSERT = (
    "INSERT INTO events (game, seq, event_id, type, type_version, actor, payload,"
    " recorded, recorded_text, hash) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)"
)
INSERT_TYPE = "INSERT INTO event_types (id, name) VALUES (?, ?)"
INSERT_GAME = (
    "INSERT INTO games (uid, rules, rules_version, header, genesis, created)"
    " VALUES (?, ?, ?, ?, ?, ?)"
)


# -- inputs ------------------------------------------------------------------------------


def header_for(rules: RuleSet, seed: int) -> Header:
    """A seeded four-player header with default options."""
    return make_header(rules, PLAYERS, {}, seed=seed)


def play_random_game(rules: RuleSet, header: Header, seed: int) -> list[Event]:
    """One full random game: the seeded dealer's chance moves, else a random legal move."""
    assert header.seed is not None
    rng = random.Random(seed)
    apply, legal, outcome = rules.apply, lambda s: tuple(rules.moves(s)), rules.outcome
    state = rules.start(header)
    events: list[Event] = []
    seq = 0
    while outcome(state) is None:
        seq += 1
        move = dealer_move(rules, state, header.seed, seq)
        if move is None:
            move = rng.choice(legal(state))
        event = Event(seq, move.actor, move.payload)
        state = apply(state, event)
        events.append(event)
    return events


def payload_pool(rules: RuleSet, games: int) -> list[NewEvent]:
    """Encoded events of ``games`` random games (used as templates for the ledger rows)."""
    pool: list[NewEvent] = []
    for seed in range(games):
        pool.extend(
            encode_event(rules, e) for e in play_random_game(rules, header_for(rules, seed), seed)
        )
    return pool


def fresh_events(pool: Sequence[NewEvent], n: int, stamped: bool) -> list[NewEvent]:
    """``n`` events cycled from ``pool`` with fresh ids (and a recorded time if ``stamped``)."""
    at = utc_now() if stamped else None
    out = []
    for i in range(n):
        e = pool[i % len(pool)]
        out.append(NewEvent(uuid.uuid4().hex, e.type, e.type_version, e.actor, e.payload, at))
    return out


# -- raw sqlite baseline -----------------------------------------------------------------


def raw_connection(path: Path) -> sqlite3.Connection:
    """A plain connection with the ledger's pragmas and schema (tables, indexes, triggers)."""
    conn = sqlite3.connect(path, isolation_level=None)
    prepare_connection(conn)
    create_schema(conn, str(path))
    return conn


def game_values(header: bytes) -> tuple[tuple[Any, ...], bytes]:
    """A games row (and its genesis hash) for a new game with this header."""
    uid = uuid.uuid4().hex
    genesis = genesis_hash(uid, header)
    return (uid, "karnoffel", 1, header, genesis, utc_now()), genesis


def type_rows(events: Sequence[NewEvent]) -> list[tuple[int, str]]:
    """The ``event_types`` rows the raw event rows refer to (ids by sorted name)."""
    return list(enumerate(sorted({e.type for e in events}), 1))


def raw_rows(header: bytes, events: Sequence[NewEvent]) -> tuple[tuple[Any, ...], list[Any]]:
    """The games row and the precomputed event rows as stored (hashes included, ids and
    times packed, type ids of ``type_rows``) of game id 1."""
    values, genesis = game_values(header)
    ids = {name: i for i, name in type_rows(events)}
    return values, list(db_rows(chain_rows(1, genesis, events), ids.__getitem__))


def timed(fn: Callable[[], object]) -> float:
    """Seconds ``fn`` takes."""
    start = time.perf_counter()
    fn()
    return time.perf_counter() - start


def timed_both(fn: Callable[[], object]) -> tuple[float, float]:
    """Wall-clock and CPU seconds ``fn`` takes (one call)."""
    start_cpu = time.process_time()
    wall = timed(fn)
    return wall, time.process_time() - start_cpu


def best_seconds(fn: Callable[[], object], runs: int = 3) -> tuple[float, float]:
    """The best wall-clock and the best CPU seconds of ``runs`` runs of ``fn``.

    Other processes competing for the CPUs stretch the wall clock but hardly the CPU time,
    so for CPU-bound figures the rate per CPU-second is shown beside the wall-clock one.
    """
    wall = cpu = float("inf")
    for _ in range(runs):
        start_cpu = time.process_time()
        wall = min(wall, timed(fn))
        cpu = min(cpu, time.process_time() - start_cpu)
    return wall, cpu
