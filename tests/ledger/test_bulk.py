"""The bulk path's page cache, and event ids that sort by time."""

from __future__ import annotations

import re
import time
from pathlib import Path

from tablelog.ledger import Ledger
from tablelog.ledger.store import BATCH_CACHE_KIB
from tablelog.replay.codec import new_event_id


def test_a_batch_raises_the_page_cache_and_gives_it_back(db_path: Path) -> None:
    ledger = Ledger(db_path)  # SQLite's own
    (before,) = ledger.connection.execute("PRAGMA cache_size").fetchone()
    with ledger.batch():
        (during,) = ledger.connection.execute("PRAGMA cache_size").fetchone()
        ledger.create_game("toy", 1, b"h")
    (after,) = ledger.connection.execute("PRAGMA cache_size").fetchone()
    assert during == -BATCH_CACHE_KIB and after == before != during
    assert len(ledger.games()) == 1


def test_new_event_ids_are_32_hex_digits_that_sort_by_time() -> None:
    first = new_event_id()
    time.sleep(0.002)
    second = new_event_id()
    assert re.fullmatch("[0-9a-f]{32}", first) and re.fullmatch("[0-9a-f]{32}", second)
    assert first < second
    assert len({new_event_id() for _ in range(1000)}) == 1000
