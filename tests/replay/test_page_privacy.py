"""The replay page in Chromium shows each viewer no card they did not see: for everyone and
every seat of a seeded game of each of the five games, opened at several events by its
link (``#N``), the cards drawn on the table and every card named in the move list and the
event box were shown to that viewer (``rules.shown`` along the log) by then, or by the
end of the game for the move list."""

from __future__ import annotations

import re
from collections import Counter
from pathlib import Path
from typing import Any

import pytest

from tablelog.replay.games import Games, LoadedGame
from tablelog.replay.gate import Viewer
from tablelog.replay.page import render_page
from tablelog.rules.cards import Card
from tests.replay.page_helpers import played_game

RULESETS = ["karnoffel", "nordekasino", "speahx", "vriddiot", "narrespillet"]


def seen_along(game: LoadedGame, seat: int | None) -> list[set[Card]]:
    """What ``seat`` (``None``: everyone) had been shown after each event (0: before)."""
    rules = game.rules
    seen: Counter[Card] = Counter()
    out: list[set[Card]] = [set()]
    for i, event in enumerate(game.events):
        shown = rules.shown(game.timeline[i], event)
        if shown.forget:
            seen.clear()
        seen.update(shown.everyone)
        if seat is not None:
            seen.update(shown.seats.get(seat, ()))
        out.append({card for card, n in seen.items() if n})
    return out


def named(text: str, deck: set[Card]) -> set[Card]:
    """The cards of ``deck`` that ``text`` names (``10H``, ``10♥``, ``SwKn``)."""
    found = set()
    for card in deck:
        for form in (card.text, card.pretty):
            if re.search(rf"(?<![\w♠♥♦♣]){re.escape(form)}(?![\w♠♥♦♣])", text):
                found.add(card)
    return found


def read(page: Any) -> dict[str, Any]:
    return page.evaluate(
        """() => ({
            seq: Number(document.getElementById('table').dataset.seq),
            table: [...document.querySelectorAll('#table [data-card]')].map(c => c.dataset.card),
            tableText: document.getElementById('table').innerText,
            event: document.getElementById('event').innerText,
            log: document.getElementById('log').innerText,
            hash: location.hash,
        })"""
    )


@pytest.mark.parametrize("rules", RULESETS)
def test_no_viewer_sees_a_card_they_were_not_shown(browser_page, games: Games, tmp_path, rules):
    game = played_game(games, rules, 16)
    deck = set(game.rules.deck(game.header))
    moments = sorted({1, 3, game.seq // 2, game.seq})
    drawn = 0
    for seat in (None, *range(len(game.header.players))):
        seen = seen_along(game, seat)
        path = tmp_path / f"{rules}-{seat}.html"
        path.write_text(render_page(game, Viewer(seat)), encoding="utf-8")
        for at in moments:
            page = browser_page.open(f"{path.as_uri()}#{at}")
            shown = read(page)
            assert shown["seq"] == at and shown["hash"] == f"#{at}"
            who = "everyone" if seat is None else game.header.players[seat]
            on_table = named(" ".join(shown["table"]) + " " + shown["tableText"], deck)
            assert not on_table - seen[at], f"{rules} at {at} as {who}: {on_table - seen[at]}"
            drawn += len(on_table)
            in_event = named(shown["event"], deck)
            assert not in_event - seen[at], f"{rules} event {at} as {who}: {in_event - seen[at]}"
            in_log = named(shown["log"], deck)
            assert not in_log - seen[-1], f"{rules} log as {who}: {in_log - seen[-1]}"
    assert drawn > 20  # the test reads cards off the page
    assert browser_page.errors == []


def test_a_link_to_event_12_opens_it_and_stepping_updates_the_link(
    browser_page, games: Games, tmp_path: Path
):
    game = played_game(games, "karnoffel", 16)
    path = tmp_path / "game.html"
    path.write_text(render_page(game), encoding="utf-8")
    page = browser_page.open(f"{path.as_uri()}#12")
    assert read(page)["seq"] == 12
    assert "event 12" in page.text_content("#event")
    page.keyboard.press("ArrowRight")
    assert read(page)["seq"] == 13 and read(page)["hash"] == "#13"
    page.click("#log li[data-seq='5']")
    assert read(page)["hash"] == "#5"
    assert browser_page.errors == []
