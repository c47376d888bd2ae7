"""The event envelope as schema 2 stores it: smaller than its text, and giving the text back.

Every field an event's hash covers is stored so that reading it gives back exactly the
value that was hashed (``docs/architecture.md``, "What an event costs on disk"):

- the **event id**: tablelog's own ids are 32 lowercase hex digits, stored as their 16
  bytes; any other text (an id typed with ``play --id``, or from an imported file) is
  stored as ``0xFF`` followed by its UTF-8 bytes (``0xFF`` never starts UTF-8, and an id of
  32 hex digits starting ``ff`` is stored as text, so each stored value reads back one way);
- the **recorded time**: a time ``utc_now`` wrote (UTC, microseconds) is stored as
  microseconds since 1970 (an integer), and only when formatting that integer gives back
  the very text; any other text stays text (a second column), byte for byte;
- the **type name** is a small integer into the ``event_types`` table (the store's job).

Both backends use these functions, so a SQLite file and a PostgreSQL database hold the same
values, and a database upgraded from schema 1 reads back the texts it was written with.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator
from datetime import UTC, datetime, timedelta
from typing import Any

from tablelog.ledger.records import StoredEvent

__all__ = ["db_rows", "pack_id", "pack_time", "stored_event", "unpack_id", "unpack_time"]

_TEXT = b"\xff"
_EPOCH = datetime(1970, 1, 1, tzinfo=UTC)
_MICROSECOND = timedelta(microseconds=1)
_ONE_MINUTE = timedelta(minutes=1)


def pack_id(event_id: str) -> bytes:
    """An event id as stored: 16 bytes for 32 lowercase hex digits, else ``0xFF`` + UTF-8."""
    if len(event_id) == 32 and not event_id.startswith("ff"):
        try:
            raw = bytes.fromhex(event_id)
        except ValueError:
            pass
        else:
            if raw.hex() == event_id:  # not upper case, no spaces: the text comes back
                return raw
    return _TEXT + event_id.encode()


def unpack_id(stored: bytes) -> str:
    """The event id text of a stored id (a text id's bytes that are no UTF-8, which only an
    edit leaves, are shown with replacement characters)."""
    if stored[:1] == _TEXT:
        return stored[1:].decode("utf-8", "replace")
    return stored.hex()


_MINUTE = 60_000_000
"""Microseconds in a minute."""
_last_minute: tuple[int, str] = (0, "1970-01-01T00:00")
"""The last minute formatted: its number since 1970 and its text (``YYYY-MM-DDTHH:MM``).
The events of a log are recorded minutes apart at most, so reading them formats few."""


def _format_time(micros: int) -> str:
    """``(_EPOCH + micros µs).isoformat(timespec="microseconds")``: the minute's text
    (remembered for the next time of the same minute), then the seconds and microseconds
    (``tests/ledger/test_envelope_time.py`` holds it equal)."""
    global _last_minute
    minute, within = divmod(micros, _MINUTE)
    last = _last_minute  # one read: another thread may replace it meanwhile
    if last[0] == minute:
        text = last[1]
    else:
        text = (_EPOCH + minute * _ONE_MINUTE).isoformat(timespec="minutes")[:-6]  # no +00:00
        _last_minute = (minute, text)
    seconds, fraction = divmod(within, 1_000_000)
    return f"{text}:{seconds:02d}.{fraction:06d}+00:00"


def pack_time(recorded_at: str) -> tuple[int | None, str | None]:
    """``(microseconds, None)`` when the text is exactly what those microseconds format to
    (UTC, six decimals: what ``utc_now`` writes), else ``(None, text)``.

    Only the one shape ``utc_now`` writes is tried (32 ASCII characters, the separators
    ``--T::.`` in their places, ``+00:00``; ``fromisoformat`` takes only digits between
    them); a text of that shape that is a real moment is exactly what ``isoformat`` writes
    for it (fixed widths, every field zero-padded), so the microseconds give it back
    (``tests/ledger/test_envelope.py`` checks both ways). The bulk import's hot path."""
    if (
        len(recorded_at) != 32
        or recorded_at[4:20:3] != "--T::."
        or recorded_at[26:] != "+00:00"
        or not recorded_at.isascii()
    ):
        return None, recorded_at
    day = _DAYS.get(recorded_at[:10])
    if day is not None:  # a date met before: the clock's digits make the rest
        hh, mm, ss, fraction = (
            recorded_at[11:13],
            recorded_at[14:16],
            recorded_at[17:19],
            recorded_at[20:26],
        )
        if (hh + mm + ss + fraction).isdigit() and hh < "24" and mm < "60" and ss < "60":
            seconds = ((day * 24 + int(hh)) * 60 + int(mm)) * 60 + int(ss)
            return seconds * 1_000_000 + int(fraction), None
    return _pack_time(recorded_at)


_DAY = 86_400_000_000
"""Microseconds in a day."""
_DAYS: dict[str, int] = {}
"""The dates (``YYYY-MM-DD``) of times ``_pack_time`` packed, each as days since 1970:
a time of a known date whose clock is plain digits within range (``HH < 24``, ``MM`` and
``SS < 60``, six decimals) is that day's moment, exactly as ``isoformat`` writes it
(``tests/ledger/test_envelope_time.py`` holds both ways equal). At most ``_DAYS_KEPT``."""
_DAYS_KEPT = 4096


def _pack_time(recorded_at: str) -> tuple[int | None, str | None]:
    """``pack_time`` the whole way (a text of the right shape), the date kept if it packs."""
    try:
        moment = datetime.fromisoformat(recorded_at)
    except ValueError:  # a letter for a digit, a month 13, a 25th hour...
        return None, recorded_at
    # ``_format_time`` of the microseconds is this very moment's text (integer arithmetic)
    if moment.isoformat(timespec="microseconds") != recorded_at:  # a 24:00 read as midnight
        return None, recorded_at
    micros = (moment - _EPOCH) // _MICROSECOND
    if len(_DAYS) >= _DAYS_KEPT:
        _DAYS.clear()
    _DAYS[recorded_at[:10]] = micros // _DAY
    return micros, None


def unpack_time(micros: Any, text: Any) -> str:
    """The recorded time's text from its two stored columns. A value an edit left that is
    no time is shown as text (the event's hash then says it was altered)."""
    if micros is None:
        return "" if text is None else str(text)
    if isinstance(micros, int):
        try:
            return _format_time(micros)
        except OverflowError:
            pass
    return str(micros)


def db_rows(
    rows: Iterable[tuple[Any, ...]], type_id: Callable[[str], int]
) -> Iterator[tuple[Any, ...]]:
    """The stored rows of ``hashing.chain_rows``' events: game, seq, event id (bytes), type
    id, type version, actor, payload, recorded (µs or ``None``), recorded text, hash."""
    for game, seq, event_id, type_, version, actor, payload, at, digest in rows:
        micros, text = pack_time(at)
        yield (
            game,
            seq,
            pack_id(event_id),
            type_id(type_),
            version,
            actor,
            payload,
            micros,
            text,
            digest,
        )


def stored_event(row: tuple[Any, ...]) -> StoredEvent:
    """A ``StoredEvent`` from a row of the stored columns (the type already its name)."""
    game, seq, event_id, type_, version, actor, payload, micros, text, digest = row
    return _new(
        StoredEvent,
        (
            game, seq, unpack_id(bytes(event_id)), type_, version, actor, bytes(payload),
            unpack_time(micros, text), bytes(digest),
        ),
    )  # fmt: skip


_new: Callable[[type[StoredEvent], tuple[Any, ...]], StoredEvent] = tuple.__new__
"""Makes a ``StoredEvent`` of its nine values without the named tuple's ``__new__``."""
