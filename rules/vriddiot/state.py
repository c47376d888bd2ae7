"""The Vriddiot state: a frozen value with the table, each player's three kinds of cards,
the stock, the pile, the burn pile, the cards out of the game, the twist and the war.

Seats play in the direction of ``seating`` (a jack reverses it: ``Seating.reversed``).
``duty`` says what the player on turn must do: ``lead`` (on an empty pile), ``beat`` (play
on the pile), ``addon`` (the card added after an 8, the påleggsplikt) or ``war`` (a war
card). ``top`` is the value to beat; ``twist`` the suit and value of a twist (vridning).
"""

from __future__ import annotations

from functools import lru_cache
from itertools import chain

from tablelog.rules.cards import JOKER, SUITS, Card, deck_french
from tablelog.rules.claims import Absence
from tablelog.rules.errors import OptionError
from tablelog.rules.frozen import frozen
from tablelog.rules.options import Computed, option, read_options, specs_of
from tablelog.rules.protocol import Header, Outcome
from tablelog.rules.seating import Seating
from tablelog.rules.table import Table, TableState, each_seat, hands_of
from tablelog.rules.zones import Slots, Zone

__all__ = [
    "ANY_MATCH",
    "OPTIONS",
    "SUIT_ORDER",
    "TOP_TIE",
    "Options",
    "State",
    "Table",
    "War",
    "initial_state",
    "outcome",
]

DEAL, PLAY, OVER = "deal", "play", "over"
LEAD, BEAT, ADDON, WAR = "lead", "beat", "addon", "war"
SINGLE, DOUBLE = "single", "dobbeldekker"
HAND = 3
RANK_VALUE = {r: i for i, r in enumerate(("2", "3", "4", "5", "6", "7", "8", "9", "10"), 2)}
RANK_VALUE |= {"J": 11, "Q": 12, "K": 13, "A": 14}
FIRER = Card("4", "S")
BLACK = frozenset("SC")
EMPTY = Zone()

TOP_TIE = "top_tie"
ANY_MATCH = "any_match"


@frozen(cache_hash=True)
class Options:
    """The game's options, typed, each with its meaning."""

    deck: str = option(
        Computed(lambda n: DOUBLE if n >= 6 else SINGLE, "dobbeldekker for 6 or more players"),
        "one deck (3-5 players) or the Dobbeldekker: two decks less three 6s and one ♠4 "
        "(required for 6 or more players)",
        choices=(SINGLE, DOUBLE),
    )
    jokers: int = option(0, "jokers in the deck (wild, one card each)", minimum=0, maximum=4)
    vri_strict: bool = option(True, "a twist must be topped by a strictly higher card of its suit")
    two_in_vri: str = option(
        "reset_value",
        "a 2 of the twist's suit resets its value to 2 (the twist goes on) or ends it",
        choices=("reset_value", "ends_vri"),
    )
    four_any_value: bool = option(
        False, "four of a kind may be laid on any card (not only by value)"
    )
    eight_in_vri_le_8: bool = option(
        False, "an 8 in a twist also needs the twist's value to be 8 or less"
    )
    starter_lowest: bool = option(
        False, "the starter must lay the lowest card that made them start"
    )
    resurrect_out_players: bool = option(
        False,
        "666 brings the players who went out back into the game too: they draw to 3 with "
        "the others and lose their place in the finishing order",
    )
    war_tie_rule: str = option(
        TOP_TIE,
        "which equal war cards fight on: only a shared highest (top_tie), or any value laid by "
        "two or more players in the round, the highest such (any_match)",
        choices=(TOP_TIE, ANY_MATCH),
    )


OPTIONS = specs_of(Options)


def make_deck(options: Options) -> tuple[Card, ...]:
    """One French deck, or the Dobbeldekker (two less 6S 6C 6H and one 4S), plus jokers."""
    if options.deck == SINGLE:
        return deck_french(jokers=options.jokers)
    second = list(deck_french())
    for gone in (Card("6", "S"), Card("6", "C"), Card("6", "H"), FIRER):
        second.remove(gone)
    return deck_french() + tuple(second) + (JOKER,) * options.jokers


@frozen(cache_hash=True, slots=False)  # ``table.evolve`` copies it by its ``__dict__``
class War:
    """A war: its value, who laid the second card, who is in it (in the order they lay),
    the seats still to answer the join window, this round's war cards, jacks laid so far,
    and the war's own twist (an 8 in the war)."""

    rank: str
    second: int
    involved: tuple[int, ...]
    window: tuple[int, ...] = ()
    laid: tuple[tuple[int, int], ...] = ()
    jacks: int = 0
    twist: tuple[str, int] | None = None
    thrown: bool = False
    """The war is over, burned by four of its value: with the Dobbeldekker the window lets
    the holders of that value throw theirs into the burn pile; ``second`` then leads."""


@frozen(cache_hash=True, slots=False)
class State(TableState[Options]):
    """A moment of a Vriddiot game (see the module's docstring)."""

    phase: str
    seating: Seating
    hands: tuple[Zone, ...]
    ups: tuple[Zone, ...]
    downs: tuple[Slots, ...]
    stock: Zone = EMPTY
    pile: Zone = EMPTY
    burned: Zone = EMPTY
    out: Zone = EMPTY
    turned: Zone = EMPTY
    turn: int | None = None
    duty: str = LEAD
    top: int = 0
    twist: tuple[str, int] | None = None
    last: tuple[int, str] | None = None
    run: tuple[str, int] = ("", 0)
    war: War | None = None
    pending: str = ""
    reveal: int = -1
    finished: tuple[int, ...] = ()
    black_free: bool = False
    started: bool = False
    claims: tuple[Absence, ...] = ()
    refill_from: int | None = None
    """Who draws first when several hold fewer than 3: the player who laid 666 (then the
    others in turn order), until the next move; else the player on turn."""
    pile_by: tuple[int, ...] = ()
    """Who laid each card of the pile, bottom first (``rules.laid``)."""

    def zone_map(self) -> dict[str, Zone]:
        """Every zone by name (``zone_map``)."""
        return zone_map(self)

    @staticmethod
    def places(table: Table[Options]) -> dict[str, str]:
        """A hand or the face-up table cards by their player, the pile, the burn pile, out
        of the game, the card just turned."""
        return {
            **hands_of(table),
            **each_seat(table, "up", lambda name: f"it lies face up on {name}'s table cards"),
            "pile": "it lies on the pile",
            "burned": "it is in the burn pile",
            "out": "it is out of the game",
            "turned": "it is the card just turned",
        }

    def active(self, seat: int) -> bool:
        """Whether ``seat`` is still in the game (has not gone out)."""
        return seat not in self.finished


def initial_state(header: Header) -> State:
    """The state before the deal: every card face down in the stock."""
    players = tuple(header.players)
    n = len(players)
    if not 3 <= n <= 11:
        raise OptionError(f"Vriddiot is played by 3 to 11 players, not {n}")
    options = read_options(Options, OPTIONS, header.options, n)
    if n >= 6 and options.deck == SINGLE:
        raise OptionError(
            "6 or more players must play with the Dobbeldekker (option deck=dobbeldekker)"
        )
    if options.deck == SINGLE and options.jokers > 2:
        raise OptionError("one deck has at most 2 jokers (option jokers)")
    if not 0 <= header.dealer < n:
        raise OptionError(f"the dealer must be a seat from 0 to {n - 1}, not {header.dealer}")
    deck = make_deck(options)
    table = Table(players, options, header.dealer, deck)
    return State(
        table=table,
        phase=DEAL,
        seating=Seating(n),
        hands=(EMPTY,) * n,
        ups=(EMPTY,) * n,
        downs=(Slots(),) * n,
        stock=Zone((), len(deck)),
    )


def zone_map(state: State) -> dict[str, Zone]:
    """Every zone by name: hands, face-up and face-down table cards, stock, pile, burn pile,
    out of the game, the turned card (a fresh dict; the names made once per table size,
    each face-down row's zone once per row: ``down_zone``)."""
    hands = state.hands
    each = zip(hands, state.ups, map(down_zone, state.downs), strict=True)
    zones = (*chain.from_iterable(each), state.stock, state.pile, state.burned, state.out)
    return dict(zip(_zone_names(len(hands)), (*zones, state.turned), strict=True))


@lru_cache(maxsize=16)
def _zone_names(n: int) -> tuple[str, ...]:
    each = tuple(
        name for seat in range(n) for name in (f"hand:{seat}", f"up:{seat}", f"down:{seat}")
    )
    return (*each, "stock", "pile", "burned", "out", "turned")


@lru_cache(maxsize=4096)
def down_zone(down: Slots) -> Zone:
    """A row of face-down table cards as a zone (``Slots.zone``), remembered by value."""
    return down.zone


@lru_cache(maxsize=4096)
def down_count(down: Slots) -> int:
    """How many face-down table cards a row holds (``len``), remembered by value."""
    return len(down)


def stock_may_be(state: State, card: Card) -> bool:
    """Whether a face-down stock card may be ``card`` (after KKK no black card but ♠4 is)."""
    return not (state.black_free and card.suit in BLACK and card != FIRER)


def value(card: Card) -> int:
    """A card's value: 2-10, J 11, Q 12, K 13, A 14 (a joker is valued as what it stands for)."""
    return RANK_VALUE.get(card.rank, 0)


def suits() -> tuple[str, ...]:
    """The four suits."""
    return SUITS


SUIT_ORDER = {"S": 0, "H": 1, "D": 2, "C": 3}
"""The suits' order in a set and in the listing: spades, hearts, diamonds, clubs."""


def in_suit_order(cards: tuple[Card, ...]) -> tuple[Card, ...]:
    """A set's cards as the record keeps them: in suit order (spades, hearts, diamonds,
    clubs), since the order of a set's cards means nothing at the table."""
    return tuple(sorted(cards, key=lambda c: SUIT_ORDER.get(c.suit, 9)))


def outcome(state: State) -> Outcome | None:
    """``None`` while the game runs; else the order the players went out, the Idiot last.

    A player's score is how many players went out after them (the Idiot scores 0)."""
    if state.phase != OVER:
        return None
    order = [*state.finished, *(s for s in range(state.table.n) if s not in state.finished)]
    n = len(order)
    scores: dict[str, int | object] = {state.players[s]: n - 1 - i for i, s in enumerate(order)}
    return Outcome(
        ranking=tuple((s,) for s in order),
        scores=scores,  # type: ignore[arg-type]
        rounds=({"idiot": state.players[order[-1]]},),
    )
