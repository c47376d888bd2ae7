"""What each link of ``tablelog serve`` is answered: its viewer, its table, its moves.

Every answer goes through the privacy gate (``replay.gate``): a seat's link as that seat,
the recorder's as the recorder, a spectator's as everyone; the moves listed name no card
the viewer does not see. A seat's phone enters that seat's moves and notes only.
"""

from __future__ import annotations

from collections.abc import MutableMapping
from typing import Any

from tablelog.cli.web.links import Role
from tablelog.errors import InvalidInput, TablelogError
from tablelog.replay.completion import Completer
from tablelog.replay.games import LoadedGame
from tablelog.replay.gate import EVERYONE, RECORDER, Viewer
from tablelog.replay.inspect import lead_cards, log_data, moves_data, show_data, step_cards
from tablelog.replay.notation import parse_move
from tablelog.rules.events import IRREGULARITIES, RULINGS
from tablelog.rules.listing import kinds_of

__all__ = ["LISTED", "LOG_ROWS", "completions", "moves_for", "not_own", "table_for", "viewer_of"]

LOG_ROWS = 12
LISTED = 400
"""At most this many moves are listed to a page (a crowded Nørdekasino table has far more:
the page says so, and the typed entry takes any)."""
Memo = MutableMapping[tuple[Any, ...], dict[str, Any]]
CARD_LISTED = 2000
"""At most this many moves of one kind and one card are listed (a crowded Nørdekasino
table has up to some 450 builds with one card; the page says when there are more, and the
typed entry, with its completion, takes any)."""
TABLE_WORDS = ("irregularity", "ruling", "undo")
"""Entries only the recorder's phone makes (besides the table's deals and draws, and redo)."""


def viewer_of(role: Role) -> Viewer:
    """Whom the privacy gate shows a role's answers to: a seat as that seat, the recorder
    as the recorder (every card typed, in a physical game; the public table in a seeded
    one), a spectator as everyone."""
    if role.kind == "recorder":
        return RECORDER
    return EVERYONE if role.seat is None else Viewer(role.seat)


def table_for(game: LoadedGame, role: Role, made: Memo | None = None) -> dict[str, Any]:
    """The table as ``role`` sees it, every part through the privacy gate; ``made`` keeps
    the log's rows made (``log_data``'s memo), so each is made once."""
    seat, viewer = role.seat, viewer_of(role)
    shown = show_data(game, seat=viewer)
    moves = None
    if role.writes:  # (over: nothing to enter, but an undo or a note)
        acts = seat is None or seat in game.rules.to_act(game.state)
        # a seat that does not act is listed nothing: no cards to filter by its view
        listing = moves_data(game, seat=seat, limit=LISTED, viewer=viewer if acts else None)
        rows = [m for m in listing["moves"] if role.kind == "recorder" or not m["chance"]]
        recorder = role.kind == "recorder"
        moves = {**listing, "moves": rows, "deck": step_cards(game, viewer),
                 "irregularities": list(IRREGULARITIES) if recorder else [],
                 "rulings": list(RULINGS) if recorder else [],
                 "kinds": [] if listing["complete"] else _kinds(game, seat)}  # fmt: skip
    log = log_data(game, viewer, tail=LOG_ROWS, memo=made)["events"]
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


def _kinds(game: LoadedGame, seat: int | None) -> list[dict[str, Any]]:
    """Each acting seat's kinds of move (``seat``'s only, for a seat's phone): a crowded
    listing is fetched a kind at a time (``moves_for``). A kind names no card."""
    rules, state, players = game.rules, game.state, game.header.players
    acting = sorted(rules.to_act(state)) if seat is None else [seat]
    return [{"actor": players[s], "kind": kind}
            for s in acting if s in rules.to_act(state)
            for kind in kinds_of(rules, state, s)]  # fmt: skip


def moves_for(
    game: LoadedGame, role: Role, actor: str | None, kind: str, card: str | None
) -> dict[str, Any]:
    """The moves of one kind (of one lead card, with ``card``) that ``role`` may enter
    now, through the privacy gate as every answer: a seat's phone its seat's only, the
    recorder the acting seat ``actor``'s. When they are more than ``LISTED``, ``cards``
    names the cards that lead them (only those the viewer sees), to be fetched one by one
    (at most ``CARD_LISTED`` moves each)."""
    players, viewer = game.header.players, viewer_of(role)
    known = sorted({name.rpartition(".")[2] for name in game.rules.event_types()})
    if kind not in known:
        raise InvalidInput(
            f"{game.rules.title} has no kind of move {kind!r} (one of {', '.join(known)})"
        )
    seat = role.seat
    if seat is None:
        if actor not in players:
            raise InvalidInput(f"name the player whose moves to list (one of {', '.join(players)})")
        seat = players.index(actor)
    led = None
    if card is not None:
        try:
            led = None if card == "—" else game.rules.vocabulary.read(card)
        except TablelogError as error:
            raise InvalidInput(str(error)) from None
    acts = seat in game.rules.to_act(game.state)
    limit = LISTED if card is None else CARD_LISTED
    listing = moves_data(game, seat=seat, card=led, kind=kind, limit=limit, viewer=viewer)
    rows = [m for m in listing["moves"] if not m["chance"]] if acts else []
    complete = listing["complete"] or not acts
    cards = [] if complete or card is not None else lead_cards(game, seat, kind, viewer)
    return {"game": game.id, "seq": game.seq, "actor": players[seat], "kind": kind,
            "card": card, "moves": rows, "complete": complete,
            "cards": ["—" if c is None else c for c in cards]}  # fmt: skip


def completions(game: LoadedGame, role: Role, text: str, limit: int = 40) -> list[str]:
    """What completes ``text`` for ``role``'s text box: ``record``'s completion
    (``replay.completion``: card names in other languages, player-name prefixes), gated
    as the listing is: a seat completes its own moves and notes, never with a card it does
    not see; the recorder any acting seat's moves and the table's steps, with no card the
    gate's recorder view does not show (none of a hand, in a seeded game)."""
    if role.kind == "recorder":
        completer = Completer(game, viewer=RECORDER, commands=("undo", "redo", "note "))
    else:
        completer = Completer(game, seat=role.seat, viewer=viewer_of(role), commands=("note ",))
    return list(completer.lines(text, limit))


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
