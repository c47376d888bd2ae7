"""A summary's move counts, counted by seat and payload type and then named, equal the
counts made event by event by player name and kind (in the same order), on every prefix
of seeded and physical random games of every game."""

from __future__ import annotations

from collections import Counter
from typing import Any

import pytest

from tablelog.replay.fold import Replayer
from tablelog.replay.summarize import _move_counts
from tablelog.rules import registry
from tablelog.rules.events import Event
from tests.replay.dealer_games import CONFIGS, header, played


def _counted(effective: tuple[Event, ...], players: tuple[str, ...]) -> dict[str, Any]:
    counts: dict[str, Counter[str]] = {}
    for event in effective:
        if event.actor is None or event.family != "move":
            continue
        counts.setdefault(players[event.actor], Counter())[event.kind] += 1
    return {name: dict(sorted(c.items())) for name, c in counts.items()}


@pytest.mark.parametrize(("name", "options", "n", "modes"), CONFIGS)
def test_move_counts_as_counted_event_by_event(
    name: str, options: dict[str, Any], n: int, modes: tuple[str, ...]
) -> None:
    rules = registry.get(name)
    moves = 0
    for seed in (1, 2):
        for mode in modes:
            hdr = header(name, options, n, seed, mode)
            replayer = Replayer(rules, hdr)
            for _, _, event in played(rules, hdr, seed, mode):
                replayer.push(event)
                got = _move_counts(replayer.effective, hdr.players)
                want = _counted(replayer.effective, hdr.players)
                assert got == want and list(got) == list(want)
                moves += sum(sum(c.values()) for c in got.values()) > 0
    assert moves > 20
