"""``tablelog fork`` and ``tablelog fuzz`` through click's runner."""

from __future__ import annotations

from pathlib import Path

import attrs
from click.testing import CliRunner

from tests.cli.clitools import new_game, play_first_moves, run, run_json, snapshot

# -- fork and fuzz ------------------------------------------------------------------------


def test_fork_from_the_cli(runner: CliRunner):
    game = str(new_game(runner, "--seed", "3"))
    play_first_moves(runner, int(game), 3)
    fork = run_json(runner, "fork", game, "--at", "2")
    assert fork["game"] == 2 and fork["seq"] == 2
    assert run_json(runner, "verify", "2")["ok"] is True
    result = run(runner, "fork", game, "--at", "9", code=2)
    assert "cannot fork at 9" in result.stderr
    assert len(snapshot(runner)["games"]) == 2


def test_fuzz_reports_ok(runner: CliRunner, tmp_path: Path):
    data = run_json(
        runner, "fuzz", "karnoffel", "--games", "5", "--seed", "1", "--save-dir", tmp_path / "f"
    )
    assert data["ok"] is True and data["failure"] is None
    assert data["games"] == 5 and data["events"] > 5 * 20
    assert not (tmp_path / "f").exists()


def test_fuzz_refuses_an_unknown_option(runner: CliRunner):
    result = run(runner, "fuzz", "karnoffel", "--games", "1", "-o", "colour=red", code=2)
    assert "unknown option 'colour'" in result.stderr


def test_fuzz_players_pins_the_seat_count(runner: CliRunner, tmp_path: Path):
    from tablelog.replay.kit.fuzz import fuzz as run_fuzz
    from tablelog.rules import registry

    seen: list[int] = []
    rules = registry.get("speahx")
    original = rules.start

    def spy(header):  # the kit starts every drawn game through rules.start
        seen.append(len(header.players))
        return original(header)

    data = run_json(
        runner, "fuzz", "speahx", "--players", "3", "--games", "2", "--seed", "1", "--jobs", "1"
    )
    assert data["ok"] is True and data["players"] == 3
    report = run_fuzz(attrs.evolve(rules, start=spy), 2, 1, seats=(3,))
    assert report.ok and seen and set(seen) == {3}


def test_fuzz_players_outside_the_game_is_refused(runner: CliRunner):
    result = run(runner, "fuzz", "karnoffel", "--players", "3", "--games", "1", code=2)
    assert "karnoffel is played by 4 players, not 3" in result.stderr
    result = run(runner, "fuzz", "vriddiot", "--players", "1", "--games", "1", code=2)
    assert "vriddiot is played by" in result.stderr and "not 1" in result.stderr
