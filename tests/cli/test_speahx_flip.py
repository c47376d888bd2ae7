"""Speahx's flip at a real table, end to end (issue 23): the flipped table card is typed
as the card laid (``10C``: the tool writes ``reveal 10C``, then the play), or, when it
cannot be laid, as ``reveal CARD`` (the tool takes it in with the pile); or the flip and
its card in one entry (``Bo flip 1 10C``, ``flip 1 reveal 9D``). Through ``tablelog
play`` and through ``tablelog record`` in a real terminal, with the same log.

The game before the flip is a physical game of two played out through ``Games``: the
table cards dealt face down (``?``), the hands' cards named, until a player's hand and
the stock are empty and she may only flip onto a pile that is not empty (or take it in).
"""

from __future__ import annotations

import random
from pathlib import Path
from typing import Any

import attrs
import pytest
from click.testing import CliRunner

from tablelog.cli.main import cli
from tablelog.ledger import Ledger
from tablelog.replay.codec import encode_event
from tablelog.replay.dealer import sample
from tablelog.replay.games import Games
from tablelog.replay.headers import make_header
from tablelog.replay.notation import format_event_move
from tablelog.rules import registry
from tablelog.rules.events import Deal, Event, Move
from tablelog.rules.protocol import Header
from tests.cli.test_one_entry import _record, _tablelog
from tests.cli.test_record_terminal import _events

SPEAHX = registry.get("speahx")


def _until_a_flip(db: Path) -> tuple[int, int]:
    """A physical game of Anna and Bo played (seeded choices) until the player to act may
    only flip a table card onto a pile with cards: the game and its fork at that point
    (a twin to record into)."""
    header = make_header(SPEAHX, ("Anna", "Bo"), {})
    for seed in range(1, 50):  # a game that ends before such a flip: the next seed
        events = _played_on(header, random.Random(seed))
        if events is not None:
            break
    else:
        raise AssertionError("no flip onto a pile in 50 games")
    with Ledger(db) as ledger:
        games = Games(ledger)
        game = games.create(header).id
        ledger.append(game, 1, [encode_event(SPEAHX, e) for e in events])
        return game, games.fork(game, len(events)).id


def _played_on(header: Header, rng: random.Random) -> list[Event] | None:
    """The events of a game played on until a flip onto a pile with cards is all the
    player may do (the forced moves written as the tool writes them), or ``None``."""
    state = SPEAHX.start(header)
    events: list[Event] = []

    def push(move: Move) -> None:
        nonlocal state
        event = Event(len(events) + 1, move.actor, move.payload)
        state = SPEAHX.apply(state, event)
        events.append(event)

    for _ in range(2000):
        forced = SPEAHX.forced(state) if SPEAHX.forced is not None else None
        step = SPEAHX.chance(state)
        if forced is not None:
            push(forced)
        elif step is not None:  # the hands' cards named, the table cards face down
            payload = sample(step, rng).payload
            if isinstance(payload, Deal):
                cards = tuple(
                    attrs.evolve(d, card=None) if ".table" in str(d.to) else d
                    for d in payload.cards
                )
                payload = Deal(cards)
            push(Move(None, payload))
        else:
            moves = list(SPEAHX.moves(state))
            if not moves:
                return None
            texts = {format_event_move(SPEAHX, m, state) for m in moves}
            flips = {t for t in texts if t.startswith("flip")}
            if flips and texts <= flips | {"pickup"} and state.pile:
                return events
            push(rng.choice(moves))
    return None


def _cards(db: Path, game: int) -> tuple[str, str]:
    """After ``flip 1``: a card the flipped one may be that can be laid, and one that
    cannot (each tried on a copy of the game, nothing written)."""
    with Ledger(db) as ledger:
        loaded = Games(ledger).load(game)
        state = loaded.state
        step = SPEAHX.chance(state)
        assert step is not None and step.kind == "reveal"
        outcomes = step.chance_outcomes()
        assert outcomes is not None
        fits, not_fit = None, None
        for move, _ in outcomes:
            after = SPEAHX.apply(state, Event(loaded.seq + 1, None, move.payload))
            card = move.payload.card.text
            laid = {format_event_move(SPEAHX, m, after) for m in SPEAHX.moves(after)}
            if card in laid:
                fits = fits or card
            elif laid == {"pickup"}:
                not_fit = not_fit or card
        assert fits is not None and not_fit is not None
        return fits, not_fit


def _after(db: Path, game: int, seq: int) -> list[dict[str, Any]]:
    return _events(db, game)[1 + seq :]  # the header first


@pytest.fixture
def flipped(tmp_path: Path) -> tuple[Path, int, int, int]:
    db = tmp_path / "tablelog.db"
    game, twin = _until_a_flip(db)
    seq = len(_events(db, game)) - 1
    return db, game, twin, seq


@pytest.mark.parametrize("laid", [True, False], ids=["laid at once", "taken in"])
def test_a_flip_and_its_card_are_two_entries_through_play_and_record(
    flipped: tuple[Path, int, int, int], laid: bool
):
    db, game, twin, seq = flipped
    _tablelog(db, "play", str(game), "flip 1")
    fits, not_fit = _cards(db, game)
    entry = fits if laid else f"reveal {not_fit}"  # what the table saw, typed once
    out = _tablelog(db, "play", str(game), entry)
    written = _after(db, game, seq)
    kinds = [row["type"] for row in written]
    if laid:  # one entry: the card revealed, then laid
        assert kinds == ["speahx.flip", "speahx.reveal", "speahx.play"]
        assert written[1]["card"] == fits and written[2]["cards"] == [fits]
        lines = out.splitlines()  # the two events the one entry wrote, the play named
        assert ": reveal " in lines[0] and lines[1].split(": ", 1)[1].split()[0] in ("Anna", "Bo")
    else:  # one entry: the card revealed, then taken in with the pile (nobody decides it)
        assert kinds == ["speahx.flip", "speahx.reveal", "speahx.pickup"]
        assert written[1]["card"] == not_fit
    _tablelog(db, "verify", str(game))
    _record(db, twin, ["flip 1", entry])  # the same two entries in a real terminal
    assert _after(db, twin, seq) == written


@pytest.mark.parametrize("laid", [True, False], ids=["laid at once", "taken in"])
def test_a_flip_said_with_its_card_is_one_entry_through_play_and_record(
    flipped: tuple[Path, int, int, int], laid: bool
):
    db, game, twin, seq = flipped
    with Ledger(db) as ledger:
        games = Games(ledger)
        loaded = games.load(game)
        player = loaded.header.players[loaded.state.turn.seat]
        probe = games.fork(game, seq).id  # a copy to find the cards on
    _tablelog(db, "play", str(probe), "flip 1")
    fits, not_fit = _cards(db, probe)
    entry = fits if laid else f"reveal {not_fit}"
    out = _tablelog(db, "play", str(game), f"{player} flip 1 {entry}")  # one entry
    written = _after(db, game, seq)
    kinds = [row["type"] for row in written]
    then = "speahx.play" if laid else "speahx.pickup"
    assert kinds == ["speahx.flip", "speahx.reveal", then], out
    assert written[1]["card"] == (fits if laid else not_fit)
    assert len(out.splitlines()) >= 3  # each written event said
    _tablelog(db, "verify", str(game))
    _record(db, twin, [f"flip 1 {entry}"])  # the same entry in a real terminal
    assert _after(db, twin, seq) == written


def test_a_flip_said_with_a_card_it_cannot_be_writes_nothing(flipped: tuple[Path, int, int, int]):
    db, game, _, seq = flipped
    with Ledger(db) as ledger:
        games = Games(ledger)
        player = games.load(game).header.players[games.load(game).state.turn.seat]
    other = "Bo" if player == "Anna" else "Anna"
    for entry, code in (("flip 1 QQ", 2), (f"{other} flip 1 8H", 1)):
        result = CliRunner().invoke(cli, ["--db", str(db), "play", str(game), entry])
        assert result.exit_code == code, result.output
        assert _after(db, game, seq) == []  # nothing of the entry written
