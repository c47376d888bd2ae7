"""Settling disputes from the command line: claims refused by ``play``, ``verify --head``
(a cut, a rewrite, an addition), ``verify --all`` and ``diff``."""

from __future__ import annotations

import json
import sqlite3
from pathlib import Path
from typing import Any

from click.testing import CliRunner

from tests.cli.clitools import new_game, play_first_moves, run, run_json
from tests.replay.test_claims import BO_BUILDS_NINE, BROKEN_SENTENCE

NK = ["new", "nordekasino", "-p", "Anna", "-p", "Bo"]


def physical_nine(runner: CliRunner) -> str:
    game = str(run_json(runner, *NK)["game"])
    for text in BO_BUILDS_NINE:
        run(runner, "play", game, text)
    return game


def failing_json(runner: CliRunner, *args: str | Path) -> Any:
    """``tablelog ARGS --json`` that exits 1 (a failed check), its output parsed."""
    return json.loads(run(runner, *args, "--json", code=1).stdout)


def head(runner: CliRunner, game: str) -> str:
    return str(run_json(runner, "show", game)["head"])


def tamper(db: Path, *statements: str) -> None:
    """Edit the database behind the ledger's back (the append-only triggers dropped)."""
    conn = sqlite3.connect(db, isolation_level=None)
    try:
        for name in ("events_no_update", "events_no_delete"):
            conn.execute(f"DROP TRIGGER IF EXISTS {name}")
        for sql in statements:
            conn.execute(sql)
    finally:
        conn.close()


def rewrite(game: int | str, seq: int, like: int) -> str:
    """SQL that gives event ``seq`` the payload of event ``like`` (hashes left as stored)."""
    source = f"SELECT payload FROM events WHERE game = {game} AND seq = {like}"
    return f"UPDATE events SET payload = ({source}) WHERE game = {game} AND seq = {seq}"


# -- claims ---------------------------------------------------------------------------------


def test_play_refuses_the_card_that_breaks_a_build_claim(runner: CliRunner):
    game = physical_nine(runner)
    before = head(runner, game)
    result = run(runner, "play", game, "trail 7H", code=1)
    assert BROKEN_SENTENCE in result.output
    assert head(runner, game) == before  # nothing written


# -- verify --head --------------------------------------------------------------------------


def test_head_reached(runner: CliRunner):
    game = new_game(runner, "--seed", "3")
    play_first_moves(runner, game, 4)
    noted = head(runner, str(game))
    result = run(runner, "verify", str(game), "--head", noted)
    assert f"the log leads to {noted}" in result.output
    data = run_json(runner, "verify", str(game), "--head", noted.upper())
    assert data["ok"] and data["noted_head"]["verdict"] == "reached"


def test_head_with_events_added_after_the_note(runner: CliRunner):
    game = new_game(runner, "--seed", "3")
    play_first_moves(runner, game, 3)
    noted = head(runner, str(game))
    seq = run_json(runner, "show", str(game))["seq"]
    play_first_moves(runner, game, 2)
    data = failing_json(runner, "verify", str(game), "--head", noted)
    assert not data["ok"]
    assert data["noted_head"]["verdict"] == "added"
    assert data["noted_head"]["seq"] == seq
    assert f"were added after the note: {noted} is the head at event {seq}" in data["problems"][0]
    run(runner, "verify", str(game), "--head", noted, code=1)


def test_head_of_a_log_cut_short(runner: CliRunner, db: Path):
    game = physical_nine(runner)
    noted = head(runner, game)
    tamper(db, f"DELETE FROM events WHERE game = {game} AND seq = 7")
    assert run_json(runner, "verify", game)["ok"]  # the chain alone cannot see the cut
    data = failing_json(runner, "verify", game, "--head", noted)
    assert not data["ok"] and data["noted_head"]["verdict"] == "short"
    assert data["problems"] == [
        f"the log does not reach {noted}: it stops at event 6 (head {data['head']}) before the "
        "game is over; it was cut short, or rewritten"
    ]


def test_head_of_a_log_rewritten_in_place(runner: CliRunner, db: Path):
    game = physical_nine(runner)
    noted = head(runner, game)
    tamper(db, rewrite(game, 4, 6))
    data = failing_json(runner, "verify", game, "--head", noted)
    assert data["noted_head"]["verdict"] == "rewritten"
    assert any(
        f"the log was rewritten: {noted} is stored as the head of event 7, but event 4" in p
        for p in data["problems"]
    )


def test_head_of_a_log_with_an_unreadable_event(runner: CliRunner, db: Path):
    game = physical_nine(runner)
    noted = head(runner, game)
    tamper(db, f"UPDATE events SET payload = x'c3' WHERE game = {game} AND seq = 4")
    data = failing_json(runner, "verify", game, "--head", noted)
    assert data["noted_head"]["verdict"] == "rewritten"
    assert failing_json(runner, "verify", "--all")["failed"][0]["game"] == int(game)


def test_head_of_a_finished_game_rewritten_and_hashed_again(runner: CliRunner, tmp_path: Path):
    fixture = Path(__file__).parents[2] / "fixtures" / "nordekasino-seeded.jsonl"
    run(runner, "import", fixture)
    noted = head(runner, "1")
    # a forger records the same game again (a fork of every event: new uid, new hashes)
    forked = run(runner, "fork", "1", "--at", str(run_json(runner, "show", "1")["seq"]))
    assert "game 2" in forked.output
    data = failing_json(runner, "verify", "2", "--head", noted)
    assert data["noted_head"]["verdict"] == "rewritten"
    assert "it is a finished game whose head is" in data["problems"][-1]


def test_head_of_a_json_lines_file(runner: CliRunner, tmp_path: Path):
    fixture = Path(__file__).parents[2] / "fixtures" / "nordekasino-seeded.jsonl"
    assert run_json(runner, "verify", fixture, "--head", "1d29eda442")["ok"]
    data = failing_json(runner, "verify", fixture, "--head", "0000000000")
    assert data["noted_head"]["verdict"] == "rewritten"


def test_head_needs_hex_digits(runner: CliRunner):
    game = new_game(runner, "--seed", "3")
    result = run(runner, "verify", str(game), "--head", "abc", code=2)
    assert "is not a head hash" in result.output


# -- verify --all ---------------------------------------------------------------------------


def test_verify_all_streams_every_game_and_sums_up_the_failures(runner: CliRunner, db: Path):
    good = new_game(runner, "--seed", "3")
    play_first_moves(runner, good, 3)
    bad = int(physical_nine(runner))
    tamper(db, rewrite(bad, 4, 6))
    data = failing_json(runner, "verify", "--all")
    assert data["games"] == 2 and not data["ok"]
    assert [row["game"] for row in data["failed"]] == [bad]
    assert data["failed"][0]["problems"][0].startswith("event 4 was altered")
    assert data["problems"] == [f"game {bad}: {data['failed'][0]['problems'][0]}"]
    result = run(runner, "verify", "--all", code=1)
    assert "verified 2 games" in result.output and "1 ok, 1 FAILED" in result.output
    run(runner, "verify", "--all", "--head", "abcdef", code=2)


def test_verify_all_of_a_sound_database(runner: CliRunner):
    play_first_moves(runner, new_game(runner, "--seed", "4"), 2)
    assert run_json(runner, "verify", "--all") == {
        "ok": True, "games": 1, "events": run_json(runner, "show", "1")["seq"], "problems": [],
        "failed": [],
    }  # fmt: skip


# -- diff -----------------------------------------------------------------------------------


def test_diff_of_a_game_and_its_export_agrees(runner: CliRunner, tmp_path: Path):
    game = physical_nine(runner)
    path = tmp_path / "game.jsonl"
    run(runner, "export", game, "-o", path)
    data = run_json(runner, "diff", game, path)
    assert data["same"] and data["first"] is None


def test_diff_names_the_first_event_where_two_recordings_part(runner: CliRunner):
    a = physical_nine(runner)
    b = str(run_json(runner, *NK)["game"])
    for text in [*BO_BUILDS_NINE[:4], "trail 8H"]:
        run(runner, "play", b, text)
    data = failing_json(runner, "diff", a, b)
    assert data["first"] == 5
    assert data["why"] == (
        f"they part at event 5: Anna trail 8C in game {a}, Anna trail 8H in game {b}"
    )
    differing = [row for row in data["rows"] if not row["same"]]
    assert differing[0] == {
        "seq": 5,
        "a": "Anna trail 8C",
        "b": "Anna trail 8H",
        "same": False,
    }
    assert differing[-1] == {"seq": 7, "a": "Anna trail 8D", "b": None, "same": False}
    result = run(runner, "diff", a, b, code=1)
    assert "they part at event 5" in result.output


def test_diff_of_a_log_that_stops_early(runner: CliRunner):
    a = physical_nine(runner)
    b = str(run_json(runner, *NK)["game"])
    for text in BO_BUILDS_NINE[:3]:
        run(runner, "play", b, text)
    data = failing_json(runner, "diff", a, b)
    assert data["first"] == 4
    assert data["why"] == f"game {b} stops after event 3; game {a} goes on to event 7"


def test_diff_of_two_different_games(runner: CliRunner):
    a = physical_nine(runner)
    b = new_game(runner)
    data = failing_json(runner, "diff", a, str(b))
    assert (
        data["why"]
        == f"not the same game: game {a} is a game of nordekasino and game {b} one of karnoffel"
    )


# -- export --format html ----------------------------------------------------------------------


def test_export_html_writes_one_page(runner: CliRunner, tmp_path: Path):
    game = physical_nine(runner)
    out = tmp_path / "game.html"
    result = run(runner, "export", game, "--format", "html", "-o", out)
    assert "as a replay page to" in result.output
    page = out.read_text(encoding="utf-8")
    assert page.startswith("<!doctype html>") and "trail 8D" in page
    assert run(runner, "export", game, "--format", "html").stdout == page


def test_export_html_of_several_games_is_the_match_report(runner: CliRunner):
    physical_nine(runner)
    physical_nine(runner)
    page = run(runner, "export", "--all", "--format", "html").stdout
    assert page.lower().startswith("<!doctype html>") and "trail 8D" not in page


# -- merge ----------------------------------------------------------------------------------


def test_a_merge_refuses_an_altered_file_naming_the_event(runner: CliRunner, tmp_path: Path):
    """Issue 25, case 3: one card changed and its hash left as it was gave `import
    --skip-existing` → "skipped …: already here as game 1", exit 0."""
    game = new_game(runner, "--seed", "1")
    play_first_moves(runner, game, 5)
    path = tmp_path / "lie.jsonl"
    run(runner, "export", str(game), "-o", path)
    lines = path.read_text(encoding="utf-8").splitlines()
    event = json.loads(lines[5])
    assert event["seq"] == 5 and "card" in event
    played, other = event["card"], json.loads(lines[4])["card"]
    event["card"] = other if other != played else "2C"
    lines[5] = json.dumps(event, ensure_ascii=False)
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    plain = run(runner, "import", path, code=1).stderr
    merged = run(runner, "import", path, "--skip-existing", code=1).stderr
    assert "event 5" in plain and "event 5" in merged
    assert "already here" not in merged
    assert merged.split(": ", 1)[1] == plain.split(": ", 1)[1]


# -- the header and the chain ---------------------------------------------------------------


def test_an_edited_rules_version_fails_verify(runner: CliRunner, db: Path):
    """Issue 25, case 6: editing a game's `rules_version` passed `verify` and `verify
    --head`; it is checked against the header the chain covers."""
    game = new_game(runner, "--seed", "1")
    noted = head(runner, str(game))
    tamper(
        db,
        "DROP TRIGGER IF EXISTS games_no_update",
        f"UPDATE games SET rules_version = 2 WHERE id = {game}",
    )
    data = failing_json(runner, "verify", str(game))
    assert data["problems"] == [
        "the game's rules version was altered: the games table says 2 but the header it was"
        " recorded with says 1"
    ]
    assert not failing_json(runner, "verify", str(game), "--head", noted)["ok"]


def test_verify_says_plainly_what_no_hash_covers(runner: CliRunner, db: Path):
    """An edited `created` cannot be found (no hash covers it): `verify` says so."""
    game = new_game(runner, "--seed", "1")
    tamper(
        db,
        "DROP TRIGGER IF EXISTS games_no_update",
        f"UPDATE games SET created = '2001-01-01T00:00:00+00:00' WHERE id = {game}",
    )
    data = run_json(runner, "verify", str(game))
    assert data["ok"] and data["not_covered"] == ["created"]
    text = run(runner, "verify", str(game)).stdout
    assert "not covered by the hash chain, so an edit of it is not found: created" in text
