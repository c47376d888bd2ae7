"""Every output draws the typed table (``rules.tableview``): none reads a game's facts by
key; the Demons have one name; the view names whoever the table waits for."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from tablelog.replay.games import Games
from tablelog.replay.gate import EVERYONE, Gate
from tablelog.rules.narrespillet.state import DEMONS
from tablelog.rules.protocol import Header
from tests.replay.page_helpers import played_game
from tests.rules.narrespillet_helpers import RULES, play, seats, table

ROOT = Path(__file__).parents[2]
READS_INFO = re.compile(r"\binfo\[|\binfo\.get\(|\.info\b")


def test_no_output_reads_a_views_facts_by_key():
    found = [
        f"{path.relative_to(ROOT)}:{n}"
        for folder in ("cli", "replay")
        for path in sorted((ROOT / folder).rglob("*.py"))
        if "web" not in path.parts  # the serve page, another engineer's, moving to the table
        for n, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1)
        if READS_INFO.search(line)
    ]
    assert found == []


def test_a_star_caller_choosing_is_whose_turn_it_is():
    state = play(table({"Anna": "T17 Sw3 Sw4 St2 St3 St4"}), "Anna play T17", "Anna call CuK")
    assert seats(state) == ("Anna",) and state.actor is None  # choosing the next call
    view = RULES.view(state, None)
    assert view.table is not None and view.table.turn == ("Anna",)
    assert view.info["turn"] == "Anna"


def test_the_demons_have_one_name_in_the_view_and_its_turn():
    state = table({"Cai": "T15 Sw5 Sw6 St5 St6 Cu5"}, rounds=1)
    state = play(state, "Anna discard Sw2", "Bo discard Co2", "Cai play T15")
    state = play(state, "Dina discard Co5", "Anna discard Sw3", "Bo discard Co3")
    assert state.actor == 4
    header = Header("narrespillet", RULES.version, state.players, seed=1)
    typed = Gate(RULES, header, EVERYONE).view(state).table
    assert typed is not None
    names = [seat.name for seat in typed.seats]
    assert DEMONS == "Demons" and names[-1] == "Demons" and typed.turn == ("Demons",)
    slots = {slot.player for field in typed.fields for slot in field.slots}
    assert "Demons" in slots and not any("the Demons" in n for n in slots)
    assert RULES.view(state, None).info["turn"] == "Demons"


@pytest.mark.parametrize("rules", ["vriddiot", "speahx"])
def test_the_pile_says_who_laid_each_card(games: Games, rules: str):
    game = played_game(games, rules, 30)
    said = 0
    for i, event in enumerate(game.events, 1):
        before, after = (_pile(game.rules.view(game.timeline[j], None)) for j in (i - 1, i))
        if after is None or not after.known or len(after.laid_by) != len(after.known):
            continue
        grew = len(after.known) - (0 if before is None else len(before.known))
        if grew > 0 and event.actor is not None and event.family == "move":
            assert after.laid_by[-grew:] == (game.header.players[event.actor],) * grew
            said += 1
    assert said >= 3


def _pile(view):
    return next((p for p in view.table.piles if p.zone == "pile"), None)


def test_show_draws_each_battlefield_slot_with_its_placement_and_rank(games: Games):
    from tablelog.cli.tablepicture import table_lines

    game = played_game(games, "narrespillet", 60)
    table = Gate(game.rules, game.header, EVERYONE).table(game.state)
    assert table is not None
    placed = [s for f in table["fields"] for s in f["slots"] if s["status"] == "placed"]
    assert placed and all(s["rank"] and s["known"] for s in placed)
    lines = table_lines(table, str, 100)
    for slot in placed:
        cards = " ".join(slot["known"])
        assert any(
            line.split()[:1] == [slot["player"]] and f"{cards} — {slot['rank']}" in line
            for line in lines
        ), slot
