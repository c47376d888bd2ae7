"""What each link of ``tablelog serve`` is answered: its viewer, its table, its moves.

Every answer goes through the privacy gate (``replay.gate``): a seat's link as that seat,
the recorder's as the recorder, a spectator's as everyone; the moves listed name no card
the viewer does not see. A seat's phone enters that seat's moves and notes only.
"""

from __future__ import annotations

from typing import Any

from tablelog.cli.web.links import Role
from tablelog.replay.games import LoadedGame
from tablelog.replay.gate import EVERYONE, RECORDER, Viewer
from tablelog.replay.inspect import log_data, moves_data, show_data, step_cards
from tablelog.replay.notation import parse_move
from tablelog.rules.events import IRREGULARITIES, RULINGS

__all__ = ["LISTED", "LOG_ROWS", "not_own", "table_for", "viewer_of"]

LOG_ROWS = 12
LISTED = 400
"""At most this many moves are listed to a page (a crowded Nørdekasino table has far more:
the page says so, and the typed entry takes any)."""
TABLE_WORDS = ("irregularity", "ruling", "undo")
"""Entries only the recorder's phone makes (besides the table's deals and draws, and redo)."""


def viewer_of(role: Role) -> Viewer:
    """Whom the privacy gate shows a role's answers to: a seat as that seat, the recorder
    as the recorder (every card typed, in a physical game; the public table in a seeded
    one), a spectator as everyone."""
    if role.kind == "recorder":
        return RECORDER
    return EVERYONE if role.seat is None else Viewer(role.seat)


def table_for(game: LoadedGame, role: Role) -> dict[str, Any]:
    """The table as ``role`` sees it, every part through the privacy gate."""
    seat, viewer = role.seat, viewer_of(role)
    shown = show_data(game, seat=viewer)
    moves = None
    if role.writes:  # (over: nothing to enter, but an undo or a note)
        listing = moves_data(game, seat=seat, limit=LISTED, viewer=viewer)
        rows = [m for m in listing["moves"] if role.kind == "recorder" or not m["chance"]]
        recorder = role.kind == "recorder"
        moves = {**listing, "moves": rows, "deck": step_cards(game) if recorder else [],
                 "irregularities": list(IRREGULARITIES) if recorder else [],
                 "rulings": list(RULINGS) if recorder else []}  # fmt: skip
    log = log_data(game, viewer, tail=LOG_ROWS)["events"]
    return {
        "role": role.kind,
        "seat": seat,
        "viewer": viewer.name(game.header.players),
        "game": game.id,
        "title": shown["title"],
        "players": shown["players"],
        "seq": game.seq,
        "head": shown["head"],
        "over": shown["over"],
        "table": shown,
        "moves": moves,
        "log": log,
    }


def not_own(game: LoadedGame, seat: int, text: str) -> str | None:
    """Why a seat's phone may not enter ``text`` (``None``: it may): a seat's phone enters
    that seat's moves and notes; undo, redo, irregularities, rulings and the table's steps
    are the recorder's."""
    players = game.header.players
    word = text.strip().split(" ", 1)[0].lower()
    move = None if word == "redo" else parse_move(game, text)
    if move is not None and move.kind == "note":
        return None
    if move is not None and move.actor == seat and move.kind not in TABLE_WORDS:
        return None
    whose = (
        "the table's (the recorder enters it)"
        if move is None or move.actor is None or move.kind in TABLE_WORDS
        else f"{players[move.actor]}'s"
    )
    return (
        f"this is {players[seat]}'s phone: it enters {players[seat]}'s moves, and"
        f" `{text.strip()}` is {whose}"
    )
