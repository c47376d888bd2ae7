"""Narrespillet's cards: the tarot deck, its four houses (the battlefields), the 22
picture cards by name, what kind of card a card is (number, court, picture), and which
cards each of the Hierophant's choices names."""

from __future__ import annotations

from collections import Counter

from tablelog.rules.cards import FOOL, TAROT_SUITS, TRUMP, Card, deck_tarot

DECK: tuple[Card, ...] = deck_tarot()
DECK_COUNTS: Counter[Card] = Counter(DECK)
HOUSES = TAROT_SUITS  # Sw, St, Cu, Co: the battlefields, in the order of the tie-breaks
HOUSE_NAMES = {"Sw": "Swords", "St": "Staves", "Cu": "Cups", "Co": "Coins"}


def trump(n: int) -> Card:
    """Picture card ``n`` (1..21)."""
    return Card(str(n), TRUMP)


MAGICIAN, PRIESTESS, EMPRESS, EMPEROR, HIEROPHANT, LOVERS, CHARIOT = map(trump, range(1, 8))
JUSTICE, HERMIT, WHEEL, STRENGTH, HANGED, DEATH, TEMPERANCE = map(trump, range(8, 15))
DEMONS_CARD, TOWER, STAR, MOON, SUN, JUDGEMENT, WORLD = map(trump, range(15, 22))
PICTURE_NAMES = {
    FOOL: "the Fool",
    MAGICIAN: "the Magician",
    PRIESTESS: "the High Priestess",
    EMPRESS: "the Empress",
    EMPEROR: "the Emperor",
    HIEROPHANT: "the Hierophant",
    LOVERS: "the Lovers",
    CHARIOT: "the Chariot",
    JUSTICE: "Justice",
    HERMIT: "the Hermit",
    WHEEL: "the Wheel of Fortune",
    STRENGTH: "Strength",
    HANGED: "the Hanged Man",
    DEATH: "Death",
    TEMPERANCE: "Temperance",
    DEMONS_CARD: "the Demons",
    TOWER: "the Tower",
    STAR: "the Star",
    MOON: "the Moon",
    SUN: "the Sun",
    JUDGEMENT: "Judgement",
    WORLD: "the World",
}
NUMBER_RANKS = ("A", "2", "3", "4", "5", "6", "7", "8", "9", "10")
COURT_RANKS = ("P", "Kn", "Q", "K")


def house_of(card: Card) -> str:
    """The card's house, ``""`` for a picture card or the Fool."""
    return card.suit if card.suit in HOUSE_NAMES else ""


def is_number(card: Card) -> bool:
    """Ace to ten of a house."""
    return card.suit in HOUSE_NAMES and card.rank in NUMBER_RANKS


def is_court(card: Card) -> bool:
    """Page, Knight, Queen or King of a house."""
    return card.suit in HOUSE_NAMES and card.rank in COURT_RANKS


def value(card: Card) -> int:
    """A number card's value (the Ace counts one)."""
    return 1 if card.rank == "A" else int(card.rank)


# The Hierophant's choices: a house's number and court cards, the pictures, the Fool


def matches(choice: str, card: Card) -> bool:
    """Whether the Hierophant's ``choice`` names ``card``: "Alle tall- og hoffkort i ett
    av husene, alle billedkort unntatt Narren eller Narren alene"."""
    if choice == "fool":
        return card == FOOL
    if choice == "pictures":
        return card.suit == "T" and card != FOOL
    return card.suit == choice


def category_cards(choice: str) -> tuple[Card, ...]:
    """The cards of the deck the Hierophant's ``choice`` names, in deck order."""
    return tuple(c for c in DECK if matches(choice, c))


_CATEGORY = {
    "fool": ("the Fool alone", "Fool"),
    "pictures": ("all picture cards but the Fool", "picture card but the Fool"),
}


def category(choice: str, *, one: bool = False) -> str:
    """The Hierophant's ``choice`` in words: its cards, or (``one``) one card of it."""
    if choice in _CATEGORY:
        return _CATEGORY[choice][one]
    house = HOUSE_NAMES[choice]
    return f"number or court card of {house}" if one else f"the number and court cards of {house}"
