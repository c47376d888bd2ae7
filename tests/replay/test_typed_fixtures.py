"""The worked examples re-recorded as a person types them now (``fixtures/typed/``, made
by ``fixtures/typed/record.py``) end as the old fixtures do (issue 23).

Each typed fixture: imports, verifies and replays to its stated head; its lines
(``NAME.txt``) typed again into a fresh game write exactly its events; it takes no more
lines than the old fixture's entries; and it ends as the old fixture does: the same
outcome (ranking, scores, each round), the same winners, and the same table as everyone
sees it at its head (``view(state, None)``; the typed game leaves face down what the old
one named, which nobody at the table saw). The old fixtures themselves are left
untouched and are checked by ``test_fixtures.py``.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

import pytest

from tablelog.ledger import Ledger
from tablelog.replay.games import Games, LoadedGame
from tablelog.replay.jsonl import parse_lines, verify_parsed

ROOT = Path(__file__).resolve().parents[2]
TYPED = ROOT / "fixtures" / "typed"
sys.path.insert(0, str(ROOT / "benchmarks"))
import entries  # noqa: E402  (the benchmark that types a fixture)

OLD = {
    "speahx-eksempelrunde": ROOT / "fixtures" / "speahx" / "speahx-eksempelrunde.jsonl",
    "narrespillet-spilleksempel": (
        ROOT / "fixtures" / "narrespillet" / "narrespillet-example-round.jsonl"
    ),
    "karnoffel-physical-tour": ROOT / "fixtures" / "karnoffel-physical.jsonl",
    "nordekasino-tour": None,  # the README's tour, entered move by move (seeded)
    "vriddiot-physical": ROOT / "fixtures" / "vriddiot" / "vriddiot-physical.jsonl",
}
ALREADY_ONE = {"karnoffel-physical-tour", "nordekasino-tour"}
"""Typed one entry per card laid before issue 23 already: the same lines."""
FINISHED = {"narrespillet-spilleksempel", "karnoffel-physical-tour", "vriddiot-physical"}


def _old(ledger: Ledger, name: str) -> LoadedGame:
    return entries.old_game(ledger, OLD[name])


def test_every_typed_fixture_is_checked():
    assert {p.stem for p in TYPED.glob("*.jsonl")} == set(OLD)
    assert {p.stem for p in TYPED.glob("*.txt")} == set(OLD)


@pytest.mark.parametrize("name", list(OLD))
def test_the_typed_fixture_verifies_and_replays_to_its_head(tmp_path: Path, name: str):
    lines = (TYPED / f"{name}.jsonl").read_text(encoding="utf-8").splitlines()
    (parsed,) = parse_lines(lines)
    assert verify_parsed(parsed).ok
    head = json.loads(lines[0])["head"]
    with Ledger(tmp_path / "t.db") as ledger:
        game = entries.load_fixture(ledger, TYPED / f"{name}.jsonl")
        assert game.head_at(game.seq) == head and game.seq == len(lines) - 1


@pytest.mark.parametrize("name", list(OLD))
def test_its_lines_typed_again_write_its_events(tmp_path: Path, name: str):
    typed = (TYPED / f"{name}.txt").read_text(encoding="utf-8").splitlines()
    with Ledger(tmp_path / "t.db") as ledger:
        fixture = entries.load_fixture(ledger, TYPED / f"{name}.jsonl")
        games = Games(ledger)
        game = games.create(fixture.header).id
        for line in typed:
            games.play(game, line)
        again = games.load(game)
        assert [(e.actor, e.payload) for e in again.events] == [
            (e.actor, e.payload) for e in fixture.events
        ]


@pytest.mark.parametrize("name", list(OLD))
def test_it_ends_as_the_old_fixture_in_fewer_entries(tmp_path: Path, name: str):
    typed = (TYPED / f"{name}.txt").read_text(encoding="utf-8").splitlines()
    with Ledger(tmp_path / "t.db") as ledger:
        new = entries.load_fixture(ledger, TYPED / f"{name}.jsonl")
        old = _old(ledger, name)
        rules = new.rules
        assert rules.outcome(new.state) == rules.outcome(old.state)
        if name in FINISHED:
            outcome = rules.outcome(new.state)
            assert outcome is not None and outcome.winners
        assert rules.view(new.state, None) == rules.view(old.state, None)
        entries_before, _ = entries.before(old)
        assert len(typed) <= entries_before
        if name not in ALREADY_ONE:
            assert len(typed) < entries_before
