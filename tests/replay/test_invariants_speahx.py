"""One property test per invariant of DESIGN.md, over Speahx with chosen option sets.

Speahx games are long, so each set is tried on few, shortened histories; ``tablelog fuzz``
plays whole games. The sets change every option from its default at least once.
"""

from __future__ import annotations

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from replay.kit import INVARIANTS, check_roundtrip, histories
from rules import registry

SPEAHX = registry.get("speahx")
OPTION_SETS = [
    {"decks": 1},
    {"decks": 2, "jokers": 2, "four_kind_scope": "single_play", "voluntary_pickup": False},
    {
        "decks": 1,
        "torkel": "each_jack",
        "chance_may_skip_playable": False,
        "chance_continue_after_burn": False,
        "chance_combo_with_pile_run": True,
    },
    {"decks": 2, "torkel": "off", "jokers": 1},
]
IDS = ["default", "2-decks-2-jokers-single-play", "each-jack-chance-options", "torkel-off"]
EXAMPLES = settings(
    max_examples=1, deadline=None, database=None, suppress_health_check=list(HealthCheck)
)

by_options = pytest.mark.parametrize("options", OPTION_SETS, ids=IDS)


def test_the_option_sets_cover_every_option():
    changed = {name for options in OPTION_SETS for name in options}
    assert changed == set(SPEAHX.option_names())


@pytest.mark.parametrize("invariant", ["conservation", "closure", "agreement", "views"])
@by_options
@EXAMPLES
@given(data=st.data())
def test_invariant(invariant, options, data):
    INVARIANTS[invariant](SPEAHX, data.draw(histories(SPEAHX, options, max_events=40)))


@by_options
@EXAMPLES
@given(data=st.data())
def test_roundtrip(options, data):
    check_roundtrip(SPEAHX, data.draw(histories(SPEAHX, options, max_events=30)))
