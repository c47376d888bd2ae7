"""``tablelog serve`` by tapping: a whole physical Karnöffel game, and undo and redo.

The recorder's phone (a Chromium context at 390×844) enters a recorded physical game
(``fixtures/karnoffel-physical.jsonl``: the deal's four up-cards, every play, a note and
an undo) by tapping buttons only, never the text entry; a second context, Bo's phone,
sees each entry within a second; at the end ``tablelog log`` has every event as the
fixture has it.
"""

from __future__ import annotations

import json
import os
import shutil
import time
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner

from tablelog.cli.main import cli
from tests.cli.clitools import run_json
from tests.cli.test_serve import (
    PATIENCE,
    PHONE,
    Running,
    artifact,
    server,
    tap_a_move,
    within_a_second,
)

__all__ = ["server"]

FIXTURE = Path(__file__).resolve().parents[2] / "fixtures" / "karnoffel-physical.jsonl"
PLAYERS = ["Anna", "Bo", "Cai", "Dina"]


def fixture_log(tmp_path: Path) -> list[dict[str, Any]]:
    """The fixture's events as ``tablelog log`` writes them."""
    runner = CliRunner(env={"TABLELOG_DB": str(tmp_path / "fixture.db")})
    result = runner.invoke(cli, ["import", str(FIXTURE)])
    assert result.exit_code == 0, result.output
    events: list[dict[str, Any]] = run_json(runner, "log", "1")["events"]
    return events


def shown_seq(page: Any) -> int:
    return int(page.locator("#table").get_attribute("data-seq") or -1)


def wait_past(page: Any, seq: int, timeout: float = 30_000) -> None:
    """Wait until the page shows the table after event ``seq`` or later."""
    page.wait_for_function(
        f"() => Number(document.querySelector('#table').dataset.seq) >= {seq}", timeout=timeout
    )


def tap_entry(page: Any, event: dict[str, Any]) -> None:
    """Tap one event of the log in: a deal's cards, a card played, a note, an undo."""
    kind, text = event["type"], event["notation"]
    if kind == "deal":
        page.locator('#moves button[data-move^="deal CARD"]').tap()
        for card in text.split()[1:]:
            page.locator(f'#moves button[data-card="{card}"]').tap()
        page.locator("#moves button[data-enter]").tap()
    elif kind == "play":
        page.locator(f'#moves button[data-move="{text}"]').tap()
    elif kind == "note":
        page.locator('#actions button[data-action="note"]').tap()
        page.locator('#sheet textarea[name="text"]').fill(text.removeprefix("note "))
        page.locator("#sheet button[type=submit]").tap()
    elif kind == "undo":
        page.locator('#actions button[data-action="undo"]').tap()
    else:
        raise AssertionError(f"the fixture has an event the test cannot tap: {event}")


@pytest.mark.realtime
def test_a_whole_physical_karnoffel_game_entered_by_tapping(
    server: Running, chromium: Any, tmp_path: Path
) -> None:
    expected = fixture_log(tmp_path)
    created = server.http.post("/api/games", json={"rules": "karnoffel", "players": PLAYERS,
                                                   "dealer": "Dina", "seed": None})  # fmt: skip
    assert created.status_code == 200, created.text
    game = created.json()
    secrets = {link["role"]: link["url"].split("#k=")[1] for link in game["links"]}
    gid = game["game"]
    phones = [chromium.new_context(viewport=PHONE, is_mobile=True, has_touch=True)
              for _ in range(2)]  # fmt: skip
    try:
        recorder, bo = (context.new_page() for context in phones)
        recorder.goto(f"{server.base}/t/{gid}#k={secrets['recorder']}")
        bo.goto(f"{server.base}/t/{gid}#k={secrets['seat:1']}")
        for page in (recorder, bo):
            page.wait_for_selector("#table .seat")
        waits = []
        for event in expected:
            tap_entry(recorder, event)
            wait_past(recorder, event["seq"])
            written = time.monotonic()
            wait_past(bo, event["seq"], timeout=PATIENCE)  # by itself, from its stream
            waits.append(time.monotonic() - written)
            assert recorder.locator(".message.refused").count() == 0
        assert "The game is over" in recorder.inner_text("#turn")
        assert "won by Bo & Dina" in bo.inner_text("#turn")
        recorder.evaluate("window.scrollTo(0, 0)")
        recorder.screenshot(path=str(artifact("serve-karnoffel-physical-recorder")))
        print(f"the other phone saw each entry after (s): {within_a_second(waits)}")
    finally:
        for context in phones:
            context.close()
    runner = CliRunner(env={"TABLELOG_DB": str(server.db)})
    logged = run_json(runner, "log", str(gid))["events"]
    fields = ("seq", "type", "actor", "notation", "effective")
    assert [{k: e[k] for k in fields} for e in logged] == [
        {k: e[k] for k in fields} for e in expected
    ]
    assert run_json(runner, "show", str(gid))["outcome"]["winners"] == ["Bo", "Dina"]


def test_undo_and_redo_from_the_page(server: Running, chromium: Any) -> None:
    """Undo takes the last entry back, redo puts it back (read from the log); a second redo
    is refused in the tool's own sentence and writes nothing."""
    game = server.start("karnoffel", PLAYERS, 5)
    gid, secrets = game["game"], game["secrets"]
    acting = server.table(gid, secrets["recorder"]).json()["table"]["to_act"][0]
    seat = PLAYERS.index(acting)
    context = chromium.new_context(viewport=PHONE, is_mobile=True, has_touch=True)
    runner = CliRunner(env={"TABLELOG_DB": str(server.db)})
    try:
        phone, recorder = context.new_page(), context.new_page()
        phone.goto(f"{server.base}/t/{gid}#k={secrets[f'seat:{seat}']}")
        recorder.goto(f"{server.base}/t/{gid}#k={secrets['recorder']}")
        phone.wait_for_selector("#moves button")
        start = shown_seq(phone)
        played = tap_a_move(phone)
        wait_past(phone, start + 1)
        wait_past(recorder, start + 1)
        recorder.locator('#actions button[data-action="undo"]').tap()
        recorder.wait_for_selector(".message.done")
        assert "Recorded: undo" in recorder.inner_text("#message")
        log = run_json(runner, "log", str(gid))["events"]
        assert log[-1]["type"] == "undo"
        assert [e["notation"] for e in log if not e["effective"] and e["actor"] == acting] == [
            played
        ]
        head = log[-1]["seq"]
        recorder.locator('#actions button[data-action="redo"]').tap()
        wait_past(recorder, head + 1)
        assert f"redo puts back {played}" in recorder.inner_text("#message")
        after = run_json(runner, "log", str(gid))["events"]
        redone = next(e for e in after if e["seq"] == head + 1)
        assert (redone["actor"], redone["notation"], redone["effective"]) == (acting, played, True)
        seq = after[-1]["seq"]
        recorder.locator('#actions button[data-action="redo"]').tap()
        recorder.wait_for_selector(".message.refused")
        assert "nothing to redo: no undo since the last move" in recorder.inner_text("#message")
        assert run_json(runner, "log", str(gid))["events"][-1]["seq"] == seq  # nothing written
        assert server.table(gid, secrets["recorder"]).json()["seq"] == seq
    finally:
        context.close()


def test_the_recorder_of_a_physical_game_sees_what_was_typed(server: Running) -> None:
    """The recorder typed the deal, a face-down card of Bo's included: the recorder's
    answers show it (the gate's recorder view), Bo's show it, no other seat's or the
    spectator's answers hold it anywhere."""
    game = server.start("karnoffel", PLAYERS, None)
    gid, secrets = game["game"], game["secrets"]
    deal = "deal Bo:6H,7S,?,?,? Cai:KC,?,?,?,? Dina:QC,?,?,?,? Anna:KS,?,?,?,?"
    entered = server.play(gid, secrets["recorder"], move=deal, after=0)
    assert entered.status_code == 200, entered.text
    answers = {role: server.table(gid, secrets[role]).json() for role in secrets}
    assert answers["recorder"]["viewer"] == "the recorder"
    bo_hand = next(s for s in answers["recorder"]["table"]["table"]["seats"] if s["name"] == "Bo")
    assert "7S" in bo_hand["places"][0]["known"]
    assert '"7S"' in json.dumps(answers["seat:1"])
    for role in ("seat:0", "seat:2", "seat:3", "spectator"):
        assert '"7S"' not in json.dumps(answers[role]) and "7S" not in json.dumps(answers[role])


GAMES = ["karnoffel", "nordekasino", "speahx", "vriddiot", "narrespillet"]
SCREENS = Path(__file__).resolve().parents[2] / "docs" / "screenshots"


def tap_an_entry(page: Any) -> None:
    """Tap the next entry in: a table's step with the first cards the deck offers, or the
    first move down the listing."""
    form = page.locator('#moves button[data-move*="CARD"]')
    if form.count():
        form.first.tap()
        while not page.locator("#moves button[data-enter]").count():
            page.locator("#moves button[data-card]").first.tap()
        page.locator("#moves button[data-enter]").tap()
    else:
        tap_a_move(page)


@pytest.mark.parametrize("rules", GAMES)
def test_each_game_by_tapping_on_a_phone(server: Running, chromium: Any, rules: str) -> None:
    """Every game: the recorder of a physical game taps the deal and the first moves in;
    Anna's phone in a seeded game a few moves on, her turn, her hand at the bottom. The
    screens (390×844) are kept, and copied to docs/screenshots with TABLELOG_SCREENSHOTS."""
    physical = server.start(rules, PLAYERS, None)
    context = chromium.new_context(viewport=PHONE, is_mobile=True, has_touch=True)
    try:
        page = context.new_page()
        gid = physical["game"]
        page.goto(f"{server.base}/t/{gid}#k={physical['secrets']['recorder']}")
        page.wait_for_selector("#moves button")
        for _ in range(4):
            seq = shown_seq(page)
            tap_an_entry(page)
            wait_past(page, seq + 1)
            assert page.locator(".message.refused").count() == 0, page.inner_text("#message")
        page.evaluate("window.scrollTo(0, 0)")
        page.screenshot(path=str(artifact(f"serve-recorder-{rules}")))
        seeded = server.start(rules, PLAYERS, 4)
        gid, secrets = seeded["game"], seeded["secrets"]
        for _ in range(12):  # the others' moves, each from its seat's phone, until Anna acts
            acting = server.table(gid, secrets["recorder"]).json()["table"]["to_act"]
            if not acting or "Anna" in acting:
                break
            key = secrets[f"seat:{PLAYERS.index(acting[0])}"]
            state = server.table(gid, key).json()
            move = state["moves"]["moves"][0]["notation"]
            assert server.play(gid, key, move=move, after=state["seq"]).status_code == 200
        anna = context.new_page()
        anna.goto(f"{server.base}/t/{gid}#k={secrets['seat:0']}")
        anna.wait_for_selector("#table .seat.mine")
        anna.screenshot(path=str(artifact(f"serve-seat-{rules}")))
    finally:
        context.close()
    if os.environ.get("TABLELOG_SCREENSHOTS"):
        for who in ("recorder", "seat"):
            shutil.copy(artifact(f"serve-{who}-{rules}"), SCREENS / f"serve-{who}-{rules}.png")


@pytest.mark.realtime
def test_a_move_played_in_a_terminal_reaches_the_page_within_a_second(
    server: Running, chromium: Any
) -> None:
    """`tablelog play` in a terminal writes to the database behind the server's back: the
    server's poller finds the new head and every open page redraws within a second."""
    game = server.start("karnoffel", PLAYERS, 6)
    gid, secrets = game["game"], game["secrets"]
    acting = server.table(gid, secrets["recorder"]).json()["table"]["to_act"][0]
    key = secrets[f"seat:{PLAYERS.index(acting)}"]
    state = server.table(gid, key).json()
    move = state["moves"]["moves"][0]["notation"]
    context = chromium.new_context(viewport=PHONE, is_mobile=True, has_touch=True)
    try:
        page = context.new_page()
        page.goto(f"{server.base}/t/{gid}#k={secrets['spectator']}")
        page.wait_for_selector("#live.live")  # its stream is open
        assert shown_seq(page) == state["seq"]
        runner = CliRunner(env={"TABLELOG_DB": str(server.db)})
        result = runner.invoke(cli, ["play", str(gid), f"{acting} {move}"])
        written = time.monotonic()  # (`play` returns once its event is committed)
        assert result.exit_code == 0, result.output
        wait_past(page, state["seq"] + 1, timeout=PATIENCE)
        print(f"the page redrew after (s): {within_a_second([time.monotonic() - written])}")
        assert f"{acting}: " in page.inner_text("#log")
    finally:
        context.close()
