"""``tablelog record`` in a real terminal (a pseudo-terminal driven by pexpect).

A physical Karnöffel deal and a seeded Nørdekasino game are typed into ``record`` with
undo, redo, a note and Tab completion; the same moves typed one by one through ``play``
into a twin game give the same log. The head hash covers each game's uid and the time of
each event, so two games never share one: "the same log" is every event's seq, type,
actor and payload, and the head ``record`` prints on exit is the head the ledger holds.
"""

from __future__ import annotations

import json
import os
import re
import sys
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner

from tablelog.cli.main import cli
from tablelog.ledger import Ledger
from tablelog.replay.games import Games
from tablelog.replay.inspect import moves_data
from tablelog.replay.recorder import Recorder
from tests.helpers import CLUBS_DEAL

if os.environ.get("CI"):
    import pexpect  # under CI the terminal test runs, or fails: it never skips
else:
    pexpect = pytest.importorskip("pexpect", reason="pexpect (in the test extra) is missing")

KARNOFFEL = ["new", "karnoffel", "-p", "Anna", "-p", "Bo", "-p", "Cai", "-p", "Dina"]
NORDEKASINO = ["new", "nordekasino", "-p", "Anna", "-p", "Bo", "-p", "Cai", "--seed", "3"]
VOLATILE = {"recorded_at", "hash", "id", "uid", "created", "head"}


def _tablelog(db: Path, *args: str) -> Any:
    result = CliRunner().invoke(cli, ["--db", str(db), *args])
    assert result.exit_code == 0, result.output
    return result.output


def _new(db: Path, new: list[str]) -> int:
    return int(json.loads(_tablelog(db, *new, "--json"))["game"])


def _script(db: Path, new: list[str], first: list[str], plays: int) -> tuple[list[str], list[str]]:
    """Lines for ``record`` (with undo and redo) and the same moves as ``play`` takes them,
    found by a recorder on a scratch game: each move is the first one completion offers."""
    gid = _new(db, new)
    typed: list[str] = []
    with Ledger(db) as ledger:
        recorder = Recorder(Games(ledger), gid)

        def enter(line: str, as_played: str | None = None) -> None:
            entry = recorder.enter(line)
            assert not entry.refused, entry.lines
            typed.append(line)
            played.append(as_played or line)

        played: list[str] = []
        previous = ""
        for line in first:
            enter(line)
        for n in range(plays):
            move = moves_data(recorder.game, limit=1)["moves"][0]["notation"]
            enter(move)
            if n == 1:
                enter("undo")
                enter("redo", move)
            if n == 3:
                enter("note Bo asks to see the last trick")
                enter("undo")  # takes back this move
                enter("undo")  # ... and the one before
                enter("redo", previous)  # puts back the one before
            previous = move
    return typed, played


def _events(db: Path, game: int) -> list[dict[str, Any]]:
    lines = _tablelog(db, "export", str(game)).splitlines()
    rows = [json.loads(line) for line in lines]
    return [{k: v for k, v in row.items() if k not in VOLATILE} for row in rows]


def _spawn_record(db: Path, game: int) -> Any:
    """``tablelog record GAME`` in a pseudo-terminal of 60 rows and 160 columns."""
    # no cursor-position request: pexpect's terminal does not answer it, and
    # prompt_toolkit would wait for the answer before each prompt
    env = {**os.environ, "TERM": "xterm-256color", "PROMPT_TOOLKIT_NO_CPR": "1"}
    env["TABLELOG_DB"] = str(db)
    return pexpect.spawn(
        sys.executable,
        ["-m", "tablelog", "record", str(game)],
        env=env,
        encoding="utf-8",
        dimensions=(60, 160),
        timeout=30,
    )


def _record(db: Path, game: int, lines: list[str], complete: int) -> str:
    """Type ``lines`` into ``tablelog record GAME`` in a terminal; the line numbered
    ``complete`` is typed short and finished with Tab. Returns the head it printed."""
    child = _spawn_record(db, game)
    prompt = f"game {game}>"
    try:
        child.expect_exact(prompt)
        for i, line in enumerate(lines):
            if i == complete:  # typed short, finished by Tab
                child.send(line[:-1])
                child.expect_exact(line[:-1])
                child.send("\t")
                child.expect_exact(line[-1])
            child.send("\r" if i == complete else line + "\r")
            child.expect_exact(f"game {game} event ")  # what the line wrote
            child.expect_exact(prompt)
        child.sendcontrol("d")
        child.expect(r"head ([0-9a-f]{10})")
        head = str(child.match.group(1))
        child.expect(pexpect.EOF)
    finally:
        child.close(force=True)
    return head


@pytest.mark.parametrize(
    ("new", "first", "plays", "complete"),
    [
        (KARNOFFEL, [CLUBS_DEAL], 8, 3),  # a physical deal: the face-up cards, then plays
        (NORDEKASINO, [], 8, 1),  # a seeded game: the dealer deals by itself
    ],
    ids=["karnoffel-physical", "nordekasino-seeded"],
)
def test_record_in_a_terminal_writes_the_same_log_as_play(
    tmp_path: Path, new: list[str], first: list[str], plays: int, complete: int
):
    scratch = tmp_path / "scratch.db"
    typed, played = _script(scratch, new, first, plays)
    assert "undo" in typed and "redo" in typed
    db = tmp_path / "tablelog.db"
    recorded, twin = _new(db, new), _new(db, new)
    head = _record(db, recorded, typed, complete)
    for line in played:
        _tablelog(db, "play", str(twin), line)
    assert _events(db, recorded) == _events(db, twin)
    shown = json.loads(_tablelog(db, "show", str(recorded), "--json"))
    assert shown["head"] == head
    assert re.fullmatch(r"[0-9a-f]{10}", head)


def test_one_enter_takes_a_move_chosen_in_the_menu_and_a_chosen_step_goes_on(tmp_path: Path):
    db = tmp_path / "tablelog.db"
    game = _new(db, NORDEKASINO)  # Bo to act; "bu" completes to "build " alone
    child = _spawn_record(db, game)
    prompt = f"game {game}>"
    try:
        child.expect_exact(prompt)
        child.send("bu")
        child.expect_exact("build ")  # the menu is open, with one step in it
        child.send("\t")  # chooses it
        child.expect_exact("build ")
        child.send("\r")  # a step: Enter takes it and the line goes on
        child.send("KD ")
        child.expect_exact("build KD 8C 10H")  # the menu offers the whole move
        child.send("\t")  # chooses it
        child.send("\r")  # one Enter enters it (the menu's own Enter only closed it)
        child.expect_exact(f"game {game} event ")
        child.expect_exact(prompt)
        child.sendcontrol("d")
        child.expect(pexpect.EOF)
    finally:
        child.close(force=True)
    events = _events(db, game)
    assert events[-1]["type"] == "nordekasino.build" and events[-1]["actor"] == 1
