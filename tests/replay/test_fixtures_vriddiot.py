"""The Vriddiot fixtures replay, verify, and end as fixtures/vriddiot/README.md states."""

from __future__ import annotations

from collections import Counter
from pathlib import Path

import pytest

from tablelog.replay.fold import fold
from tablelog.replay.jsonl import parse_lines, verify_parsed
from tablelog.rules.zones import zone_total

FOLDER = Path(__file__).resolve().parents[2] / "fixtures" / "vriddiot"

EXPECTED = {
    "vriddiot-seeded.jsonl": {
        "head": "0a0a55c9b7",
        "events": 206,
        "ranking": ["Bo", "Dina", "Cai", "Anna"],
        "kinds": {"join", "pass", "blind", "chance", "pickup", "set"},
    },
    "vriddiot-dobbeldekker.jsonl": {
        "head": "4659f0b949",
        "events": 793,
        "ranking": ["Gry", "Dina", "Frida", "Cai", "Anna", "Bo", "Emil"],
        "kinds": {"join", "pass", "blind", "chance", "pickup", "set"},
    },
    "vriddiot-physical.jsonl": {
        "head": "2a225e6980",
        "events": 295,
        "ranking": ["Dina", "Anna", "Cai", "Bo"],
        "kinds": {"join", "blind", "turn", "pickup", "set"},
    },
}


def load(name):
    (game,) = parse_lines((FOLDER / name).read_text(encoding="utf-8").splitlines())
    return game


@pytest.mark.parametrize("name", sorted(EXPECTED))
def test_fixture_replays_to_its_stated_outcome(name):
    game, expected = load(name), EXPECTED[name]
    result = verify_parsed(game)
    assert result.ok, result.problems
    assert result.head == expected["head"]
    assert result.events == expected["events"]
    outcome = game.rules.outcome(fold(game.rules, game.header, game.events))
    ranking = [game.header.players[seat] for (seat,) in outcome.ranking]
    assert ranking == expected["ranking"]
    assert outcome.rounds[0]["idiot"] == ranking[-1]
    assert expected["kinds"] <= {e.kind for e in game.events}


def test_every_fixture_file_has_a_stated_outcome():
    assert {p.name for p in FOLDER.glob("*.jsonl")} == set(EXPECTED)


def test_the_dobbeldekker_fixture_has_seven_players_two_decks_and_jokers():
    game = load("vriddiot-dobbeldekker.jsonl")
    assert len(game.header.players) == 7 and game.header.options["deck"] == "dobbeldekker"
    deck = Counter(game.rules.deck(game.header))
    assert sum(deck.values()) == 102
    played = [e.payload for e in game.events if e.kind == "play"]
    assert any(p.declared is not None for p in played)  # a joker stood for a card
    combos = {
        p.cards[0].rank
        for e in game.events
        if e.kind == "set"
        for p in [e.payload]
        if len(p.cards) == 3 and p.cards[0].rank in ("6", "K")
    }
    assert combos == {"6", "K"}  # 666 and KKK were both laid


@pytest.mark.parametrize("name", sorted(EXPECTED))
def test_every_state_of_the_fixtures_conserves_the_deck(name):
    """Der Firer's victims, 666's return of the burn pile and KKK's removals included."""
    game = load(name)
    deck = Counter(game.rules.deck(game.header))
    state = game.rules.start(game.header)
    for event in game.events:
        state = game.rules.apply(state, event)
        known, hidden = zone_total(game.rules.zones(state))
        assert not known - deck and sum(known.values()) + hidden == sum(deck.values())
    assert len(state.out.cards) > 0


def test_the_physical_fixture_enters_only_what_the_table_sees():
    game = load("vriddiot-physical.jsonl")
    assert game.header.seed is None
    deal = game.events[0].payload
    assert sum(d.card is None for d in deal.cards) == 24  # hands and face-down cards
    assert all(d.card is not None for d in deal.cards if d.up)
    refills = [e.payload for e in game.events[1:] if e.kind == "deal"]
    assert refills and all(d.card is None for p in refills for d in p.cards)
