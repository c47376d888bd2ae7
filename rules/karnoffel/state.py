"""The Karnöffel state: a frozen value holding the table, the current deal and the match.

The state is never mutated: ``play.apply`` builds a new one. It carries what it needs of
the header (player names, options, first dealer) so notation and views can use names.
"""

from __future__ import annotations

from collections import Counter

from tablelog.rules.cards import Card, deck_48
from tablelog.rules.errors import OptionError
from tablelog.rules.frozen import frozen
from tablelog.rules.options import option, read_options, specs_of
from tablelog.rules.protocol import Header
from tablelog.rules.seating import Seating
from tablelog.rules.table import Table, TableState, each_side, hands_of
from tablelog.rules.zones import Zone

__all__ = [
    "DEAL",
    "DECK",
    "LOWEST_UPCARD",
    "OPTIONS",
    "OVER",
    "PLAY",
    "SEATING",
    "SEATS",
    "TURN",
    "TURN_FROM_STOCK",
    "DealRecord",
    "DealState",
    "MatchState",
    "Options",
    "State",
    "Table",
    "TrickRecord",
    "initial_state",
]

SEATS = 4
SEATING = Seating(SEATS, partners=True)
"""Four seats, play clockwise, partners opposite: Anna & Cai (side 0) against Bo & Dina."""
DECK: tuple[Card, ...] = deck_48()
DECK_SET = frozenset(DECK)
DECK_COUNTS: Counter[Card] = Counter(DECK)
DECK_NAME = "the Karnöffel deck (48 cards: K, Q, J, 10 down to 2; no aces)"
HAND_SIZE = 5
TRICKS = 5

# phases: what the game waits for
DEAL = "deal"  # the dealer to deal (a chance step)
TURN = "turn"  # the trump card to be turned from the stock (a chance step)
PLAY = "play"  # a player to play a card
OVER = "over"  # nothing: the match is won

EMPTY = Zone()

LOWEST_UPCARD = "lowest_upcard"
TURN_FROM_STOCK = "turn_from_stock"
LED_SUIT = "led_suit"
ANY_SUIT = "any_suit"


@frozen(cache_hash=True)
class Options:
    """The match's options, typed, each with its meaning; read from a header by
    ``rules.options.read_options``."""

    trump_selection: str = option(
        LOWEST_UPCARD,
        "how the trump suit is chosen: the lowest face-up dealt card, "
        "or a card turned from the undealt stock",
        choices=(LOWEST_UPCARD, TURN_FROM_STOCK),
    )
    stecher_scope: str = option(
        LED_SUIT,
        "which Kings, Queens and Jacks beat the Ober-, Unter- and Farbenstecher: "
        "only those of the led suit, or those of any suit",
        choices=(LED_SUIT, ANY_SUIT),
    )
    stop_at_three: bool = option(False, "end a deal as soon as one team has taken three tricks")
    target: int = option(1, "deals a team must win to win the match", minimum=1)
    open_partner_hands: bool = option(False, "each player also sees the partner's hand")


OPTIONS = specs_of(Options)


@frozen
class TrickRecord:
    """A completed trick: who led it, its cards in play order, and who won it."""

    leader: int
    cards: tuple[Card, ...]
    winner: int


@frozen
class DealRecord:
    """A finished deal: its number, dealer, trump suit, tricks per team and winning team."""

    number: int
    dealer: int
    trump: str
    tricks: tuple[int, int]
    winner: int


@frozen(cache_hash=True)
class DealState:
    """The cards of the deal in progress (or of the last one, until the next is dealt).

    ``upcards[s]`` is the card seat ``s`` got face up (``()`` before the first deal);
    ``trump`` is ``""`` until the trump suit is known; ``tricks`` are the deal's completed
    tricks and ``taken`` the tricks per team.
    """

    stock: Zone
    turned: Zone = EMPTY
    won: tuple[Zone, Zone] = (EMPTY, EMPTY)
    upcards: tuple[Card, ...] = ()
    trump: str = ""
    tricks: tuple[TrickRecord, ...] = ()
    taken: tuple[int, int] = (0, 0)


@frozen(cache_hash=True)
class MatchState:
    """The match so far: deals won per team, and the record of every finished deal."""

    scores: tuple[int, int] = (0, 0)
    deals: tuple[DealRecord, ...] = ()


NO_SCORE = MatchState()


@frozen(cache_hash=True)
class State(TableState[Options]):
    """A moment of a Karnöffel match (``table``: players, options, first dealer).

    ``dealer`` is the dealer of the current deal, or of the next one while ``phase`` is
    ``deal``. The hands and the trick in progress (play order, led by ``leader``) are
    kept at the top, since every play changes them; the rest of the deal is ``current``
    (``state.current.trump``) and the score ``match`` (``state.match.scores``).
    """

    phase: str
    dealer: int
    hands: tuple[Zone, ...]
    trick: tuple[Card, ...]
    leader: int
    current: DealState
    match: MatchState = NO_SCORE

    DECK_NAME = DECK_NAME

    def zone_map(self) -> dict[str, Zone]:
        """Every zone by name: hands, stock, turned card, trick, won tricks."""
        return zone_map(self)

    @staticmethod
    def places(table: Table[Options]) -> dict[str, str]:
        """A hand by its player, the trick, the turned card, the tricks a team won."""
        return {
            **hands_of(table),
            "trick": "it has already been played to this trick",
            "turned": "it is the card turned from the stock",
            **each_side(
                table, "won", lambda team: f"it was already played in a trick won by {team}"
            ),
        }

    @property
    def to_play(self) -> int | None:
        """The seat whose turn it is to play a card, or ``None`` outside the play phase."""
        if self.phase != PLAY:
            return None
        return SEATING.next(self.leader, len(self.trick))

    @property
    def deal_number(self) -> int:
        """The current deal's number (1, 2 ...): the next one while dealing, the last when over."""
        return len(self.match.deals) + (0 if self.phase == OVER else 1)


def initial_state(header: Header) -> State:
    """The state before the first deal: all 48 cards face down in the stock."""
    players = tuple(header.players)
    if len(players) != SEATS:
        raise OptionError(
            f"Karnöffel is played by exactly 4 players in two teams, not {len(players)}"
        )
    if not 0 <= header.dealer < SEATS:
        raise OptionError(f"the first dealer must be a seat from 0 to 3, not {header.dealer}")
    options = read_options(Options, OPTIONS, header.options, SEATS)
    table = Table(players, options, header.dealer, DECK, SEATING)
    return State(
        table=table,
        phase=DEAL,
        dealer=header.dealer,
        hands=(EMPTY,) * SEATS,
        trick=(),
        leader=SEATING.next(header.dealer),
        current=DealState(Zone((), len(DECK))),
    )


def zone_map(state: State) -> dict[str, Zone]:
    """Every zone of the state by name: hands, stock, turned card, trick, won tricks."""
    zones = {f"hand:{seat}": hand for seat, hand in enumerate(state.hands)}
    zones["stock"] = state.current.stock
    zones["turned"] = state.current.turned
    zones["trick"] = Zone(state.trick)
    zones["won:0"], zones["won:1"] = state.current.won
    return zones
