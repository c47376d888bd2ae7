"""Events and moves, payload types named per rule set, and the payloads every game shares.

An ``Event`` is one line of a game's log: its ``seq`` (1, 2, 3... per game), its ``actor``
(a seat number, or ``None`` for the table or the dealer) and a typed payload. The payload's
class decides the event's ``type``.

A payload class registers *itself*: the ``@payload`` decorator writes its type name,
version, family, upcasters and legacy names onto the class as class variables. There is
no global table. A rule set lists its own payload classes (``RuleSet.payloads``) and the
codec for a game is made from the shared payloads plus that list, so two games may both
have a class called ``Play`` without ever meeting. A game's own types are namespaced by
the game (``nordekasino.capture``); only what every game shares is not:

* chance: ``deal`` (cards to seats or zones, some face up, some of unknown identity);
* meta: ``note`` (a comment, no effect) and ``undo`` (retracts the most recent
  still-effective event; the fold in ``replay/`` handles both, rules never see them);
  ``irregularity`` (what went wrong at the table: a card exposed, a misdeal, a revoke or
  another move against the rules noticed late; no effect) and ``ruling`` (what the table
  decided: let it stand, with the penalty the game's rules give; replay from an event,
  taking back the events after it like undos; redeal, taking back the deal and everything
  after it), applied by the same fold.

``aliases`` are the names a type was stored under before (``capture`` before
``nordekasino.capture``): old logs are read through them and never rewritten, so their
bytes and hashes stay what they were. The ledger assigns ids and timestamps; ``rules/``
never makes them.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from typing import Any, ClassVar, Protocol, TypeVar, dataclass_transform

import attrs

from tablelog.rules.cards import Card
from tablelog.rules.frozen import frozen

__all__ = [
    "FAMILIES",
    "IRREGULARITIES",
    "RULINGS",
    "SHARED_PAYLOADS",
    "Deal",
    "Dealt",
    "Event",
    "EventType",
    "Irregularity",
    "Move",
    "Note",
    "Payload",
    "Ruling",
    "Undo",
    "chance_payload",
    "kind_of",
    "move_payload",
    "payload",
    "type_table",
]

Upcaster = Callable[[dict[str, Any]], dict[str, Any]]

FAMILIES = ("chance", "move", "meta")

RESERVED_FIELDS = frozenset({"seq", "type", "type_version", "actor", "recorded_at", "id", "hash"})
"""Names a payload field may not take: an event's line in JSON Lines uses them."""


class Payload(Protocol):
    """What every payload class has: its type name, version, family and legacy names."""

    TYPE: ClassVar[str]
    VERSION: ClassVar[int]
    FAMILY: ClassVar[str]
    UPCASTERS: ClassVar[Mapping[int, Upcaster]]
    ALIASES: ClassVar[tuple[str, ...]]


@frozen
class EventType:
    """One name a payload class is read under: the class, its current version, upcasters.

    ``upcasters[v]`` turns the unstructured fields of version ``v`` into version ``v + 1``.
    The codec reads this shape (``cls``, ``version``, ``upcasters``).
    """

    name: str
    cls: type
    version: int
    family: str
    upcasters: Mapping[int, Upcaster] = attrs.field(factory=dict)


T = TypeVar("T")


@dataclass_transform(frozen_default=True, field_specifiers=(attrs.field,))
def payload(
    name: str,
    *,
    family: str,
    version: int = 1,
    upcasters: Mapping[int, Upcaster] | None = None,
    aliases: Iterable[str] = (),
) -> Callable[[type[T]], type[T]]:
    """Make a class a payload type called ``name`` (a class decorator): a frozen attrs
    class of its annotated fields (``attrs.frozen``, unless it is one already).

    A game's own types are named ``game.kind`` (``nordekasino.capture``); ``aliases`` are
    older names its events were stored under, read and never rewritten. A game's moves
    and chance steps say it with ``move_payload`` and ``chance_payload``.
    """
    if family not in FAMILIES:
        raise ValueError(f"family must be chance, move or meta, not {family!r}")

    def register(cls: type[T]) -> type[T]:
        if "__attrs_attrs__" not in cls.__dict__:
            cls = frozen(cls)
        clash = RESERVED_FIELDS & {f.name for f in attrs.fields(cls)}  # type: ignore[arg-type]
        if clash:
            raise ValueError(f"payload field names {sorted(clash)} are reserved for the envelope")
        cls.TYPE = name  # type: ignore[attr-defined]
        cls.VERSION = version  # type: ignore[attr-defined]
        cls.FAMILY = family  # type: ignore[attr-defined]
        cls.UPCASTERS = dict(upcasters or {})  # type: ignore[attr-defined]
        cls.ALIASES = tuple(aliases)  # type: ignore[attr-defined]
        return cls

    return register


@dataclass_transform(frozen_default=True, field_specifiers=(attrs.field,))
def move_payload(
    name: str, *, version: int = 1, aliases: Iterable[str] = ()
) -> Callable[[type[T]], type[T]]:
    """``payload(name, family="move")``: a kind of move, what a player decides."""
    return payload(name, family="move", version=version, aliases=aliases)


@dataclass_transform(frozen_default=True, field_specifiers=(attrs.field,))
def chance_payload(
    name: str, *, version: int = 1, aliases: Iterable[str] = ()
) -> Callable[[type[T]], type[T]]:
    """``payload(name, family="chance")``: what a chance step turned out to be."""
    return payload(name, family="chance", version=version, aliases=aliases)


def kind_of(type_name: str) -> str:
    """A type name without its game: ``nordekasino.capture`` → ``capture``."""
    return type_name.rpartition(".")[2]


def type_table(classes: Iterable[type]) -> dict[str, EventType]:
    """Every name (current and legacy) the given payload classes are read under.

    Raises ``ValueError`` when two classes claim one name: within one game's codec a name
    means one class.
    """
    table: dict[str, EventType] = {}
    for cls in classes:
        names = (cls.TYPE, *cls.ALIASES)  # type: ignore[attr-defined]
        for name in names:
            known = table.get(name)
            if known is not None and known.cls is not cls:
                raise ValueError(
                    f"event type {name!r} is claimed by both {known.cls.__qualname__} "
                    f"and {cls.__qualname__}"
                )
            table[name] = EventType(name, cls, cls.VERSION, cls.FAMILY, cls.UPCASTERS)  # type: ignore[attr-defined]
    return table


class _Typed:
    """What a move and an event say of their payload's type."""

    __slots__ = ()
    payload: Any

    @property
    def type(self) -> str:
        """The payload's type name."""
        return str(self.payload.TYPE)

    @property
    def kind(self) -> str:
        """The type name without its game (``capture``)."""
        return kind_of(self.payload.TYPE)


@frozen
class Move(_Typed):
    """A decision (or chance outcome) not yet in the log: who does it, and what."""

    actor: int | None
    payload: Any


@frozen
class Event(_Typed):
    """One event of a game's log. ``id`` and ``recorded_at`` come from the ledger."""

    seq: int
    actor: int | None
    payload: Any
    recorded_at: str | None = attrs.field(default=None, eq=False)
    id: str | None = attrs.field(default=None, eq=False)

    @property
    def family(self) -> str:
        """``chance``, ``move`` or ``meta``."""
        return str(self.payload.FAMILY)

    @property
    def move(self) -> Move:
        """The event without its place in the log."""
        return Move(self.actor, self.payload)


@frozen
class Dealt:
    """One dealt card: where it went (a seat number as text, or a zone name), what it is
    (``None`` when nobody entered its identity) and whether it was dealt face up."""

    to: str
    card: Card | None
    up: bool = False


@chance_payload("deal")
class Deal:
    """Cards dealt out, in the order they were dealt."""

    cards: tuple[Dealt, ...]


@payload("note", family="meta")
class Note:
    """A comment in the log; it changes nothing."""

    text: str


@payload("undo", family="meta")
class Undo:
    """Retracts the most recent still-effective event (the log keeps both)."""


IRREGULARITIES = ("exposed", "misdeal", "revoke")
"""The kinds of irregularity: a card exposed (seen by someone who should not have seen it),
a misdeal (the deal went wrong), a revoke (any move against the rules noticed late)."""

RULINGS = ("stand", "replay", "redeal")
"""What the table may decide: let it stand (with the game's penalty, if any), replay from
an event, or redeal."""


@payload("irregularity", family="meta")
class Irregularity:
    """Something that went wrong at the table, by the event's actor (``None``: the table or
    the dealer): ``kind`` one of ``IRREGULARITIES``, ``at`` the event it concerns (a move
    noticed late), ``what`` in the table's words. It changes nothing by itself."""

    kind: str
    at: int | None = None
    what: str = ""


@payload("ruling", family="meta")
class Ruling:
    """What the table decided, ``decision`` one of ``RULINGS``.

    ``stand``: the game goes on as it is; ``penalty`` names the game's penalty (a penalty
    that is a move of the game, such as Nørdekasino's open hand, is entered as that move).
    ``replay``: the events after event ``since`` are taken back, like undos. ``redeal``:
    the deal event ``since`` (default: the last deal in effect) and everything after it
    are taken back, so the deal is made again. ``what`` in the table's words.
    """

    decision: str
    since: int | None = None
    penalty: str = ""
    what: str = ""


SHARED_PAYLOADS: tuple[type, ...] = (Deal, Note, Undo, Irregularity, Ruling)
"""The payloads every game shares; each rule set adds its own (``RuleSet.payloads``)."""
