"""A stored time's text is formatted from its minute's text, remembered, and its seconds
and microseconds: the very text ``isoformat`` gives, at every moment tried, in any order."""

from __future__ import annotations

import random
from datetime import UTC, datetime, timedelta

import pytest

from tablelog.ledger.envelope import _format_time, pack_time, unpack_time

EPOCH = datetime(1970, 1, 1, tzinfo=UTC)
LOWEST = int((datetime(1, 1, 1, tzinfo=UTC) - EPOCH) // timedelta(microseconds=1))
HIGHEST = int((datetime(9999, 12, 31, 23, 59, 59, 999999, tzinfo=UTC) - EPOCH)
              // timedelta(microseconds=1))  # fmt: skip


def _isoformat(micros: int) -> str:
    return (EPOCH + timedelta(microseconds=micros)).isoformat(timespec="microseconds")


def test_every_moment_formats_as_isoformat_does() -> None:
    rng = random.Random(7)
    moments = [0, -1, 1, 59_999_999, 60_000_000, -60_000_000, -60_000_001, LOWEST, HIGHEST]
    moments += [rng.randrange(LOWEST, HIGHEST) for _ in range(3000)]
    start = int(
        (datetime(2026, 11, 26, 5, 59, 58, tzinfo=UTC) - EPOCH) // timedelta(microseconds=1)
    )
    moments += [start + rng.randrange(0, 5_000_000) for _ in range(500)]  # a minute's turn
    moments += [start + step for step in range(0, 3_000_000, 7919)]  # in order, as a log
    rng.shuffle(moments[:3000])
    for micros in moments:
        text = _format_time(micros)
        assert text == _isoformat(micros), micros
        assert unpack_time(micros, None) == text
        assert pack_time(text) == (micros, None)


def test_a_time_out_of_range_is_shown_as_its_number() -> None:
    assert unpack_time(HIGHEST + 1, None) == str(HIGHEST + 1)
    assert unpack_time(LOWEST - 1, None) == str(LOWEST - 1)
    with pytest.raises(OverflowError):
        _format_time(HIGHEST + 60_000_000)
