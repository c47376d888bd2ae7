"""Building Narrespillet tables for the example tests: chosen hands, moves typed as text."""

from __future__ import annotations

import random

from tablelog.replay.dealer import sample
from tablelog.rules import registry
from tablelog.rules.errors import IllegalEvent
from tablelog.rules.events import Event
from tablelog.rules.protocol import Header

RULES = registry.get("narrespillet")
PLAYERS = ("Anna", "Bo", "Cai", "Dina")
FILLER = {
    "Anna": "Sw2 Sw3 Sw4 St2 St3 St4",
    "Bo": "Cu2 Cu3 Cu4 Co2 Co3 Co4",
    "Cai": "Sw5 Sw6 St5 St6 Cu5 Cu6",
    "Dina": "Co5 Co6 Sw7 St7 Cu7 Co7",
}


def table(hands: dict[str, str] | None = None, **options: object):  # type: ignore[no-untyped-def]
    """A physical game of four (Dina deals, Anna plays first) after a deal of the given
    hands (six cards each; the others get fillers), draws dealt known from a fixed rng."""
    given = {**FILLER, **(hands or {})}
    header = Header("narrespillet", 1, PLAYERS, {k: v for k, v in options.items()}, dealer=3)
    state = RULES.start(header)
    order = ("Anna", "Bo", "Cai", "Dina")
    line = "deal " + " ".join(f"{p}:{','.join(given[p].split())}" for p in order)
    return draws(apply(state, line))


def apply(state, text: str):  # type: ignore[no-untyped-def]
    """``state`` after the move written ``text``."""
    move = RULES.parse(text, state)
    return RULES.apply(state, Event(1, move.actor, move.payload))


def draws(state, seed: int = 0):  # type: ignore[no-untyped-def]
    """``state`` with every pending draw dealt (known cards, from a seeded rng)."""
    rng = random.Random(seed)
    for _ in range(100):  # a few refills in a row at most; endless draws are a bug
        step = RULES.chance(state)
        if step is None or state.phase != "play":
            return state
        move = sample(step, rng)
        state = RULES.apply(state, Event(1, None, move.payload))
    raise AssertionError("the game asks for draws without end")


def play(state, *lines: str):  # type: ignore[no-untyped-def]
    """``state`` after each line, pending draws dealt after each."""
    for text in lines:
        state = draws(apply(state, text))
    return state


def refusal(state, text: str) -> str:  # type: ignore[no-untyped-def]
    """The reason ``text`` is refused (fails the test if it is accepted)."""
    try:
        apply(state, text)
    except IllegalEvent as error:
        return error.reason
    raise AssertionError(f"{text!r} was accepted")


def seats(state) -> tuple[str, ...]:  # type: ignore[no-untyped-def]
    """The names of the seats that may act now."""
    return tuple(PLAYERS[s] for s in RULES.to_act(state))


def forfeit_all(state, upto: int = 200):  # type: ignore[no-untyped-def]
    """Everyone (Demons too) forfeits whatever is open until the round ends; windows are
    passed."""
    from tablelog.rules.narrespillet.deck import HOUSES
    from tablelog.rules.narrespillet.state import OPEN

    for _ in range(upto):
        if state.phase != "play" or RULES.outcome(state) is not None:
            return state
        head = state.queue[0] if state.queue and state.actor is None else None
        if head is not None and head.kind == "fool":
            who = head.asked[0]
            name = "Demons" if who == state.n else PLAYERS[who]
            state = draws(apply(state, f"{name} pass"))
            continue
        if head is not None and head.kind == "vote":
            state = draws(apply(state, f"{PLAYERS[head.asked[0]]} vote no"))
            continue
        who = state.actor
        name = "Demons" if who == state.n else PLAYERS[who]
        house = next(h for i, h in enumerate(HOUSES) if state.slots[who][i].status == OPEN)
        state = draws(apply(state, f"{name} forfeit {house}"))
    return state


def walked(make, options: dict[str, object], seed: int, known: bool = True) -> int:  # type: ignore[no-untyped-def]
    """A seeded random game of ``PLAYERS`` walked beside the fold through ``make``'s
    playout (``playout_walk.walk_beside``) to its end, held never to part from it: the
    events played (``known`` false: dealt as a physical table sees it)."""
    from tablelog.replay.headers import make_header
    from tests.rules.playout_walk import walk_beside

    header = make_header(RULES, PLAYERS, options, seed=seed)
    said, played = walk_beside(RULES, header, make, known=known)
    assert said is None, said
    return played
