"""Bad input to ``tablelog``: the right exit status, a sentence, and nothing written."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from click.testing import CliRunner

from tablelog.ledger import Ledger
from tests.cli.clitools import new_game, run, run_json, snapshot
from tests.helpers import HEARTS_DEAL

# -- bad input: the right exit status, a message, and nothing written ----------------------


@pytest.fixture
def dealt(runner: CliRunner) -> str:
    """A physical game dealt by hand: hearts are trump, Bo leads."""
    game = str(new_game(runner))
    run(runner, "play", game, *HEARTS_DEAL.split())
    return game


@pytest.mark.parametrize(
    ("move", "code", "message"),
    [
        ("xyzzy", 2, "'xyzzy' is not a card"),
        ("7X", 2, "'7X' is not a card"),
        ("Zed 3H", 2, "'Zed' is not a player"),
        ("deal 3H KS", 2, "a deal names the 4 face-up cards"),
        ("7H", 1, "event 2 (Bo 7H): the Devil (7♥, the trump 7) may not be led"),
        ("Cai 2C", 1, "it is Bo's turn to play, not Cai's"),
        ("KS", 1, "Bo cannot hold KS: it is already known to be in Cai's hand"),
        ("AH", 1, "it is not in the Karnöffel deck"),
    ],
)
def test_a_bad_move_exits_with_a_message_and_writes_nothing(
    runner: CliRunner, dealt: str, move, code, message
):
    before = snapshot(runner)
    result = run(runner, "play", dealt, move, code=code)
    assert message in result.stderr
    assert snapshot(runner) == before


def test_a_move_starting_with_a_dash_is_one_sentence(runner: CliRunner, dealt: str):
    before = snapshot(runner)
    result = run(runner, "play", dealt, "-5H", code=2)
    assert result.stderr.strip() == (
        "Error: -5H is neither a move nor an option of play: a move never starts with '-'"
        f" (did you mean 5H?); words that do, as a note's, go after --: tablelog play {dealt}"
        " -- note -5H"
    )
    assert "Usage:" not in result.output
    assert snapshot(runner) == before
    answer = json.loads(run(runner, "play", dealt, "-5H", "--json", code=2).stdout)
    assert answer["kind"] == "bad-input"
    assert answer["exit"] == 2
    assert answer["error"].startswith("-5H is neither a move")


def test_words_that_start_with_a_dash_go_after_two_dashes(runner: CliRunner, dealt: str):
    run(runner, "play", dealt, "--", "note", "-5 points for Bo")
    assert run_json(runner, "log", dealt)["events"][-1]["notation"] == "note -5 points for Bo"


@pytest.mark.parametrize(
    ("args", "said"),
    [
        (["show", "-1"], "-1 is not an option of show: an argument that starts with '-' goes"
         " after -- (tablelog show -- -1)"),
        (["moves", "-x"], "-x is not an option of moves: an argument that starts"
         " with '-' goes after -- (tablelog moves -- -x)"),
        (["log", "--as", "Bo", "-q"], "-q is not an option of log: an argument that"
         " starts with '-' goes after -- (tablelog log --as Bo -- -q)"),
        # GAME given: after --, -x would be one argument too many, so -- is not offered
        (["moves", "{game}", "-x"], "-x is not an option of moves (tablelog moves --help)"),
        (["log", "{game}", "--as", "Bo", "-q"], "-q is not an option of log"
         " (tablelog log --help)"),
        (["list", "-x"], "-x is not an option of list (tablelog list --help)"),
    ],
)  # fmt: skip
def test_an_argument_starting_with_a_dash_is_one_sentence_naming_how_to_type_it(
    runner: CliRunner, dealt: str, args: list[str], said: str
):
    typed = [a.format(game=dealt) for a in args]
    result = run(runner, *typed, code=2)
    assert result.stderr.strip() == "Error: " + said.format(game=dealt)
    answer = json.loads(run(runner, *typed, "--json", code=2).stdout)
    assert answer == {"error": said.format(game=dealt), "kind": "bad-input", "exit": 2}


@pytest.mark.parametrize("command", ["show", "log", "moves", "replay", "play"])
def test_a_command_on_one_game_without_it_says_how_to_name_it(runner: CliRunner, command: str):
    result = run(runner, command, code=2)
    rest = " MOVE" if command == "play" else ""
    assert result.stderr.strip() == (
        f"Error: name the game: its number, or last for the newest (tablelog {command} last{rest})"
    )
    assert "Usage:" not in result.output


@pytest.mark.parametrize(
    "args",
    [
        ["show", "99"],
        ["play", "99", "7H"],
        ["moves", "nope"],
        ["log", "1.5"],
        ["verify", "99"],
        ["export", "99"],
        ["fork", "99", "--at", "0"],
    ],
)
def test_an_unknown_game_exits_2(runner: CliRunner, dealt: str, args):
    before = snapshot(runner)
    result = run(runner, *args, code=2)
    assert args[1] in result.stderr
    assert snapshot(runner) == before


def test_last_with_no_games_exits_2(runner: CliRunner, db: Path):
    result = run(runner, "show", "last", code=2)
    assert "there is no database at" in result.stderr  # a reading command creates none
    assert not db.exists()
    Ledger(db).close()  # an empty database
    result = run(runner, "show", "last", code=2)
    assert "there are no games" in result.stderr


def exported_lines(runner: CliRunner, game: str) -> list[str]:
    return run(runner, "export", game).stdout.splitlines()


@pytest.mark.parametrize(
    ("damage", "code", "message"),
    [
        (lambda lines: [*lines[:2], lines[2][:-15]], 2, "line 3: not valid JSON"),
        (lambda lines: lines[:-1], 2, "declares 2 events but the file holds 1"),
        (lambda lines: lines[1:], 2, "line 1: a tablelog file starts with a header line"),
        (lambda lines: [*lines[:2], lines[2].replace('"3H"', '"2S"')], 1, "event 2 was altered"),
    ],
    ids=["cut-mid-line", "cut-at-line", "no-header", "edited"],
)
def test_a_bad_import_exits_with_a_message_and_writes_nothing(
    runner: CliRunner, dealt: str, tmp_path: Path, damage, code, message
):
    run(runner, "play", dealt, "3H")
    lines = exported_lines(runner, dealt)
    assert '"3H"' in lines[2]
    path = tmp_path / "damaged.jsonl"
    path.write_text("\n".join(damage(lines)) + "\n", encoding="utf-8")
    fresh = CliRunner(env={"TABLELOG_DB": str(tmp_path / "fresh.db")})
    result = run(fresh, "import", path, code=code)
    assert message in result.stderr
    assert run_json(fresh, "list")["games"] == []
    verified = run(runner, "verify", path, code=code)
    assert message in verified.output


def test_importing_a_missing_file_exits_2(runner: CliRunner, tmp_path: Path):
    result = run(runner, "import", tmp_path / "nothing.jsonl", code=2)
    assert "does not exist" in result.stderr


def test_verify_json_of_a_broken_file_lists_the_problem(
    runner: CliRunner, dealt: str, tmp_path: Path
):
    run(runner, "play", dealt, "3H")
    lines = exported_lines(runner, dealt)
    path = tmp_path / "edited.jsonl"
    path.write_text("\n".join([*lines[:2], lines[2].replace('"3H"', '"2S"')]), encoding="utf-8")
    result = run(runner, "verify", path, "--json", code=1)
    data = json.loads(result.stdout)
    assert data["ok"] is False and data["events"] == 2
    assert data["problems"] and data["problems"][0].startswith("event 2")


@pytest.mark.parametrize(
    ("typed", "example"), [("{game}", "{game} MOVE"), ("last", "last MOVE"), ("7H", "last 7H")]
)
def test_play_without_a_move_names_the_game_typed(
    runner: CliRunner, dealt: str, typed: str, example: str
):
    result = run(runner, "play", typed.format(game=dealt), code=2)
    assert result.stderr.strip() == (
        "Error: no move given: name the game, then the move: tablelog play "
        + example.format(game=dealt)
    )
