"""Fixtures for the CLI tests: a ``CliRunner`` whose ``TABLELOG_DB`` is a fresh database."""

from __future__ import annotations

from pathlib import Path

import pytest
from click.testing import CliRunner

from tests.backends import Backend


@pytest.fixture
def runner(db: Path) -> CliRunner:
    """A click test runner with ``$TABLELOG_DB`` pointing at the test's own database."""
    return CliRunner(env={"TABLELOG_DB": str(db)})


@pytest.fixture
def backend_runner(backend: Backend) -> CliRunner:
    """A click test runner on a fresh database of each backend in turn (``--db`` may be a
    postgresql:// URL)."""
    return CliRunner(env={"TABLELOG_DB": backend.target})
