"""Games in a ledger: create one, load it, play a move into it, fork it.

This is where a move typed at the table meets the log: the text is parsed by the game's
notation, validated by folding it onto the current state, followed by the seeded dealer's
chance events if the game has a seed, and written in one append that expects the head not
to have moved. A refused move writes nothing.
"""

from __future__ import annotations

import contextlib
from collections.abc import Callable, Sequence
from typing import Any, Generic

import attrs

from tablelog.errors import InvalidInput
from tablelog.ledger import (
    CodecError,
    ConcurrencyConflict,
    GameRecord,
    LedgerError,
    LedgerStore,
    StoredEvent,
    short_hash,
)
from tablelog.replay import implied, retry
from tablelog.replay.codec import decode_events, decode_header, encode_event, encode_header
from tablelog.replay.dealer import MAX_CHANCE_RUN, dealer_move
from tablelog.replay.fold import Replayer
from tablelog.replay.loaded import LoadedGame, UnknownPlayer
from tablelog.replay.notation import move_label, parse_move
from tablelog.replay.redact import public_refusal
from tablelog.replay.summarize import summary_text
from tablelog.replay.verify import Tampered, refuse_altered
from tablelog.rules import registry
from tablelog.rules.errors import IllegalEvent, TablelogError
from tablelog.rules.events import Event, Move, Ruling, Undo
from tablelog.rules.frozen import frozen
from tablelog.rules.protocol import Header, RuleSet, S

__all__ = [
    "BadFork",
    "BadGameRef",
    "Games",
    "LoadedGame",
    "NewerRules",
    "Played",
    "UnknownPlayer",
]


class BadGameRef(InvalidInput, LookupError):
    """Text that names no game: not a number, nor ``last`` in a database with games."""


class BadFork(InvalidInput, ValueError):
    """A fork at a point the game does not have (before event 0 or past its last)."""


class NewerRules(InvalidInput, ValueError):
    """A game recorded with a newer version of its rule set than this tablelog knows."""


@frozen
class Played(Generic[S]):
    """What ``Games.play`` wrote: the events as stored, the state before each (to write
    them in notation), the state after them, and the new head hash."""

    game: LoadedGame[S]
    written: tuple[Event, ...]
    befores: tuple[S, ...]
    state: S
    hashes: tuple[str, ...]
    retried: bool = False
    """A retry of a move already recorded (``play --id``): ``written`` is the stored
    event, and nothing was written now."""
    digests: tuple[bytes, ...] = ()
    """The full hashes of the events written now (``LoadedGame.extended`` takes them)."""

    @property
    def head(self) -> str:
        """The short head hash after the written events."""
        if self.retried or not self.hashes:
            return self.game.head_at()
        return self.hashes[-1]

    @property
    def seq(self) -> int:
        """The seq of the game's last event now."""
        return self.written[-1].seq if self.written and not self.retried else self.game.seq


class Games:
    """Create, load and play games stored in one ledger."""

    def __init__(self, ledger: LedgerStore) -> None:
        self.ledger = ledger

    def create(self, header: Header) -> LoadedGame:
        """A new game for ``header``; a seeded game is dealt at once."""
        rules = registry.get(header.rules)
        record = self.ledger.create_game(rules.name, rules.version, encode_header(header))
        game = LoadedGame(record, header, rules, ())
        if game.seeded:  # the deal's write keeps the summary
            self._deal_and_write(game, game.replayer.copy(), [], [])
            return self.load(record.id)
        self._keep_summary(record.id, rules, header, game.replayer, 0, record.genesis)
        return game

    def load(self, ref: int | str) -> LoadedGame:
        """The game numbered ``ref`` (``"last"``: the newest game)."""
        record = self.ledger.game(self.resolve(ref))
        _refuse_altered(record, (), 0)
        try:
            header = decode_header(record.header)
        except CodecError as error:
            raise Tampered(
                f"game {record.id}'s header cannot be read ({error}): it was altered;"
                f" `tablelog verify {record.id}` lists every problem"
            ) from None
        rules = registry.get(record.rules)
        if record.rules_version > rules.version:
            raise NewerRules(
                f"game {record.id} was recorded with {rules.name} version "
                f"{record.rules_version}; this tablelog knows version {rules.version}: upgrade"
            )
        rows = self.ledger.events(record.id)
        _refuse_altered(record, rows, len(header.players))
        events = tuple(decode_events(rules, rows))
        return LoadedGame(record, header, rules, events, tuple(row.hash for row in rows))

    def resolve(self, ref: int | str) -> int:
        """A game number from what a user typed: a number, or ``last`` (the newest game)."""
        text = str(ref).strip().lower()
        if text == "last":
            last = self.ledger.last_game()
            if last is None:
                raise BadGameRef(f"there are no games in {self.ledger.path} yet")
            return self._newest_own_game(last)
        if not (text.lstrip("-").isascii() and text.lstrip("-").isdigit()) or len(text) > 18:
            shown = text if len(text) <= 20 else text[:20] + "…"
            raise BadGameRef(f"{shown!r} is not a game number (or 'last')")
        return int(text)

    def _newest_own_game(self, last: int) -> int:
        """The newest game that is not a fork (``last`` never names a "what if"; a fork
        is named by its number), else the newest game."""
        for gid in range(last, 0, -1):
            try:
                header = decode_header(self.ledger.game(gid).header)
            except LedgerError:  # a number with no game: ids need not be contiguous
                continue
            if header.fork_of is None:
                return gid
        return last

    def play(
        self, ref: int | str, text: str, *, event_id: str | None = None, after: str | None = None
    ) -> Played:
        """Record the move written ``text``: what was written (the dealer's events too) and
        the state after it, without reading or folding the game again.

        With ``event_id``, a move already recorded under that id is answered with the
        stored event (a retry); with ``after`` (a seq or head hash), the move is written
        only if the game is still there (``replay.retry``).
        """
        return self.play_on(self.load(ref), text, event_id=event_id, after=after)

    def play_on(
        self,
        game: LoadedGame,
        text: str,
        *,
        event_id: str | None = None,
        after: str | None = None,
        reread: Callable[[int], LoadedGame] | None = None,
    ) -> Played:
        """``play`` on ``game`` as already read (a server holds its games in memory): the
        same retry and ``after`` checks, and the ledger still refuses the append if anyone
        wrote after ``game``'s last event; the refusal names what was written since from
        the game read again (``reread``: a server's held game, which reads only the new
        events; by default the game read whole)."""
        if event_id is not None:
            row = retry.stored_retry(self.ledger, game, text, event_id)
            if row is not None:
                event = decode_events(game.rules, [row])[0]
                before = game.state_at(event.seq - 1)
                hashes = (short_hash(row.hash),)
                return Played(game, (event,), (before,), game.state, hashes, retried=True)
        if after is not None:
            retry.check_after(game, after)
        try:
            return self.enter(game, text, event_id=event_id)
        except ConcurrencyConflict:  # someone wrote between our read and our write
            again = self.load(game.id) if reread is None else reread(game.id)
            raise retry.stale_since(again, game.seq) from None

    def enter(self, game: LoadedGame, text: str, *, event_id: str | None = None) -> Played:
        """Record the entry ``text`` on ``game``: the move with the steps nobody decides
        that it implies before and after it (``replay.implied``), then the dealer's."""

        def refuse(before: Any, move: Move, refused: IllegalEvent) -> IllegalEvent:
            return _worded(game, before, move, refused)

        try:
            steps = implied.enter(game, text, refuse)
            if steps is None:  # not a player's move: undo, a note, a deal, a ruling
                return self.submit(game, parse_move(game, text), event_id=event_id)
        except TablelogError:
            again = implied.restated(game, text)  # a draw the tool entered, typed again
            if again is None:
                raise
            return self._restate(game, *again)
        if event_id is not None:  # the id names the entry's own move, not the steps around it
            index = next(i for i, e in enumerate(steps.events) if e.family == "move")
            steps.events = [
                attrs.evolve(e, id=event_id) if i == index else e
                for i, e in enumerate(steps.events)
            ]
        return self._deal_and_write(game, steps.replayer, steps.events, steps.befores)

    def _restate(self, game: LoadedGame, entered: Event, move: Move) -> Played:
        """A chance step typed after the tool entered it face down: the same step is
        answered as already recorded; one naming cards the table saw takes the face-down
        one back (an ``undo``) and is written instead."""
        if (move.actor, move.payload) == (entered.actor, entered.payload):
            before = game.replayer.before(len(game.replayer) - 1)
            hashes = (game.head_at(entered.seq),)
            return Played(game, (entered,), (before,), game.state, hashes, retried=True)
        steps = implied.Steps(game, game.replayer.copy())
        steps.push(Move(None, Undo()), check=False)
        try:
            steps.push(move)
        except IllegalEvent as refused:
            raise _worded(game, steps.befores[-1], move, refused) from None
        return self._deal_and_write(game, steps.replayer, steps.events, steps.befores)

    def submit(self, game: LoadedGame, move: Move, *, event_id: str | None = None) -> Played:
        """Validate ``move`` on ``game``'s current state and append it (and the dealer's)."""
        event = Event(game.seq + 1, move.actor, move.payload, None, event_id)
        replayer = game.replayer.copy()
        before = replayer.state
        if event.family == "meta":
            undo = isinstance(move.payload, Undo) and not game.seeded
            start = implied.entry_start(game) if undo else None
            if start is not None and len(replayer) - start > 1:  # the entry's own steps too
                steps = implied.Steps(game, replayer)
                for _ in range(len(replayer) - start):
                    steps.push(move, check=False)
                return self._write(game, steps.events, steps.befores, replayer)
            try:
                replayer.push(event)
            except IllegalEvent as refused:
                label = move_label(game.rules, game.header.players, move, before)
                raise refused.with_label(label) from None
            if isinstance(move.payload, Ruling):  # the seeded dealer deals again what is due
                return self._deal_and_write(game, replayer, [event], [before])
            return self._write(game, [event], [before], replayer)
        if game.seeded and event.family == "chance":
            raise IllegalEvent(
                event,
                "this game is dealt by the seeded dealer: cards are dealt by themselves",
                label=move_label(game.rules, game.header.players, move, before),
            )
        try:
            replayer.push(event, check=True)
        except IllegalEvent as refused:
            raise _worded(game, before, move, refused) from None
        return self._deal_and_write(game, replayer, [event], [before])

    def _deal_and_write(
        self, game: LoadedGame[S], replayer: Replayer[S], events: list[Event], befores: list[S]
    ) -> Played[S]:
        """Add the steps that follow by themselves (the seeded dealer's chance events, a
        forced move, a physical game's unseen draw), then write them all."""
        steps = implied.Steps(game, replayer)
        steps.events, steps.befores = events, befores
        last_meta = bool(events) and events[-1].family == "meta"
        for _ in range(MAX_CHANCE_RUN):
            before = len(steps.events)
            if game.seeded:
                seed = game.header.seed
                assert seed is not None
                move = dealer_move(game.rules, replayer.state, seed, game.seq + before + 1)
                if move is not None:
                    steps.push(move, check=False)
                    continue
            if not last_meta:  # an undo leaves the position it takes back to as it was
                implied.follow(steps)
            if len(steps.events) == before:
                break
        return self._write(game, steps.events, steps.befores, replayer)

    def _write(
        self, game: LoadedGame[S], events: list[Event], befores: list[S], replayer: Replayer[S]
    ) -> Played[S]:
        state = replayer.state
        if not events:
            return Played(game, (), (), state, ())
        records = [encode_event(game.rules, e) for e in events]
        stored = self.ledger.append(game.id, game.seq + 1, records)
        self._keep_summary(
            game.id, game.rules, game.header, replayer, stored[-1].seq, stored[-1].hash
        )
        written = tuple(decode_events(game.rules, stored))
        hashes = tuple(short_hash(row.hash) for row in stored)
        digests = tuple(row.hash for row in stored)
        return Played(game, written, tuple(befores), state, hashes, digests=digests)

    def _keep_summary(
        self, gid: int, rules: RuleSet[S], header: Header, replayer: Replayer[S], seq: int,
        head: bytes,
    ) -> None:  # fmt: skip
        """Keep the game's results summary at ``head`` from the fold that wrote it, so the
        next ``list`` folds nothing (``replay.summarize``). It is a cache: a database that
        refuses it (busy, read-only) loses only the cache, never the move written."""
        text = summary_text(rules, header, replayer, seq)
        with contextlib.suppress(TablelogError):
            self.ledger.store_summaries([(gid, head, text)])

    def fork(self, ref: int | str, at: int) -> LoadedGame:
        """A new game with the same header and the first ``at`` events of ``ref``'s log.

        Its header says it is a fork (``fork_of``, ``fork_at``), so ``last`` goes on
        naming the game it was cut from. In a seeded game the dealer then deals whatever
        is due at the cut.
        """
        game = self.load(ref)
        if not 0 <= at <= game.seq:
            raise BadFork(f"game {game.id} has events 0 to {game.seq}; cannot fork at {at}")
        header = attrs.evolve(game.header, fork_of=game.record.uid, fork_at=at)
        record = self.ledger.create_game(game.rules.name, game.rules.version, encode_header(header))
        copies = [Event(e.seq, e.actor, e.payload) for e in game.events[:at]]
        if copies:
            self.ledger.append(record.id, 1, [encode_event(game.rules, e) for e in copies])
        forked = self.load(record.id)
        head = forked.hashes[-1] if forked.hashes else record.genesis
        self._keep_summary(forked.id, forked.rules, header, forked.replayer, forked.seq, head)
        if forked.seeded:  # cut before the dealer's events: deal them, or the fork is stuck
            self._deal_and_write(forked, forked.replayer.copy(), [], [])
            forked = self.load(record.id)
        return forked


def _worded(game: LoadedGame, before: Any, move: Move, refused: IllegalEvent) -> IllegalEvent:
    """A refusal as a person reads it: the move named, nothing leaked of hidden cards."""
    label = move_label(game.rules, game.header.players, move, before)
    hidden = public_refusal(game.rules, game.header, before, move, refused)  # no leak
    return hidden.with_label(label)


def _refuse_altered(record: GameRecord, rows: Sequence[StoredEvent], players: int) -> None:
    """Refuse to read a game whose stored bytes were altered (``Tampered``, naming the first
    altered event): its states would mean nothing. ``players`` 0 checks the header only."""
    refuse_altered(record, rows, players, "nothing is shown from it")
