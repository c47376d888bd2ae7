"""The deal engine: a game describes its deal as a plan; the engine checks and applies
``deal`` events against it.

A ``DealPlan`` is the ordered list of places the dealt cards go to, one ``Place`` per card
in the order they are dealt, each face up or face down. A place's ``to`` is exactly what a
stored ``Dealt.to`` holds:

* a seat, as its number in text (``"1"``): that player's hand;
* a zone of the table (``"table"``, ``"middle"``, ``"stock"``);
* a seat's own zone, ``"SEAT.ZONE"`` (``"2.up"``: Cai's face-up cards in Vriddiot);
* a numbered place of a zone, ``"ZONE:N"`` from 0 (``"table:0"``, ``"2.table:4"``).

The engine then

* checks a deal event against the plan (``check_deal``), with sentences that name who gets
  what: card N goes to X; X is dealt twice; not in the deck; already out; face-up cards
  must be entered;
* applies it (``deal_zones``, ``deal_slots``): per place, a ``Zone`` of the known cards and
  a count of face-down ones nobody entered;
* orders a pool (``pool_order``) for the draw a game's chance step describes
  (``rules.chance.Drawing``: the plan and its pool), which the dealer samples in a fixed
  order (cards are sorted, never taken from a set, whose order changes with
  ``PYTHONHASHSEED``).

The one deal notation every game shares is in ``rules.deal_notation``. Several decks are
fine throughout: the deck and the pool are multisets.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Iterable, Mapping, Sequence
from itertools import chain, repeat
from operator import attrgetter, itemgetter

import attrs

from tablelog.rules.cards import Card
from tablelog.rules.errors import IllegalEvent
from tablelog.rules.events import Deal, Dealt, Event
from tablelog.rules.frozen import frozen
from tablelog.rules.zones import Slot, Slots, Zone

__all__ = [
    "DealPlan",
    "Place",
    "Pool",
    "apply_deal",
    "check_deal",
    "deal_slots",
    "deal_zones",
    "owner",
    "pool_order",
    "round_robin",
    "to_each",
    "to_zone",
]


@frozen
class Place:
    """Where one dealt card goes (``Dealt.to``) and whether it is dealt face up."""

    to: str
    up: bool = False


def owner(to: str) -> int | None:
    """The seat a place belongs to (``"2"``, ``"2.up"``, ``"2.table:4"`` → 2), else ``None``."""
    head = to.partition(".")[0].partition(":")[0]
    return int(head) if head.isdigit() else None


def round_robin(
    order: Sequence[int], each: int, up_rounds: Iterable[int] = ()
) -> tuple[Place, ...]:
    """One card at a time to each seat of ``order``, ``each`` rounds; the rounds numbered in
    ``up_rounds`` (from 0) are dealt face up. Karnöffel: ``round_robin(order, 5, (0,))``."""
    up = frozenset(up_rounds)
    return tuple(Place(str(seat), r in up) for r in range(each) for seat in order)


def to_each(
    order: Sequence[int], each: int, *, zone: str = "", up: bool = False
) -> tuple[Place, ...]:
    """``each`` cards in a row to each seat of ``order`` (to its ``zone``, else its hand)."""
    suffix = f".{zone}" if zone else ""
    return tuple(Place(f"{seat}{suffix}", up) for seat in order for _ in range(each))


def to_zone(
    zone: str, count: int, *, up: bool = False, numbered: bool = False
) -> tuple[Place, ...]:
    """``count`` cards to ``zone``; with ``numbered``, to its places ``zone:0``, ``zone:1`` ..."""
    if numbered:
        return tuple(Place(f"{zone}:{i}", up) for i in range(count))
    return (Place(zone, up),) * count


@frozen(eq=False)
class Pool:
    """A multiset of cards a deal may draw from, built once (the whole deck, for a game that
    gathers every card before each deal): it checks a deal of distinct cards without
    hashing them, by the identity of its card objects."""

    counts: Mapping[Card, int]
    ids: frozenset[int] = attrs.field(init=False)

    def __attrs_post_init__(self) -> None:
        ids = frozenset(id(card) for card, n in self.counts.items() if n > 0)
        object.__setattr__(self, "ids", ids)

    @classmethod
    def of(cls, cards: Iterable[Card]) -> Pool:
        """The pool of ``cards`` (with repeats for several decks)."""
        return cls(Counter(cards))


_TO_UP = attrgetter("to", "up")
_CARD = attrgetter("card")


@frozen(eq=False)
class DealPlan:
    """A deal as the game describes it: the places in dealing order and how to talk about it.

    ``players`` name the seats. ``rule`` is the sentence a refusal starts with when the
    deal goes elsewhere ("the deal gives 5 cards to each player, one at a time, clockwise
    from the dealer's left (Bo first)"); ``face_up`` says which cards lie face up ("the
    first round is dealt face up"); ``deck_name`` names the deck ("the Karnöffel deck (48
    cards ...)"). ``names`` overrides how a place is written in the notation (default: the
    player's name for a seat, ``Cai.up`` for a seat's zone, the zone's name otherwise).
    """

    places: tuple[Place, ...]
    players: tuple[str, ...]
    rule: str = "the deal goes elsewhere"
    face_up: str = "no card of this deal is dealt face up"
    deck_name: str = "this game's deck"
    names: Mapping[str, str] = attrs.field(factory=dict)
    shape: tuple[tuple[str, bool], ...] = attrs.field(init=False)
    destinations: tuple[str, ...] = attrs.field(init=False)
    ups: tuple[int, ...] = attrs.field(init=False)
    """The positions (in dealing order) of the cards dealt face up."""
    _pick: Mapping[str, Callable[[Sequence[Card | None]], tuple[Card | None, ...]]] = attrs.field(
        init=False, repr=False
    )

    def __attrs_post_init__(self) -> None:
        positions: dict[str, list[int]] = {}
        for i, place in enumerate(self.places):
            positions.setdefault(place.to, []).append(i)
        pick = {to: _picker(index) for to, index in positions.items()}
        object.__setattr__(self, "shape", tuple((p.to, p.up) for p in self.places))
        object.__setattr__(self, "destinations", tuple(positions))
        object.__setattr__(self, "ups", tuple(i for i, p in enumerate(self.places) if p.up))
        object.__setattr__(self, "_pick", pick)

    def __len__(self) -> int:
        return len(self.places)

    def count(self, to: str) -> int:
        """How many cards go to ``to``."""
        return sum(1 for place in self.places if place.to == to)

    def name(self, to: str) -> str:
        """How the notation writes place ``to``: ``Bo``, ``Cai.up``, ``table``, ``table:0``."""
        named = self.names.get(to)
        if named is not None:
            return named
        seat = owner(to)
        if seat is None or not 0 <= seat < len(self.players):
            return to
        rest = to[len(str(seat)) :]
        return self.players[seat] + rest

    def phrase(self, to: str) -> str:
        """Place ``to`` as a sentence says it: ``Bo``, ``Cai's up``, ``the table``."""
        seat = owner(to)
        if seat is not None and 0 <= seat < len(self.players):
            rest = to[len(str(seat)) :].lstrip(".")
            return self.players[seat] + (f"'s {rest}" if rest else "")
        if to in self.destinations or to in self.names:
            return f"the {self.names.get(to, to)}"
        return repr(to)

    def summary(self, targets: Iterable[str]) -> str:
        """``5 to Bo, 5 to Cai, 2 to the table``: how many cards go where."""
        counts: dict[str, int] = {}
        for to in targets:
            counts[to] = counts.get(to, 0) + 1
        return ", ".join(f"{n} to {self.phrase(to)}" for to, n in counts.items()) or "none"


def _picker(index: list[int]) -> Callable[[Sequence[Card | None]], tuple[Card | None, ...]]:
    if len(index) == 1:
        only = index[0]
        return lambda cards: (cards[only],)
    return itemgetter(*index)


def apply_deal(
    plan: DealPlan,
    event: Event,
    pool: Mapping[Card, int] | Pool,
    deck: Mapping[Card, int],
    where: Callable[[Card], str] | None = None,
) -> dict[str, Zone]:
    """Each place's cards after the deal ``event`` (see ``deal_zones``), once
    ``check_deal`` accepts it."""
    entered = check_deal(plan, event, pool, deck, where)
    return _zones(plan, entered)


def check_deal(
    plan: DealPlan,
    event: Event,
    pool: Mapping[Card, int] | Pool,
    deck: Mapping[Card, int],
    where: Callable[[Card], str] | None = None,
) -> tuple[Card | None, ...]:
    """Refuse ``event`` (``IllegalEvent``) unless its deal follows ``plan``; return the
    cards entered, in dealing order (``None`` for one nobody saw).

    ``pool`` holds the cards that may be dealt (the unaccounted ones, with counts; a
    ``Pool`` built once checks faster); ``deck`` every card of the game, with counts;
    ``where(card)`` ends the sentence that refuses a card already out ("it was taken by
    Anna"), else "it is already out".
    """
    cards: tuple[Dealt, ...] = event.payload.cards
    if tuple(map(_TO_UP, cards)) != plan.shape:
        raise IllegalEvent(event, _shape_refusal(plan, cards))
    entered = tuple(map(_CARD, cards))
    for i in plan.ups:
        if entered[i] is None:
            raise IllegalEvent(
                event,
                f"{plan.face_up}, so face-up cards must be entered: card {i + 1} "
                f"(to {plan.phrase(cards[i].to)}) is not known",
            )
    known = [card for card in entered if card is not None]
    if isinstance(pool, Pool):
        ids = set(map(id, known))
        if len(ids) == len(known) and ids <= pool.ids:  # distinct cards, all in the pool
            return entered
        pool = pool.counts
    counts = Counter(known)
    get = pool.get
    if all(get(card, 0) >= n for card, n in counts.items()):
        return entered
    raise IllegalEvent(event, _card_refusal(plan, known, counts, pool, deck, where))


def _shape_refusal(plan: DealPlan, cards: tuple[Dealt, ...]) -> str:
    if len(cards) != len(plan):
        given = plan.summary(d.to for d in cards)
        wanted = plan.summary(p.to for p in plan.places)
        return f"{plan.rule}: expected {len(plan)} cards ({wanted}), got {len(cards)} ({given})"
    for i, (dealt, place) in enumerate(zip(cards, plan.places, strict=True)):
        if dealt.to != place.to:
            return (
                f"{plan.rule}: card {i + 1} goes to {plan.phrase(place.to)}, "
                f"not to {plan.phrase(dealt.to)}"
            )
        if dealt.up != place.up:
            must = "face up" if place.up else "face down"
            return f"{plan.face_up}: card {i + 1} (to {plan.phrase(place.to)}) must be {must}"
    raise AssertionError("a deal of the plan's shape has no shape refusal")  # pragma: no cover


def _card_refusal(
    plan: DealPlan,
    known: list[Card],
    counts: Counter[Card],
    pool: Mapping[Card, int],
    deck: Mapping[Card, int],
    where: Callable[[Card], str] | None,
) -> str:
    """The sentence refusing the first card (in dealing order) that cannot be dealt."""
    card = next(c for c in known if pool.get(c, 0) < counts[c])
    copies = deck.get(card, 0)
    if not copies:
        return f"{card} is not in {plan.deck_name}"
    if counts[card] > copies:
        if copies == 1:
            return f"{card} is dealt twice"
        return f"{card} is dealt {counts[card]} times, but the decks hold only {copies}"
    why = where(card) if where is not None else "it is already out"
    return f"{card} cannot be dealt: {why}"


def deal_zones(plan: DealPlan, deal: Deal) -> dict[str, Zone]:
    """Each place's cards after ``deal`` (checked against ``plan``): the known cards in
    dealing order, and how many face-down cards nobody entered."""
    return _zones(plan, tuple(map(_CARD, deal.cards)))


def _zones(plan: DealPlan, entered: tuple[Card | None, ...]) -> dict[str, Zone]:
    pick = plan._pick
    if len([card for card in entered if card is not None]) == len(entered):
        return {to: Zone(pick[to](entered)) for to in plan.destinations}  # type: ignore[arg-type]
    zones = {}
    for to in plan.destinations:
        got = pick[to](entered)
        known = tuple([card for card in got if card is not None])
        zones[to] = Zone(known, len(got) - len(known))
    return zones


def deal_slots(deal: Deal, zone: str, size: int) -> Slots:
    """The numbered places ``zone:0`` .. ``zone:size-1`` after ``deal``, as ``Slots``
    (a place no card went to stays empty)."""
    slots: list[Slot | None] = [None] * size
    prefix = f"{zone}:"
    for dealt in deal.cards:
        if dealt.to.startswith(prefix):
            slots[int(dealt.to[len(prefix) :])] = Slot(dealt.card, dealt.up)
    return Slots(tuple(slots))


def pool_order(pool: Mapping[Card, int]) -> tuple[Card, ...]:
    """The cards of ``pool`` (with their counts) in a fixed order: by suit, then rank text.

    The seeded dealer draws from this order, so the same seed deals the same cards on
    every machine; never from a set, whose order depends on ``PYTHONHASHSEED``.
    """
    ordered = sorted([card for card, n in pool.items() if n > 0], key=_ORDER_KEY)
    return tuple(chain.from_iterable(map(repeat, ordered, map(pool.__getitem__, ordered))))


_ORDER_KEY = attrgetter("suit", "rank")
"""A card's place in ``pool_order``: ``(suit, rank)``, read in one C call."""
