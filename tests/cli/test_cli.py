"""The ``tablelog`` command through click's runner: JSON shapes, exit statuses, no stray writes."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import click
import pytest
from click.testing import CliRunner

from tablelog.cli.main import cli
from tests.cli.clitools import NEW, new_game, play_first_moves, run, run_json, snapshot
from tests.helpers import CLUBS_DEAL, PLAYERS

# -- every command ------------------------------------------------------------------------


def test_every_command_has_help_text(runner: CliRunner):
    assert cli.help
    context = click.Context(cli)
    names = cli.list_commands(context)
    assert {"games", "new", "play", "moves", "show", "log", "list", "replay"} <= set(names)
    assert {"verify", "export", "import", "fork", "fuzz", "record", "diff", "stats"} <= set(names)
    for name in names:
        command = cli.get_command(context, name)
        assert command is not None, f"`tablelog {name}` cannot be loaded"
        assert command.help and command.help.strip(), f"`tablelog {name}` has no help text"
        for param in command.params:
            if isinstance(param, click.Option) and not param.hidden:
                assert param.help, f"`tablelog {name} {param.opts[0]}` has no help text"
        result = run(runner, name, "--help")
        assert command.help.split("\n")[0].strip()[:30] in " ".join(result.output.split())


def test_games_lists_karnoffel_and_its_options(runner: CliRunner):
    data = run_json(runner, "games")
    (karnoffel,) = [r for r in data if r["name"] == "karnoffel"]
    assert karnoffel["players"] == [4, 4]
    names = {o["name"] for o in karnoffel["options"]}
    assert {"trump_selection", "target", "stop_at_three"} <= names


def test_new_gives_the_game_and_a_seeded_deal(runner: CliRunner):
    data = run_json(runner, *NEW, "--seed", "3", "-o", "target=2", "--dealer", "Cai")
    assert data["game"] == 1
    assert data["seq"] == 1 and data["seeded"] is True
    assert data["options"]["target"] == 2
    assert dict(data["table"]["facts"])["dealer"] == "Cai"
    assert data["to_act"] == ["Dina"]  # left of the dealer leads
    physical = run_json(runner, *NEW)
    assert physical["game"] == 2 and physical["seq"] == 0 and physical["seeded"] is False


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["-o", "colour=red"], "unknown option 'colour'"),
        (["-o", "target"], "an option is KEY=VALUE, not 'target'"),
        (["--dealer", "Zed"], "the dealer 'Zed' is not one of the players"),
        (["-p", "Eve"], "played by 4 players, not 5"),
    ],
)
def test_new_with_bad_options_exits_2_and_writes_nothing(runner: CliRunner, args, message):
    new_game(runner)
    before = snapshot(runner)
    result = run(runner, *NEW, *args, code=2)
    assert message in result.stderr
    assert snapshot(runner) == before


def test_new_with_unknown_rules_exits_2(runner: CliRunner):
    result = run(runner, "new", "whist", "-p", "A", code=2)
    assert "no rule set called 'whist'" in result.stderr


# -- moves, play, show --------------------------------------------------------------------


def test_moves_json_shape(runner: CliRunner):
    game = new_game(runner, "--seed", "3")
    data = run_json(runner, "moves", str(game))
    assert data["game"] == game and data["over"] is False
    assert data["moves"]
    for move in data["moves"]:
        assert isinstance(move["notation"], str) and move["notation"]
        assert move["actor"] == "Bo"
        assert move["type"] == "play"


def test_every_listed_move_is_accepted_by_play_exactly_as_given(runner: CliRunner):
    game = str(new_game(runner, "--seed", "3"))
    tried = 0
    for _ in range(3):
        listed = run_json(runner, "moves", game)["moves"]
        for move in listed:
            played = run_json(runner, "play", game, move["notation"])
            assert played["written"][0]["notation"] == move["notation"]
            assert played["written"][0]["actor"] == move["actor"]
            run(runner, "play", game, "undo")
            tried += 1
        run(runner, "play", game, listed[0]["notation"])
    assert tried >= 10


def test_a_physical_games_chance_step_is_listed_and_accepted(runner: CliRunner):
    game = str(new_game(runner))
    (step,) = run_json(runner, "moves", game)["moves"]
    assert step["chance"] is True and step["actor"] is None
    assert step["notation"] == "deal CARD CARD CARD CARD"  # the form: no card made up
    played = run_json(
        runner,
        "play",
        game,
        step["notation"].replace("CARD", "{}").format("9H", "10C", "8C", "10H"),
    )
    assert played["written"][0]["type"] == "deal"
    assert played["seq"] == 1


def test_show_json_keys(runner: CliRunner):
    game = new_game(runner, "--seed", "3")
    data = run_json(runner, "show", str(game))
    assert {"game", "rules", "seq", "over", "outcome", "head"} <= set(data)
    assert (data["game"], data["rules"], data["seq"], data["over"]) == (game, "karnoffel", 1, False)
    assert data["outcome"] is None
    assert isinstance(data["head"], str) and len(data["head"]) == 10
    assert data["head"] == snapshot(runner)["games"][0]["head"]


def test_show_as_a_player_hides_the_other_hands(runner: CliRunner):
    game = str(new_game(runner, "--seed", "3"))
    play_first_moves(runner, int(game), 2)

    def hand(data: dict[str, Any], seat: int) -> dict[str, Any]:
        return next(z for z in data["zones"] if z["zone"] == f"hand:{seat}")

    annas = run_json(runner, "show", game, "--at", "1", "--as", "Anna")
    anna_cards = hand(annas, 0)["cards"]
    assert len(anna_cards) == 5 and hand(annas, 0)["hidden"] == 0
    bo_sees = run_json(runner, "show", game, "--at", "1", "--as", "Bo")["table"]
    (upcard,) = next(s for s in bo_sees["seats"] if s["name"] == "Anna")["places"][0]["known"]
    face_down = set(anna_cards) - {upcard}
    assert len(face_down) == 4

    bos = run_json(runner, "show", game, "--at", "1", "--as", "bo")
    assert (bos["seq"], bos["as"]) == (1, "Bo")
    assert hand(bos, 0) == {"zone": "hand:0", "cards": [upcard], "hidden": 4}
    seen_by_bo = {card for zone in bos["zones"] for card in zone["cards"]}
    assert seen_by_bo.isdisjoint(face_down)
    assert len(hand(bos, 1)["cards"]) == 5  # Bo sees his own hand

    now = run_json(runner, "show", game, "--as", "Bo")
    assert now["seq"] == 3 and len(hand(now, 1)["cards"]) == 4  # Bo has played one card


def test_show_as_an_unknown_player_exits_2(runner: CliRunner):
    game = str(new_game(runner, "--seed", "3"))
    result = run(runner, "show", game, "--as", "Zed", code=2)
    assert "'Zed' does not play in game 1" in result.stderr


# -- log, list, replay --------------------------------------------------------------------


def test_log_list_and_replay(backend_runner: CliRunner):
    runner = backend_runner  # on SQLite and on PostgreSQL
    game = str(new_game(runner, "--seed", "3"))
    play_first_moves(runner, int(game), 2)
    run(runner, "play", game, "note", "a", "comment")
    run(runner, "play", game, "undo")

    log = run_json(runner, "log", game)
    rows = log["events"]
    assert [r["seq"] for r in rows] == [1, 2, 3, 4, 5]
    assert [r["type"] for r in rows] == ["deal", "play", "play", "note", "undo"]
    assert [r["effective"] for r in rows] == [True, True, False, True, True]
    assert rows[3]["notation"] == "note a comment"
    assert rows[1]["actor"] == "Bo" and rows[0]["actor"] is None
    assert "undone" in run(runner, "log", game).stdout

    (summary,) = snapshot(runner)["games"]
    assert summary["game"] == 1 and summary["events"] == 5 and summary["over"] is False
    assert summary["players"] == list(PLAYERS)
    assert summary["head"] == rows[-1]["hash"]
    assert "karnoffel" in run(runner, "list").stdout

    replay = run_json(runner, "replay", game, "--to", "2")
    assert replay["to"] == 2
    assert [r["seq"] for r in replay["events"]] == [1, 2]
    assert replay["events"][1]["table"]["turn"] == ["Cai"]
    assert replay["events"][0]["table"]["turn"] == ["Bo"]
    assert "Bo" in run(runner, "replay", game, "--to", "2").stdout


# -- verify, export, import ---------------------------------------------------------------


def test_verify_a_stored_game(runner: CliRunner):
    game = str(new_game(runner, "--seed", "3"))
    play_first_moves(runner, int(game), 3)
    data = run_json(runner, "verify", game)
    assert data["ok"] is True and data["events"] == 4 and data["problems"] == []
    assert "ok, 4 events" in run(runner, "verify", game).stdout


def test_export_import_and_verify_a_file(runner: CliRunner, tmp_path: Path):
    game = str(new_game(runner, "--seed", "3"))
    play_first_moves(runner, int(game), 3)
    original = snapshot(runner)["games"][0]
    exported = run(runner, "export", game, "--format", "jsonl").stdout
    assert len(exported.splitlines()) == 1 + 4
    path = tmp_path / "game.jsonl"
    path.write_text(exported, encoding="utf-8")

    data = run_json(runner, "verify", path)
    assert data == {
        "ok": True,
        "events": 4,
        "problems": [],
        "head": original["head"],
        "not_covered": ["created"],
    }

    elsewhere = CliRunner(env={"TABLELOG_DB": str(tmp_path / "elsewhere.db")})
    assert run_json(elsewhere, "import", path) == {
        "games": [1],
        "extended": [],
        "skipped": [],
        "refused": [],
    }
    (copy,) = run_json(elsewhere, "list")["games"]
    assert {k: copy[k] for k in ("events", "head", "created")} == {
        k: original[k] for k in ("events", "head", "created")
    }
    assert run(elsewhere, "export", "1").stdout == exported

    # the same file into the same database again: refused, nothing written
    result = run(elsewhere, "import", path, code=1)
    assert "already in the database as game 1" in result.stderr
    assert len(run_json(elsewhere, "list")["games"]) == 1


def test_export_all_to_a_file(runner: CliRunner, tmp_path: Path):
    new_game(runner, "--seed", "3")
    new_game(runner)
    target = tmp_path / "all.jsonl"
    run(runner, "export", "--all", "-o", target)
    headers = [line for line in target.read_text().splitlines() if '"format"' in line]
    assert len(headers) == 2
    run(runner, "export", code=2)  # neither GAME nor --all


# -- a physical game recorded from the CLI alone --------------------------------------------


def test_record_a_whole_physical_game_from_the_cli(backend_runner: CliRunner):
    runner = backend_runner  # on SQLite and on PostgreSQL
    game = str(new_game(runner))
    run(runner, "play", game, *CLUBS_DEAL.split())
    shown = run_json(runner, "show", game)
    assert dict(shown["table"]["facts"])["trump"] == "♣" and shown["to_act"] == ["Bo"]
    hands = [s["places"][0] for s in shown["table"]["seats"]]  # as everyone: the up-cards
    upcards = {card for hand in hands for card in hand["known"]}
    assert upcards == {"9H", "10C", "8C", "10H"}

    from_face_down = []
    for _ in range(40):
        listed = run_json(runner, "moves", game)
        if listed["over"]:
            break
        move = listed["moves"][-1]  # the last listed: a card from the face-down cards
        hidden_before = _hidden(run_json(runner, "show", game), move["actor"])
        played = run_json(runner, "play", game, move["notation"])
        if _hidden(played, move["actor"]) < hidden_before:
            from_face_down.append(move["notation"])
    final = run_json(runner, "show", game)
    assert final["over"] is True and final["seq"] == 21
    assert final["outcome"]["winners"] in (["Anna", "Cai"], ["Bo", "Dina"])
    assert len(from_face_down) >= 4
    assert not upcards & set(from_face_down)
    over = {"game": 1, "over": True, "moves": [], "complete": True, "count": 0}
    listed = run_json(runner, "moves", game)
    assert {key: listed[key] for key in over} == over and listed["whose"] == []
    assert run_json(runner, "verify", game)["ok"] is True
    result = run(runner, "play", game, "2S", code=1)
    assert "the game is over" in result.stderr


def _hidden(show: dict[str, Any], player: str) -> int:
    seat = show["players"].index(player)
    return next(z["hidden"] for z in show["zones"] if z["zone"] == f"hand:{seat}")
