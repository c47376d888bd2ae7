"""The Speahx state: options, the table, the turn in progress and the frozen state.

Seats are numbered clockwise; play goes clockwise (``Seating``), starting left of the
dealer. Each player has a hand (``hand:S``), five table cards in numbered places
(``table:S``, ``Slots``), and during a turn the chance cards drawn (``chance``) or the
table card flipped (``flipped``). The pile in play, the stock and the cards taken out of
play (``out``: burned cards and used jokers) complete the zones.
"""

from __future__ import annotations

from functools import lru_cache

from tablelog.rules.cards import JOKER, Card, deck_french
from tablelog.rules.claims import Absence
from tablelog.rules.errors import OptionError
from tablelog.rules.frozen import frozen
from tablelog.rules.memo import per_state
from tablelog.rules.options import Computed, option, read_options, specs_of
from tablelog.rules.protocol import Header
from tablelog.rules.table import Table, TableState, each_seat, hands_of
from tablelog.rules.zones import Slots, Zone

__all__ = [
    "DEAL",
    "DRAW",
    "FLIPPED",
    "HAND",
    "LOCKED",
    "OPTIONS",
    "OVER",
    "PLAY",
    "REVEAL",
    "Options",
    "State",
    "Table",
    "Turn",
    "event_cap",
    "initial_state",
    "to_follow",
    "zone_map",
    "zone_names",
]

HAND_SIZE = 5
TABLE_CARDS = 5
MAX_CHANCE = 3
SUITS = ("S", "H", "D", "C")
SUIT_WORDS = {"S": "spades", "H": "hearts", "D": "diamonds", "C": "clubs"}

# phases: what the game waits for
DEAL = "deal"  # the dealer to deal (a chance step)
PLAY = "play"  # the player on turn to decide
REVEAL = "reveal"  # the chance card drawn or the table card flipped to be shown (chance)
DRAW = "draw"  # the refill at the end of a turn (chance)
OVER = "over"

# stages of a turn (phase PLAY)
HAND = "hand"  # hand cards may be played
LOCKED = "chance"  # a chance card was drawn: the hand is locked
FLIPPED = "flipped"  # a table card lies face up, to be played or taken in

COMBO4 = "combo4"
EACH_JACK = "each_jack"
OFF = "off"
PILE_RUN = "pile_run"
SINGLE_PLAY = "single_play"


@frozen(cache_hash=True)
class Options:
    """The game's options, typed, each with its meaning."""

    decks: int = option(
        Computed(lambda n: 1 + n // 5, "1 + players // 5"),
        "French decks shuffled together (the seed recommends one more for every fifth player)",
        minimum=1,
        maximum=8,
    )
    jokers: int = option(0, "jokers in the whole game (at most two)", minimum=0, maximum=2)
    torkel: str = option(
        COMBO4,
        "Terminator-Torkel when no jokers are used: four jacks of four suits played together "
        "give the pile away (combo4), each jack does (each_jack), or no Torkel (off)",
        choices=(COMBO4, EACH_JACK, OFF),
    )
    four_kind_scope: str = option(
        PILE_RUN,
        "four of a kind burns when the equal cards on top of the pile reach four, whoever "
        "laid them (pile_run), or only when one play holds four (single_play)",
        choices=(PILE_RUN, SINGLE_PLAY),
    )
    voluntary_pickup: bool = option(True, "a player may take in the pile even when able to play")
    chance_may_skip_playable: bool = option(
        True, "chance cards may be drawn even when a hand card could be played"
    )
    chance_continue_after_burn: bool = option(
        True, "after a burn made with chance cards the player may go on with chance cards"
    )
    chance_combo_with_pile_run: bool = option(
        False,
        "a chance card may join fewer than three hand cards when they complete a four with "
        "the equal cards on top of the pile",
    )

    @property
    def torkel_rule(self) -> str:
        """Which Terminator-Torkel is in force: ``off`` whenever jokers are used."""
        return OFF if self.jokers else self.torkel


OPTIONS = specs_of(Options)


@lru_cache(maxsize=64)
def deck_of(decks: int, jokers: int) -> tuple[Card, ...]:
    """``decks`` French decks and ``jokers`` jokers."""
    return deck_french(decks=decks) + (JOKER,) * jokers


@frozen(cache_hash=True)
class Turn:
    """The turn in progress: whose, its stage, how many chance cards were drawn, whether
    the pile was burned during it (the player may go on or stop), and the table card
    place being flipped (``-1``: none)."""

    seat: int
    stage: str = HAND
    drawn: int = 0
    burned: bool = False
    flip: int = -1


EMPTY = Zone()


@frozen(cache_hash=True, slots=False)
class State(TableState[Options]):
    """A moment of a Speahx game (``table``: players, options, dealer, the decks).

    ``pile`` is the pile in play, bottom first; ``named`` the suit a 2 on top names.
    ``chance`` holds the chance cards the player on turn drew, ``flipped`` the table card
    they turned. ``finished`` lists the seats that ran out of cards, first first.
    ``count`` counts the game events applied (the game ends at ``max_events``).
    ``claims``: what face-down hands were said not to hold (``rules.speahx.claims``).
    """

    phase: str
    hands: tuple[Zone, ...]
    tables: tuple[Slots, ...]
    stock: Zone
    turn: Turn
    pile: tuple[Card, ...] = ()
    named: str = ""
    out: Zone = EMPTY
    chance: Zone = EMPTY
    flipped: Zone = EMPTY
    finished: tuple[int, ...] = ()
    count: int = 0
    claims: tuple[Absence, ...] = ()
    pile_by: tuple[int, ...] = ()
    """Who laid each card of the pile, bottom first (``rules.laid``)."""

    DECK_NAME = "this game's decks"

    def zone_map(self) -> dict[str, Zone]:
        """Every zone by name (``zone_map``)."""
        return zone_map(self)

    @staticmethod
    def places(table: Table[Options]) -> dict[str, str]:
        """A hand or the table cards by their player, the pile, out of play, the chance
        cards, the flipped table card."""
        return {
            **hands_of(table),
            **each_seat(table, "table", lambda name: f"it is one of {name}'s table cards"),
            "pile": "it lies on the pile",
            "out": "it is out of play (burned or used as a joker)",
            "chance": "it is a chance card already drawn",
            "flipped": "it is the table card just flipped",
        }

    @property
    def top(self) -> Card | None:
        """The card on top of the pile, or ``None`` when the pile is empty."""
        return self.pile[-1] if self.pile else None

    @property
    def suit(self) -> str:
        """The suit to follow: the one a 2 on top names, else the top card's."""
        return to_follow(self.top, self.named)

    def holds(self, seat: int) -> int:
        """How many cards ``seat`` still has: hand and table cards, and during its turn the
        chance cards and the flipped table card."""
        n = len(self.hands[seat]) + len(self.tables[seat])
        if seat == self.turn.seat:
            n += len(self.chance) + len(self.flipped)
        return n

    def in_game(self, seat: int) -> bool:
        """Whether ``seat`` has not yet run out of cards."""
        return seat not in self.finished


def to_follow(top: Card | None, named: str) -> str:
    """The suit to follow on a pile whose top is ``top``: the one a 2 on top names
    (``named``), else the top card's (``""`` on an empty pile)."""
    if top is None:
        return ""
    return named if top.rank == "2" and named else top.suit


EVENTS_PER_PLAYER = 5000


def event_cap(players: int) -> int:
    """The game events after which a game stops where it stands: a guard so every log is
    bounded, not a rule. The seed ends a game only when one player is left with cards
    ("Spillet er over når det bare er en som sitter igjen med kort") and its rules force
    no loop; random games of 2-9 players end within some 8,000 events (the longest seen),
    so the guard sits far beyond them (see docs/rules/speahx.md, "The end")."""
    return EVENTS_PER_PLAYER * players


def initial_state(header: Header) -> State:
    """The state before the deal: every card face down in the stock."""
    players = tuple(header.players)
    n = len(players)
    if n < 2:
        raise OptionError(f"Speahx is played by 2 or more players, not {n}")
    options = read_options(Options, OPTIONS, header.options, n)
    cards = len(deck_of(options.decks, options.jokers))
    if cards < n * (TABLE_CARDS + HAND_SIZE):
        raise OptionError(
            f"{n} players need {n * 10} cards (5 table cards and 5 hand cards each), but "
            f"{options.decks} deck(s) with {options.jokers} joker(s) hold {cards}: "
            "set decks higher"
        )
    if not 0 <= header.dealer < n:
        raise OptionError(f"the dealer must be a seat from 0 to {n - 1}, not {header.dealer}")
    table = Table(players, options, header.dealer, deck_of(options.decks, options.jokers))
    return State(
        table=table,
        phase=DEAL,
        hands=(EMPTY,) * n,
        tables=(Slots(),) * n,
        stock=Zone((), cards),
        turn=Turn((header.dealer + 1) % n),
    )


def zone_map(state: State) -> dict[str, Zone]:
    """Every zone by name: hands, table cards, stock, pile, out, chance cards, flipped."""
    hand_names, table_names = zone_names(len(state.hands))
    zones = dict(zip(hand_names, state.hands, strict=True))
    for name, slots in zip(table_names, state.tables, strict=True):
        zones[name] = _slots_zone(slots)
    zones["stock"] = state.stock
    zones["pile"] = Zone(state.pile)
    zones["out"] = state.out
    zones["chance"] = state.chance
    zones["flipped"] = state.flipped
    return zones


@lru_cache(maxsize=64)
def zone_names(n: int) -> tuple[tuple[str, ...], tuple[str, ...]]:
    """The names of ``n`` players' hands and table cards (``hand:0``..., ``table:0``...)."""
    return tuple(f"hand:{s}" for s in range(n)), tuple(f"table:{s}" for s in range(n))


SLOT_ZONES_MAX = 1 << 10


@per_state(maxsize=SLOT_ZONES_MAX)
def _slots_zone(slots: Slots) -> Zone:
    """``slots.zone``, remembered: a player's table cards change only when one is turned,
    and every zone map (conservation, binding, the pool) asks for each player's. Found by
    identity first (no hashing or comparing of the slots: unchanged slots are the very
    object of the last state), then by value (equal slots give the same zone object,
    whose unchanged cards the conservation check skips)."""
    return _slots_zone_of(slots)


@lru_cache(maxsize=256)
def _slots_zone_of(slots: Slots) -> Zone:
    """``slots.zone`` by the slots' value."""
    return slots.zone
