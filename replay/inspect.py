"""What the reading commands show, as plain data: moves, a view of the table, the log.

The CLI prints these as tables for people and as JSON with ``--json``; both come from
the same dictionaries, so the two never disagree.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from ledger import short_hash
from replay.dealer import chance_rng
from replay.fold import effective_events, states
from replay.games import LoadedGame
from replay.notation import announcement, format_event_move, format_move
from rules.events import Note, Undo
from rules.protocol import Outcome
from rules.serial import converter

__all__ = [
    "log_data",
    "moves_data",
    "outcome_data",
    "replay_data",
    "show_data",
    "summary_data",
]


def outcome_data(outcome: Outcome | None, game: LoadedGame) -> dict[str, Any] | None:
    """An outcome as plain data, winners by name."""
    if outcome is None:
        return None
    data: dict[str, Any] = converter.unstructure(outcome)
    data["winners"] = [game.header.players[s] for s in outcome.winners]
    return data


def moves_data(game: LoadedGame) -> dict[str, Any]:
    """Every move that may be made now, each as the exact text ``play`` accepts."""
    state, rules = game.state, game.rules
    moves = [
        {
            "notation": format_move(game, move),
            "actor": game.actor_name(move.actor),
            "type": move.kind,
            "event_type": move.type,
            "chance": False,
            "says": announcement(rules, move, state),
        }
        for move in rules.moves(state)
    ]
    step = None if game.seeded else rules.chance(state)
    if step is not None:
        example = step.realize(chance_rng(0, game.seq + 1), False)
        moves.append(
            {
                "notation": format_move(game, example),
                "actor": None,
                "type": example.kind,
                "event_type": example.type,
                "chance": True,
                "hint": step.hint,
            }
        )
    over = rules.outcome(state) is not None
    return {"game": game.id, "over": over, "moves": moves}


def show_data(game: LoadedGame, at: int | None = None, seat: int | None = None) -> dict[str, Any]:
    """The table after event ``at`` as seat ``seat`` (``None``: everyone) saw it."""
    seq = game.seq if at is None else max(0, min(at, game.seq))
    state = game.state_at(seq)
    rules = game.rules
    view = rules.view(state, seat)
    outcome = rules.outcome(state)
    head = game.events[seq - 1] if seq else None
    actors = sorted(rules.to_act(state))
    step = rules.chance(state)
    return {
        "game": game.id,
        "rules": rules.name,
        "title": rules.title,
        "seq": seq,
        "over": outcome is not None,
        "outcome": outcome_data(outcome, game),
        "head": game.head_at(seq),
        "recorded_at": head.recorded_at if head else None,
        "players": list(game.header.players),
        "options": dict(game.header.options),
        "seeded": game.seeded,
        "as": game.actor_name(seat),
        "to_act": [game.header.players[s] for s in actors],
        "chance": None if step is None else step.hint,
        "zones": [
            {"name": z.name, "cards": [c.text for c in z.cards], "hidden": z.hidden}
            for z in view.zones
        ],
        "info": dict(view.info),
    }


def summary_data(game: LoadedGame) -> dict[str, Any]:
    """One line of ``list``: the game, its players, length, state and head."""
    return {
        "game": game.id,
        "rules": game.rules.name,
        "players": list(game.header.players),
        "events": game.seq,
        "over": game.rules.outcome(game.state) is not None,
        "head": game.head_at(),
        "created": game.record.created,
    }


def log_data(game: LoadedGame) -> dict[str, Any]:
    """Every event of the log with its notation, actor and whether it is still in effect."""
    return {"game": game.id, "events": list(_log_rows(game, len(game.events)))}


def replay_data(game: LoadedGame, to: int | None = None) -> dict[str, Any]:
    """The log up to event ``to``, each event with the public table after it."""
    last = game.seq if to is None else max(0, min(to, game.seq))
    rows = list(_log_rows(game, last))
    for row in rows:
        row["table"] = dict(game.rules.view(game.state_at(row["seq"]), None).info)
    return {"game": game.id, "to": last, "events": rows}


def _log_rows(game: LoadedGame, last: int) -> Iterator[dict[str, Any]]:
    events = game.events[:last]
    kept = {e.seq for e in effective_events(events, game.seeded)}
    befores = states(game.rules, game.header, events)
    for event, (_, before) in zip(events, befores, strict=False):
        yield {
            "seq": event.seq,
            "type": event.kind,
            "event_type": event.type,
            "actor": game.actor_name(event.actor),
            "notation": format_event_move(game.rules, event.move, before),
            "says": announcement(game.rules, event.move, before),
            "effective": event.seq in kept or isinstance(event.payload, Note | Undo),
            "recorded_at": event.recorded_at,
            "hash": short_hash(game.hashes[event.seq - 1]),
        }
