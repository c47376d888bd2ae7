"""The rows of ``tablelog list``: every game, and a game whose log was altered too."""

from __future__ import annotations

from typing import Any

import click

from cli.db import MissingDatabase, open_ledger
from cli.errors import friendly
from ledger import CodecError
from replay.games import Games
from replay.inspect import summary_data
from replay.verify import Tampered

__all__ = ["list_rows"]


def list_rows(db: str | None) -> list[dict[str, Any]]:
    """One row per game; a database that does not exist yet holds no games (said on
    standard error); a game whose stored bytes were altered is listed as altered."""
    with friendly():
        try:
            ledger = open_ledger(db, write=False)
        except MissingDatabase as missing:
            click.echo(f"no games: {missing.format_message()}", err=True)
            return []
        with ledger:
            store = Games(ledger)
            rows = []
            for summary in ledger.games():
                record = summary.record
                try:
                    rows.append(summary_data(store.load(record.id)))
                except (Tampered, CodecError):  # listed, so the others still are
                    rows.append(
                        {"game": record.id, "rules": record.rules, "players": [],
                         "events": summary.events, "over": False, "altered": True,
                         "head": summary.head_short, "created": record.created}
                    )  # fmt: skip
    return rows
