"""The listing of the participant on turn, made flat: most of Narrespillet's listings.

``turn_listing(state, who)`` is ``moves(state)`` while ``who`` is on turn, no window is
open and no hand holds a face-down card (so no ``show`` is listed): the turn's kinds in
``moves.KINDS`` order, each made by the generator the full listing uses (``candidates``
for placements and picture plays), without the generic loop's filters and dispatch. The
moves that recur turn after turn (a discard, a forfeit, a pass, a Hermit turn, a Chariot
load, an unload, a lift), and the placements and picture plays (``candidates.place_moves``,
``picture_moves``), are made once per seat and payload and shared.
``moves`` lists a turn with it, so ``tests/rules/test_narrespillet_built.py``, which holds
``moves`` to the check of every full candidate in order, holds this listing too; the
listing digests (``benchmarks/listing_digest.py``) are the same as before it.
"""

from __future__ import annotations

import functools

from tablelog.rules.cards import Card
from tablelog.rules.events import Move
from tablelog.rules.narrespillet import events as ev
from tablelog.rules.narrespillet.candidates import place_parts
from tablelog.rules.narrespillet.checks import check_turn
from tablelog.rules.narrespillet.deck import DECK, HOUSES
from tablelog.rules.narrespillet.indexed import Combos, Mapped, Parts, flat
from tablelog.rules.narrespillet.plays import picture_parts
from tablelog.rules.narrespillet.state import MALDERIA, OPEN, State
from tablelog.rules.narrespillet.take import available, in_deck_order

__all__ = ["discard_move", "forfeit_move", "turn_listing", "turn_parts"]


@functools.cache
def discard_move(seat: int, card: Card) -> Move:
    """A discard (made once per seat and card: most turns list the hand's discards)."""
    return Move(seat, ev.Discard(card))


@functools.cache
def forfeit_move(seat: int, house: str) -> Move:
    """A forfeit (made once per seat and battlefield)."""
    return Move(seat, ev.Forfeit(house))


@functools.cache
def _discards(seat: int) -> dict[Card, Move]:
    """Each card's discard by ``seat`` (``discard_move``'s moves, looked up by card)."""
    return {card: discard_move(seat, card) for card in DECK}


@functools.cache
def _forfeits(seat: int) -> tuple[Move, ...]:
    """Each battlefield's forfeit by ``seat``, in ``HOUSES`` order (``forfeit_move``'s)."""
    return tuple(forfeit_move(seat, house) for house in HOUSES)


def _load(seat: int, _: object, cards: tuple[Card, ...]) -> Move:
    """A Chariot load, made when read (``indexed.Combos``), not remembered: a memory of
    them (unbounded) kept some 9,000 moves per 100 random games, and dropping it with the
    Chariot's plays' memory made random play faster (kept moves cost the garbage collector
    more than making them)."""
    return Move(seat, ev.Load(cards))


@functools.cache
def _plain(seat: int, payload: object) -> Move:
    """A move whose payload is one of a few values (a pass, a Hermit turn, an unload, a
    lift, an exorcism), made once per seat."""
    return Move(seat, payload)


_PASS = (ev.Pass(False), ev.Pass(True))
_HERMIT = (ev.Hermit(False), ev.Hermit(True))
_UNLOAD, _LIFT, _EXORCISE = ev.Unload(), ev.Lift(), ev.Exorcise()


def turn_listing(state: State, who: int) -> list[Move]:
    """Every legal move while ``who`` is on turn, no window open and every hand known (see
    the module's text), in ``moves``' order."""
    return flat(turn_parts(state, who))


def turn_parts(state: State, who: int) -> Parts:
    """``turn_listing`` in parts (``indexed``: ``Indexed(turn_parts(...))`` is the
    playout's listing, its moves made when read)."""
    n = state.n
    demons = state.demons
    s = demons if who == n else who
    out: Parts = []
    hermit = state.hermit
    if any(hermit):
        any_turn = state.options.hermit_window == "any_turn"
        finished = state.finished
        out.append(
            [  # ``actors.hermits``
                _plain(demons if w == n else w, _HERMIT[w == n])
                for w in range(n + 1)
                if hermit[w] and not finished[w] and (any_turn or w == who)
            ]
        )
    if state.optional:
        out.append((_plain(s, _PASS[who == n]),))
    # the hand alone (most turns): it is also what placements and picture plays draw on
    if state.opens[who].cards:
        hand = available(state, who, pool=False, chariot=False)
        alone = False
    else:  # ``available``'s answer without the open cards
        hand = in_deck_order(state.hands[who].cards)
        alone = not (state.pool.cards or state.chariots[who].cards)
    out += place_parts(state, who, s, hand if alone else None)
    out.append(Mapped(_discards(s), hand))
    out.append(
        [
            forfeit
            for slot, forfeit in zip(state.slots[who], _forfeits(s), strict=True)
            if slot.status == OPEN
        ]
    )
    out += picture_parts(state, who, s, hand if alone else None)
    if state.has_chariot[who]:
        out.append(Combos(_load, s, None, hand, 1, 2))
        out.append((_plain(s, _UNLOAD),))
    temperance = state.temperance
    if temperance is not None and temperance[0] == who:
        out.append((_plain(s, _LIFT),))
    if state.options.variant == MALDERIA and check_turn(state, who, _EXORCISE) is None:
        out.append((_plain(s, _EXORCISE),))
    return out
