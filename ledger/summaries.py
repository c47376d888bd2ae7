"""Derived data kept beside the log: one opaque JSON summary per game, tagged with the head.

The ledger never knows what a summary says (``replay/`` computes it from the rule set's
outcome); it stores the text with the hash of the head it was computed at, so a reader
can tell a fresh summary from a stale one (the game moved on) or a missing one. The table
is a cache: deleting it changes no answer, only the time the next ``list`` takes. It is
plain SQL (an upsert with ``ON CONFLICT``), the same on SQLite and PostgreSQL, and it is
created on first use, so a database written before it existed opens unchanged.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator, Sequence
from typing import Any

import attrs

__all__ = [
    "CREATE_SUMMARIES",
    "HAS_SUMMARIES",
    "RESULTS_PAGE",
    "UPSERT_SUMMARY",
    "ResultRow",
    "paged",
    "result_rows",
    "results_query",
    "upsert_summary",
]

CREATE_SUMMARIES = (
    "CREATE TABLE IF NOT EXISTS summaries ("
    " game INTEGER PRIMARY KEY REFERENCES games(id),"
    " head BLOB NOT NULL,"
    " data TEXT NOT NULL)"
)
"""SQLite's table (PostgreSQL's, with ``bigint`` and ``bytea``, is in ``postgres_schema``)."""
HAS_SUMMARIES = "SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'summaries'"


def upsert_summary(mark: str = "?") -> str:
    """The statement that keeps one summary (``mark``: the driver's parameter marker)."""
    return (
        f"INSERT INTO summaries (game, head, data) VALUES ({mark}, {mark}, {mark})"
        " ON CONFLICT (game) DO UPDATE SET head = excluded.head, data = excluded.data"
    )


UPSERT_SUMMARY = upsert_summary()


@attrs.frozen
class ResultRow:
    """A game as ``list`` and ``stats`` read it: its record's plain columns, its head, and
    the stored summary (``summary`` is ``None`` when missing; stale when ``summary_head``
    is not ``head``)."""

    game: int
    uid: str
    rules: str
    rules_version: int
    created: str
    head_seq: int
    head: bytes
    summary_head: bytes | None
    summary: str | None

    @property
    def fresh(self) -> bool:
        """Whether the stored summary was computed at the current head."""
        return self.summary is not None and self.summary_head == self.head


def results_query(
    *,
    with_summaries: bool,
    rules: str | None = None,
    since: str | None = None,
    games: Sequence[int] | None = None,
    mark: str = "?",
    after: int = 0,
    limit: int | None = None,
) -> tuple[str, list[Any]]:
    """The SQL (and its parameters) for every game's head joined with its summary
    (``mark``: the driver's parameter marker, ``?`` for SQLite, ``%s`` for psycopg): the
    games after id ``after``, at most ``limit`` of them (a page: ``paged``)."""
    where: list[str] = [f"g.id > {mark}"]
    params: list[Any] = [after]
    if rules is not None:
        where.append(f"g.rules = {mark}")
        params.append(rules)
    if since is not None:
        where.append(f"g.created >= {mark}")
        params.append(since)
    if games is not None:
        where.append(f"g.id IN ({', '.join([mark] * len(games))})" if games else "1 = 0")
        params.extend(games)
    summary = "s.head, s.data" if with_summaries else "NULL, NULL"
    join = "LEFT JOIN summaries AS s ON s.game = g.id" if with_summaries else ""
    sql = f"""
SELECT g.id, g.uid, g.rules, g.rules_version, g.created,
       COALESCE(h.seq, 0), COALESCE(h.hash, g.genesis), {summary}
FROM games AS g
LEFT JOIN events AS h
  ON h.pos = (SELECT pos FROM events WHERE game = g.id ORDER BY seq DESC LIMIT 1)
{join}
WHERE {" AND ".join(where)}
ORDER BY g.id
{"" if limit is None else f"LIMIT {int(limit)}"}
"""
    return sql, params


RESULTS_PAGE = 500
"""Games a page of ``results`` holds: ``list`` and ``stats`` read a big database in pages,
each a short query (no cursor stays open while summaries are written meanwhile)."""


def paged(page: Callable[[int, int], Sequence[Sequence[Any]]]) -> Iterator[ResultRow]:
    """Every row of a results query, read ``RESULTS_PAGE`` games at a time:
    ``page(after, limit)`` returns the rows of the games after id ``after``."""
    after = 0
    while True:
        rows = page(after, RESULTS_PAGE)
        yield from result_rows(rows)
        if len(rows) < RESULTS_PAGE:
            return
        after = int(rows[-1][0])


def result_rows(rows: Iterable[Sequence[Any]]) -> Iterator[ResultRow]:
    """Rows of ``results_query`` as ``ResultRow`` values."""
    for game, uid, rules, version, created, head_seq, head, summary_head, summary in rows:
        yield ResultRow(
            game, uid, rules, version, created, head_seq, bytes(head),
            None if summary_head is None else bytes(summary_head), summary,
        )  # fmt: skip
