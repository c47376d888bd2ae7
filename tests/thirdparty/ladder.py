"""Ladder: a third-party rule set, written only against the documented protocol.

Two to six players; ``decks`` decks (default ``1 + players // 4``) of 2-6 in four suits.
Each player gets three cards in hand and two face down in front (slots). On turn a player
plays a set of equal ranks, at least the rank on the pile; or flips a slot (the card is
revealed and goes to the hand); or, with neither, passes. After a play every other player
still in answers: a ``match`` of the same rank, or an explicit ``pass``. When everyone in
has passed on turn in a row the pile is discarded. Who has no card left when a round of
answers closes finishes; those finishing together share a place. See
docs/adding-a-game.md.
"""

from __future__ import annotations

import functools
import itertools
import random
from collections import Counter
from collections.abc import Iterator
from typing import Any

import attrs

from rules.cards import Card, parse_card
from rules.errors import IllegalEvent, NotationError, OptionError
from rules.events import Deal, Dealt, Event, Move, payload
from rules.options import Computed, OptionSpec, read_options
from rules.protocol import ChanceStep, Header, Outcome, RuleSet, Shown, View, ZoneView
from rules.zones import Slot, Slots, Zone, unaccounted

RANKS = "23456"
HAND, SLOTS = 3, 2
OPTIONS = (
    OptionSpec(
        "decks",
        Computed(lambda n: 1 + n // 4, "1 + players // 4"),
        "decks shuffled together",
        minimum=1,
        maximum=2,
        kind=int,
    ),
)


@attrs.frozen
class Options:
    decks: int


@payload("ladder.play", family="move")
@attrs.frozen
class Play:
    cards: tuple[Card, ...]


@payload("ladder.match", family="move")
@attrs.frozen
class Match:
    cards: tuple[Card, ...]


@payload("ladder.pass", family="move")
@attrs.frozen
class Pass:
    pass


@payload("ladder.flip", family="move")
@attrs.frozen
class Flip:
    slot: int


@payload("ladder.reveal", family="chance")
@attrs.frozen
class Reveal:
    slot: int
    card: Card


@attrs.frozen
class State:
    names: tuple[str, ...]
    decks: int
    turn: int
    stock: Zone
    dealt: bool = False
    hands: tuple[Zone, ...] = ()
    slots: tuple[Slots, ...] = ()
    pile: tuple[Card, ...] = ()
    discard: tuple[Card, ...] = ()
    passes: int = 0
    window: tuple[int, ...] = ()
    flipping: int | None = None
    places: tuple[tuple[int, ...], ...] = ()


def _options(header: Header) -> Options:
    return read_options(Options, OPTIONS, header.options, len(header.players))


def deck(header: Header) -> tuple[Card, ...]:
    return _deck(_options(header).decks)


@functools.cache
def _deck(decks: int) -> tuple[Card, ...]:
    return tuple(Card(r, s) for s in "SHDC" for r in RANKS) * decks


def start(header: Header) -> State:
    n, decks = len(header.players), _options(header).decks
    if n * (HAND + SLOTS) > len(RANKS) * 4 * decks:
        raise OptionError(f"{decks} deck(s) cannot deal to {n} players")
    return State(header.players, decks, (header.dealer + 1) % n, Zone((), len(RANKS) * 4 * decks))


def _pool(state: State) -> Counter[Card]:
    return unaccounted(_deck(state.decks), zones(state).values())


def active(state: State) -> tuple[int, ...]:
    """The seats not yet finished."""
    done = {seat for place in state.places for seat in place}
    return tuple(s for s in range(len(state.names)) if s not in done)


def to_act(state: State) -> tuple[int, ...]:
    if not state.dealt or state.flipping is not None or outcome(state) is not None:
        return ()
    return state.window or (state.turn,)


def _sets(state: State, seat: int, ranks: str) -> Iterator[tuple[Card, ...]]:
    """Every set of equal ranks (among ``ranks``) the seat may hold, sorted, each once."""
    hand = state.hands[seat]
    pool = _pool(state) if hand.hidden else Counter[Card]()
    for rank in ranks:
        known = [c for c in hand.cards if c.rank == rank]
        extra = [c for c, n in sorted(pool.items(), key=_key) if c.rank == rank]
        extra = [c for c in extra for _ in range(min(pool[c], hand.hidden))]
        cands = sorted(known + extra, key=_key)
        for k in range(1, min(len(cands), len(hand)) + 1):
            for combo in dict.fromkeys(itertools.combinations(cands, k)):
                if _fits(hand, combo, pool):
                    yield combo


def _key(item: Any) -> str:
    card = item[0] if isinstance(item, tuple) else item
    return str(card.text)


def _fits(hand: Zone, cards: tuple[Card, ...], pool: Counter[Card]) -> bool:
    try:
        _take(hand, cards, pool)
    except KeyError:
        return False
    return True


def _take(hand: Zone, cards: tuple[Card, ...], pool: Counter[Card]) -> Zone:
    left = Counter(pool)
    for card in cards:
        bound = card not in hand.cards
        hand = hand.remove(card, left)
        left[card] -= bound
    return hand


def _top(state: State) -> str:
    return state.pile[-1].rank if state.pile else RANKS[0]


def _seat_moves(state: State, seat: int, kind: str | None) -> Iterator[Move]:
    if state.window:
        if kind in (None, "match"):
            yield from (Move(seat, Match(s)) for s in _sets(state, seat, _top(state)))
        if kind in (None, "pass"):
            yield Move(seat, Pass())
        return
    ranks = RANKS[RANKS.index(_top(state)) :]
    if kind in (None, "play"):
        yield from (Move(seat, Play(s)) for s in _sets(state, seat, ranks))
    slots = state.slots[seat].occupied()
    if kind in (None, "flip"):
        yield from (Move(seat, Flip(i)) for i in slots)
    if kind in (None, "pass") and not slots and next(_sets(state, seat, ranks), None) is None:
        yield Move(seat, Pass())


def moves(
    state: State, seat: int | None = None, card: Card | None = None, kind: str | None = None
) -> Iterator[Move]:
    for s in to_act(state):
        if seat is None or s == seat:
            for move in _seat_moves(state, s, kind):
                cards = getattr(move.payload, "cards", ())
                if card is None or (cards and cards[0] == card):
                    yield move


def apply(state: State, event: Event) -> State:
    p = event.payload
    if isinstance(p, Deal):
        return _deal(state, event)
    if isinstance(p, Reveal):
        return _reveal(state, event, p)
    seat = event.actor
    if seat is None or seat not in to_act(state):
        raise IllegalEvent(event, "that seat may not act now")
    if isinstance(p, Flip):
        if state.window or p.slot not in state.slots[seat].occupied():
            raise IllegalEvent(event, "a player flips a face-down slot of their own, on turn")
        return attrs.evolve(state, flipping=p.slot)
    if isinstance(p, Play | Match):
        hand = _take_set(state, event, seat, p)
        state = _seat(state, seat, hand, state.slots[seat], pile=state.pile + p.cards)
        if isinstance(p, Match):
            return _answered(state, seat)
        others = tuple(s for s in active(state) if s != seat)
        return _close_if_done(attrs.evolve(state, passes=0, window=others))
    if not isinstance(p, Pass):
        raise IllegalEvent(event, f"Ladder has no {event.type} event")
    if state.window:
        return _answered(state, seat)
    ranks = RANKS[RANKS.index(_top(state)) :]
    if state.slots[seat].occupied() or next(_sets(state, seat, ranks), None) is not None:
        raise IllegalEvent(event, "a player on turn passes only with no set to play and no slot")
    passes, after = state.passes + 1, _next(state, seat)
    if passes >= len(active(state)):
        return attrs.evolve(
            state, passes=0, turn=after, pile=(), discard=state.discard + state.pile
        )
    return attrs.evolve(state, passes=passes, turn=after)


def _take_set(state: State, event: Event, seat: int, p: Play | Match) -> Zone:
    """The seat's hand without the set ``p`` names, or ``IllegalEvent`` naming the rule."""
    if isinstance(p, Match) != bool(state.window):
        raise IllegalEvent(event, "a set is played on turn and matched in answer to a play")
    ranks = {c.rank for c in p.cards}
    if len(ranks) != 1 or not ranks <= set(RANKS) or p.cards != tuple(sorted(p.cards, key=_key)):
        raise IllegalEvent(event, "a set is one or more cards of one rank 2-6, in order")
    rank, top = ranks.pop(), _top(state)
    if rank != top if isinstance(p, Match) else RANKS.index(rank) < RANKS.index(top):
        raise IllegalEvent(event, f"a match must be {top}s; a play at least {top}s")
    try:
        return _take(state.hands[seat], p.cards, _pool(state))
    except KeyError:
        raise IllegalEvent(event, f"{state.names[seat]} cannot hold all of that set") from None


def _reveal(state: State, event: Event, p: Reveal) -> State:
    if state.flipping != p.slot:
        raise IllegalEvent(event, "no face-down card of that slot waits to be shown")
    try:
        slots = state.slots[state.turn].turn(p.slot, p.card, _pool(state))
    except KeyError:
        raise IllegalEvent(event, f"{p.card} is not among the cards still unseen") from None
    slot, slots = slots.take(p.slot)
    assert slot.card is not None
    hand = state.hands[state.turn].add(slot.card)
    return _seat(state, state.turn, hand, slots, flipping=None)


def _seat(state: State, seat: int, hand: Zone, slots: Slots, **changes: Any) -> State:
    hands = (*state.hands[:seat], hand, *state.hands[seat + 1 :])
    all_slots = (*state.slots[:seat], slots, *state.slots[seat + 1 :])
    return attrs.evolve(state, hands=hands, slots=all_slots, **changes)


def _answered(state: State, seat: int) -> State:
    return _close_if_done(attrs.evolve(state, window=tuple(s for s in state.window if s != seat)))


def _close_if_done(state: State) -> State:
    if state.window:
        return state
    out = tuple(s for s in active(state) if not state.hands[s] and not state.slots[s])
    places = state.places + ((out,) if out else ())
    state = attrs.evolve(state, places=places)
    left = active(state)
    if len(left) <= 1:
        return attrs.evolve(state, places=places + ((left,) if left else ()))
    return attrs.evolve(state, turn=_next(state, state.turn))


def _next(state: State, seat: int) -> int:
    left = active(state)
    return min((s for s in left if s > seat), default=left[0])


def _deal(state: State, event: Event) -> State:
    n = len(state.names)
    dealt = event.payload.cards
    wanted = [str(s) for s in range(n) for _ in range(HAND)]
    wanted += [f"slot:{s}" for s in range(n) for _ in range(SLOTS)]
    if state.dealt or [d.to for d in dealt] != wanted or any(d.up for d in dealt):
        raise IllegalEvent(event, "a deal gives three cards to each hand, then two face down each")
    known = Counter(d.card for d in dealt if d.card is not None)
    if known - Counter(_deck(state.decks)) or any(d.card for d in dealt[n * HAND :]):
        raise IllegalEvent(event, "the deal names cards the decks do not hold, or a slot's card")
    hands = []
    for s in range(n):
        cards = tuple(d.card for d in dealt[s * HAND : (s + 1) * HAND] if d.card is not None)
        hands.append(Zone(cards, HAND - len(cards)))
    slots = tuple(Slots((Slot(),) * SLOTS) for _ in range(n))
    stock = Zone((), len(state.stock) - n * (HAND + SLOTS))
    return attrs.evolve(state, dealt=True, hands=tuple(hands), slots=slots, stock=stock)


def chance(state: State) -> ChanceStep | None:
    if not state.dealt:
        return ChanceStep("deal", "deal CARD|? x3 per player (slots face down)", _dealer(state))
    if state.flipping is not None:
        return ChanceStep("reveal", "reveal SLOT CARD", _revealer(state))
    return None


def _dealer(state: State) -> Any:
    def realize(rng: random.Random, known: bool) -> Move:
        cards = sorted(_deck(state.decks), key=_key)
        rng.shuffle(cards)
        n = len(state.names)
        hands = [Dealt(str(i // HAND), cards[i] if known else None) for i in range(n * HAND)]
        slots = [Dealt(f"slot:{s}", None) for s in range(n) for _ in range(SLOTS)]
        return Move(None, Deal(tuple(hands + slots)))

    return realize


def _revealer(state: State) -> Any:
    def realize(rng: random.Random, known: bool) -> Move:
        unseen = sorted(_pool(state).elements(), key=_key)
        assert state.flipping is not None
        return Move(None, Reveal(state.flipping, rng.choice(unseen)))

    return realize


def outcome(state: State) -> Outcome | None:
    if not state.dealt or active(state):
        return None
    behind = {
        s: sum(len(p) for p in state.places[i + 1 :])
        for i, pl in enumerate(state.places)
        for s in pl
    }
    return Outcome(state.places, {str(s): behind[s] for s in sorted(behind)})


def zones(state: State) -> dict[str, Zone]:
    named = {f"hand:{i}": h for i, h in enumerate(state.hands)}
    named |= {f"slots:{i}": s.zone for i, s in enumerate(state.slots)}
    return {**named, "pile": Zone(state.pile), "discard": Zone(state.discard), "stock": state.stock}


def view(state: State, seat: int | None) -> View:
    hands = tuple(
        ZoneView(f"hand:{i}", h.cards if i == seat else (), h.hidden if i == seat else len(h))
        for i, h in enumerate(state.hands)
    )
    slots = tuple(
        ZoneView(f"slots:{i}", (), len(s), tuple(None if x is None else "?" for x in s.slots))
        for i, s in enumerate(state.slots)
    )
    rest = (ZoneView("pile", state.pile), ZoneView("discard", state.discard))
    info = {"turn": state.turn, "window": list(state.window), "places": list(state.places)}
    return View(seat, hands + slots + rest + (ZoneView("stock", (), len(state.stock)),), info)


def shown(state: State, event: Event) -> Shown:
    p = event.payload
    if isinstance(p, Deal):
        seats: dict[int, tuple[Card, ...]] = {}
        for d in p.cards:
            if d.card is not None:
                seats[int(d.to)] = (*seats.get(int(d.to), ()), d.card)
        return Shown(seats=seats, forget=True)
    if isinstance(p, Play | Match):
        return Shown(everyone=p.cards)
    return Shown(everyone=(p.card,)) if isinstance(p, Reveal) else Shown()


def format_move(move: Move, state: State) -> str:
    p = move.payload
    if isinstance(p, Deal):
        return "deal " + " ".join(
            d.card.text if d.card else "?" for d in p.cards[: len(state.names) * HAND]
        )
    if isinstance(p, Reveal):
        return f"reveal {p.slot + 1} {p.card.text}"
    assert move.actor is not None
    words = [state.names[move.actor], move.kind]
    if isinstance(p, Flip):
        words.append(str(p.slot + 1))
    words += [c.text for c in getattr(p, "cards", ())]
    return " ".join(words)


def parse(text: str, state: State) -> Move:
    words = text.split()
    if not words:
        raise NotationError("expected NAME play|match CARDS, NAME pass, NAME flip SLOT")
    if words[0] == "deal":
        return Move(None, _parse_deal(words[1:], state))
    if words[0] == "reveal" and len(words) == 3 and words[1].isdigit():
        return Move(None, Reveal(int(words[1]) - 1, parse_card(words[2])))
    seats = [i for i, name in enumerate(state.names) if name.casefold() == words[0].casefold()]
    if not seats or len(words) < 2:
        raise NotationError(f"{text!r}: start with a player's name, then what they do")
    kind, rest = words[1], words[2:]
    if kind in ("play", "match") and rest:
        cards = tuple(parse_card(w) for w in rest)
        return Move(seats[0], Play(cards) if kind == "play" else Match(cards))
    if kind == "flip" and len(rest) == 1 and rest[0].isdigit():
        return Move(seats[0], Flip(int(rest[0]) - 1))
    if kind == "pass" and not rest:
        return Move(seats[0], Pass())
    raise NotationError(f"{text!r}: expected play CARDS, match CARDS, pass or flip SLOT")


def _parse_deal(words: list[str], state: State) -> Deal:
    n = len(state.names)
    if len(words) != n * HAND:
        raise NotationError(f"deal takes {HAND} cards (or ?) per player")
    hands = [
        Dealt(str(i // HAND), None if w == "?" else parse_card(w)) for i, w in enumerate(words)
    ]
    return Deal(tuple(hands + [Dealt(f"slot:{s}", None) for s in range(n) for _ in range(SLOTS)]))


def max_events(header: Header) -> int:
    n = len(header.players)
    return 1 + n * (HAND + SLOTS) * (3 + 2 * n)


RULES = RuleSet(
    name="ladder",
    title="Ladder",
    version=1,
    seats=(2, 6),
    options=OPTIONS,
    payloads=(Play, Match, Pass, Flip, Reveal),
    start=start,
    apply=apply,
    to_act=to_act,
    moves=moves,
    chance=chance,
    outcome=outcome,
    view=view,
    zones=zones,
    deck=deck,
    shown=shown,
    parse=parse,
    format=format_move,
    max_events=max_events,
    summary="Shed sets of equal ranks up a ladder; answer each play or pass; flip your slots.",
)
