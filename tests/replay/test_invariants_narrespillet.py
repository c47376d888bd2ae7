"""One property test per invariant of DESIGN.md, over Narrespillet with chosen option sets.

Games are short (one round) so the module stays quick; the fuzz command plays whole games.
"""

from __future__ import annotations

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from replay.kit import INVARIANTS, check_roundtrip, histories
from rules import registry

RULES = registry.get("narrespillet")
OPTION_SETS = [
    {"rounds": 1},
    {"rounds": 1, "variant": "malderia", "demon_placements": "keep", "fool_victim": "forfeit"},
    {"rounds": 1, "variant": "althea", "oracle_extra_turn": "optional", "wheel_cap": "literal"},
    {
        "rounds": 1,
        "variant": "kroam",
        "imperial_pair_fields": 1,
        "full_tie": "shared",
        "hermit_window": "own_turn",
    },
]
IDS = ["default", "malderia", "althea", "kroam"]
EXAMPLES = settings(
    max_examples=1, deadline=None, database=None, suppress_health_check=list(HealthCheck)
)
by_options = pytest.mark.parametrize("options", OPTION_SETS, ids=IDS)


def test_the_option_sets_cover_every_option():
    changed = {name for options in OPTION_SETS for name in options}
    assert changed == set(RULES.option_names())


@pytest.mark.parametrize("invariant", ["conservation", "closure", "agreement", "views"])
@by_options
@EXAMPLES
@given(data=st.data())
def test_invariant(invariant, options, data):
    INVARIANTS[invariant](RULES, data.draw(histories(RULES, options, max_events=60)))


@by_options
@settings(max_examples=1, deadline=None, database=None, suppress_health_check=list(HealthCheck))
@given(data=st.data())
def test_roundtrip(options, data):
    check_roundtrip(RULES, data.draw(histories(RULES, options, max_events=60)))
