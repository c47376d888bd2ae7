"""Card vocabularies: how a game's deck is written, read and named, per deck.

A rule set names its vocabulary (``RuleSet.vocabulary``). The French one reads ``7H``,
``7♥``, ``♥7`` and ``JK``; the tarot one reads the houses ``Sw St Cu Co`` before the rank
(``SwKn``, ``Cu10``), the picture cards ``T1``-``T21`` and the Fool, and names them in
English words (``Knight of Swords``). A card outside the vocabulary's deck is refused
with the forms it does take, so ``CH`` is never silently a tarot card in a French game.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import lru_cache

import attrs

from tablelog.rules.cards import (
    FOOL,
    JOKER,
    SUIT_NAMES,
    TAROT_SUIT_NAMES,
    TRUMP,
    Card,
    parse_card,
)
from tablelog.rules.errors import NotationError
from tablelog.rules.frozen import frozen
from tablelog.rules.native import normalize, strip_selectors

__all__ = ["FRENCH", "TAROT", "Vocabulary"]

_FRENCH_RANKS = {"J": "Jack", "Q": "Queen", "K": "King", "A": "Ace"}
_TAROT_RANKS = {"A": "Ace", "P": "Page", "Kn": "Knight", "Q": "Queen", "K": "King"}


@frozen
class Vocabulary:
    """How one kind of deck is written: ``read`` text, ``text`` and ``pretty`` forms,
    ``name`` in words, ``form`` (a line saying what may be typed) and ``owns`` (whether
    a card belongs to this kind of deck)."""

    name: str
    form: str
    owns: Callable[[Card], bool] = attrs.field(eq=False)
    words: Callable[[Card], str] = attrs.field(eq=False)
    native: bool = False
    """Whether the French suits' names in Norwegian, Danish, Swedish and German are read
    (``spar 5``, ``Herz König``, ``UH``; ``rules.native``)."""

    def normalize(self, text: str) -> str:
        """A line as typed, with native card phrases as canonical tokens (``spar 5`` →
        ``5S``) for a deck that reads them, and emoji variation selectors dropped."""
        return normalize(text) if self.native else strip_selectors(text)

    def read(self, text: str) -> Card:
        """The card written ``text``; ``NotationError`` naming the forms this deck takes."""
        try:
            card = parse_card(self.normalize(text))
        except NotationError:
            card = None
        if card is None or not self.owns(card):
            raise NotationError(f"{text.strip()!r} is not a card of this deck: {self.form}")
        return card

    def reads(self, text: str) -> bool:
        """Whether ``text``, as typed or normalized, reads as a card of this deck: what a
        player's name must not do. Remembered, since every new game asks it of its
        players' names again."""
        return _reads(self, text)

    @staticmethod
    def text(card: Card) -> str:
        """The canonical ASCII text (``7H``, ``SwKn``, ``T13``, ``FOOL``)."""
        return card.text

    @staticmethod
    def pretty(card: Card) -> str:
        """The text for people (``7♥``)."""
        return card.pretty

    def describe(self, card: Card) -> str:
        """The card in words (``Queen of Hearts``, ``Knight of Swords``, ``the Fool``)."""
        return self.words(card)


@lru_cache(maxsize=1024)
def _reads(vocabulary: Vocabulary, text: str) -> bool:
    for form in (text, vocabulary.normalize(text)):
        try:
            vocabulary.read(form)
        except NotationError:
            continue
        return True
    return False


def _french_owns(card: Card) -> bool:
    return card == JOKER or card.suit in ("S", "H", "D", "C")


def _french_words(card: Card) -> str:
    if card == JOKER:
        return "a joker"
    return f"{_FRENCH_RANKS.get(card.rank, card.rank)} of {SUIT_NAMES[card.suit].title()}"


def _tarot_owns(card: Card) -> bool:
    return card.suit == TRUMP or card.suit in TAROT_SUIT_NAMES


def _tarot_words(card: Card) -> str:
    if card == FOOL:
        return "the Fool"
    if card.suit == TRUMP:
        return f"picture card {card.rank}"
    return f"{_TAROT_RANKS.get(card.rank, card.rank)} of {TAROT_SUIT_NAMES[card.suit]}"


FRENCH = Vocabulary(
    "french",
    "rank then suit, like 7H, 10S, QD or 7♥ (ranks 2-10, J, Q, K, A; suits S, H, D, C "
    "or ♠ ♥ ♦ ♣; a joker is JK; or in words, like spar 5, hjerter dame, Herz König)",
    _french_owns,
    _french_words,
    native=True,
)

TAROT = Vocabulary(
    "tarot",
    "house then rank, like SwKn, Cu10 or CoA (houses Sw, St, Cu, Co for Swords, Staves, "
    "Cups, Coins; ranks A, 2-10, P, Kn, Q, K), a picture card T1-T21, or FOOL",
    _tarot_owns,
    _tarot_words,
)
