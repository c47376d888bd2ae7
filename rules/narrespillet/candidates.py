"""The legal placements and picture-card plays of the participant on turn, built legal.

``places`` and ``pictures`` yield exactly the moves ``checks.check_turn`` lets through, in
the order the listing has always had (the order of the full candidate generators kept in
``tests/rules/narrespillet_candidates.py``): each kind of placement is made only from
cards that make it (``placements.classify``'s kinds, read off the cards' ranks and houses),
on battlefields that are open and free of Temperance, and each picture play only with the
targets, fields and counts its check accepts. So ``moves`` lists them without asking the
check; ``tests/rules/test_narrespillet_built.py`` holds the listing to the check of every
full candidate on random games of every variant and on the recorded fixtures.
"""

from __future__ import annotations

import itertools
from collections.abc import Iterator

from tablelog.rules.cards import Card
from tablelog.rules.narrespillet import events as ev
from tablelog.rules.narrespillet.deck import (
    CHARIOT,
    DECK,
    DEMONS_CARD,
    EMPEROR,
    EMPRESS,
    HERMIT,
    HOUSES,
    JUDGEMENT,
    LOVERS,
    MAGICIAN,
    PRIESTESS,
    STRENGTH,
    TEMPERANCE,
    TOWER,
    WHEEL,
    WORLD,
    house_of,
    is_number,
)
from tablelog.rules.narrespillet.pictures import CATEGORIES, EFFECTS, live, wheel_cap
from tablelog.rules.narrespillet.place import canonical
from tablelog.rules.narrespillet.state import KROAM, OPEN, PLACED, State, field_blocked
from tablelog.rules.narrespillet.take import available, source_of

__all__ = ["magicked", "pictures", "places", "subsets"]

_HOUSE = {c: house_of(c) for c in DECK}
_NUMBERS = frozenset(c for c in DECK if is_number(c))
_INDEX = {c: i for i, c in enumerate(DECK)}

_PAIRS = tuple(canonical(p) for p in ((EMPEROR, EMPRESS), (EMPRESS, LOVERS), (EMPEROR, LOVERS)))
"""The imperial pairs (the Emperor and Empress, one of them with the Lovers), in deck order."""


def subsets(cards: list[Card], lead: Card | None) -> Iterator[tuple[Card, ...]]:
    """The non-empty subsets of ``cards`` (in their order), only those ``lead`` starts."""
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


def _world_field(state: State, i: int) -> bool:
    """Whether the World may go on battlefield ``i``: nobody present has placed on or
    forfeited it (the Demons count while they are in play)."""
    for other in range(state.n + 1):
        if (other < state.n or state.demons >= 0) and state.slots[other][i].status != OPEN:
            return False
    return True


def places(state: State, who: int, lead: Card | None) -> Iterator[ev.Place]:
    """Every legal placement of ``who`` now (led by ``lead``, ``None``: any)."""
    cards = available(state, who, pool=True, chariot=True)
    if lead is not None and lead not in cards:
        return
    have = set(cards)
    row = state.slots[who]
    open_fields = [h for i, h in enumerate(HOUSES) if row[i].status == OPEN]
    free = [h for h in open_fields if not field_blocked(state, h)]
    two_fields = state.options.imperial_pair_fields >= 2
    kroam = state.options.variant == KROAM
    world = (
        WORLD in have
        and lead in (None, WORLD)
        and WORLD not in state.chariots[who].cards  # of the pictures only 1, 3, 4, 6 ride
    )
    magician = MAGICIAN in have
    pairs = [p for p in _PAIRS if have.issuperset(p)]
    numbers: dict[str, list[Card]] = {h: [] for h in HOUSES}  # each house's, in deck order
    court: dict[str, list[Card]] = {h: [] for h in HOUSES}
    for c in cards:
        house = _HOUSE[c]
        if house:
            (numbers if c in _NUMBERS else court)[house].append(c)
    aces = [c for c in cards if c.rank == "A" and _HOUSE[c]]
    for house in free:
        if world and _world_field(state, HOUSES.index(house)):
            yield ev.Place((WORLD,), house)
        for combo in pairs:
            yield ev.Place(combo, house)
            if two_fields:
                for other in free:
                    if HOUSES.index(other) > HOUSES.index(house):
                        yield ev.Place(combo, house, other)
        courts = court[house]
        for c in courts:
            if LOVERS in have:
                yield ev.Place(canonical((c, LOVERS)), house)
            if kroam and c.rank == "Q" and EMPRESS in have:
                yield ev.Place(canonical((c, EMPRESS)), house)  # a Royal Couple in Kroam
        for a, b in itertools.combinations(courts, 2):
            if {a.rank, b.rank} == {"Q", "K"}:
                yield ev.Place(canonical((a, b)), house)
        for c in courts:
            if c.rank in ("Kn", "P"):
                yield ev.Place((c,), house)
                for ace in aces:
                    if _HOUSE[ace] == house:
                        yield ev.Place(canonical((c, ace)), house)
                    elif magician:
                        yield ev.Place(canonical((c, ace, MAGICIAN)), house, magic=ace)
        own = numbers[house]
        yield from (ev.Place(combo, house) for combo in subsets(own, lead))
        if magician:
            strangers = [c for h in HOUSES if h != house for c in numbers[h]]
            strangers.sort(key=_INDEX.__getitem__)
            yield from magicked(own, strangers, house)


def magicked(own: list[Card], strangers: list[Card], house: str) -> Iterator[ev.Place]:
    """The Magician's placements on ``house``: number cards of the house (``own``, none or
    more) with one number card of another house (``strangers``) moved into it, every one
    a number placement."""
    for stranger in strangers:
        for k in range(0, len(own) + 1):
            for combo in itertools.combinations(own, k):
                yield ev.Place(canonical((*combo, stranger, MAGICIAN)), house, magic=stranger)


def pictures(state: State, who: int, lead: Card | None) -> Iterator[ev.Picture]:
    """Every legal picture-card play of ``who`` now (of ``lead``, ``None``: any)."""
    cards = available(state, who, pool=True, chariot=False)
    people = range(state.n + 1)
    row = state.slots[who]
    for card in cards:
        if card not in EFFECTS or lead not in (None, card):
            continue
        if card == PRIESTESS:
            for t in people:
                if t < state.n and t != who and live(state, t):
                    yield ev.Picture(card, target=t)
        elif card.rank == "5":  # the Hierophant
            for choice in CATEGORIES:
                yield ev.Picture(card, choice=choice)
        elif card == CHARIOT:
            if state.has_chariot[who]:
                continue
            hand = [c for c in available(state, who, pool=False, chariot=False) if c != card]
            for k in range(len(hand) + 1):
                for combo in itertools.combinations(hand, k):
                    yield ev.Picture(card, cards=combo)
        elif card == WHEEL:
            source = source_of(state, who, card, pool=True, chariot=False)
            top = max(wheel_cap(state, who, source in ("hand", "open")), 1)
            for n in range(1, top + 1):
                yield ev.Picture(card, count=n)
        elif card == STRENGTH:
            if not state.strength[who]:
                yield ev.Picture(card, choice="closed")
                yield ev.Picture(card, choice="open")
        elif card == HERMIT:
            if not state.hermit[who]:
                yield ev.Picture(card)
        elif card.rank == "12":  # the Hanged Man
            for t in people:
                if live(state, t):
                    yield ev.Picture(card, target=t)
        elif card == TEMPERANCE:
            for i, h in enumerate(HOUSES):
                if row[i].status == OPEN:
                    yield ev.Picture(card, field=h)
        elif card == DEMONS_CARD:
            if state.demons < 0 and who != state.n:
                yield ev.Picture(card)
        elif card in (TOWER, JUDGEMENT):
            for t in people:
                if not live(state, t):
                    continue
                for i, h in enumerate(HOUSES):
                    slot = state.slots[t][i]
                    if card == JUDGEMENT:
                        if slot.status == OPEN:
                            yield ev.Picture(card, target=t, field=h)
                    elif (
                        slot.status == PLACED
                        and slot.placement is not None
                        and slot.placement.kind != "world"
                    ):
                        yield ev.Picture(card, target=t, field=h)
        else:  # Justice, Death, the Star, the Moon, the Sun: no choice to make
            yield ev.Picture(card)
