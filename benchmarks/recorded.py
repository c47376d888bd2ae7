"""The recorded games in ``fixtures/`` that benchmarks copy to fill a ledger.

It touches no ``sys.path``: a benchmark that measures another checkout
(``TABLELOG_CODE``) has put that code first before importing this.
"""

from __future__ import annotations

from collections.abc import Iterable
from pathlib import Path

from tablelog.replay.jsonl import ParsedGame, parse_lines

FIXTURES = Path(__file__).resolve().parent.parent / "fixtures"


def recorded_games(names: Iterable[str]) -> list[ParsedGame]:
    """The games of the named fixture files (paths under ``fixtures/``), in order."""
    games = []
    for name in names:
        text = (FIXTURES / name).read_text(encoding="utf-8")
        games.extend(parse_lines(text.splitlines()))
    return games
