"""Settling disputes: ``diff A B``, and ``verify --head HASH`` / ``verify --all``.

The commands are thin: ``replay.diff`` finds where two logs part, ``replay.head`` checks a
noted head hash, ``replay.verify`` checks each game. ``verify`` itself lives in
``cli/main.py``; it hands ``--head`` and ``--all`` to ``verify_more`` here.
"""

from __future__ import annotations

import os
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

import click

from tablelog.cli import render
from tablelog.cli.errors import BadInput, friendly
from tablelog.cli.flags import json_flag
from tablelog.cli.streams import fs_path
from tablelog.replay.games import Games

if TYPE_CHECKING:
    from tablelog.ledger import LedgerStore
    from tablelog.replay.diff import Log

__all__ = ["diff", "verify_more"]

OpenLedger = Callable[[], "LedgerStore"]


def _is_file(ref: str) -> bool:
    return os.path.exists(fs_path(ref)) and not ref.isdigit()


def _file_games(path: str) -> list[Any]:
    from tablelog.replay.jsonl import file_lines, parse_lines

    return parse_lines(file_lines(fs_path(path)))


def _one_file_game(path: str, what: str) -> Any:
    games = _file_games(path)
    if len(games) != 1:
        raise BadInput(f"{path} holds {len(games)} games; {what} one game: export that game alone")
    return games[0]


def _log(open_ledger: OpenLedger, ref: str) -> Log:
    from tablelog.replay.diff import Log

    if not _is_file(ref) and (ref.endswith(".jsonl") or os.sep in ref):
        raise BadInput(f"there is no file {ref!r}")
    if _is_file(ref):
        game = _one_file_game(ref, "diff compares")
        return Log(ref, game.rules, game.header, game.events)
    with open_ledger() as ledger:
        loaded = Games(ledger).load(ref)
        return Log(f"game {loaded.id}", loaded.rules, loaded.header, loaded.events)


@click.command()
@click.argument("a")
@click.argument("b")
@json_flag("Print JSON instead of a table.")
@click.pass_obj
def diff(obj: Any, a: str, b: str, as_json: bool) -> None:
    """Show where two logs of one game part: A and B are game numbers or JSON Lines files
    (two recorders at one table, an export and the database). Exit status 1 when they
    differ."""
    from tablelog.replay.diff import diff_logs

    with friendly():
        result = diff_logs(_log(obj.ledger, a), _log(obj.ledger, b))
    if as_json:
        render.emit_json(result.as_dict())
    else:
        _print_diff(result)
    if not result.same:
        raise SystemExit(1)


def _print_diff(result: Any) -> None:
    from rich.text import Text

    out = render.console()
    out.print(Text(result.why, style="" if result.same else "bold"))
    if not result.rows:
        return
    table = render.new_table(title=f"{result.a}  ⇄  {result.b}")
    table.add_column("event", justify="right")
    table.add_column(result.a)
    table.add_column(result.b)
    for seq, x, y, same in result.rows:
        style = "" if same else "bold red" if seq == result.first else "red"
        mark = "" if same else "≠"
        table.add_row(
            Text(f"{mark}{seq}", style=style),
            Text(x if x is not None else "—", style=style),
            Text(y if y is not None else "—", style=style),
        )
    out.print(table)


def verify_more(
    open_ledger: OpenLedger, target: str | None, head: str | None, everything: bool, as_json: bool
) -> None:
    """``verify --head HASH TARGET`` or ``verify --all`` (exit status 1 on any failure)."""
    if everything:
        if target or head:
            raise BadInput("--all verifies every game of the database: give no GAME and no --head")
        _verify_all(open_ledger, as_json)
        return
    if not target:
        raise BadInput("name a GAME or a JSON Lines FILE to verify (or give --all)")
    assert head is not None
    _verify_head(open_ledger, target, head, as_json)


def _verify_head(open_ledger: OpenLedger, target: str, head: str, as_json: bool) -> None:
    from tablelog.replay.head import head_of_file_game, head_of_stored, noted_hash, with_head
    from tablelog.replay.verify import verify_game

    with friendly():
        noted = noted_hash(head)
        if _is_file(target):
            from tablelog.replay.jsonl import verify_parsed

            game = _one_file_game(target, "--head checks")
            name, verification = target, verify_parsed(game)
            check = head_of_file_game(game, noted)
        else:
            with open_ledger() as ledger:
                gid = Games(ledger).resolve(target)
                name, verification = f"game {gid}", verify_game(ledger, gid)
                check = head_of_stored(ledger, gid, noted)
    verification = with_head(verification, check)
    if as_json:
        render.emit_json({**verification.as_dict(), "noted_head": check.as_dict()})
    else:
        render.print_verification(name, verification.as_dict())
        if check.ok:
            click.echo(check.sentence)
    if not verification.ok:
        raise SystemExit(1)


def _verify_all(open_ledger: OpenLedger, as_json: bool) -> None:
    from rich.console import Console
    from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn

    from tablelog.replay.verify import verify_game

    failed: list[dict[str, Any]] = []
    events = 0
    with friendly(), open_ledger() as ledger:
        summaries = ledger.games()
        columns = (TextColumn("verifying"), BarColumn(), MofNCompleteColumn())
        with Progress(*columns, console=Console(stderr=True), transient=True) as bar:
            task = bar.add_task("games", total=len(summaries))
            for summary in summaries:  # one game in memory at a time
                record = summary.record
                verification = verify_game(ledger, record.id)  # never crashes on tampering
                events += verification.events
                if not verification.ok:
                    failed.append({"game": record.id, "rules": record.rules,
                                   **verification.as_dict()})  # fmt: skip
                bar.advance(task)
    problems = [f"game {row['game']}: {p}" for row in failed for p in row["problems"][:1]]
    data = {"ok": not failed, "games": len(summaries), "events": events, "problems": problems,
            "failed": failed}  # fmt: skip
    if as_json:
        render.emit_json(data)
    else:
        _print_all(data)
    if failed:
        raise SystemExit(1)


def _print_all(data: dict[str, Any]) -> None:
    from rich.text import Text

    out = render.console()
    games, failed = data["games"], data["failed"]
    verdict = f"{games - len(failed)} ok" + (f", {len(failed)} FAILED" if failed else "")
    out.print(f"verified {games} games, {data['events']} events: {verdict}")
    if not failed:
        return
    table = render.new_table(title="games that failed")
    for column in ("game", "rules", "events", "first problem"):
        table.add_column(column)
    for row in failed:
        first = row["problems"][0] if row["problems"] else ""
        table.add_row(str(row["game"]), row["rules"], str(row["events"]), Text(first))
    out.print(table)
