"""The Nørdekasino state: options, card values, piles on the table, and the frozen state.

Seats are numbered in turn order, which is counter-clockwise at the table: seat
``dealer + 1`` sits to the dealer's right, gets the first cards and plays first.
"""

from __future__ import annotations

from collections.abc import Mapping
from functools import cache, lru_cache

import attrs

from tablelog.rules.binding import lies_on, taken_by
from tablelog.rules.cards import JOKER_RANK, Card, deck_french
from tablelog.rules.claims import Claim
from tablelog.rules.errors import OptionError
from tablelog.rules.frozen import frozen
from tablelog.rules.nordekasino.arith import code_of_more, code_of_values
from tablelog.rules.options import option, read_options, specs_of
from tablelog.rules.protocol import Header, OptionValue
from tablelog.rules.seating import Seating
from tablelog.rules.table import Table, TableState, each_side, hands_of
from tablelog.rules.zones import Zone

__all__ = [
    "DEAL",
    "HAND",
    "OPTIONS",
    "OVER",
    "PLAY",
    "TABLE_CARDS",
    "Options",
    "Pile",
    "State",
    "card_values",
    "initial_state",
]

DEAL = "deal"  # the dealer to deal (a chance step)
PLAY = "play"  # the player on turn to act
OVER = "over"  # nothing: every card is played and scored

HAND = 4
TABLE_CARDS = 2
EMPTY = Zone()


@frozen(cache_hash=True)
class Options:
    """The game's options, typed, each with its meaning."""

    decks: int = option(1, "French decks shuffled together", minimum=1, maximum=4)
    jokers: int = option(2, "jokers in each deck", minimum=0, maximum=4)
    partnership: bool = option(
        False, "Makker-nørdekasino: four players, partners opposite, tricks and points shared"
    )
    last_round: int = option(
        HAND, "cards each player gets in the last round", minimum=1, maximum=13
    )
    thomas_kragh: bool = option(False, "a player on turn with one card left shows it when asked")
    open_hand_penalty: bool = option(
        False, "a player who looked at the cards before the deal was complete plays open-handed"
    )

    @classmethod
    def from_mapping(cls, given: Mapping[str, OptionValue]) -> Options:
        """The options from a header's mapping, defaults filled in and values checked."""
        return read_options(cls, OPTIONS, given)

    def deck(self) -> tuple[Card, ...]:
        """Every card of the game."""
        return deck_french(jokers=self.jokers, decks=self.decks)


OPTIONS = specs_of(Options)

_DOUBLE = {
    Card("A", "S"): (1, 14),
    Card("A", "H"): (1, 14),
    Card("A", "D"): (1, 14),
    Card("A", "C"): (1, 14),
    Card("2", "S"): (2, 15),
    Card("10", "D"): (10, 16),
    Card("10", "S"): (10, 21),
}
_FACE = {"J": 11, "Q": 12, "K": 13}


@cache
def card_values(card: Card) -> tuple[int, ...]:
    """The values a card may take: one, or two for the ace, ♠2, ♦10 and ♠10."""
    double = _DOUBLE.get(card)
    if double is not None:
        return double
    if card.rank == JOKER_RANK:
        return (0,)
    return (_FACE.get(card.rank) or int(card.rank),)


@frozen(cache_hash=True)
class Pile:
    """A pile on the table: its cards, its value code (see ``arith``) and its owner.

    A loose card keeps every value it may take; a built pile has one value, or is a
    "more" pile. ``owner`` is the seat that last built on it (``None`` for a loose card).
    """

    cards: tuple[Card, ...]
    value: int | None = None
    more: bool = False
    owner: int | None = None
    code: int = attrs.field(init=False, eq=False, repr=False)
    """The pile's value code for ``arith`` (made once: every listing reads every pile's)."""

    def __attrs_post_init__(self) -> None:
        if self.value is None:
            code = code_of_values(*card_values(self.cards[0]))
        else:
            code = code_of_more(self.value) if self.more else code_of_values(self.value)
        object.__setattr__(self, "code", code)

    @property
    def values(self) -> tuple[int, ...]:
        """The values the pile may take (a "more a" pile: ``(a,)``)."""
        return card_values(self.cards[0]) if self.value is None else (self.value,)

    @property
    def label(self) -> str:
        """``7H``, ``AS (1/14)``, ``7: 3C 4D`` or ``more 7: 7H 7C``: how the table shows it."""
        if self.value is None:
            card = self.cards[0]
            vals = card_values(card)
            return card.text if len(vals) == 1 else f"{card.text} ({'/'.join(map(str, vals))})"
        name = f"more {self.value}" if self.more else str(self.value)
        return f"{name}: {' '.join(c.text for c in self.cards)}"


@lru_cache(maxsize=64)
def _seating(n: int, partners: bool) -> Seating:
    return Seating(n, partners=partners)


@frozen(cache_hash=True, slots=False)
class State(TableState[Options]):
    """A moment of a Nørdekasino game (``table``: players, options, dealer, the decks).

    ``to_play`` is the seat on turn (``None`` while dealing or over); ``piles`` the piles
    in the order they were laid; ``won[side]`` the cards each side took; ``sweeps[side]``
    its sweeps; ``last_taker`` the seat that took the last trick so far; ``deals`` how
    many deals have been made; ``revealed[seat]`` the card a player showed under the
    Thomas Kragh rule; ``open_hands`` the seats playing open-handed until the next deal;
    ``claims`` the builds that rest on face-down cards, still open (``rules.claims``).
    """

    phase: str
    to_play: int | None
    hands: tuple[Zone, ...]
    piles: tuple[Pile, ...]
    stock: Zone
    middle: Zone
    won: tuple[Zone, ...]
    sweeps: tuple[int, ...]
    last_taker: int | None = None
    deals: int = 0
    revealed: tuple[Card | None, ...] = ()
    open_hands: tuple[int, ...] = ()
    claims: tuple[Claim, ...] = ()

    DECK_NAME = "this game's deck"

    @property
    def seats(self) -> int:
        """How many players."""
        return self.table.n

    @property
    def dealer(self) -> int:
        """The dealer's seat."""
        return self.table.dealer

    def owned(self, seat: int) -> tuple[int, ...]:
        """The table positions of the piles ``seat`` built last."""
        return tuple(i for i, pile in enumerate(self.piles) if pile.owner == seat)

    def zone_map(self) -> dict[str, Zone]:
        """Every zone by name (``zone_map``)."""
        return zone_map(self)

    @staticmethod
    def places(table: Table[Options]) -> dict[str, str]:
        """A hand by its player, the table, the middle, a side's taken cards."""
        return {
            **hands_of(table),
            "table": lies_on("the table"),
            "middle": "it lies face down in the middle",
            **each_side(table, "won", taken_by),
        }


def max_players(options: Options) -> int:
    """How many players the decks serve: four cards each and two for the table."""
    return (len(options.deck()) - TABLE_CARDS) // HAND


def initial_state(header: Header) -> State:
    """The state before the first deal; refuses options the table cannot play with."""
    options = Options.from_mapping(header.options)
    players = tuple(header.players)
    deck = options.deck()
    if options.partnership and len(players) != 4:
        raise OptionError(
            f"partnership Nørdekasino is played by four players in two teams, not {len(players)}"
        )
    most = max_players(options)
    if len(players) > most:
        raise OptionError(
            f"{len(players)} players need {HAND * len(players) + TABLE_CARDS} cards for the "
            f"first deal (4 each and 2 for the table), but {options.decks} deck(s) with "
            f"{options.jokers} joker(s) each hold {len(deck)}: at most {most} players"
        )
    if not 0 <= header.dealer < len(players):
        raise OptionError(f"the dealer must be one of the {len(players)} seats")
    seating = _seating(len(players), options.partnership)
    table = Table(players, options, header.dealer, deck, seating)
    seats = len(players)
    return State(
        table=table,
        phase=DEAL,
        to_play=None,
        hands=(EMPTY,) * seats,
        piles=(),
        stock=Zone((), len(deck)),
        middle=EMPTY,
        won=(EMPTY,) * table.sides,
        sweeps=(0,) * table.sides,
        revealed=(None,) * seats,
    )


def zone_map(state: State) -> dict[str, Zone]:
    """Every zone by name, for conservation and binding face-down cards."""
    zones = {f"hand:{seat}": hand for seat, hand in enumerate(state.hands)}
    zones["table"] = Zone(tuple(card for pile in state.piles for card in pile.cards))
    zones["stock"] = state.stock
    zones["middle"] = state.middle
    for side, won in enumerate(state.won):
        zones[f"won:{side}"] = won
    return zones
