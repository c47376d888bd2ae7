"""Merging the files of several tables: import --skip-existing, and streaming imports."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path

import pytest

from tablelog.ledger import Ledger
from tablelog.replay.games import Games
from tablelog.replay.headers import make_header
from tablelog.replay.jsonl import RefusedImport, export_lines, iter_games
from tablelog.replay.merge import import_stream
from tablelog.replay.notation import format_move
from tablelog.replay.summary import results
from tablelog.rules import registry
from tests.club import FIXTURES

PLAYERS = ["Anna", "Bo", "Cai", "Dina"]


def lines_of(ledger: Ledger, *ids: int) -> list[str]:
    return [line for gid in ids for line in export_lines(ledger, gid)]


def play_some(games: Games, gid: int, count: int) -> None:
    for _ in range(count):
        game = games.load(gid)
        games.play(gid, format_move(game, next(game.rules.moves(game.state))))


def table(path: Path, seeds: list[int]) -> Ledger:
    """A table's own database with seeded Karnöffel games, a few moves into each."""
    ledger = Ledger(path)
    games = Games(ledger)
    for seed in seeds:
        header = make_header(registry.get("karnoffel"), PLAYERS, {}, seed=seed)
        play_some(games, games.create(header).id, 3)
    return ledger


def test_the_files_of_two_tables_merge_into_one_database_with_every_game_once(
    tmp_path: Path,
) -> None:
    one, two = table(tmp_path / "one.db", [1, 2]), table(tmp_path / "two.db", [3])
    club = Ledger(tmp_path / "club.db")
    first = import_stream(club, iter_games(lines_of(one, 1, 2)))
    # the second table's file carries a copy of table one's first game too
    shared = lines_of(one, 1) + lines_of(two, 1)
    with pytest.raises(RefusedImport, match="--skip-existing"):
        import_stream(club, iter_games(shared))
    merged = import_stream(club, iter_games(shared), skip_existing=True)
    again = import_stream(club, iter_games(shared), skip_existing=True)
    assert len(first.imported) == 2 and len(merged.imported) == 1
    assert [gid for _, gid in merged.skipped] == [first.imported[0].id]
    assert again.imported == () and len(again.skipped) == 2
    uids = [r.uid for r in results(club)]
    assert len(uids) == len(set(uids)) == 3
    assert set(uids) == {one.game(1).uid, one.game(2).uid, two.game(1).uid}
    assert {r.head for r in results(club)} == {
        *(one.head(g)[1] for g in (1, 2)),
        two.head(1)[1],
    }


def test_a_game_that_went_on_elsewhere_gets_its_new_events(tmp_path: Path) -> None:
    """The stored log is a prefix of the file's: the new events are appended (issue 26's
    sync; a log that parts is refused naming the event: tests/cli/test_sync.py)."""
    home = table(tmp_path / "home.db", [5])
    exported = lines_of(home, 1)
    play_some(Games(home), 1, 2)  # the table played on after exporting
    longer = lines_of(home, 1)
    club = Ledger(tmp_path / "club.db")
    import_stream(club, iter_games(exported))
    report = import_stream(club, iter_games(longer), skip_existing=True)
    assert report.extended == ((club.game(1).uid, 1, len(longer) - len(exported)),)
    assert not report.imported and not report.refused
    assert lines_of(club, 1) == longer  # the same log, to the hash


def test_a_failing_game_late_in_a_file_writes_none_of_it(tmp_path: Path) -> None:
    source = table(tmp_path / "t.db", [1, 2])
    good, bad = lines_of(source, 1), lines_of(source, 2)
    last = json.loads(bad[-1])
    last["hash"] = "0" * 64  # the second game's last event no longer matches its hash
    bad[-1] = json.dumps(last)
    club = Ledger(tmp_path / "club.db")
    with pytest.raises(RefusedImport):
        import_stream(club, iter_games(good + bad))
    assert list(results(club)) == []


def test_a_file_is_read_one_game_at_a_time(tmp_path: Path) -> None:
    source = table(tmp_path / "t.db", [1, 2])
    read: list[int] = []

    def lines() -> Iterator[str]:
        for n, line in enumerate(lines_of(source, 1, 2)):
            read.append(n)
            yield line

    stream = iter_games(lines())
    first = next(stream)
    assert first.uid == source.game(1).uid
    # the first game is handed over as soon as the second one's header is read
    assert len(read) == len(lines_of(source, 1)) + 1
    assert next(stream).uid == source.game(2).uid


def test_every_fixture_merges_twice_into_once(tmp_path: Path) -> None:
    club = Ledger(tmp_path / "club.db")
    for fixture in FIXTURES[:3]:
        with fixture.open(encoding="utf-8") as lines:
            import_stream(club, iter_games(lines), skip_existing=True)
    for fixture in FIXTURES[:3]:
        with fixture.open(encoding="utf-8") as lines:
            report = import_stream(club, iter_games(lines), skip_existing=True)
        assert report.imported == ()
    assert len(list(results(club))) == 3
