"""Nørdekasino's claims on face-down hands (``rules.claims``): builds to a held value.

*"man kun må bygge til kortværdier som man har på hånden"*: a build must be worth a value
the builder (or, built for partner, the partner) still holds. With the hand face down in
the record the build is accepted and leaves a claim ("Bo holds a card worth 9"), settled
by the first card worth 9 that hand shows and broken when its unseen cards can no longer
hold one. The values a seat may hold (``values_after``) count a face-down card only for a
value whose claim could still be met together with every open claim.
"""

from __future__ import annotations

from collections import Counter
from functools import lru_cache
from typing import Any

from tablelog.rules.cards import Card
from tablelog.rules.claims import Claim, possible, possible_with, shown
from tablelog.rules.memo import per_state
from tablelog.rules.nordekasino.state import State, Table, card_values
from tablelog.rules.table import player, pool, pool_view

__all__ = ["after_play", "claim_for", "hidden_counts", "values_after", "worth"]


def hidden_counts(state: State) -> dict[int, int]:
    """How many face-down cards each seat holds."""
    return {seat: hand.hidden for seat, hand in enumerate(state.hands) if hand.hidden}


def worth(state: State, value: int) -> tuple[Card, ...]:
    """Every card of the deck that may count as ``value``, each once, in deck order."""
    return _worth(state.table, value)


@lru_cache(maxsize=256)
def _worth(table: Table, value: int) -> tuple[Card, ...]:
    """(Keyed by the game's ``Table``, whose hash is cached, never by the long deck.)"""
    return tuple(dict.fromkeys(c for c in table.deck if value in card_values(c)))


def after_play(
    state: State, seat: int, card: Card | None
) -> tuple[tuple[Claim, ...], dict[int, int], Counter[Card]]:
    """The claims, face-down counts and unaccounted cards once ``seat`` has played
    ``card`` (bound from a face-down card when no known copy is in the hand)."""
    claims, hidden, left = state.claims, hidden_counts(state), pool(state)
    if card is not None and card not in state.hands[seat].cards:
        claims = shown(claims, seat, card)
        hidden[seat] = hidden.get(seat, 0) - 1
        left[card] -= 1
    return claims, hidden, left


@lru_cache(maxsize=256)
def _claimed(claims: tuple[Claim, ...]) -> frozenset[Card]:
    """Every card some claim counts on."""
    return frozenset().union(*(claim.cards for claim in claims))


def playable(state: State, seat: int, card: Card) -> bool:
    """Whether ``seat`` may play (or show) ``card`` without breaking a claim."""
    claims = state.claims
    if not claims or card in state.hands[seat].cards:
        return True
    mine = sum(1 for claim in claims if claim.seat == seat)
    if card not in _claimed(claims) and state.hands[seat].hidden - 1 >= mine:
        return True  # a card nobody counts on, and cards enough left for every claim
    known = _known(state)
    kind = ("playable", seat, _meets(claims, card), pool_view(state)[card])
    if kind not in known:
        claims, hidden, left = after_play(state, seat, card)
        known[kind] = possible(claims, hidden, left)
    answer: bool = known[kind]
    return answer


@per_state(maxsize=64)
def _known(state: State) -> dict[tuple[Any, ...], Any]:
    """What ``playable`` and ``values_after`` found of one state, by the *kind* of the card
    asked about (``_meets``): two face-down cards meeting the same claims, left in the
    same number and (for ``values_after``) worth the same values are alike to every
    question the claims ask, since swapping them changes neither any claim nor the pool,
    only which of the two is which; so each kind is asked once per state instead of each
    card (a face-down hand may play any of some 40)."""
    return {}


def _meets(claims: tuple[Claim, ...], card: Card) -> tuple[bool, ...]:
    """Which of ``claims`` ``card`` meets (what a claim asks of a card)."""
    return tuple(claim.met_by(card) for claim in claims)


def values_after(state: State, holder: int, by: int, card: Card | None) -> frozenset[int]:
    """The values ``holder`` may still hold once ``by`` has played ``card``: those of its
    known cards, and with face-down cards left, each value some unaccounted card has and
    whose claim fits with the open ones."""
    bound = card is not None and card not in state.hands[by].cards
    if bound and state.hands[holder].hidden > (1 if by == holder else 0):
        assert card is not None
        # a face-down card played, face-down cards left: only its kind matters (``_known``)
        claims = state.claims
        kind: tuple[Any, ...] = (
            "face-down",
            holder,
            by,
            card_values(card),
            _meets(claims, card),
            pool_view(state)[card],
        )
    elif by == holder and card is not None and not bound:
        kind = ("known", holder, card_values(card))  # a known card: only its values matter
    else:  # no card, or one that leaves the holder's as it was
        kind = ("as it was", holder, by, bound)
    known = _known(state)
    if kind not in known:
        known[kind] = _values_after(state, holder, by, card)
    answer: frozenset[int] = known[kind]
    return answer


def _values_after(state: State, holder: int, by: int, card: Card | None) -> frozenset[int]:
    known = list(state.hands[holder].cards)
    if card is not None and by == holder and card in known:
        known.remove(card)
    values = {v for c in known for v in card_values(c)}
    bound = card is not None and card not in state.hands[by].cards
    hidden_left = state.hands[holder].hidden - (1 if bound and by == holder else 0)
    if hidden_left <= 0:
        return frozenset(values)
    every, unclaimed = _pool_values(state)
    gone = card_values(card) if bound and card is not None else ()
    candidates = {v for v, n in every.items() if n - (v in gone) > 0} - values
    if not state.claims:
        return frozenset(values | candidates)
    claims, hidden, left = after_play(state, by, card)
    ask = possible_with(claims, hidden, left)
    if ask is None:
        return frozenset(values)  # the card played breaks a claim: it is refused anyway
    if hidden[holder] > sum(1 for claim in claims if claim.seat == holder):
        # a face-down card to spare: any value of a card nobody counts on fits
        spare = card is not None and card in _claimed(state.claims)
        free = {v for v, n in unclaimed.items() if n - (v in gone and not spare) > 0}
        values |= free & candidates
        candidates -= free
    elif _disjoint(tuple(c for c in claims if c.seat == holder)):
        # no card to spare, and no card meets two of the holder's claims: one card must
        # meet an open claim and the new one, so only the values of the cards the claims
        # count on can fit
        candidates &= _values_of(_claimed(claims))
    values.update(value for value in candidates if ask(holder, worth(state, value)))
    return frozenset(values)


def _disjoint(claims: tuple[Claim, ...]) -> bool:
    """Whether no card meets two of ``claims``."""
    seen: set[Card] = set()
    for claim in claims:
        if seen.intersection(claim.cards):
            return False
        seen.update(claim.cards)
    return True


@lru_cache(maxsize=256)
def _values_of(cards: frozenset[Card]) -> frozenset[int]:
    return frozenset(v for card in cards for v in card_values(card))


@lru_cache(maxsize=1024)
def _pool_values(state: State) -> tuple[Counter[int], Counter[int]]:
    """How many unaccounted cards may count as each value: all of them, and those no open
    claim counts on."""
    claimed = _claimed(state.claims)
    every: Counter[int] = Counter()
    unclaimed: Counter[int] = Counter()
    for card, n in pool_view(state).items():
        if n > 0:
            for value in card_values(card):
                every[value] += n
                if card not in claimed:
                    unclaimed[value] += n
    return every, unclaimed


def claim_for(
    state: State, seat: int, holder: int, value: int, more: bool, seq: int
) -> tuple[Claim, ...]:
    """The claims after ``seat`` built ``value`` (for ``holder``), adding one when no
    known card of ``holder``'s hand is worth it (it rests on the face-down ones)."""
    if any(value in card_values(c) for c in state.hands[holder].cards):
        return state.claims
    name = player(state, seat)
    said = f"{name} built {'more ' if more else ''}{value}"
    if holder != seat:
        said += f" for {player(state, holder)}"
    claim = Claim(
        seat=holder,
        zone=f"hand:{holder}",
        cards=worth(state, value),
        seq=seq,
        said=said,
        holder=player(state, holder),
        what=f"card worth {value}",
    )
    return (*state.claims, claim)
