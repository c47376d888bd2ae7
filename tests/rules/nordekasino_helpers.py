"""Helpers for the Nørdekasino tests: headers, hand-built positions, moves and refusals.

Positions are built directly (the state is a frozen attrs value): ``position`` puts the
given hands and table in place with the stock empty, so a test sees exactly the rule it is
about. ``account_rest`` puts every card the position does not name somewhere, for tests
that play to the end of the game (where the middle is bound to the unseen cards).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import attrs
import pytest

from tablelog.rules.cards import Card, parse_card, parse_cards
from tablelog.rules.errors import IllegalEvent
from tablelog.rules.events import Event, Move
from tablelog.rules.nordekasino import RULES
from tablelog.rules.nordekasino.events import Adams, Build, Capture, Trail
from tablelog.rules.nordekasino.state import PLAY, Pile, State, zone_map
from tablelog.rules.protocol import Header, OptionValue
from tablelog.rules.zones import Zone, unaccounted

PLAYERS = ("Anna", "Bo", "Cai", "Dina")
ANNA, BO, CAI, DINA = range(4)

C = parse_card


def header(
    players: int = 3, dealer: int = 0, seed: int | None = None, **options: OptionValue
) -> Header:
    """A Nørdekasino header for the first ``players`` of Anna, Bo, Cai and Dina (or more,
    named P5, P6, ... when more are asked for)."""
    names = PLAYERS[:players] + tuple(f"P{i + 1}" for i in range(len(PLAYERS), players))
    return Header("nordekasino", RULES.version, names, options, dealer, seed)


def start(players: int = 3, dealer: int = 0, **options: OptionValue) -> State:
    """The state before the first deal."""
    return RULES.start(header(players, dealer, **options))


def loose(card: str) -> Pile:
    """A single card lying loose on the table (it keeps every value it may take)."""
    return Pile((C(card),))


def built(value: int, cards: str, owner: int, *, more: bool = False) -> Pile:
    """A built pile of ``value`` ("more value" with ``more``), last built on by ``owner``."""
    return Pile(parse_cards(cards), value, more, owner)


def position(
    hands: Sequence[str],
    table: Sequence[Pile | str] = (),
    *,
    to_play: int = ANNA,
    dealer: int | None = None,
    **options: OptionValue,
) -> State:
    """A game in play: ``hands[seat]`` (cards as text) in each hand, ``table`` (a string is
    a loose card), ``to_play`` on turn, the stock and the middle empty.

    The dealer defaults to the seat before ``to_play``. Cards not named are nowhere, so
    this is for rule tests; see ``account_rest`` before playing to the end of the game.
    """
    n = len(hands)
    state = start(n, (to_play - 1) % n if dealer is None else dealer, **options)
    piles = tuple(loose(p) if isinstance(p, str) else p for p in table)
    return attrs.evolve(
        state,
        phase=PLAY,
        to_play=to_play,
        hands=tuple(Zone(parse_cards(h)) for h in hands),
        piles=piles,
        stock=Zone((), 0),
        deals=1,
    )


def with_won(state: State, *won: str) -> State:
    """``state`` with ``won[side]`` (cards as text) in each side's trick pile."""
    return attrs.evolve(state, won=tuple(Zone(parse_cards(w)) for w in won))


def unseen(state: State) -> list[Card]:
    """The cards of the deck no zone of ``state`` holds, in deck order."""
    return sorted(
        unaccounted(state.table.deck, zone_map(state).values()).elements(),
        key=state.table.deck.index,
    )


def account_rest(state: State, *, side: int | None = None, middle: int = 0) -> State:
    """``state`` with every card it does not name accounted for: the first ``middle`` of
    them face down in the middle (identity unknown), the rest in ``side``'s trick pile (or
    in the middle, face down, when ``side`` is ``None``)."""
    rest = unseen(state)
    if side is None:
        return attrs.evolve(state, middle=Zone((), len(rest)))
    won = list(state.won)
    won[side] = won[side].add(*rest[middle:])
    return attrs.evolve(state, won=tuple(won), middle=Zone((), middle))


def apply(state: State, move: Move, seq: int = 1) -> State:
    """``state`` after ``move``."""
    return RULES.apply(state, Event(seq, move.actor, move.payload))


def act(state: State, payload: Any, seat: int | None = None) -> State:
    """``state`` after ``payload`` by ``seat`` (default: the player on turn)."""
    return apply(state, Move(state.to_play if seat is None else seat, payload))


def play(state: State, *texts: str) -> State:
    """``state`` after each move written in ``texts`` (notation), in turn."""
    for text in texts:
        state = apply(state, RULES.parse(text, state))
    return state


def refusal(state: State, payload: Any, seat: int | None = None) -> str:
    """The reason ``apply`` gives for refusing ``payload`` by ``seat`` (default: on turn)."""
    with pytest.raises(IllegalEvent) as caught:
        act(state, payload, seat)
    return caught.value.reason


def take(card: str, *piles: int) -> Capture:
    return Capture(C(card), tuple(piles))


def build(card: str, piles: Sequence[int], value: int, **flags: bool) -> Build:
    return Build(C(card), tuple(piles), value, **flags)


def trail(card: str) -> Trail:
    return Trail(C(card))


def adams(*piles: int) -> Adams:
    return Adams(tuple(piles))


def legal(state: State) -> set[Any]:
    """The payloads of the legal moves of the player on turn."""
    return {m.payload for m in tuple(RULES.moves(state)) if m.actor == state.to_play}


def texts(cards: Sequence[Card]) -> list[str]:
    return [c.text for c in cards]


def table_cards(state: State) -> list[str]:
    return [c.text for pile in state.piles for c in pile.cards]
