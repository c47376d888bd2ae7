"""``SqlReadModels``: the read models beside the log, for every SQL backend.

Derived data only (``ledger.summaries``): the games' results summaries, read in pages of
``RESULTS_PAGE`` games. A backend composes it with its recorder (``ledger.sqlstore``) into
a whole ``LedgerStore``; it needs the same ``_reading()`` connection and the ``Dialect``'s
marker, and writes ``store_summaries`` itself (who may create the table differs).
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from contextlib import AbstractContextManager
from typing import Any

from tablelog.ledger.contract import ReadModels
from tablelog.ledger.dialect import Dialect
from tablelog.ledger.summaries import ResultRow, paged, results_query

__all__ = ["SqlReadModels"]


class SqlReadModels(ReadModels):
    """``results`` written once over a backend's ``_reading()`` and ``Dialect``."""

    _dialect: Dialect

    def _reading(self) -> AbstractContextManager[Any]:
        raise NotImplementedError

    def results(
        self,
        *,
        rules: str | None = None,
        since: str | None = None,
        games: Sequence[int] | None = None,
    ) -> Iterator[ResultRow]:
        """Every game (of ``rules``, created at or after ``since``, among ``games``) with its
        head and its stored summary (derived data: see ``ledger.summaries``), by id."""
        mark = self._dialect.mark
        with self._reading() as conn:
            has = conn.execute(self._dialect.has_summaries).fetchone() not in (None, (None,))

        def page(after: int, limit: int) -> list[Any]:
            sql, params = results_query(
                with_summaries=has, rules=rules, since=since, games=games, mark=mark,
                after=after, limit=limit,
            )  # fmt: skip
            with self._reading() as conn:
                rows: list[Any] = conn.execute(sql, params).fetchall()
            return rows

        return paged(page)
