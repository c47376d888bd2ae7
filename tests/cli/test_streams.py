"""Every command, as a program of its own, on streams that cannot carry its text and on a
closed pipe: it finishes with the right exit status, and a command that writes writes
exactly once (issue 25, case 1: `play 1 note "é♥"` committed, then failed printing, so
the retry wrote twice).

The environments: ``PYTHONIOENCODING=latin-1`` (no suits), ``LC_ALL=C`` (Python's UTF-8
mode), ``LC_ALL=C PYTHONUTF8=0`` (ASCII streams, arguments as escaped bytes), and
standard output a pipe whose reader has already gone.
"""

from __future__ import annotations

import json
import os
import sqlite3
import subprocess
import sys
from contextlib import closing
from pathlib import Path

import pytest

PLAYERS = ("Anna", "Bø", "Cai", "Dina")
NEW = ["new", "karnoffel", *(a for name in PLAYERS for a in ("-p", name)), "--seed", "2"]

ENVIRONMENTS = {
    "latin-1": {"PYTHONIOENCODING": "latin-1"},
    "C": {"LC_ALL": "C"},
    "C-no-utf8": {"LC_ALL": "C", "PYTHONUTF8": "0"},
    "closed-pipe": {},
}

COMMANDS: list[tuple[list[str], tuple[int, int]]] = [
    # (arguments, (games added, events added))
    (["games"], (0, 0)),
    (["list"], (0, 0)),
    (["list", "--json"], (0, 0)),
    (["stats"], (0, 0)),
    (["show", "1"], (0, 0)),
    (["show", "1", "--as", "Bø"], (0, 0)),
    (["show", "1", "--json"], (0, 0)),
    (["log", "1"], (0, 0)),
    (["replay", "1", "--to", "3"], (0, 0)),
    (["moves", "1"], (0, 0)),
    (["verify", "1"], (0, 0)),
    (["export", "1"], (0, 0)),
    (["export", "1", "--format", "text"], (0, 0)),
    (["export", "1", "--format", "csv"], (0, 0)),
    (["diff", "1", "1"], (0, 0)),
    (["play", "1", "note", "é♥"], (0, 1)),
    (["new", *NEW[1:]], (1, 1)),
    (["fork", "1", "--at", "2"], (1, 2)),
    (["play", "1", "nonsense♥"], (0, 0)),
]


def _tablelog(
    db: Path, args: list[str], env: dict[str, str], **kwargs: object
) -> subprocess.CompletedProcess[bytes]:
    full = {k: v for k, v in os.environ.items() if k not in ("LC_ALL", "LANG", "PYTHONUTF8")}
    full.update(env, TABLELOG_DB=str(db), COLUMNS="100")
    command = [sys.executable, "-m", "tablelog", *args]
    return subprocess.run(command, env=full, check=False, timeout=120, **kwargs)  # type: ignore[call-overload, no-any-return]


def _counts(db: Path) -> tuple[int, int]:
    """The number of games and of events in the database (read directly)."""
    with closing(sqlite3.connect(db)) as conn:
        games = conn.execute("SELECT count(*) FROM games").fetchone()[0]
        events = conn.execute("SELECT count(*) FROM events").fetchone()[0]
    return games, events


def _notes(db: Path) -> list[str]:
    """Every note of game 1, read in a UTF-8 environment."""
    log = _tablelog(db, ["log", "1", "--json"], {"PYTHONUTF8": "1"}, capture_output=True)
    return [e["notation"][5:] for e in json.loads(log.stdout)["events"] if e["type"] == "note"]


@pytest.fixture
def played(tmp_path: Path) -> Path:
    db = tmp_path / "t.db"
    assert _tablelog(db, NEW, {"PYTHONUTF8": "1"}, capture_output=True).returncode == 0
    return db


def _run(db: Path, args: list[str], name: str) -> subprocess.CompletedProcess[bytes]:
    if name != "closed-pipe":
        return _tablelog(db, args, ENVIRONMENTS[name], capture_output=True)
    read, write = os.pipe()
    os.close(read)  # the reader is gone before the command writes a byte
    try:
        return _tablelog(db, args, {}, stdout=write, stderr=subprocess.PIPE)
    finally:
        os.close(write)


@pytest.mark.parametrize("name", list(ENVIRONMENTS))
def test_every_command_finishes_and_writes_once(played: Path, name: str) -> None:
    for args, (games, events) in COMMANDS:
        before = _counts(played)
        done = _run(played, args, name)
        after = _counts(played)
        refused = args[-1] == "nonsense♥"
        expected = 2 if refused else (141 if name == "closed-pipe" else 0)
        stderr = done.stderr.decode("utf-8", "replace")
        assert done.returncode == expected, f"tablelog {' '.join(args)} under {name}: {stderr}"
        assert "internal error" not in stderr and "Traceback" not in stderr, stderr
        assert (after[0] - before[0], after[1] - before[1]) == (games, events), args
        if name == "closed-pipe":
            assert "Broken pipe" not in stderr, stderr
        elif args[0] != "export":  # an export is UTF-8 everywhere (docs/exports.md)
            encoding = (
                "ascii" if name == "C-no-utf8" else "latin-1" if name == "latin-1" else "utf-8"
            )
            done.stdout.decode(encoding)  # the stream's own encoding, nothing else


@pytest.mark.parametrize("name", ["latin-1", "C", "C-no-utf8"])
def test_a_note_is_read_as_typed_in_any_locale(played: Path, name: str) -> None:
    """In the C locale without UTF-8 mode the note was refused as "lone surrogates"."""
    done = _run(played, ["play", "1", "note", "é♥ Bø"], name)
    assert done.returncode == 0, done.stderr
    assert _notes(played) == ["é♥ Bø"]


def test_cards_fall_back_to_their_letters_and_names_to_escapes(played: Path) -> None:
    done = _run(played, ["play", "1", "note", "é♥"], "C-no-utf8")
    assert b"note \\xe9H" in done.stdout
    shown = _run(played, ["show", "1", "--as", "Bø", "--json"], "C-no-utf8")
    assert json.loads(shown.stdout)["as"] == "Bø"  # JSON escapes, the same JSON


def test_record_reads_piped_lines_as_typed_in_the_c_locale(played: Path) -> None:
    """`record` from a pipe under `LC_ALL=C PYTHONUTF8=0` read "é" as escaped bytes."""
    full = {k: v for k, v in os.environ.items() if k not in ("LC_ALL", "LANG", "PYTHONUTF8")}
    full.update(ENVIRONMENTS["C-no-utf8"], TABLELOG_DB=str(played), COLUMNS="100")
    done = subprocess.run(
        [sys.executable, "-m", "tablelog", "record", "1"],
        input="note é♥\nquit\n".encode(),
        env=full,
        capture_output=True,
        check=False,
        timeout=120,
    )
    assert done.returncode == 0, done.stderr
    assert _notes(played) == ["é♥"]
