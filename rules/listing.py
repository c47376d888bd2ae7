"""Asking about legal moves at the cost each question deserves.

A rule set's ``moves(state, seat, card, kind)`` yields legal moves lazily. On top of it:

* ``any_move`` stops at the first; ``count_moves`` uses the game's ``count`` if it has
  one, else counts without keeping anything;
* ``kinds_of`` and ``cards_of`` answer "what kinds of move does this seat have" and
  "which cards lead a move of this kind", from the game's fast answers when it gives
  them;
* ``grouped`` is the listing for people (kind → card → choices), filled lazily up to a
  limit so the first screen of a crowded table comes at once, with the full count
  apart.

Everything here is pure and game-neutral: it reads moves and never applies them.
"""

from __future__ import annotations

import itertools
from collections.abc import Iterable, Iterator
from typing import Any

import attrs

from tablelog.rules.cards import Card
from tablelog.rules.events import Move
from tablelog.rules.frozen import frozen
from tablelog.rules.protocol import RuleSet

__all__ = [
    "Group",
    "Listing",
    "any_move",
    "cards_of",
    "count_moves",
    "filter_moves",
    "grouped",
    "kinds_of",
    "lead_card",
    "move_cards",
]


def move_cards(move: Move) -> tuple[Card, ...]:
    """The cards a move names, in the order of its payload's fields (a field holding a
    card, or a tuple of cards)."""
    payload = move.payload
    out: list[Card] = []
    for field in attrs.fields(type(payload)):
        value = getattr(payload, field.name)
        if isinstance(value, Card):
            out.append(value)
        elif isinstance(value, tuple) and value and isinstance(value[0], Card):
            out.extend(value)
    return tuple(out)


def lead_card(move: Move) -> Card | None:
    """The first card a move names (the card played, the hand card of a capture)."""
    cards = move_cards(move)
    return cards[0] if cards else None


def filter_moves(
    moves: Iterable[Move],
    seat: int | None = None,
    card: Card | None = None,
    kind: str | None = None,
) -> Iterator[Move]:
    """The ``moves`` of ``seat``, led by ``card``, of ``kind`` (``None``: any)."""
    for move in moves:
        if seat is not None and move.actor != seat:
            continue
        if kind is not None and move.kind != kind:
            continue
        if card is not None and lead_card(move) != card:
            continue
        yield move


def any_move(
    rules: RuleSet,
    state: Any,
    seat: int | None = None,
    card: Card | None = None,
    kind: str | None = None,
) -> bool:
    """Whether there is a legal move (of ``seat``, ``card``, ``kind``): stops at the first."""
    return next(iter(rules.moves(state, seat, card, kind)), None) is not None


def count_moves(rules: RuleSet, state: Any, seat: int | None = None) -> int:
    """How many legal moves there are (the game's own count when it has one)."""
    if rules.count is not None:
        return rules.count(state, seat)
    return sum(1 for _ in rules.moves(state, seat))


def kinds_of(rules: RuleSet, state: Any, seat: int) -> tuple[str, ...]:
    """The kinds of move ``seat`` may make now, each with at least one legal move."""
    if rules.kinds is not None:
        return rules.kinds(state, seat)
    return tuple(dict.fromkeys(m.kind for m in rules.moves(state, seat)))


def cards_of(rules: RuleSet, state: Any, seat: int, kind: str) -> tuple[Card | None, ...]:
    """The cards that lead a legal move of ``kind`` by ``seat`` (``None`` for a move that
    names no card)."""
    if rules.cards is not None:
        return rules.cards(state, seat, kind)
    return tuple(dict.fromkeys(lead_card(m) for m in rules.moves(state, seat, None, kind)))


@frozen
class Group:
    """The moves of one kind led by one card (``card`` ``None``: moves naming no card)."""

    kind: str
    card: Card | None
    moves: tuple[Move, ...]


@frozen
class Listing:
    """The grouped listing: groups in the order first met, and whether it is complete
    (``False`` when it stopped at its limit; ``count_moves`` gives the whole number)."""

    groups: tuple[Group, ...]
    complete: bool

    @property
    def shown(self) -> int:
        """How many moves the listing holds."""
        return sum(len(g.moves) for g in self.groups)


def grouped(
    rules: RuleSet,
    state: Any,
    seat: int | None = None,
    card: Card | None = None,
    kind: str | None = None,
    limit: int | None = None,
) -> Listing:
    """The legal moves grouped kind → card, at most ``limit`` of them (all for ``None``)."""
    stream = iter(rules.moves(state, seat, card, kind))
    taken = list(itertools.islice(stream, limit)) if limit is not None else list(stream)
    complete = limit is None or next(iter(stream), None) is None
    groups: dict[tuple[str, Card | None], list[Move]] = {}
    for move in taken:
        groups.setdefault((move.kind, lead_card(move)), []).append(move)
    return Listing(
        tuple(Group(k, c, tuple(ms)) for (k, c), ms in groups.items()),
        complete,
    )
