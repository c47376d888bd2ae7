"""The one-pass listing of a Nørdekasino turn (``rules/nordekasino/onepass.py``).

The whole listing of a small table is made in one pass over its keys from a plan kept per
table (``plan_of``), which remembers what each card's values build on each key (a packed
row) by the values, whether the card is a hand's last and which keys the duty leaves. The
tests here list positions that share a table and a card's values but differ in what the
listing depends on besides (the duty, the last card, the other cards held, the partner),
one after the other with the plan kept, in every order, against the full reference
listing; and the whole listing of a crowded table (listed one key at a time by ``moves``)
against the one pass.
"""

from __future__ import annotations

import gc
import itertools
from functools import partial

import attrs
from hypothesis import assume, given, settings
from hypothesis import strategies as st

from tablelog.rules.nordekasino import onepass
from tablelog.rules.nordekasino.arith import bit_values
from tablelog.rules.nordekasino.duty import duty_binds
from tablelog.rules.nordekasino.moves import moves, turn_moves
from tablelog.rules.nordekasino.playout import _fast
from tablelog.rules.nordekasino.state import Pile, State
from tablelog.rules.nordekasino.turn import Turn, known_turn, layout, turn_of
from tests.rules.nordekasino_helpers import ANNA, BO, C, built, position
from tests.rules.test_nordekasino_lazy import EXAMPLES, positions, reference_moves

TABLE = ("3C", "4D", built(9, "5S 4S", ANNA), "6H")
"""Loose 3, 4 and 6, and a built 9 (Anna's unless a position gives it to Bo)."""


def _positions() -> dict[str, State]:
    """Positions on the same table (by value) where Anna plays a 2 among other cards."""
    mine = position(["2H 9D", "KC"], TABLE)  # the duty binds: the 9D takes her own 9
    theirs = attrs.evolve(  # the same, the 9 Bo's: no duty, 2+3+4 builds her 9
        mine, piles=(*mine.piles[:2], built(9, "5S 4S", BO), mine.piles[3])
    )
    return {
        "duty": mine,
        "no duty": theirs,
        "last card": position(["2H", "KC"], TABLE),  # the 2 alone: only 42 may be built
        "other values held": position(["2H 6D QC", "KC"], TABLE),  # builds to 6 and 12
        "partner": position(["2H 7D", "KC", "QS", "KD"], TABLE, partnership=True),
    }


def test_a_remembered_row_answers_only_its_own_question() -> None:
    """Every order of positions that share the table and the 2's values lists each one's
    moves exactly: a row remembered for one (under the duty, for a last card) is not
    taken for another's (a test that fails if the plan forgot what its rows depend on)."""
    cases = _positions()
    for order in itertools.permutations(cases):
        onepass.plan_of.cache_clear()
        for name in order:
            state = cases[name]
            assert tuple(moves(state)) == reference_moves(state), (order, name)
    assert duty_binds(cases["duty"], ANNA)
    assert not duty_binds(cases["no duty"], ANNA)
    builds_of_two = {
        name: {
            (m.payload.piles, m.payload.value)
            for m in moves(s)
            if m.kind == "build" and m.payload.card == C("2H")
        }
        for name, s in cases.items()
    }
    assert ((0, 1), 9) in builds_of_two["no duty"]  # 2 + 3 + 4, beside the 9 of Bo's
    assert all(2 in piles for piles, _ in builds_of_two["duty"])  # on her own 9 only
    assert builds_of_two["duty"]
    assert builds_of_two["last card"] == set()
    assert {6, 12} <= {value for _, value in builds_of_two["other values held"]}


def test_the_plans_are_bounded() -> None:
    """One plan per table (tables equal by value share it); a plan's rows are kept by a
    card's values (not its suit), so a table holds a few."""
    onepass.plan_of.cache_clear()
    for state in _positions().values():
        tuple(moves(state))
    assert onepass.plan_of.cache_info().currsize == 1  # all on one table by value
    plans = [onepass.plan_of(layout(state)) for state in _positions().values()]
    assert all(plan is plans[0] for plan in plans)
    held = {(2,), (6,), (7,), (9,), (12,)}  # the values of Anna's cards in the positions
    values = (1 << onepass.VALUE_BITS) - 1
    assert {tuple(bit_values(key & values)) for key in plans[0].builds} == held
    asked = [
        (t, last, k)
        for t in (1 << 2, 1 << 1 | 1 << 14, 1 << 21)
        for last in (0, 1)
        for k in (-1, 0, 5)
    ]
    assert len({onepass.row_key(t, bool(last), k) for t, last, k in asked}) == len(asked)
    assert not gc.is_tracked(plans[0].builds) and not gc.is_tracked(plans[0].takes)


@st.composite
def crowded(draw: st.DrawFn) -> State:
    """A position of ``positions`` with 9 piles: more than ``moves.EAGER``, so its whole
    listing is made one key at a time."""
    state = draw(positions())
    taken = _cards(state)
    left = [card for card in state.table.deck if card not in taken]
    extra = 9 - len(state.piles)
    piles = state.piles + tuple(Pile((card,)) for card in left[:extra])
    return attrs.evolve(state, piles=piles)


def _cards(state: State) -> set[object]:
    out: set[object] = set()
    for hand in state.hands:
        out.update(hand.cards)
    for pile in state.piles:
        out.update(pile.cards)
    return out


@settings(EXAMPLES, max_examples=8)
@given(crowded())
def test_the_one_pass_is_the_listing_key_by_key_on_a_crowded_table(state: State) -> None:
    """On a crowded table (listed one key at a time by ``moves``) the one pass lists what
    ``turn_moves`` lists, in the same order, and both what the reference lists."""
    assert len(state.piles) > 8
    _one_pass_is_key_by_key(state)


@EXAMPLES
@given(positions())
def test_the_one_pass_is_the_listing_key_by_key(state: State) -> None:
    """On a table of up to 7 piles (listed in one pass by ``moves``) the one pass lists
    what ``turn_moves`` lists one key at a time, in the same order."""
    _one_pass_is_key_by_key(state)


def _one_pass_is_key_by_key(state: State) -> None:
    seat = state.to_play
    assert seat is not None
    turn = turn_of(state, seat)
    duty = partial(duty_binds, state, seat)
    lazy = tuple(turn_moves(layout(state), turn, turn.cards, None, True, duty))
    assert tuple(onepass.listing(layout(state), turn, duty)) == lazy
    # both share the per-key functions: the whole listing is also held to the reference
    # that lists every subset of piles on its own (``moves`` lists 9 piles key by key)
    assert tuple(moves(state)) == reference_moves(state)


@EXAMPLES
@given(positions())
def test_the_playouts_turn_is_the_turn_made_by_its_init(state: State) -> None:
    """``known_turn`` makes a hand of distinct cards' ``Turn`` without the generated
    ``__init__`` (``turn._given``) from the hand alone, as the playout does on its fast
    path: every field, also those ``__attrs_post_init__`` sets, equals the fold's own
    ``Turn`` of the state (``turn_of``, found from the state through the generated
    ``__init__``; a field added to ``Turn`` and not given, or a wrong ``mine``,
    ``partner`` or ``wanted``, fails here)."""
    assume(_fast(state))  # the states the playout makes its turns for: every hand known
    seat = state.to_play
    assert seat is not None
    hand = state.hands[seat].cards
    mate = state.hands[(seat + 2) % 4].cards if state.options.partnership else None
    made = known_turn(seat, hand, state.owned(seat), mate)
    usual = turn_of(state, seat)
    for field in attrs.fields(Turn):
        assert getattr(made, field.name) == getattr(usual, field.name), field.name
