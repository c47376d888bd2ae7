"""The whole listing of a Nørdekasino state with face-down cards or claims, remembered.

A face-down hand may play any of some 40 cards, so such a state's listing is long, and
the invariant kit lists each state beside its playout, whose fold makes an equal state of
its own. ``moves.moves`` therefore remembers the whole listing (no filter) of such a
state once it is walked to its end (``remembering``), with its turn (``turn.remember``,
shared by equal states), and reads a filtered listing and ``kinds`` from it (``filtered``:
the same moves in the same order as the lazy listing with those filters). A state with
every card known and no claim is listed again when asked: that is cheap.
"""

from __future__ import annotations

from collections.abc import Iterator

from tablelog.rules.cards import Card
from tablelog.rules.events import Move
from tablelog.rules.nordekasino.events import Adams, Build, Capture, OpenHand, Reveal, Trail
from tablelog.rules.nordekasino.state import State
from tablelog.rules.nordekasino.turn import recalled, remember

__all__ = ["KIND_OF", "filtered", "kept", "remembered", "remembering"]

KIND_OF = {Adams: "adams", Capture: "capture", Build: "build", Trail: "trail"}
KIND_OF.update({Reveal: "reveal", OpenHand: "open_hand"})
"""Each move payload's kind, as ``moves`` names the kinds."""


def kept(state: State) -> bool:
    """Whether ``state``'s whole listing is remembered once made (face-down cards or
    claims)."""
    return bool(state.claims) or any(hand.hidden for hand in state.hands)


def remembered(state: State) -> tuple[Move, ...] | None:
    """The whole listing of ``state`` if it is remembered, else ``None``."""
    if state.to_play is None or not kept(state):
        return None
    return recalled(_whole, state, state.to_play)


def remembering(state: State, listing: Iterator[Move]) -> Iterator[Move]:
    """``listing`` (the lazy whole listing of ``state``), remembered once walked to its end."""
    assert state.to_play is not None
    made = []
    for move in listing:
        made.append(move)
        yield move
    remember(_whole, state, state.to_play, tuple(made))


def _whole(state: State, on_turn: int) -> tuple[Move, ...]:
    """The key the whole listing is remembered by; only ``remembering`` gives it."""
    raise NotImplementedError("the whole listing is remembered by remembering(), not asked")


def filtered(
    listed: tuple[Move, ...], seat: int | None, card: Card | None, kind: str | None
) -> tuple[Move, ...]:
    """The moves of the whole listing ``listed`` by ``seat``, led by ``card``, of ``kind``
    (``None``: any), in its order: what the lazy listing yields with those filters (each
    kind comes in the whole listing's order, a card's moves within it in key order)."""
    return tuple(
        move
        for move in listed
        if seat in (None, move.actor)
        and (kind is None or KIND_OF[type(move.payload)] == kind)
        and (card is None or getattr(move.payload, "card", None) is card)
    )
