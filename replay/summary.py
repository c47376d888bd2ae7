"""The results summary: what ``list``, ``stats`` and the exports say about a game's result.

A summary is derived data, computed from the folded state (the rule set's ``outcome`` and
optional ``figures``) and the effective events, and kept in the ledger's ``summaries``
table as opaque JSON tagged with the head it was computed at. ``results`` reads every
game's head and stored summary in one query and folds only the games whose summary is
missing or stale (a move was played since, or the summary format changed), storing the
new ones; so ``list`` on a big database folds nothing it folded before.

A summary (``SUMMARY_VERSION`` 2) holds: ``players``, ``options``, ``seed``, ``events``
(the head seq), ``over``, ``winners`` and ``ranking`` (names), ``scores`` (side label →
an int, or a fraction as text ``"7/2"``), ``sides`` (side label → its players),
``figures`` (a game's own figures by name, side → number) and ``moves`` (player → kind
of move → how many, effective moves only), and ``variation_of`` / ``variation_at``: for a
fork (a variation of a game, replayed from one of its events), the uid of the game it
branches from and the event it branches at; ``None`` for a game of its own. Version 2
added those two; a version-1 summary is stale and computed again.
"""

from __future__ import annotations

import contextlib
import json
from collections.abc import Callable, Iterator, Mapping
from typing import Any

import attrs

from tablelog.errors import TablelogError
from tablelog.ledger import CodecError, LedgerStore, ResultRow
from tablelog.replay.games import Games, LoadedGame
from tablelog.replay.summarize import (
    SUMMARY_VERSION,
    as_fraction,
    dumps,
    number_text,
    side_players,
    summarize,
)
from tablelog.replay.verify import Tampered

__all__ = [
    "SUMMARY_VERSION",
    "Filters",
    "GameResult",
    "Stored",
    "as_fraction",
    "dumps",
    "number_text",
    "results",
    "side_players",
    "summarize",
]

REFRESH_CHUNK = 500
"""Summaries computed during one read are stored every this many games."""


@attrs.frozen
class Filters:
    """Which games: a rule set, a player (case-insensitive), created since a date
    (``YYYY-MM-DD`` or any ISO prefix), only unfinished ones, or these ids; with
    ``variations`` false, no forks (``stats``, ratings and a season's exports count each
    game once unless asked)."""

    rules: str | None = None
    player: str | None = None
    since: str | None = None
    unfinished: bool = False
    games: tuple[int, ...] | None = None
    variations: bool = True

    def keeps(self, data: Mapping[str, Any]) -> bool:
        """Whether a game with this summary passes the filters SQL could not apply."""
        if self.unfinished and data["over"]:
            return False
        if not self.variations and data.get("variation_of") is not None:
            return False
        if self.player is not None:
            wanted = self.player.casefold()
            return any(p.casefold() == wanted for p in data["players"])
        return True


@attrs.frozen
class GameResult:
    """One game as ``list`` shows it: its plain columns and its summary."""

    game: int
    uid: str
    rules: str
    created: str
    head: bytes
    data: Mapping[str, Any]

    def as_dict(self) -> dict[str, Any]:
        """The game and its summary as plain data (``list --json``): ``seeded``, never the
        seed, which would deal every card again."""
        return {
            "game": self.game,
            "uid": self.uid,
            "rules": self.rules,
            "created": self.created,
            "head": self.head.hex()[:10],
            **{k: v for k, v in self.data.items() if k not in ("v", "seed")},
            "seeded": self.data.get("seed") is not None,
        }

    def row(self) -> Mapping[str, Any]:
        """``as_dict()`` made lazily: the keys that order, count and link the rows are read
        straight from the game; the rest make the whole dict on first use (a page of
        ``list`` draws 50 rows of thousands)."""
        return _Row(self)


_PASSED = frozenset(("variation_of", "variation_at"))
"""Summary keys ``as_dict`` passes through unchanged (neither renamed nor left out)."""


class _Row(Mapping[str, Any]):
    """``GameResult.row()``: the game's ``as_dict()``, made whole only when needed."""

    __slots__ = ("_result", "_whole")

    def __init__(self, result: GameResult) -> None:
        self._result = result
        self._whole: dict[str, Any] | None = None

    def __getitem__(self, key: str) -> Any:
        if self._whole is None:
            if key == "game":
                return self._result.game
            if key == "uid":
                return self._result.uid
            if key in _PASSED:
                return self._result.data[key]
        return self._dict()[key]

    def __iter__(self) -> Iterator[str]:
        return iter(self._dict())

    def __len__(self) -> int:
        return len(self._dict())

    def _dict(self) -> dict[str, Any]:
        if self._whole is None:
            self._whole = self._result.as_dict()
        return self._whole


Keep = Callable[[list[tuple[int, bytes, str]]], None]
"""Where new summaries are kept: the ledger's ``store_summaries``, or (for a ledger opened
read-only) a writer the caller opens only when there is something to keep."""


def results(
    ledger: LedgerStore, filters: Filters = Filters(), keep: Keep | None = None
) -> Iterator[GameResult]:
    """Every game that passes ``filters``, by id, with its summary; the missing and stale
    summaries are computed (one fold each) and kept as they are met (``keep``, by default
    the ledger itself). A game whose stored bytes were altered is listed as ``altered``
    (with no result), so the others still are."""
    rows = ledger.results(rules=filters.rules, since=filters.since, games=filters.games)
    games = Games(ledger)
    pending: list[tuple[int, bytes, str]] = []
    store = ledger.store_summaries if keep is None else keep
    for row in rows:
        data = _fresh(row)
        if data is None:
            try:
                text, data = _compute(games, row)
            except (Tampered, CodecError):
                data = altered(row)
            else:
                pending.append((row.game, row.head, text))
        if filters.keeps(data):
            yield GameResult(row.game, row.uid, row.rules, row.created, row.head, data)
        if len(pending) >= REFRESH_CHUNK:
            _store(store, pending)
    _store(store, pending)


def altered(row: ResultRow) -> dict[str, Any]:
    """What is said of a game whose stored bytes were altered: no players, no result."""
    return {
        "v": SUMMARY_VERSION, "players": [], "options": {}, "seed": None,
        "events": row.head_seq, "over": False, "altered": True, "winners": [],
        "ranking": [], "scores": {}, "sides": {}, "figures": {}, "moves": {},
        "variation_of": None, "variation_at": None,
    }  # fmt: skip


def _fresh(row: ResultRow) -> Mapping[str, Any] | None:
    if not row.fresh or row.summary is None:
        return None
    data = Stored(row.summary)
    return data if data.get("v") == SUMMARY_VERSION else None


_TAIL = frozenset({"v", "variation_at", "variation_of", "winners"})
"""A stored summary's last top-level keys (``dumps`` sorts them): what ``list`` reads of
every game (the version, whether it is a variation) before it draws one page of rows."""


class Stored(Mapping[str, Any]):
    """A stored summary's data, its JSON decoded only when a key beyond its tail is read
    (``list`` draws 50 rows of thousands, but orders them all by ``variation_of``).

    The tail is read alone: in ``dumps``' text the keys are sorted and nothing after
    ``"v"`` is an object (a number, a uid or null, a list of names), so the last ``,"v":``
    of the text is the top-level key's (every quote inside a JSON string is escaped, so
    ``,"v":`` cannot occur in one). A ``,"v":`` of a nested object would leave more closing
    braces than the one added opens, so that tail is no JSON: then, as for any other
    layout (an edited row), the whole text is read. The answers are ``json.loads``' either way."""

    __slots__ = ("_data", "_tail", "_text")

    def __init__(self, text: str) -> None:
        self._text = text
        self._data: dict[str, Any] | None = None
        self._tail = _tail(text)

    def whole(self) -> dict[str, Any]:
        """The whole summary, decoded (once)."""
        if self._data is None:
            self._data = json.loads(self._text)
        return self._data

    def __getitem__(self, key: str) -> Any:
        tail = self._tail
        if tail is not None and key in _TAIL:
            return tail[key]
        return self.whole()[key]

    def __iter__(self) -> Iterator[str]:
        return iter(self.whole())

    def __len__(self) -> int:
        return len(self.whole())


def _tail(text: str) -> dict[str, Any] | None:
    """The keys ``_TAIL`` of a summary as ``dumps`` writes it, parsed alone; ``None`` when
    the text ends otherwise (then only the whole text is read)."""
    start = text.rfind(',"v":')
    if start < 0:
        return None
    try:
        tail = json.loads("{" + text[start + 1 :])
    except ValueError:
        return None
    return tail if isinstance(tail, dict) and tail.keys() == _TAIL else None


def _compute(games: Games, row: ResultRow) -> tuple[str, dict[str, Any]]:
    text = dumps(summary_of(games.load(row.game)))
    data: dict[str, Any] = json.loads(text)  # as a stored one reads: the same keys in order
    return text, data


def summary_of(game: LoadedGame) -> dict[str, Any]:
    """The summary of a loaded game (folded once, through its replayer)."""
    return summarize(game.rules, game.header, game.replayer, game.seq)


def _store(keep: Keep, pending: list[tuple[int, bytes, str]]) -> None:
    """Keep computed summaries; a database that cannot be written (read-only, busy) only
    loses the cache, never the answer."""
    if not pending:
        return
    with contextlib.suppress(TablelogError):
        keep(list(pending))
    pending.clear()
