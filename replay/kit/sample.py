"""Looking at a bounded part of a state's legal moves: the checks' per-state sample.

A crowded Nørdekasino table has some 116,000 legal moves; applying and round-tripping
every one of them on every state is what made fuzzing slow. The checks instead take a
few moves per state, chosen the way the fuzzing chooser chooses (seat, then kind, then
lead card, then a move from a bounded prefix of that filtered listing), spread so that
every seat to act and every kind it has are tried, and different lead cards before the
same one twice. ``THOROUGH`` takes every move, as before.

The choice is made by a ``random.Random`` seeded from the history and the state's place in
it, so a check looks at the same moves in every process and on every machine; nothing
here iterates a set or depends on hash order.
"""

from __future__ import annotations

import itertools
import random
from collections.abc import Iterator, Mapping
from typing import Any, Generic

import attrs

from tablelog.rules.cards import Card
from tablelog.rules.events import Move, kind_of
from tablelog.rules.frozen import frozen
from tablelog.rules.listing import cards_of, kinds_of
from tablelog.rules.protocol import RuleSet, S

__all__ = [
    "CAP",
    "SAMPLED",
    "THOROUGH",
    "Menu",
    "Sampling",
    "fast_lead",
    "filtered",
    "forget_menus",
    "is_listed",
    "kept_listing",
    "listing",
    "menu",
    "rng_for",
    "sample_moves",
]

CAP = 64
"""The longest prefix of one filtered listing (seat, kind, lead card) a move is drawn from."""


@frozen
class Sampling:
    """How much of each state the checks look at (``None``: everything).

    ``moves``: legal moves per state that closure applies and notation round-trips.
    ``templates``: how many of them agreement mutates (plus one move of a kind seen
    earlier); ``cards``: how many cards of the deck a mutation puts in place of a move's
    card; ``mutations``: how many of the mutated events are tried. ``seats``: how many
    seats' views are checked per state besides everyone's (in turn, so every seat is
    seen every few states). ``stride``: a state goes through msgpack every ``stride``
    states (and the last always). ``cap``: see ``CAP``. ``deep``: besides the start,
    the last state and the first of each kind of event, one state in ``deep`` (drawn
    from the history) gets the expensive checks, sampled as above
    (``replay.kit.schedule``); ``None``: every state.
    """

    moves: int | None = 4
    templates: int | None = 2
    cards: int | None = 4
    mutations: int | None = 4
    seats: int | None = 1
    stride: int = 4
    cap: int = CAP
    deep: int | None = 4


SAMPLED = Sampling()
"""The default: a few moves per state, spread over seats, kinds and lead cards."""

THOROUGH = Sampling(
    moves=None, templates=None, cards=None, mutations=None, seats=None, stride=1, deep=None
)
"""Every check on every state: every listed move, every card of the deck in every
mutation, every seat's view and rendered outputs."""


def filtered(
    rules: RuleSet[S], state: S, seat: int, kind: str, card: Card | None, cap: int
) -> tuple[Move, ...]:
    """At most ``cap`` legal moves of ``seat`` of ``kind`` led by ``card`` (``None``: moves
    that name no card), in the rule set's order."""
    stream: Iterator[Move] = iter(rules.moves(state, seat, card, kind))
    if card is None:
        stream = (m for m in stream if fast_lead(m) is None)
    return tuple(itertools.islice(stream, cap))


@frozen
class Menu(Generic[S]):
    """What one seat may do in one state, asked step by step: kinds, lead cards, moves.

    With the game's fast answers (``rules.kinds``/``cards``) each step asks the rules
    (``rules.listing.kinds_of``, ``cards_of``, then a bounded prefix of the filtered
    ``moves``). Without them one pass over the seat's moves (``scan``) answers all three,
    keeping at most ``cap`` moves per kind and lead card, never the whole listing.
    """

    rules: RuleSet[S]
    state: S
    seat: int
    cap: int = CAP
    scanned: Mapping[str, Mapping[Card | None, tuple[Move, ...]]] | None = None
    every: tuple[Move, ...] | None = None
    """The scan's whole listing of the seat, in order (``None`` without a scan)."""
    answers: dict[object, Any] = attrs.field(factory=dict, eq=False, repr=False)
    """What the rules answered, kept: the generator and the checks ask the same menu."""

    @property
    def listed(self) -> frozenset[Move] | None:
        """The scan's whole listing as a set, made when first asked (``is_listed`` asks
        at the deep states only: most states' listings are never hashed)."""
        if self.every is None:
            return None
        listed: frozenset[Move] | None = self.answers.get(_LISTED)
        if listed is None:
            listed = self.answers[_LISTED] = frozenset(self.every)
        return listed

    def kinds(self) -> tuple[str, ...]:
        """The kinds of move the seat has."""
        if self.scanned is not None:
            return tuple(self.scanned)
        kinds = self.answers.get(None)
        if kinds is None:
            kinds = self.answers[None] = kinds_of(self.rules, self.state, self.seat)
        return kinds

    def cards(self, kind: str) -> tuple[Card | None, ...]:
        """The cards that lead a move of ``kind`` (``None``: a move naming no card)."""
        if self.scanned is not None:
            return tuple(self.scanned.get(kind, ()))
        cards = self.answers.get(kind)
        if cards is None:
            cards = self.answers[kind] = cards_of(self.rules, self.state, self.seat, kind)
        return cards

    def choices(self, kind: str, card: Card | None) -> tuple[Move, ...]:
        """At most ``cap`` moves of ``kind`` led by ``card``, in the rule set's order."""
        if self.scanned is not None:
            return self.scanned.get(kind, {}).get(card, ())
        choices = self.answers.get((kind, card))
        if choices is None:
            choices = filtered(self.rules, self.state, self.seat, kind, card, self.cap)
            self.answers[kind, card] = choices
        return choices


_LISTED = object()
"""Where a ``Menu`` keeps its listing's set among its answers."""

_KINDS: dict[type, str] = {}
_FIELDS: dict[type, tuple[str, ...]] = {}
"""Per payload class, looked up once: its kind, and its fields' names."""


def _kind(cls: type) -> str:
    kind = _KINDS.get(cls)
    if kind is None:
        kind = _KINDS[cls] = kind_of(getattr(cls, "TYPE"))  # noqa: B009  (a class variable)
    return kind


def _field_names(cls: type) -> tuple[str, ...]:
    names = _FIELDS.get(cls)
    if names is None:
        names = _FIELDS[cls] = tuple(field.name for field in attrs.fields(cls))
    return names


def fast_lead(move: Move) -> Card | None:
    """``rules.listing.lead_card``, with each payload class's fields looked up once: a
    scan of a crowded table reads the lead card of every one of its moves."""
    payload = move.payload
    for name in _field_names(type(payload)):
        value = getattr(payload, name)
        if isinstance(value, Card):
            return value
        if isinstance(value, tuple) and value and isinstance(value[0], Card):
            return value[0]
    return None


class _Scanned:
    """The seats' whole listings met by the last scan (``menu``), for one state: the
    checks of a state then ask whether a move is listed (``is_listed``) of the listing
    the sample was drawn from, instead of listing the seat's moves again per question.
    States are matched by identity (and held, so an identity is never reused)."""

    def __init__(self) -> None:
        self.rules: object = None
        self.state: object = None
        self.seats: dict[int, Menu] = {}

    def keep(self, rules: object, state: object, seat: int, scan: Menu) -> None:
        if self.state is not state or self.rules is not rules:
            self.rules, self.state, self.seats = rules, state, {}
        self.seats[seat] = scan

    def of(self, rules: object, state: object, seat: int | None) -> frozenset[Move] | None:
        if self.state is state and self.rules is rules and seat is not None:
            scan = self.seats.get(seat)
            return None if scan is None else scan.listed
        return None


_SCANNED = _Scanned()


class _Menus:
    """The menus made for the states of the history being drawn and checked, by state
    identity (the states held, so an identity is never reused): the generator's chooser
    and the checks' sample of a deep state (the very state the generator chose from) ask
    the rules once. Forgotten when a new history is drawn (``forget_menus``), or when
    ``LIMIT`` states are held."""

    LIMIT = 50 * 50 * 8
    """20,000, written as small numbers: Hypothesis mixes every integer literal of 100 or more
    in the loaded modules into its wide draws, so a new one would change the games."""

    def __init__(self) -> None:
        self.rules: object = None
        self.held: dict[int, tuple[object, dict[Any, Any]]] = {}

    def of(self, rules: object, state: object) -> dict[Any, Any]:
        """What is kept of ``state``: its menus by (seat, cap), its listing under ``None``."""
        if rules is not self.rules or len(self.held) >= self.LIMIT:
            self.rules, self.held = rules, {}
        kept = self.held.get(id(state))
        if kept is None or kept[0] is not state:
            kept = self.held[id(state)] = (state, {})
        return kept[1]


_MENUS = _Menus()


def listing(rules: RuleSet[S], state: S) -> tuple[Move, ...]:
    """``tuple(rules.moves(state))``, made once per state of the history at hand: a game
    with a playout has its seats' menus read from it, and the playout check compares it."""
    kept = _MENUS.of(rules, state)
    listed: tuple[Move, ...] | None = kept.get(None)
    if listed is None:
        listed = kept[None] = tuple(rules.moves(state))
    return listed


def kept_listing(rules: RuleSet[S], state: S) -> tuple[Move, ...] | None:
    """The listing ``listing`` made of ``state``, if it made one (nothing is made or kept
    here: a state the generator never listed is not held on to, nor are the menus kept of
    another game's states forgotten)."""
    kept = _MENUS.held.get(id(state)) if rules is _MENUS.rules else None
    if kept is None or kept[0] is not state:
        return None
    listed: tuple[Move, ...] | None = kept[1].get(None)
    return listed


def forget_menus() -> None:
    """Forget the menus kept so far (a new history is being drawn)."""
    _MENUS.held = {}


def menu(rules: RuleSet[S], state: S, seat: int, cap: int = CAP, scan: bool = False) -> Menu:
    """The ``Menu`` of ``seat``: the game's fast answers, or one bounded scan (whose whole
    listing ``is_listed`` then reads); made once per state of the history at hand.
    ``scan``: a game with a playout is scanned even if it has fast answers, from the
    state's whole listing (``listing``), which the playout check compares anyway."""
    menus = _MENUS.of(rules, state)
    made = menus.get((seat, cap))
    if made is None:
        made = menus[seat, cap] = _menu(rules, state, seat, cap, scan)
    elif made.every is not None:
        _SCANNED.keep(rules, state, seat, made)
    return made


def _menu(rules: RuleSet[S], state: S, seat: int, cap: int, scan: bool = False) -> Menu:
    fast = rules.kinds is not None and rules.cards is not None
    if fast and not (scan and rules.playout is not None):
        return Menu(rules, state, seat, cap)
    groups: dict[str, dict[Card | None, list[Move]]] = {}
    every: list[Move] = []
    # a game with a playout has the state's whole listing made anyway (the playout check
    # compares it): the seat's moves are read from it, as ``moves(state, seat)`` filters them
    seats = (
        rules.moves(state, seat)
        if rules.playout is None
        else (m for m in listing(rules, state) if m.actor == seat)
    )
    for move in seats:
        every.append(move)
        kind = _kind(type(move.payload))
        group = groups.setdefault(kind, {}).setdefault(fast_lead(move), [])
        if len(group) < cap:
            group.append(move)
    scanned = {k: {c: tuple(ms) for c, ms in by_card.items()} for k, by_card in groups.items()}
    made = Menu(rules, state, seat, cap, scanned, tuple(every))
    _SCANNED.keep(rules, state, seat, made)
    return made


def sample_moves(
    rules: RuleSet[S], state: S, rng: random.Random, sampling: Sampling = SAMPLED
) -> tuple[Move, ...]:
    """Up to ``sampling.moves`` distinct legal moves of ``state`` (all of them when
    ``None``), drawn round-robin over every (seat to act, kind) pair, each round a lead
    card not yet drawn for that pair."""
    if sampling.moves is None:
        return tuple(rules.moves(state))
    menus = {seat: menu(rules, state, seat, sampling.cap) for seat in rules.to_act(state)}
    decks: dict[tuple[int, str], list[Card | None]] = {}
    for seat, seat_menu in menus.items():
        for kind in seat_menu.kinds():
            decks[seat, kind] = list(seat_menu.cards(kind))
            rng.shuffle(decks[seat, kind])
    chosen: dict[Move, None] = {}
    while len(chosen) < sampling.moves and any(decks.values()):
        for (seat, kind), cards in decks.items():
            if not cards or len(chosen) >= sampling.moves:
                continue
            choices = menus[seat].choices(kind, cards.pop())
            if choices:
                chosen.setdefault(rng.choice(choices), None)
    return tuple(chosen)


def is_listed(rules: RuleSet[S], state: S, move: Move) -> bool:
    """Whether ``moves`` yields ``move``: read from the seat's whole listing when the last
    scan (``menu``) of this state made it, else asked through the filters ``moves``
    offers (the seat, kind and lead card), never a full listing."""
    scanned = _SCANNED.of(rules, state, move.actor)
    if scanned is not None:
        return move in scanned
    lead = fast_lead(move)
    candidates = rules.moves(state, move.actor, lead, move.kind)
    return any(m == move for m in candidates)


def rng_for(history_key: str, seq: int) -> random.Random:
    """The random source of the sample at event ``seq`` of a history (stable everywhere)."""
    return random.Random(f"tablelog-kit:{history_key}:{seq}")
