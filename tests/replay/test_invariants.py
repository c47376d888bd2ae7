"""One property test per invariant of DESIGN.md, over Karnöffel with every option set.

Each test draws random legal histories (seeded and physical, with notes and undos) for
one combination of Karnöffel's options and checks its invariant on every state.
"""

from __future__ import annotations

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from replay.kit import INVARIANTS, check_roundtrip, every_option_set, histories
from rules import registry

KARNOFFEL = registry.get("karnoffel")
OPTION_SETS = every_option_set(KARNOFFEL)
IDS = ["-".join(f"{k}={v}" for k, v in o.items()) for o in OPTION_SETS]
EXAMPLES = settings(
    max_examples=6, deadline=None, database=None, suppress_health_check=list(HealthCheck)
)

by_options = pytest.mark.parametrize("options", OPTION_SETS, ids=IDS)


def test_every_option_set_is_exercised():
    names = {spec.name for spec in KARNOFFEL.options}
    assert len(OPTION_SETS) >= 2 ** len([s for s in KARNOFFEL.options if s.choices])
    assert all(set(o) == names for o in OPTION_SETS)


@pytest.mark.parametrize("invariant", ["conservation", "closure", "agreement", "views"])
@by_options
@EXAMPLES
@given(data=st.data())
def test_invariant(invariant, options, data):
    INVARIANTS[invariant](KARNOFFEL, data.draw(histories(KARNOFFEL, options)))


@by_options
@settings(max_examples=3, deadline=None, database=None, suppress_health_check=list(HealthCheck))
@given(data=st.data())
def test_roundtrip(options, data):
    check_roundtrip(KARNOFFEL, data.draw(histories(KARNOFFEL, options)))
