"""Where the cards of a play come from: the hand, the chance cards, the flipped table card.

``take(state, cards)`` removes the cards of a play (or a give) from the places the turn's
stage allows, binding face-down cards to identities still unaccounted for, and returns
the places after it, or the sentence saying why it cannot:

* stage ``hand``: every card from the hand;
* stage ``chance`` (the hand is locked once a chance card is drawn): every card from the
  chance cards, or one chance card with three hand cards of its rank ("Sjansekort kan
  benyttes i kombinasjon med tre andre håndkort av lik verdi"); with
  ``chance_combo_with_pile_run`` fewer hand cards do when the equal cards on top of the
  pile complete the four;
* stage ``flipped``: the flipped table card alone.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence

from tablelog.rules.cards import Card
from tablelog.rules.frozen import frozen
from tablelog.rules.speahx.cards import run_length
from tablelog.rules.speahx.claims import keeps
from tablelog.rules.speahx.state import FLIPPED, HAND, State
from tablelog.rules.table import player, pool, where
from tablelog.rules.zones import Zone

__all__ = ["Taken", "take", "taken_or_none"]


@frozen
class Taken:
    """The hand, chance cards and flipped card after a play took its cards, and the
    identities the hand's face-down cards were bound to (``bound``), and every card bound
    from a face-down card, the hand's and the chance cards' (``revealed``)."""

    hand: Zone
    chance: Zone
    flipped: Zone
    bound: tuple[Card, ...] = ()
    revealed: tuple[Card, ...] = ()


def _take_all(
    zone: Zone, cards: Sequence[Card], unseen: Counter[Card], bound: list[Card] | None = None
) -> Zone | None:
    """``zone`` without ``cards`` (known copies first, then face-down ones bound to cards
    ``unseen`` still holds, which it then holds one fewer of, each added to ``bound``),
    or ``None``."""
    known = list(zone.cards)
    hidden = zone.hidden
    for card in cards:
        if card in known:
            known.remove(card)
        elif hidden and unseen[card] > 0:
            hidden -= 1
            unseen[card] -= 1
            if bound is not None:
                bound.append(card)
        else:
            return None
    return Zone(tuple(known), hidden)


def _unseen(state: State, *zones: Zone) -> Counter[Card]:
    return pool(state) if any(z.hidden for z in zones) else Counter()


def take(state: State, cards: Sequence[Card]) -> Taken | str:
    """The places after taking ``cards`` for the turn's stage, or why they cannot be taken."""
    taken = taken_or_none(state, cards)
    if taken is not None:
        return taken
    seat = state.turn.seat
    stage = state.turn.stage
    if stage == FLIPPED:
        shown = " ".join(str(c) for c in state.flipped.cards)
        return f"{player(state, seat)} turned {shown}: only that table card may be laid now"
    if stage == HAND:
        return _missing(state, state.hands[seat], cards, f"{player(state, seat)}'s hand")
    return (
        f"{player(state, seat)} has drawn a chance card, so the hand is locked: lay chance "
        f"cards only, or one chance card with three hand cards of its rank, or take in the "
        f"pile ({_missing(state, state.chance, cards, 'the chance cards')})"
    )


def taken_or_none(state: State, cards: Sequence[Card]) -> Taken | None:
    """``take`` without the sentence: the places after, or ``None`` (cheap on refusal)."""
    seat = state.turn.seat
    hand, chance, flipped = state.hands[seat], state.chance, state.flipped
    stage = state.turn.stage
    if stage == FLIPPED:
        return Taken(hand, chance, Zone()) if list(cards) == list(flipped.cards) else None
    if stage == HAND:
        bound: list[Card] = []
        after = _take_all(hand, cards, _unseen(state, hand), bound)
        if after is None:
            return None
        return Taken(after, chance, flipped, tuple(bound), tuple(bound))
    return _take_locked(state, cards, hand, chance, flipped)


def _take_locked(
    state: State, cards: Sequence[Card], hand: Zone, chance: Zone, flipped: Zone
) -> Taken | None:
    unseen = _unseen(state, hand, chance)
    drawn: list[Card] = []
    alone = _take_all(chance, cards, Counter(unseen), drawn)
    if alone is not None:
        return Taken(hand, alone, flipped, (), tuple(drawn))
    need = _combo_hand_cards(state, cards)
    if need is None:
        return None
    first: Taken | None = None
    tried: set[Card] = set()
    for i, card in enumerate(cards):
        if card in tried:
            continue
        tried.add(card)
        left = Counter(unseen)
        bound: list[Card] = []
        drawn = []
        one = _take_all(chance, (cards[i],), left, drawn)
        rest = _take_all(hand, [*cards[:i], *cards[i + 1 :]], left, bound)
        if one is None or rest is None:
            continue
        taken = Taken(rest, one, flipped, tuple(bound), (*drawn, *bound))
        if not state.claims or keeps(state.claims, state.turn.seat, taken.bound):
            return taken  # a split that keeps what the hand was said not to hold
        first = first or taken
    return first


def _combo_hand_cards(state: State, cards: Sequence[Card]) -> int | None:
    """How many hand cards may join one chance card in this play, or ``None``."""
    n = len(cards) - 1
    if n == 3:
        return n
    if not 1 <= n < 3 or not state.options.chance_combo_with_pile_run:
        return None
    top = state.top
    run = run_length(state.pile) if top is not None and top.rank == cards[0].rank else 0
    return n if n + 1 + run >= 4 else None


def _missing(state: State, zone: Zone, cards: Sequence[Card], source: str) -> str:
    """The sentence naming the first card ``zone`` cannot give."""
    copies = state.table.counts
    for card, n in Counter(cards).items():
        if n > copies[card]:
            return f"{card} is laid {n} times, but the game has {copies[card]} of it"
    left = list(zone.cards)
    for card in cards:
        if card in left:
            left.remove(card)
            continue
        if zone.hidden:
            return f"{source} cannot hold {card}: {where(state, card)}"
        holds = "hold" if source.endswith("cards") else "holds"
        return f"{source} {holds} no {card}"
    return f"{source} cannot give all of {' '.join(str(c) for c in cards)}"
