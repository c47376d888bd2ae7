"""A game read from the ledger (``LoadedGame``): its record, header, rule set and log.

Below ``games`` (which loads and writes games) and the modules that read a loaded game
(notation, retries, verification): they import it from here, so none of them imports
``games`` back.
"""

from __future__ import annotations

from functools import cached_property
from typing import Generic

from tablelog.errors import InvalidInput
from tablelog.ledger import GameRecord, short_hash
from tablelog.replay.fold import Replayer
from tablelog.rules.events import Event
from tablelog.rules.frozen import frozen
from tablelog.rules.protocol import Header, RuleSet, S
from tablelog.rules.suggest import did_you_mean

__all__ = ["LoadedGame", "UnknownPlayer"]


class UnknownPlayer(InvalidInput, LookupError):
    """A player name that is not at this game's table."""


@frozen
class LoadedGame(Generic[S]):
    """A game read from the ledger: its record, header, rule set and whole log.

    The log is folded once, on first use (``replayer``); ``timeline`` keeps the state
    after every event of the log, for the commands that show more than one moment.
    """

    record: GameRecord
    header: Header
    rules: RuleSet[S]
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
    def replayer(self) -> Replayer[S]:
        """The log folded once: the current state, with the stack an undo pops."""
        replayer = Replayer(self.rules, self.header)
        replayer.extend(self.events)
        return replayer

    @property
    def state(self) -> S:
        """The current state."""
        return self.replayer.state

    @cached_property
    def timeline(self) -> tuple[S, ...]:
        """The state before the first event, then after each event of the log (one fold)."""
        replayer = Replayer(self.rules, self.header)
        return (replayer.state, *(replayer.push(event) for event in self.events))

    def extended(self, events: tuple[Event, ...], hashes: tuple[bytes, ...]) -> LoadedGame[S]:
        """This game with ``events`` (stored after its last one, with their full ``hashes``)
        appended: only they are folded, onto this game's fold and timeline."""
        replayer = self.replayer.copy()
        timeline = self.timeline + tuple(replayer.push(event) for event in events)
        game = LoadedGame(
            self.record, self.header, self.rules, self.events + events, self.hashes + hashes
        )
        object.__setattr__(game, "replayer", replayer)  # the fold, already done
        object.__setattr__(game, "timeline", timeline)
        return game

    def state_at(self, seq: int | None) -> S:
        """The state just after event ``seq`` (the current state for ``None``)."""
        if seq is None or seq >= self.seq:
            return self.state
        return self.timeline[max(seq, 0)]

    def head_at(self, seq: int | None = None) -> str:
        """The short head hash after event ``seq`` (the last one for ``None``; the genesis
        hash, which covers the header, for 0)."""
        if seq is None:
            return short_hash(self.hashes[-1] if self.hashes else self.record.genesis)
        found = [h for e, h in zip(self.events, self.hashes, strict=False) if e.seq == seq]
        return short_hash(found[0] if found and seq else self.record.genesis)

    def seat(self, name: str) -> int:
        """The seat of player ``name``, or ``UnknownPlayer`` naming who plays."""
        try:
            return self.header.seat_of(name)
        except KeyError:
            players = ", ".join(self.header.players)
            near = did_you_mean(name, self.header.players)
            raise UnknownPlayer(
                f"{name!r} does not play in game {self.id}{near} ({players})"
            ) from None

    def actor_name(self, actor: int | None) -> str | None:
        """The name of the player in seat ``actor`` (``None`` for the table)."""
        return None if actor is None else self.header.players[actor]
