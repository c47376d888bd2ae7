"""The replay page's data and file, without a browser: one self-contained file whose
per-seat views come from the rule set's own ``view``."""

from __future__ import annotations

import json
import re

import pytest

from tablelog.replay.games import Games
from tablelog.replay.gate import EVERY_SEAT, Viewer
from tablelog.replay.headers import make_header
from tablelog.replay.inspect import moves_data
from tablelog.replay.page import StillPlaying, page_data, render_page
from tablelog.rules import registry
from tests.replay.page_helpers import finished_game, played_game


def embedded(page: str) -> dict:
    match = re.search(r'<script id="data" type="application/json">(.*?)</script>', page, re.S)
    assert match is not None
    return json.loads(match.group(1))


def hand(data: dict, frame: dict, seat: int | None, owner: str) -> dict:
    """``owner``'s hand in the typed table of ``seat``'s view (``None``: everyone's)."""
    view = data["views"][frame["public"] if seat is None else frame["seats"][seat]]
    seats = [data["parts"][i] for i in view["s"]]
    place = next(s for s in seats if s["name"] == owner)["places"][0]
    assert place["label"] == "hand"
    return {"cards": place.get("known", []), "hidden": place.get("hidden", 0)}


@pytest.mark.parametrize(
    "rules", ["karnoffel", "nordekasino", "speahx", "vriddiot", "narrespillet"]
)
def test_one_frame_per_event_and_the_data_round_trips(games: Games, rules: str):
    game = played_game(games, rules, 6)
    page = render_page(game)
    data = embedded(page)
    assert data == json.loads(json.dumps(page_data(game)))
    assert [f["seq"] for f in data["frames"]] == list(range(game.seq + 1))
    assert data["players"] == list(game.header.players)


def test_a_seat_sees_its_own_hand_and_everyone_sees_none(games: Games):
    game = finished_game(games, "nordekasino")
    data = page_data(game, EVERY_SEAT)
    frame = data["frames"][6]
    bo_hand = game.timeline[6].hands[1]
    mine = hand(data, frame, 1, "Bo")
    assert sorted(mine["cards"]) == sorted(c.text for c in bo_hand.cards) and mine["cards"]
    assert hand(data, frame, None, "Bo")["cards"] == []
    assert hand(data, frame, 0, "Bo")["cards"] == []
    assert hand(data, frame, 0, "Bo")["hidden"] == len(bo_hand)


def test_a_page_holds_only_its_viewers_view_unless_every_seat_is_asked_for(games: Games):
    game = played_game(games, "nordekasino", 3)
    bo = page_data(game, Viewer(1))
    assert bo["viewer"] == "Bo" and not bo["all_seats"]
    assert all("seats" not in f and "public" not in f for f in bo["frames"])
    hands = [c.text for s in (0, 2, 3) for c in game.state.hands[s].cards]
    text = json.dumps(bo)
    assert hands and not [c for c in hands if f'"{c}"' in text]
    over = finished_game(games, "nordekasino")
    assert page_data(over, EVERY_SEAT)["all_seats"]
    assert "Every seat's cards are in this page" in render_page(over, EVERY_SEAT)


def test_every_seat_is_refused_while_the_game_is_being_played(games: Games):
    game = played_game(games, "nordekasino", 3)
    with pytest.raises(StillPlaying, match=f"game {game.id} is still being played"):
        page_data(game, EVERY_SEAT)
    with pytest.raises(StillPlaying):
        render_page(game, EVERY_SEAT)


def test_every_seats_page_leaves_out_a_variation_still_being_played(games: Games):
    over = finished_game(games, "nordekasino")
    tried = games.fork(over.id, 6)  # a line tried from event 6, not played to its end
    games.play(tried.id, moves_data(tried)["moves"][0]["notation"])
    fork = games.load(tried.id)
    assert fork.rules.outcome(fork.state) is None
    assert [v["game"] for v in page_data(over, Viewer(1), [fork])["variations"]] == [fork.id]
    data = page_data(over, EVERY_SEAT, [fork])
    assert data["variations"] == []
    hands = [c.text for s in range(4) for c in fork.state.hands[s].cards]
    assert f"game {fork.id}" not in render_page(over, EVERY_SEAT, [fork]) and hands


def test_the_page_needs_no_network(games: Games):
    page = render_page(played_game(games, "karnoffel", 4))
    assert not re.search(r"""(src|href)\s*=\s*["']?(https?:)?//""", page)
    assert "<link" not in page and "@import" not in page
    assert page.count("<script") == 2  # the data and the inline script


def test_user_text_cannot_end_the_script_or_become_markup(games: Games):
    rules = registry.get("karnoffel")
    names = ("</script><b>x</b>", "Bo", "Cai", "Dina")
    game = games.create(make_header(rules, names, {}, seed=3))
    games.play(game.id, "note <img src=x onerror=alert(1)></script>")
    page = render_page(games.load(game.id))
    assert page.count("</script>") == 2
    data = embedded(page)
    assert data["players"][0] == names[0]
    assert data["frames"][-1]["event"]["notation"].startswith("note <img")
    assert "innerHTML" not in page  # the script writes text nodes only


def test_corrections_irregularities_and_rulings_are_marked(games: Games):
    from pathlib import Path

    from tablelog.replay.jsonl import parse_lines
    from tablelog.replay.merge import import_games

    path = Path(__file__).parents[2] / "fixtures" / "disputes" / "nordekasino-revoke.jsonl"
    (record,) = import_games(
        games.ledger, parse_lines(path.read_text(encoding="utf-8").splitlines())
    )
    data = page_data(games.load(record.id))
    marks = {f["seq"]: f["event"]["mark"] for f in data["frames"][1:]}
    assert marks[8] == "irregularity" and marks[9] == "ruling" and marks[10] == "move"
    retracted = [f["seq"] for f in data["frames"][1:] if not f["event"]["effective"]]
    assert retracted == [2, 3, 4, 5, 6, 7]


def test_the_taker_of_a_trick_is_named(games: Games):
    game = played_game(games, "karnoffel", 12)
    data = page_data(game)
    taken = [f["taken_by"] for f in data["frames"][1:] if f.get("taken_by")]
    assert taken and set(taken) <= set(game.header.players)  # who took the trick
