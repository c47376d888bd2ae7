"""The rule-set protocol: what a game module exposes, and the values it trades in.

A game is a module of pure functions gathered into one ``RuleSet`` record and registered
by name (``rules.registry``). Nothing here stores, hashes or prints: ``replay/`` folds
events through these functions, ``ledger/`` stores them, ``cli/`` shows them.

The fold is ``reduce(rules.apply, effective_events, rules.start(header))``.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping, Sequence
from fractions import Fraction
from typing import Any

import attrs

from rules.cards import Card
from rules.errors import OptionError
from rules.events import Event, Move
from rules.zones import Zone

__all__ = [
    "ChanceStep",
    "Header",
    "OptionSpec",
    "Outcome",
    "RuleSet",
    "Shown",
    "View",
    "ZoneView",
    "resolve_options",
]

OptionValue = bool | int | str


@attrs.frozen
class Header:
    """What a game is: its rule set and version, options, players (by seat) and dealer.

    ``seed`` is set for a game dealt by the seeded dealer; ``None`` for a physical game,
    whose chance steps are entered by a person.
    """

    rules: str
    rules_version: int
    players: tuple[str, ...]
    options: Mapping[str, OptionValue] = attrs.field(factory=dict)
    dealer: int = 0
    seed: int | None = None

    def seat_of(self, name: str) -> int:
        """The seat of the player called ``name`` (case-insensitive), or ``KeyError``."""
        for seat, player in enumerate(self.players):
            if player.casefold() == name.casefold():
                return seat
        raise KeyError(name)


@attrs.frozen
class OptionSpec:
    """One game option: its name, default, the values it takes, and a line of help."""

    name: str
    default: OptionValue
    help: str
    choices: tuple[str, ...] = ()
    minimum: int | None = None
    maximum: int | None = None

    def parse(self, value: OptionValue) -> OptionValue:
        """Read ``value`` (text from the command line, or an already typed value)."""
        kind = type(self.default)
        text = str(value).strip()
        if kind is bool:
            if isinstance(value, bool):
                return value
            low = text.lower()
            if low in ("true", "yes", "on", "1"):
                return True
            if low in ("false", "no", "off", "0"):
                return False
            raise OptionError(f"option {self.name} takes true or false, not {text!r}")
        if kind is int:
            try:
                number = int(text)
            except ValueError:
                wanted = f"option {self.name} takes a whole number"
                raise OptionError(f"{wanted}, not {text!r}") from None
            if self.minimum is not None and number < self.minimum:
                raise OptionError(f"option {self.name} must be at least {self.minimum}")
            if self.maximum is not None and number > self.maximum:
                raise OptionError(f"option {self.name} must be at most {self.maximum}")
            return number
        if self.choices and text not in self.choices:
            raise OptionError(
                f"option {self.name} takes one of {', '.join(self.choices)}, not {text!r}"
            )
        return text


def resolve_options(
    specs: Sequence[OptionSpec], given: Mapping[str, OptionValue]
) -> dict[str, OptionValue]:
    """Every option of ``specs``, from ``given`` where set and the default otherwise."""
    by_name = {spec.name: spec for spec in specs}
    unknown = sorted(set(given) - set(by_name))
    if unknown:
        known = ", ".join(by_name) or "none"
        raise OptionError(f"unknown option {unknown[0]!r} (this game's options: {known})")
    return {
        spec.name: spec.parse(given[spec.name]) if spec.name in given else spec.default
        for spec in specs
    }


@attrs.frozen
class ChanceStep:
    """The chance step a game needs next: a deal, a draw, a card turned.

    ``hint`` tells a person how to enter it (``deal UP UP UP UP: ...``). ``realize`` is
    the dealer's side: given a random source it returns the move, with every card's
    identity when ``known`` is true (the seeded dealer) or only what a table would see
    when it is false (a physical game where the rest stays face down).
    """

    kind: str
    hint: str
    realize: Callable[[random.Random, bool], Move]


@attrs.frozen
class ZoneView:
    """A zone as one seat sees it: the cards it can see and how many it cannot."""

    name: str
    cards: tuple[Card, ...]
    hidden: int = 0


@attrs.frozen
class View:
    """What one seat (or, with ``seat`` ``None``, everyone) can see of a state."""

    seat: int | None
    zones: tuple[ZoneView, ...]
    info: Mapping[str, Any] = attrs.field(factory=dict)

    def cards(self) -> list[Card]:
        """Every card this view shows, with repeats."""
        return [card for zone in self.zones for card in zone.cards]


@attrs.frozen
class Shown:
    """Which cards one event shows to whom: ``everyone``, and ``seats[s]`` to seat ``s``.

    ``forget`` is true when the event gathers and shuffles the cards, so what was seen
    before no longer tells where any card is.
    """

    everyone: tuple[Card, ...] = ()
    seats: Mapping[int, tuple[Card, ...]] = attrs.field(factory=dict)
    forget: bool = False


@attrs.frozen
class Outcome:
    """How a finished game ended: the winning seats, the score by side, each round's detail."""

    winners: tuple[int, ...]
    scores: Mapping[str, int | Fraction]
    rounds: tuple[Mapping[str, Any], ...] = ()


@attrs.frozen
class RuleSet:
    """A game: its name, version, options and its pure functions.

    * ``start(header) -> state``; ``apply(state, event) -> state`` raises ``IllegalEvent``
      naming the rule an event breaks.
    * ``legal_moves(state)``: every move any seat may make now (some games let players act
      out of turn); empty while a chance step is pending or the game is over.
    * ``chance(state)``: the ``ChanceStep`` needed next, or ``None``.
    * ``outcome(state)``: ``None`` while running.
    * ``view(state, seat)``: what that seat (``None``: everyone) sees.
    * ``zones(state)``: every zone by name, for conservation; ``deck(header)``: all cards.
    * ``shown(state, event)``: what an event about to be applied shows to whom.
    * ``parse(text, state) -> Move`` raises ``NotationError``; ``format(move, state)`` is
      its inverse (``state`` is the state the move is made in).
    * ``max_events(header)``: a bound on the length of any game's log.
    * ``announce(move, state)`` (optional): what the player says aloud for the move, such
      as a casino build's ``I build 7``; the CLI prints it with the move.
    """

    name: str
    title: str
    version: int
    seats: tuple[int, int]
    options: tuple[OptionSpec, ...]
    event_types: frozenset[str]
    start: Callable[[Header], Any]
    apply: Callable[[Any, Event], Any]
    legal_moves: Callable[[Any], Sequence[Move]]
    chance: Callable[[Any], ChanceStep | None]
    outcome: Callable[[Any], Outcome | None]
    view: Callable[[Any, int | None], View]
    zones: Callable[[Any], Mapping[str, Zone]]
    deck: Callable[[Header], tuple[Card, ...]]
    shown: Callable[[Any, Event], Shown]
    parse: Callable[[str, Any], Move]
    format: Callable[[Move, Any], str]
    max_events: Callable[[Header], int]
    summary: str = ""
    announce: Callable[[Move, Any], str] | None = None
    """What a player says aloud for a move (``I build 7``), or ``""``; optional."""

    def option_names(self) -> tuple[str, ...]:
        """The names of this game's options."""
        return tuple(spec.name for spec in self.options)
