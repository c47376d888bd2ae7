"""The results summary: computed from the outcome, kept, refreshed when the head moves,
rebuilt when missing, and never recomputed for a game that did not change."""

from __future__ import annotations

import sqlite3
from fractions import Fraction
from pathlib import Path

import pytest

from tablelog.ledger import Ledger
from tablelog.replay.games import Games
from tablelog.replay.summary import Filters, as_fraction, number_text, results
from tests.club import RULE_SETS


def loads(monkeypatch: pytest.MonkeyPatch) -> list[int]:
    """Record every game ``Games.load`` reads (a load is a fold for the summary)."""
    seen: list[int] = []
    original = Games.load

    def counting(self: Games, ref: int | str):  # type: ignore[no-untyped-def]
        seen.append(int(ref))
        return original(self, ref)

    monkeypatch.setattr(Games, "load", counting)
    return seen


def test_import_keeps_a_summary_of_every_game_so_listing_folds_nothing(
    club: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    loaded = loads(monkeypatch)
    with Ledger(club) as ledger:
        listed = list(results(ledger))
    assert loaded == []
    assert {r.rules for r in listed} == set(RULE_SETS)
    monkeypatch.undo()
    games = Games(Ledger(club))
    for r in listed:
        game = games.load(r.game)
        outcome = game.rules.outcome(game.state)
        assert r.data["over"] is (outcome is not None)
        assert r.data["events"] == game.seq
        if outcome is not None:
            assert r.data["winners"] == [game.header.players[s] for s in outcome.winners]
            assert {k: as_fraction(v) for k, v in r.data["scores"].items()} == dict(outcome.scores)


def test_a_missing_summary_is_rebuilt_once(club: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    with sqlite3.connect(club) as conn:
        conn.execute("DELETE FROM summaries WHERE game IN (1, 3)")
    loaded = loads(monkeypatch)
    with Ledger(club) as ledger:
        first = [r.data for r in results(ledger)]
        assert sorted(loaded) == [1, 3]
        assert [r.data for r in results(ledger)] == first
    assert sorted(loaded) == [1, 3]  # stored the first time: the second read folds nothing


def test_a_summary_follows_the_game_when_a_move_is_played(
    db: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from tablelog.replay.headers import make_header
    from tablelog.rules import registry

    with Ledger(db) as ledger:
        games = Games(ledger)
        rules = registry.get("karnoffel")
        game = games.create(make_header(rules, ["Anna", "Bo", "Cai", "Dina"], {}, seed=4))
        (before,) = results(ledger)
        move = next(rules.moves(game.state))
        games.submit(game, move)
        loaded = loads(monkeypatch)
        (after,) = results(ledger)
    assert loaded == []  # the play kept the summary at its new head (issue 24)
    assert after.data["events"] > before.data["events"]
    assert after.head != before.head
    assert before.data["moves"] == {}
    assert sum(n for kinds in after.data["moves"].values() for n in kinds.values()) == 1


def test_an_older_summary_format_is_rebuilt(club: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    with sqlite3.connect(club) as conn:
        conn.execute("UPDATE summaries SET data = '{\"v\": 0}' WHERE game = 2")
    loaded = loads(monkeypatch)
    with Ledger(club) as ledger:
        list(results(ledger))
    assert loaded == [2]


@pytest.mark.parametrize(
    ("filters", "check"),
    [
        (Filters(rules="nordekasino"), lambda r: r.rules == "nordekasino"),
        (Filters(player="gry"), lambda r: "Gry" in r.data["players"]),
        (Filters(unfinished=True), lambda r: not r.data["over"]),
        (Filters(since="2026-11-22"), lambda r: r.created >= "2026-11-22"),
    ],
    ids=["rules", "player", "unfinished", "since"],
)
def test_filters_pick_exactly_the_games_that_match(club_source: Path, filters, check) -> None:
    with Ledger(club_source) as ledger:
        everything = list(results(ledger))
        picked = list(results(ledger, filters))
    assert picked, "the club database has games for every filter"
    assert [r.game for r in picked] == [r.game for r in everything if check(r)]
    assert len(picked) < len(everything)


def test_figures_come_from_the_rule_sets(club_source: Path) -> None:
    with Ledger(club_source) as ledger:
        by_rules = {r.rules: r.data for r in results(ledger) if r.data["over"]}
    assert set(by_rules["karnoffel"]["figures"]) == {"tricks", "deals won"}
    assert {"sweeps", "cards taken"} <= set(by_rules["nordekasino"]["figures"])
    tricks = by_rules["karnoffel"]["figures"]["tricks"]
    assert set(tricks) == set(by_rules["karnoffel"]["scores"])  # by side, like the scores


def test_scores_keep_fractions_exactly() -> None:
    assert number_text(Fraction(25, 2)) == "25/2"
    assert number_text(Fraction(4)) == 4
    assert as_fraction("25/2") == Fraction(25, 2)


def test_a_listed_game_says_it_is_seeded_but_never_its_seed(db: Path) -> None:
    # list --json is read by anyone at the table: the seed would deal every card again
    from tablelog.replay.headers import make_header
    from tablelog.rules import registry

    with Ledger(db) as ledger:
        games = Games(ledger)
        rules = registry.get("karnoffel")
        seeded = games.create(make_header(rules, ["Anna", "Bo", "Cai", "Dina"], {}, seed=3))
        physical = games.create(make_header(rules, ["Anna", "Bo", "Cai", "Dina"], {}))
        listed = {r.game: r.as_dict() for r in results(ledger)}
    assert "seed" not in listed[seeded.id] and "seed" not in listed[physical.id]
    assert listed[seeded.id]["seeded"] is True and listed[physical.id]["seeded"] is False


def test_a_lazy_row_reads_as_the_whole_dict_and_orders_without_making_it(
    club: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # list draws a page of a big archive: the rows are ordered and linked by game, uid and
    # the variation keys, read without making the whole dict; any other key makes it
    from tablelog.replay.summary import GameResult

    made: list[int] = []
    original = GameResult.as_dict

    def counting(self: GameResult) -> dict[str, object]:
        made.append(self.game)
        return original(self)

    with Ledger(club) as ledger:
        found = list(results(ledger))
    assert found
    monkeypatch.setattr(GameResult, "as_dict", counting)
    rows = [r.row() for r in found]
    for r, row in zip(found, rows, strict=True):
        assert (row["game"], row["uid"]) == (r.game, r.uid)
        assert (row["variation_of"], row["variation_at"]) == (
            r.data["variation_of"],
            r.data["variation_at"],
        )
    assert made == []
    for r, row in zip(found, rows, strict=True):
        assert dict(row) == original(r) and len(row) == len(original(r))
        assert row["head"] == r.head.hex()[:10]
    assert made == [r.game for r in found]  # made once per row, then kept
