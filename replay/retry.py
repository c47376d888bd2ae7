"""Two guards on ``play`` for a table where commands are retried and recorders race.

* A retry (``play --id ID``): if an event with that id is already stored, the same move
  is answered with the stored event and nothing is written; a different move under the
  same id is refused, naming the stored one.
* A stale move (``play --after SEQ|HASH``): the move is written only if the game is still
  where the recorder saw it (its last event has that seq, or that head hash); otherwise it
  is refused, naming what was recorded in between.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from tablelog.errors import Refusal, TablelogError
from tablelog.ledger import StoredEvent
from tablelog.replay.codec import decode_event
from tablelog.replay.gate import Gate
from tablelog.replay.notation import move_label, parse_move
from tablelog.rules.errors import NotationError
from tablelog.rules.names import event_named, named_move

if TYPE_CHECKING:
    from tablelog.ledger import LedgerStore
    from tablelog.replay.loaded import LoadedGame

__all__ = [
    "RetryMismatch",
    "StaleMove",
    "after_seq",
    "between",
    "check_after",
    "stale_since",
    "stored_retry",
]


class StaleMove(Refusal, ValueError):
    """A move typed against a state of the game that is no longer its current one."""


class RetryMismatch(Refusal, ValueError):
    """An event id already recorded for a different move (or another game)."""


def after_seq(game: LoadedGame, after: str) -> int:
    """The seq ``after`` names in ``game``: a number is a seq, hex digits a head hash (at
    least 6 of them) that must be one of the game's; ``NotationError`` otherwise."""
    text = after.strip().lower()
    if text.isascii() and text.isdigit() and len(text) <= 7:
        return int(text)
    if len(text) >= 6 and text.isascii() and all(c in "0123456789abcdef" for c in text):
        if game.record.genesis.hex().startswith(text):
            return 0
        for event, digest in zip(game.events, game.hashes, strict=False):
            if digest.hex().startswith(text):
                return event.seq
        raise StaleMove(
            f"no event of game {game.id} has the hash {text}: the game is at event"
            f" {game.seq} (head {game.head_at()}); look at it again before typing the move"
        )
    raise NotationError(
        f"--after takes the seq of the last event seen or the head hash shown, not {after!r}"
    )


def check_after(game: LoadedGame, after: str) -> None:
    """Refuse unless ``game``'s last event is the one ``after`` names."""
    seen = after_seq(game, after)
    if seen == game.seq:
        return
    if seen > game.seq:
        raise StaleMove(
            f"game {game.id} has only {game.seq} events, so it cannot have been at event"
            f" {seen}; look at it again (`tablelog show {game.id}`)"
        )
    raise stale_since(game, seen)


def stale_since(game: LoadedGame, seen: int) -> StaleMove:
    """The refusal of a move typed when ``game`` was at event ``seen``."""
    return StaleMove(
        f"game {game.id} has moved on since event {seen}: {between(game, seen)} recorded"
        f" since; nothing was written: look at the table again (`tablelog show {game.id}`)"
        " and type the move anew"
    )


def between(game: LoadedGame, seen: int) -> str:
    """The events after ``seen``, named as in the log (``event 5 (Bo 9H) was``), as
    everyone saw them (``replay.gate``): a deal recorded since names no hidden card."""
    later = [e for e in game.events if e.seq > seen]
    gate = Gate(game.rules, game.header)  # whoever typed the stale move: as everyone sees it
    players = game.header.players
    names = []
    for event in later[:5]:
        text = gate.text(game.state_at(event.seq - 1), event, game.state_at(event.seq))
        actor = event.actor
        label = (
            named_move(text, players[actor])
            if actor is not None and 0 <= actor < len(players)
            else text
        )
        names.append(event_named(event.seq, label))
    more = f" and {len(later) - 5} more" if len(later) > 5 else ""
    verb = "was" if len(later) == 1 else "were"
    return f"{', '.join(names)}{more} {verb}"


def stored_retry(
    ledger: LedgerStore, game: LoadedGame, text: str, event_id: str
) -> StoredEvent | None:
    """The stored event if ``event_id`` was already recorded for this same move (a retry);
    ``None`` if the id is new; ``RetryMismatch`` if it names another move or game."""
    row = ledger.find_event(event_id)
    if row is None:
        return None
    if row.game != game.id:
        raise RetryMismatch(
            f"event id {event_id} is already recorded in game {row.game} (event {row.seq});"
            " give this move an id of its own"
        )
    stored = decode_event(game.rules, row)
    before = game.state_at(stored.seq - 1)
    label = move_label(game.rules, game.header.players, stored.move, before)
    named = event_named(stored.seq, label)
    try:
        retried = parse_move(game, text, before)
    except TablelogError as error:
        raise RetryMismatch(
            f"event id {event_id} was already recorded as {named}; this retry's move does not"
            f" read as that one ({error})"
        ) from None
    if (retried.actor, retried.payload) != (stored.actor, stored.payload):
        raise RetryMismatch(
            f"event id {event_id} was already recorded as {named}, a different move from"
            f" {text.strip()!r}; nothing was written (a retry must repeat the same move)"
        )
    return row
