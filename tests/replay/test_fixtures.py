"""The recorded games in fixtures/ replay, verify, and end as fixtures/README.md states."""

from __future__ import annotations

from fractions import Fraction
from pathlib import Path

import pytest

from tablelog.ledger import Ledger
from tablelog.replay.fold import fold
from tablelog.replay.games import Games, make_header
from tablelog.replay.inspect import show_data
from tablelog.replay.jsonl import export_lines, import_games, parse_lines, verify_parsed
from tablelog.replay.verify import verify_stored
from tablelog.rules import registry

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
    "nordekasino-seeded.jsonl": {
        "head": "1d29eda442",
        "events": 51,
        "winners": ["Anna"],
        "scores": {
            "Anna": Fraction(21, 2),
            "Bo": Fraction(4),
            "Cai": Fraction(3),
            "Dina": Fraction(15, 2),
        },
        # per side: point cards, sweeps, last trick, most cards, most spades; cards, spades
        "points": {
            "Anna": (7, 1, 0, Fraction(1, 2), 2, 19, 5),
            "Bo": (1, 3, 0, 0, 0, 9, 3),
            "Cai": (3, 0, 0, 0, 0, 7, 2),
            "Dina": (4, 2, 1, Fraction(1, 2), 0, 19, 3),
        },
    },
    "nordekasino-partnership.jsonl": {
        "head": "e49960d9df",
        "events": 51,
        "winners": ["Anna", "Bo", "Cai", "Dina"],
        "scores": {"Anna & Cai": Fraction(25, 2), "Bo & Dina": Fraction(25, 2)},
        "points": {
            "Anna & Cai": (9, 3, 0, Fraction(1, 2), 0, 27, 4),
            "Bo & Dina": (6, 3, 1, Fraction(1, 2), 2, 27, 9),
        },
    },
}

POINTS = ("point_cards", "sweeps", "last_trick", "most_cards", "most_spades", "cards", "spades")
"""The items of a Nørdekasino score row, in the order of an entry's ``points``."""


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
    assert typed(outcome.scores) == typed(expected["scores"])
    if "tricks" in expected:
        assert [list(r["tricks"]) for r in outcome.rounds] == expected["tricks"]
        assert [r["trump"] for r in outcome.rounds] == expected["trumps"]
    if "points" in expected:
        rows = {r["side"]: tuple(r[k] for k in POINTS) for r in outcome.rounds}
        assert rows == expected["points"]
        for r in outcome.rounds:
            assert all(type(r[k]) is Fraction for k in (*POINTS[:5], "total"))
            assert r["total"] == sum(r[k] for k in POINTS[:5])


def typed(scores):
    """Scores with their types: a Fraction must stay a Fraction (never a float or an int)."""
    return {side: (type(value), value) for side, value in scores.items()}


def test_every_fixture_file_has_a_stated_outcome():
    """Karnöffel's and Nørdekasino's fixtures lie at the top of fixtures/; every later game
    keeps its own in fixtures/GAME/, checked by its own test module."""
    assert {p.name for p in FIXTURES.glob("*.jsonl")} == set(EXPECTED)


def test_the_physical_fixture_was_recorded_with_face_down_hands():
    game = load("karnoffel-physical.jsonl")
    deal = game.events[0].payload
    assert game.header.seed is None
    assert sum(d.card is None for d in deal.cards) == 16
    assert all(d.card is not None for d in deal.cards if d.up)
    assert {e.kind for e in game.events} >= {"note", "undo", "play"}


def test_the_long_match_uses_its_options():
    game = load("karnoffel-long-match.jsonl")
    assert game.header.options["target"] == 5
    assert sum(e.kind == "turn" for e in game.events) == 6


def test_the_nordekasino_seeded_fixture_uses_the_default_options():
    game = load("nordekasino-seeded.jsonl")
    assert game.header.seed == 25
    assert not game.header.options["partnership"]
    assert {e.kind for e in game.events} >= {"deal", "capture", "build", "trail"}


def test_the_partnership_fixture_builds_for_partner_and_sweeps():
    game = load("nordekasino-partnership.jsonl")
    assert game.header.options["partnership"] is True
    assert any(e.kind == "build" and e.payload.for_partner for e in game.events)
    outcome = game.rules.outcome(fold(game.rules, game.header, game.events))
    assert all(r["sweeps"] > 0 for r in outcome.rounds)


@pytest.mark.parametrize("name", sorted(EXPECTED))
def test_old_logs_import_and_export_byte_for_byte(name):
    """Logs written before types were named per game are read through the old names
    (upcast on read) and never rewritten: import then export gives the same file."""
    text = (FIXTURES / name).read_text(encoding="utf-8")
    with Ledger(":memory:") as ledger:
        (record,) = import_games(ledger, parse_lines(text.splitlines()))
        assert "\n".join(export_lines(ledger, record.id)) + "\n" == text
        stored = {row.type for row in ledger.events(record.id)}
        assert not any("." in t for t in stored)  # the old, unqualified names, as stored
        game = Games(ledger).load(record.id)
        assert all("." in e.type or e.type in ("deal", "note", "undo") for e in game.events)
        result = verify_stored(ledger, game)
        assert result.ok and result.head == EXPECTED[name]["head"]
        assert show_data(game)["head"] == EXPECTED[name]["head"]


def test_new_events_are_written_under_the_names_of_their_game():
    with Ledger(":memory:") as ledger:
        games = Games(ledger)
        rules = registry.get("karnoffel")
        game = games.create(make_header(rules, ("A", "B", "C", "D"), {}, seed=1))
        first = next(iter(rules.moves(game.state)))
        games.submit(game, first)
        assert [row.type for row in ledger.events(game.id)] == ["deal", "karnoffel.play"]
