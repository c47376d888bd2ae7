"""The exports' news is read from each game's ``marks`` (``RuleSet.marks``) instead of the
whole public view after every event: on every event of many seeded random games of every
built-in game, the marks equal those of everyone's table, and the news is the same as the
news the full view gives."""

from __future__ import annotations

import random
from collections.abc import Iterator
from typing import Any

import pytest

from tablelog.replay.dealer import dealer_move
from tablelog.replay.export import News
from tablelog.replay.headers import make_header
from tablelog.rules import registry
from tablelog.rules.events import Event
from tablelog.rules.protocol import RuleSet
from tablelog.rules.tableview import marks_of

PLAYERS = ("Anna", "Bert", "Cleo", "Dirk", "Eva", "Finn")
SEEDS = range(1, 9)
CAP = 600


def _states(rules: RuleSet[Any], seed: int, seats: int) -> Iterator[Any]:
    """The states of one seeded random game of ``seats`` players, the start first."""
    header = make_header(rules, PLAYERS[:seats], {}, seed=seed)
    rng = random.Random(seed)
    state = rules.start(header)
    yield state
    seq = 0
    while rules.outcome(state) is None and seq < CAP:
        seq += 1
        move = dealer_move(rules, state, seed, seq)
        if move is None:
            move = rng.choice(tuple(rules.moves(state)))
        state = rules.apply(state, Event(seq, move.actor, move.payload))
        yield state


def _seat_counts(rules: RuleSet[Any]) -> list[int]:
    low, high = rules.seats
    return sorted({low, min(high, 4), high} & set(range(low, min(high, len(PLAYERS)) + 1)))


@pytest.mark.parametrize("name", registry.names())
def test_marks_equal_the_public_tables_on_every_event(name: str) -> None:
    rules = registry.get(name)
    assert rules.marks is not None, f"{name} has no marks: its exports build every view"
    news: list[str] = []
    events = 0
    for seats in _seat_counts(rules):
        for seed in SEEDS:
            states = list(_states(rules, seed, seats))
            quick = News(rules, states[0])
            slow = News(rules, states[0], whole_view=True)  # the whole view, as before
            for state in states:
                assert rules.marks(state) == marks_of(rules.view(state, None).table)
            for state in states[1:]:
                said = quick.after(state)
                assert said == slow.after(state)
                news.extend(said)
                events += 1
    assert events > 100
    if name == "karnoffel":  # the news is there to be compared
        assert any(n.startswith("trick to ") for n in news)
    if name == "nordekasino":
        assert any(n.startswith("sweep for ") for n in news)


def test_karnoffel_marks_kept_only_for_the_same_tricks_and_table() -> None:
    """Karnöffel keeps its last marks with the tricks and the table they were made of: a
    state with the same tricks at another table (other names) gets its own marks, and
    states asked in any order get theirs."""
    import attrs

    rules = registry.get("karnoffel")
    states = list(_states(rules, 3, 4))
    taken = [s for s in states if s.current.tricks]
    first, later = taken[0], taken[-1]
    renamed = attrs.evolve(
        first, table=attrs.evolve(first.table, players=("Ida", "Jon", "Kai", "Lea"))
    )
    assert renamed.current.tricks is first.current.tricks
    for state in (first, renamed, later, first, states[0], renamed):
        assert rules.marks(state) == marks_of(rules.view(state, None).table)
    trick = rules.marks(renamed).last_trick
    assert trick is not None and trick.winner in ("Ida", "Jon", "Kai", "Lea")
    assert rules.marks(first) is rules.marks(first)  # asked again: the very object
