"""Moving games between SQLite and PostgreSQL from the command line: export and import,
and ``migrate`` in one step. Games, event hashes and heads come out identical."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner

from tests.backends import Backend, make_backend
from tests.cli.clitools import new_game, play_first_moves, run, run_json


def runner_on(backend: Backend) -> CliRunner:
    return CliRunner(env={"TABLELOG_DB": backend.target})


def contents(runner: CliRunner) -> list[dict[str, Any]]:
    """Every game as ``list`` shows it, without its local id (which may differ)."""
    return [{k: v for k, v in g.items() if k != "game"} for g in run_json(runner, "list")["games"]]


@pytest.fixture
def home(tmp_path: Path, request: pytest.FixtureRequest) -> CliRunner:
    """A SQLite database with three games: two in play (one seeded), one just dealt."""
    (tmp_path / "home").mkdir()
    runner = runner_on(make_backend("sqlite", tmp_path / "home", request))
    play_first_moves(runner, new_game(runner, "--seed", "3"), 5)
    new_game(runner)
    play_first_moves(runner, new_game(runner, "--seed", "8"), 2)
    return runner


@pytest.fixture
def club(tmp_path: Path, request: pytest.FixtureRequest) -> Backend:
    return make_backend("postgresql", tmp_path, request)


def test_export_all_from_sqlite_into_postgresql_and_back(
    home: CliRunner, club: Backend, tmp_path: Path, request: pytest.FixtureRequest
) -> None:
    exported = tmp_path / "all.jsonl"
    run(home, "export", "--all", "-o", exported)
    there = runner_on(club)
    assert run_json(there, "import", exported)["games"] == [1, 2, 3]
    assert contents(there) == contents(home)
    assert all(run_json(there, "verify", str(n))["ok"] for n in (1, 2, 3))

    back = tmp_path / "back.jsonl"
    run(there, "export", "--all", "-o", back)
    assert back.read_text() == exported.read_text()
    (tmp_path / "again").mkdir()
    again = runner_on(make_backend("sqlite", tmp_path / "again", request))
    run(again, "import", back)
    assert contents(again) == contents(home)


def test_migrate_to_postgresql_and_back(
    home: CliRunner, club: Backend, tmp_path: Path, request: pytest.FixtureRequest
) -> None:
    result = run(home, "migrate", "--to", club.target)
    assert result.stdout.startswith(f"migrated 3 games (9 events) to {club.target};")
    assert "copying 3 games" in result.stderr and "9/9" in result.stderr  # the progress bar
    there = runner_on(club)
    assert contents(there) == contents(home)
    there_log = run_json(there, "log", "1")
    assert there_log == run_json(home, "log", "1")

    back = tmp_path / "back.db"
    run(there, "migrate", "--to", back)
    assert contents(runner_on(Backend("sqlite", str(back)))) == contents(home)


def test_migrate_refuses_a_target_that_holds_some_of_the_games(
    home: CliRunner, club: Backend, tmp_path: Path
) -> None:
    exported = tmp_path / "one.jsonl"
    run(home, "export", "2", "-o", exported)
    there = runner_on(club)
    run(there, "import", exported)
    new_game(there)  # a game of the club's own
    before = contents(there)
    uid = json.loads(exported.read_text().splitlines()[0])["uid"]

    result = run(home, "migrate", "--to", club.target, code=1)
    assert (
        f"nothing was migrated: {club.target} already holds 1 of these games:"
        f" game 2 (uid {uid}) is game 1 there"
    ) in result.stderr
    assert contents(there) == before


def test_migrate_needs_a_target(home: CliRunner) -> None:
    result = run(home, "migrate", code=2)
    assert "Missing option '--to'" in result.stderr


def test_verify_names_an_event_altered_in_the_database(backend: Backend) -> None:
    runner = runner_on(backend)
    game = new_game(runner, "--seed", "3")
    play_first_moves(runner, game, 4)
    backend.tamper(f"UPDATE events SET actor = (actor + 1) % 4 WHERE game = {game} AND seq = 3")
    result = run(runner, "verify", str(game), code=1)
    assert "event 3" in result.stdout and "altered after it was recorded" in result.stdout


def test_an_altered_game_is_not_exported(backend: Backend, tmp_path: Path) -> None:
    runner = runner_on(backend)
    game = new_game(runner, "--seed", "3")
    play_first_moves(runner, game, 4)
    assert run(runner, "export", str(game)).stdout.count("\n") >= 5  # sound: exported
    backend.tamper(f"UPDATE events SET actor = (actor + 1) % 4 WHERE game = {game} AND seq = 3")
    result = run(runner, "export", str(game), code=1)
    assert result.stdout == ""
    assert f"game {game} was altered after it was recorded: event 3" in result.stderr
    assert "it is not exported" in result.stderr
    target = tmp_path / "out.jsonl"
    run(runner, "export", str(game), "-o", str(target), code=1)
    assert not target.exists()  # nothing written
    for fmt in ("csv", "text", "html"):
        result = run(runner, "export", str(game), "--format", fmt, code=1)
        assert "was altered after it was recorded: event 3" in result.stderr, fmt
