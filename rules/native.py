"""French-suited cards in the words of the table: Norwegian, Danish, Swedish and German.

Read: ``spar 5``, ``ruter 10``, ``Herz König``, ``hjerter dame``, ``klöver knekt``, and
the rank first too (``dame hjerter``); the German Unter and Ober as letters before or
after the suit (``UH``, ``♥O``, ``OS``) for the Jack and the Queen of the French deck,
as Karnöffel players name them. ``normalize`` rewrites such a phrase into the canonical
token (``5S``, ``10D``, ``KH``, ``QH``) wherever it stands in a line, so every game's
notation reads it unchanged. Only the French vocabulary uses it: the tarot has its own
houses and names.

Write: ``name(card, lang)`` in ``nb``, ``da``, ``sv``, ``de`` or ``en``.
"""

from __future__ import annotations

import re
from functools import cache

from tablelog.rules.cards import Card

__all__ = ["LANGUAGES", "name", "normalize", "strip_selectors"]

LANGUAGES = ("en", "nb", "da", "sv", "de")

_SUITS = {
    "nb": {"S": "spar", "H": "hjerter", "D": "ruter", "C": "kløver"},
    "da": {"S": "spar", "H": "hjerter", "D": "ruder", "C": "klør"},
    "sv": {"S": "spader", "H": "hjärter", "D": "ruter", "C": "klöver"},
    "de": {"S": "Pik", "H": "Herz", "D": "Karo", "C": "Kreuz"},
}
_RANKS = {
    "nb": {"J": "knekt", "Q": "dame", "K": "konge", "A": "ess"},
    "da": {"J": "knægt", "Q": "dame", "K": "konge", "A": "es"},
    "sv": {"J": "knekt", "Q": "dam", "K": "kung", "A": "ess"},
    "de": {"J": "Bube", "Q": "Dame", "K": "König", "A": "Ass"},
}
_EN_RANKS = {"J": "Jack", "Q": "Queen", "K": "King", "A": "Ace"}
_EN_SUITS = {"S": "Spades", "H": "Hearts", "D": "Diamonds", "C": "Clubs"}

_SUIT_WORDS: dict[str, str] = {
    word.casefold(): suit for names in _SUITS.values() for suit, word in names.items()
} | {
    "spader": "S", "klöver": "C", "klover": "C", "kløver": "C", "klør": "C", "klor": "C",
    "hjarter": "H", "kreuz": "C", "karo": "D", "herz": "H", "pik": "S", "ruder": "D",
    "spades": "S", "hearts": "H", "diamonds": "D", "clubs": "C",
}  # fmt: skip
_RANK_WORDS: dict[str, str] = {
    word.casefold(): rank for names in _RANKS.values() for rank, word in names.items()
} | {
    "knaegt": "J", "unter": "J", "bube": "J", "jack": "J",
    "ober": "Q", "queen": "Q", "dam": "Q",
    "koenig": "K", "konig": "K", "kung": "K", "king": "K",
    "daus": "A", "ace": "A",
}  # fmt: skip
_PLAIN_RANKS = {str(n): str(n) for n in range(2, 11)} | {"j": "J", "q": "Q", "k": "K", "a": "A"}
_SYMBOLS = {"♠": "S", "♥": "H", "♦": "D", "♣": "C", "♤": "S", "♡": "H", "♢": "D", "♧": "C"}
_GERMAN_LETTER = re.compile(
    r"(?<![\w])(?:([UO])([SHDC♠♥♦♣♤♡♢♧])|([♠♥♦♣♤♡♢♧])([UO]))(?![\w])", re.IGNORECASE
)
_SELECTORS = re.compile("[\ufe0e\ufe0f]")
_PIECES = re.compile(r"([\s:,]+)")


def strip_selectors(text: str) -> str:
    """``text`` without emoji variation selectors (a phone types ``K♥️`` for ``K♥``)."""
    return _SELECTORS.sub("", text)


def _rank_of(word: str) -> str | None:
    folded = word.casefold()
    return _RANK_WORDS.get(folded) or _PLAIN_RANKS.get(folded)


def _card(first: str, second: str) -> str | None:
    """The canonical token for the two words ``first second`` if they name a card."""
    suit = _SUIT_WORDS.get(first.casefold())
    if suit is not None:  # "spar 5", "Herz König"
        rank = _rank_of(second)
        return None if rank is None else rank + suit
    suit = _SUIT_WORDS.get(second.casefold())  # "dame hjerter", "5 spar"
    rank = _rank_of(first) if suit is not None else None
    return None if rank is None or suit is None else rank + suit


def _letter(match: re.Match[str]) -> str:
    rank = (match.group(1) or match.group(4)).upper()
    suit = (match.group(2) or match.group(3)).upper()
    return ("J" if rank == "U" else "Q") + _SYMBOLS.get(suit, suit)


@cache
def normalize(text: str) -> str:
    """``text`` with every native card phrase as its canonical token (``spar 5`` → ``5S``,
    ``Herz König`` → ``KH``, ``UH`` → ``JH``) and emoji variation selectors dropped
    (``K♥️`` → ``K♥``); everything else is left as it is. Two words make a card only
    when a space alone stands between them, read from the left (``spar 5 ruter 10``)."""
    text = _GERMAN_LETTER.sub(_letter, _SELECTORS.sub("", text))
    pieces = _PIECES.split(text)  # words at even places, separators at odd ones
    out: list[str] = []
    i = 0
    while i < len(pieces):
        if i + 2 < len(pieces) and pieces[i + 1].isspace():
            card = _card(pieces[i], pieces[i + 2])
            if card is not None:
                out.append(card)
                i += 3
                continue
        out.append(pieces[i])
        i += 1
    return "".join(out)


def name(card: Card, lang: str) -> str:
    """``card`` in the words of ``lang`` (``spar 5``, ``Herz König``; English ``5 of
    Spades``); a card outside the French suits keeps its text."""
    if card.suit not in _EN_SUITS:
        return card.text
    if lang == "en":
        return f"{_EN_RANKS.get(card.rank, card.rank)} of {_EN_SUITS[card.suit]}"
    suit = _SUITS[lang][card.suit]
    return f"{suit} {_RANKS[lang].get(card.rank, card.rank)}"
