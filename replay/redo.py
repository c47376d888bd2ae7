"""Redo from the log: what the latest undo took back, for a recorder that keeps no session.

``tablelog record`` remembers its own undos (``Recorder.redo``). A phone page does not: a
table has several phones and a server may restart, so the move to put back is read from
the log itself. Walking it, each undo pushes the first event it took back (an entry's
move: the steps it implied, and a seeded dealer's cards after it, come back by
themselves); a note, an irregularity or the seeded dealer's cards keep the stack; an
event that is the top of the stack (a redo, or the same entry typed again) pops it; any
other event or a ruling empties it. ``redo_entry(game)`` is the entry that puts back the
top, as typed.
"""

from __future__ import annotations

from tablelog.errors import Refusal
from tablelog.replay.fold import Replayer
from tablelog.replay.loaded import LoadedGame
from tablelog.replay.notation import format_event_move
from tablelog.rules.events import Event, Irregularity, Note, Ruling, Undo

__all__ = ["NOTHING_TO_REDO", "NothingToRedo", "redo_entry"]

NOTHING_TO_REDO = "nothing to redo: no undo since the last move"
"""What ``redo`` says when there is nothing to put back (``record`` says it too)."""


class NothingToRedo(Refusal, LookupError):
    """A redo with no undo since the last move: nothing was written."""


def _undone(game: LoadedGame) -> list[Event]:
    """The events the undos since the last move took back, the latest last."""
    replayer = Replayer(game.rules, game.header)
    stack: list[Event] = []
    for event in game.events:
        payload = event.payload
        if isinstance(payload, Note | Irregularity):
            continue
        if isinstance(payload, Undo):
            before = replayer.effective
            replayer.push(event)
            taken = before[len(replayer.effective) :]
            if taken:
                stack.append(taken[0])
            continue
        replayer.push(event)
        if isinstance(payload, Ruling):
            stack.clear()
        elif game.seeded and event.family == "chance":
            continue  # the dealer's cards after a move put back: not an entry
        elif stack and (stack[-1].actor, stack[-1].payload) == (event.actor, payload):
            stack.pop()
        else:
            stack.clear()
    return stack


def redo_entry(game: LoadedGame) -> str:
    """The entry that puts back what the latest undo took back, as ``play`` reads it;
    ``NothingToRedo`` if no undo since the last move took anything back."""
    stack = _undone(game)
    if not stack:
        raise NothingToRedo(NOTHING_TO_REDO)
    return format_event_move(game.rules, stack[-1].move, game.state, game.header.players)
