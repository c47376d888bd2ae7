"""Running ``tablelog`` through click's runner in the CLI tests: exit status checked, JSON
parsed, a game made, the database read back."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from click.testing import CliRunner, Result

from tablelog.cli.main import cli
from tests.helpers import PLAYERS

NEW = ["new", "karnoffel", *(arg for name in PLAYERS for arg in ("-p", name))]


def run(runner: CliRunner, *args: str | Path, code: int = 0) -> Result:
    """Invoke ``tablelog ARGS`` and check its exit status."""
    result = runner.invoke(cli, [str(a) for a in args])
    assert result.exit_code == code, (
        f"tablelog {' '.join(map(str, args))} exited {result.exit_code}, expected {code}\n"
        f"{result.output}{result.exception!r}"
    )
    if code in (1, 2) and result.exception is not None:
        assert isinstance(result.exception, SystemExit), "a user's mistake is not a traceback"
    return result


def run_json(runner: CliRunner, *args: str | Path) -> Any:
    """Invoke ``tablelog ARGS --json`` and parse its standard output."""
    return json.loads(run(runner, *args, "--json").stdout)


def new_game(runner: CliRunner, *extra: str) -> int:
    data = run_json(runner, *NEW, *extra)
    return int(data["game"])


def snapshot(runner: CliRunner) -> Any:
    """Everything ``list`` shows (events and head of every game): the database's contents."""
    return run_json(runner, "list")


def play_first_moves(runner: CliRunner, game: int, count: int) -> None:
    for _ in range(count):
        notation = run_json(runner, "moves", str(game))["moves"][0]["notation"]
        run(runner, "play", str(game), notation)
