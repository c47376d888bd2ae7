"""Exports a club can open: CSV, an SQLite file for Datasette, a transcript, a match report.

JSON Lines (``replay.jsonl``) stays the lossless interchange format; these are for
reading. One module per format (``csvfile``, ``sqlitefile``, ``text``, ``html``); this
module chooses the games and turns each into a ``History``: its record, header, summary
and every event of the log with its notation, what the player said and whether it is still
in effect. Games are read and folded one at a time, so an export of a whole database holds
one game in memory, never all of them.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from types import MappingProxyType
from typing import Any, Generic, NamedTuple, TypeVar

from tablelog.errors import InvalidInput
from tablelog.ledger import LedgerStore
from tablelog.replay.fold import Replayer
from tablelog.replay.games import Games, LoadedGame
from tablelog.replay.gate import EVERYONE, Gate, Viewer
from tablelog.replay.narrate import new_trick
from tablelog.replay.summary import Filters, Keep, summarize
from tablelog.rules.events import Event, Note, Undo, kind_of
from tablelog.rules.frozen import frozen
from tablelog.rules.memo import Kept
from tablelog.rules.protocol import RuleSet, S
from tablelog.rules.serial import converter
from tablelog.rules.tableview import Marks, marks_of

__all__ = [
    "EventRow",
    "ExportError",
    "History",
    "Kept",
    "News",
    "histories",
    "history",
    "payload_data",
    "said",
    "select",
    "small_data",
]

_T = TypeVar("_T")
_R = TypeVar("_R")


class ExportError(InvalidInput, ValueError):
    """An export that cannot be written where it was asked to (the file exists, the
    folder does not): nothing is written."""


class EventRow(NamedTuple):
    """One event of a log as the exports show it: a named tuple, made for each event of
    every game exported (an attrs class's ``__init__`` sets its thirteen fields one call
    each, several times the cost of making the tuple)."""

    seq: int
    actor: str | None
    type: str
    kind: str
    family: str
    notation: str
    says: str
    effective: bool
    undone_by: int | None
    recorded_at: str | None
    hash: str
    payload: Mapping[str, Any]
    """The move's payload as the viewer saw it, as plain data: one object for the rows of
    one payload object (``Kept``), even across games, so a reader copies it before
    changing it (``jsonlview`` does)."""
    news: tuple[str, ...] = ()
    """What the event made happen that its notation does not say (a trick won, a sweep)."""


@frozen
class History:
    """A whole game for an export: the loaded game, its summary and its event rows."""

    game: LoadedGame
    summary: Mapping[str, Any]
    """``summarize``'s data (empty when made with ``summary=False``)."""
    events: tuple[EventRow, ...]
    viewer: Viewer = EVERYONE
    """Whom the events are written for (``replay.gate``)."""
    folded: Any = None
    """The state after the whole log, from the fold that made the rows (``None``: ask the
    loaded game, which folds it again)."""

    @property
    def id(self) -> int:
        """The game's number in its database."""
        return self.game.id

    @property
    def state(self) -> Any:
        """The state after the whole log, folded once for the export."""
        return self.game.state if self.folded is None else self.folded


def select(ledger: LedgerStore, filters: Filters, keep: Keep | None = None) -> list[int]:
    """The ids of the games that pass ``filters`` (summaries refreshed on the way)."""
    from tablelog.replay.summary import results

    return [r.game for r in results(ledger, filters, keep)]


def histories(
    ledger: LedgerStore,
    ids: Iterable[int],
    viewer: Viewer | str | None = None,
    *,
    payloads: bool = True,
    summaries: bool = True,
) -> Iterator[History]:
    """The games ``ids``, read and folded one at a time, as ``viewer`` saw each (default
    everyone; a name as ``--as`` takes it: a player's seat in each game, ``recorder``).
    ``payloads``: whether each row carries its move's payload (``EventRow.payload``: the
    exports that write it; the others leave it empty and spare its making); ``summaries``
    likewise for ``History.summary`` (the CSV of events writes none)."""
    from tablelog.replay.inspect import viewer_named

    games = Games(ledger)
    data = payload_data()  # one for the whole export: games share payloads
    for gid in ids:
        game = games.load(gid)
        seen = viewer if isinstance(viewer, Viewer) else viewer_named(game, viewer)
        yield history(game, seen, payloads=payloads, data=data, summary=summaries)


def history(
    game: LoadedGame,
    viewer: Viewer = EVERYONE,
    *,
    payloads: bool = True,
    data: Kept[Any, Any] | None = None,
    summary: bool = True,
) -> History:
    """One loaded game as a ``History``, folded once, as ``viewer`` saw it: an event's
    notation and payload name only the cards they saw (``replay.gate``); ``payloads``
    ``False`` leaves every row's payload empty. ``data``: the payloads' data made so far
    (``payload_data()``; by default this game's own). ``summary`` ``False`` leaves
    ``History.summary`` empty (an export that writes no result spares its making)."""
    rules = game.rules
    gate = Gate(rules, game.header, viewer)
    replayer = Replayer(rules, game.header)
    undone = _undone_by(game.events, game.seeded)
    news = News(rules, replayer.state)
    players, hashes = game.header.players, game.hashes
    push, written = replayer.push, gate.written
    noted = news.after if news.active else None  # a game without marks has no news
    made = (data or payload_data()) if payloads else None
    rows: list[EventRow] = []
    append, row, kinds = rows.append, _ROW, _KINDS
    before = replayer.state
    hashed = len(hashes)
    for i, event in enumerate(game.events):
        after = push(event)
        move, text, says = written(before, event, after)
        seq, actor, payload = event.seq, event.actor, event.payload
        kind = payload.TYPE
        append(
            row(
                EventRow,
                (
                    seq,
                    None if actor is None else players[actor],
                    kind,
                    kinds[kind] if kind in kinds else _kind(kind),
                    payload.FAMILY,
                    text,
                    says,
                    seq not in undone,
                    undone.get(seq) if undone else None,
                    event.recorded_at,
                    hashes[i].hex()[:10] if i < hashed else "",  # its short hash
                    _NO_PAYLOAD if move is None or made is None else made(move.payload),
                    () if noted is None else noted(after),
                ),
            )
        )
        before = after
    summed = summarize(rules, game.header, replayer, game.seq) if summary else _NO_SUMMARY
    return History(game, summed, tuple(rows), viewer, replayer.state)


def said(row: EventRow) -> str:
    """What was said and what the event made happen, in one cell (``"; "``-joined, the
    empty left out): the CSV's and the SQLite file's ``announcement``. Most events made
    nothing happen, and their cell is what was said."""
    news = row.news
    if not news:
        return row.says
    return "; ".join(x for x in (row.says, *news) if x)


def small_data(data: Mapping[str, Any]) -> bool:
    """Whether a payload's data is small: a few fields, none a long list or mapping."""
    return len(data) <= 8 and all(
        not isinstance(value, list | dict) or len(value) <= 8 for value in data.values()
    )


def payload_data() -> Kept[Any, dict[str, Any]]:
    """The payload data of an export's rows: the converter's ``unstructure``, kept for the
    small payloads."""
    return Kept(converter.unstructure, small_data)


_ROW: Callable[[type[EventRow], tuple[Any, ...]], EventRow] = tuple.__new__
"""Makes an ``EventRow`` of its thirteen values without the named tuple's ``__new__``."""

_KINDS: dict[str, str] = {}
"""``kind_of`` of each event type met (a row asks it of every event)."""


def _kind(type_name: str) -> str:
    found = _KINDS[type_name] = kind_of(type_name)
    return found


_NO_SUMMARY: Mapping[str, Any] = MappingProxyType({})
"""The summary of a history made without one (``history(summary=False)``)."""

_NO_PAYLOAD: dict[str, Any] = {}
"""The payload data of a row that shows none: one object for all of them, as ``Kept``
shares a payload's data (so the SQLite export's ``Kept`` writes its JSON once)."""


def _undone_by(events: Sequence[Event], seeded: bool) -> dict[int, int]:
    """For each retracted event, the seq of the undo that retracted it."""
    from tablelog.replay.fold import undo_target

    stack: list[Event] = []
    undone: dict[int, int] = {}
    for event in events:
        if isinstance(event.payload, Note):
            continue
        if isinstance(event.payload, Undo):
            start = undo_target(stack, seeded)
            if start is not None:
                for gone in stack[start:]:
                    undone[gone.seq] = event.seq
                del stack[start:]
            continue
        stack.append(event)
    return undone


class News(Generic[S]):
    """Tricks won and sweeps made by each event, read from the marks of the typed public
    table (``rules.tableview.Marks``): a new ``last_trick`` with its winner, a ``Tally``
    with an ``each`` word (``sweep``) that grew for a side. A game's ``marks`` gives them
    without the zones; a game without one (or ``whole_view``) has its whole public view
    built after each event."""

    def __init__(self, rules: RuleSet[S], start: S, *, whole_view: bool = False) -> None:
        self.view = rules.view
        given = None if whole_view else rules.marks
        self.marks = self._marks_of_view if given is None else given
        # a game that gives marks has a table in every state (its marks equal the table's)
        self.last: Marks | None = self._marks_of_view(start) if given is None else given(start)
        self.active = self.last is not None

    def _marks_of_view(self, state: S) -> Marks | None:
        return marks_of(self.view(state, None).table)

    def after(self, state: S) -> tuple[str, ...]:
        """What changed between the last state seen and ``state``."""
        if not self.active:
            return ()
        old, new = self.last, self.marks(state)
        if new is old:  # the same marks (a game without any gives one object): no news
            return ()
        self.last = new
        if old is None or new is None:
            return ()
        said: list[str] = []
        trick = new_trick(old, new)
        if trick is not None:
            said.append(f"trick to {trick.winner}")
        if new.counted:
            before = {t.name: dict(t.by) for t in old.counted}
            for tally in new.counted:
                for side, count in tally.by:
                    was = before.get(tally.name, {}).get(side, "0")
                    if count.isdigit() and was.isdigit() and int(count) > int(was):
                        said.append(f"{tally.each} for {side}")
        return tuple(said)
