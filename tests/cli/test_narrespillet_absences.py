"""Narrespillet's absences from the command line: ``play`` refuses the card a Hierophant
pass denied, and ``verify`` of a JSON Lines file written behind the tool's back names the
pass (issue 13)."""

from __future__ import annotations

from pathlib import Path

from click.testing import CliRunner

from tablelog.ledger import Ledger
from tablelog.replay.codec import encode_event
from tablelog.replay.games import Games
from tablelog.rules.events import Event
from tablelog.rules.narrespillet import RULES
from tests.cli.clitools import run, run_json
from tests.replay.test_narrespillet_absences import COINS_PASS, DEAL, HIEROPHANT_COINS

PLAYERS = ["-p", "Anna", "-p", "Bo", "-p", "Cai", "-p", "Dina"]


def coins_pass(runner: CliRunner) -> str:
    """Anna's Hierophant names Coins, Bo shows CoK and passes (event 4); Bo to act."""
    game = str(run_json(runner, "new", "narrespillet", *PLAYERS, "--dealer", "Dina")["game"])
    for text in (DEAL.format(anna="T17,T5,Sw2,Sw3,St2,St3"), *HIEROPHANT_COINS):
        run(runner, "play", game, text)
    return game


def test_play_refuses_a_card_the_pass_denied_and_show_says_what_was_claimed(runner: CliRunner):
    game = coins_pass(runner)
    shown = run_json(runner, "show", game)
    assert shown["table"]["claims"] == [
        "Bo held no number or court card of Coins face down at event 4 "
        "(Bo passed for Anna's Hierophant)"
    ]
    before = shown["head"]
    result = run(runner, "play", game, "Bo show CoQ", code=1)
    # event 12: each refill typed after the tool entered it face down replaces it (an undo)
    assert f"event 12 (Bo show CoQ): {COINS_PASS}" in " ".join(result.output.split())
    assert run_json(runner, "show", game)["head"] == before  # nothing written


def test_verify_of_a_file_with_the_broken_pass_names_it(
    runner: CliRunner, db: Path, tmp_path: Path
):
    game = coins_pass(runner)
    with Ledger(db) as ledger:  # "Bo show CoQ" written without the rules' check
        loaded = Games(ledger).load(int(game))
        move = RULES.parse("Bo show CoQ", loaded.state)
        event = Event(loaded.seq + 1, move.actor, move.payload)
        ledger.append(int(game), loaded.seq + 1, [encode_event(RULES, event)])
    path = tmp_path / "game.jsonl"
    run(runner, "export", game, "-o", path)
    result = run(runner, "verify", path, code=1)
    assert f"event 12 (Bo show CoQ): {COINS_PASS}" in " ".join(result.output.split())
    data = run_json_failing(runner, "verify", path)
    assert not data["ok"] and len(data["problems"]) == 1
    assert data["problems"][0] == f"event 12 (Bo show CoQ): {COINS_PASS}"


def run_json_failing(runner: CliRunner, *args: str | Path):  # type: ignore[no-untyped-def]
    import json

    return json.loads(run(runner, *args, "--json", code=1).stdout)
