"""The Karnöffel state: a frozen value holding the table, the current deal and the match.

The state is never mutated: ``play.apply`` builds a new one. It carries what it needs of
the header (player names, options, first dealer) so notation and views can use names.
"""

from __future__ import annotations

from collections.abc import Mapping

import attrs

from rules.cards import Card, deck_48
from rules.errors import OptionError
from rules.protocol import Header, OptionSpec, OptionValue, resolve_options
from rules.zones import Zone

__all__ = [
    "DEAL",
    "DECK",
    "LOWEST_UPCARD",
    "OPTIONS",
    "OVER",
    "PLAY",
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
    "team_label",
]

SEATS = 4
DECK: tuple[Card, ...] = deck_48()
DECK_SET = frozenset(DECK)
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

OPTIONS: tuple[OptionSpec, ...] = (
    OptionSpec(
        "trump_selection",
        LOWEST_UPCARD,
        "how the trump suit is chosen: the lowest face-up dealt card, "
        "or a card turned from the undealt stock",
        choices=(LOWEST_UPCARD, TURN_FROM_STOCK),
    ),
    OptionSpec(
        "stecher_scope",
        LED_SUIT,
        "which Kings, Queens and Jacks beat the Ober-, Unter- and Farbenstecher: "
        "only those of the led suit, or those of any suit",
        choices=(LED_SUIT, ANY_SUIT),
    ),
    OptionSpec("stop_at_three", False, "end a deal as soon as one team has taken three tricks"),
    OptionSpec("target", 1, "deals a team must win to win the match", minimum=1),
    OptionSpec("open_partner_hands", False, "each player also sees the partner's hand"),
)


@attrs.frozen(cache_hash=True)
class Options:
    """The match's options, typed (see ``OPTIONS`` for their meaning)."""

    trump_selection: str = LOWEST_UPCARD
    stecher_scope: str = LED_SUIT
    stop_at_three: bool = False
    target: int = 1
    open_partner_hands: bool = False

    @classmethod
    def from_mapping(cls, given: Mapping[str, OptionValue]) -> Options:
        """The options from a header's mapping, defaults filled in and values checked."""
        resolved = resolve_options(OPTIONS, given)
        return cls(
            trump_selection=str(resolved["trump_selection"]),
            stecher_scope=str(resolved["stecher_scope"]),
            stop_at_three=bool(resolved["stop_at_three"]),
            target=int(resolved["target"]),
            open_partner_hands=bool(resolved["open_partner_hands"]),
        )


@attrs.frozen(cache_hash=True)
class Table:
    """What stays the same for a whole match: players by seat, options, first dealer."""

    players: tuple[str, ...]
    options: Options
    first_dealer: int = 0

    def team(self, team: int) -> str:
        """The team's label: its two players' names joined with `` & ``."""
        return team_label(self.players, team)


def team_label(players: tuple[str, ...], team: int) -> str:
    """``"Anna & Cai"`` for team 0 (seats 0 and 2), ``"Bo & Dina"`` for team 1."""
    return f"{players[team]} & {players[team + 2]}"


@attrs.frozen
class TrickRecord:
    """A completed trick: who led it, its cards in play order, and who won it."""

    leader: int
    cards: tuple[Card, ...]
    winner: int


@attrs.frozen
class DealRecord:
    """A finished deal: its number, dealer, trump suit, tricks per team and winning team."""

    number: int
    dealer: int
    trump: str
    tricks: tuple[int, int]
    winner: int


@attrs.frozen(cache_hash=True)
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


@attrs.frozen(cache_hash=True)
class MatchState:
    """The match so far: deals won per team, and the record of every finished deal."""

    scores: tuple[int, int] = (0, 0)
    deals: tuple[DealRecord, ...] = ()


NO_SCORE = MatchState()


@attrs.frozen(cache_hash=True)
class State:
    """A moment of a Karnöffel match.

    ``dealer`` is the dealer of the current deal, or of the next one while ``phase`` is
    ``deal``. The hands and the trick in progress (play order, led by ``leader``) are
    kept at the top, since every play changes them; the rest of the deal is ``current``
    and the score ``match``. Read-only properties reach into both.
    """

    table: Table
    phase: str
    dealer: int
    hands: tuple[Zone, ...]
    trick: tuple[Card, ...]
    leader: int
    current: DealState
    match: MatchState = NO_SCORE

    @property
    def stock(self) -> Zone:
        """The undealt cards, face down."""
        return self.current.stock

    @property
    def turned(self) -> Zone:
        """The card turned from the stock (``turn_from_stock``), else empty."""
        return self.current.turned

    @property
    def won(self) -> tuple[Zone, Zone]:
        """The cards of the tricks each team has won this deal."""
        return self.current.won

    @property
    def upcards(self) -> tuple[Card, ...]:
        """Each seat's face-up card of this deal (``()`` before the first deal)."""
        return self.current.upcards

    @property
    def trump(self) -> str:
        """The trump suit of this deal, ``""`` until known."""
        return self.current.trump

    @property
    def tricks(self) -> tuple[TrickRecord, ...]:
        """The completed tricks of this deal."""
        return self.current.tricks

    @property
    def taken(self) -> tuple[int, int]:
        """Tricks taken per team this deal."""
        return self.current.taken

    @property
    def scores(self) -> tuple[int, int]:
        """Deals won per team."""
        return self.match.scores

    @property
    def deals(self) -> tuple[DealRecord, ...]:
        """Every finished deal."""
        return self.match.deals

    @property
    def players(self) -> tuple[str, ...]:
        """The players' names by seat."""
        return self.table.players

    @property
    def options(self) -> Options:
        """The match's options."""
        return self.table.options

    @property
    def to_play(self) -> int | None:
        """The seat whose turn it is to play a card, or ``None`` outside the play phase."""
        if self.phase != PLAY:
            return None
        return (self.leader + len(self.trick)) % SEATS

    @property
    def deal_number(self) -> int:
        """The current deal's number (1, 2 ...): the next one while dealing, the last when over."""
        return len(self.deals) + (0 if self.phase == OVER else 1)


def initial_state(header: Header) -> State:
    """The state before the first deal: all 48 cards face down in the stock."""
    players = tuple(header.players)
    if len(players) != SEATS:
        raise OptionError(
            f"Karnöffel is played by exactly 4 players in two teams, not {len(players)}"
        )
    if not 0 <= header.dealer < SEATS:
        raise OptionError(f"the first dealer must be a seat from 0 to 3, not {header.dealer}")
    table = Table(players, Options.from_mapping(header.options), header.dealer)
    return State(
        table=table,
        phase=DEAL,
        dealer=header.dealer,
        hands=(EMPTY,) * SEATS,
        trick=(),
        leader=(header.dealer + 1) % SEATS,
        current=DealState(Zone((), len(DECK))),
    )


def zone_map(state: State) -> dict[str, Zone]:
    """Every zone of the state by name: hands, stock, turned card, trick, won tricks."""
    zones = {f"hand:{seat}": hand for seat, hand in enumerate(state.hands)}
    zones["stock"] = state.stock
    zones["turned"] = state.turned
    zones["trick"] = Zone(state.trick)
    zones["won:0"], zones["won:1"] = state.won
    return zones


def player(state: State, seat: int | None) -> str:
    """The name of the player at ``seat`` (``seat N`` for a seat not at this table)."""
    if seat is not None and 0 <= seat < SEATS:
        return state.table.players[seat]
    return "nobody" if seat is None else f"seat {seat}"


def where_known(state: State, card: Card) -> str:
    """Where ``card`` is already known to be, as the end of a sentence."""
    for seat, hand in enumerate(state.hands):
        if card in hand.cards:
            return f"it is already known to be in {player(state, seat)}'s hand"
    if card in state.trick:
        return "it has already been played to this trick"
    if card in state.turned.cards:
        return "it is the card turned from the stock"
    for team, pile in enumerate(state.won):
        if card in pile.cards:
            label = state.table.team(team)
            return f"it was already played in a trick won by {label}"
    if card not in DECK_SET:
        return "it is not in the Karnöffel deck (48 cards: K, Q, J, 10 down to 2; no aces)"
    return "it is not among the cards still unaccounted for"
