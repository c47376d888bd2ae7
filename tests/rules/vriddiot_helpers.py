"""Building Vriddiot positions for example tests: a deal with chosen cards, then moves typed
in the game's notation."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

import attrs

from tablelog.replay.dealer import sample
from tablelog.rules import registry
from tablelog.rules.cards import parse_card
from tablelog.rules.events import Deal, Dealt, Event
from tablelog.rules.protocol import Header
from tablelog.rules.vriddiot.deal import deal_plan
from tablelog.rules.vriddiot.state import State
from tablelog.rules.zones import Zone

RULES = registry.get("vriddiot")
NAMES = ("Anna", "Bo", "Cai", "Dina", "Emil", "Frida", "Gry")


def header(n: int = 4, options: Mapping[str, object] | None = None, seed: int | None = 1) -> Header:
    """A header of ``n`` players (Dina deals at 4), seeded unless ``seed`` is None."""
    return Header("vriddiot", 1, NAMES[:n], dict(options or {}), n - 1, seed)


def deal(
    hands: Sequence[str],
    ups: Sequence[str] | None = None,
    downs: Sequence[str] | None = None,
    options: Mapping[str, object] | None = None,
    seed: int | None = 1,
) -> State:
    """The state after a deal giving each seat the cards written (``"3H 7S QD"``); seats
    left unsaid get cards from what remains, in deck order."""
    n = len(hands)
    h = header(n, options, seed)
    state = RULES.start(h)
    plan = deal_plan(state.table)
    wanted: dict[str, list] = {}
    for seat in range(n):
        wanted[str(seat)] = [parse_card(c) for c in hands[seat].split()]
        wanted[f"{seat}.up"] = [parse_card(c) for c in (ups[seat] if ups else "").split()]
        down = [parse_card(c) for c in (downs[seat] if downs else "").split()]
        for i, card in enumerate(down):
            wanted[f"{seat}.down:{i}"] = [card]
    rest = list(state.table.deck)
    for cards in wanted.values():
        for card in cards:
            rest.remove(card)
    rest.sort(key=lambda c: (c.rank == "JK", c.suit, c.rank))
    dealt = []
    taken = {to: iter(cards) for to, cards in wanted.items()}
    for place in plan.places:
        card = next(taken.get(place.to, iter(())), None)
        if card is None:
            card = rest.pop(0)
        dealt.append(Dealt(place.to, card, place.up))
    return RULES.apply(state, Event(1, None, Deal(tuple(dealt))))


def play(state: State, *moves: str) -> State:
    """``state`` after each move typed, and any refill or turned card the seeded dealer
    owes in between (a turned card must be entered as its own ``turn`` move)."""
    for text in moves:
        move = RULES.parse(text, state)
        state = RULES.apply(state, Event(1, move.actor, move.payload))
        state = refill(state)
    return state


def refill(state: State) -> State:
    """Draws to 3 from the stock as the seeded dealer deals them (in deck order here)."""
    while True:
        step = RULES.chance(state)
        if step is None or step.kind != "deal":
            return state
        move = sample(step, _FirstRandom())
        state = RULES.apply(state, Event(1, None, move.payload))


class _FirstRandom:
    """A stand-in random source that always takes the first cards."""

    def sample(self, population, k):
        return list(population)[:k]

    def choice(self, seq):
        return seq[0]


def with_pile(state: State, cards: str, top: int | None = None, **changes: object) -> State:
    """``state`` with the pile's cards taken from the stock's unseen count (a position)."""
    pile = tuple(parse_card(c) for c in cards.split())
    stock = Zone((), len(state.stock) - len(pile))
    value = top if top is not None else (_value(pile[-1]) if pile else 0)
    return attrs.evolve(state, pile=Zone(pile), stock=stock, top=value, duty="beat", **changes)


def _value(card) -> int:
    from tablelog.rules.vriddiot.state import value

    return value(card)


def empty_stock(state: State) -> State:
    """``state`` with the stock's unseen cards set aside face down with the cards out of
    the game: a position where nobody draws any more."""
    return attrs.evolve(state, stock=Zone(), out=Zone(state.out.cards, len(state.stock)))


def seat(
    state: State,
    who: int,
    hand: str | None = None,
    ups: str | None = None,
    downs: str | None = None,
) -> State:
    """``state`` with ``who``'s hand, face-up or face-down cards replaced (the cards they
    held go back to the stock's unseen count, new cards come out of it)."""
    from tablelog.rules.zones import Slot, Slots

    stock = len(state.stock)
    hands, upz, downz = list(state.hands), list(state.ups), list(state.downs)
    if hand is not None:
        cards = tuple(parse_card(c) for c in hand.split())
        stock += len(hands[who]) - len(cards)
        hands[who] = Zone(cards)
    if ups is not None:
        cards = tuple(parse_card(c) for c in ups.split())
        stock += len(upz[who]) - len(cards)
        upz[who] = Zone(cards)
    if downs is not None:
        cards = tuple(parse_card(c) for c in downs.split())
        stock += len(downz[who]) - len(cards)
        downz[who] = Slots(tuple(Slot(c) for c in cards))
    return attrs.evolve(
        state, hands=tuple(hands), ups=tuple(upz), downs=tuple(downz), stock=Zone((), stock)
    )


def turn_to(state: State, who: int) -> State:
    """``state`` with ``who`` on turn, the game under way."""
    return attrs.evolve(state, turn=who, started=True)
