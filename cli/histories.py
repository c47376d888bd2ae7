"""Match histories: ``export`` in every format and ``import`` (the filters ``export``
shares with ``list`` and ``stats`` are in ``cli/selection.py``).

Each command imports what it uses when it runs (the JSON Lines reader, the exporters,
rich), so registering them costs the other commands nothing at start-up.
"""

from __future__ import annotations

import os
import sqlite3
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any

import click

from tablelog.cli import outfile, render
from tablelog.cli.errors import BadInput, StorageRefused, friendly
from tablelog.cli.outfile import new_file
from tablelog.cli.selection import JSON, VARIATIONS, filter_options, filters, keeper, reading_ledger
from tablelog.cli.streams import FsPath

if TYPE_CHECKING:
    from tablelog.ledger import LedgerStore

__all__ = ["export", "import_", "print_import", "single_game_page"]

FORMATS = ("jsonl", "csv", "sqlite", "text", "html")


def single_game_page() -> Callable[..., None] | None:
    """The hook for one game's step-through replay page (``replay.page.write_page(ledger,
    game, out)``); ``None`` while no such page exists, and a single game then gets the
    match report of that one game."""
    import importlib

    try:
        page = importlib.import_module("tablelog.replay.page")
    except ImportError:
        return None
    writer: Callable[..., None] | None = getattr(page, "write_page", None)
    return writer


@click.command()
@click.argument("games", nargs=-1)
@click.option("--all", "everything", is_flag=True, help="Export every game.")
@filter_options
@click.option("--unfinished", is_flag=True, help="Only games that are not over.")
@click.option(
    "--format",
    "fmt",
    type=click.Choice(FORMATS),
    default="jsonl",
    show_default=True,
    help="jsonl (lossless, for import), csv, sqlite (a file for sqlite3 and Datasette),"
    " text (a transcript), html (one game: a replay page to step through; several: a"
    " match report).",
)
@click.option("--events", is_flag=True, help="CSV: one row per event instead of per game.")
@click.option(
    "--as",
    "as_player",
    help="text, html, csv --events, sqlite, jsonl: as this player saw each game (default:"
    " as everyone did; `everyone`; `recorder`: as typed in a physical game). A jsonl file"
    " for a viewer is their copy to read: import refuses it.",
)
@click.option(
    "--all-seats",
    is_flag=True,
    help="html of one game: every seat's cards, to switch between them (a finished game).",
)
@click.option(
    "--players",
    "per_player",
    is_flag=True,
    help="CSV: one row per player per game (tidy: seat, partnership, place, score, won).",
)
@VARIATIONS
@click.option("-o", "--output", type=FsPath(dir_okay=False), help="Write to a file.")
@click.pass_context
def export(
    ctx: click.Context,
    games: Sequence[str],
    everything: bool,
    rules: str | None,
    player: str | None,
    since: str | None,
    unfinished: bool,
    fmt: str,
    events: bool,
    as_player: str | None,
    all_seats: bool,
    per_player: bool,
    variations: bool,
    output: str | None,
) -> None:
    """Export GAMES (numbers or `last`), --all, or the games a filter picks.

    JSON Lines is the lossless interchange format that `import` reads; csv, sqlite, text
    and html are for people and their tools (see docs/exports.md).
    """
    filtered = any(x is not None for x in (rules, player, since)) or unfinished
    if bool(games) == (everything or filtered):
        raise BadInput("name GAMES, or give --all or a filter (--rules, --player, --since)")
    if events and fmt != "csv":
        raise BadInput("--events is for --format csv (one row per event)")
    if as_player is not None and fmt == "csv" and not events:
        raise BadInput(
            "--as is for text, html, jsonl, csv --events and sqlite: the per-game CSV names no card"
        )
    if all_seats and (fmt != "html" or as_player is not None):
        raise BadInput("--all-seats is for --format html of one game, without --as")
    if per_player and (fmt != "csv" or events):
        raise BadInput("--players is for --format csv without --events (one row per player)")
    if fmt == "sqlite" and output is None:
        raise BadInput("--format sqlite writes a file: give -o FILE.sqlite")
    if output is not None and fmt == "sqlite" and os.path.exists(output):
        raise BadInput(f"{output} already exists; an SQLite export writes a new file")
    from tablelog.replay.heap import fewer_collections

    with friendly(), reading_ledger(ctx) as ledger, fewer_collections():  # (``replay.heap``)
        if games:
            from tablelog.replay.games import Games

            store = Games(ledger)
            ids = [ledger.game(store.resolve(g)).id for g in games]
        else:
            from tablelog.replay.export import select

            chosen = filters(rules, player, since, unfinished, variations=variations)
            ids = select(ledger, chosen, keeper(ctx, ledger))
        if all_seats and len(ids) != 1:
            raise BadInput("--all-seats makes the replay page of one game: name one game")
        from tablelog.replay.gate import EVERY_SEAT

        viewer: Any = EVERY_SEAT if all_seats else as_player
        rows = "players" if per_player else "events" if events else "games"
        count = _write(ledger, ids, fmt, rows, output, viewer)
    if output:
        what = "a replay page" if fmt == "html" and len(ids) == 1 else fmt
        size = os.path.getsize(output) // 1024 if os.path.exists(output) else 0
        games_word = "game" if count == 1 else "games"
        click.echo(f"exported {count} {games_word} as {what} to {output} ({size} KiB)", err=True)


def _write(
    ledger: LedgerStore, ids: list[int], fmt: str, rows: str, output: str | None, viewer: Any = None
) -> int:
    """Write the games ``ids`` as ``fmt`` for ``viewer`` (a name as ``--as`` takes it, or a
    ``Viewer``); a CSV has one row per game, event or player."""
    events = rows == "events"
    if fmt == "sqlite":
        from tablelog.replay.export import histories
        from tablelog.replay.export.sqlitefile import write_sqlite

        assert output is not None
        with new_file(output, "sqlite") as temporary:
            os.remove(temporary)  # write_sqlite makes a new file
            try:
                count = write_sqlite(histories(ledger, ids, viewer), temporary)
            except sqlite3.Error as error:
                raise StorageRefused(f"cannot write sqlite to {output}: {error}") from None
            if os.path.lexists(output):
                raise BadInput(f"{output} already exists; an SQLite export writes a new file")
            os.replace(temporary, output)
        from tablelog.replay.export.datasette import write_metadata

        meta = write_metadata(output)
        click.echo(f"Datasette metadata in {meta}: datasette {output} -m {meta}", err=True)
        return count
    with outfile.output(output, fmt) as out:
        if fmt == "jsonl" and viewer is not None:
            from tablelog.replay.export import histories
            from tablelog.replay.export.jsonlview import write_viewer_jsonl

            return write_viewer_jsonl(histories(ledger, ids, viewer), out)
        if fmt == "jsonl":
            from tablelog.replay.jsonl import export_lines

            for gid in ids:
                for line in export_lines(ledger, gid):
                    out.write(line + "\n")
            return len(ids)
        if fmt == "text" or (fmt == "csv" and events):
            from tablelog.replay.export import histories

            if fmt == "text":
                from tablelog.replay.export.text import write_text

                # neither writes the payloads; the CSV of events writes no summary either
                return write_text(histories(ledger, ids, viewer, payloads=False), out)
            from tablelog.replay.export.csvfile import write_events

            folded = histories(ledger, ids, viewer, payloads=False, summaries=False)
            return write_events(folded, out)
        from tablelog.replay.summary import Filters, results

        if fmt == "html" and len(ids) == 1 and (page := single_game_page()) is not None:
            page(ledger, ids[0], out, viewer)
            return 1
        from tablelog.replay.verify import refuse_altered_games

        refuse_altered_games(ledger, ids, "nothing is exported")  # results are derived data
        chosen = results(ledger, Filters(games=tuple(ids)))
        if fmt == "csv":
            from tablelog.replay.export.csvfile import write_games, write_players

            return (write_players if rows == "players" else write_games)(chosen, out)
        from tablelog.replay.export.html import write_report

        return write_report(chosen, out)


@click.command(name="import")
@click.argument("file", type=FsPath(exists=True, dir_okay=False))
@click.option(
    "--skip-existing",
    is_flag=True,
    help="Merge: skip the games the database already holds with the same log.",
)
@JSON
@click.pass_context
def import_(ctx: click.Context, file: str, skip_existing: bool, as_json: bool) -> None:
    """Import the games of a JSON Lines FILE; nothing is written if any game fails.

    A game the database holds a prefix of (it went on elsewhere) gets its new events. With
    --skip-existing the file may overlap the database (the files of several tables): a
    game already present with the same log is skipped, and one whose log parts from the
    stored one is left as it is and named with the event where they part (exit status 1),
    while the rest of the file is imported.
    """
    from tablelog.replay.heap import fewer_collections
    from tablelog.replay.jsonl import file_lines, iter_games
    from tablelog.replay.merge import import_stream

    with friendly(), reading_ledger(ctx) as ledger, fewer_collections():  # (``replay.heap``)
        report = import_stream(ledger, iter_games(file_lines(file)), skip_existing=skip_existing)
    print_import(report, as_json)
    if report.refused:
        raise SystemExit(1)


def print_import(report: Any, as_json: bool) -> None:
    """What an import did, game by game (``replay.merge.ImportReport``)."""
    if as_json:
        render.emit_json(
            {
                "games": [r.id for r in report.imported],
                "extended": [
                    {"uid": uid, "game": gid, "events": n} for uid, gid, n in report.extended
                ],
                "skipped": [{"uid": uid, "game": gid} for uid, gid in report.skipped],
                "refused": [
                    {"uid": uid, "game": gid, "why": why} for uid, gid, why in report.refused
                ],
            }
        )
        return
    for record in report.imported:
        click.echo(f"imported game {record.id} ({record.rules})")
    for uid, gid, added in report.extended:
        click.echo(f"extended game {gid} ({uid[:8]}…) by {added} new event(s)")
    for uid, gid in report.skipped:
        click.echo(f"skipped {uid}: already here as game {gid}")
    for _, _, why in report.refused:
        click.echo(f"refused: {why}; it was left as it is", err=True)
    if not (report.imported or report.skipped or report.extended or report.refused):
        click.echo("the file holds no game")
