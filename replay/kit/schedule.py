"""Which states of a history get the expensive checks: the deep states.

Every state gets the cheap checks (conservation, what each seat has been shown, the
event's notation, the open claims, a running game having something to do). The
expensive ones — listing and applying sampled moves (closure), mutating them
(agreement), each viewer's view and every rendered output (views), applying the event
again (determinism) — run on the deep states only:

* the start and the last state of the history;
* the state after the first event of each kind (each payload type: the deal, a play, a
  draw, a note, an undo...) in the history, so every kind of event a game meets is
  checked deeply in every game;
* and each other state with probability ``1 / sampling.deep``, drawn from the history
  (its header, its length) and nothing else, so the same seed checks the same states.

``sampling.deep`` ``None`` (``THOROUGH``) makes every state deep.
"""

from __future__ import annotations

import random

from tablelog.replay.kit.history import History
from tablelog.replay.kit.sample import Sampling

__all__ = ["deep_states", "history_key"]


def history_key(history: History) -> str:
    """What a history's random choices of the checks are drawn from (stable everywhere)."""
    header = history.header
    return f"{header.rules}:{len(header.players)}:{header.seed}:{len(history.events)}"


class _Every:
    """Every state is deep."""

    def __contains__(self, seq: object) -> bool:
        return True


EVERY = _Every()

_LAST: list[tuple[History, Sampling, frozenset[int]]] = []
"""The last history's deep states: each probe of one walk asks for the same ones."""


def deep_states(history: History, sampling: Sampling) -> frozenset[int] | _Every:
    """The numbers (``seq``; 0 for the start) of the deep states of ``history``."""
    if sampling.deep is None:
        return EVERY
    if _LAST and _LAST[0][0] is history and _LAST[0][1] == sampling:
        return _LAST[0][2]
    events = history.events
    last = events[-1].seq if events else 0
    deep = {0, last}
    met: set[type] = set()
    draw = random.Random(f"tablelog-kit-deep:{history_key(history)}").random
    chance = 1 / sampling.deep
    for event in events:
        kind = type(event.payload)
        if kind not in met:
            met.add(kind)
            deep.add(event.seq)
        elif draw() < chance:
            deep.add(event.seq)
    chosen = frozenset(deep)
    _LAST[:] = [(history, sampling, chosen)]
    return chosen
