"""What a placement is, and which of two placements wins.

``classify`` reads the cards of a placement on a battlefield and returns its kind and its
rank key, or the sentence saying why those cards are no placement. Keys compare as tuples,
greater winning: the class first (the seed's list: 1 World ... 9 highest sum), then for
number placements the sum, an untransformed placement over a transformed one, more cards,
a higher lowest card.
"""

from __future__ import annotations

from functools import lru_cache

from tablelog.rules.cards import Card
from tablelog.rules.frozen import frozen
from tablelog.rules.narrespillet.deck import (
    EMPEROR,
    EMPRESS,
    HOUSE_NAMES,
    LOVERS,
    MAGICIAN,
    WORLD,
    house_of,
    is_court,
    is_number,
    value,
)
from tablelog.rules.narrespillet.state import KROAM

__all__ = ["CLASSES", "Kind", "classify", "describe"]

WORLD_K, IMPERIAL, ROYAL, ILLEGIT, SUM18, KNIGHT, SUM15, PAGE, SUM = (
    "world",
    "imperial",
    "royal",
    "illegitimate",
    "sum18",
    "knight",
    "sum15",
    "page",
    "sum",
)
CLASSES = {WORLD_K: 9, IMPERIAL: 8, ROYAL: 7, ILLEGIT: 6, SUM18: 5, KNIGHT: 4, SUM15: 3}
CLASSES |= {PAGE: 2, SUM: 1}
TITLES = {
    WORLD_K: "the World",
    IMPERIAL: "the Emperor and the Empress",
    ROYAL: "a Royal Couple",
    ILLEGIT: "an Illegitimate Pair",
    KNIGHT: "a Knight",
    PAGE: "a Page",
}


@frozen
class Kind:
    """A placement's kind, its rank key and whether it may stand on two battlefields."""

    kind: str
    key: tuple[int, ...]
    imperial: bool = False


@lru_cache(maxsize=1 << 12)
def classify(cards: tuple[Card, ...], house: str, magic: Card | None, variant: str) -> Kind | str:
    """The kind of placement ``cards`` make on ``house`` (``magic``: the card the Magician
    moves into it), or why they make none (remembered: the same hand is asked of every
    turn's candidates, and the answer is a frozen value or a sentence)."""
    if MAGICIAN in cards:
        rest = tuple(c for c in cards if c != MAGICIAN)
        if magic is None:
            return (
                "the Magician is played with a placement to move one number card into "
                "the field's house: name the card"
            )
        if magic not in rest or not is_number(magic):
            return (
                f"the Magician moves a number card of the placement, and {magic} is not one of them"
            )
        if house_of(magic) == house:
            return (
                f"{magic} already belongs to {HOUSE_NAMES[house]}: the Magician moves a "
                f"card from another house"
            )
        kind = _classify(rest, house, magic, variant)
        if isinstance(kind, str):
            return kind
        if kind.kind not in (SUM18, SUM15, SUM, KNIGHT, PAGE):
            return (
                "the Magician transforms a number card (or an Ace with a Knight or "
                "Page), never a court or picture card"
            )
        return kind
    if magic is not None:
        return "only the Magician moves a card into another house: it is not in this placement"
    return _classify(cards, house, None, variant)


def _classify(cards: tuple[Card, ...], house: str, magic: Card | None, variant: str) -> Kind | str:
    if not cards:
        return "a placement needs at least one card"
    if len(set(cards)) != len(cards):
        return "a placement names each card once"
    own = [c for c in cards if c == magic or house_of(c) == house]
    found = frozenset(cards)
    if found == {WORLD}:
        return Kind(WORLD_K, (CLASSES[WORLD_K],))
    if found == {EMPEROR, EMPRESS}:
        return Kind(IMPERIAL, (CLASSES[IMPERIAL],), imperial=True)
    if len(cards) == 2 and LOVERS in found:
        other = next(c for c in cards if c != LOVERS)
        if other in (EMPEROR, EMPRESS):
            return Kind(ILLEGIT, (CLASSES[ILLEGIT],), imperial=True)
        if is_court(other) and house_of(other) == house:
            return Kind(ILLEGIT, (CLASSES[ILLEGIT],))
        return (
            "the Lovers make an Illegitimate Pair with the Emperor, the Empress or "
            "a court card of the field's house"
        )
    ranks = {c.rank for c in cards}
    if len(cards) == 2 and len(own) == 2 and ranks == {"Q", "K"}:
        return Kind(ROYAL, (CLASSES[ROYAL],))
    if variant == KROAM and found == {EMPRESS, _court("Q", house)}:
        return Kind(ROYAL, (CLASSES[ROYAL],))
    for rank, kind in (("Kn", KNIGHT), ("P", PAGE)):
        lead = _court(rank, house)
        if lead in found:
            rest = [c for c in cards if c != lead]
            if not rest or (len(rest) == 1 and rest[0].rank == "A" and rest[0] in own):
                return Kind(kind, (CLASSES[kind],))
            return f"a {TITLES[kind][2:]} is played alone, with the Lovers or with one Ace"
    if all(is_number(c) for c in cards) and len(own) == len(cards):
        total = sum(value(c) for c in cards)
        cls = SUM18 if total >= 18 else SUM15 if total >= 15 else SUM
        lowest = min(value(c) for c in cards)
        return Kind(cls, (CLASSES[cls], total, 0 if magic else 1, len(cards), lowest))
    return _refusal(cards, house)


def _court(rank: str, house: str) -> Card:
    return Card(rank, house)


def _refusal(cards: tuple[Card, ...], house: str) -> str:
    wrong = [c for c in cards if house_of(c) and house_of(c) != house]
    if wrong:
        return (
            f"only cards of the field's house ({HOUSE_NAMES[house]}) are placed on "
            f"it, and {wrong[0]} is not"
        )
    if any(c.rank in ("Q", "K") and house_of(c) for c in cards):
        return "a Queen and a King are played together as a Royal Couple, or each with the Lovers"
    if any(is_court(c) for c in cards):
        return "court cards are not added to number cards"
    return (
        "these cards make no placement: number cards of the house, a Knight or "
        "Page (with an Ace), a Royal Couple, an Illegitimate Pair, the Emperor "
        "and Empress, or the World"
    )


def describe(kind: str, cards: tuple[Card, ...], magic: Card | None) -> str:
    """The placement in words: ``a Royal Couple``, ``24 in number cards``."""
    if kind in TITLES:
        return TITLES[kind]
    total = sum(value(c) for c in cards if is_number(c))
    changed = " (one card changed by the Magician)" if magic is not None else ""
    return f"{total} in number cards{changed}"
