"""Statistics per player and partnership, from the summaries."""

from __future__ import annotations

from fractions import Fraction
from pathlib import Path

from tablelog.ledger import Ledger
from tablelog.replay.stats import stats_data
from tablelog.replay.summary import Filters, GameResult, results


def result(game: int, rules: str, data: dict) -> GameResult:
    return GameResult(game, f"u{game}", rules, "2026-11-20T20:00:00+00:00", b"h", data)


def karnoffel(game: int, winners: tuple[str, str], tricks: dict[str, int]) -> GameResult:
    ac, bd = "Anna & Cai", "Bo & Dina"
    won = ac if winners == ("Anna", "Cai") else bd
    return result(
        game,
        "karnoffel",
        {
            "players": ["Anna", "Bo", "Cai", "Dina"],
            "over": True,
            "winners": list(winners),
            "ranking": [list(winners)],
            "scores": {won: 5, (bd if won == ac else ac): 2},
            "sides": {ac: ["Anna", "Cai"], bd: ["Bo", "Dina"]},
            "figures": {"tricks": tricks},
            "moves": {"Anna": {"play": 10}},
        },
    )


def test_players_and_partnerships_are_counted_with_points_and_figures() -> None:
    games = [
        karnoffel(1, ("Anna", "Cai"), {"Anna & Cai": 20, "Bo & Dina": 10}),
        karnoffel(2, ("Bo", "Dina"), {"Anna & Cai": 9, "Bo & Dina": 21}),
        karnoffel(3, ("Anna", "Cai"), {"Anna & Cai": 16, "Bo & Dina": 14}),
    ]
    data = stats_data(games)
    assert data["games"] == 3
    section = data["rules"]["karnoffel"]
    anna = next(p for p in section["players"] if p["name"] == "Anna")
    assert (anna["games"], anna["wins"], anna["points"]) == (3, 2, 12)
    assert anna["average"] == 4.0 and anna["win_rate"] == round(2 / 3, 4)
    assert anna["figures"] == {"tricks": 45} and anna["moves"] == {"play": 30}
    pairs = {p["name"]: p for p in section["partnerships"]}
    assert set(pairs) == {"Anna & Cai", "Bo & Dina"}
    assert pairs["Bo & Dina"]["wins"] == 1 and pairs["Bo & Dina"]["figures"] == {"tricks": 45}
    assert [p["name"] for p in section["players"]][:2] == ["Anna", "Cai"]  # best first


def test_one_player_only_keeps_their_rows() -> None:
    games = [karnoffel(1, ("Anna", "Cai"), {"Anna & Cai": 20, "Bo & Dina": 10})]
    section = stats_data(games, player="bo")["rules"]["karnoffel"]
    assert [p["name"] for p in section["players"]] == ["Bo"]
    assert [p["name"] for p in section["partnerships"]] == ["Bo & Dina"]


def test_fractional_points_stay_exact() -> None:
    data = {
        "players": ["Anna", "Bo"],
        "over": True,
        "winners": ["Anna"],
        "ranking": [["Anna"], ["Bo"]],
        "scores": {"Anna": "21/2", "Bo": "15/2"},
        "sides": {"Anna": ["Anna"], "Bo": ["Bo"]},
        "figures": {},
        "moves": {},
    }
    section = stats_data([result(1, "nordekasino", data), result(2, "nordekasino", data)])
    anna = section["rules"]["nordekasino"]["players"][0]
    assert anna["points"] == 21 and anna["average"] == float(Fraction(21, 2))
    assert section["rules"]["nordekasino"]["partnerships"] == []


def test_an_unfinished_game_counts_as_played_but_not_for_points() -> None:
    running = {
        "players": ["Anna", "Bo"], "over": False, "winners": [], "ranking": [], "scores": {},
        "sides": {}, "figures": {}, "moves": {},
    }  # fmt: skip
    (anna, _) = stats_data([result(1, "speahx", running)])["rules"]["speahx"]["players"]
    assert (anna["games"], anna["finished"], anna["wins"], anna["win_rate"]) == (1, 0, 0, None)


def test_stats_of_the_club_cover_every_finished_game(club_source: Path) -> None:
    with Ledger(club_source) as ledger:
        games = list(results(ledger))
        data = stats_data(results(ledger, Filters(rules="nordekasino")))
    assert data["games"] == sum(r.rules == "nordekasino" for r in games)
    section = data["rules"]["nordekasino"]
    assert all("sweeps" in p["figures"] for p in section["players"])
    wins = sum(p["wins"] for p in section["players"])
    assert wins == sum(len(r.data["winners"]) for r in games if r.rules == "nordekasino")
