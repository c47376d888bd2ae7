"""``list``: the games with their winners and scores, each variation under its game.

The rows come from the results summaries (``replay.summary.results``); ``--json`` streams
them as they are read.
"""

from __future__ import annotations

from collections import ChainMap
from collections.abc import Mapping, MutableMapping, Sequence
from typing import TYPE_CHECKING, Any, cast

import click

from tablelog.cli import render
from tablelog.cli.errors import friendly
from tablelog.cli.selection import JSON, filter_options, filters, keeper, reading_ledger

if TYPE_CHECKING:
    pass

__all__ = ["list_games", "print_results", "with_variations"]


PAGE = 50
"""Rows of one page of ``list``'s table: drawing a row costs, a club's archive holds
thousands, and the newest games are what one looks for."""


@click.command(name="list")
@filter_options
@click.option("--unfinished", is_flag=True, help="Only games that are not over.")
@click.option(
    "--page",
    type=click.IntRange(min=1),
    default=1,
    show_default=True,
    help=f"Which page of {PAGE} games the table shows: 1 is the newest, 2 the ones before.",
)
@click.option("--all", "every", is_flag=True, help="Every game in the table, unpaged.")
@JSON
@click.pass_context
def list_games(
    ctx: click.Context,
    rules: str | None,
    player: str | None,
    since: str | None,
    unfinished: bool,
    page: int,
    every: bool,
    as_json: bool,
) -> None:
    """List the games with their winners and scores (filtered), and how many.

    The table shows the newest 50 games (--page 2 the 50 before them, --all every game);
    --json gives every game.
    """
    from tablelog.cli.db import MissingDatabase
    from tablelog.replay.summary import results

    with friendly():
        try:
            ledger = reading_ledger(ctx)
        except MissingDatabase as missing:
            click.echo(f"no games: {missing.format_message()}", err=True)
            ledger = None
        rows: list[Mapping[str, Any]] = []
        if ledger is not None:
            with ledger:
                chosen = filters(rules, player, since, unfinished)
                found = results(ledger, chosen, keeper(ctx, ledger))
                if as_json:  # streamed: each game is written as it is read
                    render.emit_json_rows("games", (r.as_dict() for r in found))
                    return
                rows = [r.row() for r in found]  # a row whole only when it is drawn
    if as_json:
        render.emit_json_rows("games", rows)
        return
    print_results(rows, None if every else page)


def with_variations(rows: Sequence[Mapping[str, Any]]) -> list[Mapping[str, Any]]:
    """The games in order, each variation (fork) right under the game it branches from,
    by the event it branches at; ``variation_of_game`` names that game's number (``None``
    when the filters left it out). Each row is read through, not copied (a ``ChainMap``
    that only reads it: a row of the table is made whole only when it is drawn)."""
    by_uid = {row["uid"]: row["game"] for row in rows}
    children: dict[str, list[Mapping[str, Any]]] = {}
    tops = []
    for row in rows:
        parent = row.get("variation_of")
        game = by_uid.get(parent) if parent else None
        row = ChainMap({"variation_of_game": game}, cast("MutableMapping[str, Any]", row))
        if parent is not None and parent in by_uid:
            children.setdefault(parent, []).append(row)
        else:
            tops.append(row)
    ordered: list[Mapping[str, Any]] = []

    def add(row: Mapping[str, Any]) -> None:
        ordered.append(row)
        for child in sorted(
            children.get(row["uid"], []), key=lambda r: (r["variation_at"], r["game"])
        ):
            add(child)

    for row in tops:
        add(row)
    return ordered


def paged(
    rows: Sequence[Mapping[str, Any]], page: int | None
) -> tuple[list[Mapping[str, Any]], str]:
    """Page ``page`` of ``rows`` (1: the last ``PAGE``, in order; ``None``: all of them) and
    the sentence saying which rows those are, empty when they are all."""
    if page is None or len(rows) <= PAGE:
        return list(rows), ""
    pages = -(-len(rows) // PAGE)
    page = min(page, pages)
    end = len(rows) - (page - 1) * PAGE
    start = max(0, end - PAGE)
    more = f"--page {page + 1} for older ones, " if page < pages else ""
    said = (
        f"showing rows {start + 1:,}–{end:,} of {len(rows):,} (page {page} of {pages}:"
        f" {more}--all for every one, --json for data)"
    )
    return list(rows[start:end]), said


def print_results(rows: Sequence[Mapping[str, Any]], page: int | None = None) -> None:
    """``list`` for people: one line per game, winners and scores, then the count; each
    variation indented under the game it branches from. ``page``: the table shows that
    page of ``PAGE`` rows (1: the newest), the count stays every game's."""
    if not rows:
        render.console().print("0 game(s)")
        return
    rows = with_variations(rows)
    shown, said = paged(rows, page)
    table = render.new_table(title="Games")
    table.add_column("game", justify="right")
    table.add_column("date", no_wrap=True)
    table.add_column("rules", no_wrap=True)
    for column in ("players", "events", "result", "scores"):
        table.add_column(column, justify="right" if column == "events" else "left")
    for row in shown:
        result = " & ".join(row["winners"]) if row["over"] else "running"
        if row.get("altered"):
            result = "ALTERED: run verify"
        number = f"↳ {row['game']}" if row.get("variation_of") else str(row["game"])
        scores = "\n".join(f"{side} {score}" for side, score in row["scores"].items())
        table.add_row(
            number, row["created"][:10], row["rules"],
            render.escape(", ".join(row["players"])), str(row["events"]),
            render.escape(result), render.escape(scores),
        )  # fmt: skip
    out = render.console()
    out.print(table)
    forks = [row for row in rows if row.get("variation_of")]
    for row in (r for r in shown if r.get("variation_of")):
        parent = row["variation_of_game"] or f"{row['variation_of'][:8]}… (not listed)"
        out.print(f"↳ {row['game']} is a variation of game {parent} from event"
                  f" {row['variation_at']}")  # fmt: skip
    more = f" and {len(forks)} variation(s)" if forks else ""
    out.print(f"{len(rows) - len(forks)} game(s){more}")
    if said:
        out.print(said, soft_wrap=True)
