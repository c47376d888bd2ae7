"""Placements: checking one, making it, and the Fool's window that follows."""

from __future__ import annotations

from typing import Any

import attrs

from tablelog.rules.cards import FOOL, Card
from tablelog.rules.narrespillet.deck import DECK, HOUSE_NAMES, HOUSES, MAGICIAN
from tablelog.rules.narrespillet.events import Place
from tablelog.rules.narrespillet.flow import discard_cards
from tablelog.rules.narrespillet.placements import classify, describe
from tablelog.rules.narrespillet.state import (
    FORFEIT,
    OPEN,
    PLACED,
    Placement,
    Slot,
    State,
    Step,
    field_blocked,
    name,
)
from tablelog.rules.narrespillet.take import CHARIOT, is_unknown, source_of, take
from tablelog.rules.table import evolve, where

__all__ = [
    "check_place",
    "do_place",
    "fool_askers",
    "fool_candidates",
    "fool_refusal",
    "steal",
]

_INDEX = {card: i for i, card in enumerate(DECK)}


def _set(items: tuple[Any, ...], i: int, value: object) -> tuple[Any, ...]:
    return (*items[:i], value, *items[i + 1 :])


def canonical(cards: tuple[Card, ...]) -> tuple[Card, ...]:
    """Cards in deck order (how a placement's cards are recorded)."""
    if len(cards) < 2:
        return tuple(cards)
    return tuple(sorted(cards, key=lambda c: _INDEX.get(c, 999)))


def check_place(state: State, who: int, move: Place) -> str | None:
    """Why ``who`` may not make placement ``move`` now, or ``None``."""
    fields = (move.field,) + ((move.also,) if move.also else ())
    for house in fields:
        if house not in HOUSE_NAMES:
            return f"{house!r} is no battlefield: the fields are Sw, St, Cu and Co"
    if move.cards != canonical(move.cards):
        return "a placement's cards are recorded in deck order (the notation sorts them)"
    if len(fields) == 2 and fields[0] == fields[1]:
        return "a placement on two battlefields names two different ones"
    for house in fields:
        slot = state.slots[who][HOUSES.index(house)]
        if slot.status != OPEN:
            done = "placed on" if slot.status == PLACED else "forfeited"
            return f"{name(state, who)} has already {done} {HOUSE_NAMES[house]} this round"
        if field_blocked(state, house):
            return f"Temperance lies on {HOUSE_NAMES[house]}: nobody may place there while it lies"
    for card in move.cards:
        if source_of(state, who, card, pool=True, chariot=True) is None:
            return _missing(state, who, card)
    kind = classify(move.cards, move.field, move.magic, state.options.variant)
    if isinstance(kind, str):
        return kind
    if len(fields) == 2:
        if not kind.imperial:
            return (
                "only the Emperor and Empress (or one of them with the Lovers) stand on "
                "two battlefields"
            )
        if state.options.imperial_pair_fields < 2:
            return (
                "an imperial pair stands on one battlefield in this game (option "
                "imperial_pair_fields=1)"
            )
    if kind.kind == "world":
        for other in range(state.n + 1):
            present = other < state.n or state.demons >= 0
            if present and state.slots[other][HOUSES.index(move.field)].status != OPEN:
                return (
                    "the World is placed only on a field nobody has placed on or forfeited, "
                    f"and {name(state, other)} has"
                )
    for card in move.cards:
        if (
            card in state.chariots[who].cards
            and card.suit == "T"
            and card.rank not in ("1", "3", "4", "6")
        ):
            return (
                f"{card} lies in the Chariot: of the picture cards only the Magician, "
                f"Emperor, Empress and Lovers are played from it"
            )
    return None


def _missing(state: State, who: int, card: Card) -> str:
    label = name(state, who)
    if state.hands[who].hidden and is_unknown(state, card):
        return (
            f"{label}'s hand holds {card} face down as far as the record knows: show "
            f"it first: {label} show {card}"
        )
    if is_unknown(state, card):
        return f"{label} does not hold {card}"
    return f"{label} has no {card} to use: {where(state, card)}"


def do_place(state: State, who: int, move: Place) -> tuple[State, bool, bool]:
    """The placement made: returns the state, whether a Justice card was used and whether
    the Chariot was played out."""
    fields = (move.field,) + ((move.also,) if move.also else ())
    kind = classify(move.cards, move.field, move.magic, state.options.variant)
    assert not isinstance(kind, str)
    used_pool = used_chariot = False
    for card in move.cards:
        src = source_of(state, who, card, pool=True, chariot=True)
        assert src is not None
        used_pool |= src == "pool"
        used_chariot |= src == CHARIOT
        state = take(state, who, card, src)
    cards = tuple(c for c in move.cards if c != MAGICIAN)
    if MAGICIAN in move.cards:
        state = discard_cards(state, MAGICIAN)
    clock = state.clock + 1
    placement = Placement(cards, kind.kind, kind.key, fields, move.magic, clock)
    row = state.slots[who]
    for house in fields:
        row = _set(row, HOUSES.index(house), Slot(PLACED, placement, clock))
    state = evolve(state, slots=_set(state.slots, who, row), clock=clock)
    if kind.kind == "world":
        state = _world(state, who, move.field, clock)
    return state, used_pool, used_chariot


def _world(state: State, who: int, house: str, clock: int) -> State:
    i = HOUSES.index(house)
    slots = list(state.slots)
    for other in range(state.n + 1):
        if other != who and slots[other][i].status == OPEN:
            slots[other] = _set(slots[other], i, Slot(FORFEIT, None, clock))
    return evolve(state, slots=tuple(slots))


def fool_candidates(state: State, placer: int, fields: tuple[str, ...]) -> tuple[int, ...]:
    """The participants who may steal the placement just made on ``fields`` with the Fool:
    not the placer, still in the round, with those slots open, and who may hold the Fool."""
    placement = state.slots[placer][HOUSES.index(fields[0])].placement
    return fool_askers(state, placer, fields, placement)


def fool_askers(
    state: State, placer: int, fields: tuple[str, ...], placement: Placement | None
) -> tuple[int, ...]:
    """``fool_candidates`` of ``placement`` on ``fields``, asked of a state whose other
    participants' slots and hands are those after the placement (the state before it
    will do: a placement changes only the placer's)."""
    if (
        placement is None
        or placement.kind == "world"
        or any(c.rank == "A" for c in placement.cards)
    ):
        return ()
    out = []
    for other in range(state.n + 1):
        if other == placer or state.finished[other] or (other == state.n and state.demons < 0):
            continue
        if any(state.slots[other][HOUSES.index(h)].status != OPEN for h in fields):
            continue
        holds = FOOL in state.hands[other].cards or FOOL in state.opens[other].cards
        if holds or (state.hands[other].hidden and is_unknown(state, FOOL)):
            out.append(other)
    return tuple(out)


def _last_placement(state: State) -> tuple[int, Placement] | None:
    """The placement made last in the round still on the table, and whose it is."""
    placed = [
        (slot.placement.at, who, slot.placement)
        for who, row in enumerate(state.slots)
        for slot in row
        if slot.status == PLACED and slot.placement is not None
    ]
    if not placed:
        return None
    _, who, placement = max(placed, key=lambda p: p[0])
    return who, placement


def fool_refusal(state: State, thief: int) -> str:
    """Why ``thief``'s Fool is refused while no Fool window is open, looking at the
    placement made last: "Narren stjeler da denne plasseringen ... Narren kan ikke stjele
    Verden, eller en plassering som inneholder et Ess"."""
    rule = 'the Fool "spilles i det en annen spiller plasserer kort på et slagfelt"'
    last = _last_placement(state)
    if last is None:
        return f"{rule}, and nobody has placed cards this round"
    placer, placement = last
    fields = " and ".join(HOUSE_NAMES[h] for h in placement.fields)
    what = describe(placement.kind, placement.cards, placement.magic)
    whose = f"{name(state, placer)}'s placement on {fields} ({what})"
    if placement.kind == "world":
        return f'{whose} is the World, and "Narren kan ikke stjele Verden"'
    aces = [c.text for c in placement.cards if c.rank == "A"]
    if aces:
        return (
            f'{whose} holds {", ".join(aces)}: "Esset beskytter plasseringen mot å bli stjålet'
            ' med Narren" (no Fool window opened)'
        )
    if placer == thief:
        return f"{whose} is {name(state, thief)}'s own, and {rule} (another player's placement)"
    closed = [h for h in placement.fields if state.slots[thief][HOUSES.index(h)].status != OPEN]
    if closed:
        return (
            f"{whose} would go to {name(state, thief)}'s slot on "
            f"{' and '.join(HOUSE_NAMES[h] for h in closed)}, which is no longer open"
        )
    return (
        f"{rule}: the window on {whose} closed when the next move was entered "
        "(type the Fool as its answer, before the next turn)"
    )


def fool_step(state: State, placer: int, fields: tuple[str, ...]) -> tuple[Step, ...]:
    """The Fool's window after a placement, if anyone may answer it."""
    asked = fool_candidates(state, placer, fields)
    return (Step("fool", placer, fields=fields, asked=asked),) if asked else ()


def steal(state: State, thief: int, step: Step) -> State:
    """The Fool played: the placement moves to the thief's slots; the victim's reopen
    (or are forfeited, option ``fool_victim``); the Fool is discarded."""
    victim = step.who
    src = source_of(state, thief, FOOL, pool=False, chariot=False)
    assert src is not None
    state = discard_cards(take(state, thief, FOOL, src), FOOL)
    clock = state.clock + 1
    placement = state.slots[victim][HOUSES.index(step.fields[0])].placement
    assert placement is not None
    moved = attrs.evolve(placement, at=clock)
    after = Slot() if state.options.fool_victim == "reopen" else Slot(FORFEIT, None, clock)
    vrow, trow = state.slots[victim], state.slots[thief]
    for house in step.fields:
        i = HOUSES.index(house)
        vrow = _set(vrow, i, after)
        trow = _set(trow, i, Slot(PLACED, moved, clock))
    slots = _set(_set(state.slots, victim, vrow), thief, trow)
    return evolve(state, slots=slots, clock=clock)
