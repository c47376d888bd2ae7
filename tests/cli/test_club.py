"""A club's history: ratings, trends, variations, the tidy CSV, Datasette's metadata and
global options, through the command line on the club database of every fixture game."""

from __future__ import annotations

import asyncio
import json
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner

from tablelog.ledger import Ledger
from tablelog.replay.summary import results
from tests.cli.clitools import new_game, play_first_moves, run, run_json
from tests.club import RULE_SETS


@pytest.fixture
def club_runner(club: Path) -> CliRunner:
    return CliRunner(env={"TABLELOG_DB": str(club)})


def independent_ratings(club: Path) -> dict[str, dict[str, tuple[float, float]]]:
    """The ratings computed straight with the library from the summaries: every finished
    game in the order played, partnerships as teams, a place shared as a tie."""
    from openskill.models import PlackettLuce

    model = PlackettLuce()
    with Ledger(club) as ledger:
        games = sorted(
            (r for r in results(ledger) if r.data["over"] and r.data["ranking"]),
            key=lambda r: (r.created, r.game),
        )
    ratings: dict[str, dict[str, Any]] = {}
    for r in games:
        own = ratings.setdefault(r.rules, {})
        sides = [s for s in r.data["sides"].values() if s]
        if all(len(s) == 1 for s in sides):
            sides = [[p] for p in r.data["players"]]
        place = {p: i for i, names in enumerate(r.data["ranking"]) for p in names}
        teams = [[own.get(p) or model.rating(name=p) for p in side] for side in sides]
        new = model.rate(teams, ranks=[min(place[p] for p in side) for side in sides])
        for side, rated in zip(sides, new, strict=True):
            own.update(zip(side, rated, strict=True))
    return {
        rules: {name: (x.mu, x.sigma) for name, x in own.items()} for rules, own in ratings.items()
    }


def test_ratings_match_an_independent_computation_and_repeat(
    club_runner: CliRunner, club: Path
) -> None:
    first = run_json(club_runner, "stats")
    expected = independent_ratings(club)
    assert set(expected) == set(RULE_SETS)
    for rules, section in first["rules"].items():
        rated = {r["name"]: (r["rating"], r["uncertainty"]) for r in section["ratings"]}
        want = {n: (round(mu, 3), round(s, 3)) for n, (mu, s) in expected[rules].items()}
        assert rated == want, rules
        order = [r["name"] for r in section["ratings"]]
        assert order == sorted(want, key=lambda n: (-want[n][0], n))
        for row in section["players"]:  # every player row says its rating, if rated
            if row["name"] in want:
                assert row["rating"] == want[row["name"]][0] and row["uncertainty"] > 0
            else:  # only in a game still running
                assert (row["rating"], row["rated_games"], row["finished"]) == (None, 0, 0)
    assert run_json(club_runner, "stats") == first  # the same games give the same numbers


def test_ratings_rank_partners_together_and_count_a_shared_place_as_a_tie(
    club_runner: CliRunner,
) -> None:
    data = run_json(club_runner, "stats", "--rules", "nordekasino")["rules"]["nordekasino"]
    by_name = {r["name"]: r for r in data["ratings"]}
    # the partnership game was a tie (25/2 each) and the solo one Anna > Dina > Bo > Cai
    assert by_name["Anna"]["rating"] > by_name["Dina"]["rating"] > by_name["Bo"]["rating"]
    assert by_name["Bo"]["rating"] > by_name["Cai"]["rating"]
    assert all(len(r["history"]) == r["rated_games"] for r in data["ratings"])


def test_trends_head_to_head_and_seats(club_runner: CliRunner) -> None:
    section = run_json(club_runner, "stats", "--rules", "karnoffel")["rules"]["karnoffel"]
    h2h = {(r["player"], r["opponent"]): r for r in section["head_to_head"]}
    assert ("Anna", "Cai") not in h2h  # partners never meet as opponents
    bo_dina = h2h[("Anna", "Bo")]
    assert bo_dina["games"] == bo_dina["ahead"] + bo_dina["behind"] + bo_dina["level"]
    assert bo_dina["behind"] > bo_dina["ahead"]
    seats = section["seats"]
    assert [s["seat"] for s in seats] == [1, 2, 3, 4]
    assert all(s["fair_share"] == 0.5 for s in seats)  # partners win together
    assert sum(s["wins"] for s in seats) == 2 * section["rated_games"]
    anna = section["trend"]["Anna"]
    assert sum(d["games"] for d in anna) == section["rated_games"]
    text = run(club_runner, "stats", "--rules", "karnoffel").stdout
    assert "ratings" in text and "head to head" in text and "seats" in text and "±" in text


def slip_and_variation(runner: CliRunner) -> tuple[int, int, list[dict[str, Any]]]:
    """A seeded game whose fifth event was a slip, undone and played again (events 5 to
    7), and a variation of it from event 4; with the moves listed at event 4."""
    game = new_game(runner, "--seed", "3")
    play_first_moves(runner, game, 3)
    moves = run_json(runner, "moves", str(game))["moves"]
    run(runner, "play", str(game), moves[0]["notation"])
    run(runner, "play", str(game), "undo")
    run(runner, "play", str(game), moves[1]["notation"])
    fork = run_json(runner, "fork", str(game), "--at", "4")["game"]
    return game, fork, moves


def test_a_variation_is_listed_under_its_game_and_left_out_of_stats(
    runner: CliRunner,
) -> None:
    game, fork, moves = slip_and_variation(runner)
    run(runner, "play", str(fork), moves[1]["notation"])
    other = new_game(runner, "--seed", "4")
    listed = run_json(runner, "list")["games"]
    variation = next(g for g in listed if g["game"] == fork)
    assert variation["variation_at"] == 4 and variation["variation_of"]
    text = run(runner, "list").stdout
    assert f"↳ {fork} is a variation of game {game} from event 4" in text
    assert "2 game(s) and 1 variation(s)" in text
    assert text.index(f"│  ↳ {fork} ") < text.index(f"│    {other} ")  # right under its game
    assert run_json(runner, "stats")["games"] == 2
    assert run_json(runner, "stats", "--variations")["games"] == 3
    exported = run(runner, "export", "--all", "--format", "csv").stdout
    assert len(exported.strip().splitlines()) == 1 + 2
    # diff sets the undone event aside: both went on with the same card
    same = run_json(runner, "diff", str(game), str(fork))
    assert same["same"] and same["effective"]
    assert "agree on all" in same["why"]


def test_diff_names_the_first_effective_event_where_a_variation_parts(
    runner: CliRunner,
) -> None:
    game, fork, moves = slip_and_variation(runner)
    run(runner, "play", str(fork), moves[2]["notation"])
    result = run(runner, "diff", str(game), str(fork), "--json", code=1)
    data = json.loads(result.stdout)
    assert data["effective"] and data["first"] == 5
    assert "(event 7)" in data["why"] and "(event 5)" in data["why"]


def test_the_long_csv_reads_into_pandas_with_its_documented_types(
    club_runner: CliRunner, tmp_path: Path
) -> None:
    import pandas as pd

    path = tmp_path / "long.csv"
    run(club_runner, "export", "--all", "--format", "csv", "--players", "-o", path)
    frame = pd.read_csv(path, dtype={"partnership": "string", "player": "string"})
    assert list(frame.columns) == [
        "game", "uid", "date", "rules", "player", "seat", "partnership", "place", "score",
        "score_decimal", "won", "over",
    ]  # fmt: skip
    assert frame["won"].dtype == bool and frame["over"].dtype == bool
    assert frame["seat"].dtype == "int64" and frame["score_decimal"].dtype == "float64"
    finished = frame[frame["over"]]
    assert (finished.groupby("game")["won"].sum() >= 1).all()
    karnoffel = finished[finished["rules"] == "karnoffel"]
    assert set(karnoffel["partnership"]) == {"Anna & Cai", "Bo & Dina"}
    games = run(club_runner, "export", "--all", "--format", "csv").stdout
    assert ",true," in games and ",yes," not in games


def test_datasette_shows_the_metadata_facets_and_runs_a_saved_query(
    club_runner: CliRunner, tmp_path: Path
) -> None:
    from datasette.app import Datasette  # in the test extra: a missing one is a failure

    path = tmp_path / "club.sqlite"
    result = run(club_runner, "export", "--all", "--format", "sqlite", "-o", path)
    meta = tmp_path / "club.metadata.json"
    assert f"-m {meta}" in result.stderr
    ds = Datasette([str(path)], metadata=json.loads(meta.read_text(encoding="utf-8")))

    async def ask() -> tuple[Any, Any, Any]:
        table = await ds.client.get("/club/player_results.json?_shape=objects")
        query = await ds.client.get("/club/win_rate.json?_shape=objects")
        page = await ds.client.get("/club/player_results")
        return table, query, page

    # in a thread of its own: the session's Chromium (Playwright) may own this thread's loop
    with ThreadPoolExecutor(1) as pool:
        table, query, page = pool.submit(asyncio.run, ask()).result()
    assert table.status_code == 200
    facets = table.json()["facet_results"]
    facet_names = set(facets.get("results", facets))
    assert {"rules", "player"} <= facet_names
    assert query.status_code == 200
    rows = query.json()["rows"]
    assert rows and {"rules", "player", "games", "wins", "win_rate"} <= set(rows[0])
    assert "Results per player" in page.text and "one row per player per game" in page.text


def test_global_options_go_before_the_command_or_are_named(club_runner: CliRunner) -> None:
    before = json.loads(run(club_runner, "--json", "list").stdout)
    after = json.loads(run(club_runner, "list", "--json").stdout)
    assert before == after
    misplaced = run(club_runner, "list", "--db", "x.db", code=2)
    assert "--db is an option of tablelog itself: put it before the command" in misplaced.output
