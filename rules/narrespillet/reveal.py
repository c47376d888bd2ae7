"""The Hierophant's reveal: the named cards shown to everyone, and, in a physical game,
the window in which the face-down hands show theirs.

"Kortene eller kortet spilleren velger vises så frem til alle av spillerne som eventuelt
har dem på hånden." Known cards of the named kind are shown at once. While some card of
that kind is unaccounted for, every other player in the round with face-down hand cards
is asked: ``reveal CARD`` for each one they hold (bound to a face-down card, now public),
``pass`` when they hold no more.
"""

from __future__ import annotations

from typing import Any

import attrs

from tablelog.rules.narrespillet import events as ev
from tablelog.rules.narrespillet.absences import bound, refusal
from tablelog.rules.narrespillet.deck import category, category_cards, matches
from tablelog.rules.narrespillet.state import State, Step
from tablelog.rules.narrespillet.take import is_unknown, unknown
from tablelog.rules.table import evolve, where
from tablelog.rules.zones import Zone

__all__ = ["check_reveal", "hierophant", "revealed"]


def _set(items: tuple[Any, ...], i: int, value: object) -> tuple[Any, ...]:
    return (*items[:i], value, *items[i + 1 :])


def _who(state: State, seat: int | None) -> str:
    return state.players[seat] if seat is not None and 0 <= seat < state.n else "nobody"


def hierophant(state: State, who: int, choice: str) -> tuple[State, tuple[Step, ...]]:
    """The named cards every other hand holds, shown; in a physical game, the window in
    which the players with face-down cards show theirs (``reveal CARD``, then ``pass``)."""
    revealed = list(state.revealed)
    for other in range(state.n + 1):
        if other != who:
            shown = tuple(c for c in state.hands[other].cards if matches(choice, c))
            revealed[other] = tuple(dict.fromkeys((*revealed[other], *shown)))
    state = evolve(state, revealed=tuple(revealed))
    pool = unknown(state)
    if not any(c in pool for c in category_cards(choice)):
        return state, ()
    asked = tuple(
        p for p in range(state.n) if p != who and not state.finished[p] and state.hands[p].hidden
    )
    return state, ((Step("reveal", who, asked=asked, what=choice),) if asked else ())


def check_reveal(state: State, head: Step, seat: int | None, p: object) -> str | None:
    if seat not in head.asked:
        return (
            f"{_who(state, seat)} is not asked to show cards for the Hierophant (only the "
            "players with face-down cards still to answer are)"
        )
    assert seat is not None
    if isinstance(p, ev.Pass):
        return "the Demons' hand is open: they have nothing to show" if p.demons else None
    assert isinstance(p, ev.Reveal)
    if not matches(head.what, p.card):
        return f"the Hierophant named {category(head.what)}, and {p.card} is not one of them"
    if not state.hands[seat].hidden:  # shown all since the window opened
        return f"{state.players[seat]} has no face-down card left to reveal (pass)"
    if not is_unknown(state, p.card):
        return f"{state.players[seat]} cannot hold {p.card}: {where(state, p.card)}"
    return refusal(state, seat, p.card)


def revealed(
    state: State, head: Step, rest: tuple[Step, ...], seat: int | None, p: object
) -> State:
    """A card shown for the Hierophant (it stays in the hand, now public), or a player
    done showing; the window closes when nobody is left to answer."""
    assert seat is not None
    done = isinstance(p, ev.Pass)
    if isinstance(p, ev.Reveal):
        hand = state.hands[seat]
        hand = Zone((*hand.cards, p.card), hand.hidden - 1)
        shown = (*state.revealed[seat], p.card)
        state = evolve(
            bound(state, seat, p.card),
            hands=_set(state.hands, seat, hand),
            revealed=_set(state.revealed, seat, shown),
        )
        done = not hand.hidden
    asked = tuple(a for a in head.asked if a != seat) if done else head.asked
    left = any(is_unknown(state, c) for c in category_cards(head.what))
    if asked and left:
        return evolve(state, queue=(attrs.evolve(head, asked=asked), *rest))
    return evolve(state, queue=rest)
