"""``list``, ``stats``, ``export`` in every format and ``import --skip-existing`` through
the command line, on the club database of every fixture game."""

from __future__ import annotations

import csv
import json
import sqlite3
from pathlib import Path

import pytest
from click.testing import CliRunner

from tests.cli.test_cli import run, run_json
from tests.club import FIXTURES, RULE_SETS


@pytest.fixture
def club_runner(club: Path) -> CliRunner:
    return CliRunner(env={"TABLELOG_DB": str(club)})


def test_list_says_who_won_with_the_count(club_runner: CliRunner) -> None:
    data = run_json(club_runner, "list")
    assert data["count"] == len(data["games"]) == len(FIXTURES)
    finished = [g for g in data["games"] if g["over"]]
    assert finished and all(g["winners"] and g["scores"] for g in finished)
    text = run(club_runner, "list", "--rules", "karnoffel").stdout
    assert f"{sum(g['rules'] == 'karnoffel' for g in data['games'])} game(s)" in text


def test_list_filters(club_runner: CliRunner) -> None:
    everything = run_json(club_runner, "list")["games"]
    unfinished = run_json(club_runner, "list", "--unfinished")["games"]
    assert [g["game"] for g in unfinished] == [g["game"] for g in everything if not g["over"]]
    gry = run_json(club_runner, "list", "--player", "GRY")["games"]
    assert gry and all("Gry" in g["players"] for g in gry)
    assert run_json(club_runner, "list", "--since", "2100-01-01")["count"] == 0


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["list", "--since", "yesterday"], "write it as YYYY-MM-DD"),
        (["list", "--rules", "poker"], "no rule set called 'poker'"),
        (["export"], "name GAMES, or give --all or a filter"),
        (["export", "1", "--all"], "name GAMES, or give --all or a filter"),
        (["export", "--all", "--format", "sqlite"], "give -o FILE.sqlite"),
        (["export", "1", "--events"], "--events is for --format csv"),
        (["export", "99", "--format", "text"], "no game 99"),
    ],
)
def test_bad_usage_exits_2_with_a_sentence(
    club_runner: CliRunner, args: list[str], message: str
) -> None:
    result = run(club_runner, *args, code=2)
    assert message in result.stderr


def test_export_csv_to_a_file_and_per_event(club_runner: CliRunner, tmp_path: Path) -> None:
    path = tmp_path / "games.csv"
    run(club_runner, "export", "--all", "--format", "csv", "-o", path)
    with path.open(encoding="utf-8", newline="") as handle:
        rows = list(csv.DictReader(handle))
    assert {r["rules"] for r in rows} == set(RULE_SETS)
    events = run(club_runner, "export", "last", "--format", "csv", "--events").stdout
    rows = list(csv.DictReader(events.splitlines()))
    assert rows and {r["game"] for r in rows} == {str(len(FIXTURES))}
    assert [int(r["seq"]) for r in rows] == list(range(1, len(rows) + 1))


def test_export_sqlite_by_filter(club_runner: CliRunner, tmp_path: Path) -> None:
    path = tmp_path / "k.sqlite"
    result = run(club_runner, "export", "--rules", "karnoffel", "--format", "sqlite", "-o", path)
    assert "exported 3 game(s)" in result.stderr
    with sqlite3.connect(path) as conn:
        assert conn.execute("SELECT DISTINCT rules FROM games").fetchall() == [("karnoffel",)]
        assert conn.execute("SELECT COUNT(*) FROM players").fetchone() == (12,)


def test_export_text_and_html(club_runner: CliRunner) -> None:
    text = run(club_runner, "export", "1", "2", "--format", "text").stdout
    assert text.count("Head hash: ") == 2
    page = run(club_runner, "export", "--player", "Anna", "--format", "html").stdout
    assert page.startswith("<!DOCTYPE html>") and "<svg" in page and "Standings" in page
    assert "http://" not in page.replace('xmlns="http://www.w3.org/2000/svg"', "")


def test_stats_json_and_tables(club_runner: CliRunner) -> None:
    data = run_json(club_runner, "stats", "--rules", "karnoffel")
    assert data["games"] == 3 and set(data["rules"]) == {"karnoffel"}
    assert {p["name"] for p in data["rules"]["karnoffel"]["partnerships"]} == {
        "Anna & Cai",
        "Bo & Dina",
    }
    text = run(club_runner, "stats", "--rules", "nordekasino").stdout
    assert "sweeps" in text and "partnerships" in text and "moves by kind" in text


def test_import_skip_existing_merges_a_file(
    club_runner: CliRunner, runner: CliRunner, tmp_path: Path
) -> None:
    path = tmp_path / "all.jsonl"
    run(club_runner, "export", "--all", "-o", path)
    run(runner, "import", FIXTURES[0])
    refused = run(runner, "import", path, code=1)
    assert "already in the database as game 1" in refused.stderr
    assert run_json(runner, "list")["count"] == 1  # nothing written
    merged = run_json(runner, "import", path, "--skip-existing")
    assert len(merged["skipped"]) == 1 and len(merged["games"]) == len(FIXTURES) - 1
    assert run_json(runner, "list")["count"] == len(FIXTURES)
    assert "skipped" in run(runner, "import", path, "--skip-existing").stdout


def test_verify_and_import_refuse_a_file_that_is_not_text(
    runner: CliRunner, tmp_path: Path
) -> None:
    path = tmp_path / "binary.jsonl"
    path.write_bytes(b"\xff\xfe\x00garbage")
    assert "not UTF-8 text" in run(runner, "import", path, code=2).stderr
    assert "not UTF-8 text" in run(runner, "verify", path, code=2).stderr


def test_verify_a_file_of_many_games(club_runner: CliRunner, tmp_path: Path) -> None:
    path = tmp_path / "all.jsonl"
    run(club_runner, "export", "--all", "-o", path)
    data = run_json(club_runner, "verify", path)
    assert len(data["games"]) == len(FIXTURES) and all(g["ok"] for g in data["games"])
    assert json.loads(path.read_text(encoding="utf-8").splitlines()[0])["format"] == "tablelog"


def test_one_game_as_html_goes_to_the_replay_page_when_there_is_one(
    club_runner: CliRunner, monkeypatch: pytest.MonkeyPatch
) -> None:
    import sys
    import types

    from cli.histories import single_game_page

    if single_game_page() is None:  # no replay page yet: one game gets its own report
        page = run(club_runner, "export", "3", "--format", "html").stdout
        assert "1 game(s)" in page and page.count("<tr>") >= 2
    called: list[int] = []
    fake = types.ModuleType("replay.page")
    fake.write_page = lambda ledger, game, out: (called.append(game), out.write("PAGE"))  # type: ignore[attr-defined]
    monkeypatch.setitem(sys.modules, "replay.page", fake)
    assert run(club_runner, "export", "3", "--format", "html").stdout == "PAGE"
    assert called == [3]
    several = run(club_runner, "export", "3", "4", "--format", "html").stdout
    assert "2 game(s)" in several and called == [3]  # a set of games gets the report
