"""What keeps every open page live: each watched game's head, told to its streams at once.

A write through this server tells its game's streams at once (``moved``); a write by
anyone else (``tablelog play`` or ``record`` in a terminal, another server process on the
same PostgreSQL database) is found by one poller that reads the heads of every watched
game together, in one query per game over one connection, every ``POLL`` seconds, and
only while some page watches. A stream waits on its game's signal: no stream reads the
ledger, and no stream wakes unless its game moved (or to say it is still there).
"""

from __future__ import annotations

import asyncio
import json
from collections.abc import AsyncIterator, Callable
from contextlib import AbstractContextManager

import attrs

from tablelog.ledger import LedgerStore

__all__ = ["POLL", "Watches"]

POLL = 0.2
"""How often the heads of the watched games are read, in seconds."""
QUIET = 15.0
"""A stream says it is still there after this many quiet seconds (proxies close idle
connections)."""


@attrs.define
class _Watched:
    seq: int
    streams: int = 0
    signal: asyncio.Event = attrs.Factory(asyncio.Event)
    said: bytes = b""
    """The ``head`` event for ``seq``, made once for all its streams."""

    def __attrs_post_init__(self) -> None:
        self.said = _head(self.seq)

    def move(self, seq: int) -> None:
        if seq != self.seq:
            self.seq, self.said = seq, _head(seq)
            self.signal.set()
            self.signal = asyncio.Event()


def _head(seq: int) -> bytes:
    return f"event: head\ndata: {json.dumps({'seq': seq})}\n\n".encode()


@attrs.define
class Watches:
    """The watched games of one server process (used on its event loop only)."""

    ledger: Callable[[], AbstractContextManager[LedgerStore]]
    games: dict[int, _Watched] = attrs.Factory(dict)
    poller: asyncio.Task[None] | None = None

    def moved(self, game: int, seq: int) -> None:
        """This process wrote to ``game``: its head is now ``seq``."""
        watched = self.games.get(game)
        if watched is not None:
            watched.move(seq)

    async def stream(self, game: int, seq: int) -> AsyncIterator[bytes]:
        """Server-Sent Events for one page: ``head`` now, then each time it moves."""
        watched = self.games.get(game)
        if watched is None:
            watched = self.games[game] = _Watched(seq)
        watched.streams += 1
        if self.poller is None or self.poller.done():
            self.poller = asyncio.get_running_loop().create_task(self._poll())
        try:
            last = None
            while True:
                signal = watched.signal
                if watched.seq != last:
                    last = watched.seq
                    yield watched.said
                    continue
                try:
                    await asyncio.wait_for(signal.wait(), QUIET)
                except TimeoutError:
                    yield b": still here\n\n"
        finally:
            watched.streams -= 1
            if not watched.streams:
                self.games.pop(game, None)

    async def _poll(self) -> None:
        """Read the watched games' heads every ``POLL`` seconds while any is watched."""
        while self.games:
            await asyncio.sleep(POLL)
            wanted = list(self.games)
            try:
                heads = await asyncio.to_thread(self._heads, wanted)
            except Exception:  # a database gone for a moment: the next round tries again
                continue
            for game, seq in heads.items():
                self.moved(game, seq)

    def _heads(self, games: list[int]) -> dict[int, int]:
        out = {}
        with self.ledger() as ledger:
            for game in games:
                out[game] = ledger.head(game)[0]
        return out
