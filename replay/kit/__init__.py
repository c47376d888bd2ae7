"""The invariant kit: random legal histories for any rule set, and the invariant checks.

A third party tests their own rule set with it::

    from hypothesis import given
    from tablelog.replay.kit import histories, check_all

    @given(histories(MY_RULES))
    def test_invariants(history):
        check_all(MY_RULES, history)

Names are loaded on first use: ``from replay.kit import InvariantViolation`` (the CLI's
error handling) imports neither Hypothesis nor the checks.
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, Any

# The function ``walk`` shares its module's name: bound here, it wins over the submodule.
from tablelog.replay.kit.walk import InvariantViolation, Step, walk

if TYPE_CHECKING:
    from tablelog.replay.kit.choose import choose_move
    from tablelog.replay.kit.history import History
    from tablelog.replay.kit.invariants import (
        INVARIANTS,
        check_agreement,
        check_all,
        check_closure,
        check_conservation,
        check_playout,
        check_roundtrip,
        check_views,
    )
    from tablelog.replay.kit.sample import SAMPLED, THOROUGH, Sampling, sample_moves
    from tablelog.replay.kit.strategies import (
        covering_option_sets,
        every_option_set,
        headers,
        histories,
        option_sets,
        seat_counts,
    )

_WHERE = {
    "INVARIANTS": "invariants",
    "History": "history",
    "InvariantViolation": "walk",
    "SAMPLED": "sample",
    "Sampling": "sample",
    "Step": "walk",
    "THOROUGH": "sample",
    "check_agreement": "invariants",
    "check_all": "invariants",
    "check_closure": "invariants",
    "check_conservation": "invariants",
    "check_playout": "invariants",
    "check_roundtrip": "invariants",
    "check_views": "invariants",
    "choose_move": "choose",
    "covering_option_sets": "strategies",
    "every_option_set": "strategies",
    "headers": "strategies",
    "histories": "strategies",
    "option_sets": "strategies",
    "sample_moves": "sample",
    "seat_counts": "strategies",
    "walk": "walk",
}

__all__ = [
    "INVARIANTS",
    "SAMPLED",
    "THOROUGH",
    "History",
    "InvariantViolation",
    "Sampling",
    "Step",
    "check_agreement",
    "check_all",
    "check_closure",
    "check_conservation",
    "check_playout",
    "check_roundtrip",
    "check_views",
    "choose_move",
    "covering_option_sets",
    "every_option_set",
    "headers",
    "histories",
    "option_sets",
    "sample_moves",
    "seat_counts",
    "walk",
]


def __getattr__(name: str) -> Any:
    """The kit's public names, each imported from its module when first asked for."""
    module = _WHERE.get(name)
    if module is None:
        raise AttributeError(f"module 'tablelog.replay.kit' has no attribute {name!r}")
    value = getattr(importlib.import_module(f"tablelog.replay.kit.{module}"), name)
    globals()[name] = value
    return value
