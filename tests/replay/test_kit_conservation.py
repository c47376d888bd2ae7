"""The tally the conservation check keeps of the walk's state (``replay.kit.conservation``):
the closure check of the same walk counts a deep state's moves from it, so it must be the
state's full count, and kept for that very state only."""

from __future__ import annotations

from collections import Counter

import pytest

from tablelog.replay.kit import THOROUGH, walk
from tablelog.replay.kit import conservation as kit_conservation
from tablelog.replay.kit.conservation import kept, tally
from tablelog.replay.kit.invariants import PROBES, run
from tablelog.rules import registry
from tests.replay.test_kit_schedule import _played

GAMES = ["speahx", "vriddiot", "narrespillet"]


@pytest.mark.parametrize("name", GAMES)
def test_the_kept_tally_is_the_states_full_count(name):
    rules = registry.get(name)
    history = _played(rules, 60)
    deck = Counter(rules.deck(history.header))
    probe = PROBES["conservation"](rules, history, THOROUGH)
    earlier = None
    for step in walk(rules, history):
        probe.step(step, ())
        counted = kept(step.state)
        assert counted is not None
        assert earlier is None or earlier is step.state or kept(earlier) is None
        full = tally(deck, rules.zones(step.state), step.seq)
        assert counted.known == full.known and counted.hidden == full.hidden
        earlier = step.state


@pytest.mark.parametrize("name", GAMES)
def test_closure_in_the_one_walk_counts_no_state_again(name, monkeypatch):
    """Alone, closure counts every zone of each deep state with moves; in the walk with
    conservation it counts none but the start's (conservation's own first count)."""
    rules = registry.get(name)
    history = _played(rules, 40)
    counts = []

    def counting(*args):
        counts.append(args[2])
        return tally(*args)

    monkeypatch.setattr(kit_conservation, "tally", counting)
    monkeypatch.setattr("tablelog.replay.kit.invariants.tally", counting)
    run(rules, history, ("closure",), THOROUGH)
    alone = len(counts)
    counts.clear()
    run(rules, history, ("conservation", "closure"), THOROUGH)
    assert alone > 1 and counts == [0]
