"""``tablelog serve``: a real uvicorn server on loopback, phones as Chromium contexts.

Each test starts the app on a free port in a thread (the same app ``serve`` runs) over a
fresh SQLite database, talks to it over HTTP (httpx) and drives its pages in the
distribution's Chromium through Playwright, two browser contexts standing for two phones.
"""

from __future__ import annotations

import json
import re
import socket
import threading
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest
from click.testing import CliRunner

from tablelog.cli.web.app import Server, make_app
from tablelog.cli.web.links import Keys
from tests.cli.clitools import run_json

PHONE = {"width": 390, "height": 844}
PATIENCE = 10_000
"""How long (ms) a test waits for a page to redraw. The issue asks for an update within
a second: the wait is generous so that a slow, loaded machine does not time out, and the
delay measured is then asserted under a second (``within_a_second``)."""
SUIT = {"S": "♠", "H": "♥", "D": "♦", "C": "♣"}


class Running:
    """A server on loopback: its base URL and database."""

    def __init__(self, base: str, db: Path) -> None:
        self.base = base
        self.db = db
        self.http = httpx.Client(base_url=base, timeout=30)

    def start(self, rules: str, players: list[str], seed: int | None) -> dict[str, Any]:
        response = self.http.post("/api/games", json={"rules": rules, "players": players,
                                                      "seed": seed})  # fmt: skip
        assert response.status_code == 200, response.text
        data: dict[str, Any] = response.json()
        data["secrets"] = {link["role"]: link["url"].split("#k=")[1] for link in data["links"]}
        return data

    def table(self, game: int, secret: str) -> httpx.Response:
        return self.http.get(f"/api/t/{game}", headers={"X-Tablelog-Key": secret})

    def play(self, game: int, secret: str, **body: Any) -> httpx.Response:
        return self.http.post(f"/api/t/{game}/play", json=body,
                              headers={"X-Tablelog-Key": secret})  # fmt: skip


@pytest.fixture
def server(tmp_path: Path) -> Iterator[Running]:
    import uvicorn

    db = tmp_path / "club.db"
    app = make_app(Server(str(db), Keys(b"k" * 32)))
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    config = uvicorn.Config(app, host="127.0.0.1", port=port, log_level="warning",
                            access_log=False)  # fmt: skip
    running = uvicorn.Server(config)
    thread = threading.Thread(target=running.run, daemon=True)
    thread.start()
    deadline = time.monotonic() + 30
    while not running.started:
        assert time.monotonic() < deadline, "the server did not start"
        time.sleep(0.05)
    try:
        yield Running(f"http://127.0.0.1:{port}", db)
    finally:
        running.should_exit = True
        thread.join(10)


def within_a_second(waits: list[float]) -> str:
    """Assert that every measured redraw came within a second; the delays, to print."""
    said = f"max {max(waits):.3f}, median {sorted(waits)[len(waits) // 2]:.3f}"
    assert max(waits) < 1.0, f"a page redrew more than a second after the write: {said}"
    return said


def tap_a_move(page: Any) -> str:
    """Tap down the listing (kind → card → target → value) to the first move; its text."""
    for _ in range(8):  # (a crowded kind's moves are fetched: wait for the next level)
        page.locator("#moves button[data-move], #moves button[data-step]").first.wait_for()
        leaf = page.locator("#moves button[data-move]")
        if leaf.count():
            notation: str = leaf.first.get_attribute("data-move")
            leaf.first.tap()
            return notation
        page.locator("#moves button[data-step]").first.tap()
    raise AssertionError("no move reached by tapping")


def pretty(code: str) -> str:
    return code[:-1] + SUIT[code[-1]] if code and code[-1] in SUIT else code


def hand_cards(data: dict[str, Any]) -> dict[str, set[str]]:
    """Each zone's known cards in a table response."""
    return {z["zone"]: set(z["cards"]) for z in data["table"]["zones"]}


def test_without_a_valid_secret_a_request_gets_nothing(server: Running) -> None:
    game = server.start("vriddiot", ["Anna", "Bo", "Cai", "Dina"], 3)
    gid = game["game"]
    wrong = server.table(gid, "a" * 26)
    missing = server.http.get(f"/api/t/{gid}")
    unknown = server.table(gid + 50, game["secrets"]["seat:0"])
    for response in (wrong, missing, unknown):
        assert response.status_code == 404
        assert response.json() == {"error": "no such table, or the link is not valid"}
    stream = server.http.get(f"/api/t/{gid}/events", params={"k": "nope"})
    assert stream.status_code == 404
    spectator = server.play(gid, game["secrets"]["spectator"], move="note hi", after=1)
    assert spectator.status_code == 403 and "enters no moves" in spectator.json()["error"]
    form_headers = {
        "X-Tablelog-Key": game["secrets"]["recorder"],
        "Content-Type": "application/x-www-form-urlencoded",
    }
    form = server.http.post(f"/api/t/{gid}/play", content="move=7H", headers=form_headers)
    assert form.status_code == 415
    big = server.play(gid, game["secrets"]["recorder"], move="note " + "x" * 20_000, after=1)
    assert big.status_code == 413
    json_headers = {**form_headers, "Content-Type": "application/json"}
    listed = server.http.post(f"/api/t/{gid}/play", content="[1]", headers=json_headers)
    assert listed.status_code == 400
    assert listed.json() == {"error": "the body must be one JSON object: {...}"}
    runner = CliRunner(env={"TABLELOG_DB": str(server.db)})
    assert run_json(runner, "log", str(gid))["events"][-1]["seq"] == 1  # nothing written


def test_every_endpoint_answers_a_missing_database_with_the_same_sentence(
    server: Running,
) -> None:
    """Before any game the database does not exist: the table and its event stream both
    answer with the CLI's sentence as JSON (the stream once answered a bare 500)."""
    table = server.http.get("/api/t/1", params={"k": "x"})
    stream = server.http.get("/api/t/1/events", params={"k": "x"})
    for response in (table, stream):
        assert response.status_code == 400
        assert response.json()["kind"] == "bad-input"
        assert response.json()["error"].startswith(f"there is no database at {server.db} yet")
    assert stream.json() == table.json()


def test_a_seat_sees_its_own_hand_and_none_of_the_others(server: Running) -> None:
    players = ["Anna", "Bo", "Cai", "Dina"]
    game = server.start("vriddiot", players, 3)
    gid = game["game"]
    views = {n: server.table(gid, game["secrets"][f"seat:{n}"]).json() for n in range(4)}
    for n, data in views.items():
        assert data["viewer"] == players[n] and data["role"] == "seat"
        zones = hand_cards(data)
        assert zones[f"hand:{n}"], "a seat sees its own hand"
        for other in range(4):
            if other != n:
                assert zones[f"hand:{other}"] == set(), "no other hand's cards"
    public = server.table(gid, game["secrets"]["spectator"]).json()
    assert all(not cards for name, cards in hand_cards(public).items() if name.startswith("hand"))
    assert public["moves"] is None


def test_a_second_writer_for_the_same_turn_is_told_what_was_recorded(server: Running) -> None:
    game = server.start("karnoffel", ["Anna", "Bo", "Cai", "Dina"], 1)
    gid, recorder = game["game"], game["secrets"]["recorder"]
    acting = server.table(gid, recorder).json()["table"]["to_act"][0]
    phone = game["secrets"][f"seat:{['Anna', 'Bo', 'Cai', 'Dina'].index(acting)}"]
    data = server.table(gid, phone).json()
    first, second = (m["notation"] for m in data["moves"]["moves"][:2])
    ok = server.play(gid, phone, move=first, after=data["seq"], id="phone-a-1")
    assert ok.status_code == 200 and not ok.json()["retried"]
    late = server.play(gid, recorder, move=f"{acting} {second}", after=data["seq"], id="b-1")
    assert late.status_code == 409
    assert f"has moved on since event {data['seq']}" in late.json()["error"]
    assert "tablelog show" not in late.json()["error"]  # a phone has no terminal
    assert "look at the table again (this page shows it anew)" in late.json()["error"]
    again = server.play(gid, phone, move=first, after=data["seq"], id="phone-a-1")
    assert again.status_code == 200 and again.json()["retried"]  # answered, not doubled
    ahead = server.play(gid, recorder, move=f"{acting} {second}", after=data["seq"] + 50)
    assert ahead.status_code == 409 and "cannot have been at event" in ahead.json()["error"]
    assert "tablelog show" not in ahead.json()["error"]  # a phone has no terminal
    runner = CliRunner(env={"TABLELOG_DB": str(server.db)})
    log = run_json(runner, "log", str(gid))["events"]
    assert [e["seq"] for e in log] == list(range(1, data["seq"] + 2))
    other = data["moves"]["moves"][0]["actor"]
    seat = (data["players"].index(other) + 1) % 4
    wrong = server.play(gid, game["secrets"][f"seat:{seat}"], move=f"{other} {first}",
                        after=data["seq"] + 1)  # fmt: skip
    assert wrong.status_code == 409
    assert f"this is {data['players'][seat]}'s phone" in wrong.json()["error"]


def test_four_phones_racing_for_a_turn_write_once(server: Running) -> None:
    """Four entries for the same turn at once, each with its own retry id: one is written,
    the three others are refused with what was recorded meanwhile; the log grows by that
    one entry (and the dealer's events after it), none doubled."""
    from concurrent.futures import ThreadPoolExecutor

    game = server.start("karnoffel", ["Anna", "Bo", "Cai", "Dina"], 9)
    gid = game["game"]
    acting = server.table(gid, game["secrets"]["spectator"]).json()["table"]["to_act"][0]
    key = game["secrets"][f"seat:{['Anna', 'Bo', 'Cai', 'Dina'].index(acting)}"]
    state = server.table(gid, key).json()
    moves = [m["notation"] for m in state["moves"]["moves"][:4]]

    def enter(n: int) -> httpx.Response:
        with httpx.Client(base_url=server.base, timeout=30) as http:
            return http.post(f"/api/t/{gid}/play", headers={"X-Tablelog-Key": key},
                             json={"move": moves[n % len(moves)], "after": state["seq"],
                                   "id": f"phone-{n}"})  # fmt: skip

    with ThreadPoolExecutor(4) as pool:
        answers = list(pool.map(enter, range(4)))
    assert sorted(a.status_code for a in answers) == [200, 409, 409, 409]
    for refused in (a for a in answers if a.status_code == 409):
        assert f"has moved on since event {state['seq']}" in refused.json()["error"]
        assert "tablelog show" not in refused.json()["error"]
    written = next(a for a in answers if a.status_code == 200).json()["written"]
    runner = CliRunner(env={"TABLELOG_DB": str(server.db)})
    log = run_json(runner, "log", str(gid))["events"]
    assert [e for e in log if e["seq"] > state["seq"] and e["actor"] == acting] == [
        e for e in log if e["seq"] == written[0]["seq"]
    ]


@pytest.mark.realtime
def test_four_phones_play_a_whole_seeded_vriddiot_game_by_tapping(
    server: Running, chromium: Any
) -> None:
    """Four phones, one per seat: each taps its seat's moves down the listing until the game
    is over; after each tap the next seat's phone redraws by itself within a second; the
    CLI's log ends where the phones do, and no phone shows a card of another seat's hand."""
    players = ["Anna", "Bo", "Cai", "Dina"]
    game = server.start("vriddiot", players, 3)
    gid = game["game"]
    phones = {}
    for seat in range(4):
        context = chromium.new_context(viewport=PHONE, is_mobile=True, has_touch=True)
        page = context.new_page()
        page.goto(f"{server.base}/t/{gid}#k={game['secrets'][f'seat:{seat}']}")
        page.wait_for_selector("#table .seat")
        phones[seat] = page
    try:
        taps, waits = 0, []
        for _ in range(500):
            state = server.table(gid, game["secrets"]["recorder"]).json()
            if state["over"]:
                break
            seat = players.index(state["table"]["to_act"][0])
            page, watcher = phones[seat], phones[(seat + 1) % 4]
            page.wait_for_function(
                f"() => Number(document.querySelector('#table').dataset.seq) >= {state['seq']}"
            )
            page.locator("#moves button").first.wait_for()
            tap_a_move(page)
            page.wait_for_function(
                f"() => Number(document.querySelector('#table').dataset.seq) > {state['seq']}"
            )
            started = time.monotonic()
            watcher.wait_for_function(  # the other phone redraws by itself, from its stream
                f"() => Number(document.querySelector('#table').dataset.seq) > {state['seq']}",
                timeout=PATIENCE,
            )
            waits.append(time.monotonic() - started)
            taps += 1
        assert server.table(gid, game["secrets"]["recorder"]).json()["over"], taps
        runner = CliRunner(env={"TABLELOG_DB": str(server.db)})
        head = run_json(runner, "log", str(gid))["events"][-1]["seq"]
        assert head == server.table(gid, game["secrets"]["recorder"]).json()["seq"]
        for seat, page in phones.items():  # no card of another seat's hand on its table
            own = server.table(gid, game["secrets"][f"seat:{seat}"]).json()
            shown = set().union(*hand_cards(own).values())
            secret: set[str] = set()
            for other in range(4):
                if other != seat:
                    theirs = server.table(gid, game["secrets"][f"seat:{other}"]).json()
                    secret |= hand_cards(theirs)[f"hand:{other}"]
            text = page.inner_text("#table") + page.inner_text("#enter")  # (the log: played
            leaked = [  # cards everyone saw, some since picked up into a hand)
                c for c in secret - shown if re.search(rf"(?<!\d){re.escape(pretty(c))}", text)
            ]
            assert leaked == [], f"{players[seat]}'s phone shows {leaked}"
        print(f"{taps} taps; the next phone redrew after (s): {within_a_second(waits)}")
    finally:
        for page in phones.values():
            page.context.close()


def test_the_recorder_of_a_seeded_game_sees_no_hand(server: Running) -> None:
    """The recorder of a seeded game typed no card: it sees the public table, and is listed
    no move that names a card of a hand (the acting seat's listing would show it)."""
    game = server.start("karnoffel", ["Anna", "Bo", "Cai", "Dina"], 2)
    gid = game["game"]
    recorder = server.table(gid, game["secrets"]["recorder"]).json()
    assert recorder["viewer"] == "the recorder"
    hands: set[str] = set()
    for n in range(4):
        hands |= hand_cards(server.table(gid, game["secrets"][f"seat:{n}"]).json())[f"hand:{n}"]
    public = server.table(gid, game["secrets"]["spectator"]).json()
    hands -= set().union(*hand_cards(public).values())  # a face-up card is everyone's
    assert hands
    text = json.dumps(recorder)
    assert [c for c in hands if f'"{c}"' in text] == []
    seat = server.table(gid, game["secrets"]["seat:1"]).json()["moves"]["moves"]
    listed = recorder["moves"]["moves"]
    assert len(listed) < len(seat) and all(m["card"] not in hands for m in listed)


def artifact(name: str) -> Path:
    from tests.browser import ARTIFACTS

    ARTIFACTS.mkdir(exist_ok=True)
    return ARTIFACTS / f"{name}.png"


@pytest.mark.parametrize(
    "rules", ["karnoffel", "nordekasino", "speahx", "vriddiot", "narrespillet"]
)
def test_each_game_on_a_phone_hides_the_other_hands(
    server: Running, chromium: Any, rules: str
) -> None:
    """Every game: a seat's phone shows its own hand and no card of another seat's hand
    (page text and response alike); the recorder's page opens too."""
    players = ["Anna", "Bo", "Cai", "Dina"]
    game = server.start(rules, players, 4)
    gid = game["game"]
    own = {n: server.table(gid, game["secrets"][f"seat:{n}"]).json() for n in range(4)}
    context = chromium.new_context(viewport=PHONE, is_mobile=True, has_touch=True)
    try:
        for role in ("seat:0", "recorder"):
            page = context.new_page()
            page.goto(f"{server.base}/t/{gid}#k={game['secrets'][role]}")
            page.wait_for_selector("#table .seat")
            if role == "seat:0":
                shown = set().union(*hand_cards(own[0]).values())
                secret = set().union(*(hand_cards(own[n]).get(f"hand:{n}", set())
                                       for n in (1, 2, 3))) - shown  # fmt: skip
                assert secret, "the other seats hold cards this seat does not see"
                response = json.dumps(own[0])
                text = page.inner_text("body")
                leaked = [
                    c
                    for c in secret
                    if re.search(rf'"{re.escape(c)}"', response)
                    or re.search(rf"(?<![\w♠♥♦♣]){re.escape(pretty(c))}(?!\w)", text)
                ]
                assert leaked == [], f"Anna's phone shows {leaked}"
                assert "Anna (you)" in text
            page.close()
    finally:
        context.close()


def test_a_step_the_table_fills_in_is_put_in_the_entry_not_sent(
    server: Running, chromium: Any
) -> None:
    """A physical game's deal is listed in its form (`deal CARD …`): tapping it opens it,
    in a form to be filled with the cards the table saw (tapped); nothing is written."""
    game = server.start("karnoffel", ["Anna", "Bo", "Cai", "Dina"], None)
    gid = game["game"]
    listed = server.table(gid, game["secrets"]["recorder"]).json()["moves"]["moves"]
    forms = [m["notation"] for m in listed if m["chance"] and "CARD" in m["notation"]]
    assert forms, listed
    context = chromium.new_context(viewport=PHONE, is_mobile=True, has_touch=True)
    try:
        page = context.new_page()
        page.goto(f"{server.base}/t/{gid}#k={game['secrets']['recorder']}")
        page.locator(f'#moves button[data-move="{forms[0]}"]').tap()
        assert page.inner_text("#form") == forms[0]  # to be filled with the cards seen
        assert page.locator("#moves button[data-card]").count() >= 4
        assert server.table(gid, game["secrets"]["recorder"]).json()["seq"] == 0
    finally:
        context.close()
