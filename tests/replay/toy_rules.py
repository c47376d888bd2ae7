"""A tiny third-party rule set, "Highcard", for testing the engine and the invariant kit.

Two or three players, a deck of 2-5 of spades and hearts. The dealer deals two cards to
each player face down; in turn each plays one card; the higher rank wins the round (ties:
the first played). Two rounds, the most rounds won wins. Variants of it are broken on
purpose, one per invariant, to show that each check catches its kind of bug.
"""

from __future__ import annotations

from collections import Counter
from typing import Any

import attrs

from tablelog.rules.cards import Card, parse_card
from tablelog.rules.chance import Drawing
from tablelog.rules.dealing import DealPlan, round_robin
from tablelog.rules.errors import IllegalEvent, NotationError
from tablelog.rules.events import Deal, Dealt, Event, Move, move_payload
from tablelog.rules.listing import filter_moves
from tablelog.rules.protocol import (
    ChanceStep,
    Header,
    OptionSpec,
    Outcome,
    Shown,
    View,
    ZoneView,
    gather,
)
from tablelog.rules.zones import Zone, unaccounted

DECK = tuple(Card(r, s) for s in "SH" for r in "2345")
RANK = {"2": 2, "3": 3, "4": 4, "5": 5}


@move_payload("highcard.play")
class Play:
    card: Card


@attrs.frozen
class ToyState:
    players: int
    hands: tuple[Zone, ...] = ()
    stock: Zone = Zone((), len(DECK))  # noqa: RUF009  (Zone is frozen: sharing it is safe)
    table: tuple[Card, ...] = ()
    won: Zone = Zone()  # noqa: RUF009  (Zone is frozen: sharing it is safe)
    points: tuple[int, ...] = ()
    turn: int = 0
    dealt: bool = False
    low_wins: bool = False


def start(header: Header) -> ToyState:
    n = len(header.players)
    low = bool(header.options.get("low_wins", False))
    return ToyState(n, (Zone(),) * n, points=(0,) * n, low_wins=low)


def _pool(state: ToyState) -> Counter[Card]:
    return unaccounted(DECK, zones(state).values())


def apply(state: ToyState, event: Event) -> ToyState:
    payload = event.payload
    if isinstance(payload, Deal):
        if state.dealt:
            raise IllegalEvent(event, "the cards were dealt already")
        hands = [Zone() for _ in range(state.players)]
        for d in payload.cards:
            seat = int(d.to)
            hands[seat] = hands[seat].add(d.card) if d.card else hands[seat].add(hidden=1)
        used = sum(len(h) for h in hands)
        return attrs.evolve(state, hands=tuple(hands), stock=Zone((), len(DECK) - used), dealt=True)
    if not isinstance(payload, Play):
        raise IllegalEvent(event, f"Highcard has no {event.type} event")
    if not state.dealt:
        raise IllegalEvent(event, "the cards must be dealt first")
    if outcome(state) is not None:
        raise IllegalEvent(event, "the game is over")
    if event.actor != state.turn:
        raise IllegalEvent(event, f"it is seat {state.turn}'s turn")
    hand = state.hands[state.turn]
    try:
        hand = hand.remove(payload.card, _pool(state))
    except KeyError:
        raise IllegalEvent(event, f"seat {state.turn} cannot hold {payload.card}") from None
    hands = (*state.hands[: state.turn], hand, *state.hands[state.turn + 1 :])
    table = (*state.table, payload.card)
    state = attrs.evolve(state, hands=hands, table=table, turn=(state.turn + 1) % state.players)
    if len(table) < state.players:
        return state
    sign = -1 if state.low_wins else 1
    best = max(range(len(table)), key=lambda i: (sign * RANK[table[i].rank], -i))
    points = tuple(p + (i == best) for i, p in enumerate(state.points))
    return attrs.evolve(state, table=(), won=state.won.add(*table), points=points, turn=best)


def legal_moves(state: ToyState) -> list[Move]:
    if not state.dealt or outcome(state) is not None:
        return []
    hand = state.hands[state.turn]
    cards = set(hand.cards)
    if hand.hidden:
        cards |= {c for c, n in _pool(state).items() if n > 0}
    return [Move(state.turn, Play(c)) for c in sorted(cards, key=lambda c: c.text)]


def to_act(state: ToyState) -> tuple[int, ...]:
    if not state.dealt or outcome(state) is not None:
        return ()
    return (state.turn,)


def moves(state: ToyState, seat: int | None = None, card: Any = None, kind: Any = None) -> Any:
    return filter_moves(legal_moves(state), seat, card, kind)


def chance(state: ToyState) -> ChanceStep | None:
    if state.dealt:
        return None
    plan = DealPlan(round_robin(range(state.players), 2), tuple(map(str, range(state.players))))
    return ChanceStep("deal", "deal: two cards to each player", Drawing(plan, DECK))


def outcome(state: ToyState) -> Outcome | None:
    if not state.dealt or any(len(h) for h in state.hands) or state.table:
        return None
    sides = {i: (i,) for i in range(state.players)}
    ranking = Outcome.by_score(sides, dict(enumerate(state.points)))
    return Outcome(ranking, {str(i): p for i, p in enumerate(state.points)})


def view(state: ToyState, seat: int | None) -> View:
    hands = tuple(
        ZoneView(f"hand:{i}", h.cards if i == seat else (), h.hidden if i == seat else len(h))
        for i, h in enumerate(state.hands)
    )
    rest = (
        ZoneView("stock", (), len(state.stock)),
        ZoneView("table", state.table),
        ZoneView("won", state.won.cards),
    )
    return View(seat, hands + rest, {"points": list(state.points)})


def zones(state: ToyState) -> dict[str, Zone]:
    named = {f"hand:{i}": h for i, h in enumerate(state.hands)}
    return {**named, "stock": state.stock, "table": Zone(state.table), "won": state.won}


def shown(state: ToyState, event: Event) -> Shown:
    payload = event.payload
    if isinstance(payload, Deal):
        seats: dict[int, tuple[Card, ...]] = {}
        for d in payload.cards:
            if d.card is not None:
                seats[int(d.to)] = (*seats.get(int(d.to), ()), d.card)
        return Shown(seats=seats, forget=True)
    return Shown(everyone=(payload.card,))


def parse(text: str, state: ToyState) -> Move:
    words = text.split()
    if words and words[0] == "deal":
        cards = [None if w == "?" else parse_card(w) for w in words[1:]]
        if len(cards) != 2 * state.players:
            raise NotationError("deal takes two cards per player")
        dealt = [Dealt(str(i % state.players), c) for i, c in enumerate(cards)]
        return Move(None, Deal(tuple(dealt)))
    if len(words) != 1:
        raise NotationError(f"{text!r}: a move is one card")
    return Move(state.turn, Play(parse_card(words[0])))


def format_move(move: Move, state: ToyState) -> str:
    payload = move.payload
    if isinstance(payload, Deal):
        return "deal " + " ".join(d.card.text if d.card else "?" for d in payload.cards)
    return str(payload.card.text)


RULES = gather(
    vars(),
    ToyState,
    name="highcard",
    seats=(2, 3),
    options=(OptionSpec("low_wins", False, "the lower card wins a round"),),
    payloads=(Play,),
    deck=lambda header: DECK,
    max_events=lambda header: 1 + 2 * len(header.players),
)


def _leaky_view(state: ToyState, seat: int | None) -> View:
    real = view(state, seat)
    hands = tuple(ZoneView(f"hand:{i}", h.cards, h.hidden) for i, h in enumerate(state.hands))
    return attrs.evolve(real, zones=hands + real.zones[len(hands) :])


def _lossy_apply(state: ToyState, event: Event) -> ToyState:
    after = apply(state, event)
    if isinstance(event.payload, Play) and not after.table:
        return attrs.evolve(after, won=Zone(after.won.cards[1:]))
    return after


def _lax_apply(state: ToyState, event: Event) -> ToyState:
    if isinstance(event.payload, Play) and event.actor != state.turn and event.actor is not None:
        event = attrs.evolve(event, actor=state.turn)
    return apply(state, event)


def _overlisting_moves(state: ToyState, *filters: Any) -> Any:
    listed = legal_moves(state)
    if listed:
        listed.append(Move(state.turn, Play(Card("A", "C"))))
    return filter_moves(listed, *filters)


def _lowercase_format(move: Move, state: ToyState) -> str:
    text = format_move(move, state)
    return text if isinstance(move.payload, Deal) else text.lower() + "x"


BROKEN = {
    "conservation": attrs.evolve(RULES, apply=_lossy_apply),
    "closure": attrs.evolve(RULES, moves=_overlisting_moves),
    "agreement": attrs.evolve(RULES, apply=_lax_apply),
    "roundtrip": attrs.evolve(RULES, format=_lowercase_format),
    "views": attrs.evolve(RULES, view=_leaky_view),
}
"""One broken copy of Highcard per invariant: each breaks exactly that invariant."""


def _everyone_to_act(state: ToyState) -> tuple[int, ...]:
    return tuple(range(state.players)) if to_act(state) else ()


MUTE = attrs.evolve(RULES, to_act=_everyone_to_act)
"""Highcard whose ``to_act`` names seats that have no move (a closure bug)."""


class HighcardPlayout:
    """Highcard walked in place (a third party's playout, ``rules.playout``): hands as lists
    of known cards and counts of face-down ones, the table and the points changed in place."""

    def __init__(self, state: ToyState, seq: int = 0) -> None:
        self.seq = seq
        self.players, self.low_wins = state.players, state.low_wins
        self.hands = [list(h.cards) for h in state.hands]
        self.hidden = [h.hidden for h in state.hands]
        self.stock = state.stock
        self.table = list(state.table)
        self.won = list(state.won.cards)
        self.points = list(state.points)
        self.turn, self.dealt = state.turn, state.dealt

    def state(self) -> ToyState:
        hands = tuple(Zone(tuple(c), h) for c, h in zip(self.hands, self.hidden, strict=True))
        return ToyState(
            self.players, hands, self.stock, tuple(self.table), Zone(tuple(self.won)),
            tuple(self.points), self.turn, self.dealt, self.low_wins,
        )  # fmt: skip

    def _over(self) -> bool:
        return self.dealt and not self.table and not any(self.hands) and not any(self.hidden)

    def moves(self) -> list[Move]:
        if not self.dealt or self._over():
            return []
        cards = set(self.hands[self.turn])
        if self.hidden[self.turn]:
            pool = Counter(DECK)
            pool.subtract(c for hand in self.hands for c in hand)
            pool.subtract(self.table)
            pool.subtract(self.won)
            cards |= {c for c, n in pool.items() if n > 0}
        return [Move(self.turn, Play(c)) for c in sorted(cards, key=lambda c: c.text)]

    def chance(self) -> ChanceStep | None:
        return None if self.dealt else chance(self.state())

    def outcome(self) -> Outcome | None:
        return outcome(self.state()) if self._over() else None

    def play(self, move: Move) -> None:
        self.seq += 1
        payload = move.payload
        if isinstance(payload, Deal):
            for d in payload.cards:
                if d.card is None:
                    self.hidden[int(d.to)] += 1
                else:
                    self.hands[int(d.to)].append(d.card)
            dealt = sum(len(h) for h in self.hands) + sum(self.hidden)
            self.stock, self.dealt = Zone((), len(DECK) - dealt), True
            return
        self._take(payload.card)
        self.table.append(payload.card)
        self.turn = (self.turn + 1) % self.players
        if len(self.table) == self.players:
            sign = -1 if self.low_wins else 1
            table = self.table
            best = max(range(len(table)), key=lambda i: (sign * RANK[table[i].rank], -i))
            self.points[best] += 1
            self.won += table
            self.table, self.turn = [], best

    def _take(self, card: Card) -> None:
        """``card`` out of the hand of the seat on turn: a known copy, else a face-down one."""
        hand = self.hands[self.turn]
        if card in hand:
            hand.remove(card)
        else:
            self.hidden[self.turn] -= 1


class _DroppingPlayout(HighcardPlayout):
    """Forgets the last move of a hand of two known cards."""

    def moves(self) -> list[Move]:
        listed = super().moves()
        return listed[:-1] if len(self.hands[self.turn]) == 2 else listed


class _MisplayingPlayout(HighcardPlayout):
    """Takes the hand's first known card out of it, whichever card the move plays."""

    def _take(self, card: Card) -> None:
        hand = self.hands[self.turn]
        if hand:
            hand.pop(0)
        else:
            self.hidden[self.turn] -= 1


PLAYED = attrs.evolve(RULES, playout=HighcardPlayout)
"""Highcard with a sound playout of its own."""

BROKEN_PLAYOUTS = {
    "drops": attrs.evolve(RULES, playout=_DroppingPlayout),
    "misplays": attrs.evolve(RULES, playout=_MisplayingPlayout),
}
"""Highcard with a playout that lists one move too few, or takes the wrong card out of
the hand (the fold and ``apply`` are sound: only the playout parts from them)."""
