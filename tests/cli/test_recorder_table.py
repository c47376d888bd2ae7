"""The recorder of a physical game sees the typed table too (``replay.gate``): everyone's
table with each place holding what was typed; a seat's table does not."""

from __future__ import annotations

from click.testing import CliRunner

from tests.cli.clitools import run, run_json
from tests.cli.test_leaks import speahx_physical


def hand(table: dict, name: str) -> dict:
    return next(s for s in table["seats"] if s["name"] == name)["places"][0]


def test_the_recorders_table_holds_the_cards_that_were_typed(runner: CliRunner):
    game = speahx_physical(runner)  # Cai's 10H typed in the deal, Bo's refill KD
    recorder = run_json(runner, "show", str(game), "--as", "recorder")
    assert recorder["as"] == "the recorder" and "info" not in recorder
    table = recorder["table"]
    assert table["viewer"] == "the recorder"
    assert "10H" in hand(table, "Cai")["known"] and "KD" in hand(table, "Bo")["known"]
    bo = run_json(runner, "show", str(game), "--as", "Bo")["table"]
    assert "10H" not in hand(bo, "Cai")["known"] and "KD" in hand(bo, "Bo")["known"]
    drawn = run(runner, "show", str(game), "--as", "recorder").stdout
    assert "10♥" in drawn and "as the recorder" in drawn


def test_a_stale_move_names_the_deal_recorded_since_without_its_hidden_cards(runner: CliRunner, db):
    from tests.cli.clitools import new_game
    from tests.cli.test_leaks import hidden_cards, names

    game = new_game(runner, "--seed", "1")  # event 1: the seeded deal
    stale = run(runner, "play", str(game), "note hello", "--after", "0", code=1)
    assert "event 1 (deal" in stale.stderr
    hidden = hidden_cards(db, game, None)
    assert len(hidden) > 10 and not [c for c in hidden if names(stale.stderr, c)]
