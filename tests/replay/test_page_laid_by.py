"""The replay page writes under each card of a pile who laid it: read off the page in
Chromium at a chosen event, the names are those the log says, card by card."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import attrs

from tablelog.replay.games import Games, LoadedGame
from tablelog.replay.page import render_page
from tablelog.rules.cards import Card
from tests.replay.page_helpers import played_game


def named_cards(payload: Any) -> list[Card]:
    """The cards a move or chance event names."""
    found: list[Card] = []
    for field in attrs.fields(type(payload)):
        value = getattr(payload, field.name)
        values = value if isinstance(value, tuple) else (value,)
        for item in values:
            if isinstance(item, Card):
                found.append(item)
            elif attrs.has(type(item)) and isinstance(getattr(item, "card", None), Card):
                found.append(item.card)  # a deal's dealt card
    return found


def laid_per_the_log(game: LoadedGame, at: int) -> dict[Card, str]:
    """For each card, who the log says put it down last up to event ``at``: the player of
    the last event that named it, or nobody ("") for a chance event (a card the table
    turned)."""
    who: dict[Card, str] = {}
    for event in game.events[:at]:
        name = "" if event.actor is None else game.header.players[event.actor]
        for card in named_cards(event.payload):
            who[card] = name
    return who


def pile_at(game: LoadedGame, at: int) -> tuple[Card, ...]:
    return game.rules.zones(game.timeline[at])["pile"].cards


def test_the_name_under_each_pile_card_is_who_laid_it_in_the_log(
    browser_page: Any, games: Games, tmp_path: Path
) -> None:
    game = played_game(games, "vriddiot", 60)
    # the latest event whose pile holds three cards or more, laid by two players or more
    chosen = [
        at
        for at in range(1, game.seq + 1)
        if len(pile_at(game, at)) >= 3
        and len({laid_per_the_log(game, at)[c] for c in pile_at(game, at)} - {""}) >= 2
    ]
    assert chosen, "the game never built a pile of two players' cards"
    at = chosen[-1]
    path = tmp_path / "vriddiot.html"
    path.write_text(render_page(game), encoding="utf-8")
    page = browser_page.open(f"{path.as_uri()}#{at}")
    drawn = page.evaluate(
        """() => [...document.querySelectorAll('#table .place[data-place="pile"] .layer')]
            .map(l => [l.querySelector('[data-card]').dataset.card,
                       l.querySelector('.by').innerText])"""
    )
    pile = pile_at(game, at)[-8:]  # the page draws the top eight
    log = laid_per_the_log(game, at)
    assert page.evaluate("document.getElementById('table').dataset.seq") == str(at)
    assert drawn == [[card.text, log[card]] for card in pile]
    assert len({name for _, name in drawn} - {""}) >= 2  # two players' cards, told apart
    assert browser_page.errors == []
