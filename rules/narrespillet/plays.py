"""The legal picture-card plays of the participant on turn, built legal (its placements
are ``candidates``').

``pictures`` yields exactly the moves ``checks.check_turn`` lets through, in the order the
listing has always had (the order of the full candidate generators kept in
``tests/rules/narrespillet_candidates.py``): each picture play only with the targets,
fields and counts its check accepts. So ``moves`` lists them without asking the check;
``tests/rules/test_narrespillet_built.py`` holds the listing to the check of every full
candidate on random games of every variant and on the recorded fixtures.
"""

from __future__ import annotations

import functools
from collections.abc import Iterator, Sequence
from typing import Any

from tablelog.rules.cards import Card
from tablelog.rules.events import Move
from tablelog.rules.narrespillet import events as ev
from tablelog.rules.narrespillet.deck import (
    CHARIOT,
    DEMONS_CARD,
    HANGED,
    HERMIT,
    HIEROPHANT,
    HOUSES,
    JUDGEMENT,
    PRIESTESS,
    STRENGTH,
    TEMPERANCE,
    TOWER,
    WHEEL,
)
from tablelog.rules.narrespillet.indexed import Combos, Parts, flat
from tablelog.rules.narrespillet.pictures import CATEGORIES, EFFECTS, wheel_cap
from tablelog.rules.narrespillet.state import OPEN, PLACED, State
from tablelog.rules.narrespillet.take import available, source_of

__all__ = ["picture_moves", "picture_parts", "pictures"]

_EFFECTS = frozenset(EFFECTS)


def pictures(state: State, who: int, lead: Card | None) -> Iterator[ev.Picture]:
    """Every legal picture-card play of ``who`` now (of ``lead``, ``None``: any)."""
    for move in picture_moves(state, who, 0):
        if lead is None or move.payload.card is lead:
            yield move.payload


def picture_moves(
    state: State, who: int, seat: int, cards: tuple[Card, ...] | None = None
) -> list[Move]:
    """Every legal picture-card play of ``who`` now, as moves of ``seat`` (made)."""
    return flat(picture_parts(state, who, seat, cards))


def picture_parts(
    state: State, who: int, seat: int, cards: tuple[Card, ...] | None = None
) -> Parts:
    """Every legal picture-card play of ``who`` now, as moves of ``seat``, in parts: card
    by card (the cards in deck order), each card's plays in its own order
    (``_card_plays``). The moves are made once per seat, card and the plays' values
    (``_made``). ``cards``: what ``available`` gives with the pool, when the caller has it."""
    if cards is None:
        cards = available(state, who, pool=True, chariot=False)
    return [_card_plays(state, who, seat, card) for card in cards if card in _EFFECTS]


_Made = tuple[Move, ...]


@functools.lru_cache(maxsize=1 << 12)
def _made(seat: int, card: Card, key: str, values: tuple[Any, ...]) -> _Made:
    """The plays of ``card`` by ``seat``, one per value of the play's field ``key``
    (``pair``: a target and a field; ``""``: the card alone), each made once
    (``_play``)."""
    if key == "":
        return (_play(seat, card, key, None),)
    return tuple(_play(seat, card, key, value) for value in values)


@functools.lru_cache(maxsize=1 << 14)
def _play(seat: int, card: Card, key: str, value: Any) -> Move:
    """One play of ``card`` by ``seat`` (see ``_made``)."""
    if key == "pair":
        return Move(seat, ev.Picture(card, target=value[0], field=value[1]))
    if key == "":
        return Move(seat, ev.Picture(card))
    return Move(seat, ev.Picture(card, **{key: value}))


def _chariots(seat: int, hand: tuple[Card, ...]) -> Combos:
    """The Chariot's plays by ``seat`` holding ``hand`` (the Chariot in it, or played from
    elsewhere): loaded with each subset of the hand's other cards, smallest first, each
    made when read (``indexed.Combos``): a hand is new most turns, and kept moves that are
    seldom asked again cost the garbage collector more than making them."""
    rest = tuple(c for c in hand if c is not CHARIOT)
    return Combos(_chariot, seat, None, rest, 0, len(rest))


def _chariot(seat: int, _: object, cards: tuple[Card, ...]) -> Move:
    return Move(seat, ev.Picture(CHARIOT, cards=cards))


_NONE: _Made = ()


def _card_plays(state: State, who: int, seat: int, card: Card) -> Sequence[Move]:
    """The legal plays of picture card ``card`` (one of ``EFFECTS``) by ``who``."""
    n = state.n
    finished = state.finished
    if card is PRIESTESS:
        targets = tuple(t for t in range(n) if t != who and not finished[t])
        return _made(seat, card, "target", targets)
    if card is HIEROPHANT:
        return _made(seat, card, "choice", CATEGORIES)
    if card is CHARIOT:
        if state.has_chariot[who]:
            return _NONE
        return _chariots(seat, available(state, who, pool=False, chariot=False))
    if card is WHEEL:
        source = source_of(state, who, card, pool=True, chariot=False)
        top = max(wheel_cap(state, who, source in ("hand", "open")), 1)
        return _made(seat, card, "count", tuple(range(1, top + 1)))
    if card is STRENGTH:
        return _NONE if state.strength[who] else _made(seat, card, "choice", _STRENGTHS)
    if card is HERMIT:
        return _NONE if state.hermit[who] else _made(seat, card, "", ())
    if card is HANGED:
        people = tuple(range(n + 1)) if state.demons >= 0 else tuple(range(n))
        return _made(seat, card, "target", tuple(t for t in people if not finished[t]))
    if card is TEMPERANCE:
        row = state.slots[who]
        fields = tuple(h for i, h in enumerate(HOUSES) if row[i].status == OPEN)
        return _made(seat, card, "field", fields)
    if card is DEMONS_CARD:
        return _made(seat, card, "", ()) if state.demons < 0 and who != n else _NONE
    if card is TOWER or card is JUDGEMENT:
        return _made(seat, card, "pair", _slot_targets(state, card is JUDGEMENT))
    return _made(seat, card, "", ())  # Justice, Death, the Star, the Moon, the Sun


_STRENGTHS = ("closed", "open")


def _slot_targets(state: State, judgement: bool) -> tuple[tuple[int, str], ...]:
    """The slots Judgement (an open one) or the Tower (a placement, not the World's) may
    be played on, participant by participant (those still in the round), field by field."""
    n = state.n
    out = []
    for t in range(n + 1):
        if state.finished[t] or (t == n and state.demons < 0):
            continue
        for i, slot in enumerate(state.slots[t]):
            if judgement:
                if slot.status == OPEN:
                    out.append((t, HOUSES[i]))
            elif (
                slot.status == PLACED
                and slot.placement is not None
                and slot.placement.kind != "world"
            ):
                out.append((t, HOUSES[i]))
    return tuple(out)
