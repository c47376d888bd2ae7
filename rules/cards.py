"""Cards, their text form, and the decks tablelog knows.

A card is a tiny frozen value, ``Card("7", "H")``, written ``7H`` (ASCII, canonical) or
``7♥`` (Unicode); both are accepted when parsing. Decks are tuples of cards: several decks
mixed may hold the same card more than once, so every place that holds cards is a multiset.

Text forms:

* French suits ``S H D C`` (also ``♠♥♦♣`` and ``♤♡♢♧``), ranks ``2``-``10`` (``T`` is read
  as 10), ``J Q K A``; a joker is ``JK``.
* Tarot (see ``rules.vocab.TAROT``): its own houses ``Sw St Cu Co`` (Swords, Staves,
  Cups, Coins) written before the rank (``SwA``, ``Cu10``), ranks ``A 2``-``10`` and the
  court ``P Kn Q K`` (Page, Knight, Queen, King); picture cards ``T1``-``T21``; the Fool
  ``FOOL``. A tarot card never shares a suit with a French one, so ``C`` means Clubs only.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable
from functools import cache

from tablelog.rules.errors import NotationError
from tablelog.rules.frozen import frozen

__all__ = [
    "FRENCH_RANKS",
    "JOKER",
    "SUITS",
    "SUIT_SYMBOLS",
    "TAROT_SUITS",
    "Card",
    "cards_text",
    "deck_48",
    "deck_french",
    "deck_tarot",
    "multiset",
    "parse_card",
    "parse_cards",
]

SUITS = ("S", "H", "D", "C")
SUIT_SYMBOLS = {"S": "♠", "H": "♥", "D": "♦", "C": "♣"}
SUIT_NAMES = {"S": "spades", "H": "hearts", "D": "diamonds", "C": "clubs", "T": "trumps"}
_SYMBOL_TO_SUIT = {
    "♠": "S", "♥": "H", "♦": "D", "♣": "C",
    "♤": "S", "♡": "H", "♢": "D", "♧": "C",
}  # fmt: skip
FRENCH_RANKS = ("2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A")
TAROT_SUITS = ("Sw", "St", "Cu", "Co")
TAROT_SUIT_NAMES = {"Sw": "Swords", "St": "Staves", "Cu": "Cups", "Co": "Coins"}
TAROT_SUIT_RANKS = ("A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "P", "Kn", "Q", "K")
_RANK_ALIASES = {"T": "10", "1": "A"}
TRUMP = "T"
JOKER_RANK = "JK"


_INTERNED: dict[tuple[str, str], Card] = {}


@frozen(eq=False, repr=False, order=False)
class Card:
    """One playing card: a rank and a suit (``""`` for a joker, ``"T"`` for tarot trumps).

    Cards are interned: ``Card("7", "H") is Card("7", "H")``, so equality is identity and
    the hash is the object's own (both in C, the hottest calls of every engine), while a
    card means what its rank and suit say. Unpickling and copying go through ``Card``
    too (``__reduce__``), so a card from another process is the same object as well.
    """

    rank: str
    suit: str

    def __new__(cls, rank: str, suit: str) -> Card:
        card = _INTERNED.get((rank, suit))
        if card is None:
            card = _INTERNED[(rank, suit)] = super().__new__(cls)
        return card

    def __reduce__(self) -> tuple[type[Card], tuple[str, str]]:
        return (Card, (self.rank, self.suit))

    def __repr__(self) -> str:
        return f"Card({self.rank!r}, {self.suit!r})"

    def __str__(self) -> str:
        return self.text

    @property
    def text(self) -> str:
        """The canonical ASCII text: ``7H``, ``10S``, ``JK``, ``T21``, ``FOOL``."""
        return _text(self)

    @property
    def pretty(self) -> str:
        """The text with a Unicode suit symbol, for people: ``7♥``."""
        if self.suit in SUIT_SYMBOLS:
            return self.rank + SUIT_SYMBOLS[self.suit]
        return self.text


@cache
def _text(card: Card) -> str:
    if card.suit == TRUMP:
        return "FOOL" if card.rank == "0" else f"T{card.rank}"
    if card.rank == JOKER_RANK:
        return JOKER_RANK
    if card.suit in TAROT_SUIT_NAMES:
        return card.suit + card.rank
    return card.rank + card.suit


JOKER = Card(JOKER_RANK, "")
FOOL = Card("0", TRUMP)


@cache
def _card(rank: str, suit: str) -> Card:
    return Card(rank, suit)


@cache
def parse_card(text: str) -> Card:
    """Read one card from its text form (case and symbol insensitive).

    >>> parse_card("10♥") == parse_card("th") == Card("10", "H")
    True
    """
    raw = text.strip().replace("\ufe0f", "").replace("\ufe0e", "")  # K♥️ from a phone
    t = raw.upper()
    if not t:
        raise NotationError("expected a card, got nothing")
    if t in ("JK", "JOKER", "*"):
        return JOKER
    if t in ("FOOL", "T0", "EX"):
        return FOOL
    tarot = _tarot(raw)
    if tarot is not None:
        return tarot
    if t[0] in _SYMBOL_TO_SUIT and len(t) > 1:  # "♥7" is read as "7♥"
        t = t[1:] + t[0]
    if t[0] == TRUMP and t[1:].isascii() and t[1:].isdigit() and 1 <= int(t[1:][-3:]) <= 21:
        return _card(str(int(t[1:])), TRUMP)
    suit = _SYMBOL_TO_SUIT.get(t[-1], t[-1])
    rank = _RANK_ALIASES.get(t[:-1], t[:-1])
    if suit not in SUITS or rank not in _ALL_RANKS:
        shown = raw if len(raw) <= 24 else raw[:24] + "…"
        raise NotationError(
            f"{shown!r} is not a card: write rank then suit, like 7H, 10S, QD or 7♥ "
            "(ranks 2-10, J, Q, K, A; suits S, H, D, C or ♠ ♥ ♦ ♣)"
        )
    return _card(rank, suit)


_ALL_RANKS = frozenset(FRENCH_RANKS)
_TAROT_SUIT_BY_UPPER = {s.upper(): s for s in TAROT_SUITS}
_TAROT_RANK_BY_UPPER = {r.upper(): r for r in TAROT_SUIT_RANKS} | {"1": "A"}


def _tarot(raw: str) -> Card | None:
    """A tarot house card written house first (``SwKn``, ``cu10``), else ``None``."""
    suit = _TAROT_SUIT_BY_UPPER.get(raw[:2].upper())
    rank = _TAROT_RANK_BY_UPPER.get(raw[2:].upper())
    return None if suit is None or rank is None else _card(rank, suit)


def parse_cards(text: str) -> tuple[Card, ...]:
    """Read cards separated by spaces or commas."""
    return tuple(parse_card(part) for part in text.replace(",", " ").split())


def cards_text(cards: Iterable[Card], *, pretty: bool = False) -> str:
    """Cards as text separated by spaces."""
    return " ".join(c.pretty if pretty else c.text for c in cards)


def deck_french(*, jokers: int = 0, decks: int = 1) -> tuple[Card, ...]:
    """The French 52-card deck (with ``jokers`` jokers), ``decks`` times over."""
    one = tuple(_card(r, s) for s in SUITS for r in FRENCH_RANKS) + (JOKER,) * jokers
    return one * decks


def deck_48(*, decks: int = 1) -> tuple[Card, ...]:
    """The 48-card deck: the French deck without its aces."""
    one = tuple(_card(r, s) for s in SUITS for r in FRENCH_RANKS if r != "A")
    return one * decks


def deck_tarot(*, decks: int = 1) -> tuple[Card, ...]:
    """The 78-card tarot: four houses of ace..10 and P, Kn, Q, K; trumps 1-21; the Fool."""
    suits = tuple(_card(r, s) for s in TAROT_SUITS for r in TAROT_SUIT_RANKS)
    trumps = tuple(_card(str(n), TRUMP) for n in range(1, 22))
    return (suits + trumps + (FOOL,)) * decks


def multiset(cards: Iterable[Card]) -> Counter[Card]:
    """The cards as a multiset (a ``Counter``), for comparing collections of cards."""
    return Counter(cards)
