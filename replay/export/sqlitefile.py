"""An SQLite file of plain tables, made to be opened with ``sqlite3`` or Datasette.

The ledger keeps msgpack payloads nobody can read with SQL; this export writes a new file
with one row per fact, text and numbers only, foreign keys to ``games`` and an index on
every column people filter by. The tables (documented in docs/exports.md):

* ``games``: id, uid, rules, rules_version, created, seed (empty unless the copy is for
  every seat: the seed deals every card again), options (JSON), events, over, winners
  (``; ``-joined), head (the short head hash), variation_of (a fork's parent uid);
* ``player_results``: the tidy long form, one row per player per game (game, date, rules,
  player, seat, partnership, place, score, score_decimal, won, over), as the long CSV;
* ``players``: game, seat, name;
* ``results``: game, side (its label), players, place (1 = won), score (exact text),
  score_decimal (REAL), won (0/1);
* ``figures``: game, figure (``tricks``, ``sweeps``...), side, value;
* ``events``: game, seq, actor, type, notation, announcement, effective, undone_by,
  recorded_at, hash, payload (JSON);
* ``rounds``: game, round (1, 2...), data (JSON: a deal's or a round's detail).

Datasette's metadata (titles, column descriptions, facets, saved queries) is written
beside the file by ``replay.export.datasette``.
"""

from __future__ import annotations

import json
import os
import sqlite3
from collections.abc import Callable, Iterable, Mapping, Sequence
from fractions import Fraction
from typing import Any

from tablelog.replay.export import ExportError, History, Kept, said
from tablelog.replay.export.csvfile import decimal, player_rows
from tablelog.replay.summary import GameResult

__all__ = ["SCHEMA", "write_sqlite"]

SCHEMA = """
CREATE TABLE games (
    id INTEGER PRIMARY KEY, uid TEXT NOT NULL UNIQUE, rules TEXT NOT NULL,
    rules_version INTEGER NOT NULL, created TEXT NOT NULL, seed INTEGER, options TEXT NOT NULL,
    events INTEGER NOT NULL, over INTEGER NOT NULL, winners TEXT NOT NULL, head TEXT NOT NULL,
    variation_of TEXT
);
CREATE TABLE player_results (
    game INTEGER NOT NULL REFERENCES games(id), date TEXT NOT NULL, rules TEXT NOT NULL,
    player TEXT NOT NULL, seat INTEGER NOT NULL, partnership TEXT NOT NULL, place INTEGER,
    score TEXT, score_decimal REAL, won INTEGER NOT NULL, over INTEGER NOT NULL,
    PRIMARY KEY (game, seat)
);
CREATE TABLE players (
    game INTEGER NOT NULL REFERENCES games(id), seat INTEGER NOT NULL, name TEXT NOT NULL,
    PRIMARY KEY (game, seat)
);
CREATE TABLE results (
    game INTEGER NOT NULL REFERENCES games(id), side TEXT NOT NULL, players TEXT NOT NULL,
    place INTEGER, score TEXT NOT NULL, score_decimal REAL NOT NULL, won INTEGER NOT NULL,
    PRIMARY KEY (game, side)
);
CREATE TABLE figures (
    game INTEGER NOT NULL REFERENCES games(id), figure TEXT NOT NULL, side TEXT NOT NULL,
    value REAL NOT NULL, PRIMARY KEY (game, figure, side)
);
CREATE TABLE events (
    game INTEGER NOT NULL REFERENCES games(id), seq INTEGER NOT NULL, actor TEXT,
    type TEXT NOT NULL, notation TEXT NOT NULL, announcement TEXT NOT NULL,
    effective INTEGER NOT NULL, undone_by INTEGER, recorded_at TEXT, hash TEXT NOT NULL,
    payload TEXT NOT NULL, PRIMARY KEY (game, seq)
);
CREATE TABLE rounds (
    game INTEGER NOT NULL REFERENCES games(id), round INTEGER NOT NULL, data TEXT NOT NULL,
    PRIMARY KEY (game, round)
);
"""
INDEXES = """
CREATE INDEX games_rules ON games (rules);
CREATE INDEX games_created ON games (created);
CREATE INDEX players_name ON players (name);
CREATE INDEX player_results_player ON player_results (player);
CREATE INDEX player_results_rules ON player_results (rules, date);
CREATE INDEX results_players ON results (players);
CREATE INDEX events_actor ON events (actor);
CREATE INDEX events_type ON events (type);
"""
COMMIT_EVERY = 200
SHORT = 256
"""The longest payload JSON kept for the rows that share its payload (``Kept``)."""


def _json(data: Any) -> str:
    return _ENCODE(data)


def _short(text: str) -> bool:
    """Whether a payload's JSON is short enough to keep for the next row that shares it."""
    return len(text) <= SHORT


def _plain(value: Any) -> Any:
    if isinstance(value, Fraction):
        return str(value)
    if isinstance(value, set | frozenset | tuple):
        return list(value)
    return str(value)


_ENCODE = json.JSONEncoder(ensure_ascii=False, default=_plain, sort_keys=True).encode
"""``json.dumps(data, ensure_ascii=False, default=_plain, sort_keys=True)``, its encoder
made once instead of once a cell."""


def write_sqlite(games: Iterable[History], path: str | os.PathLike[str]) -> int:
    """Write ``games`` into a new SQLite file at ``path`` (refused if it exists)."""
    if os.path.exists(path):
        raise ExportError(f"{os.fspath(path)} already exists; an SQLite export writes a new file")
    try:
        conn = sqlite3.connect(path, isolation_level=None)
        conn.execute("PRAGMA user_version = 1")  # creates the file, or fails here
    except sqlite3.Error as error:
        raise ExportError(f"cannot write an SQLite file at {os.fspath(path)}: {error}") from None
    try:
        conn.execute("PRAGMA foreign_keys=ON")
        # a new file that is removed if the export fails: no journal, no fsync per commit
        conn.execute("PRAGMA journal_mode=OFF")
        conn.execute("PRAGMA synchronous=OFF")
        conn.executescript(SCHEMA)
        count = 0
        conn.execute("BEGIN")
        payload_json = Kept(_json, _short)  # rows share payload data (``History.events``)
        for history in games:
            _write_game(conn, history, payload_json)
            count += 1
            if count % COMMIT_EVERY == 0:
                conn.execute("COMMIT")
                conn.execute("BEGIN")
        conn.execute("COMMIT")
        conn.executescript(INDEXES)
    except BaseException:
        conn.close()
        os.remove(path)
        raise
    conn.close()
    return count


def _write_game(
    conn: sqlite3.Connection, history: History, payload_json: Callable[[Any], str] = _json
) -> None:
    game, data = history.game, history.summary
    record = game.record
    # the seed deals every card again: only a copy for every seat may hold it
    seed = game.header.seed if history.viewer.every_seat else None
    conn.execute(
        "INSERT INTO games VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
        (
            record.id, record.uid, record.rules, record.rules_version, record.created,
            seed, _json(data["options"]), data["events"], int(data["over"]),
            "; ".join(data["winners"]), game.head_at(), game.header.fork_of,
        ),
    )  # fmt: skip
    result = GameResult(record.id, record.uid, record.rules, record.created, b"", data)
    conn.executemany(
        "INSERT INTO player_results VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
        [
            (
                row["game"], row["date"], row["rules"], row["player"], row["seat"],
                row["partnership"], _blank(row["place"]), _blank(row["score"]),
                float(row["score_decimal"]) if row["score_decimal"] != "" else None,
                int(row["won"] == "true"), int(row["over"] == "true"),
            )
            for row in player_rows(result)
        ],
    )  # fmt: skip
    conn.executemany(
        "INSERT INTO players VALUES (?, ?, ?)",
        [(record.id, seat, name) for seat, name in enumerate(game.header.players)],
    )
    conn.executemany("INSERT INTO results VALUES (?, ?, ?, ?, ?, ?, ?)", _results(record.id, data))
    conn.executemany(
        "INSERT INTO figures VALUES (?, ?, ?, ?)",
        [
            (record.id, name, side, float(value) if type(value) is int else float(Fraction(value)))
            for name, by_side in data["figures"].items()
            for side, value in by_side.items()
        ],
    )
    conn.executemany(
        "INSERT INTO events VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
        [
            (
                record.id, e.seq, e.actor, e.type, e.notation,
                said(e) if e.news else e.says, int(e.effective), e.undone_by,
                e.recorded_at, e.hash, payload_json(e.payload),
            )
            for e in history.events
        ],
    )  # fmt: skip
    outcome = game.rules.outcome(history.state)
    rounds = outcome.rounds if outcome is not None else ()
    conn.executemany(
        "INSERT INTO rounds VALUES (?, ?, ?)",
        [(record.id, n, _json(dict(r))) for n, r in enumerate(rounds, 1)],
    )


def _blank(value: Any) -> Any:
    """A long row's cell for SQL: an empty cell is NULL; a score is its exact text."""
    return None if value == "" else value if isinstance(value, int) else str(value)


def _results(game: int, data: Mapping[str, Any]) -> list[tuple[Any, ...]]:
    ranking: Sequence[Sequence[str]] = data["ranking"]
    rows = []
    for side, score in data["scores"].items():
        players = data["sides"].get(side) or []
        place = next(
            (n for n, names in enumerate(ranking, 1) if players and players[0] in names), None
        )
        won = int(bool(players) and all(p in data["winners"] for p in players))
        rows.append((game, side, "; ".join(players), place, str(score), float(decimal(score)), won))
    return rows
