"""``export --format jsonl --as NAME``: one viewer's copy, the whole file holding only what
they saw; ``import`` refuses it (it cannot reproduce the game) and writes nothing."""

from __future__ import annotations

import json
from pathlib import Path

from click.testing import CliRunner

from tests.cli.clitools import new_game, play_first_moves, run, run_json, snapshot
from tests.cli.test_leaks import hidden_cards, names, speahx_physical


def test_a_seats_copy_names_no_card_it_did_not_see(runner: CliRunner, db: Path, tmp_path: Path):
    game = new_game(runner, "--seed", "1")
    play_first_moves(runner, game, 6)
    for who, seat in (("everyone", None), ("Bo", 1)):
        out = tmp_path / f"{who}.jsonl"
        run(runner, "export", str(game), "--format", "jsonl", "--as", who, "-o", out)
        text = out.read_text(encoding="utf-8")
        hidden = hidden_cards(db, game, seat)
        assert len(hidden) > 10
        assert sorted(c for c in hidden if names(text, c)) == [], who
        header, *events = [json.loads(line) for line in text.splitlines()]
        assert header["view"] == who and header["seeded"] is True
        assert "seed" not in header and "head" not in header  # the seed deals every card
        assert len(events) == 7 and not any("hash" in e or "id" in e for e in events)
        assert events[1]["notation"] and events[1]["actor"] == "Bo"
    whole = tmp_path / "whole.jsonl"
    run(runner, "export", str(game), "--format", "jsonl", "-o", whole)  # the lossless record
    assert all(names(whole.read_text(encoding="utf-8"), c) for c in hidden_cards(db, game, 1))


def test_a_physical_speahx_copy_hides_a_typed_hand_card_a_refill_and_a_kept_reveal(
    runner: CliRunner, tmp_path: Path
):
    game = speahx_physical(runner)
    out = tmp_path / "bo.jsonl"
    run(runner, "export", str(game), "--format", "jsonl", "--as", "Bo", "-o", out)
    text = out.read_text(encoding="utf-8")
    assert not names(text, "10H") and not names(text, "9D")  # Cai's hand card, Cai's reveal
    assert names(text, "KD")  # Bo's own refill
    run(runner, "export", str(game), "--format", "jsonl", "--as", "Anna", "-o", tmp_path / "a")
    anna = (tmp_path / "a").read_text(encoding="utf-8")
    assert not any(names(anna, c) for c in ("10H", "9D", "KD"))


def test_import_refuses_a_viewers_copy_and_writes_nothing(runner: CliRunner, tmp_path: Path):
    game = new_game(runner, "--seed", "1")
    out = tmp_path / "bo.jsonl"
    run(runner, "export", str(game), "--format", "jsonl", "--as", "Bo", "-o", out)
    before = snapshot(runner)
    result = run(runner, "import", out, code=2)
    assert "Bo's copy of a game" in result.output and "cannot reproduce the game" in result.output
    assert snapshot(runner) == before
    run(runner, "verify", out, code=2)
    assert run_json(runner, "list")["count"] == 1
