"""The contract suite: every invariant of DESIGN.md over every registered rule set.

One property test per invariant, parametrized over each rule set (the built-in games
and the third-party Ladder of ``tests/thirdparty``), each of its option sets (its
defaults, then each option alone at each other value, plus the combinations a game
names below) with the seat count drawn from its least three, middle and most counts,
and then each of those seat counts pinned. The checks sample a few moves per state
(``SAMPLED``); ``test_thorough_mode`` runs every move of a few histories.
"""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tablelog.replay.kit import (
    INVARIANTS,
    THOROUGH,
    check_all,
    covering_option_sets,
    histories,
    seat_counts,
)
from tablelog.rules import registry
from tablelog.rules.protocol import RuleSet
from tests.conftest import EXAMPLE_SCALE, HISTORY_CAP, PROFILE
from tests.thirdparty.ladder import RULES as LADDER

RULESETS: list[RuleSet] = [*registry.rulesets(), LADDER]
EXTRA_OPTION_SETS: dict[str, list[dict[str, Any]]] = {
    "nordekasino": [{"partnership": True, "decks": 2}, {"decks": 2, "jokers": 4}],
}
"""Combinations a game's contract must cover beyond one option at a time."""

PINNED_SEATS = PROFILE == "deep"
"""Under ``ci`` the option-set cases draw their seat counts from the whole range (least,
middle, most); ``deep`` also pins each seat count in a case of its own."""

EXAMPLES = settings(max_examples=2 * EXAMPLE_SCALE)
"""Examples per case: the profile pins the suite's time (``deep``: ten times as many)."""


def _cases() -> list[Any]:
    cases = []
    for rules in RULESETS:
        counts = seat_counts(rules)
        option_sets = covering_option_sets(rules) + EXTRA_OPTION_SETS.get(rules.name, [])
        for options in option_sets:
            label = "-".join(f"{k}={v}" for k, v in options.items()) or "defaults"
            cases.append(pytest.param(rules, options, counts, id=f"{rules.name}-{label}"))
        if len(counts) > 1 and PINNED_SEATS:  # every seat count pinned: deep runs only
            cases += [pytest.param(rules, {}, (n,), id=f"{rules.name}-{n}-seats") for n in counts]
    return cases


CASES = _cases()


def _invariant_cases() -> list[Any]:
    """Each invariant with each case; ``playout`` only for a rule set that gives a playout of
    its own (the kit walks no other: ``FoldPlayout`` is the fold itself)."""
    return [
        pytest.param(invariant, *case.values, id=f"{case.id}-{invariant}")
        for case in CASES
        for invariant in INVARIANTS
        if invariant != "playout" or case.values[0].playout is not None
    ]


@pytest.mark.parametrize(("invariant", "rules", "options", "seats"), _invariant_cases())
@EXAMPLES
@given(data=st.data())
def test_invariant(invariant, rules, options, seats, data):
    """One invariant (``conservation``, ``closure``, ``agreement``, ``roundtrip``,
    ``views``, ``playout``) over the histories of one case."""
    history = data.draw(histories(rules, options, seats=seats, max_events=HISTORY_CAP))
    INVARIANTS[invariant](rules, history)


THOROUGH_EVENTS = {"nordekasino": 6, "speahx": 8, "narrespillet": 8, "vriddiot": 12}
"""How far the thorough test plays a game: every mutation of every move of a Nørdekasino
table is tens of thousands of events per state, and a Speahx or Narrespillet hand with
face-down cards lists thousands of moves."""


THOROUGH_RULESETS = [r for r in RULESETS if r.name not in ("speahx", "narrespillet", "vriddiot")]
"""The rule sets whose every move of a few states CI can check in seconds. Speahx,
Narrespillet and Vriddiot list thousands of moves where hands are face down: their
thorough runs are `tablelog fuzz GAME --thorough`, not CI's."""


@pytest.mark.parametrize("rules", THOROUGH_RULESETS, ids=lambda r: r.name)
@settings(max_examples=2 * EXAMPLE_SCALE)
@given(data=st.data())
def test_thorough_mode(rules, data):
    """Every listed move of every state, every mutation, every seat's view."""
    length = THOROUGH_EVENTS.get(rules.name, 60)
    history = data.draw(histories(rules, seats=seat_counts(rules)[:2], max_events=length))
    check_all(rules, history, sampling=THOROUGH)


def test_the_cases_cover_every_option_value_and_seat_count():
    for rules in RULESETS:
        mine = [c.values for c in CASES if c.values[0] is rules]
        for spec in rules.options:
            values = {o[spec.name] for _, o, _ in mine if spec.name in o}
            assert values, f"{rules.name}'s option {spec.name} is never set"
        pinned = {s[0] for _, o, s in mine if len(s) == 1}
        low, high = rules.seats
        assert {low, high} <= pinned | {n for _, _, s in mine for n in s}
