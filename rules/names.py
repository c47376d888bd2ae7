"""A move that starts with the name of the player making it (``Anna 7H``, ``Anna: 7H``).

Shared by the rule sets whose notation takes an optional leading name, and by
``named_move`` and ``event_named``, the one way a message names an event (``event 4 (Bo
7C)``: the move as ``log`` shows it, its player's name first, never twice). Names compare
case-insensitively (``casefold``: ``WEISS`` is ``Weiß``) and may hold spaces
(``Anna Berg``); the longest name that fits wins, so ``Anna Berg 7H`` is Anna Berg's
even when Anna plays too.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import lru_cache

__all__ = ["event_named", "leading_name", "named_move", "seat_named", "split_name"]


def leading_name(text: str, players: Sequence[str]) -> tuple[int | None, int]:
    """The seat of the player ``text`` starts by naming and where the name ends in
    ``text``, or ``(None, 0)``. The name must end at a space, a colon or the end of
    ``text``; the longest name that fits wins.

    Case folding goes character by character, so the folded start of ``text`` is a start
    of the folded ``text``: a text whose folded form starts with no player's folded name
    (most moves) names nobody, found without trying each of its word ends."""
    folded = text.casefold()
    named = [(seat, key) for seat, key in _folded(tuple(players)) if folded.startswith(key)]
    if not named:
        return None, 0
    ends = [j for j, char in enumerate(text) if char in " :"] + [len(text)]
    for seat, key in named:
        for end in ends:
            if text[:end].casefold() == key:
                return seat, end
    return None, 0


@lru_cache(maxsize=64)
def _folded(players: tuple[str, ...]) -> tuple[tuple[int, str], ...]:
    """Each seat with its player's folded name, the longest names first (in seat order
    among names of one length, as ``sorted`` leaves them)."""
    by_length = sorted(enumerate(players), key=lambda p: -len(p[1]))
    return tuple((seat, name.casefold()) for seat, name in by_length)


def split_name(text: str, players: Sequence[str]) -> tuple[int | None, str]:
    """The seat of the player ``text`` starts by naming and the rest of it (the name's
    colon and spaces dropped), or ``(None, text)``. The name must end at a space, a colon
    or the end of ``text``.

    >>> split_name("anna berg: 7H", ("Anna", "Anna Berg")), split_name("7H", ("Anna",))
    ((1, '7H'), (None, '7H'))
    """
    seat, end = leading_name(text, players)
    if seat is None:
        return None, text
    return seat, text[end:].lstrip(" :").strip()


def seat_named(name: str, players: Sequence[str]) -> int | None:
    """The seat of the player called ``name`` (spaces round it dropped, case-insensitive by
    casefold), or ``None``.

    >>> seat_named(" WEISS ", ("Anna", "Weiß")), seat_named("Bo", ("Anna",))
    (1, None)
    """
    key = name.strip().casefold()
    for seat, player in enumerate(players):
        if player.casefold() == key:
            return seat
    return None


def named_move(text: str, name: str | None) -> str:
    """A move as ``log`` shows it and as it may be typed: the player's name, then the
    notation (``Bo 7C``); ``text`` alone when it already starts with the name (``Anna 7H``,
    ``Anna: 7H``) or has no player (a deal): a player is never named twice.

    >>> named_move("7C", "Bo"), named_move("Bo discard T3", "bo"), named_move("deal", None)
    ('Bo 7C', 'Bo discard T3', 'deal')
    """
    if not name:
        return text
    return text if split_name(text, (name,))[0] is not None else f"{name} {text}"


def event_named(seq: int | None, label: str | None) -> str:
    """How every message names an event: ``event 4 (Bo 7C)``, with the move as
    ``named_move`` writes it; ``event 4`` when it cannot be written down, ``move`` for one
    not numbered yet.

    >>> event_named(4, "Bo 7C"), event_named(4, None), event_named(None, "Bo 7C")
    ('event 4 (Bo 7C)', 'event 4', 'move (Bo 7C)')
    """
    where = f"event {seq}" if seq else "move"
    return f"{where} ({label})" if label else where
