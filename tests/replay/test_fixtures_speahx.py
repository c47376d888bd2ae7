"""The Speahx fixtures in fixtures/speahx/ replay, verify, and end as its README states."""

from __future__ import annotations

from pathlib import Path

import pytest

from tablelog.replay.fold import fold
from tablelog.replay.jsonl import parse_lines, verify_parsed

FIXTURES = Path(__file__).resolve().parents[2] / "fixtures" / "speahx"

EXPECTED = {
    "speahx-seeded-4.jsonl": {
        "head": "117335889e",
        "events": 1102,
        "ranking": [["Anna"], ["Dina"], ["Cai"], ["Bo"]],
        "stopped": False,
    },
    "speahx-seeded-7-two-decks.jsonl": {
        "head": "7df2275d57",
        "events": 791,
        "ranking": [["Frida"], ["Gry"], ["Cai"], ["Dina"], ["Anna"], ["Emil"], ["Bo"]],
        "stopped": False,
    },
    "speahx-eksempelrunde.jsonl": {"head": "1d255513d9", "events": 34, "ranking": None},
}


def load(name):
    (game,) = parse_lines((FIXTURES / name).read_text(encoding="utf-8").splitlines())
    return game


@pytest.mark.parametrize("name", sorted(EXPECTED))
def test_fixture_replays_to_its_stated_outcome(name):
    game, expected = load(name), EXPECTED[name]
    result = verify_parsed(game)
    assert result.ok, result.problems
    assert (result.head, result.events) == (expected["head"], expected["events"])
    outcome = game.rules.outcome(fold(game.rules, game.header, game.events))
    if expected["ranking"] is None:
        assert outcome is None
        return
    players = game.header.players
    assert [[players[s] for s in place] for place in outcome.ranking] == expected["ranking"]
    assert outcome.rounds[0]["stopped"] is expected["stopped"]


def test_every_fixture_file_has_a_stated_outcome():
    assert {p.name for p in FIXTURES.glob("*.jsonl")} == set(EXPECTED)


def test_the_seven_player_game_uses_two_decks_and_jokers():
    game = load("speahx-seeded-7-two-decks.jsonl")
    assert game.header.options["decks"] == 2 and game.header.options["jokers"] == 2
    assert len(game.header.players) == 7


def test_the_eksempelrunde_is_physical_and_ends_after_step_10():
    game = load("speahx-eksempelrunde.jsonl")
    state = fold(game.rules, game.header, game.events)
    players = game.header.players
    assert game.header.seed is None and game.header.dealer == players.index("Janet")
    john = players.index("John")
    fredrich = players.index("Fredrich")
    # John took the joker's pile (5H KH KD 2S 5C) into his 5 cards and laid 6H: 9 left
    assert len(state.hands[john]) == 9
    assert sorted(c.text for c in state.hands[john].cards) == ["2S", "5C", "5H", "KD", "KH"]
    assert len(state.hands[fredrich]) == 7  # 5 hand cards and two unused chance cards
    assert [c.text for c in state.pile] == ["JS", "JS", "JH", "6H"]
    assert [c.text for c in state.out.cards] == ["JK"]
