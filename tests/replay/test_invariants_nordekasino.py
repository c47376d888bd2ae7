"""One property test per invariant of DESIGN.md, over Nørdekasino with chosen option sets.

Nørdekasino has too many option combinations to try them all on every run (the fuzz
command does, at random); these sets cover each option at a value other than its default,
and the two the issue names: the default game and partnership with two decks.
"""

from __future__ import annotations

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from replay.kit import INVARIANTS, check_roundtrip, histories
from rules import registry

NORDEKASINO = registry.get("nordekasino")
OPTION_SETS = [
    {},
    {"partnership": True, "decks": 2},
    {"last_round": 5, "thomas_kragh": True, "open_hand_penalty": True, "jokers": 0},
    {"decks": 2, "jokers": 4, "last_round": 2, "partnership": False},
]
IDS = ["default", "partnership-2-decks", "last_round=5-kragh-open-no-jokers", "2-decks-4-jokers"]
EXAMPLES = settings(
    max_examples=3, deadline=None, database=None, suppress_health_check=list(HealthCheck)
)

by_options = pytest.mark.parametrize("options", OPTION_SETS, ids=IDS)


def test_the_option_sets_cover_every_option():
    changed = {name for options in OPTION_SETS for name in options}
    assert changed == set(NORDEKASINO.option_names())


@pytest.mark.parametrize("invariant", ["conservation", "closure", "agreement", "views"])
@by_options
@EXAMPLES
@given(data=st.data())
def test_invariant(invariant, options, data):
    INVARIANTS[invariant](NORDEKASINO, data.draw(histories(NORDEKASINO, options)))


@by_options
@settings(max_examples=2, deadline=None, database=None, suppress_health_check=list(HealthCheck))
@given(data=st.data())
def test_roundtrip(options, data):
    check_roundtrip(NORDEKASINO, data.draw(histories(NORDEKASINO, options)))
