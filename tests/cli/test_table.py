"""The CLI at the table (issue 12): the picture ``show`` draws, the trick and the deal
written out, forks, no hidden card in public output, names, suggestions, native cards."""

from __future__ import annotations

import json
import re
from typing import Any

import pytest
from click.testing import CliRunner

from tests.cli.clitools import NEW, new_game, play_first_moves, run, run_json
from tests.club import RULE_SETS
from tests.helpers import CLUBS_DEAL, PLAYERS


def _play_first(runner: CliRunner, game: int | str, count: int) -> list[str]:
    outputs = []
    for _ in range(count):
        notation = run_json(runner, "moves", str(game))["moves"][0]["notation"]
        outputs.append(run(runner, "play", str(game), notation).output)
    return outputs


# -- show: a picture of the table, no Python showing through --------------------------------


def test_show_draws_the_table_without_python_leaking_through(runner: CliRunner):
    game = new_game(runner)
    run(runner, "play", str(game), CLUBS_DEAL)
    run(runner, "play", str(game), "QS")
    out = run(runner, "show", str(game)).output
    for leak in ("None", "won:0", "won:1", "trump C", "{", "[", "True", "False"):
        assert leak not in out, f"{leak!r} in the picture:\n{out}"
    assert len(re.findall(r"\btrick:", out)) == 1  # the trick in play, once
    assert "trump ♣" in out
    assert "trick: Bo Q♠" in out  # who played what
    assert re.search(r"hand: 9♥ ▮▮▮(\s|$)", out)  # Bo's up-card and three face down
    lines = out.splitlines()
    seat = {n: re.compile(rf"(^|\s\s){n}(\s\s|$)") for n in PLAYERS}  # a seat's name alone
    row = {n: next(i for i, line in enumerate(lines) if seat[n].search(line)) for n in PLAYERS}
    assert row["Anna"] > row["Cai"]  # everyone's picture: the first seat at the bottom
    assert row["Bo"] == row["Dina"]  # Bo and Dina at its sides


@pytest.mark.parametrize("rules", RULE_SETS)
def test_no_game_shows_python_in_its_picture_as_it_is_played(runner: CliRunner, rules: str):
    players = PLAYERS if rules == "karnoffel" else PLAYERS[:3]
    names = [arg for name in players for arg in ("-p", name)]
    game = run_json(runner, "new", rules, *names, "--seed", "3")["game"]
    for moves in range(12):
        out = run(runner, "show", str(game)).output
        for leak in ("None", "[", "]", "{", "'", "True", "False"):
            assert leak not in out, f"{leak!r} after {moves} moves of {rules}:\n{out}"
        play_first_moves(runner, game, 1)


def test_play_names_a_player_once_when_the_notation_names_them(runner: CliRunner):
    game = run_json(runner, "new", "vriddiot", "-p", "Anna Berg", "-p", "Bo", "-p", "Cai")["game"]
    run(runner, "play", str(game), "deal 9H 9S 3C KD 4H 5S 7C 8D 2H")
    out = run(runner, "play", str(game), "Anna Berg 5H").output  # anyone may lead: named
    assert f"game {game} event 2: Anna Berg 5♥\n" in out and "by Anna" not in out


def test_show_says_nordekasino_scores_before_the_end_are_as_they_stand(runner: CliRunner):
    run(runner, "new", "nordekasino", "-p", "Anna", "-p", "Bo", "-p", "Cai", "--seed", "3")
    out = run(runner, "show", "last").output
    words = " ".join(out.split())
    assert "scores so far, with most cards and most spades as they stand now" in words
    assert "Anna 0 points, 0 sweeps" in words
    assert re.search(r"pile 1: 8♣", out)


# -- the trick winner and the end of a deal, in play, log and replay ------------------------


def test_play_log_and_replay_say_who_took_the_trick_and_when_the_deal_ends(runner: CliRunner):
    game = new_game(runner, "--seed", "1", "-o", "target=2")
    outputs = _play_first(runner, game, 20)
    assert "Bo takes trick 1 (2♦ 3♣ K♦ 8♥)" in outputs[3]
    assert "Anna takes trick 5 (2♠ Q♥ 5♣ 4♠)" in outputs[19]
    assert "deal 1 is over; the score: Anna & Cai 0, Bo & Dina 1" in outputs[19]
    # the dealer's next deal, as play prints it: the face-up cards, no hidden hand
    assert "event 22: deal 10♠ 6♠ 9♦ 7♦\n" in outputs[19]
    log = run_json(runner, "log", str(game))["events"]
    assert log[4]["happened"] == ["Bo takes trick 1 (2♦ 3♣ K♦ 8♥)"]
    replay = " ".join(run(runner, "replay", str(game)).output.split())
    assert "Bo takes trick 1 (2♦ 3♣ K♦ 8♥)" in replay and "deal 1 is over" in replay


# -- fork --------------------------------------------------------------------------------


def test_a_fork_says_whose_fork_it_is_and_does_not_become_last(runner: CliRunner):
    game = new_game(runner, "--seed", "1")
    _play_first(runner, game, 3)
    out = run(runner, "fork", "last", "--at", "2").output
    assert out.startswith("game 2: a fork of game 1 at event 2")
    assert run_json(runner, "show", "last")["game"] == 1
    _play_first(runner, "last", 1)
    assert run_json(runner, "show", "1")["seq"] == 5
    assert run_json(runner, "show", "2")["seq"] == 2


# -- no hidden card in public output -----------------------------------------------------


def test_log_and_replay_show_a_seeded_deal_as_the_table_saw_it(runner: CliRunner):
    game = new_game(runner, "--seed", "1")
    hands = run_json(runner, "show", str(game), "--as", "Bo")["zones"][1]["cards"]
    public = run_json(runner, "log", str(game))["events"][0]["notation"]
    assert public == "deal 2D 3C KD 8H"  # the face-up cards only
    assert not any(card in public.split() for card in hands[1:])
    bos = run_json(runner, "log", str(game), "--as", "Bo")["events"][0]["notation"]
    assert bos.startswith(f"deal Bo:{','.join(hands)} Cai:3C,?,?,?,?")
    replayed = run_json(runner, "replay", str(game), "--as", "Cai")
    assert replayed["as"] == "Cai" and "Cai:3C,7D" in replayed["events"][0]["notation"]
    shown = run(runner, "replay", str(game)).output
    assert "KS" not in shown and "4H" not in shown


# -- names -------------------------------------------------------------------------------


@pytest.mark.parametrize("name", ["Deal", "table", "7H", "hjerter dame", "?", "undo"])
def test_a_player_name_that_clashes_with_the_notation_is_refused_at_new(
    runner: CliRunner, name: str
):
    result = run(runner, "new", "karnoffel", "-p", name, "-p", "Bo", "-p", "C", "-p", "D", code=2)
    assert f"a player may not be called {name!r}" in result.output
    assert run_json(runner, "list")["games"] == []


def test_did_you_mean_for_players_rule_names_and_options(runner: CliRunner):
    game = new_game(runner)
    run(runner, "play", str(game), CLUBS_DEAL)
    assert "did you mean 'Bo'?" in run(runner, "play", str(game), "Bob", "QS", code=2).output
    assert "did you mean 'Bo'?" in run(runner, "show", str(game), "--as", "Bob", code=2).output
    out = run(runner, "new", "karnofel", "-p", "A", code=2).output
    assert "did you mean 'karnoffel'?" in out
    out = run(runner, "new", "nordekasino", "-p", "A", "-p", "B", "-o", "deks=2", code=2).output
    assert "did you mean 'decks'?" in out
    assert run_json(runner, "new", "Karnöffel", *NEW[2:])["rules"] == "karnoffel"


def test_play_without_a_game_says_to_name_the_game(runner: CliRunner):
    out = run(runner, "play", "7H", code=2).output
    assert "name the game, then the move: tablelog play last 7H" in out


# -- native card names and --lang ----------------------------------------------------------


def test_native_card_names_are_played_and_written_in_the_chosen_language(runner: CliRunner):
    game = new_game(runner)
    run(runner, "play", str(game), "deal", "hjerter", "9", "kløver", "10", "Kreuz", "8", "10H")
    run(runner, "play", str(game), "spar dame")
    out = run(runner, "--lang", "de", "play", str(game), "Cai Kreuz 10").output
    assert "event 3: Cai Kreuz 10" in out
    data: Any = json.loads(run(runner, "log", str(game), "--json").stdout)
    assert [e["notation"] for e in data["events"]] == ["deal 9H 10C 8C 10H", "QS", "10C"]
