"""The worked examples entered again with one entry per turn end as their fixtures do.

``benchmarks/entries.py`` types each fixture's log as a person at a real table would:
each decision, the cards the table saw, and nothing the tool writes itself. The game it
records must reach the fixture's outcome (or, for an unfinished example, as far), and
take at most as many entries as there are turns plus the cards the table saw.
"""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

from tablelog.ledger import Ledger

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "benchmarks"))
import entries

EXPECTED = {  # entries typed after issue 23, for the turns the fixture's log holds
    "speahx-eksempelrunde.jsonl": (12, 12),
    "narrespillet-example-round.jsonl": (58, 58),
    "vriddiot-physical.jsonl": (277, 272),
}


@pytest.mark.parametrize("title,path", [g for g in entries.GAMES if g[1] is not None])
def test_the_example_typed_one_entry_per_turn_ends_as_the_fixture(
    tmp_path: Path, title: str, path: Path
):
    with Ledger(tmp_path / "e.db") as ledger:
        old = entries.load_fixture(ledger, path)
        typed, turns = entries.before(old)
        now, lines = entries.after(ledger, old)  # SystemExit if refused or ending elsewhere
    assert now <= typed and len(lines) == now
    if path.name in EXPECTED:
        assert (now, turns) == EXPECTED[path.name]
    # nothing the tool writes itself is typed: no unseen draw, no show, no pass
    assert not any(line.startswith("draw ?") for line in lines)
    assert not any({"show", "pass"} & set(line.split()) for line in lines)
