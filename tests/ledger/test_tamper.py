"""Tampering with a stored log: verify_chain names the first edited, deleted or moved event.

On each backend; the tampering is done with full access and the append-only triggers off
(on PostgreSQL by the superuser: the role the ledger connects as may not UPDATE at all).
"""

from __future__ import annotations

from collections.abc import Callable

import pytest

from tablelog.ledger import (
    ChainProblem,
    Ledger,
    NewEvent,
    pack,
)
from tests.backends import Backend

MakeNotes = Callable[..., list[NewEvent]]


# -- tampering -------------------------------------------------------------------------


@pytest.fixture
def recorded(ledger: Ledger, make_notes: MakeNotes) -> int:
    """A game of 15 events whose chain is sound."""
    game = ledger.create_game("karnoffel", 1, pack({"players": ["Ada", "Bo"]}))
    ledger.append(game.id, 1, make_notes(15))
    assert ledger.verify_chain(game.id) == []
    return game.id


def test_verify_finds_an_edited_event(ledger: Ledger, backend: Backend, recorded: int) -> None:
    backend.tamper(
        f"UPDATE events SET payload = {backend.blob('c3')} WHERE game = {recorded} AND seq = 12"
    )
    problems = ledger.verify_chain(recorded)
    assert problems == [
        ChainProblem(
            12,
            "event 12 was altered after it was recorded: its hash does not match its contents"
            " (or event 11 was rewritten and given a new hash)",
        )
    ]


def test_verify_finds_a_deleted_event(ledger: Ledger, backend: Backend, recorded: int) -> None:
    backend.tamper(f"DELETE FROM events WHERE game = {recorded} AND seq = 7")
    problems = ledger.verify_chain(recorded)
    assert problems[0] == ChainProblem(7, "event 7 is missing: the log jumps from 6 to 8")
    assert len(problems) == 1


def test_verify_finds_swapped_seqs(ledger: Ledger, backend: Backend, recorded: int) -> None:
    where = f"WHERE game = {recorded} AND seq"
    backend.tamper(
        f"UPDATE events SET seq = -1 {where} = 9",
        f"UPDATE events SET seq = 9 {where} = 10",
        f"UPDATE events SET seq = 10 {where} = -1",
    )
    assert [e.seq for e in ledger.events(recorded)] == list(range(1, 16))
    problems = ledger.verify_chain(recorded)
    assert problems[0].seq == 9
    assert problems[0].reason.startswith("event 9 comes after event 10")
    assert {p.seq for p in problems} == {9, 10}


def test_verify_finds_swapped_positions(ledger: Ledger, backend: Backend, recorded: int) -> None:
    sql = f"SELECT pos FROM events WHERE game = {recorded} AND seq IN (9, 10) ORDER BY seq"
    (p9,), (p10,) = backend.query(sql)
    backend.tamper(
        f"UPDATE events SET pos = -1 WHERE pos = {p9}",
        f"UPDATE events SET pos = {p9} WHERE pos = {p10}",
        f"UPDATE events SET pos = {p10} WHERE pos = -1",
    )
    problems = ledger.verify_chain(recorded)
    assert problems[0] == ChainProblem(
        9, "event 9 comes after event 10: the log was reordered after it was recorded"
    )


def test_verify_finds_an_altered_header(ledger: Ledger, backend: Backend, recorded: int) -> None:
    backend.tamper(f"UPDATE games SET header = {backend.blob('80')} WHERE id = {recorded}")
    problems = ledger.verify_chain(recorded)
    assert [p.seq for p in problems] == [0]
    assert "header was altered" in problems[0].reason


def _tamperings(backend: Backend, game: int) -> dict[str, list[str]]:
    where = f"WHERE game = {game} AND seq"
    (p9,), (p10,) = backend.query(f"SELECT pos FROM events {where} IN (9, 10) ORDER BY seq")
    return {
        "edited": [f"UPDATE events SET payload = {backend.blob('c3')} {where} = 12"],
        "hash": [f"UPDATE events SET hash = {backend.blob('00' * 32)} {where} = 4"],
        "deleted": [f"DELETE FROM events {where} = 7"],
        "swapped seqs": [
            f"UPDATE events SET seq = -1 {where} = 9",
            f"UPDATE events SET seq = 9 {where} = 10",
            f"UPDATE events SET seq = 10 {where} = -1",
        ],
        "swapped positions": [
            f"UPDATE events SET pos = -1 WHERE pos = {p9}",
            f"UPDATE events SET pos = {p9} WHERE pos = {p10}",
            f"UPDATE events SET pos = {p10} WHERE pos = -1",
        ],
        "header": [f"UPDATE games SET header = {backend.blob('80')} WHERE id = {game}"],
    }


@pytest.mark.parametrize(
    "what",
    ["edited", "hash", "deleted", "swapped seqs", "swapped positions", "header"],
)
def test_the_rows_just_read_find_what_the_whole_check_finds(
    ledger: Ledger, backend: Backend, recorded: int, what: str
) -> None:
    # verify --all hands verify_chain the rows it read (issue 24): never a weaker check
    backend.tamper(*_tamperings(backend, recorded)[what])
    whole = ledger.verify_chain(recorded)
    assert whole
    assert ledger.verify_chain(recorded, ledger.events(recorded)) == whole
