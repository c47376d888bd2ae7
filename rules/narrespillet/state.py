"""The Narrespillet state: participants, battlefields, the stock, the table's cards, and
what the game waits for next (the cards themselves are in ``deck``).

Participants are the players (seats ``0..n-1``) and the Demons (``n``), a pseudo-player
whose moves its controller makes. Each participant has a hand, Strength's open cards, a
Chariot, the cards lying in front of it (Chariot, Strength, Hermit, Temperance, Demons)
and one slot on each of the four battlefields: open, placed or forfeited.

What happens after an action is a queue of ``Step`` values (a refill, a window, an extra
turn); ``flow.settle`` works through the automatic ones and stops where a move or a
chance step is needed.
"""

from __future__ import annotations

import functools

from tablelog.rules.binding import in_hand, lies_on
from tablelog.rules.cards import Card
from tablelog.rules.claims import Absence
from tablelog.rules.errors import OptionError
from tablelog.rules.frozen import frozen
from tablelog.rules.memo import per_state
from tablelog.rules.narrespillet.deck import DECK, HOUSE_NAMES, HOUSES
from tablelog.rules.options import option, read_options, specs_of
from tablelog.rules.protocol import Header
from tablelog.rules.seating import Seating
from tablelog.rules.table import Table, TableState
from tablelog.rules.zones import Zone

__all__ = [
    "OPTIONS",
    "Options",
    "Placement",
    "Slot",
    "State",
    "Step",
    "initial_state",
]

HAND = 6
POOL = -1  # the Justice cards, as the receiver of a draw
DEMONS = "Demons"
"""The Demons' one name, wherever a person reads it: moves, the view, ``show``, the page."""


# phases
DEAL = "deal"
PLAY = "play"
OVER = "over"

STANDARD, MALDERIA, ALTHEA, KROAM = "standard", "malderia", "althea", "kroam"


@frozen(cache_hash=True)
class Options:
    """The game's options, typed, each with its meaning."""

    variant: str = option(
        STANDARD,
        "the national rules: standard, malderia (the Swords Knight may drive out the "
        "Demons), althea (the Demons get no cards once Justice is out), kroam (the Empress "
        "and a Queen make a Royal Couple)",
        choices=(STANDARD, MALDERIA, ALTHEA, KROAM),
    )
    rounds: int = option(5, "how many rounds a game has", minimum=1, maximum=5)
    oracle_extra_turn: str = option(
        "mandatory",
        "the new turn after the High Priestess or the Hierophant: mandatory (the text), "
        "optional, or none (as the example plays)",
        choices=("mandatory", "optional", "none"),
    )
    imperial_pair_fields: int = option(
        2,
        "on how many battlefields one Emperor/Empress pair may be placed at once",
        minimum=1,
        maximum=2,
    )
    wheel_cap: str = option(
        "example",
        "how many cards the Wheel of Fortune draws at most: example (hand limit + 4 minus "
        "the hand, at most 5: four when played from the Justice cards) or literal (five)",
        choices=("example", "literal"),
    )
    full_tie: str = option(
        "earliest",
        "two placements equal in every respect: the earlier wins, both win, or nobody does",
        choices=("earliest", "shared", "none"),
    )
    fool_victim: str = option(
        "reopen",
        "the slot a Fool stole from: open again (reopen) or forfeited",
        choices=("reopen", "forfeit"),
    )
    hermit_window: str = option(
        "any_turn",
        "when the Hermit's extra turns may be taken: before any turn, or only before one's own",
        choices=("any_turn", "own_turn"),
    )
    victory_coins: int = option(
        0,
        "stakes: what each battlefield victory pays, in coins (with winner_coins; 0 and 0: "
        "no stakes). Each player stakes an equal share of the whole pot",
        minimum=0,
        maximum=1000,
    )
    winner_coins: int = option(
        0,
        "stakes: the extra pot for the winner of the whole game, in coins",
        minimum=0,
        maximum=1000,
    )
    demon_placements: str = option(
        "discard",
        "Malderia: what happens to the Demons' placements when the Swords Knight drives "
        "them out: discard, or keep (they still count for the controller)",
        choices=("discard", "keep"),
    )


OPTIONS = specs_of(Options)


@frozen(cache_hash=True)
class Placement:
    """A placement: its cards (the primary slot's zone holds them), what kind it is, its
    rank key (greater wins), the houses it holds, the card the Magician moved, and when it
    was made (the clock)."""

    cards: tuple[Card, ...]
    kind: str
    key: tuple[int, ...]
    fields: tuple[str, ...]
    magic: Card | None = None
    at: int = 0


OPEN, PLACED, FORFEIT = "open", "placed", "forfeit"


@frozen(cache_hash=True)
class Slot:
    """One participant's slot on one battlefield."""

    status: str = OPEN
    placement: Placement | None = None
    at: int = 0


EMPTY_SLOTS = (Slot(),) * 4
EMPTY_ZONE = Zone()


@frozen(cache_hash=True)
class Step:
    """Something the game does or waits for after an action.

    kinds: ``turn`` (``who`` takes a turn; ``optional`` lets it pass), ``refill`` (``who``
    draws up to the hand limit; ``POOL``: the Justice cards), ``draw`` (``who`` draws
    ``n``: the Wheel), ``down`` (``who`` discards down to the limit), ``fool`` (the window
    after ``who`` placed on ``fields``; ``asked`` still to answer), ``vote`` (a reshuffle;
    ``asked`` still to answer), ``call`` (``who`` may call, ``n`` attempts left, ``what``
    ``any``/``suit``), ``answer`` (who holds ``card``), ``finish`` (``who`` may be done).
    """

    kind: str
    who: int = 0
    n: int = 0
    optional: bool = False
    fields: tuple[str, ...] = ()
    asked: tuple[int, ...] = ()
    what: str = ""
    card: Card | None = None
    tried: tuple[Card, ...] = ()


@frozen(cache_hash=True, slots=False)
class State(TableState[Options]):
    """A moment of a Narrespillet game (see the module's docstring); ``table`` holds the
    players, the options and the first dealer."""

    phase: str
    round: int
    dealer: int
    stock: Zone
    discard: Zone
    hands: tuple[Zone, ...]
    opens: tuple[Zone, ...]
    chariots: tuple[Zone, ...]
    fronts: tuple[Zone, ...]
    slots: tuple[tuple[Slot, ...], ...]
    pool: Zone = EMPTY_ZONE
    justice: Zone = EMPTY_ZONE
    has_chariot: tuple[bool, ...] = ()
    strength: tuple[str, ...] = ()
    hermit: tuple[int, ...] = ()
    finished: tuple[bool, ...] = ()
    revealed: tuple[tuple[Card, ...], ...] = ()
    temperance: tuple[int, str] | None = None
    demons: int = -1  # the controller's seat, -1 when the Demons are not in play
    demons_own: bool = False  # the Demons still have cards of their own (they refill)
    death: bool = False
    refused: bool = False  # a reshuffle was refused this round
    reshuffles: int = 0
    turn: int = 0  # whose regular turn it is (a participant)
    actor: int | None = None  # who is acting now (regular or extra turn); None: not waiting
    optional: bool = False  # the actor's turn may be passed (Justice's extra turn)
    pool_live: bool = False  # Justice draws its cards back up to six
    queue: tuple[Step, ...] = ()
    clock: int = 0
    results: tuple[tuple[tuple[int, ...], ...], ...] = ()  # per round, per house: the winners
    peeks: tuple[tuple[int, int], ...] = ()  # (who looked, at whom) this round
    claims: tuple[Absence, ...] = ()  # what face-down hands said they held none of (absences)

    DECK_NAME = "the tarot deck"

    @property
    def n(self) -> int:
        """The number of players; the Demons are participant ``n``."""
        return self.table.n

    def zone_map(self) -> dict[str, Zone]:
        """Every zone by name (``zone_map``)."""
        return zone_map(self)

    @staticmethod
    def places(table: Table[Options]) -> dict[str, str]:
        """Each participant's hand, open cards, Chariot, cards before it and placements,
        the Justice cards, the table, the discard pile."""
        places: dict[str, str] = {}
        for who in range(table.n + 1):
            tag = "demons" if who == table.n else str(who)
            label = DEMONS if who == table.n else table.players[who]
            owner = f"{DEMONS}'" if who == table.n else f"{label}'s"  # Demons' hand
            places[f"hand:{tag}"] = in_hand(label).replace(f"{label}'s", owner)
            places[f"open:{tag}"] = f"it lies open before {label}"
            places[f"chariot:{tag}"] = f"it is in {owner} Chariot"
            places[f"front:{tag}"] = f"it lies before {label}"
            for house in HOUSES:
                places[f"field:{tag}:{house}"] = f"it is placed on {owner} {HOUSE_NAMES[house]}"
        places["pool"] = "it is one of the Justice cards"
        places["justice"] = lies_on("the table")
        places["discard"] = "it has been discarded"
        return places


def seating(n: int) -> Seating:
    """The table: seats clockwise, play to the left."""
    return Seating(n)


def initial_state(header: Header) -> State:
    """The state before the first deal: all 78 cards in the stock, face down."""
    players = tuple(header.players)
    if not 2 <= len(players) <= 6:
        raise OptionError(f"Narrespillet is played by 2 to 6 players, not {len(players)}")
    if not 0 <= header.dealer < len(players):
        raise OptionError(f"the first dealer must be a seat from 0 to {len(players) - 1}")
    options = read_options(Options, OPTIONS, header.options, len(players))
    table = Table(players, options, header.dealer, DECK)
    return fresh_round(table, 1, header.dealer, ())


def fresh_round(
    table: Table, number: int, dealer: int, results: tuple[tuple[tuple[int, ...], ...], ...]
) -> State:
    """Round ``number`` before its deal: every card gathered into the stock."""
    k = table.n + 1
    empty = (Zone(),) * k
    return State(
        table=table,
        phase=DEAL,
        round=number,
        dealer=dealer,
        stock=Zone((), len(DECK)),
        discard=Zone(),
        hands=empty,
        opens=empty,
        chariots=empty,
        fronts=empty,
        slots=(EMPTY_SLOTS,) * k,
        has_chariot=(False,) * k,
        strength=("",) * k,
        hermit=(0,) * k,
        finished=(False,) * table.n + (True,),
        revealed=((),) * k,
        turn=dealer,  # the next turn after the dealer's: the player on the left
        results=results,
    )


def name(state: State, who: int) -> str:
    """A participant's name: the player's, or ``Demons`` (their one name, as in moves)."""
    if who == state.n:
        return DEMONS
    if who == POOL:
        return "Justice"
    return state.players[who] if 0 <= who < state.n else f"seat {who}"


def seat_of(state: State, who: int) -> int:
    """The seat that makes ``who``'s moves (the controller for the Demons)."""
    return state.demons if who == state.n else who


def hand_limit(state: State, who: int) -> int:
    """How many cards ``who`` may hold in hand: six, one more with Strength closed; the
    Demons, whose hand lies open anyway, hold Strength's two open cards in it."""
    strength = state.strength[who]
    if strength == "open" and who == state.n:
        return HAND + 2
    return HAND + (1 if strength == "closed" else 0)


def open_limit(state: State, who: int) -> int:
    """How many open cards beside the hand ``who`` may hold: two with Strength open (a
    player's; the Demons' go into their open hand)."""
    return 2 if state.strength[who] == "open" and who != state.n else 0


def field_blocked(state: State, house: str) -> bool:
    """Whether Temperance lies on ``house``."""
    return state.temperance is not None and state.temperance[1] == house


def order(state: State) -> tuple[int, ...]:
    """The participants in turn order from the dealer's left, the Demons just before
    their controller."""
    return order_of(state.n, state.dealer, state.demons)


@functools.lru_cache(maxsize=256)
def order_of(n: int, dealer: int, demons: int) -> tuple[int, ...]:
    """``order`` at a table of ``n`` (pure arithmetic, remembered: asked at every turn)."""
    out: list[int] = []
    for seat in seating(n).order_from((dealer + 1) % n):
        if seat == demons:
            out.append(n)
        out.append(seat)
    return tuple(out)


def zone_map(state: State) -> dict[str, Zone]:
    """Every zone by name, for conservation and views (a fresh dict; the zones are made
    once per state: views and conservation ask the same state several times)."""
    return dict(_zone_map(state))


@per_state()
def _zone_map(state: State) -> dict[str, Zone]:
    zones: dict[str, Zone] = {"stock": state.stock, "discard": state.discard}
    for who in range(state.n + 1):
        tag = zone_tag(state, who)
        zones[f"hand:{tag}"] = state.hands[who]
        zones[f"open:{tag}"] = state.opens[who]
        zones[f"chariot:{tag}"] = state.chariots[who]
        zones[f"front:{tag}"] = state.fronts[who]
        for i, house in enumerate(HOUSES):
            slot = state.slots[who][i]
            p = slot.placement
            cards = p.cards if p is not None and p.fields[0] == house else ()
            zones[f"field:{tag}:{house}"] = Zone(cards)
    zones["pool"] = state.pool
    zones["justice"] = state.justice
    return zones


def zone_tag(state: State, who: int) -> str:
    """How a participant is named in zone names: its seat number, or ``demons``."""
    return "demons" if who == state.n else str(who)
