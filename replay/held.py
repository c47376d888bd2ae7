"""Games held in memory between requests: a server reads and folds a game once, then only
what was added to it (``tablelog serve``).

``Held.game(ledger, gid)`` reads the game's head (one small query) and answers with the
game held for that database and game when its last event is still the head; when others
wrote after it (another phone, a terminal, another server on the same PostgreSQL
database), only the new events are read, their hash chain checked onto the held head,
and folded onto the held fold (``LoadedGame.extended``); anything else (a game held
longer than the stored one, a head that is not ours) reads the game anew. ``keep`` holds
a game a write just extended. A small LRU: at most ``size`` games.

Nothing here weakens a write's check: ``Games.play_on`` appends with the seq after the
held game's last event, and the ledger refuses the append if anyone wrote since.
"""

from __future__ import annotations

import threading
from collections import OrderedDict

from tablelog.ledger import LedgerStore
from tablelog.ledger.hashing import chain_intact
from tablelog.replay.codec import decode_events
from tablelog.replay.games import Games, LoadedGame, Played

__all__ = ["Held"]


class Held:
    """Games of one or more databases held in memory, the least recently used dropped."""

    def __init__(self, size: int = 64) -> None:
        self.size = size
        self._games: OrderedDict[tuple[str, int], LoadedGame] = OrderedDict()
        self._lock = threading.Lock()
        self.reads = 0
        """How many times a game was read whole (the rest: from memory, or its new events)."""

    def game(self, ledger: LedgerStore, gid: int) -> LoadedGame:
        """Game ``gid`` of ``ledger`` as stored now (``UnknownGame`` if there is none)."""
        seq, digest = ledger.head(gid)
        key = (str(ledger.path), gid)
        with self._lock:
            held = self._games.get(key)
            if held is not None:
                self._games.move_to_end(key)
        if held is not None and held.seq == seq and _last(held) == digest:
            return held
        game = None
        if held is not None and held.seq < seq:
            rows = ledger.events(gid, after=held.seq)
            if rows and rows[-1].seq >= seq and chain_intact(_last(held), rows, held.seq + 1):
                players = len(held.header.players)
                if all(r.actor is None or 0 <= r.actor < players for r in rows):
                    events = tuple(decode_events(held.rules, rows))
                    game = held.extended(events, tuple(r.hash for r in rows))
        if game is None:
            self.reads += 1
            game = Games(ledger).load(gid)
        self._keep(key, game, force=True)
        return game

    def peek(self, path: str, gid: int) -> LoadedGame | None:
        """The game held for database ``path`` and game ``gid``, without reading the ledger
        (``None`` if none is held): as fresh as the last request or write that read it."""
        with self._lock:
            return self._games.get((path, gid))

    def keep(self, ledger: LedgerStore, played: Played) -> LoadedGame:
        """The game ``played`` wrote to, with what it wrote, held from now on."""
        game = played.game
        if played.written and not played.retried:
            game = game.extended(played.written, played.digests)
        self._keep((str(ledger.path), game.id), game)
        return game

    def _keep(self, key: tuple[str, int], game: LoadedGame, force: bool = False) -> None:
        with self._lock:
            held = self._games.get(key)
            if force or held is None or held.seq <= game.seq:  # a write: never an older head
                self._games[key] = game
                self._games.move_to_end(key)
            while len(self._games) > self.size:
                self._games.popitem(last=False)


def _last(game: LoadedGame) -> bytes:
    """The full hash of ``game``'s last event (its genesis hash when it has none)."""
    return game.hashes[-1] if game.hashes else game.record.genesis
