"""``tablelog upgrade``: bring a database written by an older tablelog to this one's schema.

Any writing command does it too, the first time it opens an old file; ``upgrade`` does it
alone and says what it did. A reading command reads an old SQLite file as it is. On
PostgreSQL, the recorders' role may not alter tables: the database's owner runs it once.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import click

from tablelog.cli.errors import friendly

if TYPE_CHECKING:
    from tablelog.cli.db import Context

__all__ = ["upgrade"]


@click.command()
@click.pass_obj
def upgrade(obj: Context) -> None:
    """Upgrade the database (--db) to this tablelog's schema, in one transaction.

    Every game's head hash is recomputed before and after, and must stay the same; the
    events, their hashes and their exports do not change. Nothing to do is said as such.
    """
    from tablelog.ledger import SCHEMA_VERSION, is_postgres_url

    if not is_postgres_url(obj.db or ""):
        with friendly():  # a missing or empty file is said so, not made
            obj.ledger(write=False).close()
    with friendly(), obj.ledger(write=True) as ledger:
        found = getattr(ledger, "upgraded_from", None)
        count = len(ledger.games())
        where = ledger.path
    if found is None:
        click.echo(f"{where} already has schema {SCHEMA_VERSION}: nothing to upgrade")
    else:
        click.echo(
            f"upgraded {where} from schema {found} to {SCHEMA_VERSION}: {count} game(s),"
            " every head hash the same as before"
        )
