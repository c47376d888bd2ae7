"""The one deal notation every game shares: ``deal`` and what was dealt, parsed and formatted
against the game's ``DealPlan`` (see ``rules.dealing``).

Two forms; the plan fixes where each card goes and which lie face up, so neither repeats it:

* **short**: the face-up cards, in dealing order; every face-down card stays unseen::

      deal 9H 10C 8C 10H           Karnöffel: each player's first card, from the dealer's left
      deal table 5C KD             Nørdekasino's first deal: the two table cards
      deal                         a deal with nothing face up (a Nørdekasino re-deal)

  A place's name may stand before cards (``deal Bo 9H Cai 10C ...``, ``deal table 5C KD``);
  the cards after it must go there, which is checked. Commas may separate the cards.
  ``format`` names a zone (``table``) before its face-up cards and never a player.

* **full**: each place with its cards in the order they were dealt to it, ``?`` for a card
  nobody at the table saw; the face-up cards must be entered::

      deal Bo:9H,QS,?,?,? Cai:10C,?,?,?,? Dina:8C,?,?,?,? Anna:10H,7S,8S,9S,JS
      deal Bo:7H,2S,3C,4D Cai:?,?,?,? Anna:9C,?,?,? table:5C,KD

  A place is written as a player's name (that player's hand), a zone (``table``,
  ``middle``), a player's own zone (``Cai.up``) or a numbered place (``table:0``, so a
  group reads ``table:0:5C``). Names are read without regard to case. Places may come in
  any order; a place left out gets only unseen cards (so it may not be one that gets a
  face-up card). ``format`` writes the places in dealing order and leaves out those whose
  cards are all unseen; it writes the short form when no face-down card is known.

``parse_deal(plan, format_deal(plan, deal)) == deal`` for every deal that follows the plan.
"""

from __future__ import annotations

import re
from collections.abc import Callable

from tablelog.rules.cards import Card, parse_card
from tablelog.rules.dealing import DealPlan, owner
from tablelog.rules.errors import NotationError
from tablelog.rules.events import Deal, Dealt

__all__ = ["deal_forms", "format_deal", "parse_deal"]

UNSEEN = "?"
_AROUND_PUNCTUATION = re.compile(r"\s*([,:])\s*")
_FULL_FORM_PLACES = 4
"""How many places the full form's example in ``deal_forms`` writes out before ``...``."""

Reader = Callable[[str], Card]


def deal_forms(plan: DealPlan) -> str:
    """How a person enters this deal, both forms, as a phrase for hints and errors."""
    short = " ".join(["deal", *_short_words(plan, ["UP"] * len(plan.ups))])
    groups = [
        f"{plan.name(to)}:" + ",".join("UP" if p.up else UNSEEN for p in plan.places if p.to == to)
        for to in plan.destinations
    ]
    if len(groups) > _FULL_FORM_PLACES:
        groups = [*groups[:_FULL_FORM_PLACES], "..."]
    what = "the face-up cards in dealing order" if plan.ups else "nothing is face up"
    return f"{short} ({what}), or deal {' '.join(groups)} (each place's cards, ? unseen)"


def _short_words(plan: DealPlan, cards: list[str]) -> list[str]:
    words: list[str] = []
    last: str | None = None
    for i, text in zip(plan.ups, cards, strict=True):
        to = plan.places[i].to
        if owner(to) is None and to != last:
            words.append(plan.name(to))
        last = to
        words.append(text)
    return words


def format_deal(plan: DealPlan, deal: Deal) -> str:
    """The canonical text of ``deal`` (short form unless a face-down card is known)."""
    cards = deal.cards
    if tuple((d.to, d.up) for d in cards) != plan.shape or any(
        cards[i].card is None for i in plan.ups
    ):
        raise NotationError(
            f"this deal does not follow the game's deal ({plan.rule}; {plan.face_up}), "
            "so it has no notation"
        )
    if all(d.card is None for d in cards if not d.up):
        ups = [_text(cards[i].card) for i in plan.ups]
        return " ".join(["deal", *_short_words(plan, ups)])
    groups = []
    for to in plan.destinations:
        mine = [d for d in cards if d.to == to]
        if any(d.up or d.card is not None for d in mine):
            groups.append(f"{plan.name(to)}:" + ",".join(_text(d.card) for d in mine))
    return " ".join(["deal", *groups])


def _text(card: Card | None) -> str:
    return UNSEEN if card is None else card.text


def parse_deal(plan: DealPlan, text: str, read: Reader = parse_card) -> Deal:
    """The deal written ``text`` (what follows the word ``deal``); ``NotationError``
    naming the problem and both forms."""
    places = {plan.name(to).casefold(): to for to in plan.destinations}
    words = _words(_AROUND_PUNCTUATION.sub(r"\1", text.strip()), places)
    groups: dict[str, str] = {}
    short: list[tuple[str | None, str]] = []  # (the place named before it, the card's text)
    named: str | None = None
    dangling: str | None = None  # a place named with no card after it yet
    for word in words:
        low = word.casefold()
        head, colon, tail = word.rpartition(":")
        if low in places:
            named = dangling = places[low]
        elif colon and head.casefold() in places:
            to = places[head.casefold()]
            if to in groups:
                raise _error(plan, f"{plan.name(to)}'s cards are given twice")
            groups[to] = tail
        else:
            short.extend((named, part) for part in word.split(",") if part)
            dangling = None
    if groups and short:
        raise _error(
            plan,
            f"{short[0][1]!r} stands alone among places with their cards: write either "
            "the face-up cards alone or every card after its place",
        )
    if groups:
        return _parse_full(plan, groups, read)
    if dangling is not None:
        raise _error(plan, f"no card follows {plan.name(dangling)}")
    return _parse_short(plan, short, read)


def _words(text: str, places: dict[str, str]) -> list[str]:
    """``text`` split at spaces, except inside a place's name that has spaces (a player
    called "Anna B"): that name stays one word, as it is known."""
    spaced = sorted((name for name in places if " " in name), key=len, reverse=True)
    if not spaced:
        return text.split()
    pattern = "|".join(re.escape(name) for name in spaced)
    marked = re.sub(
        rf"(?i)(?<!\S)({pattern})(?=[:\s]|$)", lambda m: m.group(1).replace(" ", "\0"), text
    )
    return [word.replace("\0", " ") for word in marked.split()]


def _error(plan: DealPlan, problem: str) -> NotationError:
    return NotationError(f"{problem}; enter the deal as {deal_forms(plan)}")


def _read(plan: DealPlan, word: str, read: Reader, which: str = "") -> Card:
    """The card ``word``; else an error naming it and where it stands (``which``: "the 3rd
    card", "Bo's 2nd card")."""
    try:
        return read(word)
    except NotationError:
        names = ", ".join(plan.name(to) for to in plan.destinations)
        said = f"{which}, {word!r}," if which else repr(word)
        raise _error(
            plan, f"{said} is neither a card nor a place this deal gives cards to ({names})"
        ) from None


def ordinal(n: int) -> str:
    """``1st``, ``2nd``, ``3rd``, ``4th`` ... ``11th``, ``21st``."""
    suffix = "th" if 10 <= n % 100 <= 20 else {1: "st", 2: "nd", 3: "rd"}.get(n % 10, "th")
    return f"{n}{suffix}"


def _parse_short(plan: DealPlan, short: list[tuple[str | None, str]], read: Reader) -> Deal:
    ups = plan.ups
    if any(word == UNSEEN for _, word in short):
        raise _error(
            plan, f"{plan.face_up}, so face-up cards must be entered ({UNSEEN} is for unseen ones)"
        )
    read_cards = [
        _read(plan, word, read, f"the {ordinal(n)} card") for n, (_, word) in enumerate(short, 1)
    ]
    if len(short) != len(ups):
        if not ups:
            given = "1 card was" if len(short) == 1 else f"{len(short)} cards were"
            raise _error(plan, f"nothing is dealt face up in this deal, but {given} given")
        wanted = plan.summary(plan.places[i].to for i in ups)
        raise _error(
            plan,
            f"a deal names the {len(ups)} face-up cards ({wanted}) in dealing order, "
            f"got {len(short)} ({' '.join(c.text for c in read_cards)})",
        )
    cards: list[Card | None] = [None] * len(plan)
    for n, (i, (label, word)) in enumerate(zip(ups, short, strict=True)):
        to = plan.places[i].to
        if label is not None and label != to:
            raise _error(
                plan,
                f"face-up card {n + 1} ({word}) goes to {plan.phrase(to)}, "
                f"not to {plan.phrase(label)}",
            )
        cards[i] = read_cards[n]
    return _deal(plan, cards)


def _parse_full(plan: DealPlan, groups: dict[str, str], read: Reader) -> Deal:
    per_place: dict[str, list[Card | None]] = {}
    for to in plan.destinations:
        mine = [p for p in plan.places if p.to == to]
        name = plan.name(to)
        if to not in groups:
            if any(p.up for p in mine):
                raise _error(plan, f"{name} gets face-up cards, so {name}'s cards must be entered")
            per_place[to] = [None] * len(mine)
            continue
        words = [w for w in groups[to].split(",") if w] if groups[to] else []
        if len(words) != len(mine):
            raise _error(
                plan,
                f"{plan.phrase(to)} gets {len(mine)} cards in this deal, not {len(words)}: "
                f"write each one, {UNSEEN} for an unseen card",
            )
        got: list[Card | None] = []
        for n, (place, word) in enumerate(zip(mine, words, strict=True)):
            if word == UNSEEN and place.up:
                raise _error(
                    plan,
                    f"{plan.face_up}, so face-up cards must be entered: card {n + 1} of "
                    f"{name} is face up",
                )
            which = f"{name}'s {ordinal(n + 1)} card"
            got.append(None if word == UNSEEN else _read(plan, word, read, which))
        per_place[to] = got
    taken = {to: iter(cards) for to, cards in per_place.items()}
    return _deal(plan, [next(taken[place.to]) for place in plan.places])


def _deal(plan: DealPlan, cards: list[Card | None]) -> Deal:
    return Deal(
        tuple(
            Dealt(place.to, card, place.up) for place, card in zip(plan.places, cards, strict=True)
        )
    )
