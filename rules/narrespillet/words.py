"""Card and battlefield names a person may type, in Norwegian and English.

``read_card`` takes the canonical text (``SwKn``, ``Cu10``, ``T13``, ``FOOL``), a joined
Norwegian name (``sverdridder``, ``stavess``, ``myntkonge``) or a picture card's name
(``Døden``, ``Death``, ``tårnet``); ``join_phrases`` first glues phrases of several words
into one token (``ti staver`` → ``ti_staver``, ``Knight of Swords`` → ``knight_of_swords``,
``De Elskende`` → ``de_elskende``).
"""

from __future__ import annotations

import re

from tablelog.rules.cards import FOOL, Card
from tablelog.rules.errors import NotationError
from tablelog.rules.narrespillet.deck import HOUSE_NAMES, PICTURE_NAMES, trump
from tablelog.rules.vocab import TAROT

__all__ = ["card_words", "join_phrases", "read_card", "read_field"]

HOUSE_WORDS = {
    "sw": "Sw", "sverd": "Sw", "sverdene": "Sw", "swords": "Sw", "sword": "Sw",
    "st": "St", "stav": "St", "staver": "St", "stavene": "St", "staves": "St", "stave": "St",
    "cu": "Cu", "beger": "Cu", "begere": "Cu", "begerne": "Cu", "cups": "Cu", "cup": "Cu",
    "co": "Co", "mynt": "Co", "mynter": "Co", "myntene": "Co", "coins": "Co", "coin": "Co",
}  # fmt: skip
RANK_WORDS = {
    "ess": "A", "ace": "A", "svenn": "P", "page": "P", "ridder": "Kn", "knight": "Kn",
    "dronning": "Q", "dronningen": "Q", "queen": "Q", "konge": "K", "kongen": "K", "king": "K",
    "svennen": "P", "ridderen": "Kn", "esset": "A",
    "to": "2", "tre": "3", "fire": "4", "fem": "5", "seks": "6", "syv": "7", "sju": "7",
    "åtte": "8", "ni": "9", "ti": "10", "two": "2", "three": "3", "four": "4", "five": "5",
    "six": "6", "seven": "7", "eight": "8", "nine": "9", "ten": "10",
}  # fmt: skip
for _n in range(2, 11):
    RANK_WORDS[str(_n)] = str(_n)
PICTURE_WORDS = {
    "narren": FOOL, "fool": FOOL,
    "trollmannen": trump(1), "magician": trump(1),
    "yppersteprestinnen": trump(2), "high_priestess": trump(2), "priestess": trump(2),
    "keiserinnen": trump(3), "empress": trump(3),
    "keiseren": trump(4), "emperor": trump(4),
    "ypperstepresten": trump(5), "hierophant": trump(5),
    "de_elskende": trump(6), "elskende": trump(6), "lovers": trump(6),
    "vognen": trump(7), "chariot": trump(7),
    "rettferdigheten": trump(8), "justice": trump(8),
    "eneboeren": trump(9), "hermit": trump(9),
    "lykkens_hjul": trump(10), "wheel_of_fortune": trump(10), "wheel": trump(10),
    "styrke": trump(11), "strength": trump(11),
    "den_hengte_mann": trump(12), "hanged_man": trump(12), "hanged": trump(12),
    "døden": trump(13), "death": trump(13),
    "måtehold": trump(14), "temperance": trump(14),
    "demonene": trump(15), "demons": trump(15),
    "tårnet": trump(16), "tower": trump(16),
    "stjernen": trump(17), "star": trump(17),
    "månen": trump(18), "moon": trump(18),
    "solen": trump(19), "sun": trump(19),
    "dommen": trump(20), "judgement": trump(20), "judgment": trump(20),
    "verden": trump(21), "world": trump(21),
}  # fmt: skip
_PHRASES = re.compile(
    r"\b(de elskende|lykkens hjul|den hengte mann|high priestess|hanged man|wheel of fortune"
    r"|\w+ of (?:swords|staves|cups|coins)"
    r"|(?:to|tre|fire|fem|seks|syv|sju|åtte|ni|ti|\d+) (?:sverd|staver|begere|mynter))\b",
    re.IGNORECASE,
)
_THE = re.compile(r"\b(the|a|an) (?=\w)", re.IGNORECASE)


def join_phrases(text: str) -> str:
    """Glue the names of several words into single tokens."""
    return _PHRASES.sub(lambda m: m.group(0).replace(" ", "_"), text)


def read_card(token: str) -> Card:
    """The card a token names, or ``NotationError`` saying what may be typed."""
    raw = token.strip()
    low = raw.casefold()
    if low in PICTURE_WORDS:
        return PICTURE_WORDS[low]
    if low.startswith("the_") and low[4:] in PICTURE_WORDS:
        return PICTURE_WORDS[low[4:]]
    parts = low.split("_")
    if len(parts) == 3 and parts[1] == "of" and parts[0] in RANK_WORDS and parts[2] in HOUSE_WORDS:
        return Card(RANK_WORDS[parts[0]], HOUSE_WORDS[parts[2]])
    if len(parts) == 2 and parts[0] in RANK_WORDS and parts[1] in HOUSE_WORDS:
        return Card(RANK_WORDS[parts[0]], HOUSE_WORDS[parts[1]])
    for house_word in sorted(HOUSE_WORDS, key=len, reverse=True):
        if (
            len(house_word) > 2
            and low.startswith(house_word)
            and low[len(house_word) :] in RANK_WORDS
        ):
            return Card(RANK_WORDS[low[len(house_word) :]], HOUSE_WORDS[house_word])
    try:
        return TAROT.read(raw)
    except NotationError:
        raise NotationError(
            f"{raw!r} is not a card: {TAROT.form}; Norwegian or English names also do "
            "(sverdridder, ti_staver, Knight of Swords, Døden, Death)"
        ) from None


def read_field(token: str) -> str:
    """The battlefield a word names (``Sw``, ``sverd``, ``Swords``)."""
    house = HOUSE_WORDS.get(token.strip().casefold())
    if house is None:
        raise NotationError(
            f"{token!r} is not a battlefield: Sw, St, Cu or Co (Swords, Staves, Cups, Coins)"
        )
    return house


def card_words(card: Card) -> str:
    """A card in English words: ``the Knight of Swords``, ``Death``."""
    if card in PICTURE_NAMES:
        return PICTURE_NAMES[card]
    return "the " + TAROT.describe(card)


_ = (HOUSE_NAMES, _THE)
