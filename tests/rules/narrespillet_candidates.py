"""The full candidate placements, picture-card plays and calls (every card): every
one that could be legal, legal or not, in the listing's order (what ``moves`` once held to
the check one by one). The rules build the legal ones directly
(``narrespillet.candidates``, ``plays``); ``test_narrespillet_built`` holds what they
build to the check of every candidate here.
Nothing here is imported from ``candidates`` (the subsets and the Magician's placements
are the old generators' own), so the oracle does not share the code it checks.
"""

from __future__ import annotations

import itertools
from collections.abc import Iterator

from tablelog.rules.cards import Card
from tablelog.rules.events import Move
from tablelog.rules.narrespillet import events as ev
from tablelog.rules.narrespillet.deck import (
    DECK,
    EMPEROR,
    EMPRESS,
    HOUSES,
    LOVERS,
    MAGICIAN,
    WORLD,
    house_of,
    is_number,
)
from tablelog.rules.narrespillet.moves import _actor, _generators
from tablelog.rules.narrespillet.pictures import CATEGORIES, EFFECTS, wheel_cap
from tablelog.rules.narrespillet.place import canonical
from tablelog.rules.narrespillet.state import OPEN, State, seat_of
from tablelog.rules.narrespillet.take import available

__all__ = ["full_generators", "pictures", "places"]


def _subsets(cards: list[Card], lead: Card | None) -> Iterator[tuple[Card, ...]]:
    """The non-empty subsets of ``cards`` (in their order), only those ``lead`` starts:
    written here again, not imported, so that the rules' ``candidates.subsets`` is held
    to it rather than to itself."""
    if lead is None:
        for k in range(1, len(cards) + 1):
            yield from itertools.combinations(cards, k)
        return
    if lead not in cards:
        return
    rest = cards[cards.index(lead) + 1 :]
    for k in range(len(rest) + 1):
        for combo in itertools.combinations(rest, k):
            yield (lead, *combo)


def places(state: State, who: int, lead: Card | None) -> Iterator[ev.Place]:
    """Every placement ``who`` might make now (led by ``lead``, ``None``: any)."""
    cards = available(state, who, pool=True, chariot=True)
    if lead is not None and lead not in cards:
        return
    have = set(cards)
    open_fields = [h for i, h in enumerate(HOUSES) if state.slots[who][i].status == OPEN]
    for house in open_fields:
        if WORLD in have and lead in (None, WORLD):
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
        yield from (ev.Place(combo, house) for combo in _subsets(numbers, lead))
        if MAGICIAN in have:
            strangers = [c for c in cards if is_number(c) and house_of(c) != house]
            for stranger in strangers:
                for k in range(0, len(numbers) + 1):
                    for combo in itertools.combinations(numbers, k):
                        yield ev.Place(
                            canonical((*combo, stranger, MAGICIAN)), house, magic=stranger
                        )


def pictures(state: State, who: int, lead: Card | None) -> Iterator[ev.Picture]:
    """Every picture-card play ``who`` might make now (of ``lead``, ``None``: any)."""
    cards = available(state, who, pool=True, chariot=False)
    people = range(state.n + 1)
    for card in cards:
        if card not in EFFECTS or lead not in (None, card):
            continue
        r = card.rank
        if r in ("2", "12"):
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
            top = max(wheel_cap(state, who, True), wheel_cap(state, who, False), 1)
            for n in range(1, top + 1):
                yield ev.Picture(card, count=n)
        elif r == "11":
            yield ev.Picture(card, choice="closed")
            yield ev.Picture(card, choice="open")
        elif r == "14":
            for h in HOUSES:
                yield ev.Picture(card, field=h)
        elif r in ("16", "20"):
            for t in people:
                for h in HOUSES:
                    yield ev.Picture(card, target=t, field=h)
        else:
            yield ev.Picture(card)


def _all_placements(state, seat, card):  # type: ignore[no-untyped-def]
    who = _actor(state, seat)
    if who is not None:
        yield from (Move(seat_of(state, who), p) for p in places(state, who, card))


def _all_pictures(state, seat, card):  # type: ignore[no-untyped-def]
    who = _actor(state, seat)
    if who is not None:
        yield from (Move(seat_of(state, who), p) for p in pictures(state, who, card))


def _all_exorcisms(state, seat, card):  # type: ignore[no-untyped-def]
    who = _actor(state, seat)
    if who is not None:
        yield Move(seat_of(state, who), ev.Exorcise())


def _all_calls(state, seat, card):  # type: ignore[no-untyped-def]
    head = state.queue[0]
    s = seat_of(state, head.who)
    if seat in (None, s):
        yield from (Move(s, ev.Call(c)) for c in DECK)


FULL = {
    "place": _all_placements,
    "picture": _all_pictures,
    "exorcise": _all_exorcisms,
    "call": _all_calls,
}


def full_generators(state: State):  # type: ignore[no-untyped-def]
    """The listing's generators with every full candidate generator in place of the built."""
    return tuple((k, FULL.get(k, gen)) for k, gen in _generators(state))
