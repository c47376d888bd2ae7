"""Games in a ledger: create one, load it, play a move into it, fork it.

This is where a move typed at the table meets the log: the text is parsed by the game's
notation, validated by folding it onto the current state, followed by the seeded dealer's
chance events if the game has a seed, and written in one append that expects the head not
to have moved. A refused move writes nothing.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from functools import cached_property
from typing import Any

import attrs

from ledger import GameRecord, Ledger, short_hash
from replay.codec import decode_events, decode_header, encode_event, encode_header
from replay.dealer import MAX_CHANCE_RUN, dealer_move
from replay.fold import effective_events, fold, step
from replay.notation import move_label, parse_move
from rules import registry
from rules.errors import IllegalEvent, OptionError, TablelogError
from rules.events import Event, Move, Note, Undo
from rules.protocol import Header, RuleSet, resolve_options

__all__ = ["BadGameRef", "Games", "LoadedGame", "UnknownPlayer", "make_header"]


class UnknownPlayer(TablelogError, LookupError):
    """A player name that is not at this game's table."""


class BadGameRef(TablelogError, LookupError):
    """Text that names no game: not a number, nor ``last`` in a database with games."""


@attrs.frozen
class LoadedGame:
    """A game read from the ledger: its record, header, rule set and whole log."""

    record: GameRecord
    header: Header
    rules: RuleSet
    events: tuple[Event, ...]
    hashes: tuple[bytes, ...] = ()

    @property
    def id(self) -> int:
        """The game's number in its database."""
        return self.record.id

    @property
    def seeded(self) -> bool:
        """Whether the seeded dealer deals this game."""
        return self.header.seed is not None

    @property
    def seq(self) -> int:
        """The seq of the last event (0 for a game with no events yet)."""
        return self.events[-1].seq if self.events else 0

    @cached_property
    def state(self) -> Any:
        """The current state."""
        return fold(self.rules, self.header, self.events)

    def state_at(self, seq: int | None) -> Any:
        """The state just after event ``seq`` (the current state for ``None``)."""
        if seq is None or seq >= self.seq:
            return self.state
        return fold(self.rules, self.header, self.events[: max(seq, 0)])

    def head_at(self, seq: int | None = None) -> str:
        """The short head hash after event ``seq`` (the last one for ``None``; the genesis
        hash, which covers the header, for 0)."""
        seq = self.seq if seq is None else seq
        return short_hash(self.hashes[seq - 1] if seq else self.record.genesis)

    def seat(self, name: str) -> int:
        """The seat of player ``name``, or ``UnknownPlayer`` naming who plays."""
        try:
            return self.header.seat_of(name)
        except KeyError:
            players = ", ".join(self.header.players)
            raise UnknownPlayer(f"{name!r} does not play in game {self.id} ({players})") from None

    def actor_name(self, actor: int | None) -> str | None:
        """The name of the player in seat ``actor`` (``None`` for the table)."""
        return None if actor is None else self.header.players[actor]


def make_header(
    rules: RuleSet,
    players: Sequence[str],
    options: Mapping[str, Any],
    *,
    dealer: str | int | None = None,
    seed: int | None = None,
) -> Header:
    """A checked header: known options, a seat count the game allows, a dealer at the table."""
    low, high = rules.seats
    if not low <= len(players) <= high:
        wanted = str(low) if low == high else f"{low} to {high}"
        raise OptionError(f"{rules.title} is played by {wanted} players, not {len(players)}")
    names = [p.strip() for p in players]
    if any(not n or n.startswith("-") for n in names):
        raise OptionError("every player needs a name (and a name may not start with '-')")
    if len({n.casefold() for n in names}) != len(names):
        raise OptionError("two players have the same name; give each a different one")
    resolved = resolve_options(rules.options, options)
    header = Header(rules.name, rules.version, tuple(names), resolved, 0, seed)
    if dealer is None:
        return header
    if isinstance(dealer, int):
        seat = dealer
    else:
        try:
            seat = header.seat_of(dealer)
        except KeyError:
            raise OptionError(f"the dealer {dealer!r} is not one of the players") from None
    if not 0 <= seat < len(names):
        raise OptionError(f"the dealer's seat must be 0 to {len(names) - 1}")
    return attrs.evolve(header, dealer=seat)


class Games:
    """Create, load and play games stored in one ledger."""

    def __init__(self, ledger: Ledger) -> None:
        self.ledger = ledger

    def create(self, header: Header) -> LoadedGame:
        """A new game for ``header``; a seeded game is dealt at once."""
        rules = registry.get(header.rules)
        record = self.ledger.create_game(rules.name, rules.version, encode_header(header))
        game = LoadedGame(record, header, rules, ())
        if game.seeded:
            self._append(game, game.state, [])
            game = self.load(record.id)
        return game

    def load(self, ref: int | str) -> LoadedGame:
        """The game numbered ``ref`` (``"last"``: the newest game)."""
        record = self.ledger.game(self.resolve(ref))
        header = decode_header(record.header)
        rules = registry.get(record.rules)
        if record.rules_version > rules.version:
            raise TablelogError(
                f"game {record.id} was recorded with {rules.name} version "
                f"{record.rules_version}; this tablelog knows version {rules.version}: upgrade"
            )
        rows = self.ledger.events(record.id)
        events = tuple(decode_events(rules, rows))
        return LoadedGame(record, header, rules, events, tuple(row.hash for row in rows))

    def resolve(self, ref: int | str) -> int:
        """A game number from what a user typed: a number, or ``last``."""
        text = str(ref).strip().lower()
        if text == "last":
            summaries = self.ledger.games()
            if not summaries:
                raise BadGameRef(f"there are no games in {self.ledger.path} yet")
            return max(s.record.id for s in summaries)
        try:
            return int(text)
        except ValueError:
            raise BadGameRef(f"{ref!r} is not a game number (or 'last')") from None

    def play(self, ref: int | str, text: str, *, event_id: str | None = None) -> list[Event]:
        """Record the move written ``text``; returns the events written (dealer's included)."""
        game = self.load(ref)
        move = parse_move(game, text)
        return self.submit(game, move, event_id=event_id)

    def submit(self, game: LoadedGame, move: Move, *, event_id: str | None = None) -> list[Event]:
        """Validate ``move`` on ``game``'s current state and append it (and the dealer's)."""
        event = Event(game.seq + 1, move.actor, move.payload, None, event_id)
        label = move_label(game.rules, game.header.players, move, game.state)
        if isinstance(move.payload, Note):
            return self._write(game, [event])
        if isinstance(move.payload, Undo):
            try:
                effective_events((*game.events, event), game.seeded)
            except IllegalEvent as refused:
                raise refused.with_label(label) from None
            return self._write(game, [event])
        if game.seeded and event.family == "chance":
            raise IllegalEvent(
                event,
                "this game is dealt by the seeded dealer: cards are dealt by themselves",
                label=label,
            )
        try:
            state = step(game.rules, game.state, event)
        except IllegalEvent as refused:
            raise refused.with_label(label) from None
        return self._append(game, state, [event])

    def _append(self, game: LoadedGame, state: Any, events: list[Event]) -> list[Event]:
        if game.seeded:
            seed = game.header.seed
            assert seed is not None
            for _ in range(MAX_CHANCE_RUN):
                seq = game.seq + len(events) + 1
                move = dealer_move(game.rules, state, seed, seq)
                if move is None:
                    break
                event = Event(seq, move.actor, move.payload)
                state = game.rules.apply(state, event)
                events.append(event)
        return self._write(game, events)

    def _write(self, game: LoadedGame, events: list[Event]) -> list[Event]:
        if not events:
            return []
        stored = self.ledger.append(
            game.id, game.seq + 1, [encode_event(game.rules, e) for e in events]
        )
        return decode_events(game.rules, stored)

    def fork(self, ref: int | str, at: int) -> LoadedGame:
        """A new game with the same header and the first ``at`` events of ``ref``'s log.

        In a seeded game the dealer then deals whatever is due at the cut.
        """
        game = self.load(ref)
        if not 0 <= at <= game.seq:
            raise TablelogError(f"game {game.id} has events 0 to {game.seq}; cannot fork at {at}")
        record = self.ledger.create_game(game.rules.name, game.rules.version, game.record.header)
        copies = [Event(e.seq, e.actor, e.payload) for e in game.events[:at]]
        if copies:
            self.ledger.append(record.id, 1, [encode_event(game.rules, e) for e in copies])
        forked = self.load(record.id)
        if forked.seeded:  # cut before the dealer's events: deal them, or the fork is stuck
            self._append(forked, forked.state, [])
            forked = self.load(record.id)
        return forked
