"""The notation shared by every game: ``undo`` and ``note TEXT``, then the game's own.

A person types a move as text; meta events are read here, everything else by the rule
set's ``parse``. ``format_move`` is the inverse, so every listed move can be typed back.
"""

from __future__ import annotations

import unicodedata
from collections.abc import Sequence
from typing import TYPE_CHECKING

from tablelog.replay.rulings import format_irregular, parse_irregular
from tablelog.rules.cards import parse_card
from tablelog.rules.errors import NotationError
from tablelog.rules.events import Move, Note, Undo
from tablelog.rules.names import named_move, split_name
from tablelog.rules.protocol import RuleSet, S
from tablelog.rules.suggest import did_you_mean

if TYPE_CHECKING:
    from tablelog.replay.loaded import LoadedGame

__all__ = [
    "MAX_MOVE_TEXT",
    "RESERVED",
    "announcement",
    "check_text",
    "format_event_move",
    "format_move",
    "move_label",
    "notation_clash",
    "parse_move",
]


MAX_MOVE_TEXT = 2000
"""The longest move or note accepted, in characters: a note is a remark, not a document,
and no game's move comes near it."""

RESERVED = frozenset(
    {"deal", "turn", "table", "stock", "middle", "pile", "undo", "redo", "note", "last",
     "quit", "exit", "show", "help", "pass", "all", "everyone"}
)  # fmt: skip
"""Words of the notation (shared, deal places, the recorder's): not a player's name."""


def notation_clash(rules: RuleSet[S], name: str) -> str:
    """Why ``name`` cannot be a player's name in ``rules``' notation, or ``""``: a word
    of the notation, a kind of move, a card (``7H``, ``spar 5``), or a sign the deal
    notation uses (``?`` for an unseen card, ``:`` and ``,`` between places and cards)."""
    kinds = {getattr(p, "TYPE", "").rpartition(".")[2] for p in rules.payloads}
    if name.casefold() in RESERVED | kinds:
        return "it is a word of the notation (deal, undo, note, the kinds of move...)"
    if any(sign in name for sign in "?:,") or name.startswith("-"):
        return "it holds a sign the notation uses (? : , or a leading -)"
    if rules.vocabulary.reads(name):
        return "it reads as a card"
    return ""


def parse_move(game: LoadedGame[S], text: str, state: S | None = None) -> Move:
    """The move written ``text`` in ``game`` (at its current state unless ``state``)."""
    stripped = text.strip()
    if not stripped:
        raise NotationError("expected a move, got nothing (try `tablelog moves GAME`)")
    check_text(stripped, "a move")
    word, _, rest = stripped.partition(" ")
    if word.lower() == "undo" and not rest.strip():
        return Move(None, Undo())
    if word.lower() == "note":
        if not rest.strip():
            raise NotationError("a note needs some text: note TEXT")
        return Move(None, Note(rest.strip()))
    if word.lower() in ("irregularity", "ruling"):
        header = getattr(game, "header", None)  # a stand-in game (the attack kit) has none
        irregular = parse_irregular(stripped, header.players if header is not None else ())
        if irregular is not None:
            return irregular
    native = game.rules.vocabulary.normalize(stripped)  # "spar 5" → "5S", "K♥️" → "K♥"
    try:
        return game.rules.parse(native, game.state if state is None else state)
    except NotationError as error:
        header = getattr(game, "header", None)  # a bare table (rules and state) has no names
        near = _player_meant(header.players, native) if header is not None else ""
        if near and near not in str(error):
            raise NotationError(f"{error}{near}") from None
        raise


def _player_meant(players: Sequence[str], text: str) -> str:
    """``" (did you mean 'Bo'?)"`` when the line starts with a near miss of a player's
    name (``Bob 7H``), else ``""``."""
    first, space, _ = text.partition(" ")
    if not space or split_name(text, players)[0] is not None:
        return ""
    try:
        parse_card(first)
    except NotationError:
        return did_you_mean(first, players)
    return ""


def format_move(game: LoadedGame[S], move: Move, state: S | None = None) -> str:
    """The text a person types for ``move`` (in ``state``, default the current one)."""
    state = game.state if state is None else state
    return format_event_move(game.rules, move, state, game.header.players)


def move_label(rules: RuleSet[S], players: Sequence[str], move: Move, state: S) -> str | None:
    """``Anna 7H``: how a refused move is named in its error (``None`` if it cannot be
    written down at all). A notation that already names its player is not named twice."""
    try:
        text = format_event_move(rules, move, state, players)
    except Exception:  # a refused move need not be writable; its reason still stands
        return None
    if move.actor is None or not 0 <= move.actor < len(players):
        return text
    return named_move(text, players[move.actor])


def format_event_move(rules: RuleSet[S], move: Move, state: S, players: Sequence[str] = ()) -> str:
    """``format_move`` given the rule set and the state the move is made in (``players``
    name who committed an irregularity)."""
    payload = move.payload
    irregular = format_irregular(move, players)
    if irregular is not None:
        return irregular
    if isinstance(payload, Undo):
        return "undo"
    if isinstance(payload, Note):
        return f"note {payload.text}"
    return str(rules.format(move, state))


def announcement(rules: RuleSet[S], move: Move, state: S) -> str:
    """What the player says aloud for ``move`` (``I build 7``), or ``""``: the rule set's
    ``announce``, for the games that have one."""
    if rules.announce is None or move.payload.FAMILY == "meta":
        return ""
    return str(rules.announce(move, state))


def check_text(text: str, what: str, limit: int = MAX_MOVE_TEXT) -> None:
    """Refuse ``text`` that is too long or holds control characters (a terminal escape in a
    note would repaint the screen of everyone who reads the log)."""
    if len(text) > limit:
        raise NotationError(f"{what} is at most {limit} characters long, not {len(text)}")
    bad = next((c for c in text if unicodedata.category(c) in ("Cc", "Cs")), None)
    if bad is not None:
        raise NotationError(
            f"{what} may not hold control characters or lone surrogates (found U+{ord(bad):04X})"
        )
