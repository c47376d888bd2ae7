"""The table every game's state is built on, written once.

A game's ``State`` is a frozen attrs value that subclasses ``TableState[Options]``: its
first field is the ``Table``, what stays the same for the whole game (the players by
seat, the typed options, the first dealer, every card, the seating). The game says which
zones it has (``zone_map``) and how the table speaks of each (``places``, ``DECK_NAME``);
the rest is here, for every game alike:

* ``player(state, seat)``: the name of the player at a seat ("nobody", "seat 7");
* ``pool(state)``: the cards no zone holds as known, what a face-down card may still be
  (``pool_view`` shares one remembered copy the caller must not change);
* ``where(state, card)``: where a card is known to be, as the end of a sentence ("it is
  already known to be in Bo's hand"), for the refusals of ``rules.binding``;
* ``evolve(state, **changes)``: the state with some fields changed, without
  ``attrs.evolve``'s lookups on every call (a fold makes several states per event).

A refusal is ``IllegalEvent(event, "a sentence naming the rule")`` (``rules.errors``).

    >>> table = Table(("Anna", "Bo", "Cai"), options=None, dealer=2)
    >>> table.n, player_name(table, 1), player_name(table, None), player_name(table, 5)
    (3, 'Bo', 'nobody', 'seat 5')
"""

from __future__ import annotations

import operator
from collections import Counter
from collections.abc import Callable, Mapping
from functools import cached_property, lru_cache
from typing import Any, ClassVar, Generic, TypeVar

import attrs

from tablelog.rules.binding import Locator, in_hand
from tablelog.rules.cards import Card
from tablelog.rules.frozen import frozen
from tablelog.rules.memo import per_state
from tablelog.rules.seating import Seating
from tablelog.rules.zones import Zone, unaccounted

__all__ = [
    "Table",
    "TableState",
    "each_seat",
    "each_side",
    "evolve",
    "hands_of",
    "player",
    "player_name",
    "pool",
    "pool_view",
    "table_deck",
    "table_zones",
    "where",
]

OptionsT = TypeVar("OptionsT")
S = TypeVar("S", bound="TableState[Any]")
H = TypeVar("H")
A = TypeVar("A", bound=attrs.AttrsInstance)


def _seating(table: Table[Any]) -> Seating:
    return Seating(len(table.players))


@frozen(cache_hash=True)
class Table(Generic[OptionsT]):
    """What stays the same for a whole game: the players by seat, the game's typed options,
    the (first) dealer, every card of the game and the seating (plain seats, play going
    clockwise, unless the game says otherwise). The deck and the seating follow from the
    options, so they take no part in equality."""

    players: tuple[str, ...]
    options: OptionsT
    dealer: int = 0
    deck: tuple[Card, ...] = attrs.field(default=(), eq=False, repr=False)
    seating: Seating = attrs.field(
        default=attrs.Factory(_seating, takes_self=True), eq=False, repr=False
    )

    @cached_property
    def n(self) -> int:
        """How many players (asked on every move of every game: made once per table)."""
        return len(self.players)

    @cached_property
    def counts(self) -> Counter[Card]:
        """Every card of the game with its number of copies (several decks: more than one)."""
        return Counter(self.deck)

    @property
    def sides(self) -> int:
        """How many sides score (partners share one)."""
        return self.seating.sides

    def side(self, seat: int) -> int:
        """The side a seat scores for (its own seat number without partners)."""
        return self.seating.side(seat)

    def partner(self, seat: int) -> int:
        """The partner of ``seat`` (only a game with partners asks)."""
        partner = self.seating.partner(seat)
        assert partner is not None, "only a game with partners has partners"
        return partner

    def side_label(self, side: int) -> str:
        """A side's name: the player, or ``"Anna & Cai"`` for partners."""
        return self.seating.side_label(self.players, side)


def hands_of(table: Table[Any]) -> dict[str, str]:
    """The phrase for a card in each player's hand (``hand:S``), to start ``places`` with."""
    return each_seat(table, "hand", in_hand)


def each_seat(table: Table[Any], kind: str, phrase: Callable[[str], str]) -> dict[str, str]:
    """The phrase for a card in each seat's ``KIND:S`` zone, made from the player's name."""
    return {f"{kind}:{seat}": phrase(name) for seat, name in enumerate(table.players)}


def each_side(table: Table[Any], kind: str, phrase: Callable[[str], str]) -> dict[str, str]:
    """The phrase for a card in each side's ``KIND:S`` zone, made from the side's name
    (the player, or ``"Anna & Cai"`` for partners)."""
    return {f"{kind}:{side}": phrase(table.side_label(side)) for side in range(table.sides)}


def player_name(table: Table[Any], seat: int | None) -> str:
    """The name of the player at ``seat``: ``nobody`` for ``None``, ``seat N`` for a seat
    that is not at this table."""
    if seat is not None and 0 <= seat < len(table.players):
        return table.players[seat]
    return "nobody" if seat is None else f"seat {seat}"


@frozen
class TableState(Generic[OptionsT]):
    """The base of every game's state: the table, and what a state says about its zones.

    A game's state subclasses it (``class State(TableState[Options])``), adds its own
    fields after ``table``, and gives ``zone_map`` (every zone by name), ``places`` (the
    phrase for a card in each zone that may be named) and ``DECK_NAME``.
    """

    table: Table[OptionsT]

    DECK_NAME: ClassVar[str] = "this game's deck"
    """Finishes "it is not in ..." when a card named is in no deck of the game."""

    @property
    def players(self) -> tuple[str, ...]:
        """The players' names by seat."""
        return self.table.players

    @property
    def options(self) -> OptionsT:
        """The game's typed options."""
        return self.table.options

    def zone_map(self) -> dict[str, Zone]:
        """Every zone by name (a fresh dict): what conservation counts, what binds cards."""
        raise NotImplementedError(f"{type(self).__name__} must say which zones it has")

    @staticmethod
    def places(table: Table[Any]) -> Mapping[str, str]:
        """How the table speaks of a card in each zone that may be named, by zone name
        (``rules.binding``: ``in_hand``, ``lies_on``, ``taken_by``); first match wins."""
        return {}


def player(state: TableState[Any], seat: int | None) -> str:
    """The name of the player at ``seat`` (see ``player_name``)."""
    return player_name(state.table, seat)


@per_state(maxsize=16)
def pool_view(state: TableState[Any]) -> Counter[Card]:
    """The cards no zone holds as known, with their counts: what a face-down card may be.
    Remembered per state and shared: the caller must not change it."""
    return unaccounted(state.table.deck, state.zone_map().values())


def pool(state: TableState[Any]) -> Counter[Card]:
    """The same counts as ``pool_view``, a fresh copy the caller may change."""
    return Counter(pool_view(state))


@lru_cache(maxsize=64)
def _locator(
    places: Callable[[Table[Any]], Mapping[str, str]], deck_name: str, table: Table[Any]
) -> Locator:
    return Locator(places(table), deck_name)


def where(state: TableState[Any], card: Card) -> str:
    """Where ``card`` is known to be, as the end of a sentence ("it lies on the pile")."""
    locator = _locator(state.places, state.DECK_NAME, state.table)
    return locator.where(card, state.zone_map(), state.table.counts)


def table_zones(state: object) -> Mapping[str, Zone]:
    """Every zone of a state built on ``TableState`` (``RuleSet.zones``'s default)."""
    if not isinstance(state, TableState):
        raise TypeError(f"{type(state).__name__} is no TableState: give the RuleSet its zones")
    return state.zone_map()


def table_deck(start: Callable[[H], object], header: H) -> tuple[Card, ...]:
    """Every card of the table ``start(header)`` lays (``RuleSet.deck``'s default)."""
    state = start(header)
    if not isinstance(state, TableState):
        raise TypeError(f"{type(state).__name__} is no TableState: give the RuleSet its deck")
    return state.table.deck


_FIELDS: dict[type, tuple[dict[str, int], Callable[[Any], tuple[Any, ...]]]] = {}
"""Per state class, looked up once: each field's position, and a reader of every field in
one C call (``operator.attrgetter``)."""

_HASH_CACHE = "_attrs_cached_hash"
"""Where attrs keeps the hash of a ``cache_hash`` instance; a copy must forget it."""


@attrs.frozen
class _Copier:
    """How ``evolve`` copies an instance of one class by its ``__dict__`` (one C call for
    every field kept): the names of its fields, and those a slotted base keeps in slots
    (``TableState.table``) with their slot descriptors."""

    names: frozenset[str]
    slotted: frozenset[str]
    slots: tuple[Any, ...]


_COPIERS: dict[type, _Copier | None] = {}


def _copier(kind: type) -> _Copier | None:
    """A ``_Copier`` for ``kind``, or ``None`` when copying its ``__dict__`` would not be
    what its ``__init__`` makes: no ``__dict__`` (a slotted class), a hash cached in a
    slot, or an ``__init__`` that does more than store its arguments (validators,
    converters, pre- or post-init, fields left out of it), or a ``cached_property``,
    whose answer for the old state would be copied into the new one's ``__dict__``."""
    fields = attrs.fields(kind)
    in_slots = {name for c in kind.__mro__ for name in c.__dict__.get("__slots__", ())}
    plain = (
        kind.__dictoffset__ != 0
        and _HASH_CACHE not in in_slots
        and not hasattr(kind, "__attrs_post_init__")
        and not hasattr(kind, "__attrs_pre_init__")
        and all(f.init and f.validator is None and f.converter is None for f in fields)
        and not any(
            isinstance(member, cached_property) for c in kind.__mro__ for member in vars(c).values()
        )
    )
    copier = None
    if plain:
        slotted = tuple(f.name for f in fields if f.name in in_slots)
        slots = tuple(_slot(kind, name) for name in slotted)
        copier = _Copier(frozenset(f.name for f in fields), frozenset(slotted), slots)
    _COPIERS[kind] = copier
    return copier


def _slot(kind: type, name: str) -> Any:
    """The slot descriptor of field ``name`` in ``kind``'s bases."""
    for c in kind.__mro__:
        if name in c.__dict__.get("__slots__", ()):
            return c.__dict__[name]
    raise AssertionError(name)  # pragma: no cover - only asked for slotted names


def evolve(state: A, **changes: Any) -> A:
    """``state`` with ``changes`` (as ``attrs.evolve``, without its per-call field lookups:
    this is the hot path of every fold). A name that is no field is a ``TypeError``. Any
    attrs class whose fields are all ``__init__`` arguments in order will do (a game's
    state, its turn, a war): one with an ``init=False`` field is refused by its
    constructor.

    A class whose instances keep their fields in a ``__dict__`` (``slots=False``) and
    whose ``__init__`` only stores them is copied by its ``__dict__`` (``_Copier``), the
    changed fields replaced and the cached hash forgotten: several times cheaper than
    calling ``__init__`` with every field for a state of many fields."""
    kind = type(state)
    copier = _COPIERS[kind] if kind in _COPIERS else _copier(kind)
    keys = changes.keys()
    if copier is not None and copier.names >= keys and not copier.slotted & keys:
        new = object.__new__(kind)
        into = new.__dict__
        into.update(state.__dict__)
        into.update(changes)
        if _HASH_CACHE in into:
            into[_HASH_CACHE] = None
        for slot in copier.slots:
            slot.__set__(new, slot.__get__(state))
        return new
    known = _FIELDS.get(kind)
    if known is None:
        names = tuple(f.name for f in attrs.fields(kind))
        known = _FIELDS[kind] = ({n: i for i, n in enumerate(names)}, operator.attrgetter(*names))
    index, read = known
    values = list(read(state)) if len(index) > 1 else [read(state)]  # one field: no tuple
    for name, value in changes.items():
        i = index.get(name)
        if i is None:
            unknown = sorted(n for n in changes if n not in index)
            raise TypeError(f"{kind.__name__} has no fields {unknown}")
        values[i] = value
    return kind(*values)
