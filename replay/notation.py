"""The notation shared by every game: ``undo`` and ``note TEXT``, then the game's own.

A person types a move as text; meta events are read here, everything else by the rule
set's ``parse``. ``format_move`` is the inverse, so every listed move can be typed back.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from rules.errors import NotationError
from rules.events import Move, Note, Undo

if TYPE_CHECKING:
    from replay.games import LoadedGame

__all__ = ["announcement", "format_event_move", "format_move", "move_label", "parse_move"]


def parse_move(game: LoadedGame, text: str, state: Any = None) -> Move:
    """The move written ``text`` in ``game`` (at its current state unless ``state``)."""
    stripped = text.strip()
    if not stripped:
        raise NotationError("expected a move, got nothing (try `tablelog moves GAME`)")
    word, _, rest = stripped.partition(" ")
    if word.lower() == "undo" and not rest.strip():
        return Move(None, Undo())
    if word.lower() == "note":
        if not rest.strip():
            raise NotationError("a note needs some text: note TEXT")
        return Move(None, Note(rest.strip()))
    native = game.rules.vocabulary.normalize(stripped)  # "spar 5" → "5S", "K♥️" → "K♥"
    return game.rules.parse(native, game.state if state is None else state)


def format_move(game: LoadedGame, move: Move, state: Any = None) -> str:
    """The text a person types for ``move`` (in ``state``, default the current one)."""
    return format_event_move(game.rules, move, game.state if state is None else state)


def move_label(rules: Any, players: Sequence[str], move: Move, state: Any) -> str | None:
    """``7H by Anna``: how a refused move is named in its error (``None`` if it cannot be
    written down at all). A notation that already names its player is not named twice."""
    try:
        text = format_event_move(rules, move, state)
    except Exception:  # a refused move need not be writable; its reason still stands
        return None
    if move.actor is None or not 0 <= move.actor < len(players):
        return text
    name = players[move.actor]
    return text if text.split(" ", 1)[0].casefold() == name.casefold() else f"{text} by {name}"


def format_event_move(rules: Any, move: Move, state: Any) -> str:
    """``format_move`` given the rule set and the state the move is made in."""
    payload = move.payload
    if isinstance(payload, Undo):
        return "undo"
    if isinstance(payload, Note):
        return f"note {payload.text}"
    return str(rules.format(move, state))


def announcement(rules: Any, move: Move, state: Any) -> str:
    """What the player says aloud for ``move`` (``I build 7``), or ``""``: the rule set's
    ``announce``, for the games that have one."""
    if rules.announce is None or isinstance(move.payload, Note | Undo):
        return ""
    return str(rules.announce(move, state))
