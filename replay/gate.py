"""The privacy gate: every output is made for one viewer, and shows only what they saw.

A viewer is everyone (the public table), one seat, or the recorder of a physical game
(who typed the cards and so saw what was typed). ``Gate(rules, header, viewer)`` answers
the three questions an output asks:

* ``view(state)``: the table as the viewer sees it (the rule set's ``view`` for everyone
  or a seat; every zone as recorded for the recorder of a physical game);
* ``move(before, event, after)``: the event's move as the viewer saw it made: each card it
  names that the viewer did not see is blank (``?``), for a deal, a draw, a reveal or any
  move alike, in a seeded game and a physical one;
* ``text(before, event, after)``: that move in the game's notation.

What a viewer saw of an event is what the event showed them (``rules.shown``: everyone's
cards and the viewer's own) and what their view showed just before or just after it (a
table card taken, a card played face up). The recorder of a seeded game typed no card and
sees what everyone sees. ``log``, ``replay``, ``show``, ``verify``, ``diff``, the exports
and the replay page all go through here, and the invariant kit checks what they print
(``replay.kit.views``).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Sequence
from typing import Any, Generic, TypeVar

import attrs

from tablelog.replay.notation import announcement, format_event_move, move_label
from tablelog.rules.cards import Card
from tablelog.rules.errors import TablelogError
from tablelog.rules.events import Deal, Dealt, Event, Move
from tablelog.rules.frozen import frozen
from tablelog.rules.memo import Kept
from tablelog.rules.protocol import Header, RuleSet, View, ZoneView
from tablelog.rules.tableview import Place, Table, sorted_hand

__all__ = ["EVERYONE", "EVERY_SEAT", "RECORDER", "Gate", "Viewer", "table_data"]


@frozen
class Viewer:
    """Who an output is for: ``seat`` (``None``: everyone), the ``recorder``, or
    ``every_seat`` (the whole record: only on an explicit request, such as a replay page
    made with ``--all-seats`` once a game is over)."""

    seat: int | None = None
    recorder: bool = False
    every_seat: bool = False

    def name(self, players: Sequence[str]) -> str:
        """``everyone``, the seat's player, ``the recorder`` or ``every seat``."""
        if self.every_seat:
            return "every seat"
        if self.recorder:
            return "the recorder"
        return "everyone" if self.seat is None else players[self.seat]

    def label(self, players: Sequence[str]) -> str:
        """How an output says whose view it is: ``as everyone sees it``, ``as Bo sees it``."""
        return f"as {self.name(players)} sees it"


EVERYONE = Viewer()
RECORDER = Viewer(recorder=True)
EVERY_SEAT = Viewer(every_seat=True)


class Gate:
    """What one viewer sees of one game: its views, and each event as they saw it."""

    def __init__(self, rules: RuleSet, header: Header, viewer: Viewer = EVERYONE) -> None:
        self.rules = rules
        self.header = header
        self.viewer = viewer
        # the recorder of a physical game typed it all and saw it all
        self.whole = viewer.every_seat or (viewer.recorder and header.seed is None)
        # the last event's move as seen (its text, what was said and its payload ask
        # again) and its text (the log line, the page and a JSON Lines line write it)
        self._last_move: _LastEvent[Move | None] = _LastEvent(self._seen_move)
        self._last_text: _LastEvent[str] = _LastEvent(self._text)

    def view(self, state: Any) -> View:
        """The table in ``state`` as the viewer sees it, its typed table (``View.table``)
        saying whose turn it is (the game's own words for it, else the players to act). The
        recorder's view of a physical game is every zone as recorded: everyone's table with
        each place that shows one zone holding that zone's recorded cards."""
        if self.whole:
            public = self.rules.view(state, None)
            zones = self.rules.zones(state)
            seen = View(None, tuple(ZoneView(n, z.cards, z.hidden) for n, z in zones.items()))
            table = None if public.table is None else _recorded(public.table, seen)
            view = attrs.evolve(seen, table=table)
        else:
            view = self.rules.view(state, self.viewer.seat)
        if view.table is None or view.table.turn:
            return view
        players = self.header.players
        turn = tuple(players[s] for s in sorted(self.rules.to_act(state)) if s < len(players))
        return attrs.evolve(view, table=attrs.evolve(view.table, turn=turn))

    def seen_cards(self, state: Any) -> Counter[Card] | None:
        """The cards the viewer sees in ``state`` (``None``: the viewer sees every card):
        what a listing or a completion may name for them."""
        if self.whole:
            return None
        return Counter(self.view(state).cards())

    def table(self, state: Any) -> dict[str, Any] | None:
        """The typed table as JSON-ready data (cards as text), or ``None``."""
        table = self.view(state).table
        return None if table is None else table_data(table)

    def move(self, before: Any, event: Event, after: Any) -> Move | None:
        """``event``'s move as the viewer saw it: the cards they did not see blank
        (``None`` when the move cannot be written without them: only its kind was seen)."""
        return self._last_move(before, event, after)

    def _seen_move(self, before: Any, event: Event, after: Any) -> Move | None:
        move = event.move
        if self.whole or move.payload.FAMILY == "meta":
            return move
        named = _cards(move)
        if not named:
            return move
        seat = self.viewer.seat
        shown = self.rules.shown(before, event)
        if len(named) == 1:  # most moves: one card, seen if shown at all
            card = named[0]
            if card in shown.everyone or (seat is not None and card in shown.seats.get(seat, ())):
                return move
            distinct = None
        else:
            distinct = set(named)
        if distinct is not None and len(distinct) == len(named):  # each named once
            showing = set(shown.everyone)
            if seat is not None:
                showing.update(shown.seats.get(seat, ()))
            if distinct <= showing:
                return move
        seen = Counter(shown.everyone)
        if seat is not None:
            seen.update(shown.seats.get(seat, ()))
        if not Counter(named) - seen:
            return move
        if event.family != "chance":  # a move names cards the viewer may already know
            seen |= Counter(self.view(before).cards())
            seen |= Counter(self.view(after).cards())
            if not Counter(named) - seen:
                return move
        return _blank(move, seen)

    def text(self, before: Any, event: Event, after: Any) -> str:
        """``event`` in notation as the viewer saw it (the last event's remembered)."""
        return self._last_text(before, event, after)

    def _text(self, before: Any, event: Event, after: Any) -> str:
        return self._text_of(self.move(before, event, after), event, before)

    def _text_of(self, move: Move | None, event: Event, before: Any) -> str:
        """The text of ``event`` whose move the viewer saw as ``move``."""
        if move is not None:
            try:
                return format_event_move(self.rules, move, before, self.header.players)
            except (TablelogError, ValueError, TypeError, AttributeError):
                pass  # a game's notation that cannot write a blank card
        return f"{event.kind} (cards not shown to {self.viewer.name(self.header.players)})"

    def label(self, before: Any, event: Event, after: Any = None) -> str | None:
        """``event`` named as the viewer saw it (``Anna 7H``: ``notation.move_label`` of
        ``move``; else its ``text``), for a report that names events. ``after`` ``None``:
        the rules refused the event, so the table is as it was before it."""
        after = before if after is None else after
        try:
            seen = self.move(before, event, after)
        except (TablelogError, ValueError, TypeError, AttributeError, KeyError):
            return None  # a refused event need not make sense to the rules
        if seen is None:
            return self.text(before, event, after)
        return move_label(self.rules, self.header.players, seen, before)

    def says(self, before: Any, event: Event, after: Any) -> str:
        """What the player said aloud for ``event``, if the viewer saw the whole move."""
        move = self.move(before, event, after)
        return "" if move is None else announcement(self.rules, move, before)

    def written(self, before: Any, event: Event, after: Any) -> tuple[Move | None, str, str]:
        """``move``, ``text`` and ``says`` of one event at once (an export writes all three
        for every event, each event once): the move is worked out once and the text and
        what was said are made from it, the answers of the three asked one by one
        (``tests/replay/test_export_fast.py``). Neither the move nor the text is
        remembered (an export asks each event once); a game event's text and what was
        said are the rules' ``format`` and ``announce`` of the move as seen, a meta
        event's text ``notation.format_event_move``'s."""
        move = self._seen_move(before, event, after)  # each event is asked once
        if move is None:
            return None, self._text_of(None, event, before), ""
        if move.payload.FAMILY == "meta":  # a note, an undo, an irregularity or a ruling
            return move, self._text_of(move, event, before), ""
        rules = self.rules  # a game's own event: the rules write it (``format_event_move``)
        try:
            text = str(rules.format(move, before))
        except (TablelogError, ValueError, TypeError, AttributeError):
            text = self._text_of(None, event, before)  # a notation that cannot write a blank
        says = "" if rules.announce is None else str(rules.announce(move, before))
        return move, text, says


_A = TypeVar("_A")


class _LastEvent(Generic[_A]):
    """``make(before, event, after)`` with its answer for the last event asked kept: the
    states and the event matched by identity (they are frozen), so asking again for the
    same event is free and any other event is worked out anew."""

    def __init__(self, make: Callable[[Any, Event, Any], _A]) -> None:
        self._make = make
        self._last: tuple[Any, Event, Any, _A] | None = None

    def __call__(self, before: Any, event: Event, after: Any) -> _A:
        last = self._last
        if last is not None and last[0] is before and last[1] is event and last[2] is after:
            return last[3]
        answer = self._make(before, event, after)
        self._last = (before, event, after, answer)
        return answer


def _recorded(table: Table, seen: View) -> Table:
    """``table`` with each place that shows one zone (``Place.zone``) holding that zone as
    ``seen`` holds it: the recorder's table of a physical game, from everyone's."""
    zones = {z.name: z for z in seen.zones}

    def fill(place: Place) -> Place:
        zone = zones.get(place.zone) if place.zone is not None else None
        if zone is None:
            return place
        known = sorted_hand(zone.cards) if place.label == "hand" else zone.cards
        slots = None if zone.cards else place.slots
        return attrs.evolve(place, known=known, hidden=zone.hidden, slots=slots, laid_by=())

    seats = tuple(
        attrs.evolve(seat, places=tuple(fill(p) for p in seat.places)) for seat in table.seats
    )
    return attrs.evolve(
        table, viewer="the recorder", seats=seats, piles=tuple(fill(p) for p in table.piles)
    )


def table_data(table: Any) -> dict[str, Any]:
    """A typed table (``rules.tableview.Table``) as JSON-ready data: unstructured by the
    project's cattrs converter (cards as their text), pairs (facts, scores) as two-item
    lists."""
    from tablelog.rules.serial import converter

    data: dict[str, Any] = _lists(converter.unstructure(table))
    return data


_LEAVES = frozenset({str, int, float, bool, type(None)})
"""The types a table's data mostly holds, returned as they are without a call."""


def _lists(value: Any) -> Any:
    """``value`` with every tuple a list, every mapping a dict (a page holds hundreds of
    leaves per table: they are passed over by type, without a call each)."""
    leaves = _LEAVES
    if isinstance(value, dict):
        return {k: v if type(v) in leaves else _lists(v) for k, v in value.items()}
    if isinstance(value, tuple | list):
        return [v if type(v) in leaves else _lists(v) for v in value]
    return value


_FIELD_NAMES: dict[type, tuple[str, ...]] = {}
"""Each payload class's field names, looked up once per class."""


def _cards(move: Move) -> tuple[Card, ...]:
    """Every card ``move`` names (a deal's cards included)."""
    payload = move.payload
    if isinstance(payload, Deal):
        return tuple(d.card for d in payload.cards if d.card is not None)
    return _named(payload)


def _named_by(payload: Any) -> tuple[Card, ...]:
    """Every card a payload that is no deal names, field by field."""
    kind = payload.__class__
    names = _FIELD_NAMES.get(kind)
    if names is None:
        names = _FIELD_NAMES[kind] = tuple(field.name for field in attrs.fields(kind))
    out: list[Card] = []
    for name in names:
        value = getattr(payload, name)
        if isinstance(value, Card):
            out.append(value)
        elif isinstance(value, tuple):
            out.extend(v for v in value if isinstance(v, Card))
    return tuple(out)


_named: Kept[Any, tuple[Card, ...]] = Kept(_named_by, lambda cards: len(cards) <= 8)
"""``_named_by``, remembered per payload object: the codec decodes a small payload once,
so the events of an archive share a few of them (a card played), and each is read once."""


def _blank(move: Move, seen: Counter[Card]) -> Move | None:
    """``move`` with each card beyond ``seen`` blank: ``None`` in a field that may be
    ``None``, left out of a tuple of cards counted by the payload's ``unseen``; ``None``
    when the payload has no way to write a card blank."""
    left = Counter(seen)

    def keep(card: Card) -> bool:
        if left[card] > 0:
            left[card] -= 1
            return True
        return False

    payload = move.payload
    if isinstance(payload, Deal):
        dealt = tuple(
            d if d.card is None or keep(d.card) else Dealt(d.to, None, d.up)  # the card blank
            for d in payload.cards
        )
        return Move(move.actor, Deal(dealt))
    changes: dict[str, Any] = {}
    dropped = 0
    for field in attrs.fields(type(payload)):
        value = getattr(payload, field.name)
        if isinstance(value, Card) and not keep(value):
            if "None" not in str(field.type):
                return None
            changes[field.name] = None
        elif isinstance(value, tuple) and any(isinstance(v, Card) for v in value):
            kept = tuple(v for v in value if not isinstance(v, Card) or keep(v))
            dropped += len(value) - len(kept)
            changes[field.name] = kept
    if dropped:
        if "unseen" not in {f.name for f in attrs.fields(type(payload))}:
            return None
        changes["unseen"] = payload.unseen + dropped
    return Move(move.actor, attrs.evolve(payload, **changes))
