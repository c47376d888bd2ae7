"""``sync``: bring two databases level, game by game (``replay.sync``)."""

from __future__ import annotations

from typing import TYPE_CHECKING

import click

from tablelog.cli import render
from tablelog.cli.db import open_ledger
from tablelog.cli.errors import friendly
from tablelog.cli.flags import json_flag

if TYPE_CHECKING:
    from tablelog.cli.db import Context
    from tablelog.replay.sync import Synced, SyncReport

__all__ = ["sync"]


@click.command()
@click.argument("other", metavar="DB")
@json_flag()
@click.pass_obj
def sync(obj: Context, other: str, as_json: bool) -> None:
    """Bring the database (--db) and DB level: every game and every event that one has and
    the other lacks is copied across, both ways (a SQLite file, or a postgresql:// URL).

    A game that went on in one is extended in the other; a game whose logs part is left as
    it is on both sides and named with the event where they part (exit status 1). Each
    sent game is checked (chain and rules) before anything is written. Run twice, the
    second run copies nothing.
    """
    from tablelog.replay.sync import sync as sync_ledgers

    with friendly(), obj.ledger(write=True) as here, open_ledger(other) as there:
        report = sync_ledgers(here, there)
        names = {"a": here.path, "b": there.path}
    if as_json:
        render.emit_json({"level": report.level, "games": [g.as_dict() for g in report.games]})
    else:
        _print(report, names)
    if report.diverged:
        raise SystemExit(1)


def _parted(g: Synced, names: dict[str, str]) -> str:
    """A diverged game, naming each side's database, game number and head."""
    from tablelog.replay.merge import where_parted

    if g.parted is None or g.heads is None or g.source_game is None:
        return g.why
    games = {g.to: g.game, ("a" if g.to == "b" else "b"): g.source_game}
    where = where_parted(g.parted)
    return (
        f"game {g.uid[:8]}… is game {games['a']} of {names['a']} (head {g.heads[0]}) and game"
        f" {games['b']} of {names['b']} (head {g.heads[1]}) with different logs: they part"
        f" {where}; both are left as they are"
    )


def _print(report: SyncReport, names: dict[str, str]) -> None:
    if report.level:
        click.echo(f"nothing to sync: {names['a']} and {names['b']} hold the same games")
        return
    for g in report.games:
        where = names[g.to]
        if g.what == "copied":
            click.echo(f"copied game {g.uid[:8]}… to {where} as game {g.game}")
        elif g.what == "extended":
            click.echo(f"extended game {g.game} of {where} by {g.events} new event(s)")
        else:
            click.echo(f"not synced: {_parted(g, names)}", err=True)
    copied = sum(g.what == "copied" for g in report.games)
    extended = sum(g.what == "extended" for g in report.games)
    diverged = len(report.diverged)
    click.echo(f"synced: {copied} game(s) copied, {extended} extended, {diverged} diverged")
