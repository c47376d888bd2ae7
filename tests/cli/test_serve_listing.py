"""``tablelog serve``: a crowded listing fetched a kind (then a card) at a time, and the
text box's completion, both gated by the link's role like every answer."""

from __future__ import annotations

import json
from typing import Any

from tablelog.ledger import open_ledger
from tablelog.replay.completion import Completer
from tablelog.replay.games import Games
from tablelog.rules.listing import count_moves
from tests.cli.test_serve import PHONE, Running, hand_cards, server, tap_a_move
from tests.cli.test_serve_tapping import wait_past

__all__ = ["server"]

PLAYERS = ["Anna", "Bo", "Cai", "Dina"]


def moves(server: Running, gid: int, secret: str, **query: str) -> Any:
    return server.http.get(f"/api/t/{gid}/moves", params=query,
                           headers={"X-Tablelog-Key": secret})  # fmt: skip


def complete(server: Running, gid: int, secret: str, text: str) -> Any:
    return server.http.get(f"/api/t/{gid}/complete", params={"text": text},
                           headers={"X-Tablelog-Key": secret})  # fmt: skip


def acting_secret(server: Running, game: dict[str, Any]) -> tuple[int, str]:
    gid, secrets = game["game"], game["secrets"]
    acting = server.table(gid, secrets["spectator"]).json()["table"]["to_act"][0]
    seat = PLAYERS.index(acting)
    return seat, secrets[f"seat:{seat}"]


def crowded(server: Running) -> tuple[dict[str, Any], int]:
    """A seeded Nørdekasino game whose acting seat has more than 400 moves: each seat
    trails (lays a card loose) until the table is crowded. The game and the acting seat."""
    game = server.start("nordekasino", PLAYERS, 3)
    gid = game["game"]
    for _ in range(12):
        seat, secret = acting_secret(server, game)
        data = server.table(gid, secret).json()
        if not data["moves"]["complete"]:
            return game, seat
        trail = next(m for m in data["moves"]["moves"] if m["type"] == "trail")
        played = server.play(gid, secret, move=trail["notation"], after=data["seq"])
        assert played.status_code == 200, played.text
    raise AssertionError("no crowded table in 12 trails")


def hidden_from(server: Running, game: dict[str, Any], seat: int | None) -> set[str]:
    """The cards of the other seats' hands that ``seat`` (``None``: the spectator) does
    not see."""
    gid, secrets = game["game"], game["secrets"]
    hands: set[str] = set()
    for n in range(4):
        if n != seat:
            hands |= hand_cards(server.table(gid, secrets[f"seat:{n}"]).json())[f"hand:{n}"]
    role = "spectator" if seat is None else f"seat:{seat}"
    seen = set().union(*hand_cards(server.table(gid, secrets[role]).json()).values())
    return hands - seen


def test_a_crowded_listing_is_fetched_a_kind_then_a_card_at_a_time(server: Running) -> None:
    game, seat = crowded(server)
    gid, secrets = game["game"], game["secrets"]
    secret = secrets[f"seat:{seat}"]
    data = server.table(gid, secret).json()["moves"]
    with open_ledger(str(server.db)) as ledger:
        loaded = Games(ledger).load(gid)
        total = count_moves(loaded.rules, loaded.state, seat)  # (its own: it sees them all)
    assert total > 400 and len(data["moves"]) == 400 and not data["complete"]
    kinds = data["kinds"]
    assert kinds and {k["actor"] for k in kinds} == {PLAYERS[seat]}
    reached: set[str] = set()
    for kind in (k["kind"] for k in kinds):
        listed = moves(server, gid, secret, kind=kind)
        assert listed.status_code == 200, listed.text
        body = listed.json()
        assert all(m["type"] == kind for m in body["moves"])
        if body["complete"]:
            reached |= {m["notation"] for m in body["moves"]}
            continue
        assert body["cards"], "an incomplete kind names the cards that lead its moves"
        for card in body["cards"]:
            one = moves(server, gid, secret, kind=kind, card=card).json()
            assert one["complete"], f"{kind} {card}: over 400 moves for one card"
            assert all(m["card"] == (None if card == "—" else card) for m in one["moves"])
            reached |= {m["notation"] for m in one["moves"]}
    assert len(reached) == total  # every legal move is reached by tapping down
    assert {m["notation"] for m in data["moves"]} <= reached


def test_a_kind_fetched_is_gated_like_every_answer(server: Running) -> None:
    game, seat = crowded(server)
    gid, secrets = game["game"], game["secrets"]
    kind = server.table(gid, secrets[f"seat:{seat}"]).json()["moves"]["kinds"][0]["kind"]
    other = (seat + 1) % 4
    theirs = moves(server, gid, secrets[f"seat:{other}"], kind=kind, actor=PLAYERS[seat])
    assert theirs.status_code == 200
    assert theirs.json()["actor"] == PLAYERS[other] and theirs.json()["moves"] == []
    recorder = moves(server, gid, secrets["recorder"], kind=kind, actor=PLAYERS[seat])
    assert recorder.status_code == 200
    hidden = hidden_from(server, game, None)
    text = json.dumps(recorder.json())
    assert hidden and [c for c in hidden if f'"{c}"' in text or f" {c}" in text] == []
    spectator = moves(server, gid, secrets["spectator"], kind=kind)
    assert spectator.status_code == 403
    wrong = moves(server, gid, "x" * 26, kind=kind)
    assert wrong.status_code == 404 and wrong.json()["error"].startswith("no such table")
    bad = moves(server, gid, secrets["recorder"], kind=kind, actor="Zed")
    assert bad.status_code == 400 and "name the player" in bad.json()["error"]
    unknown = moves(server, gid, secrets[f"seat:{seat}"], kind="zzz")
    assert unknown.status_code == 400
    said = unknown.json()["error"]
    assert "no kind of move 'zzz'" in said and kind in said.split("one of ")[1]


def words(lines: list[str]) -> set[str]:
    return {word for line in lines for word in line.split()}


def test_a_seats_completion_offers_no_card_it_cannot_see(server: Running) -> None:
    """The acting seat's moves typed as prefixes: the completer ungated offers its hand's
    cards (so the gate has something to hold back); another seat's phone and the recorder
    of the seeded game are offered none of them, nor any other hidden card."""
    game = server.start("karnoffel", PLAYERS, 7)
    gid, secrets = game["game"], game["secrets"]
    seat, secret = acting_secret(server, game)
    own = server.table(gid, secret).json()
    listed = [m["notation"] for m in own["moves"]["moves"]]
    prefixes = ["", PLAYERS[seat][0], f"{PLAYERS[seat]} "]
    prefixes += sorted({m[:1] for m in listed} | {m[:2] for m in listed} | set(listed))
    with open_ledger(str(server.db)) as ledger:
        ungated = Completer(Games(ledger).load(gid))
        offered = words([line for p in prefixes for line in ungated.lines(p)])
    mine = set(listed)
    assert mine & offered, "the completer ungated offers the acting seat's cards"
    answer = complete(server, gid, secret, listed[0][:1]).json()
    assert listed[0] in answer["lines"] or any(listed[0].startswith(x) for x in answer["lines"])
    for role, sees in ((f"seat:{(seat + 1) % 4}", (seat + 1) % 4), ("recorder", None)):
        hidden = hidden_from(server, game, sees)
        assert mine & hidden  # (some of its cards are face up: everyone sees those)
        lines = [line for p in prefixes for line in complete(server, gid, secrets[role],
                                                             p).json()["lines"]]  # fmt: skip
        assert words(lines) & hidden == set(), f"{role} is offered {words(lines) & hidden}"
        if role.startswith("seat"):  # its own name only, and its note
            assert f"{PLAYERS[seat]} " not in lines and "note " in lines
            assert "undo" not in lines
    spectator = complete(server, gid, secrets["spectator"], "")
    assert spectator.status_code == 403


def test_the_text_box_completes_card_names_in_words_for_its_seat(server: Running) -> None:
    """Card names in other languages and player-name prefixes, as `record` completes them:
    the seat to act is offered its own cards in words (Norwegian `spar`, German `Herz`);
    another seat, typing the acting seat's name, is offered nothing."""
    game = server.start("karnoffel", PLAYERS, 7)
    gid = game["game"]
    seat, secret = acting_secret(server, game)
    card = server.table(gid, secret).json()["moves"]["moves"][0]["notation"]  # a card: `QS`
    for suit in {"S": ("spar", "Pik"), "H": ("hjerter", "Herz"), "C": ("kløver", "Kreuz"),
                 "D": ("ruter", "Karo")}[card[-1]]:  # fmt: skip
        lines = complete(server, gid, secret, suit).json()["lines"]
        assert lines and all(line.casefold().startswith(suit.casefold()) for line in lines)
        named = complete(server, gid, secret, f"{PLAYERS[seat]} {suit}").json()["lines"]
        assert named and all(line.startswith(f"{PLAYERS[seat]} {suit}") for line in named)
        other = game["secrets"][f"seat:{(seat + 1) % 4}"]
        assert complete(server, gid, other, f"{PLAYERS[seat]} {suit}").json()["lines"] == []
        assert complete(server, gid, other, suit).json()["lines"] == []  # not its turn
    prefix = complete(server, gid, secret, PLAYERS[seat][:1].lower()).json()["lines"]
    assert prefix == [f"{PLAYERS[seat]} "]  # its own name; no other seat's


def test_a_phone_taps_down_a_crowded_listing_and_types_with_completion(
    server: Running, chromium: Any
) -> None:
    """On a crowded table the acting seat's phone shows the kinds; tapping one fetches its
    moves (a card at a time when they are too many), and tapping down enters a move. Its
    text box completes from the server, gated for the seat."""
    game, seat = crowded(server)
    gid, secret = game["game"], game["secrets"][f"seat:{seat}"]
    start = server.table(gid, secret).json()["seq"]
    context = chromium.new_context(viewport=PHONE, is_mobile=True, has_touch=True)
    try:
        page = context.new_page()
        page.goto(f"{server.base}/t/{gid}#k={secret}")
        page.locator("#text").fill("tr")  # the text box: the server's gated completion
        page.wait_for_function("() => document.querySelectorAll('#completion option').length"
                               " && [...document.querySelectorAll('#completion option')]"
                               ".every((o) => o.value.startsWith('tr'))")  # fmt: skip
        offered = page.eval_on_selector_all("#completion option", "os => os.map(o => o.value)")
        assert offered == complete(server, gid, secret, "tr").json()["lines"]
        page.locator("#text").fill("")
        page.locator('#moves button[data-step="build"]').tap()
        page.locator("#moves button[data-step]").first.wait_for()  # the cards, fetched
        assert page.locator('#moves button[data-step="build"]').count() == 0
        notation = tap_a_move(page)
        wait_past(page, start + 1)
        assert page.locator(".message.refused").count() == 0, page.inner_text("#message")
        log = server.table(gid, game["secrets"]["recorder"]).json()["log"]
        assert log[-1]["notation"] == notation and notation.startswith("build ")
    finally:
        context.close()
