"""Faults from outside the input: racing recorders, a killed import, and storage that
refuses (read-only file or directory, a full disk, damaged pages, another program's file,
a lock). Each ends in a sentence and an intact database, never a traceback."""

from __future__ import annotations

import json
import multiprocessing
import os
import resource
import shutil
import signal
import sqlite3
import subprocess
import sys
import time
from collections.abc import Callable
from itertools import islice
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner

from tablelog.cli.main import cli
from tablelog.ledger import Ledger, NewEvent, StorageFault
from tablelog.replay.codec import encode_event, encode_header
from tablelog.replay.dealer import dealer_move
from tablelog.replay.fold import Replayer
from tablelog.replay.headers import make_header
from tablelog.rules import registry
from tablelog.rules.events import Event
from tests.helpers import PLAYERS

ROOT = Path(__file__).resolve().parents[2]


def tablelog(
    db: Path, *args: str, limit: Callable[[], None] | None = None, prefix: tuple[str, ...] = ()
) -> subprocess.CompletedProcess[str]:
    """``tablelog --db DB ARGS`` as a process of its own."""
    return subprocess.run(
        [*prefix, sys.executable, "-m", "tablelog", "--db", str(db), *args],
        capture_output=True, text=True, timeout=120, check=False, cwd=ROOT, preexec_fn=limit,
        env={**os.environ, "COLUMNS": "200"},
    )  # fmt: skip


def random_events(seed: int, length: int) -> tuple[Any, list[NewEvent]]:
    """A seeded Karnöffel game of ``length`` events (the first legal move each time)."""
    rules = registry.get("karnoffel")
    header = make_header(rules, PLAYERS, {}, seed=seed)
    replayer = Replayer(rules, header)
    events = []
    for seq in range(1, length + 1):
        if rules.outcome(replayer.state) is not None:
            break
        move = dealer_move(rules, replayer.state, seed, seq) or next(
            islice(rules.moves(replayer.state), seq % 3, None), None
        ) or next(iter(rules.moves(replayer.state)))  # fmt: skip
        event = Event(seq, move.actor, move.payload)
        replayer.push(event, check=True)
        events.append(encode_event(rules, event))
    return header, events


def fill(db: Path, games: int, length: int) -> None:
    """A database of ``games`` seeded games of ``length`` events each."""
    with Ledger(db) as ledger:
        for seed in range(games):
            header, events = random_events(seed, length)
            ledger.import_game("karnoffel", 1, encode_header(header), events)


def integrity(db: Path) -> str:
    conn = sqlite3.connect(db)
    try:
        return str(conn.execute("PRAGMA integrity_check").fetchone()[0])
    finally:
        conn.close()


def listed(db: Path) -> list[dict[str, Any]]:
    result = tablelog(db, "list", "--json")
    assert result.returncode == 0, result.stderr
    games: list[dict[str, Any]] = json.loads(result.stdout)["games"]
    return games


# -- several recorders on one game ------------------------------------------------------------


def _recorder(db: str, game: str, plays: int, out: Any) -> None:
    """One recorder: look at the table, pick a move, write it only if still there."""
    runner = CliRunner(env={"TABLELOG_DB": db})
    accepted, stale, other = [], 0, []
    for _ in range(plays):
        seen = json.loads(runner.invoke(cli, ["show", game, "--json"]).stdout)
        moves = json.loads(runner.invoke(cli, ["moves", game, "--json", "--limit", "1"]).stdout)
        if not moves["moves"]:
            break
        move = moves["moves"][0]["notation"]
        result = runner.invoke(cli, ["play", game, move, "--after", seen["head"], "--json"])
        if result.exit_code == 0:
            accepted.append((seen["seq"], json.loads(result.stdout)["written"][0]["seq"]))
        elif result.exit_code == 1 and "moved on since event" in result.stdout:
            stale += 1
        else:
            other.append(result.output)
    out.put((accepted, stale, other))


def test_concurrent_recorders_never_record_a_stale_move(tmp_path: Path):
    db = tmp_path / "race.db"
    fill(db, 1, 1)
    ctx = multiprocessing.get_context("fork")
    queue = ctx.Queue()
    workers = [ctx.Process(target=_recorder, args=(str(db), "1", 6, queue)) for _ in range(4)]
    for w in workers:
        w.start()
    results = [queue.get(timeout=120) for _ in workers]
    for w in workers:
        w.join(timeout=30)
    accepted = [pair for a, _, _ in results for pair in a]
    assert [o for _, _, o in results for o in o] == []
    assert accepted, "no recorder got a move in"
    assert all(written == seen + 1 for seen, written in accepted)  # none applied to a later state
    verified = tablelog(db, "verify", "1", "--json")
    assert json.loads(verified.stdout)["ok"] is True, verified.stdout
    assert integrity(db) == "ok"


# -- a killed import ----------------------------------------------------------------------------


def test_an_import_killed_at_any_moment_leaves_all_games_or_none(tmp_path: Path):
    source = tmp_path / "source.db"
    fill(source, 30, 40)
    exported = tmp_path / "all.jsonl"
    assert tablelog(source, "export", "--all", "-o", str(exported)).returncode == 0
    expected = listed(source)
    started = time.monotonic()
    assert tablelog(tmp_path / "whole.db", "import", str(exported)).returncode == 0
    whole = time.monotonic() - started  # start-up, reading, checking, writing, commit
    outcomes = set()
    for share in (0.15, 0.5, 0.8, 0.95):
        delay = whole * share
        db = tmp_path / f"killed-{share}.db"
        process = subprocess.Popen(
            [sys.executable, "-m", "tablelog", "--db", str(db), "import", str(exported)],
            cwd=ROOT, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
        )  # fmt: skip
        time.sleep(delay)
        process.send_signal(signal.SIGKILL)
        process.wait(timeout=30)
        if not db.exists():
            outcomes.add(0)
            continue
        assert integrity(db) == "ok"
        games = listed(db)
        assert len(games) in (0, len(expected)), f"killed after {delay}s: {len(games)} games"
        if games:
            assert [g["events"] for g in games] == [g["events"] for g in expected]
        outcomes.add(len(games))
    assert 0 in outcomes, "no kill landed before the commit"


# -- storage faults ---------------------------------------------------------------------------


def as_nobody() -> tuple[str, ...]:
    """A prefix that runs a command without the power to override file permissions (root
    in CI: a user namespace drops it); skipped where that is impossible, failed in CI."""
    if os.geteuid() != 0:
        return ()
    probe = subprocess.run(["unshare", "-U", "true"], capture_output=True, check=False)
    if probe.returncode != 0:
        if os.environ.get("CI"):
            pytest.fail("read-only tests need `unshare -U` (util-linux) when run as root")
        pytest.skip("running as root without user namespaces: read-only files stay writable")
    return ("unshare", "-U")


@pytest.fixture
def game_db(tmp_path: Path) -> Path:
    folder = tmp_path / "store"
    folder.mkdir()
    db = folder / "games.db"
    fill(db, 2, 12)
    return db


def next_move(db: Path) -> str:
    result = tablelog(db, "moves", "1", "--json", "--limit", "1")
    return str(json.loads(result.stdout)["moves"][0]["notation"])


def test_a_read_only_file_is_read_and_a_write_refused(game_db: Path):
    prefix = as_nobody()
    move = next_move(game_db)
    before = game_db.read_bytes()
    game_db.chmod(0o444)
    try:
        assert tablelog(game_db, "show", "1", prefix=prefix).returncode == 0
        refused = tablelog(game_db, "play", "1", move, prefix=prefix)
    finally:
        game_db.chmod(0o644)
    assert refused.returncode == 1, refused.stderr
    assert "is read-only, so nothing was written" in refused.stderr
    assert game_db.read_bytes() == before


def test_a_copy_on_read_only_media_can_be_read(game_db: Path):
    prefix = as_nobody()
    folder = game_db.parent
    folder.chmod(0o555)  # no -shm or -wal file can be made next to it
    try:
        shown = tablelog(game_db, "verify", "1", prefix=prefix)
        listed_ = tablelog(game_db, "list", prefix=prefix)
        refused = tablelog(game_db, "play", "1", "note hello", prefix=prefix)
    finally:
        folder.chmod(0o755)
    assert shown.returncode == 0, shown.stderr
    assert listed_.returncode == 0, listed_.stderr
    assert refused.returncode in (1, 2) and "Traceback" not in refused.stderr
    assert "read-only" in refused.stderr


def test_a_full_disk_is_named_and_the_database_stays_whole(game_db: Path):
    size = game_db.stat().st_size

    def small() -> None:
        resource.setrlimit(resource.RLIMIT_FSIZE, (size, size))

    before = listed(game_db)
    result = tablelog(game_db, "play", "1", "note " + "x" * 1900, limit=small)
    for _ in range(20):  # notes until the file must grow past the limit
        if result.returncode != 0:
            break
        result = tablelog(game_db, "play", "1", "note " + "x" * 1900, limit=small)
    assert result.returncode == 1, result.stdout + result.stderr
    assert "full" in result.stderr or "refused to read or write" in result.stderr
    assert "Traceback" not in result.stderr
    assert integrity(game_db) == "ok"
    after = listed(game_db)
    assert [g["game"] for g in after] == [g["game"] for g in before]
    assert json.loads(tablelog(game_db, "verify", "1", "--json").stdout)["ok"] is True


def test_damaged_pages_are_named_never_a_traceback(game_db: Path):
    with Ledger(game_db) as ledger:  # checkpoint: every page in the main file
        ledger.connection.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    data = bytearray(game_db.read_bytes())
    page = 4096
    for offset in range(page, len(data), 2 * page):  # every other page after the first
        data[offset : offset + page] = os.urandom(page)
    game_db.write_bytes(bytes(data))
    codes = []
    for args in (("list",), ("show", "1"), ("verify", "1"), ("log", "2"), ("play", "1", "undo")):
        result = tablelog(game_db, *args)
        codes.append(result.returncode)
        assert result.returncode in (0, 1, 2), (args, result.stdout, result.stderr)
        assert "Traceback" not in result.stderr and "internal error" not in result.stderr
        if result.returncode:
            assert len(result.stderr.strip().splitlines()) == 1, result.stderr
    assert any(codes), "damaged pages went unnoticed by every command"


def test_another_programs_database_is_left_untouched(tmp_path: Path):
    foreign = tmp_path / "photos.db"
    conn = sqlite3.connect(foreign)
    conn.execute("CREATE TABLE photos (id INTEGER, path TEXT)")
    conn.commit()
    conn.close()
    before = foreign.read_bytes()
    for args in (("list",), ("new", "karnoffel", "-p", "A", "-p", "B", "-p", "C", "-p", "D")):
        result = tablelog(foreign, *args)
        assert result.returncode == 1, result.stderr
        assert "another application's SQLite database" in result.stderr
    assert foreign.read_bytes() == before
    assert not Path(f"{foreign}-wal").exists()


def test_a_lock_held_by_another_program_is_named(game_db: Path):
    holder = sqlite3.connect(game_db, isolation_level=None)
    holder.execute("BEGIN IMMEDIATE")
    try:
        with Ledger(game_db) as ledger:
            ledger.connection.execute("PRAGMA busy_timeout=50")
            with pytest.raises(StorageFault, match="locked by another program"):
                ledger.create_game("karnoffel", 1, b"\x80")
    finally:
        holder.execute("ROLLBACK")
        holder.close()


def test_reading_commands_create_nothing(tmp_path: Path):
    db = tmp_path / "sub" / "none.db"
    for args in (("list",), ("show", "1"), ("verify", "1"), ("log", "last"), ("moves", "1")):
        result = tablelog(db, *args)
        assert result.returncode in (0, 2), result.stderr
        assert "Traceback" not in result.stderr
    assert not db.parent.exists()
    shutil.rmtree(tmp_path / "sub", ignore_errors=True)
