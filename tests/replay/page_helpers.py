"""Games for the replay-page tests: a seeded game of each rule set, played a little."""

from __future__ import annotations

from tablelog.replay.games import Games, LoadedGame
from tablelog.replay.headers import make_header
from tablelog.replay.inspect import moves_data
from tablelog.rules import registry

SEATS = {"karnoffel": 4, "nordekasino": 4, "speahx": 4, "vriddiot": 4, "narrespillet": 4}
NAMES = ("Anna", "Bo", "Cai", "Dina")


def played_game(games: Games, rules: str, moves: int, seed: int = 3) -> LoadedGame:
    """A seeded game of ``rules`` with its first listed move played ``moves`` times."""
    names = NAMES[: SEATS[rules]]
    game = games.create(make_header(registry.get(rules), names, {}, seed=seed))
    for _ in range(moves):
        listed = moves_data(games.load(game.id))["moves"]
        if not listed:
            break
        games.play(game.id, listed[0]["notation"])
    return games.load(game.id)


def finished_game(games: Games, rules: str, seed: int = 3) -> LoadedGame:
    """A seeded game of ``rules`` played to its end with the first listed move each time
    (Karnöffel: 21 events, Nørdekasino: 51)."""
    game = played_game(games, rules, 0, seed)
    while game.rules.outcome(game.state) is None:
        games.play(game.id, moves_data(game, limit=1)["moves"][0]["notation"])
        game = games.load(game.id)
    return game
