"""Ladder, the third-party game, registers like any game and plays through ``Games``."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

from tablelog.ledger import Ledger
from tablelog.replay.games import Games
from tablelog.rules import registry
from tablelog.rules.cards import parse_cards
from tablelog.rules.errors import IllegalEvent
from tablelog.rules.events import Event, Move
from tablelog.rules.protocol import Header
from tests.thirdparty.ladder import RULES, Match, Pass, Play

ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture
def ladder_registered(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """Ladder registered with ``rules.registry.register``, for this test only."""
    registry.names()  # the built-in games first
    monkeypatch.setattr(registry, "_REGISTRY", dict(registry._REGISTRY))
    registry.register(RULES)
    yield


def test_registered_ladder_plays_a_seeded_game_to_its_end(ladder_registered: None):
    with Ledger(":memory:") as ledger:
        games = Games(ledger)
        header = Header("ladder", 1, ("Anna", "Bo", "Cai"), RULES.options_for({}, 3), seed=11)
        game = games.create(header)
        assert game.events[0].type == "deal"  # the seeded dealer dealt at once
        while RULES.outcome(game.state) is None:
            *_, move = RULES.moves(game.state)  # the last listed move: flips, then sets
            games.play(game.id, RULES.format(move, game.state))
            game = games.load(game.id)
        outcome = RULES.outcome(game.state)
        assert outcome is not None
        assert sorted(s for place in outcome.ranking for s in place) == [0, 1, 2]
        assert {e.type for e in game.events} >= {"ladder.play", "ladder.flip", "ladder.reveal"}


def test_a_response_window_lets_each_seat_answer_or_pass(ladder_registered: None):
    with Ledger(":memory:") as ledger:
        games = Games(ledger)
        header = Header("ladder", 1, ("Anna", "Bo", "Cai"), RULES.options_for({}, 3), seed=11)
        game = games.create(header)
        (seat,) = RULES.to_act(game.state)
        play = next(m for m in RULES.moves(game.state) if isinstance(m.payload, Play))
        games.play(game.id, RULES.format(play, game.state))
        game = games.load(game.id)
        window = RULES.to_act(game.state)
        assert len(window) == 2 and seat not in window
        for other in window:
            kinds = {m.kind for m in RULES.moves(game.state, other)}
            assert "pass" in kinds and kinds <= {"pass", "match"}
        with pytest.raises(IllegalEvent, match="may not act now"):
            games.play(game.id, f"{header.players[seat]} pass")
        games.play(game.id, f"{header.players[window[0]]} pass")
        assert RULES.to_act(games.load(game.id).state) == window[1:]


def test_a_set_of_equal_ranks_is_one_move():
    header = Header("ladder", 1, ("Anna", "Bo"), RULES.options_for({}, 2))
    state = RULES.start(header)
    state = RULES.apply(state, _event(1, RULES.parse("deal 4D 5C 6H 3S 3H 5S", state)))
    move = RULES.parse("Bo play 3H 3S", state)
    assert move.payload == Play(parse_cards("3H 3S"))
    assert move in list(RULES.moves(state, 1, None, "play"))
    after = RULES.apply(state, _event(2, move))
    assert RULES.to_act(after) == (0,)
    assert {m.payload for m in RULES.moves(after)} == {Pass()}  # Anna holds no 3
    assert not any(isinstance(m.payload, Match) for m in RULES.moves(after))


def _event(seq: int, move: Move) -> Event:
    return Event(seq, move.actor, move.payload)


def test_the_decks_default_is_computed_from_the_seat_count():
    assert RULES.options_for({}, 3) == {"decks": 1}
    assert RULES.options_for({}, 4) == {"decks": 2}


def test_ladder_registers_through_the_entry_point_group(tmp_path: Path):
    dist = tmp_path / "tablelog_ladder-1.0.dist-info"
    dist.mkdir()
    (dist / "METADATA").write_text("Metadata-Version: 2.1\nName: tablelog-ladder\nVersion: 1.0\n")
    (dist / "entry_points.txt").write_text(
        "[tablelog.rules]\nladder = tests.thirdparty.ladder:RULES\n"
    )
    env = {**os.environ, "PYTHONPATH": os.pathsep.join([str(tmp_path), str(ROOT)])}
    db = str(tmp_path / "t.db")

    def tablelog(*args: str) -> dict[str, object]:
        command = [sys.executable, "-m", "tablelog", "--db", db, *args, "--json"]
        done = subprocess.run(command, capture_output=True, text=True, env=env, cwd=tmp_path)
        assert done.returncode == 0, done.stderr
        result: dict[str, object] = json.loads(done.stdout)
        return result

    created = tablelog("new", "ladder", "-p", "Anna", "-p", "Bo", "--seed", "3")
    listed = tablelog("moves", str(created["game"]))
    assert listed["moves"], "a seeded Ladder game starts with moves to make"
    first = listed["moves"][0]["notation"]  # type: ignore[index]
    tablelog("play", str(created["game"]), first)
