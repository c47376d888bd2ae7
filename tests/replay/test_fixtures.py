"""The recorded games in fixtures/ replay, verify, and end as fixtures/README.md states."""

from __future__ import annotations

from pathlib import Path

import pytest

from replay.fold import fold
from replay.jsonl import parse_lines, verify_parsed

FIXTURES = Path(__file__).resolve().parents[2] / "fixtures"

EXPECTED = {
    "karnoffel-seeded.jsonl": {
        "head": "486d0a8839",
        "events": 21,
        "winners": ["Anna", "Cai"],
        "scores": {"Anna & Cai": 1, "Bo & Dina": 0},
        "tricks": [[4, 1]],
        "trumps": ["C"],
    },
    "karnoffel-physical.jsonl": {
        "head": "483134173b",
        "events": 24,
        "winners": ["Bo", "Dina"],
        "scores": {"Anna & Cai": 0, "Bo & Dina": 1},
        "tricks": [[2, 3]],
        "trumps": ["H"],
    },
    "karnoffel-long-match.jsonl": {
        "head": "5fb70cd8be",
        "events": 133,
        "winners": ["Bo", "Dina"],
        "scores": {"Anna & Cai": 1, "Bo & Dina": 5},
        "tricks": [[2, 3], [0, 5], [4, 1], [1, 4], [0, 5], [2, 3]],
        "trumps": ["C", "C", "S", "H", "C", "H"],
    },
}


def load(name):
    (game,) = parse_lines((FIXTURES / name).read_text(encoding="utf-8").splitlines())
    return game


@pytest.mark.parametrize("name", sorted(EXPECTED))
def test_fixture_replays_to_its_stated_outcome(name):
    game, expected = load(name), EXPECTED[name]
    result = verify_parsed(game)
    assert result.ok, result.problems
    assert result.head == expected["head"]
    assert result.events == expected["events"]
    outcome = game.rules.outcome(fold(game.rules, game.header, game.events))
    assert [game.header.players[s] for s in outcome.winners] == expected["winners"]
    assert dict(outcome.scores) == expected["scores"]
    assert [list(r["tricks"]) for r in outcome.rounds] == expected["tricks"]
    assert [r["trump"] for r in outcome.rounds] == expected["trumps"]


def test_every_fixture_file_has_a_stated_outcome():
    assert {p.name for p in FIXTURES.glob("*.jsonl")} == set(EXPECTED)


def test_the_physical_fixture_was_recorded_with_face_down_hands():
    game = load("karnoffel-physical.jsonl")
    deal = game.events[0].payload
    assert game.header.seed is None
    assert sum(d.card is None for d in deal.cards) == 16
    assert all(d.card is not None for d in deal.cards if d.up)
    assert {e.type for e in game.events} >= {"note", "undo", "play"}


def test_the_long_match_uses_its_options():
    game = load("karnoffel-long-match.jsonl")
    assert game.header.options["target"] == 5
    assert sum(e.type == "turn" for e in game.events) == 6
