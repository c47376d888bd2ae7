"""The limits on what a JSON Lines file may hold, checked line by line before use.

A file is data from anywhere: it may be damaged, edited by hand or written to break the
reader. Every line is bounded (length, nesting, digits, text) before it is parsed or
packed, and every field of an event's envelope is checked for its type and range, so a
bad file is refused with a sentence that names the line, the event and the field, never
with a traceback. An event whose hash does not match its contents is not decoded: it is
reported as altered (``verify``), which is what a changed byte means.
"""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

from tablelog.errors import InvalidInput

__all__ = [
    "MAX_DEPTH",
    "MAX_DIGITS",
    "MAX_LINE",
    "MAX_TEXT",
    "MalformedFile",
    "check_actor",
    "check_envelope",
    "check_header_extras",
    "load_line",
    "plainly_fits",
    "read_text",
]

MAX_LINE = 1 << 20
"""The longest line read, in characters: a deal for twenty players is a few kilobytes."""
MAX_DEPTH = 16
"""How deeply lists and objects may nest in a line (an event needs four or five)."""
MAX_DIGITS = 19
"""The most digits a number may have (every number stored fits in 64 bits)."""
MAX_TEXT = 10_000
"""The longest text value (a note, a name, an option) in characters."""
MAX_SEQ = 10_000_000
"""No game has more events than this."""


class MalformedFile(InvalidInput, ValueError):
    """A JSON Lines file that is not a tablelog log: names the line and the problem."""


def read_text(path: str) -> str:
    """The text of a JSON Lines file; ``MalformedFile`` naming the line of a byte that is
    not UTF-8, or of a line too long to be tablelog's."""
    try:
        data = Path(path).read_bytes()
    except OSError as error:
        raise MalformedFile(f"cannot read {path}: {error.strerror or error}") from None
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError as error:
        line = data.count(b"\n", 0, error.start) + 1
        raise MalformedFile(
            f"line {line}: byte {error.start + 1} of the file is not UTF-8 text"
            f" ({error.reason}); the file was damaged or is not a tablelog export"
        ) from None


def load_line(raw: str, number: int) -> dict[str, Any]:
    """One line as a JSON object, within the limits; ``MalformedFile`` naming the line."""
    if len(raw) > MAX_LINE:
        raise MalformedFile(
            f"line {number}: {len(raw)} characters long; a tablelog line is at most {MAX_LINE}"
        )
    try:
        data = _decode(raw)
    except RecursionError:  # the C scanner stops a deep nest cleanly; caught here
        raise MalformedFile(_too_deep(number)) from None
    except json.JSONDecodeError as error:
        raise MalformedFile(
            f"line {number}: not valid JSON ({error.msg} at column {error.colno}); "
            "the file may be truncated or edited"
        ) from None
    except _BadNumber as error:
        raise MalformedFile(f"line {number}: {error}") from None
    if not isinstance(data, dict):
        raise MalformedFile(f"line {number}: expected a JSON object, got {type(data).__name__}")
    bad = None if _plainly_within(raw) else _bad_text(data)
    if bad is not None:
        raise MalformedFile(_too_deep(number) if bad is _DEEP else f"line {number}: {bad}")
    return data


def _too_deep(number: int) -> str:
    return f"line {number}: lists and objects nested more than {MAX_DEPTH} deep"


def _plainly_within(raw: str) -> bool:
    """Whether the line's own text shows that ``_bad_text`` finds nothing in it, without
    walking it (the import's hot path): no text in it can be longer than the line, a lone
    surrogate needs a ``\\u`` escape or a character that is no UTF-8, and nesting deeper
    than ``MAX_DEPTH`` needs more opening brackets than that, which a line holding more
    has counted by how deep those outside its texts nest (``_depth``; the line has been
    decoded, so its texts and brackets pair as the decoder paired them). Any doubt: walk
    it."""
    if len(raw) > MAX_TEXT or "\\u" in raw:
        return False
    if raw.count("{") + raw.count("[") > MAX_DEPTH and _depth(raw) > MAX_DEPTH:
        return False
    if raw.isascii():
        return True
    try:
        raw.encode("utf-8")
    except UnicodeEncodeError:
        return False
    return True


_TEXTS = re.compile(r'"(?:[^"\\]|\\.)*"')
"""A JSON text with its quotes (escapes included): brackets inside one do not nest."""
_BRACKETS = {ord(c): None for c in map(chr, range(128)) if c not in "[]{}"}


def _depth(raw: str) -> int:
    """How deep the lists and objects of a line (ASCII or not) nest at most, counted from
    its brackets outside its texts. Only for a line the decoder took: on one that is no
    JSON (a ``]`` before its ``[``) the count may fall short of the nesting."""
    depth = deepest = 0
    for bracket in _TEXTS.sub("", raw).translate(_BRACKETS):
        if bracket in "[{":
            depth += 1
            deepest = max(deepest, depth)
        elif bracket in "]}":
            depth -= 1
    return deepest


class _BadNumber(ValueError):
    """A number in a line that tablelog never writes."""


def _int(text: str) -> int:
    if len(text.lstrip("-")) > MAX_DIGITS:
        raise _BadNumber(f"a number of {len(text.lstrip('-'))} digits; at most {MAX_DIGITS}")
    return int(text)


def _float(text: str) -> float:
    if len(text) > 40:
        raise _BadNumber(f"a number {len(text)} characters long; tablelog writes none so long")
    return float(text)


def _constant(text: str) -> float:
    raise _BadNumber(f"{text} is not a number tablelog writes")


_DECODER = json.JSONDecoder(parse_int=_int, parse_float=_float, parse_constant=_constant)
"""One decoder for every line (``json.loads`` with these hooks makes one a line)."""


def _decode(raw: str) -> Any:
    """``json.loads`` of one line with tablelog's number hooks."""
    if raw.startswith("\ufeff"):  # json.loads refuses a byte order mark, saying so
        return json.loads(raw, parse_int=_int, parse_float=_float, parse_constant=_constant)
    return _DECODER.decode(raw)


_DEEP = "nested too deep"


def _bad_text(value: Any, where: str = "", depth: int = 1) -> str | None:
    """What is wrong in ``value``: a text too long or with a lone surrogate, or nesting
    deeper than ``MAX_DEPTH`` (``_DEEP``); ``None`` if nothing."""
    if isinstance(value, str):
        if len(value) > MAX_TEXT:
            return f"the text{where} is {len(value)} characters long; at most {MAX_TEXT}"
        if not value.isascii():
            try:
                value.encode("utf-8")
            except UnicodeEncodeError:
                return f"the text{where} holds a lone surrogate (\\uD800-\\uDFFF): no character"
        return None
    if depth > MAX_DEPTH and isinstance(value, dict | list):
        return _DEEP
    if isinstance(value, dict):
        for key, item in value.items():
            found = _bad_text(key, f" of a field name{where}") or _bad_text(
                item, f" of {key!r}", depth + 1
            )
            if found is not None:
                return found
    elif isinstance(value, list):
        for item in value:
            found = _bad_text(item, where, depth + 1)
            if found is not None:
                return found
    return None


_HEX = frozenset("0123456789abcdef")


def _is_int(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _show(value: Any) -> str:
    text = json.dumps(value, ensure_ascii=False)
    return text if len(text) <= 40 else text[:40] + "…"


_ENVELOPE_FORMS: dict[str, tuple[str, Any]] = {
    "seq": ("a whole number from 1", lambda v: _is_int(v) and 1 <= v <= MAX_SEQ),
    "type": ("an event type's name (text)", lambda v: isinstance(v, str) and 0 < len(v) <= 100),
    "type_version": ("a version number from 1", lambda v: _is_int(v) and 1 <= v <= 10_000),
    "actor": ("a seat number, or null", lambda v: v is None or (_is_int(v) and 0 <= v < 1000)),
    "recorded_at": ("a time (text)", lambda v: isinstance(v, str) and len(v) <= 64),
    "id": ("an event id (text)", lambda v: isinstance(v, str) and 0 < len(v) <= 100),
    "hash": ("64 hexadecimal digits", lambda v: isinstance(v, str) and len(v) == 64
             and set(v) <= _HEX),
}  # fmt: skip


def plainly_fits(data: dict[str, Any]) -> bool:
    """Whether every envelope field is there and plainly of its form (the hot path; each
    test is one of ``_ENVELOPE_FORMS``' or narrower, so ``False`` only means: look for the
    missing fields, then field by field, with ``check_envelope``)."""
    try:
        seq, kind, version = data["seq"], data["type"], data["type_version"]
        actor, at, uid, digest = data["actor"], data["recorded_at"], data["id"], data["hash"]
    except KeyError:
        return False
    return (
        type(seq) is int
        and 1 <= seq <= MAX_SEQ
        and type(kind) is str
        and 0 < len(kind) <= 100
        and type(version) is int
        and 1 <= version <= 10_000
        and (actor is None or (type(actor) is int and 0 <= actor < 1000))
        and type(at) is str
        and len(at) <= 64
        and type(uid) is str
        and 0 < len(uid) <= 100
        and type(digest) is str
        and len(digest) == 64
        and not digest.strip("0123456789abcdef")
    )


_plainly_fits = plainly_fits  # the name the envelope tests have always used


def check_envelope(data: dict[str, Any], number: int) -> str:
    """Check the type and range of each envelope field of an event line; returns how the
    event is named in later messages (``line 7 (event 6)``)."""
    seq = data.get("seq")
    where = f"line {number} (event {seq})" if _is_int(seq) else f"line {number}"
    if plainly_fits(data):
        return where
    for field, (form, fits) in _ENVELOPE_FORMS.items():
        if not fits(data[field]):
            raise MalformedFile(
                f"{where}: the field {field!r} must be {form}, not {_show(data[field])}"
            )
    return where


def check_actor(actor: int | None, players: int, where: str) -> None:
    """An actor must be a seat at the table (or ``None``, the table itself)."""
    if actor is not None and not 0 <= actor < players:
        raise MalformedFile(
            f"{where}: the field 'actor' is seat {actor}, but the game has seats 0 to {players - 1}"
        )


def check_header_extras(data: dict[str, Any], number: int) -> None:
    """The header line's own fields (uid, created, event count) have the right types."""
    forms = {
        "uid": ("a game id (text)", lambda v: isinstance(v, str) and 0 < len(v) <= 100),
        "created": ("a time (text)", lambda v: isinstance(v, str) and len(v) <= 64),
        "events": ("the number of events", lambda v: _is_int(v) and 0 <= v <= MAX_SEQ),
        "head": ("a short hash (text)", lambda v: v is None or isinstance(v, str)),
    }
    for field, (form, fits) in forms.items():
        if field in data and not fits(data[field]):
            raise MalformedFile(
                f"line {number}: the header's field {field!r} must be {form},"
                f" not {_show(data[field])}"
            )
