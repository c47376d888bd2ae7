"""Summaries kept as games are written (issue 24): every write path (``new``, ``play``,
``record``, an undo, a fork; ``import`` and ``sync`` through ``merge``) stores the game's
results summary at its new head, so the next ``list`` folds nothing, and the stored one
is exactly the summary a fold of the stored log computes."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from click.testing import CliRunner

from tablelog.ledger import Ledger
from tablelog.replay import fold
from tablelog.replay.games import Games, LoadedGame
from tablelog.replay.headers import make_header
from tablelog.replay.recorder import Recorder
from tablelog.replay.summary import results, summary_of
from tablelog.rules import registry
from tests.cli.clitools import NEW, new_game, play_first_moves, run, run_json
from tests.helpers import CLUBS_DEAL, PLAYERS


def count_folds(monkeypatch: pytest.MonkeyPatch) -> list[int]:
    """Record every event any ``Replayer`` folds from now on (one entry per push)."""
    pushed: list[int] = []
    original = fold.Replayer.push

    def counting(self, event, *args, **kwargs):  # type: ignore[no-untyped-def]
        pushed.append(event.seq)
        return original(self, event, *args, **kwargs)

    monkeypatch.setattr(fold.Replayer, "push", counting)
    return pushed


def karnoffel(games: Games, seed: int | None = None) -> LoadedGame:
    """A new Karnöffel game of ``PLAYERS``."""
    return games.create(make_header(registry.get("karnoffel"), PLAYERS, {}, seed=seed))


def assert_kept(db: Path) -> None:
    """Every game's stored summary is at its head and equals one computed from its log."""
    with Ledger(db) as ledger:
        rows = list(ledger.results())
        assert rows
        games = Games(ledger)
        for row in rows:
            assert row.fresh, f"game {row.game} has no summary at its head"
            assert row.summary is not None
            recomputed = summary_of(games.load(row.game))
            assert json.loads(row.summary) == json.loads(json.dumps(recomputed))


def test_list_after_play_folds_nothing_and_the_kept_summary_is_the_recomputed_one(
    db: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    runner = CliRunner(env={"TABLELOG_DB": str(db)})
    physical = new_game(runner)
    seeded = new_game(runner, "--seed", "3")
    run(runner, "play", str(physical), CLUBS_DEAL)
    play_first_moves(runner, physical, 3)
    play_first_moves(runner, seeded, 5)
    run(runner, "play", str(seeded), "undo")  # an undo changes the summary
    assert_kept(db)
    folded = count_folds(monkeypatch)
    listed = run_json(runner, "list")
    assert folded == []  # nothing recomputed
    by_game = {row["game"]: row for row in listed["games"]}
    with Ledger(db) as ledger:
        assert by_game[physical]["events"] == ledger.head(physical)[0]
        assert by_game[seeded]["events"] == ledger.head(seeded)[0]


def test_a_new_game_and_a_fork_keep_their_summaries(db: Path) -> None:
    runner = CliRunner(env={"TABLELOG_DB": str(db)})
    run_json(runner, *NEW)
    seeded = new_game(runner, "--seed", "5")
    play_first_moves(runner, seeded, 4)
    run(runner, "fork", str(seeded), "--at", "3")
    run(runner, "fork", str(seeded), "--at", "0")
    assert_kept(db)


def test_the_recorder_keeps_the_summary_through_moves_undo_and_redo(
    db: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    with Ledger(db) as ledger:
        games = Games(ledger)
        recorder = Recorder(games, karnoffel(games).id)
        for text in (CLUBS_DEAL, "QS", "undo", "redo"):
            assert not recorder.enter(text).refused
            assert_kept(db)
    folded = count_folds(monkeypatch)
    with Ledger(db) as ledger:
        (row,) = results(ledger)
    assert folded == []
    assert row.data["events"] == 4


def test_a_summary_that_cannot_be_kept_loses_the_cache_not_the_move(
    db: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from tablelog.ledger import StorageFault

    with Ledger(db) as ledger:
        games = Games(ledger)
        game = karnoffel(games, seed=2)
        rules = game.rules

        def refuse(rows: object) -> None:
            raise StorageFault("the summaries table is busy")

        monkeypatch.setattr(ledger, "store_summaries", refuse)
        played = games.submit(game, next(rules.moves(game.state)))
        assert ledger.head(game.id)[0] == played.seq  # the move is written
        monkeypatch.undo()
        (row,) = results(ledger)  # the stale summary is computed again, and kept
        assert row.data["events"] == played.seq
    assert_kept(db)


def test_an_import_keeps_every_summary_when_it_writes_them_in_parts(
    db: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """``import`` writes the summaries ``SUMMARIES_KEPT`` games at a time: with two at a
    time, five games are written in three parts, and every game's summary is kept fresh
    and equal to the one computed from its log."""
    from tablelog.replay import merge

    runner = CliRunner(env={"TABLELOG_DB": str(db)})
    for seed in range(5):
        played = new_game(runner, "--seed", str(seed + 1))
        play_first_moves(runner, played, seed + 2)
    exported = tmp_path / "five.jsonl"
    run(runner, "export", "--all", "-o", str(exported))
    stored: list[int] = []
    original = Ledger.store_summaries

    def counting(self, rows):  # type: ignore[no-untyped-def]
        stored.append(len(rows))
        return original(self, rows)

    monkeypatch.setattr(merge, "SUMMARIES_KEPT", 2)
    monkeypatch.setattr(Ledger, "store_summaries", counting)
    fresh = tmp_path / "fresh.db"
    run(CliRunner(env={"TABLELOG_DB": str(fresh)}), "import", str(exported))
    assert stored == [2, 2, 1]
    assert_kept(fresh)
    with Ledger(fresh) as ledger:
        assert len(list(ledger.results())) == 5
