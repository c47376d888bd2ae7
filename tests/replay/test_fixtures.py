"""The recorded games in fixtures/ replay, verify, and end as the fixtures' READMEs state.

One table of every game's fixtures (Karnöffel's and Nørdekasino's at the top of
fixtures/, every later game's in fixtures/GAME/), one parametrized test of what they all
promise, then what a single fixture was recorded to show.
"""

from __future__ import annotations

from collections import Counter
from fractions import Fraction
from pathlib import Path

import pytest

from tablelog.ledger import Ledger
from tablelog.replay.fold import fold
from tablelog.replay.games import Games
from tablelog.replay.headers import make_header
from tablelog.replay.inspect import show_data
from tablelog.replay.jsonl import export_lines, parse_lines, verify_parsed
from tablelog.replay.merge import import_games
from tablelog.replay.verify import verify_stored
from tablelog.rules import registry
from tablelog.rules.narrespillet.placements import classify
from tablelog.rules.zones import zone_total

FIXTURES = Path(__file__).resolve().parents[2] / "fixtures"
GAME_FOLDERS = ("speahx", "vriddiot", "narrespillet")
"""The games whose fixtures lie in a folder of their own."""

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
    "speahx/speahx-seeded-4.jsonl": {
        "head": "117335889e",
        "events": 1102,
        "ranking": [["Anna"], ["Dina"], ["Cai"], ["Bo"]],
        "stopped": False,
    },
    "speahx/speahx-seeded-7-two-decks.jsonl": {
        "head": "7df2275d57",
        "events": 791,
        "ranking": [["Frida"], ["Gry"], ["Cai"], ["Dina"], ["Anna"], ["Emil"], ["Bo"]],
        "stopped": False,
    },
    "speahx/speahx-eksempelrunde.jsonl": {"head": "1d255513d9", "events": 34, "ranking": None},
    "vriddiot/vriddiot-seeded.jsonl": {
        "head": "0a0a55c9b7",
        "events": 206,
        "ranking": [["Bo"], ["Dina"], ["Cai"], ["Anna"]],
        "kinds": {"join", "pass", "blind", "chance", "pickup", "set"},
    },
    "vriddiot/vriddiot-dobbeldekker.jsonl": {
        "head": "4659f0b949",
        "events": 793,
        "ranking": [["Gry"], ["Dina"], ["Frida"], ["Cai"], ["Anna"], ["Bo"], ["Emil"]],
        "kinds": {"join", "pass", "blind", "chance", "pickup", "set"},
    },
    "vriddiot/vriddiot-physical.jsonl": {
        "head": "2a225e6980",
        "events": 295,
        "ranking": [["Dina"], ["Anna"], ["Cai"], ["Bo"]],
        "kinds": {"join", "blind", "turn", "pickup", "set"},
    },
    "narrespillet/narrespillet-example-round.jsonl": {
        "head": "045cab2b2a",
        "events": 98,
        "ranking": [["Irmgard"], ["Almegaard"], ["Kana"], ["Lucas"]],
        "rounds": [
            {"Swords": ["Irmgard"], "Staves": ["Almegaard"], "Cups": ["Irmgard"], "Coins": ["Kana"]}
        ],
    },
    "narrespillet/narrespillet-seeded.jsonl": {
        "head": "f738874266",
        "events": 358,
        "ranking": [["Anna"], ["Dina"], ["Bo"], ["Cai"]],
        "scores": {"Anna": 8, "Bo": 4, "Cai": 2, "Dina": 6},
    },
    "narrespillet/narrespillet-malderia.jsonl": {
        "head": "f40b7f5d58",
        "events": 364,
        "ranking": [["Anna"], ["Dina"], ["Cai"], ["Bo"]],
        "scores": {"Anna": 6, "Bo": 4, "Cai": 5, "Dina": 5},
    },
    "narrespillet/narrespillet-althea.jsonl": {
        "head": "815f88c67d",
        "events": 403,
        "ranking": [["Anna"], ["Cai"], ["Dina"], ["Bo"]],
        "scores": {"Anna": 7, "Bo": 1, "Cai": 7, "Dina": 5},
    },
    "narrespillet/narrespillet-kroam.jsonl": {
        "head": "d12dba51f5",
        "events": 443,
        "ranking": [["Dina"], ["Bo"], ["Anna"], ["Cai"]],
        "scores": {"Anna": 6, "Bo": 6, "Cai": 2, "Dina": 6},
    },
}

POINTS = ("point_cards", "sweeps", "last_trick", "most_cards", "most_spades", "cards", "spades")
"""The items of a Nørdekasino score row, in the order of an entry's ``points``."""

OLD_LOGS = sorted(name for name in EXPECTED if "/" not in name)
"""The logs written before event types were named per game."""


def load(name):
    (game,) = parse_lines((FIXTURES / name).read_text(encoding="utf-8").splitlines())
    return game


def typed(scores):
    """Scores with their types: a Fraction must stay a Fraction (never a float or an int)."""
    return {side: (type(value), value) for side, value in scores.items()}


def test_every_fixture_file_has_a_stated_outcome():
    files = [
        *FIXTURES.glob("*.jsonl"),
        *(p for g in GAME_FOLDERS for p in FIXTURES.glob(f"{g}/*.jsonl")),
    ]
    assert {str(p.relative_to(FIXTURES)) for p in files} == set(EXPECTED)


@pytest.mark.parametrize("name", sorted(EXPECTED))
def test_fixture_replays_to_its_stated_outcome(name):
    game, expected = load(name), EXPECTED[name]
    result = verify_parsed(game)
    assert result.ok, result.problems
    assert (result.head, result.events) == (expected["head"], expected["events"])
    outcome = game.rules.outcome(fold(game.rules, game.header, game.events))
    players = game.header.players
    if "ranking" in expected:
        if expected["ranking"] is None:
            assert outcome is None
            return
        places = [[players[s] for s in place] for place in outcome.ranking]
        assert places == expected["ranking"]
    if "winners" in expected:
        assert [players[s] for s in outcome.winners] == expected["winners"]
    if "scores" in expected:
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
    if "stopped" in expected:
        assert outcome.rounds[0]["stopped"] is expected["stopped"]
    if "kinds" in expected:
        assert outcome.rounds[0]["idiot"] == players[outcome.ranking[-1][0]]
        assert expected["kinds"] <= {e.kind for e in game.events}
    if "rounds" in expected:
        assert list(outcome.rounds) == expected["rounds"]


@pytest.mark.parametrize("name", sorted(EXPECTED))
def test_fixtures_import_and_export_byte_for_byte(name):
    """A log is never rewritten: import then export gives the same file, and the stored
    game verifies to the same head. Logs written before types were named per game are read
    through the old names (upcast on read) and stored under them."""
    text = (FIXTURES / name).read_text(encoding="utf-8")
    with Ledger(":memory:") as ledger:
        (record,) = import_games(ledger, parse_lines(text.splitlines()))
        assert "\n".join(export_lines(ledger, record.id)) + "\n" == text
        game = Games(ledger).load(record.id)
        if name in OLD_LOGS:
            stored = {row.type for row in ledger.events(record.id)}
            assert not any("." in t for t in stored)  # the old, unqualified names, as stored
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


# Karnöffel and Nørdekasino


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


# Speahx


def test_the_seven_player_game_uses_two_decks_and_jokers():
    game = load("speahx/speahx-seeded-7-two-decks.jsonl")
    assert game.header.options["decks"] == 2 and game.header.options["jokers"] == 2
    assert len(game.header.players) == 7


def test_the_eksempelrunde_is_physical_and_ends_after_step_10():
    game = load("speahx/speahx-eksempelrunde.jsonl")
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


# Vriddiot


def test_the_dobbeldekker_fixture_has_seven_players_two_decks_and_jokers():
    game = load("vriddiot/vriddiot-dobbeldekker.jsonl")
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


@pytest.mark.parametrize("name", [n for n in sorted(EXPECTED) if n.startswith("vriddiot/")])
def test_every_state_of_the_vriddiot_fixtures_conserves_the_deck(name):
    """Der Firer's victims, 666's return of the burn pile and KKK's removals included."""
    game = load(name)
    deck = Counter(game.rules.deck(game.header))
    state = game.rules.start(game.header)
    for event in game.events:
        state = game.rules.apply(state, event)
        known, hidden = zone_total(game.rules.zones(state))
        assert not known - deck and sum(known.values()) + hidden == sum(deck.values())
    assert len(state.out.cards) > 0


def test_the_vriddiot_physical_fixture_enters_only_what_the_table_sees():
    game = load("vriddiot/vriddiot-physical.jsonl")
    assert game.header.seed is None
    deal = game.events[0].payload
    assert sum(d.card is None for d in deal.cards) == 24  # hands and face-down cards
    assert all(d.card is not None for d in deal.cards if d.up)
    refills = [e.payload for e in game.events[1:] if e.kind == "deal"]
    assert refills and all(d.card is None for p in refills for d in p.cards)


# Narrespillet


def test_the_example_round_is_a_physical_game_with_kanas_unseen_draw():
    game = load("narrespillet/narrespillet-example-round.jsonl")
    assert game.header.seed is None
    assert game.header.options["oracle_extra_turn"] == "none"  # F1
    unseen = [
        e for e in game.events if e.kind == "deal" and any(d.card is None for d in e.payload.cards)
    ]
    assert len(unseen) == 1  # F5: Kana's draw after Justice is not named


def test_the_seeded_game_has_five_rounds():
    game = load("narrespillet/narrespillet-seeded.jsonl")
    state = fold(game.rules, game.header, game.events)
    assert len(state.results) == 5 and game.header.seed == 7


def test_the_malderia_fixture_drives_out_the_demons():
    game = load("narrespillet/narrespillet-malderia.jsonl")
    assert any(e.kind == "exorcise" for e in game.events)


def test_the_althea_fixture_plays_justice_before_the_demons_who_get_no_cards():
    game = load("narrespillet/narrespillet-althea.jsonl")
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
    game = load("narrespillet/narrespillet-kroam.jsonl")
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
