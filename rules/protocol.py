"""The rule-set protocol (v2): what a game exposes, and the values it trades in.

A game is a module of pure functions gathered into one ``RuleSet`` record and registered
by name (``rules.registry``). Nothing here stores, hashes or prints: ``replay/`` folds
events through these functions, ``ledger/`` stores them, ``cli/`` shows them.

The fold is ``reduce(rules.apply, effective_events, rules.start(header))``. Each question
has its own cost (docs/architecture.md, "The rule-set protocol"):

* who may act now: ``to_act(state)``, cheap, never lists moves;
* is this legal: ``apply(state, event)``, the only validator, never lists moves;
* what may be done: ``moves(state, seat, card, kind)``, lazy and filtered; ``any`` and
  ``count`` and the grouped listing for people live in ``rules.listing``;
* a random legal move: the kit's stepwise chooser (kind, then card, then the move),
  built on ``kinds``/``cards`` and ``moves``.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Mapping
from fractions import Fraction
from functools import partial
from types import ModuleType
from typing import TYPE_CHECKING, Any, Generic, TypeVar

import attrs

from tablelog.rules.cards import Card
from tablelog.rules.chance import Drawing, Listed
from tablelog.rules.claims import Absence, Claim
from tablelog.rules.events import SHARED_PAYLOADS, Event, EventType, Move, type_table
from tablelog.rules.frozen import frozen
from tablelog.rules.names import seat_named
from tablelog.rules.options import Computed, OptionSpec, OptionValue, read_options, resolve_options
from tablelog.rules.table import table_deck, table_zones
from tablelog.rules.vocab import FRENCH, Vocabulary
from tablelog.rules.zones import Zone

if TYPE_CHECKING:
    from tablelog.rules.tableview import Marks, Table

__all__ = [
    "ChanceStep",
    "Computed",
    "Drawing",
    "Header",
    "Listed",
    "MovesFn",
    "OptionSpec",
    "OptionValue",
    "Outcome",
    "RuleSet",
    "S",
    "Shown",
    "View",
    "ZoneView",
    "gather",
    "read_options",
    "resolve_options",
]


@frozen
class Header:
    """What a game is: its rule set and version, options, players (by seat) and dealer.

    ``seed`` is set for a game dealt by the seeded dealer; ``None`` for a physical game,
    whose chance steps are entered by a person. ``fork_of`` and ``fork_at`` say that the
    game is a fork: the uid of the game it was cut from and the event it was cut after
    (``None`` for a game of its own; then they are not stored at all).
    """

    rules: str
    rules_version: int
    players: tuple[str, ...]
    options: Mapping[str, OptionValue] = attrs.field(factory=dict)
    dealer: int = 0
    seed: int | None = None
    fork_of: str | None = None
    fork_at: int | None = None

    def seat_of(self, name: str) -> int:
        """The seat of the player called ``name`` (case-insensitive), or ``KeyError``."""
        seat = seat_named(name, self.players)
        if seat is None:
            raise KeyError(name)
        return seat


@frozen
class ChanceStep:
    """The chance step a game needs next: a deal, a draw, a card turned or revealed.

    ``hint`` tells a person how to enter it (``deal UP UP UP UP: ...``). ``outcomes``
    says what it may turn out to be, as data (``rules.chance``): a ``Listed`` step names
    each outcome with its exact probability (which card of the stock is turned, who
    answers a call); a ``Drawing`` describes a draw too large to list (which cards, from
    which zone, to which places, face up or down). The dealer (``replay.dealer``) samples
    either, with every card known for a seeded game or only what a table would see. A
    reveal that follows a player's decision (a face-down table card flipped) is a chance
    step too: the state knows which card is to be shown, the step says what it may be.
    """

    kind: str
    hint: str
    outcomes: Listed | Drawing
    unseen: bool = False
    """True when nobody at a real table sees the step's cards (a refill drawn face down,
    an all-face-down deal): a physical game's recorder writes it by itself, each card
    ``?`` (sampled with ``known`` false), after the move that made it due."""

    def chance_outcomes(self) -> tuple[tuple[Move, Fraction], ...] | None:
        """Each outcome with its exact probability, or ``None`` for a described draw."""
        if isinstance(self.outcomes, Listed):
            return self.outcomes.probabilities()
        return None


@frozen
class ZoneView:
    """A zone as one seat sees it: the cards it can see and how many it cannot.

    ``slots`` (for addressable places) gives each place's card as that seat sees it:
    its text, ``"?"`` for a face-down card, ``None`` for an empty place.
    """

    name: str
    cards: tuple[Card, ...]
    hidden: int = 0
    slots: tuple[str | None, ...] | None = None


@frozen
class View:
    """What one seat (or, with ``seat`` ``None``, everyone) can see of a state."""

    seat: int | None
    zones: tuple[ZoneView, ...]
    info: Mapping[str, Any] = attrs.field(factory=dict)
    table: Table | None = None
    """The same table as a typed value (``rules.tableview``): seats round it, the centre;
    what every output draws."""

    def cards(self) -> list[Card]:
        """Every card this view shows, with repeats."""
        return [card for zone in self.zones for card in zone.cards]


@frozen
class Shown:
    """Which cards one event shows to whom: ``everyone``, and ``seats[s]`` to seat ``s``.

    ``forget`` is true when the event gathers and shuffles the cards, so what was seen
    before no longer tells where any card is.
    """

    everyone: tuple[Card, ...] = ()
    seats: Mapping[int, tuple[Card, ...]] = attrs.field(factory=dict)
    forget: bool = False


@frozen
class Outcome:
    """How a finished game ended: a ranking with ties, exact scores, each round's detail.

    ``ranking`` lists the places best first; each place is the seats that share it (a
    partnership's two seats share theirs). ``scores`` maps a side's label to its exact
    score (``int`` or ``Fraction``). Winners are the first place.
    """

    ranking: tuple[tuple[int, ...], ...]
    scores: Mapping[str, int | Fraction]
    rounds: tuple[Mapping[str, Any], ...] = ()

    @property
    def winners(self) -> tuple[int, ...]:
        """The seats in first place."""
        return self.ranking[0] if self.ranking else ()

    @staticmethod
    def by_score(
        sides: Mapping[int, tuple[int, ...]],
        totals: Mapping[int, int | Fraction],
        *,
        high: bool = True,
    ) -> tuple[tuple[int, ...], ...]:
        """A ranking of sides by ``totals`` (higher first unless ``high`` is false), equal
        totals sharing a place; ``sides[s]`` are the seats of side ``s``."""
        order = sorted(set(totals.values()), reverse=high)
        return tuple(
            tuple(sorted(seat for s, t in totals.items() if t == total for seat in sides[s]))
            for total in order
        )


S = TypeVar("S")
"""A game's state type: ``RuleSet[State]``."""

MovesFn = Callable[..., Iterator[Move]]
"""``moves(state, seat=None, card=None, kind=None)``: legal moves, lazily, filtered."""


@frozen
class RuleSet(Generic[S]):
    """A game: its name, version, options, payload types and its pure functions.

    * ``start(header) -> state``; ``apply(state, event) -> state`` is the only validator:
      it raises ``IllegalEvent`` naming the rule an event breaks and never lists moves.
    * ``to_act(state)``: the seats that may act now (several in a response window);
      ``()`` while a chance step is pending or the game is over. Cheap.
    * ``moves(state, seat=None, card=None, kind=None)``: the legal moves, generated lazily,
      only those of ``seat``, led by ``card`` (the first card the move names), of
      ``kind`` (the payload type without its game, ``capture``). Every move it yields is
      accepted by ``apply`` and every move ``apply`` accepts is yielded.
    * ``kinds(state, seat)`` and ``cards(state, seat, kind)`` (optional): the kinds of
      move the seat has, and the lead cards of one kind, without listing every move;
      ``rules.listing`` derives them from ``moves`` where a game gives none.
    * ``count(state, seat)`` (optional): how many legal moves, without making them.
    * ``chance(state)``: the ``ChanceStep`` needed next, or ``None``.
    * ``outcome(state)``: ``None`` while running, else an ``Outcome`` ranking.
    * ``view(state, seat)``: what that seat (``None``: everyone) sees; ``shown(state,
      event)``: what an event about to be applied shows to whom.
    * ``zones(state)``: every zone by name, for conservation; ``deck(header)``: all cards.
      Both default to what the shared table says (``rules.table``): ``state.zone_map()``
      and the deck of the table ``start(header)`` lays; a game whose state is not built
      on ``TableState`` gives them.
    * ``parse(text, state) -> Move`` raises ``NotationError``; ``format(move, state)`` is
      its inverse, in the game's card ``vocabulary``.
    * ``max_events(header)``: a bound on the length of any game's log.
    * ``announce(move, state)`` (optional): what the player says aloud for the move.
    * ``figures(state)`` (optional): the game's own figures for statistics (tricks,
      sweeps), each by side label, for ``tablelog stats`` and the exports.
    * ``claims(state)`` (optional): the open claims on face-down hands (``rules.claims``),
      made by moves whose legality rests on cards nobody has seen; the kit checks that
      every one can still be met.
    * ``passes(state)`` and ``forced(state)`` (optional): the passes that close an open
      response window, and a move no player decides; ``ChanceStep.unseen`` marks a chance
      step nobody sees. The recorder writes these steps by themselves (``replay.implied``).
    * ``marks(state)`` (optional): the last trick and counted tallies of everyone's table,
      cheaply, for the exports' news (``rules.tableview.Marks``).
    * ``compound(state, text)`` (optional): the moves one typed entry is made of.
    * ``payloads``: the game's own payload classes (namespaced, ``game.kind``); the
      shared ones (``deal``, ``note``, ``undo``) are added by ``event_types``.

    A game makes its record with ``gather``, which takes each of these functions from the
    game's module by the protocol's name.
    """

    name: str
    title: str = attrs.field(
        kw_only=True, default=attrs.Factory(lambda self: self.name.capitalize(), takes_self=True)
    )
    """Default: the name capitalised (``speahx``: ``Speahx``)."""
    version: int = attrs.field(kw_only=True, default=1)
    """The rules' version, stored in each game's header; raised when the rules change."""
    seats: tuple[int, int]
    start: Callable[[Header], S]
    apply: Callable[[S, Event], S]
    to_act: Callable[[S], tuple[int, ...]]
    moves: MovesFn
    chance: Callable[[S], ChanceStep | None]
    outcome: Callable[[S], Outcome | None]
    view: Callable[[S, int | None], View]
    shown: Callable[[S, Event], Shown]
    parse: Callable[[str, S], Move]
    format: Callable[[Move, S], str]
    max_events: Callable[[Header], int]
    options: tuple[OptionSpec, ...] = ()
    payloads: tuple[type, ...] = ()
    zones: Callable[[S], Mapping[str, Zone]] = attrs.field(default=table_zones)
    """Default: the ``zone_map()`` of a state built on ``rules.table.TableState``."""
    deck: Callable[[Header], tuple[Card, ...]] = attrs.field(
        default=attrs.Factory(lambda self: partial(table_deck, self.start), takes_self=True)
    )
    """Default: the deck of the table that ``start(header)`` lays (``rules.table``)."""
    summary: str = ""
    announce: Callable[[Move, S], str] | None = None
    """What a player says aloud for a move (``I build 7``), or ``""``; optional."""
    vocabulary: Vocabulary = FRENCH
    kinds: Callable[[S, int], tuple[str, ...]] | None = None
    cards: Callable[[S, int, str], tuple[Card | None, ...]] | None = None
    count: Callable[[S, int | None], int] | None = None
    figures: Callable[[S], Mapping[str, Mapping[str, int | Fraction]]] | None = None
    """Optional: a game's own figures for statistics, by name, each by side label (or
    player name): ``{"tricks": {"Anna & Cai": 9, "Bo & Dina": 6}}``."""
    claims: Callable[[S], tuple[Claim | Absence, ...]] | None = None
    """The open claims on face-down cards in a state (``rules.claims``); optional."""
    passes: Callable[[Any], tuple[Move, ...]] | None = None
    """Optional: the passes that close the response window open in a state ("everyone
    passed"), ``()`` when none is open. Entering the next in-turn move writes them first."""
    shows: Callable[[Any, Move], tuple[Move, ...]] | None = None
    """Optional: the moves that show the face-down cards a move uses, written before it
    (a Narrespillet placement of cards nobody has seen yet)."""
    forced: Callable[[Any], Move | None] | None = None
    """Optional: the move the rules force in a state, with no choice for the player (a
    flipped table card that cannot be laid is taken in), written after the step before it."""
    compound: Callable[[Any, str], tuple[str, ...] | None] | None = None
    """Optional: one decision said in one breath, written as the moves it is made of
    (Narrespillet's ``Kana play T18 CuQ Irmgard``: the Moon, the call, the table's answer):
    their texts in order, each read in the state the one before leaves (and split again
    there), or ``None`` when the text is one move."""
    marks: Callable[[S], Marks] | None = None
    """Optional: the parts of everyone's table that news is read from (its last trick, its
    tallies with an ``each`` word: ``rules.tableview.Marks``), without building the zones;
    equal to ``marks_of(view(state, None).table)`` in every state (a test checks it). The
    exports read them after every event; without them they build the whole public view."""
    playout: Callable[[Any, int], Any] | None = None
    """Optional: the game walked forward in place for fast random play, from a fold state
    after ``seq`` events (a ``rules.playout.Playout``); checked step by step against the fold by the
    invariant kit. ``rules.playout.playout_of`` falls back to the fold itself."""

    def __attrs_post_init__(self) -> None:
        type_table((*SHARED_PAYLOADS, *self.payloads))  # one class per name, or ValueError
        for cls in self.payloads:
            kind: str = getattr(cls, "TYPE", "")
            if not kind.startswith(f"{self.name}."):
                raise ValueError(
                    f"{self.name}'s payload type {kind!r} must be named "
                    f"'{self.name}.KIND': a game's types are namespaced by the game"
                )

    def option_names(self) -> tuple[str, ...]:
        """The names of this game's options."""
        return tuple(spec.name for spec in self.options)

    def event_types(self) -> dict[str, EventType]:
        """Every type name this game's events are read under (shared, own, legacy)."""
        return type_table((*SHARED_PAYLOADS, *self.payloads))

    def options_for(self, given: Mapping[str, OptionValue], players: int) -> dict[str, OptionValue]:
        """Every option, ``given`` checked and defaults filled in for ``players`` seats."""
        return resolve_options(self.options, given, players)


GATHERED_AS: Mapping[str, tuple[str, ...]] = {
    "start": ("start", "initial_state"),
    "options": ("OPTIONS",),
    "payloads": ("PAYLOADS",),
    "parse": ("parse", "parse_move"),
    "format": ("format_move",),
    "claims": ("claims", "open_claims"),
}
"""The names ``gather`` looks a field up under, first found first, where they are not just
the field's own (``format`` is a builtin, so only ``format_move``)."""

NOT_GATHERED = frozenset({"name", "title", "version", "seats", "summary", "vocabulary"})
"""The fields that describe a game rather than name its code: always given by keyword."""


def gather(names: Mapping[str, object], state: type[S], **given: object) -> RuleSet[S]:
    """A game's ``RuleSet``, its code taken from ``names`` by the protocol's names.

    ``names`` is the namespace of the game's ``__init__`` module (``vars()``), where the
    game imports or defines its functions under the field names of ``RuleSet`` (``apply``,
    ``moves``, ``count``, ``max_events``...; ``start``, ``parse``, ``options`` and
    ``payloads`` also under the names of ``GATHERED_AS``). A name bound to a submodule is
    not a function and is passed over. ``given`` are the game's own words (``name``,
    ``seats``, ``summary``...) and anything it names otherwise; they win over ``names``.
    ``state`` is the game's state type, what the record is typed by (``RuleSet[State]``).

    Raises ``ValueError`` naming the functions a game lacks.
    """
    fields = dict(given)
    for field in attrs.fields(RuleSet):
        if field.name in fields or field.name in NOT_GATHERED:
            continue
        for name in GATHERED_AS.get(field.name, (field.name,)):
            value = names.get(name)
            if value is not None and not isinstance(value, ModuleType):
                fields[field.name] = value
                break
    lacking = [f.name for f in attrs.fields(RuleSet) if f.default is attrs.NOTHING]
    missing = [name for name in lacking if name not in fields]
    if missing:
        raise ValueError(
            f"{fields.get('name', 'the game')}'s rules lack {', '.join(missing)}: the module "
            "must import or define each under the protocol's name (rules.protocol.gather)"
        )
    record: Callable[..., RuleSet[S]] = RuleSet
    return record(**fields)
