"""Dealing Nørdekasino: the first deal (4 each, 2 face up to the table), the re-deals,
the last round and the face-down middle.

A deal event lists each player's cards (in turn order from the dealer's right), then the
table's, then the middle's. The seed deals two at a time; the passes change nothing about
who holds what, so the log does not record them.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from functools import partial

import attrs

from rules.errors import IllegalEvent
from rules.events import Deal, Dealt, Event, Move
from rules.nordekasino.state import (
    DEAL,
    HAND,
    OVER,
    PLAY,
    TABLE_CARDS,
    Pile,
    State,
    player,
    pool,
)
from rules.protocol import ChanceStep
from rules.zones import Zone

__all__ = ["apply_deal", "deal_chance", "deal_shape"]

TABLE = "table"
MIDDLE = "middle"


@attrs.frozen
class Shape:
    """What a deal gives: ``each`` cards per player, ``table`` up-cards, ``middle`` cards
    face down in the middle (the last round only)."""

    each: int
    table: int
    middle: int

    @property
    def last(self) -> bool:
        """Whether this is the last deal (the stock is empty after it)."""
        return bool(self.middle)


def deal_shape(state: State) -> Shape:
    """The shape of the deal the state waits for.

    The first deal gives 4 each and 2 to the table. A deal is the last when fewer cards
    would be left after it than another round of 4 each needs; the last round gives each
    player ``last_round`` cards (fewer if the stock runs short) and the rest goes face
    down to the middle. The first deal keeps its 4 even when it is also the last.
    """
    n = state.seats
    stock = len(state.stock)
    first = state.deals == 0
    table = TABLE_CARDS if first else 0
    after_four = stock - table - HAND * n
    if after_four >= HAND * n:
        return Shape(HAND, table, 0)
    each = HAND if first else min(state.options.last_round, stock // n)
    return Shape(each, table, stock - table - each * n)


def _refuse(event: Event, reason: str) -> IllegalEvent:
    return IllegalEvent(event, reason)


def expected_targets(state: State, shape: Shape) -> tuple[str, ...]:
    """Where each dealt card goes, in the order a deal event lists them."""
    order = [(state.dealer + 1 + i) % state.seats for i in range(state.seats)]
    out: list[str] = []
    for seat in order:
        out.extend([str(seat)] * shape.each)
    out.extend([TABLE] * shape.table)
    out.extend([MIDDLE] * shape.middle)
    return tuple(out)


def apply_deal(state: State, event: Event) -> State:
    """Deal the next round from the stock."""
    if state.phase == OVER:
        raise _refuse(event, "the game is over: every card has been dealt and played")
    if state.phase != DEAL:
        raise _refuse(event, "the cards are dealt again only when every hand is played out")
    if event.actor is not None:
        raise _refuse(event, "a deal is entered for the table: it has no player as actor")
    shape = deal_shape(state)
    targets = expected_targets(state, shape)
    cards: tuple[Dealt, ...] = event.payload.cards
    if tuple(d.to for d in cards) != targets:
        raise _refuse(
            event,
            f"this deal gives {shape.each} cards to each player in turn from the dealer's right "
            f"({player(state, (state.dealer + 1) % state.seats)} first)"
            + (f", {shape.table} face up to the table" if shape.table else "")
            + (f" and puts the last {shape.middle} face down in the middle" if shape.middle else "")
            + f": expected {len(targets)} cards ({_summary(state, targets)}), got "
            f"{len(cards)} ({_summary(state, tuple(d.to for d in cards))})",
        )
    left = pool(state)
    before = left.copy()
    for i, dealt in enumerate(cards):
        up = dealt.to == TABLE
        if dealt.up != up:
            where = (
                "the table's cards are dealt face up"
                if up
                else "only the table's cards are face up"
            )
            raise _refuse(event, f"{where}: card {i + 1} (to {_place(state, dealt.to)})")
        if dealt.card is None:
            if up:
                raise _refuse(event, "the table's cards lie face up, so they must be entered")
            continue
        if left[dealt.card] <= 0:
            deck = state.table_info.deck
            if dealt.card not in deck:
                why = "is not in this game's deck"
            elif before[dealt.card] > 0:
                why = "is dealt twice"  # more often in this deal than the decks hold it
            else:
                why = "cannot be dealt: it is already out (in a hand, on the table or taken)"
            raise _refuse(event, f"{dealt.card} {why}")
        left[dealt.card] -= 1
    n = state.seats
    hands = list(state.hands)
    for seat in range(n):
        got = [d.card for d in cards if d.to == str(seat)]
        known = tuple(c for c in got if c is not None)
        hands[seat] = Zone(known, len(got) - len(known))
    table = state.table + tuple(Pile((d.card,)) for d in cards if d.to == TABLE and d.card)
    middle_cards = [d.card for d in cards if d.to == MIDDLE]
    middle_known = tuple(c for c in middle_cards if c is not None)
    middle = state.middle.add(*middle_known, hidden=len(middle_cards) - len(middle_known))
    return attrs.evolve(
        state,
        phase=PLAY,
        to_play=(state.dealer + 1) % n,
        hands=tuple(hands),
        table=table,
        stock=Zone((), len(state.stock) - len(cards)),
        middle=middle,
        deals=state.deals + 1,
        revealed=(None,) * n,
        open_hands=(),
    )


def _place(state: State, to: str) -> str:
    """A deal's destination as a person says it: a player's name, the table, the middle."""
    if to.isdigit() and int(to) < state.seats:
        return player(state, int(to))
    return f"the {to}" if to in (TABLE, MIDDLE) else repr(to)


def _summary(state: State, targets: tuple[str, ...]) -> str:
    """``4 to Bo, 4 to Cai, 2 to the table``: how many cards go where."""
    counts: dict[str, int] = {}
    for to in targets:
        counts[to] = counts.get(to, 0) + 1
    return ", ".join(f"{n} to {_place(state, to)}" for to, n in counts.items()) or "none"


def _realize(state: State, rng: random.Random, known: bool) -> Move:
    shape = deal_shape(state)
    targets = expected_targets(state, shape)
    stock = sorted(pool(state).elements(), key=lambda c: (c.suit, c.rank))
    cards = rng.sample(stock, len(targets))
    return Move(
        None,
        Deal(
            tuple(
                Dealt(to, card if known or to == TABLE else None, to == TABLE)
                for to, card in zip(targets, cards, strict=True)
            )
        ),
    )


def deal_chance(state: State) -> ChanceStep:
    """The deal the game waits for, and how a person enters it."""
    shape = deal_shape(state)
    dealer = player(state, state.dealer)
    if shape.table:
        hint = (
            f"deal table CARD CARD: {dealer} deals 4 to each player and 2 face up to the table "
            "(e.g. deal table 5C KD); add the hands before 'table' to enter them (? unseen)"
        )
    else:
        hint = f"deal: {dealer} deals {shape.each} more to each player"
        if shape.middle:
            hint += f" and lays the last {shape.middle} face down in the middle"
    realize: Callable[[random.Random, bool], Move] = partial(_realize, state)
    return ChanceStep("deal", hint, realize)
