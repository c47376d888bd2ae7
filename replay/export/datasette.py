"""Datasette metadata for the SQLite export: titles, column descriptions, facets, queries.

``export --format sqlite -o club.sqlite`` writes ``club.metadata.json`` beside the file;
``datasette club.sqlite -m club.metadata.json`` then opens it with every table titled
and described, the long table ``player_results`` faceted by rule set, player and date,
and a few saved queries a club asks first (win rate per player, head to head, seats).
Datasette names a database after its file's stem, so the metadata is keyed by it.
"""

from __future__ import annotations

import json
import os
from pathlib import Path
from typing import Any

__all__ = ["QUERIES", "metadata", "metadata_path", "write_metadata"]

TABLES: dict[str, dict[str, Any]] = {
    "games": {
        "title": "Games",
        "description": "One row per game: its rule set, when it began, how it ended.",
        "facets": ["rules", "over", {"date": "created"}],
        "sort_desc": "created",
        "columns": {
            "id": "The game's number in the database it was exported from",
            "uid": "The game's unique id, the same in every copy of its log",
            "rules": "The rule set (karnoffel, nordekasino, speahx, vriddiot, narrespillet)",
            "rules_version": "The version of the rule set that recorded it",
            "created": "When the game began (UTC, ISO 8601)",
            "seed": (
                "The seeded dealer's seed, only in a copy for every seat (it deals every"
                " card again); empty otherwise and for a game dealt at a real table"
            ),
            "options": "The rule options as JSON",
            "events": "How many events the log holds",
            "over": "1 when the game is finished",
            "winners": "The players in first place, joined by '; '",
            "head": "The head hash (short): the log's fingerprint",
            "variation_of": "For a variation (fork), the uid of the game it branches from",
        },
    },
    "player_results": {
        "title": "Results per player",
        "description": "The tidy long form: one row per player per game.",
        "facets": ["rules", "player", {"date": "date"}],
        "sort_desc": "date",
        "columns": {
            "game": "The game (games.id)",
            "date": "The day the game began (YYYY-MM-DD)",
            "rules": "The rule set",
            "player": "The player's name",
            "seat": "The player's seat in turn order, from 1",
            "partnership": "The side's label where partners share a score; empty otherwise",
            "place": "The player's place, 1 = won; empty while the game runs",
            "score": "The side's exact score (a fraction as text: 25/2)",
            "score_decimal": "The score as a decimal",
            "won": "1 when the player is in first place",
            "over": "1 when the game is finished",
        },
    },
    "players": {
        "title": "Seats",
        "description": "Who sat where, in turn order.",
        "facets": ["name"],
        "columns": {"game": "The game", "seat": "The seat, from 0", "name": "The player"},
    },
    "results": {
        "title": "Results per side",
        "description": "One row per side (a player, or a partnership) per finished game.",
        "facets": ["won", "place"],
        "columns": {
            "side": "The side's label (a name, or names joined by ' & ')",
            "players": "The side's players, joined by '; '",
            "place": "The side's place, 1 = won",
            "score": "The exact score",
            "score_decimal": "The score as a decimal",
            "won": "1 when the side won",
        },
    },
    "figures": {
        "title": "Figures",
        "description": "Each game's own figures per side: tricks, sweeps, Adams clears...",
        "facets": ["figure"],
    },
    "events": {
        "title": "Events",
        "description": "Every event of every log, in the table's notation, as everyone saw it.",
        "facets": ["type", "actor", "effective"],
        "columns": {
            "seq": "The event's number in its game",
            "notation": "The event as the table writes it",
            "effective": "0 when a later undo or ruling took it back",
            "undone_by": "The event that took it back",
            "hash": "The event's hash in the chain",
        },
    },
    "rounds": {"title": "Rounds", "description": "A deal's or a round's detail, as JSON."},
}

QUERIES: dict[str, dict[str, str]] = {
    "win_rate": {
        "title": "Win rate per player",
        "description": "Finished games, wins and win rate per player and rule set.",
        "sql": (
            "SELECT rules, player, COUNT(*) AS games, SUM(won) AS wins,"
            " ROUND(1.0 * SUM(won) / COUNT(*), 3) AS win_rate"
            " FROM player_results WHERE over = 1"
            " GROUP BY rules, player ORDER BY rules, win_rate DESC, games DESC"
        ),
    },
    "head_to_head": {
        "title": "Head to head",
        "description": "For two players in the same finished game on different sides: how"
        " often each finished ahead of the other.",
        "sql": (
            "SELECT a.rules, a.player, b.player AS opponent, COUNT(*) AS games,"
            " SUM(a.place < b.place) AS ahead, SUM(a.place > b.place) AS behind"
            " FROM player_results a JOIN player_results b"
            " ON a.game = b.game AND a.player < b.player"
            " AND (a.partnership = '' OR a.partnership != b.partnership)"
            " WHERE a.over = 1 GROUP BY a.rules, a.player, b.player"
            " ORDER BY a.rules, a.player, opponent"
        ),
    },
    "seats": {
        "title": "Wins by seat",
        "description": "Win rate per seat and number of players: a seat advantage shows here.",
        "sql": (
            "SELECT r.rules, n.players, r.seat, COUNT(*) AS games, SUM(r.won) AS wins,"
            " ROUND(1.0 * SUM(r.won) / COUNT(*), 3) AS win_rate"
            " FROM player_results r JOIN"
            " (SELECT game, COUNT(*) AS players FROM player_results GROUP BY game) n"
            " ON n.game = r.game WHERE r.over = 1"
            " GROUP BY r.rules, n.players, r.seat ORDER BY r.rules, n.players, r.seat"
        ),
    },
}


def metadata(database: str) -> dict[str, Any]:
    """The metadata for an export that Datasette names ``database`` (its file's stem)."""
    return {
        "title": "tablelog: match history",
        "description": "Card games recorded with tablelog, one row per fact.",
        "databases": {database: {"tables": TABLES, "queries": QUERIES}},
    }


def metadata_path(path: str | os.PathLike[str]) -> Path:
    """Where the metadata of the export at ``path`` goes: ``club.metadata.json``."""
    target = Path(path)
    return target.with_name(f"{target.stem}.metadata.json")


def write_metadata(path: str | os.PathLike[str]) -> Path:
    """Write the metadata beside the export at ``path``; returns its path."""
    target = metadata_path(path)
    text = json.dumps(metadata(Path(path).stem), ensure_ascii=False, indent=2)
    target.write_text(text + "\n", encoding="utf-8")
    return target
