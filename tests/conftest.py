"""Fixtures shared by every test directory, and the Hypothesis profiles.

``ci`` (the default, and always when ``CI`` is set): derandomized, no example database,
no deadline, a fixed number of examples per test, so a run takes the same time and draws
the same examples every time. ``deep`` (``HYPOTHESIS_PROFILE=deep``): ten times the
examples, randomized, for a long hunt; the contract tests scale their examples by
``EXAMPLE_SCALE``.
"""

from __future__ import annotations

import os
from pathlib import Path

import pytest
from hypothesis import HealthCheck, settings

pytest_plugins = ["tests.browser"]

SLOW_IS_FINE = [
    HealthCheck.too_slow,
    HealthCheck.data_too_large,
    HealthCheck.filter_too_much,
    # an example is a whole game: the smallest game of 20 Speahx players is long by nature
    HealthCheck.large_base_example,
]

settings.register_profile(
    "ci",
    max_examples=100,
    derandomize=True,
    deadline=None,
    database=None,
    print_blob=True,
    suppress_health_check=SLOW_IS_FINE,
)
settings.register_profile(
    "deep", parent=settings.get_profile("ci"), max_examples=1000, derandomize=False
)
PROFILE = "ci" if os.environ.get("CI") else os.environ.get("HYPOTHESIS_PROFILE", "ci")
settings.load_profile(PROFILE)

EXAMPLE_SCALE = 10 if PROFILE == "deep" else 1
"""How many times the contract tests' examples a profile runs (``deep``: ten times)."""

HISTORY_CAP = None if PROFILE == "deep" else 150
"""Game events per history in the contract suite: short games are played whole, long ones
(a 20-player Speahx game runs to thousands of events) are cut here so CI's time stays
pinned; ``deep``, ``tablelog fuzz`` and the fixtures play games to their end."""


@pytest.fixture
def db(tmp_path: Path) -> Path:
    """The path of a database file that does not exist yet (the ledger creates it)."""
    return tmp_path / "tablelog.db"


@pytest.fixture(scope="session")
def club_source(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A database of every fixture game of every rule set, built once (read it only)."""
    from tests.club import build

    return build(tmp_path_factory.mktemp("club") / "club.db")


@pytest.fixture
def club(club_source: Path, tmp_path: Path) -> Path:
    """A writable copy of the club database for one test."""
    from tests.club import copy

    return copy(club_source, tmp_path / "club.db")


from tests.backends import backend, postgres_server  # noqa: E402, F401  (shared fixtures)
