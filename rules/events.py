"""Events and moves, the registry of payload types, and the payloads games share.

An ``Event`` is one line of a game's log: its ``seq`` (1, 2, 3... per game), its ``actor``
(a seat number, or ``None`` for the table or the dealer) and a typed payload. The payload's
class decides the event's ``type``; each payload class is registered under a unique type
name with a version, and the upcasters that turn an older version's fields into the
current ones (old events are upcast on read, never rewritten).

Families:

* chance: ``deal`` (cards to seats or zones, some face up, some of unknown identity),
  ``turn`` (the top card of the stock turned face up);
* moves: ``play`` (a card from the hand), and each game's own move types;
* meta: ``note`` (a comment, no effect) and ``undo`` (retracts the most recent
  still-effective event; the fold in ``replay/`` handles both, rules never see them).

The ledger assigns ids and timestamps; ``rules/`` never makes them.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, ClassVar, Protocol, TypeVar

import attrs

from rules.cards import Card

__all__ = [
    "EVENT_TYPES",
    "Deal",
    "Dealt",
    "Event",
    "EventType",
    "Move",
    "Note",
    "Payload",
    "Play",
    "Turn",
    "Undo",
    "event_type",
]

Upcaster = Callable[[dict[str, Any]], dict[str, Any]]


class Payload(Protocol):
    """What every payload class has: its registered type name and version."""

    TYPE: ClassVar[str]
    VERSION: ClassVar[int]


@attrs.frozen
class EventType:
    """A registered payload class: its name, current version and upcasters.

    ``upcasters[v]`` turns the unstructured fields of version ``v`` into version ``v + 1``.
    ``family`` is ``"chance"``, ``"move"`` or ``"meta"``.
    """

    name: str
    cls: type
    version: int
    family: str
    upcasters: dict[int, Upcaster] = attrs.field(factory=dict)


EVENT_TYPES: dict[str, EventType] = {}
"""Every payload type known to this process, by type name."""

RESERVED_FIELDS = frozenset({"seq", "type", "type_version", "actor", "recorded_at", "id", "hash"})
"""Names a payload field may not take: an event's line in JSON Lines uses them."""

T = TypeVar("T")


def event_type(
    name: str, *, family: str, version: int = 1, upcasters: dict[int, Upcaster] | None = None
) -> Callable[[type[T]], type[T]]:
    """Register a payload class under ``name`` (a class decorator).

    Type names are global: a third-party rule set reuses a shared type (``play``) or
    registers its own under a new name.
    """
    if family not in ("chance", "move", "meta"):
        raise ValueError(f"family must be chance, move or meta, not {family!r}")

    def register(cls: type[T]) -> type[T]:
        clash = RESERVED_FIELDS & {f.name for f in attrs.fields(cls)}  # type: ignore[arg-type]
        if clash:
            raise ValueError(f"payload field names {sorted(clash)} are reserved for the envelope")
        known = EVENT_TYPES.get(name)
        if known is not None and known.cls.__qualname__ != cls.__qualname__:
            raise ValueError(f"event type {name!r} is already registered by {known.cls!r}")
        cls.TYPE = name  # type: ignore[attr-defined]
        cls.VERSION = version  # type: ignore[attr-defined]
        EVENT_TYPES[name] = EventType(name, cls, version, family, dict(upcasters or {}))
        return cls

    return register


@attrs.frozen
class Move:
    """A decision (or chance outcome) not yet in the log: who does it, and what."""

    actor: int | None
    payload: Any

    @property
    def type(self) -> str:
        """The payload's registered type name."""
        return str(self.payload.TYPE)


@attrs.frozen
class Event:
    """One event of a game's log. ``id`` and ``recorded_at`` come from the ledger."""

    seq: int
    actor: int | None
    payload: Any
    recorded_at: str | None = attrs.field(default=None, eq=False)
    id: str | None = attrs.field(default=None, eq=False)

    @property
    def type(self) -> str:
        """The payload's registered type name."""
        return str(self.payload.TYPE)

    @property
    def family(self) -> str:
        """``chance``, ``move`` or ``meta``."""
        return EVENT_TYPES[self.type].family

    @property
    def move(self) -> Move:
        """The event without its place in the log."""
        return Move(self.actor, self.payload)


@attrs.frozen
class Dealt:
    """One dealt card: where it went (a seat number as text, or a zone name), what it is
    (``None`` when nobody entered its identity) and whether it was dealt face up."""

    to: str
    card: Card | None
    up: bool = False


@event_type("deal", family="chance")
@attrs.frozen
class Deal:
    """Cards dealt out, in the order they were dealt."""

    cards: tuple[Dealt, ...]


@event_type("turn", family="chance")
@attrs.frozen
class Turn:
    """The top card of the stock turned face up (its identity is now known to all)."""

    card: Card


@event_type("play", family="move")
@attrs.frozen
class Play:
    """A card played from the actor's hand."""

    card: Card


@event_type("note", family="meta")
@attrs.frozen
class Note:
    """A comment in the log; it changes nothing."""

    text: str


@event_type("undo", family="meta")
@attrs.frozen
class Undo:
    """Retracts the most recent still-effective event (the log keeps both)."""
