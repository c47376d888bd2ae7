"""Fixtures for the ledger tests: a fresh database, a ledger on it (on each backend), events."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from pathlib import Path

import pytest

from tablelog.ledger import LedgerStore, NewEvent, pack
from tests.backends import Backend

MakeNotes = Callable[..., list[NewEvent]]


def opening_imports(
    path: Path, module: str, opener: str = "from ledger import open_ledger"
) -> bool:
    """Whether opening (and closing) a ledger at ``path`` in a fresh interpreter imports
    ``module`` (``opener`` imports ``open_ledger``)."""
    import subprocess
    import sys

    code = f"import sys; {opener}; open_ledger({str(path)!r}).close()"
    code += f"; print({module!r} in sys.modules)"
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    return done.stdout.strip() == "True"


@pytest.fixture
def db_path(tmp_path: Path) -> Path:
    """The path of a database file that does not exist yet."""
    return tmp_path / "tablelog.db"


@pytest.fixture
def ledger(backend: Backend) -> Iterator[LedgerStore]:
    """A ledger on a fresh database of each backend in turn, closed after the test."""
    with backend.open() as led:
        yield led


def _notes(count: int, *, prefix: str = "ev", start: int = 1) -> list[NewEvent]:
    return [
        NewEvent(
            event_id=f"{prefix}-{n}",
            type="note",
            type_version=1,
            actor=n % 4,
            payload=pack({"text": f"comment {n}"}),
        )
        for n in range(start, start + count)
    ]


@pytest.fixture
def make_notes() -> MakeNotes:
    """``make_notes(count, prefix="ev", start=1)``: small test events with unique ids."""
    return _notes
