"""The exports' shortcuts give what the full path gives, on every event of seeded and
physical random games of every game, for everyone, each seat and the recorder:

- ``Gate.written`` (the move as seen, its text and what was said, worked out once) is
  ``Gate.move``, ``Gate.text`` and ``Gate.says`` asked one by one of a fresh gate;
- ``history``'s rows (payload data shared through ``Kept``) are the rows the loop built
  before: each event's payload data is the converter's ``unstructure`` of the move as
  seen, and the SQLite export's payload column is that data as JSON.
"""

from __future__ import annotations

import json
import sqlite3
from pathlib import Path
from typing import Any

import pytest

from tablelog.ledger import Ledger
from tablelog.replay.codec import encode_event, encode_header
from tablelog.replay.export import (
    EventRow,
    Kept,
    News,
    _undone_by,
    histories,
    history,
    payload_data,
    small_data,
)
from tablelog.replay.export.sqlitefile import _json, write_sqlite
from tablelog.replay.fold import Replayer
from tablelog.replay.games import Games, LoadedGame
from tablelog.replay.gate import EVERYONE, RECORDER, Gate, Viewer
from tablelog.rules import registry
from tablelog.rules.events import kind_of
from tablelog.rules.serial import converter
from tests.replay.dealer_games import CONFIGS, header, played


def _rows(game: LoadedGame, viewer: Viewer) -> list[EventRow]:
    """The rows as ``history`` built them before its shortcuts: a fresh gate asked for the
    move, the text and what was said one by one, the payload unstructured each time."""
    rules = game.rules
    gate = Gate(rules, game.header, viewer)
    replayer = Replayer(rules, game.header)
    undone = _undone_by(game.events, game.seeded)
    news = News(rules, replayer.state)
    rows = []
    before = replayer.state
    for i, event in enumerate(game.events):
        after = replayer.push(event)
        move = gate.move(before, event, after)
        actor = event.actor
        rows.append(
            EventRow(
                event.seq,
                None if actor is None else game.header.players[actor],
                event.payload.TYPE,
                kind_of(event.payload.TYPE),
                event.payload.FAMILY,
                gate.text(before, event, after),
                gate.says(before, event, after),
                event.seq not in undone,
                undone.get(event.seq),
                event.recorded_at,
                game.hashes[i].hex()[:10] if i < len(game.hashes) else "",
                {} if move is None else converter.unstructure(move.payload),
                news.after(after),
            )
        )
        before = after
    return rows


def _stored(tmp_path: Path, name: str, options: dict[str, Any], n: int) -> Path:
    """A ledger of the seeded and physical random games of one configuration."""
    db = tmp_path / f"{name}.db"
    rules = registry.get(name)
    with Ledger(db) as ledger:
        for seed in (1, 2):
            for mode in ("seeded", "known", "unseen"):
                hdr = header(name, options, n, seed, mode)
                events = [event for _, _, event in played(rules, hdr, seed, mode)]
                records = [encode_event(rules, e) for e in events]
                ledger.import_game(rules.name, hdr.rules_version, encode_header(hdr), records)
    return db


@pytest.mark.parametrize(("name", "options", "n", "modes"), CONFIGS)
def test_written_is_move_text_and_says(
    name: str, options: dict[str, Any], n: int, modes: tuple[str, ...]
) -> None:
    rules = registry.get(name)
    compared = 0
    for seed in (1, 2):
        for mode in modes:
            hdr = header(name, options, n, seed, mode)
            events = [event for _, _, event in played(rules, hdr, seed, mode)]
            viewers = [EVERYONE, RECORDER, *(Viewer(seat) for seat in range(n))]
            shortcut = [Gate(rules, hdr, viewer) for viewer in viewers]
            replayer = Replayer(rules, hdr)
            for event in events:
                before = replayer.state
                after = replayer.push(event)
                for viewer, gate in zip(viewers, shortcut, strict=True):
                    full = Gate(rules, hdr, viewer)
                    expected = (
                        full.move(before, event, after),
                        Gate(rules, hdr, viewer).text(before, event, after),
                        Gate(rules, hdr, viewer).says(before, event, after),
                    )
                    assert gate.written(before, event, after) == expected
                    # and the gate's remembered move is the one written
                    assert gate.move(before, event, after) == expected[0]
                    compared += 1
    assert compared > 0


@pytest.mark.parametrize(("name", "options", "n", "modes"), CONFIGS)
def test_history_rows_and_sqlite_payloads_are_the_full_paths(
    tmp_path: Path, name: str, options: dict[str, Any], n: int, modes: tuple[str, ...]
) -> None:
    db = _stored(tmp_path, name, options, n)
    with Ledger(db, readonly=True) as ledger:
        ids = [s.record.id for s in ledger.games()]
        games = Games(ledger)
        for viewer in (EVERYONE, RECORDER, *(Viewer(seat) for seat in range(n))):
            data = payload_data()  # shared across the games, as an export does
            for gid in ids:
                game = games.load(gid)
                expected = _rows(game, viewer)
                assert list(history(game, viewer, data=data).events) == expected
                assert list(history(game, viewer).events) == expected
                # the text's and the CSV's rows: no payload, and for the CSV no summary
                bare = history(game, viewer, payloads=False, summary=False)
                assert list(bare.events) == [row._replace(payload={}) for row in expected]
                assert bare.summary == {}
                assert history(game, viewer, payloads=False).summary == (
                    history(game, viewer).summary
                )
        out = tmp_path / "out.sqlite"
        write_sqlite(histories(ledger, ids), out)
        expected_json = {
            (gid, row.seq): _json(row.payload)
            for gid in ids
            for row in _rows(games.load(gid), EVERYONE)
        }
    with sqlite3.connect(out) as conn:
        written = {(g, s): p for g, s, p in conn.execute("SELECT game, seq, payload FROM events")}
    assert written == expected_json
    assert all(isinstance(json.loads(text), dict) for text in written.values())


def test_kept_remembers_small_answers_by_identity_and_stays_bounded() -> None:
    calls: list[object] = []

    def of(value: object) -> str:
        calls.append(value)
        return repr(value)

    kept: Kept[object, str] = Kept(of, lambda text: len(text) < 20)
    one, other = tuple([1, 2]), tuple([1, 2])  # equal, not the same object
    assert one is not other
    assert kept(one) == kept(one) == "(1, 2)"
    assert len(calls) == 1
    assert kept(other) == "(1, 2)"
    assert len(calls) == 2  # another object is asked again, never taken for an equal one
    big = tuple(range(30))
    assert kept(big) == kept(big) == repr(big)
    assert len(calls) == 4 and id(big) not in kept.known  # a large answer is not kept
    for i in range(Kept.LIMIT + 10):
        kept((i, "x"))
    assert len(kept.known) <= Kept.LIMIT


def test_small_data_is_a_few_short_fields() -> None:
    assert small_data({"card": "7H"}) and small_data({}) and small_data({"cards": ["7H"] * 8})
    assert not small_data({"cards": [{"card": "7H", "to": "0", "up": False}] * 9})
    assert not small_data({str(i): i for i in range(9)})
