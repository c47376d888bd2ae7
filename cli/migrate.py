"""``tablelog migrate --to DB``: every game of the database into another one, in one step.

Typically from the SQLite file to a club's PostgreSQL server (or back). The games keep
their uids, contents and head hashes (their local ids may differ); the copy is one
transaction in the target, and refused, with nothing written, if the target already holds
any of the games.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import click

from tablelog.cli.db import open_ledger
from tablelog.cli.errors import Refused, friendly

if TYPE_CHECKING:
    from tablelog.cli.db import Context
    from tablelog.ledger import GameSummary

__all__ = ["migrate"]


@click.command()
@click.option(
    "--to",
    "target",
    required=True,
    metavar="DB",
    help="The database to copy every game into: a postgresql:// URL, or a file.",
)
@click.pass_obj
def migrate(obj: Context, target: str) -> None:
    """Copy every game of the database (--db) into another database, with a progress bar.

    The games keep their uids, events and head hashes; nothing is written if the target
    already holds any of them. The source is left as it was.
    """
    from rich.console import Console
    from rich.markup import escape
    from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn

    from tablelog.ledger.transfer import already_there, copy_games

    with friendly(), obj.ledger() as source, open_ledger(target) as into:
        games = source.games()
        clashes = already_there(games, into)
        if clashes:
            raise Refused(_clash_message(into.path, clashes))
        total = sum(s.events for s in games)
        columns = (TextColumn("{task.description}"), BarColumn(), MofNCompleteColumn())
        with Progress(*columns, console=Console(stderr=True)) as progress:
            task = progress.add_task(f"copying {len(games)} games (events)", total=total)

            def done(summary: GameSummary) -> None:
                progress.advance(task, summary.events)

            copied = copy_games(source, into, games, done)
        heads = {s.record.uid: s.head_hash for s in into.games()}
        assert all(heads[s.record.uid] == s.head_hash for s in games)
        where = escape(into.path)
    click.echo(f"migrated {len(copied)} games ({total} events) to {where}; every head hash matches")


def _clash_message(where: str, clashes: list[tuple[GameSummary, int]]) -> str:
    shown = ", ".join(
        f"game {s.record.id} (uid {s.record.uid}) is game {there} there"
        for s, there in clashes[:10]
    )
    more = f" and {len(clashes) - 10} more" if len(clashes) > 10 else ""
    return (
        f"nothing was migrated: {where} already holds {len(clashes)} of these games: {shown}{more}"
    )
