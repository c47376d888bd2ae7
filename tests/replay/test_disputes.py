"""Irregularities and rulings: the fold applies them, the fixtures replay, the notation
round-trips, and a ruling that names nothing in effect is refused."""

from __future__ import annotations

from pathlib import Path

import pytest

from tablelog.replay.fold import Replayer, effective_events
from tablelog.replay.games import Games
from tablelog.replay.headers import make_header
from tablelog.replay.inspect import log_data
from tablelog.replay.jsonl import parse_lines, verify_parsed
from tablelog.replay.notation import format_event_move, parse_move
from tablelog.rules.errors import IllegalEvent, NotationError
from tablelog.rules.events import Event, Irregularity, Ruling
from tablelog.rules.karnoffel import RULES as KARNOFFEL

FIXTURES = Path(__file__).parents[2] / "fixtures" / "disputes"


def replayed(name: str) -> tuple[object, list[Event], Replayer]:
    (game,) = parse_lines((FIXTURES / f"{name}.jsonl").read_text(encoding="utf-8").splitlines())
    verification = verify_parsed(game)
    assert verification.ok, verification.problems
    replayer = Replayer(game.rules, game.header)
    replayer.extend(game.events)
    return game, list(game.events), replayer


def test_a_revoke_noticed_late_is_replayed_from_before_it():
    _, events, replayer = replayed("nordekasino-revoke")
    irregularity, ruling = events[7].payload, events[8].payload
    assert irregularity == Irregularity("revoke", 2, irregularity.what)
    assert events[7].actor == 1  # Bo
    assert ruling == Ruling("replay", 1, "", ruling.what)
    kept = [e.seq for e in replayer.effective]
    assert kept == [1, *range(10, 18)]  # events 2 to 7 taken back, like undos
    assert replayer.state.claims == ()


def test_an_exposed_card_stands_with_the_seeds_penalty():
    _, events, replayer = replayed("nordekasino-exposed")
    assert [e.kind for e in events[1:4]] == ["irregularity", "ruling", "open_hand"]
    assert events[2].payload.decision == "stand" and "open-handed" in events[2].payload.penalty
    assert [e.seq for e in replayer.effective] == [1, 4, 5, 6, 7]  # nothing taken back
    # the game is on after the open hand (it lasts until the next deal)
    assert replayer.state.phase == "play"


def test_a_misdeal_is_dealt_again():
    _, events, replayer = replayed("karnoffel-misdeal")
    assert events[2].payload == Ruling("redeal", None, "", "Anna deals again")
    assert [e.seq for e in replayer.effective] == [4, 5, 6, 7, 8]
    assert replayer.state.current.trump == "C"  # the second deal's lowest up-card is a club


@pytest.mark.parametrize("name", ["nordekasino-revoke", "nordekasino-exposed", "karnoffel-misdeal"])
def test_the_log_shows_irregularities_and_what_a_ruling_took_back(name: str, games: Games):
    (parsed,) = parse_lines((FIXTURES / f"{name}.jsonl").read_text(encoding="utf-8").splitlines())
    from tablelog.replay.merge import import_games

    (record,) = import_games(games.ledger, [parsed])
    rows = log_data(games.load(record.id))["events"]
    marked = [r for r in rows if r["type"] in ("irregularity", "ruling")]
    assert len(marked) == 2 and all(r["effective"] for r in marked)
    assert marked[0]["notation"].startswith("irregularity ")
    taken_back = {r["seq"] for r in rows if not r["effective"]}
    kept = {e.seq for e in effective_events(parsed.events, False)}
    assert taken_back == {e.seq for e in parsed.events if e.family != "meta"} - kept


def test_a_seeded_misdeal_is_dealt_again_by_the_dealer(games: Games):
    game = games.create(make_header(KARNOFFEL, ("Anna", "Bo", "Cai", "Dina"), {}, seed=5))
    first = games.load(game.id).events[0]
    games.play(game.id, "irregularity misdeal")
    played = games.play(game.id, "ruling redeal")
    assert [e.kind for e in played.written] == ["ruling", "deal"]
    assert played.written[1].payload != first.payload  # a new deal, from the seed and seq
    from tablelog.replay.verify import verify_stored

    assert verify_stored(games.ledger, games.load(game.id)).ok


def header_game(games: Games) -> int:
    return games.create(make_header(KARNOFFEL, ("Anna", "Bo", "Cai", "Dina"), {})).id


@pytest.mark.parametrize(
    ("texts", "message"),
    [
        (["ruling redeal"], "no deal is in effect: nothing to redeal"),
        (["deal 3H KS 9C 5D", "ruling redeal 2"], "event 2 is not a deal in effect"),
        (["deal 3H KS 9C 5D", "ruling replay from 1"], "no event after event 1 is in effect"),
        (["deal 3H KS 9C 5D", "Bo 3H", "undo", "ruling replay from 2"], "event 2 is not in effect"),
    ],
)
def test_a_ruling_that_names_nothing_in_effect_is_refused(games: Games, texts, message):
    game = header_game(games)
    for text in texts[:-1]:
        games.play(game, text)
    with pytest.raises(IllegalEvent, match=message):
        games.play(game, texts[-1])


@pytest.mark.parametrize(
    "text",
    [
        "irregularity exposed Bo: showed 7H",
        "irregularity misdeal",
        "irregularity revoke Cai at 3: played a heart with hearts to follow",
        "ruling stand",
        "ruling stand: Bo plays open-handed",
        "ruling replay from 2: back to the lead",
        "ruling redeal",
        "ruling redeal 1",
    ],
)
def test_the_notation_round_trips(games: Games, text: str):
    loaded = games.load(header_game(games))
    move = parse_move(loaded, text)
    assert move.payload.FAMILY == "meta"
    players = loaded.header.players
    assert format_event_move(KARNOFFEL, move, loaded.state, players) == text


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("irregularity fumble", "an irregularity is one of exposed, misdeal, revoke"),
        ("irregularity exposed Zed", "'Zed' is not at this table"),
        ("irregularity revoke Bo at x", "at is an event number"),
        ("ruling appeal", "a ruling is stand, replay or redeal"),
        ("ruling replay", "name the event to replay from"),
        ("ruling stand 3", "a ruling to let it stand names no event"),
    ],
)
def test_bad_notation_is_named(games: Games, text: str, message: str):
    with pytest.raises(NotationError, match=message):
        parse_move(games.load(header_game(games)), text)


def test_the_log_rows_kept_in_a_memo_are_the_rows_made_anew(games: Games):
    """``log_data(memo=...)`` (a server asks for the last rows after every move): the rows
    it takes from its memo are those made without one, for each viewer, a ruling's taken
    back events included; asked again, every row comes from the memo."""
    from tablelog.replay.gate import RECORDER, Viewer
    from tablelog.replay.merge import import_games

    text = (FIXTURES / "nordekasino-revoke.jsonl").read_text(encoding="utf-8")
    (record,) = import_games(games.ledger, parse_lines(text.splitlines()))
    game = games.load(record.id)
    memo: dict = {}
    for viewer in (None, Viewer(0), Viewer(1), RECORDER):
        fresh = log_data(game, viewer)["events"]
        kept = log_data(game, viewer, memo=memo)["events"]
        assert kept == fresh and any(not r["effective"] for r in kept)
        again = log_data(game, viewer, tail=5, memo=memo)["events"]
        assert all(a is k for a, k in zip(again, kept[-5:], strict=True))
    assert len(memo) == 4 * len(game.events)
