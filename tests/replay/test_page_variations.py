"""A game's variations on its replay page: offered in the move list at the event they
branch from, followed by stepping, reachable by link (``#v9:14``), seen by the page's
viewer only, and a variation of another game is not offered."""

from __future__ import annotations

import io
import json
import re
from pathlib import Path
from typing import Any

from tablelog.replay.games import Games, LoadedGame
from tablelog.replay.gate import Viewer
from tablelog.replay.inspect import moves_data
from tablelog.replay.page import write_page
from tests.replay.page_helpers import played_game

AT = 6  # the variation branches after event 6


def _varied(games: Games) -> tuple[LoadedGame, LoadedGame]:
    """A seeded Karnöffel game of 12 moves and a variation of it from event ``AT`` that
    plays another card there (the first listed move is what the game played)."""
    game = played_game(games, "karnoffel", 12)
    fork = games.fork(game.id, AT)
    for pick in (-1, 0, 0):  # the last listed card: not the one the game played
        listed = moves_data(games.load(fork.id))["moves"]
        games.play(fork.id, listed[pick]["notation"])
    return games.load(game.id), games.load(fork.id)


def _page(games: Games, game: LoadedGame, viewer: Any = None) -> str:
    out = io.StringIO()
    write_page(games.ledger, game.id, out, viewer)
    return out.getvalue()


def _data(page: str) -> dict[str, Any]:
    found = re.search(r'<script id="data" type="application/json">(.*?)</script>', page, re.S)
    assert found
    data: dict[str, Any] = json.loads(found.group(1).replace("<\\/", "</"))
    return data


def test_the_page_carries_the_variation_from_the_event_it_branches_at(games: Games):
    game, fork = _varied(games)
    other = played_game(games, "karnoffel", 3, seed=5)
    games.fork(other.id, 2)  # a variation of another game: not on this page
    data = _data(_page(games, game))
    [line] = data["variations"]
    assert line["game"] == fork.id and line["at"] == AT
    assert [f["seq"] for f in line["frames"]] == list(range(AT + 1, fork.seq + 1))
    first = line["frames"][0]["event"]["notation"]
    played = data["frames"][AT + 1]["event"]["notation"]
    assert first != played  # the variation played another card there
    # the variation's own page has no variation of its own
    assert _data(_page(games, fork))["variations"] == []


def test_a_seats_page_shows_the_variation_as_that_seat_saw_it(games: Games):
    game, _ = _varied(games)
    for seat, name in enumerate(game.header.players):
        data = _data(_page(games, game, Viewer(seat)))
        [line] = data["variations"]
        views = [data["views"][f["view"]] for f in line["frames"]]
        parts = data["parts"]
        own = 0
        for view in views:
            for index in view["s"]:
                place = parts[index]
                hand = place["places"][0]
                if place["name"] == name:
                    own += len(hand.get("known", ()))
                else:  # another seat: none of its hand cards shown
                    assert not hand.get("known"), (name, place)
        assert own  # the seat's own hand is drawn in the variation


def test_the_browser_offers_and_follows_the_variation(browser_page, games: Games, tmp_path):
    game, fork = _varied(games)
    path = tmp_path / "page.html"
    path.write_text(_page(games, game), encoding="utf-8")
    page = browser_page.open(path)
    branch = page.locator("#log li.branch")
    assert branch.count() == 1
    # offered right under the event it branches from
    before = page.evaluate(
        "() => document.querySelector('#log li.branch').previousElementSibling.dataset.seq"
    )
    assert before == str(AT)
    assert f"variation, game {fork.id}" in branch.inner_text()
    branch.click()
    assert page.locator("#table").get_attribute("data-seq") == str(AT + 1)
    assert page.evaluate("location.hash") == f"#v{fork.id}:{AT + 1}"
    assert f"Variation: game {fork.id}" in page.locator("#line").inner_text()
    page.keyboard.press("End")
    assert page.locator("#table").get_attribute("data-seq") == str(fork.seq)
    assert page.locator("#log li.inline").count() == fork.seq - AT
    browser_page.screenshot("replay-page-variation")
    page.locator("#line button").click()
    assert page.locator("#line").is_hidden()
    assert page.locator("#table").get_attribute("data-seq") == str(AT)
    assert page.evaluate("location.hash") == f"#{AT}"
    # a link straight into the variation opens it
    browser_page.open(f"{path.resolve().as_uri()}#v{fork.id}:{AT + 2}")
    assert page.locator("#table").get_attribute("data-seq") == str(AT + 2)
    assert page.locator("#line").is_visible()
    assert browser_page.errors == []


def test_a_link_to_an_unknown_variation_opens_the_game_at_its_end(
    browser_page, games: Games, tmp_path: Path
):
    game, _ = _varied(games)
    path = tmp_path / "page.html"
    path.write_text(_page(games, game), encoding="utf-8")
    page = browser_page.open(f"{path.resolve().as_uri()}#v999:3")
    assert page.locator("#table").get_attribute("data-seq") == str(game.seq)
    assert page.locator("#line").is_hidden()
