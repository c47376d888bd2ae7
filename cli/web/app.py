"""The ASGI app of ``tablelog serve``: a recorder and a private view per seat, for phones.

Routes (JSON unless said; every ``/api/t/...`` request carries its link's secret in the
``X-Tablelog-Key`` header, or ``k`` in the query for the event stream):

- ``GET /``: the page that starts a game (HTML; ``GET /api/rules`` lists the games);
  ``POST /api/games`` starts one and answers with its links (text and QR code), which the
  server's terminal prints too;
- ``GET /t/{game}``: the table's page (HTML; it reads its secret from the fragment);
- ``GET /api/t/{game}``: the table as the link's viewer sees it: the view (``show``), the
  moves that viewer may enter now (``moves``), the last events of the log as they saw
  them, the head;
- ``POST /api/t/{game}/play``: ``{"move": TEXT, "after": SEQ, "id": RETRY-ID}``: one entry,
  written only if the game is still at ``after`` (else 409 with what was recorded since);
  a retry with the same ``id`` is answered with what was written, never doubled;
- ``GET /api/t/{game}/events?k=SECRET``: Server-Sent Events, one ``head`` event whenever the
  game's head moves (whoever wrote it: another phone, ``tablelog play`` or ``record``, or
  another server on the same PostgreSQL database), read from the ledger every 200 ms and
  at once after a write through this server.

Without a valid secret a request gets a 404 that says nothing of the game (not whether
it exists). A seat's link sees and enters that seat's moves; the recorder's enters any
move; a spectator's only looks. Bodies are JSON of at most 16 KiB. Nothing here logs a
request's path or headers, so no secret reaches a log.
"""

from __future__ import annotations

import asyncio
import json
import time
from collections.abc import AsyncIterator, Callable
from importlib import resources
from typing import Any

import attrs
import click
from starlette.applications import Starlette
from starlette.requests import Request
from starlette.responses import HTMLResponse, JSONResponse, Response, StreamingResponse
from starlette.routing import Route

from tablelog.cli.db import open_ledger
from tablelog.cli.errors import friendly
from tablelog.cli.web.links import Keys, Role
from tablelog.ledger import LedgerStore, UnknownGame
from tablelog.replay.games import BadGameRef, Games, LoadedGame, make_header
from tablelog.replay.inspect import log_data, moves_data, played_data, show_data
from tablelog.replay.notation import parse_move
from tablelog.rules import registry

__all__ = ["MAX_BODY", "Server", "make_app"]

MAX_BODY = 16 * 1024
"""The largest request body taken, in bytes."""
POLL = 0.2
"""How often the event stream reads a game's head, in seconds."""
TICK = 0.02
"""How often the event stream looks whether this process wrote to its game."""
LOG_ROWS = 12
NOTHING = {"error": "no such table, or the link is not valid"}


class _Answer(Exception):
    """A request answered early: a status and a JSON body."""

    def __init__(self, status: int, body: dict[str, Any]) -> None:
        super().__init__(body.get("error", ""))
        self.status = status
        self.body = body


@attrs.define
class Server:
    """What the app serves: one database, the links' key, and where links are announced."""

    db: str | None
    keys: Keys
    announce: Callable[[str, list[dict[str, str]]], None] = lambda title, links: None
    written: dict[int, int] = attrs.Factory(dict)
    """Per game, how many writes this process made: its streams look at once, not at the
    next read of the ledger."""
    heads: Heads = attrs.field(init=False)

    def __attrs_post_init__(self) -> None:
        self.heads = Heads(self)

    def ledger(self, write: bool = False) -> LedgerStore:
        """A ledger for one request (SQLite read-only unless it writes)."""
        return open_ledger(self.db, write=write)

    # -- the links ----------------------------------------------------------------------

    def links(self, base: str, game: LoadedGame) -> list[dict[str, str]]:
        """Every role's link to ``game``: each seat, the recorder, a spectator."""
        players = game.header.players
        out = []
        for role in self.keys.roles(len(players)):
            name = players[role.seat] if role.seat is not None else role.kind
            secret = self.keys.secret(game.record.uid, role)
            out.append({"role": role.name, "name": name,
                        "url": f"{base}/t/{game.id}#k={secret}"})  # fmt: skip
        return out

    def role(self, request: Request, game: LoadedGame) -> Role:
        """The role of the request's secret, or a 404 that says nothing of the game."""
        secret = request.headers.get("x-tablelog-key") or request.query_params.get("k")
        role = self.keys.role_of(game.record.uid, len(game.header.players), secret)
        if role is None:
            raise _Answer(404, NOTHING)
        return role

    # -- what a link sees ---------------------------------------------------------------

    def table(self, game: LoadedGame, role: Role) -> dict[str, Any]:
        """The table as ``role`` sees it, with the moves it may enter now."""
        seat = role.seat
        shown = show_data(game, seat=seat)
        moves = None
        if role.writes and not shown["over"]:
            listing = moves_data(game, seat=seat)
            rows = [m for m in listing["moves"] if role.kind == "recorder" or not m["chance"]]
            moves = {**listing, "moves": rows}
        log = log_data(game, seat)["events"][-LOG_ROWS:]
        return {
            "role": role.kind,
            "seat": seat,
            "viewer": shown["as"],
            "game": game.id,
            "title": shown["title"],
            "players": shown["players"],
            "seq": game.seq,
            "head": shown["head"],
            "over": shown["over"],
            "table": shown,
            "moves": moves,
            "log": log,
        }


def make_app(server: Server) -> Starlette:
    """The app for ``server``."""

    def guarded(handler: Callable[[Request], Response]) -> Callable[[Request], Response]:
        def run(request: Request) -> Response:
            try:
                return handler(request)
            except _Answer as answer:
                return JSONResponse(answer.body, status_code=answer.status)
            except click.ClickException as error:  # the CLI's own sentences, and status
                status = 409 if error.exit_code == 1 else 400
                kind = getattr(error, "kind", "refused" if status == 409 else "bad-input")
                return JSONResponse({"error": error.format_message(), "kind": kind}, status)

        return run

    def loaded(ledger: LedgerStore, request: Request) -> LoadedGame:
        text = request.path_params["game"]
        if not text.isdigit() or len(text) > 9:
            raise _Answer(404, NOTHING)
        try:
            return Games(ledger).load(int(text))
        except (UnknownGame, BadGameRef):  # the same answer as a wrong key
            raise _Answer(404, NOTHING) from None

    @guarded
    def get_table(request: Request) -> Response:
        with friendly(), server.ledger() as ledger:
            game = loaded(ledger, request)
            role = server.role(request, game)
            return JSONResponse(server.table(game, role))

    def body_of(request: Request) -> dict[str, Any]:
        kind = request.headers.get("content-type", "").split(";")[0].strip()
        if kind != "application/json":
            raise _Answer(415, {"error": "send the tool's own JSON (application/json)"})
        size = request.headers.get("content-length")
        if size is None or not size.isdigit() or int(size) > MAX_BODY:
            raise _Answer(413, {"error": f"a request body is at most {MAX_BODY} bytes"})
        raw = _read(request)
        try:
            data = json.loads(raw)
        except (ValueError, UnicodeDecodeError):
            raise _Answer(400, {"error": "the body is not JSON"}) from None
        if not isinstance(data, dict):
            raise _Answer(400, {"error": "the body is a JSON object"})
        return data

    @guarded
    def play(request: Request) -> Response:
        data = body_of(request)
        text, after, retry = data.get("move"), data.get("after"), data.get("id")
        if not isinstance(text, str) or not text.strip() or len(text) > 200:
            raise _Answer(400, {"error": 'name the move as text ("move": "7H")'})
        if not isinstance(after, int) or after < 0:
            raise _Answer(400, {"error": 'say which event the table showed ("after": 12)'})
        if retry is not None and (not isinstance(retry, str) or not 0 < len(retry) <= 64):
            raise _Answer(400, {"error": "a retry id is text of 1 to 64 characters"})
        with friendly(), server.ledger(write=True) as ledger:
            games = Games(ledger)
            game = loaded(ledger, request)
            role = server.role(request, game)
            if not role.writes:
                raise _Answer(403, {"error": "a spectator's link looks; it enters no moves"})
            if role.seat is not None:
                _own_move(game, role.seat, text)
            played = games.play(game.id, text, event_id=retry, after=str(after))
            server.written[game.id] = server.written.get(game.id, 0) + 1
            written = played_data(played)["written"]
            fresh = games.load(game.id)
            return JSONResponse({"written": written, "retried": played.retried,
                                 **server.table(fresh, role)})  # fmt: skip

    @guarded
    def new_game(request: Request) -> Response:
        data = body_of(request)
        rules, players = data.get("rules"), data.get("players")
        options, seed = data.get("options") or {}, data.get("seed")
        if not isinstance(rules, str) or not isinstance(players, list):
            raise _Answer(400, {"error": "name the rules and the players"})
        if not all(isinstance(p, str) for p in players) or not isinstance(options, dict):
            raise _Answer(400, {"error": "players are names; options are KEY: VALUE"})
        if seed is not None and not isinstance(seed, int):
            raise _Answer(400, {"error": "a seed is a whole number"})
        with friendly(), server.ledger(write=True) as ledger:
            ruleset = registry.get(rules)
            pairs = {str(k): str(v) for k, v in options.items()}
            header = make_header(ruleset, [p.strip() for p in players], pairs, seed=seed)
            game = Games(ledger).create(header)
            base = str(request.base_url).rstrip("/")
            links = server.links(base, game)
        server.announce(f"game {game.id}: {ruleset.title}", links)
        return JSONResponse({"game": game.id, "title": ruleset.title,
                             "links": _with_qr(links)})  # fmt: skip

    def page(name: str) -> Callable[[Request], Response]:
        def serve(_: Request) -> Response:
            text = resources.files("tablelog.cli.web").joinpath(name).read_text("utf-8")
            return HTMLResponse(text, headers={"Cache-Control": "no-store",
                                               "Referrer-Policy": "no-referrer"})  # fmt: skip

        return serve

    async def events(request: Request) -> Response:
        def check() -> int:
            with server.ledger() as ledger:
                game = loaded(ledger, request)
                server.role(request, game)
                return game.id

        try:
            game_id = await asyncio.to_thread(check)
        except _Answer as answer:
            return JSONResponse(answer.body, status_code=answer.status)
        return StreamingResponse(
            _heads(server, game_id, request),
            media_type="text/event-stream",
            headers={"Cache-Control": "no-store", "X-Accel-Buffering": "no"},
        )

    def rule_sets(_: Request) -> Response:
        return JSONResponse([{"name": r.name, "title": r.title, "players": list(r.seats)}
                             for r in registry.rulesets()])  # fmt: skip

    routes = [
        Route("/", page("index.html")),
        Route("/api/rules", rule_sets),
        Route("/t/{game}", page("table.html")),
        Route("/api/games", new_game, methods=["POST"]),
        Route("/api/t/{game}", get_table),
        Route("/api/t/{game}/play", play, methods=["POST"]),
        Route("/api/t/{game}/events", events),
    ]
    return Starlette(routes=routes)


def _read(request: Request) -> bytes:
    """The body of a request handled in a worker thread (bounded by ``MAX_BODY``)."""
    from anyio.from_thread import run as from_thread

    raw: bytes = from_thread(request.body)
    if len(raw) > MAX_BODY:
        raise _Answer(413, {"error": f"a request body is at most {MAX_BODY} bytes"})
    return raw


def _own_move(game: LoadedGame, seat: int, text: str) -> None:
    """A seat's phone enters that seat's moves (and notes); anything else is refused."""
    move = parse_move(game, text)
    players = game.header.players
    if move.actor == seat or move.kind == "note":
        return
    whose = "the table's (the recorder enters it)" if move.actor is None else (
        f"{players[move.actor]}'s")  # fmt: skip
    raise _Answer(
        409,
        {"error": f"this is {players[seat]}'s phone: it enters {players[seat]}'s moves, and"
                  f" `{text.strip()}` is {whose}", "kind": "refused"},
    )  # fmt: skip


def _with_qr(links: list[dict[str, str]]) -> list[dict[str, str]]:
    """Each link with its QR code as an inline SVG."""
    import segno

    return [{**link, "qr": segno.make(link["url"], error="m").svg_inline(scale=3)}
            for link in links]  # fmt: skip


@attrs.define
class Heads:
    """Each game's head as last read, shared by every stream of this process: the ledger is
    read once per game and moment, however many phones watch it."""

    server: Server
    read: dict[int, tuple[float, int]] = attrs.Factory(dict)
    reading: dict[int, tuple[float, asyncio.Future[int]]] = attrs.Factory(dict)

    async def seq(self, game: int, since: float) -> int:
        """The head's seq, read at ``since`` or later (a read under way that began then or
        later is shared; an older one is not waited for)."""
        found = self.read.get(game)
        if found is not None and found[0] >= since:
            return found[1]
        busy = self.reading.get(game)
        if busy is not None and busy[0] >= since:
            return await asyncio.shield(busy[1])
        future: asyncio.Future[int] = asyncio.get_running_loop().create_future()
        started = time.monotonic()
        self.reading[game] = (started, future)
        try:
            seq = await asyncio.to_thread(self._head, game)
        except Exception as error:
            future.set_exception(error)
            future.exception()  # retrieved: the streams waiting on it see it raised
            raise
        finally:
            if self.reading.get(game, (0, None))[1] is future:
                del self.reading[game]
        if self.read.get(game, (0.0, 0))[0] <= started:
            self.read[game] = (started, seq)
        future.set_result(seq)
        return seq

    def _head(self, game: int) -> int:
        with self.server.ledger() as ledger:
            return ledger.head(game)[0]


async def _heads(server: Server, game: int, request: Request) -> AsyncIterator[str]:
    """The event stream: the head now, then each time it moves; a comment every 15 s.

    The head is read every ``POLL`` seconds (a write by anyone: a terminal, another server
    on the same PostgreSQL database) and at once after this process wrote."""
    heads = server.heads
    last: int | None = None
    seen = -1
    quiet = time.monotonic()
    while not await request.is_disconnected():
        now = time.monotonic()
        mine = server.written.get(game, 0)
        since = now if mine != seen else now - POLL
        seen = mine
        seq = await heads.seq(game, since)
        if seq != last:
            last, quiet = seq, now
            yield f"event: head\ndata: {json.dumps({'seq': seq})}\n\n"
        elif now - quiet > 15:
            quiet = now
            yield ": still here\n\n"
        await asyncio.sleep(TICK)
