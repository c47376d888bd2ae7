"""The ``tablelog`` command: thin, it parses arguments, calls ``replay/`` and prints.

Start-up is part of every command a person types at the table, so a command imports
only what it uses: the JSON Lines reader only for files, rich only to draw a table,
Hypothesis only for ``fuzz`` (``cli/fuzzing.py``), sqlite-utils only when a database is
created, and of the games only the one being played.
"""

from __future__ import annotations

import os
from collections.abc import Callable, Sequence
from typing import Any

import click

from tablelog.cli import render
from tablelog.cli.db import Context, pass_ctx
from tablelog.cli.errors import BadInput, Guarded, friendly, option_pairs
from tablelog.cli.flags import json_flag
from tablelog.cli.streams import FsPath, fs_path
from tablelog.replay.games import Games, LoadedGame
from tablelog.replay.gate import Viewer
from tablelog.replay.headers import make_header
from tablelog.replay.inspect import (
    log_data,
    moves_data,
    played_data,
    replay_data,
    show_data,
    viewer_named,
)
from tablelog.rules import registry

__all__ = ["cli", "main"]

JSON = json_flag()


@click.group(cls=Guarded, context_settings={"help_option_names": ["-h", "--help"]})
@click.option(
    "--db",
    envvar="TABLELOG_DB",
    type=FsPath(dir_okay=False),
    metavar="DB",
    help="The database: a file, or a postgresql:// URL (default: $TABLELOG_DB, else a file in"
    " your user data directory).",
)
@click.option(
    "--lang",
    envvar="TABLELOG_LANG",
    type=click.Choice(["en", "nb", "da", "sv", "de"]),
    help="Write cards in words of this language (hjerter dame, Herz Dame); default 7♥.",
)
@click.option(
    "--json",
    "as_json",
    is_flag=True,
    help="Print JSON instead of tables, for the command that follows (as its own --json).",
)
@click.version_option(package_name="tablelog")
@click.pass_context
def cli(ctx: click.Context, db: str | None, lang: str | None, as_json: bool) -> None:
    """Record card games as immutable event logs, replay them, and fuzz their rules."""
    ctx.obj = Context(db, json=as_json)
    render.set_language(lang)


@cli.command()
@JSON
def games(as_json: bool) -> None:
    """List the rule sets and their options."""
    with friendly():
        rulesets = registry.rulesets()
    if as_json:
        render.emit_json(
            [
                {
                    "name": r.name,
                    "title": r.title,
                    "version": r.version,
                    "players": list(r.seats),
                    "options": [render.option_data(o) for o in r.options],
                }
                for r in rulesets
            ]
        )
    else:
        render.print_games(rulesets)


@cli.command()
@click.argument("rules")
@click.option("-p", "--player", "players", multiple=True, help="A player, in turn order.")
@click.option("-o", "--option", "options", multiple=True, help="A rule option, KEY=VALUE.")
@click.option("--seed", type=int, help="Deal with the seeded dealer (else: a physical game).")
@click.option("--dealer", help="Who deals first (a player's name; default: the first).")
@JSON
@pass_ctx
def new(
    obj: Context,
    rules: str,
    players: Sequence[str],
    options: Sequence[str],
    seed: int | None,
    dealer: str | None,
    as_json: bool,
) -> None:
    """Start a game of RULES; players are named in turn order, the order they play in
    (round the table clockwise in Karnöffel, counter-clockwise in Nørdekasino)."""
    with friendly():
        ruleset = registry.get(rules)
        header = make_header(ruleset, players, option_pairs(options), dealer=dealer, seed=seed)
        with obj.ledger() as ledger:
            game = Games(ledger).create(header)
            data = show_data(game)
    if as_json:
        render.emit_json(data)
        return
    kind = f"seeded dealer, seed {seed}" if seed is not None else "physical game"
    click.echo(f"game {game.id}: {ruleset.title} for {', '.join(header.players)} ({kind})")
    render.print_show(data)


@cli.command()
@click.argument("game")
@click.argument("move", nargs=-1)
@click.option(
    "--id", "event_id", help="An event id: a retry of the same move is answered, not doubled."
)
@click.option("--after", help="Write only if the game's last event is still SEQ (or head HASH).")
@JSON
@pass_ctx
def play(
    obj: Context, game: str, move: Sequence[str], event_id: str | None, after: str | None,
    as_json: bool,
) -> None:  # fmt: skip
    """Record MOVE in GAME (e.g. `7H`, `Anna 7H`, `deal 7H 2S KD 5C`, `undo`, `note TEXT`).

    For a whole evening, `tablelog record GAME` keeps the game open instead."""
    if not move:
        named = game.isdigit() or game.lower() == "last"  # else a move typed as the game
        example = f"{game} MOVE" if named else f"last {game}"
        raise BadInput(f"no move given: name the game, then the move: tablelog play {example}")
    with friendly(), obj.ledger() as ledger:
        played = Games(ledger).play(game, " ".join(move), event_id=event_id, after=after)
        data = played_data(played)
    if as_json:
        render.emit_json(data)
    else:
        render.print_written(data)


@cli.command()
@click.argument("game")
@click.option("--card", help="Only the moves whose first card is this card (e.g. 4H).")
@click.option("--kind", help="Only moves of this kind (e.g. build, capture, play).")
@click.option("--player", help="Only this player's moves.")
@click.option(
    "--limit",
    type=click.IntRange(1),
    help="At most N moves, and the full count (default: all with --json, else 200).",
)
@JSON
@pass_ctx
def moves(
    obj: Context,
    game: str,
    card: str | None,
    kind: str | None,
    player: str | None,
    limit: int | None,
    as_json: bool,
) -> None:
    """List the moves that may be made now, grouped by kind and card, exactly as `play`
    accepts them."""
    with friendly(), obj.ledger() as ledger:
        loaded = Games(ledger).load(game)
        seat = loaded.seat(player) if player else None
        chosen = loaded.rules.vocabulary.read(card) if card else None
        if limit is None and not as_json:
            limit = 200
        data = moves_data(loaded, seat=seat, card=chosen, kind=kind, limit=limit)
    render.emit_json(data) if as_json else render.print_moves(data)


@cli.command()
@click.argument("game")
@click.option("--at", type=int, help="Show the table just after event N.")
@click.option(
    "--as",
    "as_player",
    help="Show only what this player could see (`recorder`: what was typed in a physical game).",
)
@JSON
@pass_ctx
def show(obj: Context, game: str, at: int | None, as_player: str | None, as_json: bool) -> None:
    """Show the table now (or after event N), as everyone or one player saw it."""
    seen = _viewed(obj, game, as_player, lambda loaded, viewer: show_data(loaded, at, viewer))
    render.emit_json(seen) if as_json else render.print_show(seen)


def _viewed(
    obj: Context,
    game: str,
    as_player: str | None,
    data: Callable[[LoadedGame, Viewer], dict[str, Any]],
) -> dict[str, Any]:
    """The ``data`` of ``game`` as the viewer ``--as`` names saw it."""
    with friendly(), obj.ledger() as ledger:
        loaded = Games(ledger).load(game)
        return data(loaded, viewer_named(loaded, as_player))


AS = click.option(
    "--as",
    "as_player",
    help="As this player saw it (default: the public table; `recorder`: as typed).",
)


@cli.command()
@click.argument("game")
@AS
@JSON
@pass_ctx
def log(obj: Context, game: str, as_player: str | None, as_json: bool) -> None:
    """Print the whole log of GAME, corrections included, as the table saw it."""
    seen = _viewed(obj, game, as_player, log_data)
    render.emit_json(seen) if as_json else render.print_log(seen)


@cli.command()
@click.argument("game")
@click.option("--to", type=int, help="Stop after event N.")
@AS
@JSON
@pass_ctx
def replay(obj: Context, game: str, to: int | None, as_player: str | None, as_json: bool) -> None:
    """Replay GAME event by event, with the public table (or --as PLAYER's) after each."""
    seen = _viewed(obj, game, as_player, lambda loaded, viewer: replay_data(loaded, to, viewer))
    render.emit_json(seen) if as_json else render.print_replay(seen)


@cli.command()
@click.argument("target", required=False)
@click.option("--head", metavar="HASH", help="Check that the log leads to the head noted.")
@click.option("--all", "everything", is_flag=True, help="Verify every game of the database.")
@JSON
@pass_ctx
def verify(
    obj: Context, target: str | None, head: str | None, everything: bool, as_json: bool
) -> None:
    """Verify a stored GAME or a JSON Lines FILE: hash chain and every event's legality;
    --head HASH also checks it leads to the head hash noted at the table, --all checks
    every game of the database."""
    from tablelog.replay.heap import fewer_collections
    from tablelog.replay.verify import verify_game

    if head or everything or not target:
        from tablelog.cli.disputes import verify_more

        with fewer_collections():  # game after game folded (``replay.heap``)
            return verify_more(obj.ledger, target, head, everything, as_json)
    with friendly(), fewer_collections():
        if os.path.exists(fs_path(target)) and not target.isdigit():
            target = fs_path(target)
            from tablelog.replay.jsonl import file_lines, iter_games, verify_parsed

            games = iter_games(file_lines(target))  # read one game at a time
            results = [(f"{target} game {n}", verify_parsed(g)) for n, g in enumerate(games, 1)]
        else:
            with obj.ledger() as ledger:
                gid = Games(ledger).resolve(target)
                results = [(f"game {gid}", verify_game(ledger, gid))]
    payloads = [v.as_dict() for _, v in results]
    if as_json:
        render.emit_json(payloads[0] if len(payloads) == 1 else {"games": payloads})
    else:
        for (name, _), data in zip(results, payloads, strict=True):
            render.print_verification(name, data)
    if not all(v.ok for _, v in results):
        raise SystemExit(1)


@cli.command()
@click.argument("game")
@click.option("--at", type=int, required=True, help="Keep events 1..N of GAME.")
@JSON
@pass_ctx
def fork(obj: Context, game: str, at: int, as_json: bool) -> None:
    """Start a new game from GAME's first N events, to play out "what if"."""
    with friendly(), obj.ledger() as ledger:
        store = Games(ledger)
        parent = store.resolve(game)
        forked = store.fork(parent, at)
        data = {**show_data(forked), "fork": {"of": parent, "at": at}}
    if as_json:
        render.emit_json(data)
    else:
        parent = data["fork"]["of"]
        click.echo(f"game {forked.id}: a fork of game {parent} at event {at} "
                   f"(`last` still names game {parent}; name the fork as {forked.id})")  # fmt: skip
        render.print_show(data)


cli.lazy = {
    "fuzz": "tablelog.cli.fuzzing:fuzz",
    "record": "tablelog.cli.record:record",
    "migrate": "tablelog.cli.migrate:migrate",
    "list": "tablelog.cli.listing:list_games",
    "stats": "tablelog.cli.standings:stats",
    "export": "tablelog.cli.histories:export",
    "import": "tablelog.cli.histories:import_",
    "sync": "tablelog.cli.sync:sync",
    "serve": "tablelog.cli.serve:serve",
    "diff": "tablelog.cli.disputes:diff",
    "upgrade": "tablelog.cli.upgrade:upgrade",
}


def main() -> None:
    """The console script's entry point: streams that fall back rather than fail, and the
    arguments as typed (``cli/streams.py``)."""
    import sys

    from tablelog.cli import streams

    streams.install()
    cli(args=streams.typed_args(sys.argv[1:]), prog_name="tablelog")
