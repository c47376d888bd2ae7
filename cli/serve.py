"""``serve``: the table's recorder and each seat's private view, on phones (``cli/web``).

Starlette and uvicorn are imported by this command only, so no other command's start-up
pays for them.
"""

from __future__ import annotations

import sys
from pathlib import Path
from typing import TYPE_CHECKING, Any

import click

from tablelog.cli.errors import BadInput, friendly

if TYPE_CHECKING:
    from tablelog.cli.db import Context
    from tablelog.cli.web.server import Server
    from tablelog.ledger import LedgerStore

__all__ = ["serve"]

LOOPBACK = ("127.0.0.1", "localhost", "::1")


def _key_file(given: str | None) -> Path:
    if given:
        return Path(given)
    import platformdirs

    return Path(platformdirs.user_data_dir("tablelog", appauthor=False)) / "serve.key"


def print_links(title: str, links: list[dict[str, str]], qr: bool = True) -> None:
    """A game's links on the terminal, each with its QR code (to scan from a phone)."""
    out = sys.stdout
    click.echo(f"\n{title}", file=out)
    for link in links:
        click.echo(f"  {link['name']}: {link['url']}", file=out)
        if qr and link["role"] != "spectator":
            import segno

            segno.make(link["url"], error="m").terminal(out=out, compact=True)
    out.flush()


SHOWN = 10
"""At most this many unfinished games are named when ``serve`` starts without ``--game``."""


def _unfinished(ledger: LedgerStore, server: Server, base: str, qr: bool) -> None:
    """``serve`` without ``--game``: the links of the latest unfinished game (to scan),
    and the recorder's link of each other unfinished game (the latest ``SHOWN``), so that
    a table that stopped yesterday goes on from the terminal's links."""
    from tablelog.cli.web.links import Role
    from tablelog.replay.games import Games
    from tablelog.replay.summary import Filters, results
    from tablelog.rules import registry

    found = [r for r in results(ledger, Filters(unfinished=True)) if not r.data.get("altered")]
    if not found:
        click.echo(f"\nNo unfinished game in this database: start one at {base}/")
        return
    games = Games(ledger)
    latest, *others = reversed(found)
    game = games.load(latest.game)
    print_links(f"game {game.id}: {game.rules.title}, {_who(latest.data)} (the latest unfinished)",
                server.links(base, game), qr)  # fmt: skip
    if others:
        click.echo(
            "\nThe other unfinished games (the recorder's link; --game N prints each seat's):"
        )
    for row in others[:SHOWN]:
        secret = server.keys.secret(row.uid, Role("recorder"))
        title = registry.get(row.rules).title
        click.echo(f"  game {row.game}: {title}, {_who(row.data)}: {base}/t/{row.game}#k={secret}")
    if len(others) > SHOWN:
        click.echo(f"  and {len(others) - SHOWN} more (`tablelog list --unfinished`)")
    click.echo(f"\nOr start a game at {base}/")


def _taken(host: str, port: int) -> str | None:
    """Why ``host``'s ``port`` cannot be listened on, in one sentence (``None``: it can),
    found before the server starts: uvicorn would say it as a log line after "serving"."""
    import errno
    import socket

    try:
        found = socket.getaddrinfo(host, port, type=socket.SOCK_STREAM, flags=socket.AI_PASSIVE)
    except OSError as error:
        return (
            f"cannot listen on {host} ({error.strerror or error}): --host takes an address"
            " of this machine, like 127.0.0.1 or 0.0.0.0"
        )
    # every address the name gives, as uvicorn's server (asyncio's create_server) binds
    # them: one this machine has not enabled (`localhost`'s ::1 without IPv6) is skipped,
    # and a name none of whose addresses is this machine's is no --host to listen on
    bound, skipped = False, "no address"
    for family, kind, proto, _, address in found:
        try:
            with socket.socket(family, kind, proto) as probe:
                probe.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
                if family == socket.AF_INET6:
                    probe.setsockopt(socket.IPPROTO_IPV6, socket.IPV6_V6ONLY, 1)
                probe.bind(address)
        except OSError as error:
            if error.errno == errno.EADDRNOTAVAIL:
                skipped = error.strerror or str(error)
                continue
            return (
                f"cannot listen on {host} port {port} ({error.strerror or error}): another"
                " program, perhaps another tablelog serve, holds it; choose another port"
                " with --port"
            )
        else:
            bound = True
    if not bound:
        return (
            f"cannot listen on {host} ({skipped}): --host takes an address of this machine,"
            " like 127.0.0.1 or 0.0.0.0"
        )
    return None


def _who(data: Any) -> str:
    return f"{', '.join(data['players'])}, at event {data['events']}"


@click.command()
@click.option("--host", default="127.0.0.1", show_default=True, help="The address to listen on.")
@click.option(
    "--port", default=8000, show_default=True, type=click.IntRange(0, 65535), help="The port."
)
@click.option("--game", "games", multiple=True, help="Print the links of this game (a number).")
@click.option("--key-file", help="The links' key (default: serve.key in your data directory).")
@click.option("--no-qr", is_flag=True, help="Print the links without QR codes.")
@click.pass_obj
def serve(
    obj: Context, host: str, port: int, games: tuple[str, ...], key_file: str | None, no_qr: bool
) -> None:
    """Serve the database to phones at the table: start a game, then open each seat's link.

    Binds to 127.0.0.1 unless --host says otherwise. Each seat's link carries a secret that
    only that phone should hold; the recorder's link enters any move, a spectator's only
    looks. Behind a reverse proxy with TLS for a club (see docs/serve.md).
    """
    try:
        import uvicorn

        from tablelog.cli.web.app import make_app
        from tablelog.cli.web.links import Keys, load_key
        from tablelog.cli.web.server import Server
    except ImportError as missing:
        raise BadInput(
            f"`tablelog serve` needs {missing.name}: pip install 'tablelog[serve]'"
        ) from None
    try:
        keys = Keys(load_key(_key_file(key_file)))
    except (OSError, ValueError) as error:
        raise BadInput(f"cannot use the links' key: {error}") from None
    server = Server(obj.db, keys, lambda title, links: print_links(title, links, not no_qr))
    base = f"http://{'[' + host + ']' if ':' in host else host}:{port}"
    with friendly(), server.ledger(write=True) as ledger:  # made here if it is new
        from tablelog.replay.games import Games

        where = ledger.path
        for ref in games:
            game = Games(ledger).load(ref)
            print_links(f"game {game.id}: {game.rules.title}", server.links(base, game), not no_qr)
        if not games:
            _unfinished(ledger, server, base, not no_qr)
    if host not in LOOPBACK:
        click.echo(
            f"Warning: listening on {host}: anyone on the network who has a link can join"
            " that game; put it behind a reverse proxy with TLS for a club (docs/serve.md).",
            err=True,
        )
    taken = _taken(host, port)
    if taken is not None:
        raise BadInput(taken)
    click.echo(f"serving {where} on {base}/ (Ctrl-C stops)", err=True)
    sys.stdout.flush()
    uvicorn.run(make_app(server), host=host, port=port, access_log=False, log_level="warning")
