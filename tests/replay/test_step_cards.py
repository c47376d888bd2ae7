"""``step_cards``: the cards a physical table's step may name, for the recorder's phone."""

from __future__ import annotations

from tablelog.replay.games import Games
from tablelog.replay.gate import EVERYONE, RECORDER, Viewer
from tablelog.replay.headers import make_header
from tablelog.replay.inspect import step_cards
from tablelog.rules import registry
from tablelog.rules.cards import parse_card

PLAYERS = ["Anna", "Bo", "Cai", "Dina"]


def test_a_physical_deal_offers_the_whole_pack_once_sorted_by_suit(games: Games):
    ruleset = registry.get("karnoffel")
    game = games.create(make_header(ruleset, PLAYERS, {}))
    cards = step_cards(games.load(game.id), RECORDER)
    assert len(cards) == len(set(cards)) == 48  # Karnöffel's pack, each card once
    suits = [parse_card(text).suit for text in cards]
    assert suits == sorted(suits, key=suits.index)  # each suit together


def test_a_seeded_game_offers_no_cards(games: Games):
    ruleset = registry.get("karnoffel")
    game = games.create(make_header(ruleset, PLAYERS, {}, seed=5))
    assert step_cards(games.load(game.id), RECORDER) == []


def test_only_the_recorder_of_a_physical_game_is_offered_the_cards(games: Games):
    """The pool is every card not yet placed: to a seat it would tell the others' hands."""
    ruleset = registry.get("karnoffel")
    game = games.load(games.create(make_header(ruleset, PLAYERS, {})).id)
    assert len(step_cards(game, RECORDER)) == 48
    assert step_cards(game, Viewer(1)) == []
    assert step_cards(game, EVERYONE) == []
