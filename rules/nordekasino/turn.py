"""The player on turn: the cards they may play and the values they hold.

Shared by the listing of moves (``moves``) and the validator (``play``), so that both ask
the same questions of ``arith`` and neither lists moves to answer them:

* ``hand_candidates`` and ``held_values``: what a seat may play, and what it still holds
  after playing a card (with face-down cards, any card not accounted for);
* what one card does with one set of piles is ``builds``' (``can_capture``,
  ``build_options``);
* the duty to a surviving build (``duty_binds``) is ``duty``'s, which asks this module's
  ``Turn``.

Every order here is the order of the hand, the deck or the table, never that of a set of
cards, so nothing depends on ``PYTHONHASHSEED``.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Iterable, Sequence
from functools import cache, lru_cache
from typing import Any, TypeVar

import attrs

from tablelog.rules.cards import Card
from tablelog.rules.frozen import frozen
from tablelog.rules.memo import per_state
from tablelog.rules.nordekasino.arith import (
    ADAMS,
    bit_values,
    code_of_values,
)
from tablelog.rules.nordekasino.claims import playable, values_after
from tablelog.rules.nordekasino.state import State, card_values
from tablelog.rules.nordekasino.subsets import Layout, layout_of
from tablelog.rules.table import pool_view

__all__ = [
    "SPADE_FIVE",
    "Turn",
    "hand_candidates",
    "held_values",
    "known_turn",
    "layout",
    "pile_key",
    "recall",
    "recalled",
    "remember",
    "turn_of",
]

SPADE_FIVE = Card("5", "S")
R = TypeVar("R")


def hand_candidates(state: State, seat: int) -> tuple[Card, ...]:
    """Every card ``seat`` may play, each once: its known cards in hand order, then, if it
    has face-down ones (a physical game), every card not accounted for whose showing
    breaks no claim (``rules.claims``), in deck order."""
    hand = state.hands[seat]
    cards = dict.fromkeys(hand.cards)
    if hand.hidden:
        left = pool_view(state)
        for c in dict.fromkeys(state.table.deck):
            if left[c] > 0 and c not in cards and playable(state, seat, c):
                cards[c] = None
    return tuple(cards)


def held_values(
    state: State, seat: int, without: Card | None = None, by: int | None = None
) -> frozenset[int]:
    """The values ``seat`` may still hold after ``by`` (default: ``seat``) plays
    ``without``: those of its known cards, and with face-down cards left, those of any
    unaccounted card (whose claim, while claims are open, still fits with them)."""
    if state.claims or (by is not None and by != seat):
        return values_after(state, seat, seat if by is None else by, without)
    return _held_values(state, seat, without)


def _held_values(state: State, seat: int, without: Card | None) -> frozenset[int]:
    known, hidden, unseen = _value_counts(state, seat)
    if without is not None:
        if without in state.hands[seat].cards:
            known = known.copy()
            for v in card_values(without):
                known[v] -= 1
        else:
            hidden -= 1
            unseen = unseen.copy()
            for v in card_values(without):
                unseen[v] -= 1
    values = {v for v, n in known.items() if n > 0}
    if hidden > 0:
        values.update(v for v, n in unseen.items() if n > 0)
    return frozenset(values)


def _value_counts(state: State, seat: int) -> tuple[Counter[int], int, Counter[int]]:
    """``_count_values``, once per state and seat (``recall``: by the state object, or for
    a state with face-down cards or claims by its value, which hashes it)."""
    return recall(_count_values, state, seat)


def _count_values(state: State, seat: int) -> tuple[Counter[int], int, Counter[int]]:
    """How many of ``seat``'s known cards carry each value, how many face-down cards it
    has, and how many unaccounted cards carry each value (copies counted)."""
    hand = state.hands[seat]
    known: Counter[int] = Counter(v for card in hand.cards for v in card_values(card))
    unseen: Counter[int] = Counter()
    if hand.hidden:
        for card, n in pool_view(state).items():
            if n > 0:
                for v in card_values(card):
                    unseen[v] += n
    return known, hand.hidden, unseen


def pile_key(state: State, piles: Iterable[int]) -> tuple[int, ...]:
    """The sorted value codes of the piles at ``piles``."""
    return tuple(sorted(state.piles[i].code for i in piles))


@per_state(maxsize=8)
def layout(state: State) -> Layout:
    """The table of ``state`` read by value code (see ``subsets``; remembered for the last
    states: each kind of move, the duty and the count ask it)."""
    return layout_of(tuple(pile.code for pile in state.piles))


@frozen
class Turn:
    """What ``seat`` brings to the table on its turn.

    ``cards`` are the cards it may play; ``mine[i]`` the values it holds after playing
    ``cards[i]``; ``partner[i]`` the partner's values then (partnership only, else
    ``None``);
    ``wanted[i]`` every value a build with ``cards[i]`` may announce, as a bitset (its own
    values, the partner's, and 42 for an Adams build); ``owned`` the positions of the
    piles it built last.
    """

    seat: int
    cards: tuple[Card, ...]
    mine: tuple[frozenset[int], ...]
    partner: tuple[frozenset[int], ...] | None
    wanted: tuple[int, ...]
    owned: tuple[int, ...]
    index: dict[Card, int] = attrs.field(init=False, eq=False, repr=False)
    values: tuple[tuple[int, ...], ...] = attrs.field(init=False, eq=False, repr=False)
    """``card_values`` of each card (made once: every key asks them)."""
    takes: tuple[int, ...] = attrs.field(init=False, eq=False, repr=False)
    """The values of each card as a bitset: the card takes piles that gather into one."""

    def __attrs_post_init__(self) -> None:
        # where each card stands in ``cards``: a filter by card asks it, never a scan
        cards = self.cards
        object.__setattr__(self, "index", dict(zip(cards, range(len(cards)), strict=True)))
        values = tuple(map(card_values, cards))
        object.__setattr__(self, "values", values)
        object.__setattr__(self, "takes", _masks(values))

    def flags(self, index: int, value: int, more: bool) -> tuple[bool, ...]:
        """The ``for_partner`` flags a build of ``cards[index]`` to ``value`` may carry:
        ``False`` for a value the builder holds (or an Adams 42), ``True`` for the
        partner's."""
        out: tuple[bool, ...] = ()
        if value in self.mine[index] or (value == ADAMS and not more):
            out += (False,)
        if self.partner is not None and value in self.partner[index] and value != ADAMS:
            out += (True,)
        return out


@per_state(maxsize=16)
def _remembered(state: State) -> dict[tuple[Callable[..., Any], int], Any]:
    """What was found of one state, by question and seat (the turn, the duty): kept by the
    state's identity, and for a state with face-down cards or claims (whose turn costs
    far more than hashing it) shared with every equal state (``_alike``: a playout's fold
    and the kit's replay make their own copies of one state). Only ``recall`` and
    ``remember`` fill it."""
    if state.claims or any(hand.hidden for hand in state.hands):
        return _alike(state)
    return {}


@lru_cache(maxsize=256)
def _alike(state: State) -> dict[tuple[Callable[..., Any], int], Any]:
    """The one ``_remembered`` of the states equal to ``state`` (recent ones)."""
    return {}


def recall(question: Callable[[State, int], R], state: State, seat: int) -> R:
    """``question(state, seat)``, asked once per state object and seat (and per state,
    for equal states with face-down cards or claims: see ``_remembered``)."""
    known = _remembered(state)
    key = (question, seat)
    if key in known:
        answer: R = known[key]
        return answer
    answer = known[key] = question(state, seat)
    return answer


def recalled(question: Callable[[State, int], R], state: State, seat: int) -> R | None:
    """``question(state, seat)`` if it was found already, else ``None``."""
    found: R | None = _remembered(state).get((question, seat))
    return found


def remember(question: Callable[[State, int], R], state: State, seat: int, answer: R) -> None:
    """Keep ``answer`` as ``question(state, seat)`` (found by the caller another way, e.g.
    a lazy listing walked to its end), as ``recall`` would."""
    _remembered(state)[(question, seat)] = answer


def turn_of(state: State, seat: int) -> Turn:
    """The ``Turn`` of ``seat`` in ``state`` (remembered for recent states)."""
    return recall(_turn_of, state, seat)


def _turn_of(state: State, seat: int) -> Turn:
    cards = hand_candidates(state, seat)
    hand = state.hands[seat]
    if hand.hidden or state.claims:
        mine = tuple(held_values(state, seat, card) for card in cards)
    else:  # every card known: the values of the others (one copy of the card played)
        mine = _known_after(hand.cards, cards)
    partner = None
    if state.options.partnership:
        mate = state.table.partner(seat)
        partner = tuple(held_values(state, mate, card, seat) for card in cards)
    return _make_turn(seat, cards, mine, partner, state.owned(seat))


def known_turn(
    seat: int,
    hand: tuple[Card, ...],
    owned: tuple[int, ...],
    mate: tuple[Card, ...] | None = None,
) -> Turn:
    """The ``Turn`` of ``seat`` holding ``hand`` (and with partners, its partner holding
    ``mate``), every card known and no claim open: what ``turn_of`` finds for such a
    state, from the hands alone (a playout's)."""
    cards = tuple(dict.fromkeys(hand))
    held = None if mate is None else frozenset(v for card in mate for v in card_values(card))
    if len(cards) == len(hand):  # every card once: what it holds is a matter of values
        takes = tuple(map(card_code, hand))
        mine, wanted = _after_each(takes, 0 if held is None else code_of_values(*held))
        partner = None if held is None else (held,) * len(cards)
        values = tuple(map(card_values, hand))
        return _given(seat, cards, mine, partner, wanted, owned, values, takes)
    partner = None if held is None else (held,) * len(cards)
    return _make_turn(seat, cards, _known_after(hand, cards), partner, owned)


@cache
def card_code(card: Card) -> int:
    """The values ``card`` may take, as a bitset (``Turn.takes``), made once per card."""
    return code_of_values(*card_values(card))


def _after_each(
    takes: tuple[int, ...], partner: int
) -> tuple[tuple[frozenset[int], ...], tuple[int, ...]]:
    """``Turn.mine`` and ``Turn.wanted`` of a hand of distinct cards worth ``takes`` (each
    card's values as a bitset) whose partner holds the values ``partner`` (a bitset): for
    each card, what the others hold, found by bits (a memory by the hand's values met
    four turns in ten anew, issue 24)."""
    mine = []
    wanted = []
    adams = partner | 1 << ADAMS
    for i in range(len(takes)):
        bits = 0
        for j, code in enumerate(takes):
            if j != i:
                bits |= code
        mine.append(_held_of(bits))
        wanted.append(bits | adams)
    return tuple(mine), tuple(wanted)


def _given(
    seat: int,
    cards: tuple[Card, ...],
    mine: tuple[frozenset[int], ...],
    partner: tuple[frozenset[int], ...] | None,
    wanted: tuple[int, ...],
    owned: tuple[int, ...],
    values: tuple[tuple[int, ...], ...],
    takes: tuple[int, ...],
) -> Turn:
    """``Turn(seat, cards, mine, partner, wanted, owned)`` with what its
    ``__attrs_post_init__`` finds given (``values``, ``takes``: remembered by value), made
    without the generated ``__init__``: a playout makes one every turn."""
    turn: Turn = object.__new__(Turn)
    put = object.__setattr__
    put(turn, "seat", seat)
    put(turn, "cards", cards)
    put(turn, "mine", mine)
    put(turn, "partner", partner)
    put(turn, "wanted", wanted)
    put(turn, "owned", owned)
    put(turn, "index", {card: i for i, card in enumerate(cards)})
    put(turn, "values", values)
    put(turn, "takes", takes)
    return turn


def _make_turn(
    seat: int,
    cards: tuple[Card, ...],
    mine: tuple[frozenset[int], ...],
    partner: tuple[frozenset[int], ...] | None,
    owned: tuple[int, ...],
) -> Turn:
    return Turn(seat, cards, mine, partner, _wanted(mine, partner), owned)


def _wanted(
    mine: tuple[frozenset[int], ...], partner: tuple[frozenset[int], ...] | None
) -> tuple[int, ...]:
    """``Turn.wanted`` of a turn whose cards leave ``mine`` and ``partner`` held."""
    return tuple(
        code_of_values(*values) | code_of_values(*(partner[i] if partner else ())) | 1 << ADAMS
        for i, values in enumerate(mine)
    )


def _known_after(hand: tuple[Card, ...], cards: tuple[Card, ...]) -> tuple[frozenset[int], ...]:
    """For each of ``cards`` (in ``hand``, all known), the values the rest of the hand
    holds once one copy of it is played: what ``held_values`` says of a known hand."""
    values = [card_values(card) for card in hand]
    return tuple(_held_after(values, hand.index(card)) for card in cards)


def _held_after(values: Sequence[tuple[int, ...]], played: int) -> frozenset[int]:
    """The values of a hand whose cards are worth ``values`` once the one at ``played``
    is played (one frozenset per set of values, made once: a new one each turn would
    be kept with the turns remembered, and the garbage collector walks every one)."""
    bits = 0
    for i, vs in enumerate(values):
        if i != played:
            for v in vs:
                bits |= 1 << v
    return _held_of(bits)


def _held_of(bits: int) -> frozenset[int]:
    """The values of the bitset ``bits`` as a frozenset, one per set of values (see
    ``_held_after``)."""
    found = _HELD.get(bits)
    if found is None:
        if len(_HELD) >= HELD_KEPT:
            _HELD.clear()
        found = _HELD[bits] = frozenset(bit_values(bits))
    return found


_HELD: dict[int, frozenset[int]] = {}
HELD_KEPT = 1 << 12


@lru_cache(maxsize=1 << 12)
def _masks(values: tuple[tuple[int, ...], ...]) -> tuple[int, ...]:
    """Each card's values as a bitset (``Turn.takes``), remembered by the values."""
    return tuple(code_of_values(*v) for v in values)
