"""Schema 2's compact envelope gives back every text exactly (the hashes cover the text)."""

from __future__ import annotations

from datetime import UTC, datetime

from hypothesis import given
from hypothesis import strategies as st

from tablelog.ledger.envelope import pack_id, pack_time, unpack_id, unpack_time
from tablelog.ledger.records import utc_now

HEX32 = st.text("0123456789abcdef", min_size=32, max_size=32)


@given(st.datetimes(timezones=st.just(UTC)))
def test_a_time_utc_now_would_write_is_stored_as_microseconds(moment: datetime) -> None:
    text = moment.isoformat(timespec="microseconds")
    micros, rest = pack_time(text)
    assert isinstance(micros, int) and rest is None
    assert unpack_time(micros, rest) == text


@given(st.text(max_size=40) | st.datetimes().map(str) | st.datetimes().map(datetime.isoformat))
def test_any_time_text_reads_back_exactly(text: str) -> None:
    assert unpack_time(*pack_time(text)) == text


def test_the_times_that_stay_text() -> None:
    assert pack_time(utc_now())[1] is None
    for text in (
        "2026-01-01T19:00:00+00:00",  # no microseconds
        "2026-01-01T19:00:00.000000Z",  # Z for UTC
        "2026-01-01 19:00:00.000000+00:00",  # a space for the T
        "2026-01-01T20:00:00.000000+01:00",  # another offset
        "2026-01-01T19:00:00,000000+00:00",  # a decimal comma
        "2026-13-01T19:00:00.000000+00:00",  # no such month
        "٢٠٢٦-01-01T19:00:00.000000+00:00",  # non-ASCII digits
        "2026-01-01T24:00:00.000000+00:00",  # hour 24 (newer Pythons read it as midnight)
    ):
        assert pack_time(text) == (None, text)


@given(st.text(max_size=60) | HEX32)
def test_any_event_id_reads_back_exactly(event_id: str) -> None:
    assert unpack_id(pack_id(event_id)) == event_id


@given(st.lists(st.text(max_size=40) | HEX32, min_size=2, max_size=2, unique=True))
def test_two_ids_are_never_stored_alike(ids: list[str]) -> None:
    one, other = ids
    assert pack_id(one) != pack_id(other)


@given(HEX32)
def test_tablelogs_own_ids_take_16_bytes(event_id: str) -> None:
    stored = pack_id(event_id)
    assert len(stored) == (17 + 16 if event_id.startswith("ff") else 16)
    assert unpack_id(pack_id(event_id.upper())) == event_id.upper()


@given(st.integers(0, 31), st.characters(codec="ascii"))
def test_a_time_with_any_character_changed_reads_back_exactly(place: int, char: str) -> None:
    text = "2026-11-22T20:15:03.123456+00:00"
    changed = text[:place] + char + text[place + 1 :]
    micros, rest = pack_time(changed)
    assert unpack_time(micros, rest) == changed
