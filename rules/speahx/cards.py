"""Speahx's card rules: what may be laid on the pile, the canonical order of a play, and
what a play does to the pile (a 2 names a suit; tens and four of a kind burn it).

Pure functions of a few values, shared by the validator (``play``) and the generator
(``moves``), so the two always agree.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import lru_cache

from tablelog.rules.cards import JOKER, Card
from tablelog.rules.speahx.state import COMBO4, EACH_JACK, PILE_RUN, SUIT_WORDS, SUITS, Options

__all__ = ["burn", "canonical", "give_problem", "matches", "play_problem", "suit_order"]


class _SuitPlace(dict[Card, int]):
    """Each card's place by suit, worked out once per card (a card is interned: at most
    the 53 cards of a French deck with a joker are ever held)."""

    def __missing__(self, card: Card) -> int:
        place = self[card] = SUITS.index(card.suit) if card.suit in SUITS else len(SUITS)
        return place


suit_order = _SuitPlace().__getitem__
"""The place of a card's suit in S, H, D, C (the order of a play's middle cards); a sort
key asked of every card of every play listed, so a dictionary lookup in C."""


def canonical(cards: Sequence[Card]) -> tuple[Card, ...]:
    """The order a play is recorded in: the first and the last card as laid, the cards
    between them in suit order (S, H, D, C), since only the first (it must fit the pile)
    and the last (it lies on top) matter. A play of 2s or 10s is all in suit order: the
    2 names its suit and tens burn the pile, so their order means nothing."""
    if len(cards) <= 1:
        return tuple(cards)
    if cards[0].rank in ("2", "10"):
        return tuple(sorted(cards, key=suit_order))
    middle = sorted(cards[1:-1], key=suit_order)
    return (cards[0], *middle, cards[-1])


def matches(card: Card, top: Card | None, suit: str) -> bool:
    """Whether ``card`` may be laid on ``top`` (``suit``: the suit to follow)."""
    return top is None or (card.rank == top.rank and top.rank != "2") or card.suit == suit


def is_torkel(cards: Sequence[Card], options: Options) -> bool:
    """Whether ``cards`` are a Terminator-Torkel under ``options``."""
    rule = options.torkel_rule
    if rule == EACH_JACK:
        return len(cards) == 1 and cards[0].rank == "J"
    if rule == COMBO4:
        return (
            len(cards) == 4
            and all(c.rank == "J" for c in cards)
            and len({c.suit for c in cards}) == 4
        )
    return False


def play_problem(
    cards: Sequence[Card], suit: str, top: Card | None, follow: str, options: Options
) -> str | None:
    """Why ``cards`` (with ``suit`` named) may not be laid on ``top``, or ``None``
    (remembered for a tuple of cards: every play is asked by ``apply``)."""
    return _play_problem(tuple(cards), suit, top, follow, options)


@lru_cache(maxsize=1 << 13)
def _play_problem(
    cards: tuple[Card, ...], suit: str, top: Card | None, follow: str, options: Options
) -> str | None:
    if not cards:
        return "a play lays at least one card"
    if JOKER in cards:
        return "a joker is not laid on the pile: it gives the pile to a player (joker NAME)"
    rank = cards[0].rank
    if any(c.rank != rank for c in cards):
        return "the cards of one play must all have the same rank"
    if options.torkel_rule == EACH_JACK and rank == "J":
        return (
            "every jack is a Terminator-Torkel in this game (option torkel=each_jack): "
            "it gives the pile to a player (JH to NAME)"
        )
    if is_torkel(cards, options):
        return (
            "four jacks of four suits are a Terminator-Torkel (no jokers in this game): "
            "they give the pile to a player (JC JD JH JS to NAME)"
        )
    if tuple(cards) != canonical(cards):
        return (
            "the cards between the first and the last of a play are recorded in suit "
            "order S, H, D, C (2s and 10s all in that order)"
        )
    if rank == "2":
        if suit not in SUITS:
            return "a 2 names the suit to follow: add spades, hearts, diamonds or clubs"
    elif suit:
        return "only a 2 names a suit"
    if rank in ("2", "10") or len(cards) >= 4 or matches(cards[0], top, follow):
        return None
    assert top is not None
    return (
        f"{cards[0]} does not fit the pile: lay a card of the same rank as {top} or of "
        f"{SUIT_WORDS[follow]}, or a special card (2, 10, joker)"
    )


def give_problem(cards: Sequence[Card], options: Options) -> str | None:
    """Why ``cards`` may not give the pile away, or ``None``."""
    if tuple(cards) == (JOKER,):
        if not options.jokers:
            return "this game is played without jokers"
        return None
    if is_torkel(cards, options):
        if tuple(cards) != tuple(sorted(cards, key=suit_order)):
            return "a Terminator-Torkel is recorded in suit order: JS JH JD JC"
        return None
    if options.jokers:
        return "only a joker gives the pile away (a Terminator-Torkel only when no jokers are used)"
    if options.torkel_rule == COMBO4:
        return "only a Terminator-Torkel gives the pile away: four jacks of four suits"
    if options.torkel_rule == EACH_JACK:
        return "only a jack (a Terminator-Torkel) gives the pile away, one at a time"
    return "nothing gives the pile away in this game (no jokers, no Terminator-Torkel)"


def run_length(pile: Sequence[Card]) -> int:
    """How many cards of the top card's rank lie together on top of the pile."""
    if not pile:
        return 0
    rank = pile[-1].rank
    n = 0
    for card in reversed(pile):
        if card.rank != rank:
            break
        n += 1
    return n


def burn(
    pile: tuple[Card, ...], played: int, options: Options
) -> tuple[tuple[Card, ...], tuple[Card, ...]]:
    """The pile after ``played`` cards were laid on it (already on top), and the cards it
    burns: everything for a 10; for four of a kind every complete four and the rest of
    the pile, leaving the equal cards beyond the fours (several decks) as the new pile."""
    rank = pile[-1].rank
    if rank == "10":
        return (), pile
    count = run_length(pile) if options.four_kind_scope == PILE_RUN else played
    if count < 4:
        return pile, ()
    keep = count % 4
    if not keep:
        return (), pile
    return pile[-keep:], pile[:-keep]
