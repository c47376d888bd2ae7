"""What ``tablelog serve`` holds between requests: the database, the links' key, the games
in memory (``replay.held``), and each role's answer at each head, made once.

A request reads the game's head and folds only what was added since; what a role sees of
a game at one head is made once (in one thread, the other pages asking meanwhile wait for
it) and kept, encoded once; a page's request after its stream told it of a new head is
answered from memory, with no thread and no query. Writes have threads of their own, so an
entry never waits behind the pages' reads.
"""

from __future__ import annotations

import asyncio
import json
import threading
from collections import OrderedDict
from collections.abc import AsyncIterator, Callable, Iterator
from concurrent.futures import ThreadPoolExecutor
from contextlib import asynccontextmanager, contextmanager, nullcontext
from typing import Any

import attrs
from starlette.requests import Request

from tablelog.cli.db import open_ledger
from tablelog.cli.web.answers import table_for
from tablelog.cli.web.links import Keys, Role
from tablelog.cli.web.live import Watches
from tablelog.ledger import LedgerStore, is_postgres_url
from tablelog.replay.games import LoadedGame
from tablelog.replay.held import Held

__all__ = ["Server", "encoded"]

ANSWERS = 256
"""How many answers (a game at one head, as one role sees it) are kept."""
WRITERS = 4
"""Threads that take entries (judged on a reader first; SQLite writes one at a time)."""
ROWS = 4096
"""How many log rows (an event as one viewer saw it) are kept made."""


class Lru(OrderedDict[tuple[Any, ...], dict[str, Any]]):
    """A mapping that keeps its ``size`` latest entries (threads share it: a lock)."""

    def __init__(self, size: int) -> None:
        super().__init__()
        self.size = size
        self.guard = threading.Lock()

    def get(self, key: tuple[Any, ...], default: Any = None) -> Any:
        with self.guard:
            return super().get(key, default)

    def __setitem__(self, key: tuple[Any, ...], value: dict[str, Any]) -> None:
        with self.guard:
            super().__setitem__(key, value)
            while len(self) > self.size:
                self.popitem(last=False)


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
    pending: dict[tuple[Any, ...], asyncio.Task[tuple[dict[str, Any], bytes]]] = attrs.Factory(dict)
    """The answers being made for pages now (used on the event loop only)."""
    turns: dict[str, tuple[asyncio.Lock, int]] = attrs.Factory(dict)
    """Each game being entered into: its lock, and how many entries hold or wait for it."""
    making: dict[tuple[Any, ...], threading.Lock] = attrs.Factory(dict)
    """The answers being made now, each by one thread (the others wait on its lock)."""
    rows: Lru = attrs.Factory(lambda: Lru(ROWS))
    """The log's rows made, each once (``log_data``'s memo): a move adds one row."""
    lock: threading.Lock = attrs.Factory(threading.Lock)
    watches: Watches = attrs.field(init=False)
    where: str | None = None
    """The database's path, once a ledger was opened (the key of its games held)."""
    local: threading.local = attrs.Factory(threading.local)
    writing: threading.Lock = attrs.Factory(threading.Lock)
    """One SQLite writer of this process at a time: the others wait on this lock, woken at
    once, rather than in SQLite's busy handler, which sleeps up to 100 ms between tries."""
    store: LedgerStore | None = None
    writers: ThreadPoolExecutor = attrs.Factory(
        lambda: ThreadPoolExecutor(WRITERS, thread_name_prefix="tablelog-write")
    )
    """The threads that take entries (the reads share asyncio's default threads): with 80
    pages asking for the table after each move, an entry waited behind their reads."""

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

    def role(self, request: Request, game: LoadedGame) -> Role | None:
        """The role of the request's secret (``None``: no valid secret; the app answers
        with a 404 that says nothing of the game)."""
        secret = request.headers.get("x-tablelog-key") or request.query_params.get("k")
        return self.keys.role_of(game.record.uid, len(game.header.players), secret)

    # -- what a link sees ---------------------------------------------------------------

    def table(self, game: LoadedGame, role: Role) -> dict[str, Any]:
        """The table as ``role`` sees it, with the moves it may enter now: made once per
        game, head and role."""
        return self.answer(game, role)[0]

    def answer(self, game: LoadedGame, role: Role) -> tuple[dict[str, Any], bytes]:
        """``table`` and its JSON (encoded once), kept for the next request at the same
        head. Four phones asking at once after a move: one makes it, the others wait for
        it (``making``) rather than make it again."""
        key = (game.record.uid, game.seq, game.head_at(), role.name)
        with self.lock:
            answer = self.answers.get(key)
            if answer is not None:
                self.answers.move_to_end(key)
                return answer
            making = self.making.setdefault(key, threading.Lock())
        with making:
            with self.lock:
                answer = self.answers.get(key)
            if answer is None:
                data = table_for(game, role, self.rows)
                answer = (data, encoded(data))
                with self.lock:
                    self.answers[key] = answer
                    while len(self.answers) > ANSWERS:
                        self.answers.popitem(last=False)
        with self.lock:
            self.making.pop(key, None)
        return answer

    def at_hand(self, gid: int, secret: str | None) -> bytes | tuple[LoadedGame, Role] | None:
        """The answer to a page of a watched game from memory, with no query (``None``
        if the game held is not the head its streams were last told): that answer if it was
        made, else the game and the role to make it for. A page asks after its stream told
        it of a new head, so this is that head."""
        watched = self.watches.games.get(gid)
        game = None if watched is None or self.where is None else self.held.peek(self.where, gid)
        if game is None or watched is None or game.seq != watched.seq:
            return None
        role = self.keys.role_of(game.record.uid, len(game.header.players), secret)
        if role is None:
            return None
        with self.lock:
            answer = self.answers.get((game.record.uid, game.seq, game.head_at(), role.name))
        return (game, role) if answer is None else answer[1]

    @asynccontextmanager
    async def turn(self, game: str) -> AsyncIterator[None]:
        """Entries into one game taken one at a time (on the event loop: no thread waits).
        Four phones racing for a turn: the first is written, and the others, taken after
        it, are refused from memory (the held game has moved past their table) instead
        of each judging, then failing at the append, in a writer's thread."""
        lock, waiting = self.turns.get(game, (asyncio.Lock(), 0))
        self.turns[game] = (lock, waiting + 1)
        try:
            async with lock:
                yield
        finally:
            lock, waiting = self.turns[game]
            if waiting == 1:
                del self.turns[game]
            else:
                self.turns[game] = (lock, waiting - 1)

    async def made(self, game: LoadedGame, role: Role) -> bytes:
        """``answer`` made in a thread once for every page that asks for it meanwhile: the
        others wait on the event loop, not in a thread of their own (``pending``)."""
        key = (game.record.uid, game.seq, game.head_at(), role.name)
        task = self.pending.get(key)
        if task is None:
            task = asyncio.get_running_loop().create_task(
                asyncio.to_thread(self.answer, game, role)
            )
            self.pending[key] = task
            task.add_done_callback(lambda _: self.pending.pop(key, None))
        return (await asyncio.shield(task))[1]


def encoded(data: dict[str, Any]) -> bytes:
    return json.dumps(data, ensure_ascii=False, separators=(",", ":")).encode()
