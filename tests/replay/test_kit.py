"""The invariant kit works on a third party's rule set and catches each kind of bug."""

from __future__ import annotations

import pytest
from hypothesis import HealthCheck, given, settings

from replay.kit import INVARIANTS, InvariantViolation, check_all, every_option_set, histories
from tests.replay.toy_rules import BROKEN, RULES

QUICK = settings(
    max_examples=60, deadline=None, database=None, suppress_health_check=list(HealthCheck)
)


@QUICK
@given(histories(RULES))
def test_a_sound_third_party_rule_set_passes_every_invariant(history):
    check_all(RULES, history)


@pytest.mark.parametrize("invariant", sorted(BROKEN))
def test_each_check_catches_the_rule_set_broken_for_it(invariant):
    broken = BROKEN[invariant]

    @QUICK
    @given(histories(broken))
    def run(history):
        INVARIANTS[invariant](broken, history)

    with pytest.raises(InvariantViolation) as caught:
        run()
    assert caught.value.invariant == invariant


def test_every_option_set_covers_each_choice():
    combos = every_option_set(RULES)
    assert combos == [{"low_wins": False}, {"low_wins": True}]


@QUICK
@given(histories(RULES, {"low_wins": True}, seeded=True, meta=False))
def test_fixed_options_and_seeded_dealing_are_respected(history):
    assert history.header.options["low_wins"] is True
    assert history.header.seed is not None
    assert not any(e.family == "meta" for e in history.events)
