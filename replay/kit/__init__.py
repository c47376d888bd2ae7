"""The invariant kit: random legal histories for any rule set, and the invariant checks.

A third party tests their own rule set with it::

    from hypothesis import given
    from replay.kit import histories, check_all

    @given(histories(MY_RULES))
    def test_invariants(history):
        check_all(MY_RULES, history)
"""

from replay.kit.invariants import (
    INVARIANTS,
    check_agreement,
    check_all,
    check_closure,
    check_conservation,
    check_roundtrip,
    check_views,
)
from replay.kit.strategies import History, every_option_set, headers, histories, option_sets
from replay.kit.walk import InvariantViolation, Step, walk

__all__ = [
    "INVARIANTS",
    "History",
    "InvariantViolation",
    "Step",
    "check_agreement",
    "check_all",
    "check_closure",
    "check_conservation",
    "check_roundtrip",
    "check_views",
    "every_option_set",
    "headers",
    "histories",
    "option_sets",
    "walk",
]
