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


def _packed_the_whole_way(text: str) -> tuple[int | None, str | None]:
    """What ``pack_time`` answered before it kept dates: ``fromisoformat``, then the text
    back from the moment, for the one shape ``utc_now`` writes."""
    if len(text) != 32 or text[4:20:3] != "--T::." or text[26:] != "+00:00":
        return None, text
    if not text.isascii():
        return None, text
    try:
        moment = datetime.fromisoformat(text)
    except ValueError:
        return None, text
    if moment.isoformat(timespec="microseconds") != text:
        return None, text
    return (moment - EPOCH) // timedelta(microseconds=1), None


def test_a_time_of_a_known_date_packs_as_the_whole_check_packs_it() -> None:
    rng = random.Random(11)
    base = "2026-11-26T05:59:58.123456+00:00"
    assert pack_time(base) == _packed_the_whole_way(base)  # the date is known from here on
    texts = [base, "2026-11-26T23:59:59.999999+00:00", "2026-11-26T00:00:00.000000+00:00"]
    for clock in ("24:00:00", "23:60:00", "23:59:60", "99:99:99", "2a:00:00", "+1:00:00"):
        texts.append(f"2026-11-26T{clock}.000000+00:00")
    texts += ["2026-11-26T05:59:58.12345a+00:00", "2026-11-26T05:59:58.1234 6+00:00"]
    texts += ["2026-11-26T05:59:58.123456+01:00", "2026-11-26T05:59:58,123456+00:00"]
    texts += ["2026-11-26T0५:59:58.123456+00:00", "2026-11-26T05:5٩:58.123456+00:00"]
    for _ in range(4000):  # every position changed to a character a log might hold
        at = rng.randrange(32)
        new = rng.choice("0123456789:.-+T Za²٣")
        texts.append(base[:at] + new + base[at + 1 :])
    for day in ("2026-02-28", "2026-02-29", "2024-02-29", "0001-01-01", "9999-12-31"):
        texts.append(f"{day}T12:34:56.654321+00:00")
    for text in texts * 2:  # the second time, every date that packs is known
        assert pack_time(text) == _packed_the_whole_way(text), text
