"""The three leaks of issue 22, each shown through the command a user typed: no output
names a card its viewer did not see (``replay/gate.py``)."""

from __future__ import annotations

import json
import re
from pathlib import Path

from click.testing import CliRunner

from tablelog.ledger import Ledger
from tablelog.replay.games import Games
from tablelog.rules import registry
from tests.cli.clitools import new_game, run, run_json


def names(text: str, card: str) -> bool:
    """Whether ``text`` names ``card`` (``10H``, ``10♥``) as a word of its own."""
    pretty = card[:-1] + {"S": "♠", "H": "♥", "D": "♦", "C": "♣"}[card[-1]]
    return any(
        re.search(rf"(?<![A-Za-z0-9]){re.escape(form)}(?![A-Za-z0-9])", text)
        for form in (card, pretty)
    )


def hidden_cards(db: Path, game: int, seat: int | None) -> set[str]:
    """The cards of the game's zones that ``seat`` (``None``: everyone) does not see now."""
    rules = registry.get("karnoffel")
    with Ledger(db) as ledger:
        state = Games(ledger).load(game).state
    seen = {c.text for c in rules.view(state, seat).cards()}
    every = {c.text for zone in rules.zones(state).values() for c in zone.cards}
    return every - seen


def test_the_replay_page_holds_no_card_of_a_hand_its_viewer_did_not_see(
    runner: CliRunner, db: Path, tmp_path: Path
):
    """A seeded game just dealt: the page (its move list and event box come from its data)
    for everyone, and for Bo, names no face-down card of another hand anywhere in the file."""
    game = new_game(runner, "--seed", "1")
    for who, seat in ((None, None), ("Bo", 1)):
        out = tmp_path / f"{who}.html"
        run(runner, "export", str(game), "--format", "html", "-o", out,
            *(("--as", who) if who else ()))  # fmt: skip
        page = out.read_text(encoding="utf-8")
        hidden = hidden_cards(db, game, seat)
        assert len(hidden) > 10
        leaked = sorted(c for c in hidden if names(page, c))
        assert leaked == [], f"the page for {who or 'everyone'} names {leaked}"


def speahx_physical(runner: CliRunner) -> int:
    """A physical Speahx game: Cai's hand card typed in the deal, Bo's private refill of
    K♦, Cai's chance card 9♦ revealed only to him."""
    game = int(run_json(runner, "new", "speahx", "-p", "Anna", "-p", "Bo", "-p", "Cai")["game"])
    for move in ("deal Cai:10H,?,?,?,?", "10C", "done", "draw KD", "chance", "reveal 9D"):
        run(runner, "play", str(game), move)
    return game


def test_a_physical_speahx_log_hides_typed_hand_cards_refills_and_a_kept_reveal(
    runner: CliRunner,
):
    game = str(speahx_physical(runner))
    public = run(runner, "log", game).stdout
    text = run(runner, "export", game, "--format", "text").stdout
    for out in (public, text):
        assert not [c for c in ("10H", "KD", "9D") if names(out, c)], out
        assert names(out, "10C")  # what was played is seen by everyone
    bo = run(runner, "log", game, "--as", "Bo").stdout
    assert names(bo, "KD") and not names(bo, "10H") and not names(bo, "9D"), bo
    cai = run(runner, "log", game, "--as", "Cai").stdout
    assert names(cai, "10H") and names(cai, "9D") and not names(cai, "KD"), cai
    typed = run(runner, "log", game, "--as", "recorder").stdout
    assert all(names(typed, c) for c in ("10H", "KD", "9D")), typed
    rows = run_json(runner, "log", game, "--as", "Bo")["events"]
    assert not any(names(json.dumps(r, ensure_ascii=False), "9D") for r in rows)


def test_moves_says_whose_moves_it_lists_and_as_whom(runner: CliRunner):
    """The README's first command: a seeded game, then ``moves last``."""
    new_game(runner, "--seed", "1")
    out = run(runner, "moves", "last").stdout
    assert "Bo's moves, as Bo sees them" in out
    data = run_json(runner, "moves", "last")
    assert data["whose"] == ["Bo"] and data["heading"] == "Bo's moves, as Bo sees them"


def test_diff_of_two_seeded_recordings_names_no_hidden_card(runner: CliRunner, tmp_path: Path):
    """Two exports of one seeded game that part after the deal: ``diff`` shows the deal as
    the table saw it, not the hands it dealt."""
    game = new_game(runner, "--seed", "1")
    short = tmp_path / "short.jsonl"
    run(runner, "export", str(game), "-o", short)
    run(runner, "play", str(game), run_json(runner, "moves", str(game))["moves"][0]["notation"])
    long = tmp_path / "long.jsonl"
    run(runner, "export", str(game), "-o", long)
    out = run(runner, "diff", short, long, code=1).stdout
    rules = registry.get("karnoffel")
    with Ledger(Path(runner.env["TABLELOG_DB"])) as ledger:  # type: ignore[index]
        loaded = Games(ledger).load(game)
    deal = loaded.events[0].payload
    hidden = [d.card.text for d in deal.cards if d.card is not None and not d.up]
    assert hidden and not [c for c in hidden if names(out, c)], out
    assert rules.name == "karnoffel"
