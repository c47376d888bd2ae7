"""JSON Lines, the lossless interchange format: export, read, verify and import.

A file holds one or more games. Each game is a header line::

    {"format": "tablelog", "version": 1, "rules": "karnoffel", "rules_version": 1,
     "options": {...}, "players": [...], "dealer": 0, "seed": 7,
     "uid": "...", "created": "...", "events": 21, "head": "3f2a9c01be"}

followed by one line per event: ``seq``, ``type``, ``type_version``, ``actor``, the
payload's fields (as stored, not upcast, so the bytes and hashes come back identical),
``recorded_at``, ``id`` and ``hash`` (hex). Import checks every line, the event count,
the hash chain and the legality of every event before it writes anything.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Iterable, Iterator
from typing import Any

import attrs

from tablelog.errors import Refusal, TablelogError
from tablelog.ledger import (
    Codec,
    LedgerError,
    LedgerStore,
    NewEvent,
    StoredEvent,
    genesis_hash,
    short_hash,
    unpack,
)
from tablelog.ledger.hashing import event_hasher, verify_records
from tablelog.replay.codec import codec, decode_header, encode_header, header_dict
from tablelog.replay.fold import Replayer
from tablelog.replay.jsonlimits import (
    MAX_LINE,
    MalformedFile,
    check_actor,
    check_envelope,
    check_header_extras,
    load_line,
    plainly_fits,
    read_text,
)
from tablelog.replay.jsonlpayloads import Payloads
from tablelog.replay.verify import Problem, Verification, check_log, refuse_altered
from tablelog.rules import registry
from tablelog.rules.events import Event
from tablelog.rules.frozen import frozen
from tablelog.rules.protocol import Header, RuleSet
from tablelog.rules.serial import converter

__all__ = [
    "FORMAT",
    "MalformedFile",
    "ParsedGame",
    "RefusedImport",
    "ViewerCopy",
    "chain_of",
    "export_lines",
    "file_lines",
    "iter_games",
    "parse_lines",
    "read_text",
    "verify_parsed",
]

FORMAT = "tablelog"
VERSION = 1
ENVELOPE = ("seq", "type", "type_version", "actor", "recorded_at", "id", "hash")
HEADER_EXTRA = ("format", "version", "uid", "created", "events", "head")


@frozen
class ParsedGame:
    """One game read from a file, not yet checked against the rules."""

    header: Header
    rules: RuleSet
    uid: str
    created: str
    records: tuple[NewEvent, ...]
    hashes: tuple[bytes, ...]
    events: tuple[Event, ...]
    head: str | None = None
    linked: bool = False
    """Whether the reader saw every event numbered 1, 2, 3... with a hash that follows
    from the hash before it (the genesis hash, for event 1): then ``chain_of`` has nothing
    to find and does not hash the log again (``False``: it checks the whole chain)."""
    encoded: tuple[Header, bytes] | None = None
    """A header and its ``encode_header`` bytes, as the reader made them once."""

    @property
    def header_bytes(self) -> bytes:
        """The header's canonical bytes (``encode_header``): the reader's, when they are of
        this very header (a copy with another header makes its own)."""
        encoded = self.encoded
        if encoded is not None and encoded[0] is self.header:
            return encoded[1]
        return encode_header(self.header)


def export_lines(ledger: LedgerStore, game: int) -> Iterator[str]:
    """The lines of one game's export (no trailing newlines). A game whose stored bytes
    were altered is refused (``Tampered``) before its first line: an export is the copy a
    table restores from, and must never carry an altered game as if it were sound."""
    record = ledger.game(game)
    rows = ledger.events(game)
    refuse_altered(record, rows, 0, "it is not exported")
    header = header_dict(decode_header(record.header))
    head = rows[-1].hash if rows else record.genesis
    line = {"format": FORMAT, "version": VERSION, **header}
    line.update(uid=record.uid, created=record.created, events=len(rows), head=short_hash(head))
    yield _dumps(line)
    for row in rows:
        yield _dumps(_event_line(row))


def _event_line(row: StoredEvent) -> dict[str, Any]:
    payload = unpack(row.payload)
    line: dict[str, Any] = {
        "seq": row.seq,
        "type": row.type,
        "type_version": row.type_version,
        "actor": row.actor,
    }
    line.update(payload)
    line.update(recorded_at=row.recorded_at, id=row.event_id, hash=row.hash.hex())
    return line


def _dumps(data: dict[str, Any]) -> str:
    return json.dumps(data, ensure_ascii=False, separators=(",", ":"))


def parse_lines(
    lines: Iterable[str], lookup: Callable[[str], RuleSet] = registry.get
) -> list[ParsedGame]:
    """Every game of a JSON Lines text, checked for form (not yet for the rules).

    ``lookup`` finds a rule set by name (the registry; the invariant kit passes the rule
    set under test, which need not be registered).
    """
    return list(iter_games(lines, lookup))


def iter_games(
    lines: Iterable[str], lookup: Callable[[str], RuleSet] = registry.get
) -> Iterator[ParsedGame]:
    """The games of a JSON Lines text one at a time, as ``parse_lines`` reads them: a file
    of any size is read holding one game in memory (give it an open file)."""
    current: _Builder | None = None
    payloads: dict[Codec, Payloads] = {}  # per rule set, for the whole file
    for number, raw in enumerate(lines, 1):
        if not raw.strip():
            continue
        data = load_line(raw, number)
        if data.get("format") == FORMAT:
            if current is not None:
                yield current.finish()
            current = _Builder.start(data, number, lookup, payloads)
        elif current is None:
            raise MalformedFile(
                f"line {number}: a tablelog file starts with a header line "
                '({"format": "tablelog", ...}), not an event'
            )
        else:
            current.add(data, number)
    if current is None:
        raise MalformedFile("the file holds no game: it has no tablelog header line")
    yield current.finish()


def _line_event(number: int, seq: object) -> str:
    """How a refusal names an event's line: ``line 3 (event 2)``."""
    return f"line {number} (event {seq})"


@attrs.define
class _Builder:
    header: Header
    rules: RuleSet
    extra: dict[str, Any]
    line: int
    payloads: Payloads
    """The rule set's payloads seen in this file, packed and decoded once each."""
    records: list[NewEvent] = attrs.Factory(list)
    hashes: list[bytes] = attrs.Factory(list)
    events: list[Event] = attrs.Factory(list)
    linked: bool = True
    """Every event so far numbered in turn, with a hash that follows from the one before."""
    hashed: Callable[..., bytes] = attrs.Factory(event_hasher)
    """``ledger.event_hash`` with a packer of its own."""
    encoded: bytes | None = None
    """The header's canonical bytes, made the first time they are needed."""

    @property
    def header_bytes(self) -> bytes:
        """``encode_header(self.header)``, made once for the game."""
        if self.encoded is None:
            self.encoded = encode_header(self.header)
        return self.encoded

    @property
    def genesis(self) -> bytes:
        """The genesis hash the file's chain should start from."""
        return genesis_hash(str(self.extra["uid"]), self.header_bytes)

    @classmethod
    def start(
        cls,
        data: dict[str, Any],
        number: int,
        lookup: Callable[[str], RuleSet],
        payloads: dict[Codec, Payloads],
    ) -> _Builder:
        if "view" in data:  # replay.export.jsonlview: one viewer's copy
            raise ViewerCopy(
                f"line {number}: this is {data['view']!s:.60}'s copy of a game (export --as),"
                " holding only the cards they saw and no hash chain, so it cannot reproduce"
                " the game: import the whole record (export --format jsonl, without --as)"
            )
        if data.get("version") != VERSION:
            raise MalformedFile(
                f"line {number}: tablelog file version {data.get('version')!r} "
                f"(this tablelog reads version {VERSION})"
            )
        missing = [k for k in ("rules", "rules_version", "players", "uid", "created", "events")
                   if k not in data]  # fmt: skip
        if missing:
            raise MalformedFile(f"line {number}: the header lacks {', '.join(missing)}")
        check_header_extras(data, number)
        fields = {k: v for k, v in data.items() if k not in HEADER_EXTRA}
        try:
            header = converter.structure(fields, Header)
        except Exception as error:
            raise MalformedFile(f"line {number}: the header is not valid ({error})") from None
        rules = lookup(header.rules)
        if header.rules_version > rules.version:
            raise MalformedFile(
                f"line {number}: recorded with {rules.name} version {header.rules_version}; "
                f"this tablelog knows version {rules.version}"
            )
        extra = {k: data[k] for k in HEADER_EXTRA if k in data}
        known = codec(rules)  # looked up once per game, not per event
        seen = payloads.get(known)
        if seen is None:
            seen = payloads[known] = Payloads(known)
        return cls(header, rules, extra, number, seen)

    def add(self, data: dict[str, Any], number: int) -> None:
        if not plainly_fits(data):  # a field missing or out of its form: named, refused
            missing = [k for k in ENVELOPE if k not in data]
            if missing:
                raise MalformedFile(f"line {number}: the event lacks {', '.join(missing)}")
            check_envelope(data, number)
        # the envelope fields out, the payload's fields left (``data`` is this line's own)
        seq, kind, version = data.pop("seq"), data.pop("type"), data.pop("type_version")
        actor, at, event_id = data.pop("actor"), data.pop("recorded_at"), data.pop("id")
        digest = bytes.fromhex(data.pop("hash"))
        try:
            packed = self.payloads.packed(kind, version, data)
        except LedgerError as error:
            where = _line_event(number, seq)
            raise MalformedFile(f"{where}: the event's fields cannot be stored: {error}") from None
        blob = packed.blob
        self.records.append(NewEvent(event_id, kind, version, actor, blob, at))
        hashes = self.hashes
        prev = hashes[-1] if hashes else self.genesis
        hashes.append(digest)
        if self.hashed(prev, seq, event_id, kind, version, actor, blob, at) != digest:
            body = None  # altered: not decoded; verify names it by its hash
            self.linked = False
        else:
            self.linked = self.linked and seq == len(hashes)
            if actor is not None and not 0 <= actor < len(self.header.players):
                check_actor(actor, len(self.header.players), _line_event(number, seq))
            try:
                body = self.payloads.body(kind, version, packed)
            except TablelogError as error:
                what = f"not a valid {kind!r} event"
                raise MalformedFile(f"{_line_event(number, seq)}: {what}: {error}") from None
        self.events.append(Event(seq, actor, body, at, event_id))

    def finish(self) -> ParsedGame:
        declared = self.extra.get("events")
        if declared != len(self.records):
            raise MalformedFile(
                f"the game whose header is on line {self.line} declares {declared} events "
                f"but the file holds {len(self.records)}: it was truncated or edited"
            )
        uid, created = str(self.extra["uid"]), str(self.extra["created"])
        return ParsedGame(
            self.header, self.rules, uid, created,
            tuple(self.records), tuple(self.hashes), tuple(self.events),
            _text_or_none(self.extra.get("head")), self.linked,
            (self.header, self.header_bytes),
        )  # fmt: skip


def _text_or_none(value: Any) -> str | None:
    return None if value is None else str(value)


def chain_of(game: ParsedGame) -> tuple[bytes, list[Problem]]:
    """A file's game's genesis hash and the problems of its hash chain (empty: sound)."""
    genesis = genesis_hash(game.uid, game.header_bytes)
    if game.linked:  # the reader checked each link as it read (``ParsedGame.linked``)
        return genesis, []
    rows = [
        StoredEvent(0, e.seq, r.event_id, r.type, r.type_version, r.actor, r.payload,
                    r.recorded_at or "", h)
        for e, r, h in zip(game.events, game.records, game.hashes, strict=True)
    ]  # fmt: skip
    return genesis, [_header_or_first(p.seq, p.reason) for p in verify_records(genesis, rows)]


def verify_parsed(game: ParsedGame, replayer: Replayer | None = None) -> Verification:
    """The chain and the rules checked for a game read from a file (folded into
    ``replayer`` when one is given, as ``check_log`` does)."""
    genesis, problems = chain_of(game)
    if not problems:
        illegal = check_log(game.rules, game.header, game.events, replayer)
        if illegal is not None:
            problems.append(illegal)
    head = short_hash(game.hashes[-1]) if game.hashes else short_hash(genesis)
    if game.head is not None and game.head != head and not problems:
        problems.append(
            Problem(
                0,
                f"the header line gives the head hash {game.head}, but the log leads to {head}:"
                " the header or the log was changed",
            )
        )
    return Verification.of(len(game.events), problems, head)


def _header_or_first(seq: int, reason: str) -> Problem:
    """Event 1's hash is computed from the header's: when it does not match, either may
    have been edited, and the reader is told so."""
    if seq == 1 and reason.startswith("event 1 was altered"):
        return Problem(
            0,
            "the header line or event 1 was altered after it was recorded: event 1's hash"
            " does not follow from this header and this event",
        )
    return Problem(seq, reason)


class ViewerCopy(MalformedFile):
    """A file written for one viewer (``export --format jsonl --as``): it holds only what
    they saw, so it cannot be imported or verified."""


class RefusedImport(Refusal, ValueError):
    """A file that is well formed but whose chain or rules fail: nothing is imported."""


def file_lines(path: str) -> Iterator[str]:
    """The lines of a JSON Lines file, read as they are needed: a file of any size holds
    one line in memory here, and a line is read no further than one character past the
    longest a tablelog line may be (``load_line`` then refuses it). A byte that is not
    UTF-8 is a ``MalformedFile`` naming its line."""
    try:
        handle = open(path, encoding="utf-8")  # noqa: SIM115 (closed below)
    except OSError as error:
        raise MalformedFile(f"cannot read {path}: {error.strerror or error}") from None
    number = 0
    with handle:
        try:
            while line := handle.readline(MAX_LINE + 1):
                number += 1
                yield line
        except UnicodeDecodeError as error:
            raise MalformedFile(
                f"line {number + 1}: a byte of the file is not UTF-8 text ({error.reason});"
                " the file was damaged or is not a tablelog export"
            ) from None
