"""``list``, ``stats``, ``export`` in every format and ``import --skip-existing`` through
the command line, on the club database of every fixture game."""

from __future__ import annotations

import csv
import json
import os
import sqlite3
from fractions import Fraction
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner

from tests.cli.clitools import run, run_json
from tests.club import FIXTURES, RULE_SETS

KARNOFFEL = sum(
    1
    for p in FIXTURES
    if json.loads(p.read_text(encoding="utf-8").split("\n", 1)[0])["rules"] == "karnoffel"
)
"""How many Karnöffel games the club holds (every fixture is imported)."""


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
    assert f"exported {KARNOFFEL} games" in result.stderr
    with sqlite3.connect(path) as conn:
        assert conn.execute("SELECT DISTINCT rules FROM games").fetchall() == [("karnoffel",)]
        assert conn.execute("SELECT COUNT(*) FROM players").fetchone() == (4 * KARNOFFEL,)


def test_export_text_and_html(club_runner: CliRunner) -> None:
    text = run(club_runner, "export", "1", "2", "--format", "text").stdout
    assert text.count("Head hash: ") == 2
    page = run(club_runner, "export", "--player", "Anna", "--format", "html").stdout
    assert page.startswith("<!DOCTYPE html>") and "<svg" in page and "Standings" in page
    assert "http://" not in page.replace('xmlns="http://www.w3.org/2000/svg"', "")


def test_stats_json_and_tables(club_runner: CliRunner) -> None:
    data = run_json(club_runner, "stats", "--rules", "karnoffel")
    assert data["games"] == KARNOFFEL and set(data["rules"]) == {"karnoffel"}
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

    from tablelog.cli.histories import single_game_page

    if single_game_page() is None:  # no replay page yet: one game gets its own report
        page = run(club_runner, "export", "3", "--format", "html").stdout
        assert "1 game(s)" in page and page.count("<tr>") >= 2
    called: list[int] = []
    fake = types.ModuleType("tablelog.replay.page")
    fake.write_page = lambda ledger, game, out, viewer=None: (
        called.append(game),
        out.write("PAGE"),
    )  # type: ignore[attr-defined]
    monkeypatch.setitem(sys.modules, "tablelog.replay.page", fake)
    assert run(club_runner, "export", "3", "--format", "html").stdout == "PAGE"
    assert called == [3]
    several = run(club_runner, "export", "3", "4", "--format", "html").stdout
    assert "2 game(s)" in several and called == [3]  # a set of games gets the report


def _pandas() -> Any:
    """pandas (the ``test`` extra); missing under CI is a failure, elsewhere a skip."""
    try:
        import pandas
    except ImportError:
        if os.environ.get("CI"):
            pytest.fail("pandas is required under CI (pip install -e '.[test]')", pytrace=False)
        pytest.skip("pandas is not installed (pip install -e '.[test]')")
    return pandas


def test_pandas_reads_both_csv_exports(club_runner: CliRunner, tmp_path: Path) -> None:
    pd = _pandas()
    names = ["Åse", "Bjørn", "Ζωή", 'Dana "D"']  # quotes for the CSV too
    run(club_runner, "new", "karnoffel", "--seed", "3", *(a for n in names for a in ("-p", n)))
    games_csv, events_csv = tmp_path / "games.csv", tmp_path / "events.csv"
    run(club_runner, "export", "--all", "--format", "csv", "-o", games_csv)
    run(club_runner, "export", "--all", "--format", "csv", "--events", "-o", events_csv)
    listed = {g["game"]: g for g in run_json(club_runner, "list")["games"]}
    # as docs/exports.md says: hashes as text (ten hex digits may all be digits)
    games = pd.read_csv(games_csv, dtype={"head": str})
    assert str(games["game"].dtype) == str(games["events"].dtype) == "int64"
    assert all(pd.api.types.is_string_dtype(games[c]) for c in ("rules", "players", "head"))
    assert set(games["rules"]) == set(RULE_SETS) and len(games) == len(listed)
    for row in games.itertuples():
        known = listed[row.game]
        assert row.head == known["head"] and len(row.head) == 10
        assert row.players.split("; ") == known["players"]  # UTF-8 names, as recorded
        assert row.events == known["events"]
        if isinstance(row.scores, str):  # exact fractions as text, decimals beside them
            exact = dict(s.rsplit(": ", 1) for s in row.scores.split("; "))
            decimals = dict(s.rsplit(": ", 1) for s in row.scores_decimal.split("; "))
            assert exact.keys() == decimals.keys() == known["scores"].keys()
            for side, value in exact.items():
                assert float(decimals[side]) == pytest.approx(float(Fraction(value)), abs=1e-6)
    assert games.iloc[-1]["players"].split("; ") == names
    assert games["scores"].str.contains("/").any(), "the Nørdekasino fixtures score in halves"
    events = pd.read_csv(events_csv, dtype={"hash": str}, keep_default_na=False)
    assert str(events["game"].dtype) == str(events["seq"].dtype) == "int64"
    assert len(events) == sum(g["events"] for g in listed.values())
    per_game = events.groupby("game")["seq"].agg(["min", "max", "count"])
    assert (per_game["min"] == 1).all() and (per_game["max"] == per_game["count"]).all()
    assert events["effective"].dtype == bool  # true/false cells read as booleans
    assert events["hash"].str.fullmatch("[0-9a-f]{10}").all()
    stamps = pd.to_datetime(events["recorded_at"], utc=True, format="ISO8601")
    assert stamps.notna().all()
    last = events[events["game"] == max(listed)].iloc[-1]
    assert last["hash"] == listed[max(listed)]["head"]  # the head is the last event's hash


def test_list_json_streams_each_game_as_it_is_read(
    club_runner: CliRunner, monkeypatch: pytest.MonkeyPatch
) -> None:
    import sys

    from tablelog.replay import summary

    whole = run_json(club_runner, "list")
    real = summary.results
    written_before_next: list[bool] = []

    def watched(*args: Any, **kwargs: Any) -> Any:
        for result in real(*args, **kwargs):
            yield result
            sys.stdout.flush()  # the runner's stdout: what was written so far
            written_before_next.append(result.uid in sys.stdout.buffer.getvalue().decode())  # type: ignore[attr-defined]

    monkeypatch.setattr(summary, "results", watched)
    streamed = run_json(club_runner, "list")
    assert streamed == whole and whole["count"] == len(whole["games"]) == len(FIXTURES)
    assert written_before_next == [True] * len(FIXTURES)


def test_list_pages_its_table_newest_first_and_counts_every_game(
    club_runner: CliRunner, monkeypatch: pytest.MonkeyPatch
) -> None:
    from tablelog.cli import listing

    games = [g["game"] for g in run_json(club_runner, "list")["games"]]
    monkeypatch.setattr(listing, "PAGE", 2)
    first = run(club_runner, "list").stdout
    assert f"{len(games)} game(s)" in first  # the count is every game's
    assert f"rows {len(games) - 1}–{len(games)} of {len(games)} (page 1 of" in first
    assert "--page 2 for older ones" in first
    pages = -(-len(games) // 2)
    last = run(club_runner, "list", "--page", str(pages + 3)).stdout  # past the end: the last
    assert f"(page {pages} of {pages}: --all" in last and "older ones" not in last
    every = run(club_runner, "list", "--all").stdout
    assert "showing rows" not in every and f"{len(games)} game(s)" in every


def test_a_page_is_a_slice_of_the_rows_in_order() -> None:
    from tablelog.cli.listing import PAGE, paged

    rows = [{"game": n} for n in range(1, 2 * PAGE + 8)]
    newest, said = paged(rows, 1)
    assert newest == rows[-PAGE:] and "page 1 of 3" in said
    assert paged(rows, 3)[0] == rows[:7] and paged(rows, None) == (rows, "")
    assert paged(rows[:PAGE], 1) == (rows[:PAGE], "")


def test_every_seat_is_refused_for_a_game_still_being_played(
    runner: CliRunner, tmp_path: Path
) -> None:
    game = run_json(runner, "new", "karnoffel", "-p", "A", "-p", "B", "-p", "C", "-p", "D",
                    "--seed", "3")["game"]  # fmt: skip
    out = tmp_path / "all.html"
    refused = run(runner, "export", str(game), "--format", "html", "--all-seats", "-o", out,
                  code=1)  # fmt: skip
    assert refused.stderr.strip() == (
        f"Error: game {game} is still being played: a page of every seat's cards would show"
        " every hand to whoever gets the file, so it is made once the game is over (until"
        " then export the page as everyone, or --as a player)"
    )
    assert not out.exists()
    while not run_json(runner, "show", str(game))["over"]:
        move = run_json(runner, "moves", str(game), "--limit", "1")["moves"][0]["notation"]
        run(runner, "play", str(game), move)
    made = run(runner, "export", str(game), "--format", "html", "--all-seats", "-o", out)
    assert "Every seat's cards are in this page" in out.read_text(encoding="utf-8")
    assert made.stderr.startswith("exported 1 game as a replay page to ")
