"""The data of a replay page: every moment of a game as each seat and everyone saw it.

A page is made for one viewer (``replay.gate``): everyone (the default), one seat, or —
only when asked for on the command line (``--all-seats``) — every seat, to switch between
them once a game is over. A frame is the table after one event of the log (frame 0:
before the first): the event in notation as the viewer saw it and what it is (a move, a
chance step, a correction, an irregularity, a ruling), whether it is still in effect, who
took cards with it, who is to act, and the viewer's typed table (``rules.tableview``; for
every seat: the public one and one per seat). The file holds nothing else: no card the
viewer did not see is in its data. Identical tables, seats and piles are stored once and
named by index: a hand that does not change costs nothing per event.
"""

from __future__ import annotations

import json
from collections.abc import Iterator, Sequence
from typing import Any, get_type_hints

import attrs

from tablelog.errors import Refusal
from tablelog.replay.fold import effective_events
from tablelog.replay.games import LoadedGame
from tablelog.replay.gate import EVERYONE, Gate, Viewer
from tablelog.replay.inspect import outcome_data
from tablelog.replay.narrate import new_trick
from tablelog.rules.events import Event, Irregularity, Note, Ruling, Undo
from tablelog.rules.memo import ByValue
from tablelog.rules.protocol import View
from tablelog.rules.serial import converter, make_converter
from tablelog.rules.tableview import Place, Seat, Table

__all__ = ["StillPlaying", "page_data", "page_table", "remembered"]


class StillPlaying(Refusal):
    """A page of every seat's cards asked for of a game still being played: it would show
    every hand to whoever gets the file before the game ends. Nothing is written."""


class _Store:
    """Typed tables by their parts, each part stored once and named by its index.

    A stored view is ``{"s": [seat, ...], "c": centre}``: each seat's index, and the index
    of the centre, which holds the table's other fields: its scalars as they are, its piles
    and battlefields as lists of indices, and each other list or mapping (the trick, the
    facts, the scores) by its index under ``refs``. Seats' views of one moment share their
    centre, and a trick or a score that does not change is stored once for the game: the
    page for every seat costs little more than the page for one (``page.js`` rebuilds the
    table from its parts)."""

    def __init__(self) -> None:
        self.views = _Interned()
        self.parts = _Interned()

    def view(self, view: View) -> int:
        """The index of ``view``'s typed table, stored by its parts."""
        table = page_table(view)
        table.pop("viewer", None)  # the page knows whose view it shows
        seats = [self.parts.add(seat) for seat in table.pop("seats", ())]
        centre: dict[str, Any] = {}
        refs: dict[str, int] = {}
        for key, value in table.items():
            if key in ("piles", "fields"):
                centre[key] = [self.parts.add(part) for part in value]
            elif isinstance(value, list | dict):
                refs[key] = self.parts.add(value)
            else:
                centre[key] = value
        if refs:
            centre["refs"] = refs
        return self.views.add({"s": seats, "c": self.parts.add(centre)})


def page_table(view: View) -> dict[str, Any]:
    """What the page stores of ``view``: its typed table without empty fields, and without
    the open claims (said aloud at the table, a called card in their words; ``show`` says
    them)."""
    if view.table is None:
        return {}
    # ``table_data`` less its empty fields, in one pass: ``_compact`` makes tuples lists;
    # each seat's part is remembered (``_seat_data``)
    table: dict[str, Any] = _compact(_PAGE.unstructure(view.table))
    table.pop("claims", None)
    return table


class _Compacted(dict[str, Any]):
    """A seat's or a centre place's page data already without its empty fields: ``_compact``
    keeps it as it is. One object serves every table the seat or place appears in
    unchanged: it is never changed."""


def remembered(value: object) -> bool:
    """Whether ``value`` is page data kept for every table its seat or place appears in
    unchanged (never changed: a caller may remember what it made of it by its identity)."""
    return type(value) is _Compacted


SEATS_MAX = 64 * 64
_SEATS: ByValue[_Compacted] = ByValue(SEATS_MAX)
"""Each seat's page data by ``_seat_key``; started again past ``SEATS_MAX``."""


def _seat_key(seat: Seat) -> tuple[object, ...] | None:
    """What a seat's page data depends on: the seat's value, and the types of its fields
    that may hold numbers (``==`` holds ``0 == False``, which the page writes apart);
    ``None`` when a field that should hold text holds something else (not remembered)."""
    kinds: list[type] = [type(seat.seat), type(seat.own)]
    for place in seat.places:
        kinds += _number_types(place)
    for fact in seat.facts:
        for part in fact:
            if type(part) is not str:
                return None
    return (seat, *kinds)


def _number_types(place: Place) -> tuple[type, ...]:
    """The types of a place's fields that may hold numbers."""
    return (type(place.hidden), type(place.stack), type(place.value), type(place.owner))


_PLACES: ByValue[_Compacted] = ByValue(SEATS_MAX)
"""Each place's page data outside a seat (a pile, the stock...) by its value and number
types; started again past ``SEATS_MAX``."""


def _seat_data(seat: Seat) -> _Compacted:
    """``_compact(converter.unstructure(seat))``, remembered: most seats of a table are as
    they were at the last event (a hand not played from), and a table is made per event.
    The very seat object met again (``rules.tableview`` hands out one object per seat
    value) is answered by its identity, without building and hashing its key."""
    found = _MET.get(id(seat))
    if found is not None and found[0] is seat:
        return found[1]
    return _met(seat, _SEATS, _seat_key(seat))


def _place_data(place: Place) -> _Compacted:
    """The same of a place in the centre: the stock, the cards out of play and most other
    places there are as they were at the last event."""
    found = _MET.get(id(place))
    if found is not None and found[0] is place:
        return found[1]
    return _met(place, _PLACES, (place, *_number_types(place)))


_MET: dict[int, tuple[object, _Compacted]] = {}
"""The page data of each seat and place object met, by its identity (the object kept
beside it, so its ``id`` names no other while the entry lives): only those kept by value
(a key naming every part, hashable), emptied past ``SEATS_MAX``."""


def _met(
    value: Seat | Place, kept: ByValue[_Compacted], key: tuple[object, ...] | None
) -> _Compacted:
    """``_remembered(kept, key, value)``, also kept by ``value``'s identity when it was
    kept by value."""
    data = _remembered(kept, key, value)
    if key is not None:
        try:
            by_value = kept.get(key)
        except TypeError:
            return data  # a part holding a list: made every time, never by identity
        if by_value is data:
            if len(_MET) >= SEATS_MAX:
                _MET.clear()
            _MET[id(value)] = (value, data)
    return data


def _remembered(
    kept: ByValue[_Compacted], key: tuple[object, ...] | None, value: Any
) -> _Compacted:
    """``_compact(converter.unstructure(value))``, made once in ``kept`` by ``key``; made
    every time when ``key`` is ``None`` or cannot be hashed (a rule set's seat or place
    holding a list). A seat's places are each ``_place_data`` (equal data: a seat whose
    hand changed keeps its other places' data)."""
    unstructure = _SEAT.unstructure if type(value) is Seat else converter.unstructure

    def make() -> _Compacted:
        return _Compacted(_compact(unstructure(value)))

    return make() if key is None else kept.made(key, make)


_SEAT = make_converter()
"""``rules.serial.converter``'s like, but each place of a seat is ``_place_data``."""
_SEAT.register_unstructure_hook(Place, _place_data)

_PAGE = make_converter()
"""``rules.serial.converter``'s like, but a seat is unstructured by ``_seat_data`` and a
place in the centre by ``_place_data``."""
_PAGE.register_unstructure_hook(Seat, _seat_data)
_PAGE.register_unstructure_hook(Place, _place_data)

_HINTS = get_type_hints(Table)
_TABLE_FIELDS = tuple((field.name, _HINTS[field.name]) for field in attrs.fields(Table))
"""``Table``'s fields, in order, with their resolved types."""


def _table_data(table: Table) -> dict[str, Any]:
    """What ``_PAGE``'s generated hook makes of ``table``, field by field, without asking
    the converter for a field that is a plain value or empty (``_compact`` drops an empty
    one either way): a table is made per event and viewer, and most of its fields are."""
    out: dict[str, Any] = {}
    for name, kind in _TABLE_FIELDS:
        value = getattr(table, name)
        if name == "seats":
            value = [_seat_data(seat) for seat in value]
        elif name == "piles":
            value = [_place_data(place) for place in value]
        elif value and type(value) not in _SCALARS:
            value = _PAGE.unstructure(value, kind)
        out[name] = value
    return out


_PAGE.register_unstructure_hook(Table, _table_data)


def _compact(value: Any) -> Any:
    """``value`` without its empty fields (``None``, ``[]``, ``""``, ``False``), which the
    page reads as absent: a smaller file; its tuples as lists. A table has hundreds of
    fields: each is judged by its type in line, without a call for a string or a number."""
    if type(value) is _Compacted:
        return value
    if isinstance(value, dict):
        out = {}
        for key, item in value.items():
            kind = type(item)
            if kind is int or kind is float or item is True:
                out[key] = item
            elif kind is str:
                if item:
                    out[key] = item
            elif item is None or item is False:
                continue
            elif isinstance(item, list | tuple | str):
                if item:
                    out[key] = _compact(item)
            else:
                out[key] = _compact(item)
        return out
    if isinstance(value, list | tuple):
        return [v if type(v) in _SCALARS else _compact(v) for v in value]
    return value


_SCALARS = frozenset({str, int, float, bool, type(None)})


def _plain(value: Any) -> Any:
    """``value`` made of JSON types (fractions and other values as their text)."""
    if isinstance(value, dict):
        return {str(k): _plain(v) for k, v in value.items()}
    if isinstance(value, list | tuple):
        return [_plain(v) for v in value]
    if value is None or isinstance(value, bool | int | float | str):
        return value
    return str(value)


def _mark(event: Event) -> str:
    """What kind of event it is, as the page marks it."""
    payload = event.payload
    if isinstance(payload, Undo):
        return "correction"
    if isinstance(payload, Irregularity):
        return "irregularity"
    if isinstance(payload, Ruling):
        return "ruling"
    if isinstance(payload, Note):
        return "note"
    return str(event.family)


def _taken(before: Table | None, after: Table | None) -> str | None:
    """Who took cards with this event: the winner of a trick just taken, else the side
    whose taken cards (a ``Place`` with its ``side``) grew."""
    if before is None or after is None:
        return None
    trick = new_trick(before, after)
    if trick is not None:
        return trick.winner
    sizes = {p.side: len(p.known) + p.hidden for p in before.piles if p.side is not None}
    for place in after.piles:
        if place.side is not None and len(place.known) + place.hidden > sizes.get(place.side, 0):
            return place.side
    return None


class _Interned:
    """Views stored once each, named by their index."""

    def __init__(self) -> None:
        self.items: list[Any] = []
        self._index: dict[str, int] = {}

    def add(self, data: Any) -> int:
        key = json.dumps(data, sort_keys=True, ensure_ascii=False)
        index = self._index.get(key)
        if index is None:
            index = self._index[key] = len(self.items)
            self.items.append(data)
        return index


def _frames(game: LoadedGame, store: _Store, viewer: Viewer) -> Iterator[dict[str, Any]]:
    rules, header = game.rules, game.header
    seats = range(len(header.players))
    gate = Gate(rules, header, viewer)
    public_gate = Gate(rules, header, EVERYONE)
    kept = {e.seq for e in effective_events(game.events, game.seeded)}
    timeline = game.timeline
    previous: Table | None = None
    for i, state in enumerate(timeline):
        public = public_gate.view(state)
        frame: dict[str, Any] = {"seq": i}
        if viewer.every_seat:
            frame["public"] = store.view(public)
            frame["seats"] = [store.view(Gate(rules, header, Viewer(s)).view(state)) for s in seats]
        else:
            frame["view"] = store.view(gate.view(state))
        frame |= {
            "to_act": [header.players[s] for s in sorted(rules.to_act(state))],
            "outcome": _plain(outcome_data(rules.outcome(state), game)),
        }
        if i:
            event = game.events[i - 1]
            before = timeline[i - 1]
            frame["event"] = {
                "notation": gate.text(before, event, state),
                "actor": game.actor_name(event.actor),
                "mark": _mark(event),
                "effective": event.seq in kept or event.family == "meta",
            }
            frame["taken_by"] = _taken(previous, public.table)
        previous = public.table
        yield frame


def _variation(game: LoadedGame, store: _Store, viewer: Viewer) -> dict[str, Any] | None:
    """A variation as its parent's page offers it: where it branches (``at``, the events it
    shares with its parent) and its own frames after that; ``None`` if it has no event of
    its own yet."""
    at = game.header.fork_at or 0
    frames = list(_frames(game, store, viewer))[at + 1 :]
    if not frames:
        return None
    return {"game": game.id, "at": at, "head": game.head_at(), "frames": frames}


def page_data(
    game: LoadedGame, viewer: Viewer = EVERYONE, variations: Sequence[LoadedGame] = ()
) -> dict[str, Any]:
    """Everything the page for ``viewer`` draws, as JSON-ready data; each of ``variations``
    (forks of ``game``) with its frames after the event it branches at, seen by the same
    viewer. Every seat's view (``EVERY_SEAT``) is given only of a game that is over:
    ``StillPlaying`` otherwise, as it would show every hand while the game goes on; for
    the same reason such a page leaves out each variation still being played."""
    if viewer.every_seat and game.rules.outcome(game.state) is None:
        raise StillPlaying(
            f"game {game.id} is still being played: a page of every seat's cards would show"
            " every hand to whoever gets the file, so it is made once the game is over"
            " (until then export the page as everyone, or --as a player)"
        )
    if viewer.every_seat:
        variations = [v for v in variations if v.rules.outcome(v.state) is not None]
    store = _Store()
    frames = list(_frames(game, store, viewer))
    lines = [line for v in variations if (line := _variation(v, store, viewer)) is not None]
    last = game.rules.view(game.timeline[-1], None).table
    return {
        "game": game.id,
        "rules": game.rules.name,
        "title": game.rules.title,
        "players": list(game.header.players),
        "options": _plain(dict(game.header.options)),
        "seeded": game.seeded,
        "viewer": viewer.name(game.header.players),
        "all_seats": viewer.every_seat,
        "seat": viewer.seat,
        "head": game.head_at(),
        "sides": list(last.sides) if last is not None else list(game.header.players),
        "frames": frames,
        "variations": lines,
        "views": store.views.items,
        "parts": store.parts.items,
    }
