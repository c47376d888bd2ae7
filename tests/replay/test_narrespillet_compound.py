"""Narrespillet's decisions said in one breath, typed as one entry (issue 23,
``rules/narrespillet/compound.py``): the log holds the same events as the moves typed one
by one."""

from __future__ import annotations

from pathlib import Path

import pytest

from tablelog.replay.games import Games
from tablelog.replay.headers import make_header
from tablelog.replay.jsonl import parse_lines
from tablelog.replay.merge import import_games
from tablelog.replay.notation import format_event_move
from tablelog.rules.errors import NotationError, RefusedMove
from tests.rules.narrespillet_helpers import PLAYERS, RULES

DEAL = "deal Anna:{anna} Bo:?,?,?,?,?,? Cai:Sw5,Sw6,St5,St6,Cu5,Cu6 Dina:Co5,Co6,Sw7,St7,Cu7,Co7"


def physical(games: Games, *lines: str, anna: str = "T17,T5,Sw2,Sw3,St2,St3") -> int:
    """A physical game of four, Anna first, Bo's six cards dealt face down; then ``lines``."""
    game = games.create(make_header(RULES, PLAYERS, {}, dealer=3)).id
    for text in (DEAL.format(anna=anna), *lines):
        games.play(game, text)
    return game


def log(games: Games, game: int) -> list[str]:
    loaded = games.load(game)
    players = loaded.header.players
    return [
        format_event_move(loaded.rules, e.move, loaded.timeline[i], players)
        for i, e in enumerate(loaded.events)
    ]


def same_as_typed_apart(
    games: Games, whole: str, *apart: str, anna: str = "T17,T5,Sw2,Sw3,St2,St3"
):  # type: ignore[no-untyped-def]
    one = physical(games, anna=anna)
    games.play(one, whole)
    other = physical(games, *apart, anna=anna)
    assert log(games, one) == log(games, other)
    return log(games, one)


def test_the_star_its_call_and_the_tables_answer_are_one_entry(games: Games):
    written = same_as_typed_apart(
        games, "Anna play T17 T13 Bo", "Anna play T17", "Anna call T13", "answer Bo"
    )
    assert written[1:4] == ["Anna play T17", "Anna call T13", "answer Bo"]


def test_a_failed_attempt_and_the_next_in_one_entry(games: Games):
    written = same_as_typed_apart(
        games,
        "Anna play T17 SwK nobody SwQ Bo",
        *("Anna play T17", "Anna call SwK", "answer nobody", "Anna call SwQ", "answer Bo"),
    )
    assert "answer nobody" in written and written.count("answer Bo") == 1


def test_a_known_card_is_not_asked_but_its_holder_is_checked(games: Games):
    written = same_as_typed_apart(games, "Anna play T17 Co5 Dina", "Anna play T17", "Anna call Co5")
    assert not any(line.startswith("answer") for line in written)
    game = physical(games)
    with pytest.raises(
        RefusedMove, match="Co5 is known to be with Dina: the call takes it from there, not from Bo"
    ):
        games.play(game, "Anna play T17 Co5 Bo")
    assert len(games.load(game).events) == 1  # nothing written


def test_a_holder_who_cannot_hold_the_card_is_refused(games: Games):
    game = physical(games)
    with pytest.raises(RefusedMove, match="Cai cannot hold T13 face down: only Bo or nobody"):
        games.play(game, "Anna play T17 T13 Cai")
    with pytest.raises(NotationError, match="'Xyz' is neither a card nor a player"):
        games.play(game, "Anna call T13 Xyz")
    with pytest.raises(
        RefusedMove, match="Bo cannot hand over Sw2: it is already known to be in Anna's hand"
    ):
        games.play(game, "Anna play T17 Sw2 Bo")
    assert len(games.load(game).events) == 1  # nothing written


def test_the_hierophant_and_what_is_shown_are_one_entry(games: Games):
    written = same_as_typed_apart(
        games, "Anna play T5 fool Bo", "Anna play T5 fool", "Bo reveal FOOL"
    )
    assert written[1:3] == ["Anna play T5 fool", "Bo reveal FOOL"]
    same_as_typed_apart(
        games, "Anna play T5 Co Bo CoA CoK", "Anna play T5 Co", "Bo reveal CoA", "Bo reveal CoK"
    )


def test_a_hermit_turn_and_its_move_are_one_entry(games: Games):
    anna = "T9,T5,Sw2,Sw3,St2,St3"
    whole = physical(games, "Anna play T9", anna=anna)
    apart = physical(games, "Anna play T9", anna=anna)
    games.play(whole, "Anna hermit discard St2")  # in Bo's turn: "når som helst i spillet"
    for text in ("Anna hermit", "Anna discard St2"):
        games.play(apart, text)
    assert log(games, whole) == log(games, apart)
    assert "Anna hermit" in log(games, whole)


def test_the_wheels_discards_are_one_entry(games: Games):
    anna = "T10,T5,Sw2,Sw3,St2,St3"
    whole = physical(games, "Anna play T10 3", anna=anna)
    apart = physical(games, "Anna play T10 3", anna=anna)
    games.play(whole, "Anna discard Sw2 Sw3")
    for card in ("Sw2", "Sw3"):
        games.play(apart, f"Anna discard {card}")
    assert log(games, whole) == log(games, apart)


def test_everyone_agreeing_to_a_new_stock_is_one_entry(games: Games):
    """The Spilleksempel up to the vote (as typed now, fixtures/typed/), then "alle
    spillerne godtar det" typed once: each asked player's vote, as if typed one by one."""
    typed = Path(__file__).resolve().parents[2] / "fixtures" / "typed"
    fixture = (typed / "narrespillet-spilleksempel.jsonl").read_text(encoding="utf-8")
    header = games.load(import_games(games.ledger, parse_lines(fixture.splitlines()))[0].id).header
    lines = (typed / "narrespillet-spilleksempel.txt").read_text(encoding="utf-8").splitlines()
    before = lines[: lines.index("Irmgard vote no")]
    whole, apart = games.create(header).id, games.create(header).id
    for line in before:
        games.play(whole, line)
        games.play(apart, line)
    with pytest.raises(RefusedMove, match="nobody has asked for a new stock"):
        games.play(physical(games), "all vote yes")
    games.play(whole, "all vote yes")
    asked = [p for p in header.players if p != "Demons"]
    for name in asked:
        games.play(apart, f"{name} vote yes")
    assert log(games, whole) == log(games, apart)
    assert sum(1 for line in log(games, whole) if line.endswith("vote yes")) == len(asked)
