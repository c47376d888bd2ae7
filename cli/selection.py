"""What the reading commands over many games share: ``list`` (``cli/listing.py``),
``stats`` (``cli/standings.py``) and ``export`` (``cli/histories.py``) choose their games
with the same filters, read the database through the same read-only ledger, and keep the
results summaries they compute with the same keeper.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from datetime import date
from typing import TYPE_CHECKING, Any

import click

from tablelog.cli.flags import json_flag

if TYPE_CHECKING:
    from tablelog.ledger import LedgerStore
    from tablelog.replay.summary import Filters, Keep

__all__ = ["JSON", "VARIATIONS", "filter_options", "filters", "keeper", "reading_ledger"]

JSON = json_flag()
VARIATIONS = click.option(
    "--variations",
    is_flag=True,
    help="Count variations (forks: a game replayed from one of its events) as games too.",
)


def _since(_: click.Context, __: click.Parameter, value: str | None) -> str | None:
    if value is None:
        return None
    try:
        return date.fromisoformat(value.strip()).isoformat()
    except ValueError:
        raise click.BadParameter(f"{value!r} is not a date; write it as YYYY-MM-DD") from None


def filter_options(command: Callable[..., Any]) -> Callable[..., Any]:
    """The game filters shared by ``list``, ``stats`` and ``export``."""
    for option in reversed(
        [
            click.option("--rules", help="Only games of this rule set (e.g. karnoffel)."),
            click.option("--player", help="Only games this player played in."),
            click.option(
                "--since", callback=_since, help="Only games created on or after YYYY-MM-DD."
            ),
        ]
    ):
        command = option(command)
    return command


def filters(
    rules: str | None,
    player: str | None,
    since: str | None,
    unfinished: bool = False,
    games: Sequence[int] | None = None,
    variations: bool = True,
) -> Filters:
    """The ``Filters`` of what was typed (``--rules`` checked against the games there
    are, naming them when it names none)."""
    from tablelog.replay.summary import Filters

    if rules is not None:
        from tablelog.rules import registry

        rules = registry.get(rules).name  # an unknown name is refused, naming the games
    chosen = None if games is None else tuple(games)
    return Filters(rules, player, since, unfinished, chosen, variations=variations)


def reading_ledger(ctx: click.Context) -> LedgerStore:
    """The ledger named by the group's ``--db``: read-only unless the command writes."""
    ledger: LedgerStore = ctx.find_root().obj.ledger()
    return ledger


def keeper(ctx: click.Context, reading: LedgerStore) -> Keep:
    """Keeps new results summaries for a reading command, whose own ledger is read-only:
    a writable ledger is opened only when there is something to keep, and a database that
    cannot be written (read-only file, busy, no right to) only loses the cache. A file of
    an older schema is never written by a reading command: opening it to write would
    upgrade it under the reader, so its summaries are computed and not kept."""
    from tablelog.ledger import SCHEMA_VERSION

    if getattr(reading, "schema", SCHEMA_VERSION) < SCHEMA_VERSION:
        return lambda rows: None

    def keep(rows: list[tuple[int, bytes, str]]) -> None:
        try:
            with ctx.find_root().obj.ledger(write=True) as writer:
                writer.store_summaries(rows)
        except click.ClickException:
            pass

    return keep
