"""The data of a replay page: every moment of a game as each seat and everyone saw it.

A page is made for one viewer (``replay.gate``): everyone (the default), one seat, or —
only when asked for on the command line (``--all-seats``) — every seat, to switch between
them once a game is over. A frame is the table after one event of the log (frame 0:
before the first): the event in notation as the viewer saw it and what it is (a move, a
chance step, a correction, an irregularity, a ruling), whether it is still in effect, who
took cards with it, who is to act, and the viewer's view (for every seat: the public view
and one per seat). The file holds nothing else: no card the viewer did not see is in its
data. Identical views are stored once and named by index: a hand that does not change
costs nothing per event.
"""

from __future__ import annotations

import json
from collections.abc import Iterator, Sequence
from typing import Any

from tablelog.replay.fold import effective_events
from tablelog.replay.games import LoadedGame
from tablelog.replay.gate import EVERYONE, Gate, Viewer, table_data
from tablelog.replay.inspect import outcome_data
from tablelog.rules.events import Event, Irregularity, Note, Ruling, Undo
from tablelog.rules.protocol import View

__all__ = ["page_data", "view_data"]


class _Store:
    """Zones, infos and views, each stored once and named by its index."""

    def __init__(self) -> None:
        self.zones = _Interned()
        self.infos = _Interned()
        self.views = _Interned()
        self.parts = _Interned()

    def view(self, view: View) -> int:
        """The index of ``view``: its typed table (each seat, pile and battlefield by index),
        or, for a view without one, its zones and info by index."""
        if view.table is not None:
            table = _compact(table_data(view.table))
            for key in ("seats", "piles", "fields"):
                table[key] = [self.parts.add(part) for part in table.get(key, ())]
            return self.views.add({"table": table})
        data = view_data(view)
        zones = [self.zones.add(zone) for zone in data["zones"]]
        return self.views.add({"zones": zones, "info": self.infos.add(data["info"])})


def _empty(value: Any) -> bool:
    return value is None or value is False or (isinstance(value, list | str) and not value)


def _compact(value: Any) -> Any:
    """``value`` without its empty fields (``None``, ``[]``, ``""``, ``False``), which the
    page reads as absent: a smaller file."""
    if isinstance(value, dict):
        return {k: _compact(v) for k, v in value.items() if not _empty(v)}
    if isinstance(value, list):
        return [_compact(v) for v in value]
    return value


def view_data(view: View) -> dict[str, Any]:
    """What the page stores of one view: its zones and its facts, JSON-ready."""
    zones = [
        {
            "name": zone.name,
            "cards": [card.text for card in zone.cards],
            "hidden": zone.hidden,
            **({"slots": list(zone.slots)} if zone.slots is not None else {}),
        }
        for zone in view.zones
    ]
    return {"zones": zones, "info": _plain(dict(view.info))}


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


def _taken(before: View, after: View, sides: Sequence[str]) -> str | None:
    """Who took cards with this event (a trick, a capture): a ``won:N`` zone that grew."""
    sizes = {z.name: len(z.cards) + z.hidden for z in before.zones}
    for zone in after.zones:
        name = zone.name
        if name.startswith("won:") and len(zone.cards) + zone.hidden > sizes.get(name, 0):
            index = name.partition(":")[2]
            side = int(index) if index.isdigit() else None
            return sides[side] if side is not None and side < len(sides) else index
    return None


def _sides(game: LoadedGame, view: View) -> list[str]:
    """The names of the sides that take cards (``won:N``): the view's teams, else the keys of
    a mapping in its info with one entry per such zone (sweeps or points by side), else the
    players."""
    teams = view.info.get("teams")
    if isinstance(teams, list | tuple) and teams:
        return [str(t) for t in teams]
    won = sum(1 for zone in view.zones if zone.name.startswith("won:"))
    players = list(game.header.players)
    if won and won != len(players):
        for value in view.info.values():
            if isinstance(value, dict) and len(value) == won:
                return [str(k) for k in value]
    return players


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
    previous: View | None = None
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
            assert previous is not None
            frame["taken_by"] = _taken(previous, public, _sides(game, public))
        previous = public
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
    viewer."""
    store = _Store()
    frames = list(_frames(game, store, viewer))
    lines = [line for v in variations if (line := _variation(v, store, viewer)) is not None]
    last = game.rules.view(game.timeline[-1], None)
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
        "sides": _sides(game, last),
        "frames": frames,
        "variations": lines,
        "views": store.views.items,
        "parts": store.parts.items,
        "zones": store.zones.items,
        "infos": store.infos.items,
    }
