"""The CLI as a hostile user meets it: markup in names, the exit-status contract, errors
under ``--json``, the last guard, retries, stale moves and tampered logs."""

from __future__ import annotations

import json
import sqlite3
from pathlib import Path

import click
import pytest
from click.testing import CliRunner

from tablelog.cli.main import cli
from tests.cli.clitools import NEW, new_game, run, run_json, snapshot


@pytest.fixture
def runner(db: Path) -> CliRunner:
    """A runner with a wide terminal, so that tables do not wrap what is looked for."""
    return CliRunner(env={"TABLELOG_DB": str(db), "COLUMNS": "400"})


def first_move(runner: CliRunner, game: int | str) -> str:
    return str(run_json(runner, "moves", str(game))["moves"][0]["notation"])


# -- user text is data ----------------------------------------------------------------------


@pytest.mark.parametrize("name", ["[/]", "[red]Bo", "[bold]x[/bold]", "a\\", "[link=x]y"])
def test_markup_in_a_name_or_note_is_printed_as_typed(runner: CliRunner, name: str):
    players = ["-p", name, "-p", "Bo2", "-p", "Cai", "-p", "Dina"]
    created = run(runner, "new", "karnoffel", *players, "--seed", "1")
    assert name in created.stdout
    note = f"note see {name} here [/]"
    assert note in run(runner, "play", "last", note).stdout
    for command in ("show", "log", "list", "replay"):
        args = [command] if command == "list" else [command, "last"]
        out = run(runner, *args).stdout
        assert name in out, f"{command} dropped or ate {name!r}"
    assert note.removeprefix("note ") in run(runner, "log", "last").stdout


def test_control_characters_in_a_name_or_note_are_refused(runner: CliRunner):
    run(runner, "new", "karnoffel", "-p", "A\x1b[2J", "-p", "B", "-p", "C", "-p", "D", code=2)
    game = new_game(runner, "--seed", "1")
    before = snapshot(runner)
    result = run(runner, "play", str(game), "note \x1b[31mred", code=2)
    assert "control characters" in result.stderr
    assert snapshot(runner) == before


# -- the exit-status contract ---------------------------------------------------------------


def nordekasino(runner: CliRunner) -> str:
    run(runner, "new", "nordekasino", "-p", "Anna", "-p", "Bo", "-p", "Cai", "--seed", "3")
    return "last"


@pytest.mark.parametrize(
    ("move", "code", "words"),
    [
        ("build 7H =²", 2, "written with the digits 0-9"),
        ("build 7H 8C =²", 2, "written with the digits 0-9"),
        ("build 7H =①", 2, "written with the digits 0-9"),
        ("build 7H 8C =more ٣", 2, "written with the digits 0-9"),
        ("build 7H 8C =" + "7" * 40, 2, "at most 6 of them"),
        ("build 7H =" + "9" * 5000, 2, "at most 2000 characters"),
        ("build 7H =" + "9" * 900, 2, "written with the digits 0-9"),
        ("build 7H =" + "(" * 3000, 2, "at most 2000 characters"),
        ("build 7H =" + "(" * 600, 2, "nested more than"),
        ("take 7H #" + "9" * 40, 2, "a pile number is # and a number"),
        ("take 7H #99", 1, "there is no pile #99"),
        ("take 7H 10C", 1, "10C is not on the table"),
        ("zz", 2, "is not a Nørdekasino move"),
    ],
)
def test_nordekasino_refusals_and_garbles_exit_1_and_2(
    runner: CliRunner, move: str, code: int, words: str
):
    game = nordekasino(runner)
    before = snapshot(runner)
    result = run(runner, "play", game, move, code=code)
    assert words in result.stderr
    assert len(result.stderr.strip().splitlines()) == 1
    assert snapshot(runner) == before


def test_an_illegal_build_exits_1_with_or_without_its_value(runner: CliRunner):
    game = nordekasino(runner)  # seed 3: Bo holds 7H KD 3D 7S; the table is 8C and 10H
    before = snapshot(runner)
    bare = run(runner, "play", game, "build 3D 8C", code=1)
    assert "no value you hold" in bare.stderr
    valued = run(runner, "play", game, "build 3D 8C =11", code=1)
    assert "event 2" in valued.stderr
    assert snapshot(runner) == before


def test_errors_under_json_are_json_with_their_kind(runner: CliRunner):
    game = new_game(runner, "--seed", "1")
    garbled = run(runner, "play", str(game), "zz", "--json", code=2)
    assert json.loads(garbled.stdout) == {
        "error": json.loads(garbled.stdout)["error"],
        "kind": "bad-input",
        "exit": 2,
    }
    illegal = run(runner, "play", str(game), "undo", "--json", code=1)
    assert json.loads(illegal.stdout)["kind"] == "refused"
    usage = run(runner, "moves", str(game), "--limit", "0", "--json", code=2)
    assert json.loads(usage.stdout)["kind"] == "bad-input"
    missing = run(runner, "show", "99", "--json", code=2)
    assert "no game 99" in json.loads(missing.stdout)["error"]


def test_the_last_guard_turns_a_bug_into_one_line_and_exit_3(
    runner: CliRunner, monkeypatch: pytest.MonkeyPatch
):
    from tablelog.replay import games

    def broken(*args: object, **kwargs: object) -> None:
        raise KeyError("a bug")

    new_game(runner, "--seed", "1")
    monkeypatch.setattr(games.Games, "load", broken)
    result = run(runner, "show", "last", code=3)
    assert result.stderr.startswith("Error: internal error (KeyError")
    assert len(result.stderr.strip().splitlines()) == 1
    as_json = run(runner, "show", "last", "--json", code=3)
    assert json.loads(as_json.stdout)["kind"] == "internal"


# -- retries and stale moves ------------------------------------------------------------------


def test_a_retried_play_is_answered_with_the_stored_event(runner: CliRunner):
    game = str(new_game(runner, "--seed", "1"))
    move = first_move(runner, game)
    first = run_json(runner, "play", game, move, "--id", "r1")
    after = snapshot(runner)
    again = run_json(runner, "play", game, move, "--id", "r1")
    assert again["retried"] is True and first["retried"] is False
    assert again["written"][0]["seq"] == first["written"][0]["seq"]
    assert snapshot(runner) == after
    other = first_move(runner, game)
    refused = run(runner, "play", game, other, "--id", "r1", code=1)
    assert f"was already recorded as event {first['written'][0]['seq']}" in refused.stderr
    assert snapshot(runner) == after


def test_a_stale_move_is_refused_naming_what_was_recorded_since(runner: CliRunner):
    game = str(new_game(runner, "--seed", "1"))
    seen = run_json(runner, "show", game)
    move = first_move(runner, game)
    run(runner, "play", game, move, "--after", str(seen["seq"]))
    before = snapshot(runner)
    stale = run(runner, "play", game, first_move(runner, game), "--after", seen["head"], code=1)
    assert f"moved on since event {seen['seq']}" in stale.stderr
    [mover] = seen["to_act"]
    assert f"event {seen['seq'] + 1} ({mover} {move})" in stale.stderr  # as `log` names it
    assert snapshot(runner) == before
    now = run_json(runner, "show", game)
    run(runner, "play", game, first_move(runner, game), "--after", now["head"])
    run(runner, "play", game, "undo", "--after", "nonsense!", code=2)


# -- tampering ------------------------------------------------------------------------------


def tamper(db: Path, sql: str, *params: object) -> None:
    """Change the stored bytes the way an attacker with the file would: triggers dropped."""
    conn = sqlite3.connect(db)
    conn.executescript(
        "DROP TRIGGER IF EXISTS events_no_update; DROP TRIGGER IF EXISTS events_no_delete;"
        "DROP TRIGGER IF EXISTS games_no_update; DROP TRIGGER IF EXISTS event_types_no_update;"
    )
    conn.execute(sql, params)
    conn.commit()
    conn.close()


TAMPERINGS = {
    "payload": ("UPDATE events SET payload = x'81a16101' WHERE seq = 3", 3),
    "payload byte": ("UPDATE events SET payload = payload || x'00' WHERE seq = 2", 2),
    "type": ("UPDATE events SET type = type + 1 WHERE seq = 3", 3),
    "type name": ("UPDATE event_types SET name = 'karnoffel.nothing' WHERE id = 2", 2),
    "type unknown": ("UPDATE events SET type = 'karnoffel.nothing' WHERE seq = 3", 3),
    "type version": ("UPDATE events SET type_version = 9 WHERE seq = 3", 3),
    "actor": ("UPDATE events SET actor = 99 WHERE seq = 3", 3),
    "actor to the table": ("UPDATE events SET actor = NULL WHERE seq = 3", 3),
    "recorded time": ("UPDATE events SET recorded = recorded + 1 WHERE seq = 2", 2),
    "recorded text": (
        "UPDATE events SET recorded = NULL, recorded_text = 'yesterday' WHERE seq = 2",
        2,
    ),
    "event id": ("UPDATE events SET event_id = 'forged' WHERE seq = 2", 2),
    "event id byte": ("UPDATE events SET event_id = x'00' || substr(event_id, 2) WHERE seq = 2", 2),
    "hash": ("UPDATE events SET hash = zeroblob(32) WHERE seq = 2", 2),
    "deleted middle": ("DELETE FROM events WHERE seq = 2", 2),
    "moved": ("UPDATE events SET seq = 9 WHERE seq = 2", 2),
    "header": ("UPDATE games SET header = header || x'00'", 0),
    "header rules": ("UPDATE games SET rules = 'nordekasino'", 0),
}


@pytest.mark.parametrize("what", sorted(TAMPERINGS))
def test_tampering_is_named_by_verify_and_refused_by_the_readers(
    runner: CliRunner, db: Path, what: str
):
    game = str(new_game(runner, "--seed", "1"))
    for _ in range(3):
        run(runner, "play", game, first_move(runner, game))
    sql, seq = TAMPERINGS[what]
    tamper(db, sql)
    verified = run(runner, "verify", game, "--json", code=1)
    problems = json.loads(verified.stdout)["problems"]
    assert problems, verified.stdout
    if what == "header rules":
        assert any("header" in p or "event" in p for p in problems)
    elif seq == 0:
        assert any("header" in p for p in problems), problems
    else:
        assert any(f"event {seq} " in p for p in problems), problems
    for command in ("show", "log", "replay", "moves"):
        result = runner.invoke(cli, [command, game])
        assert result.exit_code in (1, 2), (command, result.output, result.exception)
        assert isinstance(result.exception, SystemExit)
        assert "Traceback" not in result.output
    if what != "header rules":
        assert "was altered" in runner.invoke(cli, ["log", game]).output
    # the game's summary, kept at its head when it was played, is a cache that trusts the
    # head: an edit below it is found by verify and every reader above, and by list once
    # it computes the summary again (issue 24: every write keeps one)
    tamper(db, "DELETE FROM summaries")
    listed = run(runner, "list")
    assert "ALTERED" in listed.stdout or what == "header rules"


def test_click_never_sees_a_traceback_from_a_bad_db_option(runner: CliRunner, tmp_path: Path):
    result = run(runner, "--db", "", "list", code=2)
    assert "empty" in result.stderr
    nowhere = tmp_path / "no" / "such" / "dir" / "x.db"
    listed = run(runner, "--db", nowhere, "list")
    assert "no games" in listed.stderr and not nowhere.parent.exists()
    made = run(runner, "--db", nowhere, *NEW, code=2)
    assert "mkdir -p" in made.stderr and not nowhere.parent.exists()
    assert isinstance(click.get_current_context(silent=True), type(None))


@pytest.mark.parametrize(
    "args",
    [
        ["show", "9" * 30],
        ["log", "²"],
        ["fork", "1", "--at", "9" * 30],
        ["moves", "1", "--card", "9" * 5000],
        ["show", "1", "--as", "x" * 5000],
        ["new", "karnoffel", "-p", "A", "-p", "B", "-p", "C", "-p", "D", "--seed", "9" * 30],
        ["new", "karnoffel", "-p", "A" * 500, "-p", "B", "-p", "C", "-p", "D"],
    ],
    ids=[
        "huge-game",
        "superscript-game",
        "huge-fork",
        "long-card",
        "long-player",
        "huge-seed",
        "long-name",
    ],
)
def test_hostile_arguments_get_one_short_sentence(runner: CliRunner, args: list[str]):
    new_game(runner, "--seed", "1")
    before = snapshot(runner)
    result = run(runner, *args, code=2)
    assert len(result.stderr.strip().splitlines()) == 1
    assert len(result.stderr) <= 620
    assert snapshot(runner) == before


def test_a_forged_header_with_a_matching_genesis_is_a_problem_not_a_crash(
    runner: CliRunner, db: Path
):
    from tablelog.ledger import genesis_hash, pack

    game = str(new_game(runner, "--seed", "1"))
    conn = sqlite3.connect(db)
    uid = conn.execute("SELECT uid FROM games").fetchone()[0]
    conn.close()
    forged = pack({"rules": "karnoffel", "players": "not a list"})
    tamper(db, "UPDATE games SET header = ?, genesis = ?", forged, genesis_hash(uid, forged))
    verified = run(runner, "verify", game, "--json", code=1)
    assert any("header" in p for p in json.loads(verified.stdout)["problems"])
    for command in ("show", "log"):
        result = run(runner, command, game, code=1)
        assert "header cannot be read" in result.stderr
    tamper(db, "DELETE FROM summaries")  # the summary kept at the head trusts the head
    assert "ALTERED" in run(runner, "list").stdout


def test_any_flipped_byte_of_the_file_is_named_or_harmless(runner: CliRunner, db: Path):
    import random

    game = str(new_game(runner, "--seed", "1"))
    for _ in range(6):
        run(runner, "play", game, first_move(runner, game))
    conn = sqlite3.connect(db)
    conn.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    conn.close()
    pristine = db.read_bytes()
    rng = random.Random(7)
    named = 0
    for offset in sorted(rng.sample(range(100, len(pristine)), 40)):
        flipped = bytearray(pristine)
        flipped[offset] ^= 1 << rng.randrange(8)
        db.write_bytes(bytes(flipped))
        for command in ("verify", "log", "show"):
            result = runner.invoke(cli, [command, game])
            assert result.exit_code in (0, 1), (offset, command, result.output)
            assert isinstance(result.exception, SystemExit | None)
            named += result.exit_code == 1
    assert named, "no flipped byte was noticed"


def test_an_empty_tablelog_db_variable_is_refused(db: Path):
    result = CliRunner(env={"TABLELOG_DB": ""}).invoke(cli, ["list"])
    assert result.exit_code == 2 and "empty" in result.output


@pytest.mark.parametrize(
    "change", [{"dealer": 3}, {"players": ["[/]", "B", "C", "D"]}, {"seed": "7"}, {"options": {}}]
)
def test_an_edited_header_line_is_named(runner: CliRunner, tmp_path: Path, change: dict):
    game = str(new_game(runner, "--seed", "2"))
    lines = run(runner, "export", game).stdout.splitlines()
    header = {**json.loads(lines[0]), **change}
    path = tmp_path / "edited.jsonl"
    path.write_text("\n".join([json.dumps(header), *lines[1:]]) + "\n", encoding="utf-8")
    verified = run(runner, "verify", str(path), "--json", code=1)
    assert json.loads(verified.stdout)["problems"][0].startswith("the header line or event 1")
    before = snapshot(runner)
    refused = run(runner, "import", str(path), code=1)
    assert "header line" in refused.stderr
    assert snapshot(runner) == before


def test_only_the_default_directory_is_created_and_that_is_said(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
):
    from tablelog.cli import db as cli_db

    target = tmp_path / "data" / "tablelog" / "tablelog.db"
    monkeypatch.setattr(cli_db, "default_db", lambda: target)
    monkeypatch.delenv("TABLELOG_DB", raising=False)
    runner = CliRunner()
    listed = run(runner, "list")
    assert "no games" in listed.stderr and not target.parent.exists()
    made = run(runner, *NEW, "--seed", "1")
    assert f"created {target.parent}" in made.stderr and target.exists()


def test_a_retry_racing_its_first_attempt_is_a_refusal(runner: CliRunner, monkeypatch):
    """Two attempts under one id, both past the retry check before either writes (a race):
    the second is refused by the database's unique id, exit status 1 as a retry mismatch."""
    from tablelog.replay import retry

    game = str(new_game(runner, "--seed", "1"))
    move = first_move(runner, game)
    first = run_json(runner, "play", game, move, "--id", "race")
    after = snapshot(runner)
    monkeypatch.setattr(retry, "stored_retry", lambda *args: None)  # lost the race
    other = first_move(runner, game)
    refused = run(runner, "play", game, other, "--id", "race", code=1)
    assert f"event id race is already recorded as event {first['written'][0]['seq']}" in (
        refused.stderr
    )
    assert snapshot(runner) == after
