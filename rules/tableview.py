"""The table as one viewer sees it, as a typed value: seats round the table and the centre.

Each game's ``view`` describes its table with these values (``View.table``), in the
table's words, so that every output draws the same picture without reading a game's
state or a dict by key name: ``show`` in the terminal, ``show --json``, the replay page.

* ``Seat``: a player (or a seat that is not a player, like Narrespillet's Demons) in its
  place round the table, with its ``places`` (the hand first, then a Speahx player's table
  cards, a Vriddiot player's face-up and face-down cards, a Narrespillet chariot) and its
  ``facts`` (a score, tricks taken, "gone out").
* ``Place``: cards at one place as the viewer sees them: the ``known`` ones, how many are
  ``hidden``, addressable ``slots`` (``"?"`` face down, ``None`` empty), a pile's
  ``value`` and ``owner`` (a Nørdekasino build).
* The centre: the ``trick`` with who laid each card and the ``last_trick``; ``piles``
  (a pile with its top, the stock, Nørdekasino's table piles with values); ``fields``
  (Narrespillet's battlefields, houses × players, each ``Slot`` with its placement, rank
  and whether it was forfeited); ``facts`` (trump, the active suit, a twist, the round).
* ``scores`` and ``turn`` (who is to act, filled in by ``replay.gate``); the ``sides``
  that take cards; ``tallies`` (tricks, sweeps, deals by side: a ``Tally`` whose ``each``
  names one more of it, ``sweep``, is news when it grows); the ``round`` (or deal) under
  way and how many are over; the open ``claims`` on face-down cards, in words.

``table_of`` builds the seats and the centre from a view's zones (``hand:2``, ``up:2``,
``won:1``, ``stock``) and the labels a game gives them; a game adds what only it knows.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from typing import Protocol

import attrs

from tablelog.rules.cards import Card
from tablelog.rules.frozen import frozen
from tablelog.rules.memo import ByValue


class ZoneView(Protocol):
    """A zone as a viewer sees it (``rules.protocol.ZoneView``, named here by its shape:
    ``protocol.View`` refers to this module's ``Table``, and imports run one way)."""

    @property
    def name(self) -> str: ...
    @property
    def cards(self) -> tuple[Card, ...]: ...
    @property
    def hidden(self) -> int: ...
    @property
    def slots(self) -> tuple[str | None, ...] | None: ...


class View(Protocol):
    """A view (``rules.protocol.View``), by its shape: the seat it is for and its zones."""

    @property
    def seat(self) -> int | None: ...
    @property
    def zones(self) -> tuple[ZoneView, ...]: ...


__all__ = [
    "Field",
    "Laid",
    "Marks",
    "Place",
    "Seat",
    "Slot",
    "Table",
    "Tally",
    "Trick",
    "counted",
    "marks_of",
    "no_marks",
    "sorted_hand",
    "table_of",
]

Facts = tuple[tuple[str, str], ...]
"""(label, text) pairs, drawn "label: text" (a seat's) or "label text" (the centre's); a
fact whose text is empty is drawn as its label alone ("gone out")."""


def counted(n: object, noun: str) -> str:
    """``n`` things as a person says it: ``1 trick``, ``0 tricks``, ``3/2 points``."""
    return f"{n} {noun}" if str(n) == "1" else f"{n} {noun}s"


@frozen(cache_hash=True)
class Place:
    """Cards at one place, as the viewer sees them."""

    label: str
    known: tuple[Card, ...] = ()
    hidden: int = 0
    slots: tuple[str | None, ...] | None = None
    value: str | None = None
    owner: str | None = None
    stack: bool = False
    """Drawn as a stack with its count (taken cards, a stock), not card by card."""
    zone: str | None = None
    """The zone this place shows (``hand:2``), when it shows one zone whole."""
    side: str | None = None
    """The side whose taken cards these are."""
    laid_by: tuple[str, ...] = ()
    """Who laid each ``known`` card, in the same order, where the table remembers it (a
    pile's cards); empty when it does not."""


@frozen(cache_hash=True)
class Seat:
    """One seat round the table: its name, its places (the hand first) and its facts."""

    name: str
    seat: int | None
    places: tuple[Place, ...] = ()
    facts: Facts = ()
    own: bool = False
    """Whether this is the viewer's own seat (drawn at the bottom)."""


@frozen
class Laid:
    """A card laid by a player."""

    by: str
    card: Card


@frozen
class Trick:
    """A trick: each card with who laid it, in order, and who took it once it is over."""

    cards: tuple[Laid, ...]
    winner: str | None = None
    number: int | None = None
    """Which trick of the deal it is (the first is 1)."""


@frozen
class Slot:
    """One player's slot on one battlefield."""

    player: str
    known: tuple[Card, ...] = ()
    hidden: int = 0
    status: str = "open"
    """``open``, ``placed`` or ``forfeit``."""
    rank: str | None = None
    """The placement's rank name (``pair``, ``run``), once placed."""


@frozen
class Field:
    """A battlefield: its house and every player's slot on it."""

    house: str
    slots: tuple[Slot, ...]
    leading: tuple[str, ...] = ()


@frozen
class Tally:
    """A running count by side (tricks, sweeps, deals won): ``by`` each side's figure;
    ``each`` names one more of it (``sweep``), news when it grows, or is empty."""

    name: str
    by: Facts
    each: str = ""
    score: bool = False
    """Whether this is the game's score, said when a deal or round is over."""


@frozen
class Table:
    """The whole table as one viewer sees it."""

    viewer: str
    seats: tuple[Seat, ...]
    trick: Trick | None = None
    last_trick: Trick | None = None
    piles: tuple[Place, ...] = ()
    fields: tuple[Field, ...] = ()
    facts: Facts = ()
    scores: Facts = ()
    turn: tuple[str, ...] = ()
    clockwise: bool = True
    """Whether the seats are numbered clockwise round the table (from the viewer's seat at
    the bottom: left, across, right); counter-clockwise otherwise."""
    sides: tuple[str, ...] = ()
    """The sides that take cards, in side order (``won:0`` is the first): the teams, or
    the players."""
    tallies: tuple[Tally, ...] = ()
    round: int | None = None
    """The deal or round under way (the first is 1), where a game has several."""
    round_word: str = "round"
    """What the table calls one: ``deal`` or ``round``."""
    rounds_over: int = 0
    """How many deals or rounds are over."""
    claims: tuple[str, ...] = ()
    """The open claims on face-down cards, in the table's words."""


@frozen
class Marks:
    """What news is read from in everyone's table (``replay.export``'s "trick to Anna",
    "sweep for Bo & Dina"): its ``last_trick`` and its ``counted`` tallies (those with an
    ``each`` word), in order. A game's ``marks(state)`` (``RuleSet.marks``) gives them
    without building the zones, equal to ``marks_of(view(state, None).table)``."""

    last_trick: Trick | None = None
    counted: tuple[Tally, ...] = ()


def marks_of(table: Table | None) -> Marks | None:
    """``table``'s marks (``None`` for no table)."""
    if table is None:
        return None
    return Marks(table.last_trick, tuple(t for t in table.tallies if t.each))


_NO_MARKS = Marks()


def no_marks(state: object) -> Marks:
    """The marks of a game whose table has no last trick and no counted tally."""
    return _NO_MARKS


_RANKS = {
    r: i for i, r in enumerate(["2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A"])
}
_TAROT = {
    r: i
    for i, r in enumerate(["A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "P", "Kn", "Q", "K"])
}
_SUITS = {s: i for i, s in enumerate(["S", "H", "C", "D", "Sw", "St", "Cu", "Co", "T"])}


def sorted_hand(cards: Iterable[Card]) -> tuple[Card, ...]:
    """``cards`` sorted by suit (♠ ♥ ♣ ♦, alternating colours), then by rank."""

    def key(card: Card) -> tuple[int, int, str]:
        suit = _SUITS.get(card.suit, len(_SUITS))
        rank = _RANKS.get(card.rank, _TAROT.get(card.rank, -1))
        if rank < 0 and card.rank.isdigit():
            rank = int(card.rank)
        return suit, rank, card.text

    return tuple(sorted(cards, key=key))


COMMON = {
    "hand": "hand",
    "stock": "stock",
    "pile": "pile",
    "out": "out of play",
    "discard": "discard",
    "won": "taken",
}
"""The table's words for the zones most games have; a game's ``labels`` add to them."""


_PLACES: ByValue[Place] = ByValue(1 << 12)
"""The places ``table_of`` made, by what they are made of: most of a table is as it was at
the last event (a hand not played from, a stock not drawn from), and a table is made per
event and viewer. Likewise its seats (``_SEATS``)."""
_SEATS: ByValue[Seat] = ByValue(1 << 12)


def _place(
    label: str,
    zone: ZoneView,
    sort: bool,
    stack: bool = False,
    side: str | None = None,
    laid: LaidBy | None = None,
) -> Place:
    """The place showing ``zone`` (its cards sorted as a hand's if ``sort``), saying who
    laid each of its cards if ``laid`` names its zone (``_laid_by``)."""
    cards, hidden, slots, name = zone.cards, zone.hidden, zone.slots, zone.name
    layers = laid[1] if laid is not None and laid[0] == name else None
    key = ("place", label, name, cards, hidden, type(hidden), slots, sort, stack, side, layers)
    try:
        found = _PLACES.get(key)
    except TypeError:  # a part that cannot be hashed: made every time, as ``made`` does
        found = None
    if found is not None:
        return found

    def make() -> Place:
        known = sorted_hand(cards) if sort else cards
        made = Place(label, known, hidden, slots, stack=stack, zone=name, side=side)
        return made if layers is None else _laid_by(made, name, layers)

    return _PLACES.made(key, make)


def _seat(name: str, seat: int, places: tuple[Place, ...], facts: Facts, own: bool) -> Seat:
    """The seat of these values. Its places are the very objects ``_place`` remembered, so
    they are named by identity: the seat kept holds them, so no identity is reused while
    it is kept. Facts that are not all text are not remembered (``1 == True``)."""
    if facts and not all(type(part) is str for fact in facts for part in fact):
        return Seat(name, seat, places, facts, own=own)
    key = ("seat", name, seat, tuple(map(id, places)), facts, own)
    found = _SEATS.get(key)
    if found is not None:
        return found
    return _SEATS.made(key, lambda: Seat(name, seat, places, facts, own=own))


def table_of(
    view: View,
    players: Sequence[str],
    *,
    labels: Mapping[str, str],
    sides: Sequence[str] = (),
    seat_facts: Callable[[int], Facts] | None = None,
    skip: Callable[[str], bool] | None = None,
    piles: Sequence[Place] = (),
    laid: LaidBy | None = None,
    **centre: object,
) -> Table:
    """The table of ``view``: each seat's zones (``KIND:SEAT``, labelled by ``labels[KIND]``,
    a hand sorted by suit) round the table in seat order, the ``won:SIDE`` piles named by
    ``sides``, and the other zones in the centre after ``piles``; a zone ``skip`` names is
    left to the game (drawn another way), one with no label is not drawn. ``laid``: a
    zone and who laid each of its cards (bottom first, ``""`` for nobody), written on the
    place showing that zone when they match its cards one to one."""
    labels = {**COMMON, **labels}
    places: dict[int, list[Place]] = {seat: [] for seat in range(len(players))}
    middle: list[Place] = list(piles)
    for zone in view.zones:
        if skip is not None and skip(zone.name):
            continue
        kind, _, owner = zone.name.partition(":")
        if kind == "won" and owner.isdigit() and int(owner) < len(sides):
            label = f"{labels.get(kind, 'won')} · {sides[int(owner)]}"
            middle.append(_place(label, zone, False, stack=True, side=sides[int(owner)]))
        elif owner.isdigit() and int(owner) in places and kind in labels:
            places[int(owner)].append(_place(labels[kind], zone, kind == "hand"))
        elif not owner and kind in labels:
            middle.append(_place(labels[kind], zone, False, stack=kind == "stock", laid=laid))
    seats = tuple(
        _seat(
            name,
            seat,
            tuple(places[seat]),
            seat_facts(seat) if seat_facts is not None else (),
            seat == view.seat,
        )
        for seat, name in enumerate(players)
    )
    viewer = "everyone" if view.seat is None else players[view.seat]
    return Table(
        viewer,
        seats,
        piles=tuple(middle),
        sides=tuple(sides) or tuple(players),
        **centre,  # type: ignore[arg-type]
    )


LaidBy = tuple[str, tuple[str, ...]]
"""A zone and who laid each of its cards (``table_of``'s ``laid``)."""


def _laid_by(place: Place, zone: str, layers: Sequence[str]) -> Place:
    """``place`` saying who laid each of its cards if it shows ``zone`` and ``layers`` match
    its cards one to one."""
    if place.zone != zone or len(layers) != len(place.known) or place.hidden:
        return place
    return attrs.evolve(place, laid_by=tuple(layers))
