"""Tables that sync: an import extends a game the database holds a prefix of, a game whose
logs part is refused naming the event, and ``sync`` brings two databases level both ways
(SQLite and SQLite, SQLite and a PostgreSQL server the tests start), twice."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner

from tests.backends import make_backend
from tests.cli.clitools import NEW, play_first_moves, run, run_json


def on(db: str | Path) -> CliRunner:
    return CliRunner(env={"TABLELOG_DB": str(db)})


def heads(runner: CliRunner) -> dict[str, tuple[int, str]]:
    """Each game's uid → (events, head) as ``list`` shows it."""
    return {g["uid"]: (g["events"], g["head"]) for g in run_json(runner, "list")["games"]}


@pytest.fixture
def evening(tmp_path: Path) -> tuple[CliRunner, CliRunner, Path]:
    """A club database with a game of 3 moves, and a laptop that imported it at that point
    and played 2 moves more (and began a game of its own)."""
    club, laptop = on(tmp_path / "club.db"), on(tmp_path / "laptop.db")
    run(club, *NEW, "--seed", "5")
    play_first_moves(club, 1, 3)
    copy = tmp_path / "at3.jsonl"
    run(club, "export", "1", "-o", copy)
    run(laptop, "import", copy)
    play_first_moves(laptop, 1, 2)
    run(laptop, *NEW, "--seed", "6")
    return club, laptop, tmp_path


def test_import_appends_the_new_events_of_a_game_held_as_a_prefix(
    evening: tuple[CliRunner, CliRunner, Path],
) -> None:
    club, laptop, tmp = evening
    more = tmp / "more.jsonl"
    run(laptop, "export", "1", "-o", more)
    before = heads(club)
    result = run_json(club, "import", more)
    (uid,) = before
    assert result["extended"] == [{"uid": uid, "game": 1, "events": 2}] and not result["games"]
    assert heads(club) == {uid: heads(laptop)[uid]}  # the same log, to the hash
    assert run(club, "verify", "1").exit_code == 0
    again = run_json(club, "import", more, "--skip-existing")
    assert again["skipped"] == [{"uid": uid, "game": 1}] and not again["extended"]


def test_a_game_that_diverged_is_refused_naming_the_event(
    evening: tuple[CliRunner, CliRunner, Path],
) -> None:
    club, laptop, tmp = evening
    moves = run_json(club, "moves", "1")["moves"]
    run(club, "play", "1", moves[-1]["notation"])  # event 5 here; the laptop went elsewhere
    both = tmp / "laptop.jsonl"
    run(laptop, "export", "--all", "-o", both)
    before = heads(club)
    refused = run(club, "import", both, code=1)
    assert "they part at event 5" in refused.stderr and "nothing was imported" in refused.stderr
    assert heads(club) == before
    merged = run(club, "import", both, "--skip-existing", "--json", code=1)
    data = json.loads(merged.stdout)
    assert len(data["games"]) == 1  # the laptop's own game came in
    (why,) = [r["why"] for r in data["refused"]]
    assert "they part at event 5" in why
    after = heads(club)
    assert {uid: after[uid] for uid in before} == before  # the diverged game left alone


def test_an_altered_extension_writes_nothing(evening: tuple[CliRunner, CliRunner, Path]) -> None:
    club, laptop, tmp = evening
    lines = run(laptop, "export", "1").stdout.splitlines()
    event = json.loads(lines[-1])
    card = next(k for k, v in event.items() if isinstance(v, str) and len(v) in (2, 3)
                and k not in ("type", "id", "hash"))  # fmt: skip
    event[card] = "2C" if event[card] != "2C" else "3C"  # its hash kept
    lie = tmp / "lie.jsonl"
    lie.write_text("\n".join([*lines[:-1], json.dumps(event)]) + "\n", encoding="utf-8")
    before = heads(club)
    refused = run(club, "import", lie, "--skip-existing", code=1)
    assert "nothing was imported" in refused.stderr and "event 5" in refused.stderr
    assert heads(club) == before


def test_sync_two_sqlite_files_level_twice(evening: tuple[CliRunner, CliRunner, Path]) -> None:
    club, laptop, tmp = evening
    run(club, *NEW, "--seed", "7")  # a game only the club has
    result = run(club, "sync", tmp / "laptop.db")
    assert "copied game" in result.stdout and "extended game 1 of" in result.stdout
    assert "synced: 2 game(s) copied, 1 extended, 0 diverged" in result.stdout
    assert heads(club) == heads(laptop) and len(heads(club)) == 3
    assert run(club, "sync", tmp / "laptop.db").stdout.startswith("nothing to sync")


def test_an_offline_evening_syncs_into_the_club_postgresql_twice(
    evening: tuple[CliRunner, CliRunner, Path], request: pytest.FixtureRequest
) -> None:
    club, laptop, tmp = evening
    server = make_backend("postgresql", tmp, request)
    pg = on(server.target)
    run(club, "export", "--all", "-o", tmp / "all.jsonl")
    run(pg, "import", tmp / "all.jsonl")  # the club server holds the game at event 3
    first = run_json(laptop, "sync", server.target)
    done: list[Any] = sorted((g["what"], g["to"]) for g in first["games"])
    assert done == [("copied", "b"), ("extended", "b")]
    assert heads(pg) == heads(laptop)
    assert run(laptop, "sync", server.target).stdout.startswith("nothing to sync")
    assert run(pg, "verify", "--all").exit_code == 0


def test_sync_leaves_a_diverged_game_and_names_it(
    evening: tuple[CliRunner, CliRunner, Path],
) -> None:
    club, _, tmp = evening
    moves = run_json(club, "moves", "1")["moves"]
    run(club, "play", "1", moves[-1]["notation"])
    before = heads(club)
    result = run(club, "sync", tmp / "laptop.db", code=1)
    assert "not synced:" in result.stderr and "they part at event 5" in result.stderr
    # each side named: which database holds which game, at which head
    assert f"of {tmp / 'club.db'} (head " in result.stderr
    assert f"of {tmp / 'laptop.db'} (head " in result.stderr
    [parted] = json.loads(run(club, "sync", tmp / "laptop.db", "--json", code=1).stdout)["games"]
    assert parted["what"] == "diverged" and parted["parted"] == 5
    assert parted["heads"][0] != parted["heads"][1]
    assert "1 diverged" in result.stdout
    after = heads(club)
    assert {uid: after[uid] for uid in before} == before and len(after) == 2


def test_a_new_laptops_first_sync_creates_its_database(
    evening: tuple[CliRunner, CliRunner, Path],
) -> None:
    club, _, tmp = evening
    fresh = on(tmp / "fresh.db")
    result = run(fresh, "sync", tmp / "club.db")
    assert "copied game" in result.stdout and "1 game(s) copied" in result.stdout
    assert heads(fresh) == heads(club)


def test_a_database_sync_cannot_open_is_named_as_typed(evening) -> None:
    """``sync``'s DB is an argument, not ``--db``: its errors name the database typed."""
    club, _, tmp = evening
    missing = tmp / "nowhere" / "other.db"
    done = run(club, "sync", missing, code=2)
    assert f"the directory {missing.parent} does not exist" in done.stderr
    assert "or choose another database" in done.stderr
    assert "--db" not in done.stderr
    memory = run(club, "sync", ":memory:", code=2)
    assert memory.stderr.strip() == (
        "Error: :memory: would keep nothing once the command ends: name a database file"
    )
    assert not missing.parent.exists()
