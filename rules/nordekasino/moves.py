"""What a player may do: captures, builds, trails and Adams clears, found by value.

For every set of table piles the reachable values come from ``arith`` (cached by the
piles' values), so listing the moves of a crowded table never builds expression trees.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from functools import lru_cache

from rules.cards import Card
from rules.events import Move
from rules.listing import filter_moves
from rules.nordekasino.arith import (
    ADAMS,
    SATURATED,
    bit_values,
    build_reach,
    capturable,
    more_values,
    reach,
)
from rules.nordekasino.events import Adams, Build, Capture, OpenHand, Reveal, Trail
from rules.nordekasino.state import PLAY, State, card_values, pool

__all__ = [
    "SPADE_FIVE",
    "build_options",
    "can_capture",
    "duty_lifted",
    "hand_candidates",
    "held_values",
    "legal_moves",
    "moves",
    "pile_key",
    "to_act",
]

SPADE_FIVE = Card("5", "S")


def hand_candidates(state: State, seat: int) -> tuple[Card, ...]:
    """Every card ``seat`` may play: its known cards, and any unaccounted card if it has
    face-down ones (a physical game), each once."""
    hand = state.hands[seat]
    cards = list(dict.fromkeys(hand.cards))
    if hand.hidden:
        left = pool(state)
        cards.extend(
            c for c in dict.fromkeys(state.table_info.deck) if left[c] > 0 and c not in cards
        )
    return tuple(cards)


def held_values(state: State, seat: int, without: Card | None = None) -> frozenset[int]:
    """The values ``seat`` may still hold after playing ``without``: those of its known
    cards, and with face-down cards left, those of any unaccounted card."""
    return _held_values(state, seat, without)


@lru_cache(maxsize=4096)
def _held_values(state: State, seat: int, without: Card | None) -> frozenset[int]:
    hand = state.hands[seat]
    known = list(hand.cards)
    hidden = hand.hidden
    if without is not None:
        if without in known:
            known.remove(without)
        else:
            hidden -= 1
    values = {v for card in known for v in card_values(card)}
    if hidden > 0:
        left = pool(state)
        if without is not None and without not in hand.cards:
            left[without] -= 1
        values.update(v for card, n in left.items() if n > 0 for v in card_values(card))
    return frozenset(values)


def pile_key(state: State, piles: Iterable[int]) -> tuple[int, ...]:
    """The sorted value codes of the piles at ``piles``."""
    return tuple(sorted(state.table[i].code for i in piles))


def can_capture(card: Card, key: tuple[int, ...]) -> bool:
    """Whether ``card`` takes the piles ``key`` by value (the ♠5 rule aside)."""
    return any(capturable(v, key) for v in card_values(card))


@lru_cache(maxsize=1 << 16)
def build_options(
    card: Card, key: tuple[int, ...], wanted: int = SATURATED
) -> tuple[tuple[int, bool], ...]:
    """Every ``(value, more)`` with value in the bitset ``wanted`` (default: 0 to 42) the
    card and piles ``key`` can be built into, before asking whether the value is held."""
    numbers = 0
    mores = 0
    for hand in card_values(card):
        if key[0] >= 0:
            numbers |= build_reach(hand, key) & wanted
        mores |= more_values(hand, key, wanted)
    return tuple(
        [(v, False) for v in bit_values(numbers & SATURATED)]
        + [(v, True) for v in bit_values(mores)]
    )


def _mask(values: Iterable[int]) -> int:
    out = 0
    for value in values:
        out |= 1 << value
    return out


def _subsets(state: State) -> dict[tuple[int, ...], list[tuple[int, ...]]]:
    """Every non-empty set of table positions, grouped by the piles' value codes."""
    codes = [pile.code for pile in state.table]
    groups: dict[tuple[int, ...], list[tuple[int, ...]]] = {}
    m = len(codes)
    for mask in range(1, 1 << m):
        piles = tuple(i for i in range(m) if mask >> i & 1)
        key = tuple(sorted(codes[i] for i in piles))
        groups.setdefault(key, []).append(piles)
    return groups


def legal_moves(state: State) -> tuple[Move, ...]:
    """Every move any seat may make now (remembered for recent states: a fuzz run and the
    CLI ask about the same state several times)."""
    return _legal_moves(state)


@lru_cache(maxsize=1024)
def _legal_moves(state: State) -> tuple[Move, ...]:
    if state.phase != PLAY or state.to_play is None:
        return ()
    seat = state.to_play
    moves: list[Move] = []
    extras = _extras(state, seat)
    cards = hand_candidates(state, seat)
    groups = _subsets(state)
    owned = set(state.owned(seat))
    partner = (seat + 2) % 4 if state.options.partnership else None
    targets = {card: held_values(state, seat, card) for card in cards}
    partner_targets = held_values(state, partner) if partner is not None else frozenset()
    wanted = {card: _mask(targets[card] | partner_targets) | 1 << ADAMS for card in cards}
    captures: list[Move] = []
    builds: list[Move] = []
    forced_builds: list[Move] = []
    adams: list[Move] = []
    for key, sets in groups.items():
        numeric = key[0] >= 0
        if numeric and len(key) > 1 and reach(key) >> ADAMS & 1:
            adams.extend(Move(seat, Adams(piles)) for piles in sets)
        for card in cards:
            if can_capture(card, key):
                captures.extend(Move(seat, Capture(card, piles)) for piles in sets)
            mine = targets[card]
            for value, more in build_options(card, key, wanted[card]):
                flags = []
                if value in mine or (value == ADAMS and not more):
                    flags.append(False)
                if partner is not None and value in partner_targets and value != ADAMS:
                    flags.append(True)
                for flag in flags:
                    for piles in sets:
                        move = Move(seat, Build(card, piles, value, more, flag))
                        builds.append(move)
                        if owned.intersection(piles):
                            forced_builds.append(move)
    if SPADE_FIVE in cards and state.table:
        everything = tuple(range(len(state.table)))
        spade = Move(seat, Capture(SPADE_FIVE, everything))
        if spade not in captures:
            captures.append(spade)
    if owned and (captures or forced_builds):
        moves = captures + forced_builds
    else:
        moves = captures + builds + [Move(seat, Trail(card)) for card in cards]
    return tuple(adams + moves + extras)


def to_act(state: State) -> tuple[int, ...]:
    """The seat on turn (none while dealing or over)."""
    if state.phase != PLAY or state.to_play is None:
        return ()
    return (state.to_play,)


def moves(
    state: State, seat: int | None = None, card: Card | None = None, kind: str | None = None
) -> Iterator[Move]:
    """The legal moves, filtered by seat, lead card and kind."""
    return filter_moves(legal_moves(state), seat, card, kind)


def duty_lifted(state: State, seat: int) -> bool:
    """Whether ``seat``, owning a pile, can neither capture nor build on its own pile (so
    the duty to do one of them is lifted and every move is open)."""
    return any(isinstance(m.payload, Trail) for m in legal_moves(state) if m.actor == seat)


def _extras(state: State, seat: int) -> list[Move]:
    """The optional rules' moves: the Thomas Kragh reveal, the open-hand penalty."""
    out: list[Move] = []
    options = state.options
    hand = state.hands[seat]
    if options.thomas_kragh and len(hand) == 1 and state.revealed[seat] is None:
        out.extend(Move(seat, Reveal(card)) for card in hand_candidates(state, seat))
    if options.open_hand_penalty:
        out.extend(
            Move(other, OpenHand())
            for other in range(state.seats)
            if len(state.hands[other]) and other not in state.open_hands
        )
    return out
