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
  another server on the same PostgreSQL database): told at once after a write through
  this server, and found by one poller reading every watched game's head every 200 ms
  (``cli/web/live.py``).

Each game is read and folded once and held in memory (``replay.held``): a request reads
its head, and only the events added since are read and folded. What a role sees at one
head is made once and kept; a page's request after its stream told it of a new head is
answered from memory, with no thread and no query. A write still appends only at the seq
after the head it was judged on: a stale write is refused as before.

Without a valid secret a request gets a 404 that says nothing of the game (not whether
it exists). A seat's link sees and enters that seat's moves; the recorder's enters any
move; a spectator's only looks. Bodies are JSON of at most 16 KiB. Nothing here logs a
request's path or headers, so no secret reaches a log.
"""

from __future__ import annotations

import asyncio
import json
import threading
from collections import OrderedDict
from collections.abc import Callable, Iterator
from contextlib import contextmanager, nullcontext
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
from tablelog.cli.web.answers import not_own, table_for, viewer_of
from tablelog.cli.web.links import Keys, Role
from tablelog.cli.web.live import Watches
from tablelog.ledger import LedgerStore, UnknownGame, is_postgres_url
from tablelog.replay.games import BadGameRef, Games, LoadedGame, make_header
from tablelog.replay.held import Held
from tablelog.replay.inspect import log_data
from tablelog.replay.page import asset
from tablelog.replay.redo import redo_entry
from tablelog.rules import registry

__all__ = ["MAX_BODY", "Server", "make_app"]

MAX_BODY = 16 * 1024
"""The largest request body taken, in bytes."""
ANSWERS = 256
"""How many answers (a game at one head, as one role sees it) are kept."""
NOTHING = {"error": "no such table, or the link is not valid"}


class _Answer(Exception):
    """A request answered early: a status and a JSON body."""

    def __init__(self, status: int, body: dict[str, Any]) -> None:
        super().__init__(body.get("error", ""))
        self.status = status
        self.body = body


@attrs.define
class Server:
    """What the app serves: one database, the links' key, and where links are announced.

    Games are held in memory between requests (``replay.held``): a request reads the
    game's head and folds only what was added since. What a role sees of a game at one
    head is made once and kept (``ANSWERS`` of them): four phones asking after a move
    cost one answer each role."""

    db: str | None
    keys: Keys
    announce: Callable[[str, list[dict[str, str]]], None] = lambda title, links: None
    held: Held = attrs.Factory(Held)
    answers: OrderedDict[tuple[Any, ...], tuple[dict[str, Any], bytes]] = attrs.Factory(OrderedDict)
    lock: threading.Lock = attrs.Factory(threading.Lock)
    watches: Watches = attrs.field(init=False)
    where: str | None = None
    """The database's path, once a ledger was opened (the key of its games held)."""
    local: threading.local = attrs.Factory(threading.local)
    writing: threading.Lock = attrs.Factory(threading.Lock)
    """One SQLite writer of this process at a time: the others wait on this lock, woken at
    once, rather than in SQLite's busy handler, which sleeps up to 100 ms between tries."""
    store: LedgerStore | None = None

    def __attrs_post_init__(self) -> None:
        self.watches = Watches(self.ledger)

    @contextmanager
    def ledger(self, write: bool = False) -> Iterator[LedgerStore]:
        """A ledger for one request, kept open for the next: one PostgreSQL store (its
        own pool of connections) for every thread; a SQLite connection per thread,
        read-only unless it writes. Opening a PostgreSQL store costs a connection and a
        schema check: per request, it was most of a request's time. SQLite writers of this
        process take turns (``writing``)."""
        shared = self.db is not None and is_postgres_url(self.db)
        place: Any = self if shared else self.local
        name = "store" if shared else f"store_{write}"
        with self.lock if shared else nullcontext():
            store = getattr(place, name, None)
            if store is None:
                store = open_ledger(self.db, write=write or shared)
                setattr(place, name, store)
                self.where = str(store.path)
        with self.writing if write and not shared else nullcontext():
            yield store

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
        """The table as ``role`` sees it, with the moves it may enter now: made once per
        game, head and role."""
        return self.answer(game, role)[0]

    def answer(self, game: LoadedGame, role: Role) -> tuple[dict[str, Any], bytes]:
        """``table`` and its JSON, kept for the next request at the same head."""
        key = (game.record.uid, game.seq, game.head_at(), role.name)
        with self.lock:
            answer = self.answers.get(key)
            if answer is not None:
                self.answers.move_to_end(key)
                return answer
        data = table_for(game, role)
        answer = (data, json.dumps(data, ensure_ascii=False, separators=(",", ":")).encode())
        with self.lock:
            self.answers[key] = answer
            while len(self.answers) > ANSWERS:
                self.answers.popitem(last=False)
        return answer

    def at_hand(self, gid: int, secret: str | None) -> bytes | None:
        """The answer to a page of a watched game, from memory alone (``None`` if it is not
        there): the head its streams were last told is the one held, and that answer was
        made. A page asks after its stream told it of a new head, so this is that head."""
        watched = self.watches.games.get(gid)
        game = None if watched is None or self.where is None else self.held.peek(self.where, gid)
        if game is None or watched is None or game.seq != watched.seq:
            return None
        role = self.keys.role_of(game.record.uid, len(game.header.players), secret)
        if role is None:
            return None
        with self.lock:
            answer = self.answers.get((game.record.uid, game.seq, game.head_at(), role.name))
        return None if answer is None else answer[1]


def make_app(server: Server) -> Starlette:
    """The app for ``server``."""

    def guarded(handler: Callable[[Request], Response]) -> Callable[[Request], Response]:
        def run(request: Request) -> Response:
            try:
                return handler(request)
            except (_Answer, click.ClickException) as error:
                return _refused(error)

        return run

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
            role = server.role(request, game)
            return _json(server.answer(game, role)[1])

    async def get_table(request: Request) -> Response:
        text = request.path_params["game"]
        if text.isdigit() and len(text) <= 9:
            secret = request.headers.get("x-tablelog-key") or request.query_params.get("k")
            kept = server.at_hand(int(text), secret)
            if kept is not None:  # no thread, no query: four phones after one move
                return _json(kept)
        return await asyncio.to_thread(read_table, request)

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
            raise _Answer(400, {"error": "the body is a JSON object"})
        return data

    def write(
        request: Request, data: dict[str, Any], told: Callable[[int, int], None]
    ) -> dict[str, Any]:
        text, after, retry = data.get("move"), data.get("after"), data.get("id")
        if not isinstance(text, str) or not text.strip() or len(text) > 200:
            raise _Answer(400, {"error": 'name the move as text ("move": "7H")'})
        if not isinstance(after, int) or after < 0:
            raise _Answer(400, {"error": 'say which event the table showed ("after": 12)'})
        if retry is not None and (not isinstance(retry, str) or not 0 < len(retry) <= 64):
            raise _Answer(400, {"error": "a retry id is text of 1 to 64 characters"})
        with friendly(), server.ledger(write=True) as ledger:
            game = loaded(ledger, request)
            role = server.role(request, game)
            if not role.writes:
                raise _Answer(403, {"error": "a spectator's link looks; it enters no moves"})
            if role.seat is not None and (retry is None or ledger.find_event(retry) is None):
                refused = not_own(game, role.seat, text)  # (a retry: answered as written)
                if refused is not None:
                    raise _Answer(409, {"error": refused, "kind": "refused"})
            redo = text.strip().lower() == "redo"
            if redo:  # what the latest undo took back, from the log
                text = redo_entry(game)
            played = Games(ledger).play_on(game, text, event_id=retry, after=str(after))
            fresh = server.held.keep(ledger, played)
            told(fresh.id, fresh.seq)  # the streams hear of it before this answer is made
            seqs = {event.seq for event in played.written}  # as this link's viewer saw them
            tail = fresh.seq - min(seqs, default=fresh.seq) + 1
            rows = log_data(fresh, viewer_of(role), tail=tail)["events"]
            written = [row for row in rows if row["seq"] in seqs]
            said = f"redo puts back {written[0]['notation']}" if redo and written else ""
            answer = {"written": written, "retried": played.retried, "said": said,
                      **server.answer(fresh, role)[0]}  # fmt: skip
            return answer

    async def play(request: Request) -> Response:
        try:
            data = await body_of(request)
            loop = asyncio.get_running_loop()

            def told(gid: int, seq: int) -> None:  # this process's streams, at once
                loop.call_soon_threadsafe(server.watches.moved, gid, seq)

            answer = await asyncio.to_thread(write, request, data, told)
        except (_Answer, click.ClickException) as error:
            return _refused(error)
        return JSONResponse(answer)

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
                server.role(request, game)
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
    ]
    return Starlette(routes=routes)


def _json(body: bytes) -> Response:
    return Response(body, media_type="application/json")


def _refused(error: _Answer | click.ClickException) -> Response:
    """An early answer, or the CLI's own sentence with its status."""
    if isinstance(error, _Answer):
        return JSONResponse(error.body, status_code=error.status)
    status = 409 if error.exit_code == 1 else 400
    kind = getattr(error, "kind", "refused" if status == 409 else "bad-input")
    return JSONResponse({"error": error.format_message(), "kind": kind}, status)


def _with_qr(links: list[dict[str, str]]) -> list[dict[str, str]]:
    """Each link with its QR code as an inline SVG."""
    import segno

    return [{**link, "qr": segno.make(link["url"], error="m").svg_inline(scale=3)}
            for link in links]  # fmt: skip
