"""Fixtures shared by every test directory: a fresh database path."""

from __future__ import annotations

from pathlib import Path

import pytest


@pytest.fixture
def db(tmp_path: Path) -> Path:
    """The path of a database file that does not exist yet (the ledger creates it)."""
    return tmp_path / "tablelog.db"
