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
- ``GET /api/t/{game}/moves?kind=KIND[&card=CARD][&actor=NAME]``: one kind's moves (one
  card's) for a listing too long to send whole (over 400 moves), gated as the table is;
  when still too many, the cards that lead them (``answers.moves_for``);
- ``GET /api/t/{game}/complete?text=TEXT``: what completes the text box's line, as
  ``record`` completes it (``replay.completion``), gated for the link's viewer;
- ``GET /api/t/{game}/events?k=SECRET``: Server-Sent Events, one ``head`` event whenever the
  game's head moves (whoever wrote it: another phone, ``tablelog play`` or ``record``, or
  another server on the same PostgreSQL database): told at once after a write through this
  server, and found by one poller reading every watched game's head every 200 ms (``live``).

What the server holds between requests is ``server.Server``'s. An entry is judged on a
reader first (a retry, a game that moved on, a seat's entry of another seat's move are
answered there, no writer waiting), and written by a thread of the writers' own; it still
appends only at the seq after the head it was judged on: a stale write is refused as
before.

Without a valid secret a request gets a 404 that says nothing of the game (not whether
it exists). A seat's link sees and enters that seat's moves; the recorder's enters any
move; a spectator's only looks. Bodies are JSON of at most 16 KiB. Nothing here logs a
request's path or headers, so no secret reaches a log.
"""

from __future__ import annotations

import asyncio
import json
import re
from collections.abc import Callable
from importlib import resources
from typing import Any

import click
from starlette.applications import Starlette
from starlette.requests import Request
from starlette.responses import HTMLResponse, JSONResponse, Response, StreamingResponse
from starlette.routing import Route

from tablelog.cli.errors import friendly
from tablelog.cli.web.answers import completions, moves_for, not_own, viewer_of
from tablelog.cli.web.links import Role
from tablelog.cli.web.server import Server
from tablelog.cli.web.server import encoded as _encoded
from tablelog.ledger import LedgerStore, UnknownGame
from tablelog.replay.games import BadGameRef, Games, LoadedGame
from tablelog.replay.headers import make_header
from tablelog.replay.inspect import log_data
from tablelog.replay.page import asset
from tablelog.replay.redo import redo_entry
from tablelog.replay.retry import stale_since
from tablelog.rules import registry

__all__ = ["MAX_BODY", "Server", "make_app"]

MAX_BODY = 16 * 1024
"""The largest request body taken, in bytes."""
NOTHING = {"error": "no such table, or the link is not valid"}


class _Answer(Exception):
    """A request answered early: a status and a JSON body."""

    def __init__(self, status: int, body: dict[str, Any]) -> None:
        super().__init__(body.get("error", ""))
        self.status = status
        self.body = body


def make_app(server: Server) -> Starlette:
    """The app for ``server``."""

    def guarded(handler: Callable[[Request], Response]) -> Callable[[Request], Response]:
        def run(request: Request) -> Response:
            try:
                return handler(request)
            except (_Answer, click.ClickException) as error:
                return _refused(error)

        return run

    def asynced(handler: Callable[[Request], Response]) -> Callable[[Request], Any]:
        async def run(request: Request) -> Response:  # the ledger and the rules: a thread
            return await asyncio.to_thread(handler, request)

        return run

    def role_of(request: Request, game: LoadedGame) -> Role:
        role = server.role(request, game)
        if role is None:
            raise _Answer(404, NOTHING)
        return role

    def loaded(ledger: LedgerStore, request: Request) -> LoadedGame:
        text = request.path_params["game"]
        if not text.isdigit() or len(text) > 9:
            raise _Answer(404, NOTHING)
        try:
            return server.held.game(ledger, int(text))
        except (UnknownGame, BadGameRef):  # the same answer as a wrong key
            raise _Answer(404, NOTHING) from None

    @guarded
    def read_table(request: Request) -> Response:
        with friendly(), server.ledger() as ledger:
            game = loaded(ledger, request)
            role = role_of(request, game)
            return _json(server.answer(game, role)[1])

    async def get_table(request: Request) -> Response:
        text = request.path_params["game"]
        if text.isdigit() and len(text) <= 9:
            secret = request.headers.get("x-tablelog-key") or request.query_params.get("k")
            kept = server.at_hand(int(text), secret)
            if isinstance(kept, bytes):  # no thread, no query: four phones after one move
                return _json(kept)
            if kept is not None:  # made once, in one thread, for every phone asking
                return _json(await server.made(*kept))
        return await asyncio.to_thread(read_table, request)

    @guarded
    def read_moves(request: Request) -> Response:
        """One kind's moves (of one lead card), for a listing too long to send whole."""
        query = request.query_params
        kind, card, actor = query.get("kind"), query.get("card"), query.get("actor")
        if not kind or len(kind) > 40 or (card is not None and len(card) > 40):
            raise _Answer(400, {"error": "name the kind of move (and its card) to list"})
        return for_a_writer(request, lambda game, role: moves_for(game, role, actor, kind, card))

    @guarded
    def complete(request: Request) -> Response:
        """The lines that complete what is typed in the page's text box: ``record``'s
        completion, gated for the link's viewer."""
        text = request.query_params.get("text", "")
        if len(text) > 200:
            raise _Answer(400, {"error": "a line is at most 200 characters"})
        return for_a_writer(
            request, lambda game, role: {"text": text, "lines": completions(game, role, text)}
        )

    def for_a_writer(
        request: Request, answer: Callable[[LoadedGame, Role], dict[str, Any]]
    ) -> Response:
        """``answer`` for a link that enters moves (a spectator's gets a 403)."""
        with friendly(), server.ledger() as ledger:
            game = loaded(ledger, request)
            role = role_of(request, game)
            if not role.writes:
                raise _Answer(403, {"error": "a spectator's link looks; it enters no moves"})
            return JSONResponse(answer(game, role))

    async def body_of(request: Request) -> dict[str, Any]:
        kind = request.headers.get("content-type", "").split(";")[0].strip()
        if kind != "application/json":
            raise _Answer(415, {"error": "send the tool's own JSON (application/json)"})
        size = request.headers.get("content-length")
        if size is None or not size.isdigit() or int(size) > MAX_BODY:
            raise _Answer(413, {"error": f"a request body is at most {MAX_BODY} bytes"})
        raw = await request.body()
        if len(raw) > MAX_BODY:
            raise _Answer(413, {"error": f"a request body is at most {MAX_BODY} bytes"})
        try:
            data = json.loads(raw)
        except (ValueError, UnicodeDecodeError):
            raise _Answer(400, {"error": "the body is not JSON"}) from None
        if not isinstance(data, dict):
            raise _Answer(400, {"error": "the body must be one JSON object: {...}"})
        return data

    def write(request: Request, data: dict[str, Any], told: Callable[[int, int], None]) -> bytes:
        text, after, retry = data.get("move"), data.get("after"), data.get("id")
        if not isinstance(text, str) or not text.strip() or len(text) > 200:
            raise _Answer(400, {"error": 'name the move as text ("move": "7H")'})
        if not isinstance(after, int) or after < 0:
            raise _Answer(400, {"error": 'say which event the table showed ("after": 12)'})
        if retry is not None and (not isinstance(retry, str) or not 0 < len(retry) <= 64):
            raise _Answer(400, {"error": "a retry id is text of 1 to 64 characters"})
        with friendly():
            with server.ledger() as ledger:  # judged on a reader: no writer waits for it
                game, role, to_write = judged(ledger, request, text, after, retry)
                if not to_write:  # a retry answered, or a game that moved on: refused
                    return entry(ledger, game, role, text, after, retry, told)
            with server.ledger(write=True) as ledger:  # appended at `after` + 1, or refused
                return entry(ledger, game, role, text, after, retry, told)

    def held_game(request: Request) -> LoadedGame | None:
        """The request's game as held in memory (``None``: not held), with no query."""
        ref = request.path_params["game"]
        if server.where is None or not ref.isdigit() or len(ref) > 9:
            return None
        return server.held.peek(server.where, int(ref))

    def late(request: Request, data: dict[str, Any]) -> None:
        """Refuse an entry made after a table the game held has moved past (three phones
        of four, when four race for a turn) on the event loop, with no thread and no
        query: the held game is a prefix of the log, so the game has moved on since
        ``after``, and an entry written at ``after`` + 1 under the same retry id would be
        in it (a retry is answered by ``write``, as are bad requests and wrong links)."""
        text, after, retry = data.get("move"), data.get("after"), data.get("id")
        game = held_game(request)
        if game is None or not isinstance(text, str) or not isinstance(after, int):
            return
        if after >= game.seq or after < 0 or any(e.id == retry for e in game.events[after:]):
            return
        role = server.role(request, game)
        if role is None or not role.writes:
            return
        with friendly():  # (whose move `text` is, read on a later table, says nothing)
            raise stale_since(game, after)

    def judged(
        ledger: LedgerStore, request: Request, text: str, after: int, retry: str | None
    ) -> tuple[LoadedGame, Role, bool]:
        """The game, the link's role, and whether the entry is to be written: not a retry
        of an entry written, and the game still at ``after`` (a seat's entry of another
        seat's move is refused here). Judged on the game held when it has reached
        ``after``, with no query: if anyone wrote since, the ledger refuses the append and
        the entry is refused as made after a table that has moved on."""
        held = held_game(request)
        game = held if held is not None and held.seq >= after else loaded(ledger, request)
        role = role_of(request, game)
        if not role.writes:
            raise _Answer(403, {"error": "a spectator's link looks; it enters no moves"})
        new = retry is None or not any(e.id == retry for e in game.events)
        if role.seat is not None and new and game.seq == after:  # (a retry: as written;
            # a table moved on: refused as such, whose move it reads as there says nothing)
            refused = not_own(game, role.seat, text)
            if refused is not None and (retry is None or ledger.find_event(retry) is None):
                raise _Answer(409, {"error": refused, "kind": "refused"})
            new = refused is None
        return game, role, new and game.seq == after

    def entry(
        ledger: LedgerStore,
        game: LoadedGame,
        role: Role,
        text: str,
        after: int,
        retry: str | None,
        told: Callable[[int, int], None],
    ) -> bytes:
        """One entry on ``game`` as judged (``Games.play_on``: a retry is answered, a game
        that moved on refused, and the ledger refuses the append if anyone wrote since
        ``game`` was read): the answer."""
        redo = text.strip().lower() == "redo"
        if redo:  # what the latest undo took back, from the log
            text = redo_entry(game)
        again = lambda gid: server.held.game(ledger, gid)  # noqa: E731  (the new events only)
        played = Games(ledger).play_on(game, text, event_id=retry, after=str(after), reread=again)
        fresh = server.held.keep(ledger, played)
        if not played.retried:
            told(fresh.id, fresh.seq)  # the streams hear of it before this answer is made
        seqs = {event.seq for event in played.written}  # as this link's viewer saw them
        tail = fresh.seq - min(seqs, default=fresh.seq) + 1
        rows = log_data(fresh, viewer_of(role), tail=tail, memo=server.rows)["events"]
        written = [row for row in rows if row["seq"] in seqs]
        said = f"redo puts back {written[0]['notation']}" if redo and written else ""
        said_first = _encoded({"written": written, "retried": played.retried, "said": said})
        return said_first[:-1] + b"," + server.answer(fresh, role)[1][1:]  # encoded once

    async def play(request: Request) -> Response:
        try:
            data = await body_of(request)
            loop = asyncio.get_running_loop()

            def told(gid: int, seq: int) -> None:  # this process's streams, at once
                loop.call_soon_threadsafe(server.watches.moved, gid, seq)

            ref = request.path_params["game"]
            ref = str(int(ref)) if ref.isdigit() and len(ref) <= 9 else ref  # `03` is game 3
            async with server.turn(ref):  # one entry of a game at a time, on the event loop
                late(request, data)  # a phone that lost the race: refused from memory
                # writes have threads of their own: never queued behind the pages' reads
                answer = await loop.run_in_executor(server.writers, write, request, data, told)
        except (_Answer, click.ClickException) as error:
            return _refused(error)
        return _json(answer)

    async def new_game(request: Request) -> Response:
        try:
            data = await body_of(request)
            gid, title, links = await asyncio.to_thread(start, request, data)
        except (_Answer, click.ClickException) as error:
            return _refused(error)
        server.announce(f"game {gid}: {title}", links)
        return JSONResponse({"game": gid, "title": title, "links": _with_qr(links)})

    def start(request: Request, data: dict[str, Any]) -> tuple[int, str, list[dict[str, str]]]:
        rules, players = data.get("rules"), data.get("players")
        options, seed = data.get("options") or {}, data.get("seed")
        if not isinstance(rules, str) or not isinstance(players, list):
            raise _Answer(400, {"error": "name the rules and the players"})
        if not all(isinstance(p, str) for p in players) or not isinstance(options, dict):
            raise _Answer(400, {"error": "players are names; options are KEY: VALUE"})
        if seed is not None and not isinstance(seed, int):
            raise _Answer(400, {"error": "a seed is a whole number"})
        dealer = data.get("dealer") or None
        if dealer is not None and not isinstance(dealer, str):
            raise _Answer(400, {"error": "the dealer is a player's name"})
        with friendly(), server.ledger(write=True) as ledger:
            ruleset = registry.get(rules)
            pairs = {str(k): str(v) for k, v in options.items()}
            names = [p.strip() for p in players]
            header = make_header(ruleset, names, pairs, dealer=dealer, seed=seed)
            game = Games(ledger).create(header)
            base = str(request.base_url).rstrip("/")
            links = server.links(base, game)
        return game.id, ruleset.title, links

    def page(name: str) -> Callable[[Request], Response]:
        def serve(_: Request) -> Response:
            text = resources.files("tablelog.cli.web").joinpath(name).read_text("utf-8")
            return HTMLResponse(text, headers={"Cache-Control": "no-store",
                                               "Referrer-Policy": "no-referrer"})  # fmt: skip

        return serve

    async def events(request: Request) -> Response:
        def check() -> tuple[int, int]:
            with friendly(), server.ledger() as ledger:
                game = loaded(ledger, request)
                role_of(request, game)
                return game.id, game.seq

        try:
            game_id, seq = await asyncio.to_thread(check)
        except (_Answer, click.ClickException) as error:
            return _refused(error)
        return StreamingResponse(
            server.watches.stream(game_id, seq),
            media_type="text/event-stream",
            headers={"Cache-Control": "no-store", "X-Accel-Buffering": "no"},
        )

    def shared(name: str, kind: str) -> Callable[[Request], Response]:
        text = asset(name)  # the replay page's drawing of a typed table (replay/page/)

        def serve(_: Request) -> Response:
            return Response(text, media_type=kind, headers={"Cache-Control": "no-cache"})

        return serve

    def rule_sets(_: Request) -> Response:
        return JSONResponse([{"name": r.name, "title": r.title, "players": list(r.seats)}
                             for r in registry.rulesets()])  # fmt: skip

    routes = [
        Route("/", page("index.html")),
        Route("/api/rules", rule_sets),
        Route("/assets/table.js", shared("table.js", "text/javascript")),
        Route("/assets/table.css", shared("table.css", "text/css")),
        Route("/t/{game}", page("table.html")),
        Route("/api/games", new_game, methods=["POST"]),
        Route("/api/t/{game}", get_table),
        Route("/api/t/{game}/play", play, methods=["POST"]),
        Route("/api/t/{game}/events", events),
        Route("/api/t/{game}/moves", asynced(read_moves)),
        Route("/api/t/{game}/complete", asynced(complete)),
    ]
    return Starlette(routes=routes)


def _json(body: bytes) -> Response:
    return Response(body, media_type="application/json")


TERMINAL = re.compile(r"look at (?:the table|it) again \(`tablelog show \d+`\)")
"""A refusal's hint for a terminal (``replay.retry``): a phone's page shows the table anew."""


def _refused(error: _Answer | click.ClickException) -> Response:
    """An early answer, or the CLI's own sentence with its status (a hint to type a
    command in a terminal told as what the page does instead)."""
    if isinstance(error, _Answer):
        return JSONResponse(error.body, status_code=error.status)
    status = 409 if error.exit_code == 1 else 400
    kind = getattr(error, "kind", "refused" if status == 409 else "bad-input")
    said = TERMINAL.sub("look at the table again (this page shows it anew)", error.format_message())
    return JSONResponse({"error": said, "kind": kind}, status)


def _with_qr(links: list[dict[str, str]]) -> list[dict[str, str]]:
    """Each link with its QR code as an inline SVG."""
    import segno

    return [{**link, "qr": segno.make(link["url"], error="m").svg_inline(scale=3)}
            for link in links]  # fmt: skip
