"""Which plays the rules allow: by the pile's value, in a twist, as the card added after an
8, as a war card. Every function answers with ``None`` (allowed) or the sentence naming the
rule a play breaks; ``play.apply`` and ``moves`` ask the same functions, so they agree.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from functools import lru_cache
from typing import Any, NamedTuple, cast

from tablelog.rules.cards import FRENCH_RANKS, JOKER, SUITS, Card
from tablelog.rules.memo import ByValue, number_of
from tablelog.rules.table import player
from tablelog.rules.vriddiot.state import ADDON, BEAT, FIRER, LEAD, WAR, State, down_count, value

__all__ = [
    "Verdicts",
    "declarations",
    "effective",
    "is_burn",
    "nearer",
    "options_read",
    "ordinary",
    "refuse_play",
    "seat_free",
    "source",
    "start_forbidden",
    "verdicts",
]

SPECIAL_START = frozenset({"2", "10"})

WAR_RANKS = frozenset({"3", "4", "5", "6", "7", "9", "J", "Q", "K", "A"})
"""Values a war is fought over: not 2 (resets), 8 (its added card counts), 10 (burns)."""

SEED_EIGHT = (
    '"kan ikke legges på kort med verdi høyere enn 8" (may not be laid on a card worth more than 8)'
)
"""The seed's words for an 8 laid on a higher card."""


def source(state: State, seat: int) -> str:
    """Where ``seat`` plays from: the card just turned, the hand, the face-up table cards,
    the face-down ones (``""``: no cards)."""
    if seat == state.turn:
        turned = state.turned
        if turned.cards or turned.hidden:
            return "turned"
    hand = state.hands[seat]  # a zone's length, without a call of ``Zone.__len__``
    if hand.cards or hand.hidden:
        return "hand"
    up = state.ups[seat]
    if up.cards or up.hidden:
        return "up"
    if down_count(state.downs[seat]):
        return "down"
    return ""


def effective(card: Card, declared: Card | None) -> Card:
    """The card a played card counts as (a joker: the card declared)."""
    return declared if card == JOKER and declared is not None else card


def refuse_declared(card: Card, declared: Card | None) -> str | None:
    """A joker must name the one card it stands for (not a joker, not Der Firer); no
    other card names one."""
    if card != JOKER:
        return None if declared is None else f"only a joker stands for another card, not {card}"
    if declared is None:
        return "a joker must say which card it stands for (JK as 9H)"
    if declared == JOKER:
        return "a joker stands for an ordinary card, not a joker"
    if declared == FIRER:
        return "a joker can be any card but Der Firer (♠4)"
    return None


def is_burn(cards: Sequence[Card], real: Sequence[Card]) -> bool:
    """Whether a play burns by itself: a 10, Der Firer, or four (or more) of a kind."""
    return cards[0].rank == "10" or tuple(real) == (FIRER,) or len(cards) >= 4


def refuse_play(state: State, seat: int, real: Sequence[Card], cards: Sequence[Card]) -> str | None:
    """Why ``seat`` may not lay ``real`` (counting as ``cards``) now, or ``None``."""
    rank = cards[0].rank
    if len(cards) > 1 and any(card.rank != rank for card in cards):
        return "cards laid together must all have the same value"
    if len(real) > 1 and (JOKER in real or FIRER in real):
        return "a joker and Der Firer (♠4) are always laid alone"
    duty = state.duty
    burn = is_burn(cards, real)
    if duty == ADDON:
        if len(cards) > 1:
            return "the card added after an 8 is one card"
        war = state.war
        if (
            war is not None
            and war.twist is not None
            and not burn
            and (value(cards[0]) >= war.twist[1])
        ):
            return (
                f"in a war twist the card added after the 8 must be lower than "
                f"{war.twist[1]} (or burn)"
            )
        return None
    if duty == LEAD:
        return _refuse_start(state, seat, real, cards)
    if duty == WAR:
        return _refuse_war(state, cards, burn)
    assert duty == BEAT
    if state.twist is not None:
        return _refuse_twist(state, cards, burn)
    if burn and (len(cards) < 4 or rank == "10"):
        return None
    if rank == "2":
        return None
    if len(cards) >= 4 and state.options.four_any_value:
        return None
    if rank == "8" and state.top > 8:
        return (
            f"an 8 {SEED_EIGHT}, and the pile's top is worth {state.top}: lay {state.top} or"
            " higher, a 2 or a 10"
        )
    if value(cards[0]) < state.top:
        return f"{cards[0].rank} is lower than the pile's {state.top}: lay {state.top} or higher"
    return None


def _refuse_start(
    state: State, seat: int, real: Sequence[Card], cards: Sequence[Card]
) -> str | None:
    if state.started or not state.options.starter_lowest:
        return None
    if state.turn is None:
        return _refuse_physical_start(state, seat, real[0])
    lowest = starter_value(state, seat)
    if lowest is not None and value(cards[0]) != lowest:
        return f"the starter begins with the lowest card that made them start (a {lowest})"
    return None


def _refuse_physical_start(state: State, seat: int, real: Card) -> str | None:
    """Before a physical game's first play anyone may start (the hands are face down);
    with ``starter_lowest`` a known hand card lower than the one laid refutes it (the
    face-down cards are claims: ``rules.vriddiot.claims.starter_claims``)."""
    for other in range(state.table.n):
        forbidden = start_forbidden(state, seat, other, real)
        held = next((c for c in state.hands[other].cards if c in forbidden), None)
        if held is None:
            continue
        if other == seat:
            return (
                f"the starter begins with the lowest card, and {player(state, seat)} holds {held}"
            )
        return f"the player with the lowest card starts, and {player(state, other)} holds {held}"
    return None


def ordinary(card: Card) -> bool:
    """Whether ``card`` counts for who starts (not a 2, a 10, ♠4 or a joker)."""
    return card.rank not in SPECIAL_START and card != FIRER and card != JOKER and bool(card.suit)


@lru_cache(maxsize=64)
def _lower(deck: frozenset[Card], below: int) -> frozenset[Card]:
    return frozenset(c for c in deck if ordinary(c) and value(c) < below)


def start_forbidden(state: State, seat: int, other: int, real: Card) -> frozenset[Card]:
    """What ``other`` may not hold when ``seat`` started with ``real``: ordinary cards
    lower than it (every ordinary card when ``real`` is none), for a seat nearer the
    dealer's left than ``seat`` none equal either."""
    deck = frozenset(state.table.counts)
    if not ordinary(real):
        return _lower(deck, 99)
    worth = value(real)
    if other != seat and nearer(state, other, seat):
        worth += 1
    return _lower(deck, worth)


def nearer(state: State, a: int, b: int) -> bool:
    """Whether ``a`` comes before ``b`` counting from the dealer's left."""
    order = state.seating.order_from(state.seating.next(state.table.dealer))
    return order.index(a) < order.index(b)


def starter_value(state: State, seat: int) -> int | None:
    """The lowest ordinary card value in ``seat``'s hand (2, 10, ♠4 and jokers ignored)."""
    values = [
        value(c)
        for c in state.hands[seat].cards
        if c.rank not in ("2", "10") and c != FIRER and c != JOKER
    ]
    return min(values) if values else None


def _refuse_twist(state: State, cards: Sequence[Card], burn: bool) -> str | None:
    assert state.twist is not None
    suit, top = state.twist
    rank = cards[0].rank
    if burn or rank == "A":
        return None
    follows = any(card.suit == suit for card in cards)
    if not follows:
        return f"a twist in {suit} is followed in {suit}: only an ace, a 10 or a burn breaks it"
    if rank == "8":
        if state.options.eight_in_vri_le_8 and top > 8:
            return f"an 8 may not be laid on {top} (option eight_in_vri_le_8)"
        return None
    if rank == "2":
        return None
    need = value(cards[0])
    if need < top or (need == top and state.options.vri_strict):
        word = "higher than" if state.options.vri_strict else "at least"
        return f"a twist is topped: lay a {suit} {word} {top}"
    return None


def _refuse_war(state: State, cards: Sequence[Card], burn: bool) -> str | None:
    war = state.war
    assert war is not None
    if burn or war.twist is None:  # one card or several of one value ("kortene")
        return None
    suit, top = war.twist
    if len(cards) > 1:
        return f"an 8 in the war: follow {suit} lower than {top} with one card, or burn"
    card = cards[0]
    if card.suit != suit:
        return f"an 8 in the war: follow {suit} lower than {top}, or burn"
    if card.rank == "8" or value(card) < top:
        return None
    return f"an 8 in the war: follow {suit} lower than {top}, or burn"


DECLARABLE = tuple(Card(r, s) for s in SUITS for r in FRENCH_RANKS if Card(r, s) != FIRER)
"""What a joker may stand for: any card of one deck but Der Firer, in a fixed order."""


def declarations(card: Card) -> tuple[Card, ...]:
    """The cards ``card`` may count as: itself, or for a joker every card it may stand for."""
    return DECLARABLE if card == JOKER else (card,)


def seat_free(state: State) -> bool:
    """Whether ``refuse_play`` answers the same for every seat now: always but for the
    starter's first lead with ``starter_lowest`` (which looks at the starter's hand)."""
    return state.duty != LEAD or state.started or not state.options.starter_lowest


class _WarTwist(NamedTuple):
    """What ``refuse_play`` reads of a war: its twist (an 8 laid in the war)."""

    twist: tuple[str, int] | None


class _OptionsRead(NamedTuple):
    """The options ``refuse_play`` reads when ``seat_free`` (a started game: never
    ``starter_lowest``); any other option it asks of a stand-in fails loudly."""

    four_any_value: bool
    vri_strict: bool
    eight_in_vri_le_8: bool


class _Asked(NamedTuple):
    """What ``refuse_play`` reads of a state when ``seat_free``: the duty, the value to
    beat, the twist, the war's twist and the options it reads."""

    duty: str
    top: int
    twist: tuple[str, int] | None
    war: _WarTwist | None
    options: _OptionsRead
    started: bool = True


_Situation = tuple[int, str, int, tuple[str, int] | None, bool, tuple[str, int] | None]


class Verdicts:
    """What ``refuse_play`` answers in one situation for every seat (``seat_free``):
    ``alone``, every card of the game (jokers aside) that may be laid alone as itself, and
    ``set_ok(cards)`` for a set, each asked once and remembered (``verdicts``)."""

    __slots__ = ("_asked", "_jokers", "_sets", "alone", "listing")

    def __init__(self, asked: State, deck: Iterable[Card]) -> None:
        self._asked = asked
        self.listing: dict[int, Any] = {}
        """What the listing (``onturn.turn_moves``) keeps of this situation, by seat."""
        self._sets: dict[tuple[Card, ...], bool] = {}
        self._jokers: tuple[Card, ...] | None = None
        self.alone = frozenset(
            c for c in deck if c != JOKER and refuse_play(asked, 0, (c,), (c,)) is None
        )

    @property
    def jokers(self) -> tuple[Card, ...]:
        """The cards a joker laid alone may stand for (``declarations``, in order)."""
        made = self._jokers
        if made is None:
            asked = self._asked
            made = self._jokers = tuple(
                e for e in DECLARABLE if refuse_play(asked, 0, (JOKER,), (e,)) is None
            )
        return made

    def set_ok(self, cards: tuple[Card, ...]) -> bool:
        """Whether the set ``cards`` may be laid."""
        known = self._sets.get(cards)
        if known is None:
            known = self._sets[cards] = refuse_play(self._asked, 0, cards, cards) is None
        return known


_BOUND = 20_000
"""How many situations are remembered before the cache starts again."""
_VERDICTS: ByValue[Verdicts] = ByValue(_BOUND)

_READ: ByValue[tuple[int, _OptionsRead]] = ByValue(_BOUND)
"""Per game's options (by ``memo.number_of``): a number for what ``Verdicts`` depend on of
them (the options ``refuse_play`` reads, and the cards of the deck), and those options."""


def _options_read(state: State, number: int) -> tuple[int, _OptionsRead]:
    """The number and stand-in of the options ``refuse_play`` reads (``_OptionsRead``), the
    deck's cards with them, for the options numbered ``number``: games whose options
    differ only in what the listing's verdicts never read (jokers, a war's tie rule, ...)
    share their verdicts."""
    options = state.options
    read = _OptionsRead(options.four_any_value, options.vri_strict, options.eight_in_vri_le_8)
    cards = frozenset(card for card in state.table.counts if card != JOKER)
    return _READ.keep(number, (number_of((read, cards)), read))


OptionsRead = tuple[int, _OptionsRead]
"""What ``verdicts`` reads of a game's options (``options_read``)."""


def options_read(state: State) -> OptionsRead:
    """The number and stand-in of the options ``refuse_play`` reads with the deck's cards
    (``_options_read``), for ``state``'s game: the same for the whole game, so a caller
    walking one game may ask once and give it to ``verdicts``."""
    number = number_of(state.options)
    return _READ.get(number) or _options_read(state, number)


def verdicts(state: State, read_options: OptionsRead | None = None) -> Verdicts:
    """The ``Verdicts`` of ``state``'s situation, remembered by what ``refuse_play`` reads
    of it: the duty, the value to beat, the twist, the war's twist and the options it
    reads, with the deck's cards (by number: ``options_read``, which the caller may give
    as ``read_options``). Only for a ``seat_free`` state."""
    war = state.war
    twist = war.twist if war is not None else None
    read, options = read_options or options_read(state)
    key = (read, state.duty, state.top, state.twist, war is None, twist)
    known = _VERDICTS.get(key)
    if known is None:
        stand_in = _WarTwist(twist) if war is not None else None
        asked = cast(State, _Asked(key[1], key[2], key[3], stand_in, options))
        known = _VERDICTS.keep(key, Verdicts(asked, state.table.counts))
    return known
