"""Who laid each card of a pile, kept beside the pile through the events that change it.

A game whose pile is one row of face-up cards (Vriddiot's, Speahx's) keeps ``pile_by``,
each card's layer by seat, bottom first, so that its view can say who laid each card.
``laid_by`` works it out from the pile before and after an event and who made it: cards
added on top were laid by the event's actor (``-1``: the table, a card turned from the
stock); a pile cut down keeps its layers below; anything else (a pile rebuilt) is not
known (``-1``).
"""

from __future__ import annotations

from collections.abc import Sequence

from tablelog.rules.cards import Card

__all__ = ["TABLE", "laid_by", "laid_on"]

TABLE = -1
"""The layer of a card nobody laid (turned from the stock), or one not known."""


def laid_by(
    before: Sequence[Card], after: Sequence[Card], by: tuple[int, ...], actor: int | None
) -> tuple[int, ...]:
    """Each card of the pile ``after`` with who laid it, from the pile ``before`` (whose
    layers are ``by``) and the event's ``actor``."""
    old, new = len(before), len(after)
    if new >= old and tuple(after[:old]) == tuple(before):
        return laid_on(by, old, TABLE if actor is None else actor, new - old)
    if len(by) != old:
        by = (TABLE,) * old
    if new < old and tuple(before[:new]) == tuple(after):
        return by[:new]
    return (TABLE,) * new


def laid_on(by: tuple[int, ...], under: int, layer: int, count: int) -> tuple[int, ...]:
    """The layers of a pile of ``under`` cards (``by``, unknown ones if they do not match
    it) once ``count`` cards were laid on top by ``layer``."""
    if len(by) != under:
        by = (TABLE,) * under
    return by + (layer,) * count
