"""What the reading commands show, as plain data: moves, a view of the table, the log.

The CLI prints these as tables for people and as JSON with ``--json``; both come from
the same dictionaries, so the two never disagree. Each asks only what it shows: ``show``
asks who acts (never the list of moves), ``play`` formats only the rows it wrote, and the
log and replay fold the game once.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Iterator, MutableMapping, Sequence
from typing import Any

from tablelog.ledger import short_hash
from tablelog.replay.dealer import chance_rng, sample
from tablelog.replay.fold import effective_events
from tablelog.replay.games import LoadedGame, Played
from tablelog.replay.gate import EVERYONE, RECORDER, Gate, Viewer, table_data
from tablelog.replay.narrate import narration
from tablelog.replay.notation import announcement, format_move
from tablelog.rules.cards import Card
from tablelog.rules.errors import TablelogError
from tablelog.rules.events import Event
from tablelog.rules.listing import cards_of, count_moves, grouped, lead_card, move_cards
from tablelog.rules.protocol import Outcome, S
from tablelog.rules.serial import converter
from tablelog.rules.tableview import sorted_hand

__all__ = [
    "lead_cards",
    "log_data",
    "moves_data",
    "outcome_data",
    "played_data",
    "replay_data",
    "show_data",
    "step_cards",
    "viewer_named",
]


def outcome_data(outcome: Outcome | None, game: LoadedGame[S]) -> dict[str, Any] | None:
    """An outcome as plain data: winners and the ranking by name, scores, rounds."""
    if outcome is None:
        return None
    data: dict[str, Any] = converter.unstructure(outcome)
    players = game.header.players
    data["winners"] = [players[s] for s in outcome.winners]
    data["ranking"] = [[players[s] for s in place] for place in outcome.ranking]
    return data


def moves_data(
    game: LoadedGame[S],
    *,
    seat: int | None = None,
    card: Card | None = None,
    kind: str | None = None,
    limit: int | None = None,
    viewer: Viewer | None = None,
) -> dict[str, Any]:
    """The moves that may be made now (filtered), each as the exact text ``play`` accepts,
    grouped kind → card; with ``limit``, the first ``limit`` and the full count. With
    ``viewer``, only the moves naming no card that viewer does not see (the recorder of a
    seeded game sees no hand, so is listed no move that names a card from one)."""
    state, rules = game.state, game.rules
    listing = grouped(rules, state, seat, card, kind, limit)
    seen = _seen_cards(game, viewer)
    moves = [
        {
            "notation": format_move(game, move),
            "actor": game.actor_name(move.actor),
            "type": move.kind,
            "event_type": move.type,
            "card": None if (lead := lead_card(move)) is None else lead.text,
            "chance": False,
            "says": announcement(rules, move, state),
        }
        for group in listing.groups
        for move in group.moves
        if seen is None or not Counter(move_cards(move)) - seen
    ]
    total: int | None = len(moves)
    if not listing.complete:
        whole = card is None and kind is None and seen is None
        total = count_moves(rules, state, seat) if whole else None
    step = None if game.seeded else rules.chance(state)
    if step is not None and card is None and kind in (None, step.kind):
        example = sample(step, chance_rng(0, game.seq + 1), known=False)
        for notation in chance_forms(game, step, format_move(game, example)):
            moves.append(
                {
                    "notation": notation,
                    "actor": None,
                    "type": example.kind,
                    "event_type": example.type,
                    "card": None,
                    "chance": True,
                    "hint": step.hint,
                }
            )
    over = rules.outcome(state) is not None
    whose = [game.header.players[s] for s in sorted(rules.to_act(state)) if seat in (None, s)]
    return {
        "game": game.id,
        "over": over,
        "whose": whose,
        "as": "the recorder" if not game.seeded else ("/".join(whose) or None),
        "heading": moves_heading(whose, game.seeded, step is not None),
        "moves": moves,
        "complete": listing.complete,
        "count": total,
    }


def lead_cards(
    game: LoadedGame, seat: int, kind: str, viewer: Viewer | None = None
) -> list[str | None]:
    """The cards that lead ``seat``'s legal moves of ``kind`` now, as text (``None``: a
    move naming no card), without listing the moves; with ``viewer``, only the cards that
    viewer sees (a crowded listing is fetched a kind, then a card, at a time)."""
    seen = _seen_cards(game, viewer)
    cards = cards_of(game.rules, game.state, seat, kind)
    return [None if c is None else c.text for c in cards if c is None or seen is None or seen[c]]


def _seen_cards(game: LoadedGame, viewer: Viewer | None) -> Counter[Card] | None:
    """The cards ``viewer`` sees on the table now (``None``: no viewer, or one who sees
    every card)."""
    if viewer is None:
        return None
    return Gate(game.rules, game.header, viewer).seen_cards(game.state)


def moves_heading(whose: Sequence[str], seeded: bool, chance: bool) -> str:
    """Whose moves a listing shows and as whom: ``Bo's moves, as Bo sees them``; in a
    physical game the recorder's listing (``as the recorder sees them``): the cards of a
    face-down hand are whatever it may hold."""
    parts = [f"{name}'s" for name in whose]
    if chance:
        parts.append("the table's")
    owners = " and ".join(parts) if len(parts) < 3 else ", ".join(parts[:-1]) + " and " + parts[-1]
    if not owners:
        return "no moves"
    if not seeded:
        sees = "the recorder sees them"
    elif len(whose) == 1:
        sees = f"{whose[0]} sees them"
    else:
        sees = "each of them sees them"
    return f"{owners} moves, as {sees}"


_TOKENS = re.compile(r"([\s:,]+)")


def chance_forms(game: LoadedGame, step: Any, example: str) -> list[str]:
    """How a chance step is typed, never with a made-up card: a card the record already
    knows (the same in every realization) stays, any other becomes ``CARD``; a reveal
    that may be entered face down is offered both ways (``reveal ?``, ``reveal CARD``)."""
    again = format_move(game, sample(step, chance_rng(1, game.seq + 1), known=False))
    if again == example:  # nothing random in it: every card named is known
        forms = [example]
    else:
        pieces = _TOKENS.split(example)
        forms = ["".join("CARD" if _is_card(game, p) else p for p in pieces)]
    if step.kind in ("reveal", "turn") and forms[0].endswith(" ?"):
        forms.append(forms[0][:-1] + "CARD")
    return forms


def _is_card(game: LoadedGame, word: str) -> bool:
    if not word.strip() or word == "?" or _TOKENS.fullmatch(word):
        return False
    try:
        game.rules.vocabulary.read(word)
    except TablelogError:
        return False
    return True


def show_data(
    game: LoadedGame, at: int | None = None, seat: int | Viewer | None = None
) -> dict[str, Any]:
    """The table after event ``at`` as seat ``seat`` (``None``: everyone) saw it."""
    seq = game.seq if at is None else max(0, min(at, game.seq))
    state = game.state_at(seq)
    head = game.events[seq - 1] if seq else None
    when = head.recorded_at if head else None
    return _table(game, state, seq, game.head_at(seq), when, viewer_of(seat))


def played_data(played: Played) -> dict[str, Any]:
    """What ``play`` shows: the rows it wrote (only those are formatted) and the table."""
    game = played.game
    afters = (*played.befores[1:], played.state)
    rows = [
        _row(game, event, before, True, hash_, after, RECORDER)  # who typed it
        for event, before, hash_, after in zip(
            played.written, played.befores, played.hashes, afters, strict=True
        )
    ]
    last = played.written[-1].recorded_at if played.written else None
    after = _table(game, played.state, played.seq, played.head, last, EVERYONE)
    return {**after, "written": rows, "retried": played.retried}


def _table(
    game: LoadedGame, state: Any, seq: int, head: str, at: str | None, viewer: Viewer
) -> dict[str, Any]:
    rules = game.rules
    view = Gate(rules, game.header, viewer).view(state)
    typed = view.table
    outcome = rules.outcome(state)
    step = rules.chance(state)
    return {
        "game": game.id,
        "rules": rules.name,
        "title": rules.title,
        "seq": seq,
        "over": outcome is not None,
        "outcome": outcome_data(outcome, game),
        "head": head,
        "recorded_at": at,
        "players": list(game.header.players),
        "options": dict(game.header.options),
        "seeded": game.seeded,
        "as": _as(game, viewer),
        "to_act": [game.header.players[s] for s in sorted(rules.to_act(state))],
        "chance": None if step is None else step.hint,
        "zones": [
            {"zone": z.name, "cards": [c.text for c in z.cards], "hidden": z.hidden}
            for z in view.zones
        ],
        "table": None if typed is None else table_data(typed),
    }


def viewer_of(seat: int | Viewer | None) -> Viewer:
    """``seat`` as a ``Viewer`` (``None``: everyone)."""
    return seat if isinstance(seat, Viewer) else Viewer(seat)


def viewer_named(game: LoadedGame, name: str | None) -> Viewer:
    """The viewer an ``--as NAME`` names: a player of ``game`` (a player's name always
    wins), ``recorder`` for the recorder, nothing or ``everyone`` for everyone."""
    if name is None:
        return EVERYONE
    if name not in game.header.players:
        if name.casefold() == "recorder":
            return RECORDER
        if name.casefold() == "everyone":
            return EVERYONE
    return Viewer(game.seat(name))


def _as(game: LoadedGame, viewer: Viewer) -> str | None:
    """The ``as`` of the JSON: the seat's player, ``None`` for everyone, or the recorder."""
    return "the recorder" if viewer.recorder else game.actor_name(viewer.seat)


def log_data(
    game: LoadedGame,
    seat: int | Viewer | None = None,
    tail: int | None = None,
    memo: MutableMapping[tuple[Any, ...], dict[str, Any]] | None = None,
) -> dict[str, Any]:
    """Every event of the log with its notation, actor and whether it is still in effect,
    as everyone (or a seat, or the recorder) saw it: the cards they did not see are ``?``.
    With ``tail`` N, only the last N events. With ``memo``, a row made before for the same
    game, event (by its hash), viewer and effect is taken from it, and a new one is kept in
    it (a server asked for the last rows after every move makes each row once); the rows
    are then shared, not to be changed."""
    viewer = viewer_of(seat)
    first = 0 if tail is None else max(0, len(game.events) - tail)
    rows = list(_log_rows(game, len(game.events), viewer, first, memo))
    return {"game": game.id, "as": _as(game, viewer), "events": rows}


def replay_data(
    game: LoadedGame, to: int | None = None, seat: int | Viewer | None = None
) -> dict[str, Any]:
    """The log up to event ``to``, each event with the table after it, as everyone (or a
    seat, or the recorder) saw it."""
    viewer = viewer_of(seat)
    gate = Gate(game.rules, game.header, viewer)
    last = game.seq if to is None else max(0, min(to, game.seq))
    rows = list(_log_rows(game, last, viewer))
    timeline = game.timeline
    for i, row in enumerate(rows, 1):
        row["table"] = gate.table(timeline[i])
    return {"game": game.id, "as": _as(game, viewer), "to": last, "events": rows}


def _log_rows(
    game: LoadedGame,
    last: int,
    viewer: Viewer,
    first: int = 0,
    memo: MutableMapping[tuple[Any, ...], dict[str, Any]] | None = None,
) -> Iterator[dict[str, Any]]:
    events = game.events[:last]
    kept = _kept(game, events)
    timeline = game.timeline
    for i, event in enumerate(events[first:], first):
        effective = event.seq in kept or event.family == "meta"
        key = (game.record.uid, game.hashes[i], viewer, effective)
        row = None if memo is None else memo.get(key)
        if row is None:
            hash_ = short_hash(game.hashes[i])
            row = _row(game, event, timeline[i], effective, hash_, timeline[i + 1], viewer)
            if memo is not None:
                memo[key] = row
        yield row


def _kept(game: LoadedGame[S], events: Sequence[Event]) -> set[int]:
    """The seqs of the game events still in effect after ``events`` (no rules needed)."""
    return {e.seq for e in effective_events(events, game.seeded)}


def _row(
    game: LoadedGame[S],
    event: Event,
    before: S,
    effective: bool,
    hash_: str,
    after: Any,
    viewer: Viewer = EVERYONE,
) -> dict[str, Any]:
    rules = game.rules
    meta = event.family == "meta"
    gate = Gate(rules, game.header, viewer)
    return {
        "seq": event.seq,
        "type": event.kind,
        "event_type": event.type,
        "actor": game.actor_name(event.actor),
        "notation": gate.text(before, event, after),
        "says": gate.says(before, event, after),
        "effective": effective,
        "recorded_at": event.recorded_at,
        "hash": hash_,
        "happened": [] if meta or not effective else narration(rules, before, after),
    }


def step_cards(game: LoadedGame, viewer: Viewer) -> list[str]:
    """The cards a physical table's step may name (a deal's face-up cards, a card turned),
    sorted by suit: the step's pool (none in a seeded game, whose dealer names them). Only
    for a viewer who sees every card (the recorder of a physical game): the pool is every
    card not yet placed, so to a seat it would tell the others' hands (none otherwise)."""
    if not Gate(game.rules, game.header, viewer).whole:
        return []
    step = None if game.seeded else game.rules.chance(game.state)
    if step is None:
        return []
    outcomes = step.outcomes
    pool = getattr(outcomes, "pool", None)
    if pool is None:
        pool = [card for move in getattr(outcomes, "moves", ()) if (card := lead_card(move))]
    return [card.text for card in sorted_hand(set(pool))]
