"""Every export format, written from the club database and read back with the tool a
user would open it with: the csv module, sqlite3, Datasette, a plain text reader."""

from __future__ import annotations

import asyncio
import csv
import io
import json
import sqlite3
from concurrent.futures import ThreadPoolExecutor
from fractions import Fraction
from pathlib import Path

import pytest

from tablelog.ledger import Ledger
from tablelog.replay.export import ExportError, histories, history
from tablelog.replay.export.csvfile import (
    EVENT_COLUMNS,
    GAME_COLUMNS,
    decimal,
    write_events,
    write_games,
)
from tablelog.replay.export.sqlitefile import write_sqlite
from tablelog.replay.export.text import write_text
from tablelog.replay.games import Games
from tablelog.replay.summary import results
from tests.club import RULE_SETS


def all_ids(ledger: Ledger) -> list[int]:
    return [r.game for r in results(ledger)]


def test_csv_of_games_reads_back_with_the_csv_module(club_source: Path) -> None:
    out = io.StringIO(newline="")
    with Ledger(club_source) as ledger:
        count = write_games(results(ledger), out)
        listed = list(results(ledger))
    rows = list(csv.DictReader(io.StringIO(out.getvalue(), newline="")))
    assert count == len(rows) == len(listed)
    assert tuple(rows[0]) == GAME_COLUMNS
    assert {r["rules"] for r in rows} == set(RULE_SETS)
    for row, result in zip(rows, listed, strict=True):
        assert int(row["game"]) == result.game and row["head"] == result.head.hex()[:10]
        assert row["players"].split("; ") == result.data["players"]
        assert row["winners"].split("; ") == (result.data["winners"] or [""])
        exacts = row["scores"].split("; ") if row["scores"] else []
        for exact, dec in zip(exacts, row["scores_decimal"].split("; ") if exacts else [],
                              strict=True):  # fmt: skip
            side, value = exact.rsplit(": ", 1)
            assert dec == f"{side}: {decimal(value)}"
            assert float(dec.rsplit(": ", 1)[1]) == pytest.approx(float(Fraction(value)))
    fractional = [r for r in rows if "/" in r["scores"]]
    assert fractional, "the Nørdekasino fixtures score in halves"
    assert ".5" in fractional[0]["scores_decimal"]


def test_csv_of_events_has_one_row_per_event_with_notation(club_source: Path) -> None:
    out = io.StringIO(newline="")
    with Ledger(club_source) as ledger:
        ids = all_ids(ledger)
        write_events(histories(ledger, ids), out)
        lengths = {r.game: r.data["events"] for r in results(ledger)}
    rows = list(csv.DictReader(io.StringIO(out.getvalue(), newline="")))
    assert tuple(rows[0]) == EVENT_COLUMNS
    assert len(rows) == sum(lengths.values())
    assert all(r["notation"] for r in rows)
    assert any("trick to" in r["announcement"] for r in rows)  # Karnöffel's tricks
    assert any("sweep for" in r["announcement"] for r in rows)  # Nørdekasino's sweeps


def test_undo_marks_the_event_it_took_back(db: Path) -> None:
    from tablelog.replay.headers import make_header
    from tablelog.rules import registry

    with Ledger(db) as ledger:
        games = Games(ledger)
        rules = registry.get("karnoffel")
        game = games.create(make_header(rules, ["Anna", "Bo", "Cai", "Dina"], {}, seed=2))
        games.play(game.id, _first_move(games, game.id))
        games.play(game.id, "undo")
        h = history(games.load(game.id))
    undo = h.events[-1]
    assert undo.kind == "undo"
    taken = [e for e in h.events if e.undone_by == undo.seq]
    assert taken and all(not e.effective for e in taken)
    text = io.StringIO()
    write_text([h], text)
    assert f"taken back by event {undo.seq}" in text.getvalue()
    assert "correction" in text.getvalue()


def _first_move(games: Games, gid: int) -> str:
    from tablelog.replay.notation import format_move

    game = games.load(gid)
    return format_move(game, next(game.rules.moves(game.state)))


@pytest.fixture(scope="module")
def exported(club_source: Path, tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The club database exported as an SQLite file (once for this module)."""
    path = tmp_path_factory.mktemp("export") / "club.sqlite"
    with Ledger(club_source) as ledger:
        assert write_sqlite(histories(ledger, all_ids(ledger)), path) == len(all_ids(ledger))
    return path


def test_sqlite_export_has_plain_tables_with_keys(club_source: Path, exported: Path) -> None:
    path = exported
    conn = sqlite3.connect(path)
    tables = {r[0] for r in conn.execute("SELECT name FROM sqlite_master WHERE type='table'")}
    assert tables == {
        "games", "players", "player_results", "results", "figures", "events", "rounds"
    }  # fmt: skip
    assert conn.execute("PRAGMA foreign_key_check").fetchall() == []
    for table in tables - {"games"}:
        keys = conn.execute(f"PRAGMA foreign_key_list({table})").fetchall()
        assert [(k[2], k[3], k[4]) for k in keys] == [("games", "game", "id")]
    rules = {r[0] for r in conn.execute("SELECT DISTINCT rules FROM games")}
    assert rules == set(RULE_SETS)
    # every event's payload is JSON a query can open
    payload = conn.execute(
        "SELECT json_extract(payload, '$.card') FROM events WHERE type = 'karnoffel.play'"
    ).fetchone()[0]
    assert payload and payload[-1] in "CDHS"
    wins = dict(
        conn.execute(
            "SELECT p.name, SUM(r.won) FROM players p JOIN results r"
            " ON r.game = p.game AND (r.players = p.name OR r.players LIKE '%' || p.name || '%')"
            " WHERE p.name = 'Anna' GROUP BY p.name"
        ).fetchall()
    )
    with Ledger(club_source) as ledger:
        expected = sum("Anna" in r.data["winners"] for r in results(ledger))
    assert wins == {"Anna": expected}
    indexes = {r[0] for r in conn.execute("SELECT name FROM sqlite_master WHERE type='index'")}
    assert {"players_name", "events_type", "games_rules"} <= indexes
    conn.close()


def test_an_sqlite_export_refuses_to_overwrite_a_file(club_source: Path, tmp_path: Path) -> None:
    path = tmp_path / "taken.sqlite"
    path.write_text("mine")
    with Ledger(club_source) as ledger, pytest.raises(ExportError, match="already exists"):
        write_sqlite(histories(ledger, [1]), path)
    assert path.read_text() == "mine"
    with Ledger(club_source) as ledger, pytest.raises(ExportError, match="cannot write"):
        write_sqlite(histories(ledger, [1]), tmp_path / "no such folder" / "x.sqlite")


def test_datasette_opens_the_sqlite_export_and_runs_a_query(
    club_source: Path, exported: Path
) -> None:
    from datasette.app import Datasette  # in the test extra: a missing one is a failure

    path = exported
    ds = Datasette([str(path)])

    async def ask() -> tuple[list[tuple[str, int]], int, dict]:
        rows = await ds.execute(
            "club",
            "SELECT rules, COUNT(*) AS n FROM games GROUP BY rules ORDER BY rules",
        )
        response = await ds.client.get("/club/results.json?_shape=array&won=1")
        return [tuple(r) for r in rows.rows], response.status_code, response.json()

    # in a thread of its own: the session's Chromium (Playwright) may own this thread's loop
    with ThreadPoolExecutor(1) as pool:
        counts, status, won = pool.submit(asyncio.run, ask()).result()
    assert [rules for rules, _ in counts] == sorted(RULE_SETS)
    assert sum(n for _, n in counts) == len(list(Ledger(club_source).results()))
    assert status == 200 and won and all(r["won"] == 1 for r in won)


def test_text_transcripts_read_like_a_club_record(club_source: Path) -> None:
    out = io.StringIO()
    with Ledger(club_source) as ledger:
        count = write_text(histories(ledger, all_ids(ledger)), out)
        games = list(results(ledger))
    text = out.getvalue()
    assert count == len(games) == text.count("Head hash: ")
    for r in games:
        assert f"Game {r.game} · " in text
        if r.data["over"]:
            assert f"Result: won by {' & '.join(r.data['winners'])}" in text
    assert "Result: the game is not finished." in text  # the running Speahx example
    assert "trick to " in text and "sweep for " in text
    assert "deal " in text


def test_json_payloads_round_trip(club_source: Path) -> None:
    with Ledger(club_source) as ledger:
        (h,) = histories(ledger, [1])
    for e in h.events:
        assert json.loads(json.dumps(e.payload)) == e.payload


def test_sqlite_export_of_a_seeded_game_holds_no_seed(db: Path, tmp_path: Path) -> None:
    # the seed deals every card again: a copy for everyone must not hold it
    from tablelog.replay.headers import make_header
    from tablelog.rules import registry

    with Ledger(db) as ledger:
        games = Games(ledger)
        rules = registry.get("karnoffel")
        game = games.create(make_header(rules, ["Anna", "Bo", "Cai", "Dina"], {}, seed=2))
        games.play(game.id, _first_move(games, game.id))
        path = tmp_path / "seeded.sqlite"
        assert write_sqlite(histories(ledger, [game.id]), path) == 1
    conn = sqlite3.connect(path)
    assert conn.execute("SELECT seed FROM games").fetchall() == [(None,)]
    conn.close()


@pytest.mark.parametrize("value", [0, 3, -7, 10**30, "0", "12", "-4", "25/2", "-1/3", "2/3"])
def test_decimal_of_a_whole_number_is_the_exact_paths(value: int | str) -> None:
    """``decimal`` writes a whole number at once; every score reads as the exact path
    (``Fraction``) writes it."""
    exact = Fraction(value)
    expected = (
        str(exact.numerator)
        if exact.denominator == 1
        else f"{float(exact):.6f}".rstrip("0").rstrip(".")
    )
    assert decimal(value) == expected
