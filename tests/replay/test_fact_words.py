"""The facts and scores a table shows read as a person at the table says them: no
"point(s)", no "True", no internal word, in every game, at every state of a seeded game."""

from __future__ import annotations

import re

import pytest

from tablelog.replay.headers import make_header
from tablelog.rules import registry
from tablelog.rules.tableview import counted
from tests.helpers import first_moves

AWKWARD = re.compile(r"\(s\)|\bTrue\b|\bFalse\b|\bNone\b|provisional|_")
GAMES = ("karnoffel", "nordekasino", "speahx", "vriddiot", "narrespillet")


def _texts(table) -> list[str]:  # type: ignore[no-untyped-def]
    """Every fact, seat fact and score of a typed table, as "label text"."""
    out = [f"{k} {v}" for k, v in table.facts]
    out += [f"{side} {v}" for side, v in table.scores]
    out += [f"{k} {v}" for seat in table.seats for k, v in seat.facts]
    return out


@pytest.mark.parametrize("name", GAMES)
def test_no_fact_or_score_of_any_state_reads_awkwardly(name: str) -> None:
    rules = registry.get(name)
    header = make_header(rules, ("Anna", "Bo", "Cai", "Dina"), {}, seed=5)
    seen: set[str] = set()
    for _, state in first_moves(rules, header, 399):
        seen.update(_texts(rules.view(state, None).table))
    bad = sorted(text for text in seen if AWKWARD.search(text))
    assert seen and bad == []


def test_counted_says_one_thing_and_many_things() -> None:
    assert counted(1, "trick") == "1 trick"
    assert [counted(n, "deal") for n in (0, 2)] == ["0 deals", "2 deals"]
    assert counted("3/2", "point") == "3/2 points"
