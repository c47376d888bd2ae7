"""One property test per invariant of DESIGN.md, over Vriddiot with chosen option sets.

Random Vriddiot games run to hundreds of events (piles are picked up again and again), so
these histories stop after 150 events; ``tablelog fuzz vriddiot`` plays whole games. The
option sets cover each option at a value other than its default, and the issue's two: the
default game and the Dobbeldekker with jokers.
"""

from __future__ import annotations

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from replay.kit import INVARIANTS, check_roundtrip, histories
from rules import registry

VRIDDIOT = registry.get("vriddiot")
OPTION_SETS = [
    {},
    {"deck": "dobbeldekker", "jokers": 4},
    {
        "jokers": 2,
        "vri_strict": False,
        "two_in_vri": "ends_vri",
        "four_any_value": True,
        "eight_in_vri_le_8": True,
        "starter_lowest": True,
    },
]
IDS = ["default", "dobbeldekker-4-jokers", "every-other-option"]
LENGTH = 150
EXAMPLES = settings(
    max_examples=2, deadline=None, database=None, suppress_health_check=list(HealthCheck)
)

by_options = pytest.mark.parametrize("options", OPTION_SETS, ids=IDS)


def test_the_option_sets_cover_every_option():
    changed = {name for options in OPTION_SETS for name in options}
    assert changed == set(VRIDDIOT.option_names())


@pytest.mark.parametrize("invariant", ["conservation", "closure", "agreement", "views"])
@by_options
@EXAMPLES
@given(data=st.data())
def test_invariant(invariant, options, data):
    history = data.draw(histories(VRIDDIOT, options, max_events=LENGTH))
    INVARIANTS[invariant](VRIDDIOT, history)


@by_options
@settings(max_examples=1, deadline=None, database=None, suppress_health_check=list(HealthCheck))
@given(data=st.data())
def test_roundtrip(options, data):
    check_roundtrip(VRIDDIOT, data.draw(histories(VRIDDIOT, options, max_events=LENGTH)))
