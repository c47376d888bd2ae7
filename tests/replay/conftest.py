"""Fixtures for the replay tests: ``Games`` on a fresh ledger."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from tablelog.ledger import Ledger
from tablelog.replay.games import Games


@pytest.fixture
def games(db: Path) -> Iterator[Games]:
    """``Games`` over a ledger on a fresh database file, closed after the test."""
    with Ledger(db) as ledger:
        yield Games(ledger)
