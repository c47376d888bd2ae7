"""The recorder and the read models as two contracts, on each backend: a ledger is both,
and the write path shared by the backends (``ledger.sqlstore``) behaves alike on both."""

from __future__ import annotations

import pytest

from tablelog.ledger import EventIdTaken, EventStore, LedgerStore, ReadModels
from tests.ledger.conftest import MakeNotes


def test_a_ledger_is_a_recorder_and_read_models(ledger: LedgerStore) -> None:
    assert isinstance(ledger, EventStore)
    assert isinstance(ledger, ReadModels)


def test_an_append_in_a_batch_is_committed_with_it(
    ledger: LedgerStore, make_notes: MakeNotes
) -> None:
    game = ledger.create_game("toy", 1, b"h").id
    with ledger.batch():
        stored = ledger.append(game, 1, make_notes(2))
        other = ledger.create_game("toy", 1, b"h2").id
    assert ledger.events(game) == stored
    assert ledger.head(other)[0] == 0


def test_a_refused_append_in_a_batch_leaves_none_of_its_events(
    ledger: LedgerStore, make_notes: MakeNotes
) -> None:
    game = ledger.create_game("toy", 1, b"h").id
    (first,) = ledger.append(game, 1, make_notes(1))
    fresh, taken = make_notes(2, prefix="new")[0], make_notes(1)[0]
    said = f"event id {taken.event_id} is already recorded as event 1 of game {game};"
    with pytest.raises(EventIdTaken, match=said), ledger.batch():
        ledger.append(game, 2, [fresh, taken])  # the message is read after a savepoint
    assert ledger.events(game) == [first]
    assert ledger.find_event(fresh.event_id) is None
