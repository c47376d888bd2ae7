"""Helpers shared by the replay and CLI tests: the players, headers and a log builder."""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from typing import Any

from tablelog.replay.dealer import dealer_move
from tablelog.replay.fold import fold
from tablelog.rules.events import Event, Note, Undo
from tablelog.rules.karnoffel import RULES
from tablelog.rules.protocol import Header, OptionValue, RuleSet

PLAYERS = ("Anna", "Bo", "Cai", "Dina")
ANNA, BO, CAI, DINA = range(4)

# Dealt by Anna: Bo 3H, Cai KS, Dina 9C, Anna 5D face up. 3H is the lowest up-card, so
# hearts are trump and the Devil is 7H; Bo leads the first trick.
HEARTS_DEAL = "deal 3H KS 9C 5D"
# Bo 9H, Cai 10C, Dina 8C, Anna 10H face up: clubs are trump, Bo leads.
CLUBS_DEAL = "deal 9H 10C 8C 10H"


def karnoffel_header(seed: int | None = None, dealer: int = 0, **options: OptionValue) -> Header:
    """A Karnöffel header for Anna, Bo, Cai and Dina."""
    return Header("karnoffel", RULES.version, PLAYERS, options, dealer, seed)


def build_log(header: Header, texts: Sequence[str]) -> list[Event]:
    """The events written ``texts`` (``undo``, ``note ...`` or Karnöffel notation), in turn.

    Each move is parsed in the state folded from the events before it, as a person at the
    table types it; nothing is validated here.
    """
    events: list[Event] = []
    for seq, text in enumerate(texts, 1):
        payload: Any
        actor: int | None = None
        if text == "undo":
            payload = Undo()
        elif text.startswith("note "):
            payload = Note(text[5:])
        else:
            move = RULES.parse(text, fold(RULES, header, events))
            actor, payload = move.actor, move.payload
        events.append(Event(seq, actor, payload))
    return events


def first_moves(rules: RuleSet[Any], header: Header, limit: int) -> Iterator[tuple[Event, Any]]:
    """A seeded game played on: the seeded dealer's card where chance acts, else the first
    listed move; each event with the state after it, up to ``limit`` events or the end."""
    assert header.seed is not None
    state = rules.start(header)
    for seq in range(1, limit + 1):
        if rules.outcome(state) is not None:
            return
        move = dealer_move(rules, state, header.seed, seq) or next(iter(rules.moves(state)))
        event = Event(seq, move.actor, move.payload)
        state = rules.apply(state, event)
        yield event, state
