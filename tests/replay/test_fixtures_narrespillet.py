"""Narrespillet's fixtures replay, verify, and end as fixtures/narrespillet/README.md states."""

from __future__ import annotations

from pathlib import Path

import pytest

from tablelog.ledger import Ledger
from tablelog.replay.fold import fold
from tablelog.replay.games import Games
from tablelog.replay.jsonl import export_lines, import_games, parse_lines
from tablelog.replay.verify import verify_stored
from tablelog.rules.narrespillet.placements import classify

HERE = Path(__file__).resolve().parents[2] / "fixtures" / "narrespillet"

EXPECTED = {
    "narrespillet-example-round.jsonl": {
        "head": "045cab2b2a",
        "events": 98,
        "ranking": [["Irmgard"], ["Almegaard"], ["Kana"], ["Lucas"]],
        "rounds": [
            {"Swords": ["Irmgard"], "Staves": ["Almegaard"], "Cups": ["Irmgard"], "Coins": ["Kana"]}
        ],
    },
    "narrespillet-seeded.jsonl": {
        "head": "f738874266",
        "events": 358,
        "ranking": [["Anna"], ["Dina"], ["Bo"], ["Cai"]],
        "scores": {"Anna": 8, "Bo": 4, "Cai": 2, "Dina": 6},
    },
    "narrespillet-malderia.jsonl": {
        "head": "f40b7f5d58",
        "events": 364,
        "ranking": [["Anna"], ["Dina"], ["Cai"], ["Bo"]],
        "scores": {"Anna": 6, "Bo": 4, "Cai": 5, "Dina": 5},
    },
    "narrespillet-althea.jsonl": {
        "head": "815f88c67d",
        "events": 403,
        "ranking": [["Anna"], ["Cai"], ["Dina"], ["Bo"]],
        "scores": {"Anna": 7, "Bo": 1, "Cai": 7, "Dina": 5},
    },
    "narrespillet-kroam.jsonl": {
        "head": "d12dba51f5",
        "events": 443,
        "ranking": [["Dina"], ["Bo"], ["Anna"], ["Cai"]],
        "scores": {"Anna": 6, "Bo": 6, "Cai": 2, "Dina": 6},
    },
}


def load(name: str):  # type: ignore[no-untyped-def]
    text = (HERE / name).read_text(encoding="utf-8")
    ledger = Ledger(":memory:")
    (record,) = import_games(ledger, parse_lines(text.splitlines()))
    return ledger, Games(ledger).load(record.id), text


def test_every_fixture_in_the_folder_has_a_stated_outcome():
    assert {p.name for p in HERE.glob("*.jsonl")} == set(EXPECTED)


@pytest.mark.parametrize("name", sorted(EXPECTED))
def test_fixture_replays_to_its_outcome_and_head(name):
    ledger, game, text = load(name)
    with ledger:
        expected = EXPECTED[name]
        result = verify_stored(ledger, game)
        assert result.ok and result.head == expected["head"]
        assert len(game.events) == expected["events"]
        state = fold(game.rules, game.header, game.events)
        outcome = game.rules.outcome(state)
        players = game.header.players
        assert [[players[s] for s in place] for place in outcome.ranking] == expected["ranking"]
        if "rounds" in expected:
            assert list(outcome.rounds) == expected["rounds"]
        if "scores" in expected:
            assert dict(outcome.scores) == expected["scores"]
        assert "\n".join(export_lines(ledger, game.id)) + "\n" == text


def test_the_example_round_is_a_physical_game_with_kanas_unseen_draw():
    ledger, game, _ = load("narrespillet-example-round.jsonl")
    with ledger:
        assert game.header.seed is None
        assert game.header.options["oracle_extra_turn"] == "none"  # F1
        unseen = [
            e
            for e in game.events
            if e.kind == "deal" and any(d.card is None for d in e.payload.cards)
        ]
        assert len(unseen) == 1  # F5: Kana's draw after Justice is not named


def test_the_seeded_game_has_five_rounds():
    ledger, game, _ = load("narrespillet-seeded.jsonl")
    with ledger:
        state = fold(game.rules, game.header, game.events)
        assert len(state.results) == 5 and game.header.seed == 7


def test_the_malderia_fixture_drives_out_the_demons():
    ledger, game, _ = load("narrespillet-malderia.jsonl")
    with ledger:
        assert any(e.kind == "exorcise" for e in game.events)


def test_the_althea_fixture_plays_justice_before_the_demons_who_get_no_cards():
    ledger, game, _ = load("narrespillet-althea.jsonl")
    with ledger:
        rules, state = game.rules, game.rules.start(game.header)
        seen = []
        for e in game.events:
            if e.kind == "picture" and e.payload.card.text in ("T8", "T15"):
                seen.append(e.payload.card.text)
            state = rules.apply(state, e)
            if seen == ["T8", "T15"]:
                assert len(state.hands[state.n]) == 0 and not state.demons_own
                return
        raise AssertionError("no Justice before the Demons")


def test_the_kroam_fixture_places_the_empress_with_a_queen_as_a_royal_couple():
    ledger, game, _ = load("narrespillet-kroam.jsonl")
    with ledger:
        couples = [
            e.payload
            for e in game.events
            if e.kind == "place"
            and {c.text for c in e.payload.cards} & {"T3"}
            and len(e.payload.cards) == 2
            and any(c.rank == "Q" and c.suit != "T" for c in e.payload.cards)
        ]
        assert couples
        for p in couples:
            kind = classify(p.cards, p.field, None, "kroam")
            assert not isinstance(kind, str) and kind.kind == "royal"
