"""A club's database for the history tests: every recorded fixture of every rule set.

Built once per test session into a file (importing the fixtures verifies every event,
about a second), and copied for each test that writes to it.
"""

from __future__ import annotations

import shutil
from pathlib import Path

from tablelog.ledger import Ledger
from tablelog.replay.jsonl import parse_lines
from tablelog.replay.merge import import_games

ROOT = Path(__file__).resolve().parent.parent
FIXTURES = sorted(
    p for p in (ROOT / "fixtures").rglob("*.jsonl") if p.parent.name not in ("regressions", "typed")
)
"""Every recorded game (the fuzz regressions are failing histories, not games; the worked
examples re-typed in ``fixtures/typed`` are the same games again, not a club's)."""

RULE_SETS = ("karnoffel", "narrespillet", "nordekasino", "speahx", "vriddiot")


def build(path: Path) -> Path:
    """A database at ``path`` holding every fixture game."""
    with Ledger(path) as ledger:
        for fixture in FIXTURES:
            import_games(ledger, parse_lines(fixture.read_text(encoding="utf-8").splitlines()))
    return path


def copy(source: Path, target: Path) -> Path:
    """A writable copy of a built database (WAL checkpointed into the main file first)."""
    with Ledger(source) as ledger:
        ledger.connection.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    shutil.copyfile(source, target)
    return target
