"""The stepwise choice of a legal move, whoever draws the steps: a seat from ``to_act``,
a kind, a lead card (``rules.listing.kinds_of`` and ``cards_of``, through
``replay.kit.sample.Menu``), and a move of a bounded prefix of ``moves(state, seat, card,
kind)``. Hypothesis draws the steps in ``replay.kit.choose`` (so a failing game shrinks
towards the first option of each), a campaign's ``random.Random`` in
``replay.kit.campaign``; nothing here imports Hypothesis."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from tablelog.replay.kit.sample import CAP, menu
from tablelog.rules.events import Move
from tablelog.rules.protocol import RuleSet, S

__all__ = ["Pick", "stepwise"]

Pick = Callable[[Sequence[Any]], Any]
"""One of the options given (never asked of an empty sequence)."""


def stepwise(
    pick: Pick, rules: RuleSet[S], state: S, cap: int = CAP, scan: bool = False
) -> Move | None:
    """A legal move of ``state`` (seat → kind → lead card → move, each step ``pick``ed),
    or ``None`` when no seat is to act or the picked seat has no move (the closure check
    reports that). ``scan``: the seat's menu is read from the state's whole listing
    (``replay.kit.sample.menu``)."""
    seats = rules.to_act(state)
    if not seats:
        return None
    seat_menu = menu(rules, state, pick(seats), cap, scan)
    kinds = seat_menu.kinds()
    if not kinds:
        return None
    kind = pick(kinds)
    cards = seat_menu.cards(kind)
    if not cards:
        return None
    choices = seat_menu.choices(kind, pick(cards))
    move: Move | None = pick(choices) if choices else None
    return move
