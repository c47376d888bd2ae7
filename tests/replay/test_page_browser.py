"""The replay page in a real headless Chromium (tests/browser.py): it loads without a
console error, stepping changes what is drawn, the player switch hides and shows the right
cards, and a screenshot of one position is kept as a test artefact."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from tablelog.replay.games import Games
from tablelog.replay.page import render_page
from tests.replay.page_helpers import finished_game, played_game

RULESETS = ["karnoffel", "nordekasino", "speahx", "vriddiot", "narrespillet"]


def opened(
    browser_page: Any, games: Games, tmp_path: Path, rules: str, moves: int, viewer: Any = None
) -> Any:
    game = played_game(games, rules, moves)
    path = tmp_path / f"{rules}.html"
    path.write_text(render_page(game, *((viewer,) if viewer else ())), encoding="utf-8")
    browser_page.open(path)
    return game


def drawn(page: Any) -> dict[str, Any]:
    """What the table shows: the event, the viewer, and each place's faces and backs (a
    seat's by ``NAME:LABEL``, the centre's by its label)."""
    return page.evaluate(
        """() => ({
            seq: document.getElementById('table').dataset.seq,
            as: document.getElementById('table').dataset.as,
            zones: Object.fromEntries([...document.querySelectorAll('#table .place')].map(z => [
                (z.closest('.seat') ? z.closest('.seat').dataset.seat + ':' : '') + z.dataset.place,
                {faces: [...z.querySelectorAll('.card[data-card]')].map(c => c.dataset.card),
                 backs: z.querySelectorAll('.card.back').length}])),
            trick: [...document.querySelectorAll('#centre .laid .card')].map(c => c.dataset.card),
        })"""
    )


@pytest.mark.parametrize("rules", RULESETS)
def test_the_page_loads_and_steps_with_the_keyboard(browser_page, games: Games, tmp_path, rules):
    game = opened(browser_page, games, tmp_path, rules, 8)
    page = browser_page.page
    last = drawn(page)
    assert last["seq"] == str(game.seq)
    page.keyboard.press("Home")
    first = drawn(page)
    assert first["seq"] == "0" and first["zones"] != last["zones"]
    page.keyboard.press("ArrowRight")
    assert drawn(page)["seq"] == "1"
    assert drawn(page)["zones"] != first["zones"]  # the deal is drawn
    page.keyboard.press("ArrowLeft")
    assert drawn(page) == first
    page.fill("#slider", str(game.seq))
    page.dispatch_event("#slider", "input")
    assert drawn(page) == last
    assert browser_page.errors == []


def test_the_player_switch_hides_and_shows_the_right_cards(browser_page, games, tmp_path):
    from tablelog.replay.gate import EVERY_SEAT

    game = finished_game(games, "nordekasino")  # every seat: only once the game is over
    path = tmp_path / "nordekasino.html"
    path.write_text(render_page(game, EVERY_SEAT), encoding="utf-8")
    page = browser_page.open(f"{path.as_uri()}#6")
    assert "Every seat's cards" in page.text_content("header")
    hands = {s: sorted(c.text for c in game.timeline[6].hands[s].cards) for s in range(4)}
    names = game.header.players
    everyone = drawn(page)["zones"]
    assert all(everyone[f"{n}:hand"]["faces"] == [] for n in names)
    assert everyone["Bo:hand"]["backs"] == len(hands[1]) > 0
    page.select_option("#seat", "1")
    as_bo = drawn(page)
    assert as_bo["as"] == "Bo"
    assert sorted(as_bo["zones"]["Bo:hand"]["faces"]) == hands[1]
    assert as_bo["zones"]["Anna:hand"]["faces"] == [] and as_bo["zones"]["Anna:hand"]["backs"] > 0
    page.select_option("#seat", "0")
    as_anna = drawn(page)["zones"]
    assert sorted(as_anna["Anna:hand"]["faces"]) == hands[0]
    assert as_anna["Bo:hand"]["faces"] == []
    page.select_option("#seat", "")
    assert drawn(page)["zones"] == everyone
    assert browser_page.errors == []


def test_a_ruling_is_marked_and_a_screenshot_is_kept(browser_page, games, tmp_path):
    from tablelog.replay.jsonl import parse_lines
    from tablelog.replay.merge import import_games

    fixture = Path(__file__).parents[2] / "fixtures" / "disputes" / "nordekasino-revoke.jsonl"
    lines = fixture.read_text(encoding="utf-8").splitlines()
    (record,) = import_games(games.ledger, parse_lines(lines))
    path = tmp_path / "revoke.html"
    path.write_text(render_page(games.load(record.id)), encoding="utf-8")
    page = browser_page.open(path)
    assert page.locator("#log li.retracted").count() == 6
    assert page.locator("#log li.ruling").count() == 1
    page.click("#log li[data-seq='9']")
    assert "ruling" in page.get_attribute("#event", "class")
    assert "ruling replay from 1" in page.text_content("#event")
    shot = browser_page.screenshot("replay-page-nordekasino-ruling")
    assert shot.stat().st_size > 10_000
    assert browser_page.errors == []


def test_a_link_to_the_last_event_draws_it(browser_page, games: Games, tmp_path: Path):
    """``#N`` of the event the page opens at anyway (the last) still draws the table."""
    game = played_game(games, "narrespillet", 20)
    path = tmp_path / "last.html"
    path.write_text(render_page(game), encoding="utf-8")
    page = browser_page.open(f"{path.as_uri()}#{game.seq}")
    assert page.text_content("#position") == f"event {game.seq} of {game.seq}"
    assert page.locator("#table .seat").count() >= 4
    assert browser_page.errors == []
