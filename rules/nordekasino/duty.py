"""The duty to a surviving build: whether the player on turn, once it owns a pile on the
table, must capture something or build on one of its own piles (so any other build, and
a trail, is refused).

``duty_binds`` is a direct search over sets of piles, smallest first, that stops at the
first yes, without listing moves; it is asked of the player's ``turn.Turn`` and the
table's ``Layout`` (``duty_of``), and remembered per state and seat like the turn
(``turn.recall``). Shared by the listing (``moves``, ``onepass``), the validator
(``play``) and the playout.
"""

from __future__ import annotations

from collections.abc import Iterator

from tablelog.rules.nordekasino.arith import capturable, code_of_values
from tablelog.rules.nordekasino.builds import can_build
from tablelog.rules.nordekasino.state import State, card_values
from tablelog.rules.nordekasino.subsets import Counts, Layout, key_of, keys_by_size
from tablelog.rules.nordekasino.turn import SPADE_FIVE, Turn, layout, recall, turn_of

__all__ = ["duty_binds", "duty_lifted", "duty_of"]


def duty_binds(state: State, seat: int) -> bool:
    """Whether ``seat`` is bound by the duty: it owns a pile on the table and can capture
    something or build on one of its own piles, so any other build, and a trail, is
    refused. Found without listing moves: the ♠5 and single piles first, then sets of
    piles smallest first, stopping at the first capture or build on an own pile."""
    return bool(state.owned(seat)) and _duty(state, seat)


def duty_lifted(state: State, seat: int) -> bool:
    """Whether ``seat`` owns a pile but can neither capture nor build on one of its own
    piles, so the duty is lifted and every move is open."""
    return bool(state.owned(seat)) and not _duty(state, seat)


def _duty(state: State, seat: int) -> bool:
    """``_duty_binds``, remembered for recent states (asked by every kind of move)."""
    return recall(_duty_binds, state, seat)


def _live_keys(table: Layout, values: int) -> Iterator[Counts]:
    """The keys a capture or a build may be made of, smallest first, when the cards take
    or build to the values of the bitset ``values``: numeric piles with the "more" piles
    of at most one value, that value among ``values`` (a "more a" pile only takes piles
    worth a and is only taken by a card worth a: any other key is neither taken nor
    built on)."""
    codes = table.group_codes
    numeric = tuple(g for g, code in enumerate(codes) if code >= 0)
    yield from keys_by_size(table, numeric)
    for g, code in enumerate(codes):
        if code < 0 and values >> (-code - 1) & 1:
            yield from (c for c in keys_by_size(table, (*numeric, g)) if c[g])


def _duty_binds(state: State, seat: int) -> bool:
    return duty_of(turn_of(state, seat), layout(state))


def duty_of(turn: Turn, table: Layout) -> bool:
    """Whether the player of ``turn`` can capture something or build on one of its own
    piles on ``table`` (the duty, once it owns a pile): ``duty_binds`` of a state with
    that turn and table."""
    if not turn.cards:
        return False
    if SPADE_FIVE in turn.cards and table.codes:
        return True
    values = sorted({v for card in turn.cards for v in card_values(card)})
    taking = code_of_values(*values)
    for code in table.codes:  # a pile worth a card's value is a capture already
        if (code >= 0 and code & taking) or (code < 0 and taking >> (-code - 1) & 1):
            return True
    mine = table.group_counts(turn.owned)
    reached = taking
    for wanted in turn.wanted:
        reached |= wanted
    for counts in _live_keys(table, reached):
        key = key_of(table, counts)
        if len(key) > 1 and any(capturable(v, key) for v in values):
            return True
        if any(n and m for n, m in zip(counts, mine, strict=True)) and any(
            can_build(card, key, wanted)
            for card, wanted in zip(turn.cards, turn.wanted, strict=True)
        ):
            return True
    return False
