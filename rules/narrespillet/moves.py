"""Who acts now (``to_act``) and the legal moves (``moves``), generated lazily.

Every candidate is checked by the same function ``apply`` uses (``turn.check``), so the
generator and the validator agree by construction; the generator only has to propose
every move that could be legal.
"""

from __future__ import annotations

import itertools
from collections.abc import Iterator

from rules.cards import FOOL, Card
from rules.events import Event, Move
from rules.narrespillet import events as ev
from rules.narrespillet.pictures import CATEGORIES, EFFECTS, wheel_cap
from rules.narrespillet.place import canonical
from rules.narrespillet.state import (
    DECK,
    EMPEROR,
    EMPRESS,
    HOUSES,
    LOVERS,
    MAGICIAN,
    OPEN,
    PLAY,
    WORLD,
    State,
    house_of,
    is_number,
    seat_of,
)
from rules.narrespillet.take import available, pool_of
from rules.narrespillet.turn import check

__all__ = ["moves", "to_act"]


def _head(state: State) -> ev.Any | None:  # type: ignore[name-defined]
    return state.queue[0] if state.queue and state.actor is None else None


def to_act(state: State) -> tuple[int, ...]:
    """The seats that may act now (several in a window); none while cards are drawn."""
    if state.phase != PLAY:
        return ()
    head = _head(state)
    if head is not None:
        if head.kind in ("fool", "vote"):
            return tuple(
                dict.fromkeys(seat_of(state, w) if head.kind == "fool" else w for w in head.asked)
            )
        if head.kind in ("call", "down"):
            return (seat_of(state, head.who),)
        return ()
    if state.actor is None:
        return ()
    seats = [seat_of(state, state.actor)]
    for who in _hermits(state):
        seats.append(seat_of(state, who))
    return tuple(dict.fromkeys(seats))


def _hermits(state: State) -> tuple[int, ...]:
    return tuple(
        w
        for w in range(state.n + 1)
        if state.hermit[w]
        and not state.finished[w]
        and (state.options.hermit_window == "any_turn" or w == state.actor)
    )


def moves(
    state: State, seat: int | None = None, card: Card | None = None, kind: str | None = None
) -> Iterator[Move]:
    """The legal moves, filtered by seat, lead card and kind."""
    for move in _candidates(state):
        if seat is not None and move.actor != seat:
            continue
        if kind is not None and move.kind != kind:
            continue
        if card is not None:
            from rules.listing import lead_card

            if lead_card(move) != card:
                continue
        if check(state, Event(0, move.actor, move.payload)) is None:
            yield move


def _candidates(state: State) -> Iterator[Move]:
    if state.phase != PLAY:
        return
    yield from _shows(state)
    head = _head(state)
    if head is not None:
        if head.kind == "fool":
            for w in head.asked:
                s = seat_of(state, w)
                demons = w == state.n
                yield Move(s, ev.Fool(demons))
                yield Move(s, ev.Pass(demons))
        elif head.kind == "vote":
            for s in head.asked:
                yield Move(s, ev.Vote(True))
                yield Move(s, ev.Vote(False))
        elif head.kind == "call":
            s = seat_of(state, head.who)
            for c in DECK:
                yield Move(s, ev.Call(c))
            yield Move(s, ev.Pass(head.who == state.n))
        elif head.kind == "down":
            s = seat_of(state, head.who)
            for c in available(state, head.who, pool=False, chariot=False):
                yield Move(s, ev.Discard(c))
        return
    if state.actor is None:
        return
    who = state.actor
    s = seat_of(state, who)
    for h in _hermits(state):
        yield Move(seat_of(state, h), ev.Hermit(h == state.n))
    if state.optional:
        yield Move(s, ev.Pass(who == state.n))
    yield from (Move(s, p) for p in _places(state, who))
    for c in available(state, who, pool=False, chariot=False):
        yield Move(s, ev.Discard(c))
    for house in HOUSES:
        if state.slots[who][HOUSES.index(house)].status == OPEN:
            yield Move(s, ev.Forfeit(house))
    yield from (Move(s, p) for p in _pictures(state, who))
    if state.has_chariot[who]:
        hand = available(state, who, pool=False, chariot=False)
        for k in (1, 2):
            for combo in itertools.combinations(hand, k):
                yield Move(s, ev.Load(combo))
        yield Move(s, ev.Unload())
    if state.temperance is not None and state.temperance[0] == who:
        yield Move(s, ev.Lift())
    yield Move(s, ev.Exorcise())


def _shows(state: State) -> Iterator[Move]:
    seats = [s for s in to_act(state) if s < state.n and state.hands[s].hidden]
    if not seats:
        return
    pool = pool_of(state)
    for s in seats:
        for c in DECK:
            if pool[c] > 0:
                yield Move(s, ev.Show(c))


def _places(state: State, who: int) -> Iterator[ev.Place]:
    cards = available(state, who, pool=True, chariot=True)
    have = set(cards)
    open_fields = [h for i, h in enumerate(HOUSES) if state.slots[who][i].status == OPEN]
    for house in open_fields:
        if WORLD in have:
            yield ev.Place((WORLD,), house)
        for pair in ((EMPEROR, EMPRESS), (EMPRESS, LOVERS), (EMPEROR, LOVERS)):
            if set(pair) <= have:
                combo = canonical(pair)
                yield ev.Place(combo, house)
                for other in open_fields:
                    if HOUSES.index(other) > HOUSES.index(house):
                        yield ev.Place(combo, house, other)
        court = [c for c in cards if house_of(c) == house and not is_number(c)]
        for c in court:
            if LOVERS in have:
                yield ev.Place(canonical((c, LOVERS)), house)
            if EMPRESS in have:
                yield ev.Place(canonical((c, EMPRESS)), house)
        for a, b in itertools.combinations(court, 2):
            yield ev.Place(canonical((a, b)), house)
        numbers = [c for c in cards if is_number(c) and house_of(c) == house]
        aces = [c for c in cards if c.rank == "A" and house_of(c)]
        for c in court:
            if c.rank in ("Kn", "P"):
                yield ev.Place((c,), house)
                for ace in aces:
                    yield ev.Place(canonical((c, ace)), house)
                    if MAGICIAN in have and house_of(ace) != house:
                        yield ev.Place(canonical((c, ace, MAGICIAN)), house, magic=ace)
        for k in range(1, len(numbers) + 1):
            for combo in itertools.combinations(numbers, k):
                yield ev.Place(combo, house)
        if MAGICIAN in have:
            strangers = [c for c in cards if is_number(c) and house_of(c) != house]
            for stranger in strangers:
                for k in range(0, len(numbers) + 1):
                    for combo in itertools.combinations(numbers, k):
                        yield ev.Place(
                            canonical((*combo, stranger, MAGICIAN)), house, magic=stranger
                        )


def _pictures(state: State, who: int) -> Iterator[ev.Picture]:
    cards = available(state, who, pool=True, chariot=False)
    people = range(state.n + 1)
    for card in cards:
        if card not in EFFECTS:
            continue
        r = card.rank
        if r == "2":
            for t in people:
                yield ev.Picture(card, target=t)
        elif r == "5":
            for choice in CATEGORIES:
                yield ev.Picture(card, choice=choice)
        elif r == "7":
            hand = [c for c in available(state, who, pool=False, chariot=False) if c != card]
            for k in range(len(hand) + 1):
                for combo in itertools.combinations(hand, k):
                    yield ev.Picture(card, cards=combo)
        elif r == "10":
            for n in range(
                1, max(wheel_cap(state, who, True), wheel_cap(state, who, False), 1) + 1
            ):
                yield ev.Picture(card, count=n)
        elif r == "11":
            yield ev.Picture(card, choice="closed")
            yield ev.Picture(card, choice="open")
        elif r == "12":
            for t in people:
                yield ev.Picture(card, target=t)
        elif r == "14":
            for h in HOUSES:
                yield ev.Picture(card, field=h)
        elif r in ("16", "20"):
            for t in people:
                for h in HOUSES:
                    yield ev.Picture(card, target=t, field=h)
        else:
            yield ev.Picture(card)


_ = FOOL
