"""The hash chain: a genesis hash per game, one hash per event, and the check of a chain.

The genesis hash covers the game's uid and its encoded header. Each event's hash covers
the previous hash (the link is in the hash: schema 2 does not store it beside) and a
canonical msgpack of everything stored about the event except its local game id and
position (so an exported and re-imported game keeps its hashes). An edit shows up as a
hash that does not match; a deletion or a reordering as a gap or a number out of place
(event numbers are contiguous and unique per game); a rewrite of the whole log is caught
by comparing the head hash with the short hash the players noted.
"""

from __future__ import annotations

import hashlib
from collections import Counter
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from typing import Any

import msgpack

from tablelog.ledger.errors import ChainBroken
from tablelog.ledger.records import ChainedRecord, ChainProblem, NewEvent, StoredEvent, utc_now

__all__ = [
    "chain_intact",
    "chain_rows",
    "event_hash",
    "event_hasher",
    "genesis_hash",
    "recomputed_heads",
    "short_hash",
    "verify_records",
]

_GENESIS_TAG = b"tablelog/genesis/v1\x00"
_sha256 = hashlib.sha256
_packb = msgpack.packb


def genesis_hash(uid: str, header: bytes) -> bytes:
    """The hash a game's chain starts from: it covers the game's uid and header bytes."""
    return _sha256(_GENESIS_TAG + _packb([uid, header], use_bin_type=True)).digest()


def event_hash(
    prev: bytes,
    seq: int,
    event_id: str,
    type: str,
    type_version: int,
    actor: int | None,
    payload: bytes,
    recorded_at: str,
) -> bytes:
    """An event's hash: sha256 of the previous hash and a canonical msgpack of its fields."""
    fields = [seq, event_id, type, type_version, actor, payload, recorded_at]
    return _sha256(prev + _packb(fields, use_bin_type=True)).digest()


def event_hasher() -> Callable[..., bytes]:
    """``event_hash`` with a packer of its own, made once (a reader that hashes every
    event of a file), called with the same arguments: for one thread at a time."""
    pack = msgpack.Packer(use_bin_type=True, autoreset=True).pack
    sha256 = _sha256

    def hashed(prev: bytes, *fields: Any) -> bytes:
        return sha256(prev + pack(fields)).digest()  # a tuple packs as the list does

    return hashed


def short_hash(h: bytes) -> str:
    """A hash as players note it, like a git short hash: its first 10 hex digits."""
    return h.hex()[:10]


def chain_rows(
    game: int,
    prev: bytes,
    events: Iterable[NewEvent],
    hashes: Sequence[bytes] | None = None,
    *,
    first_seq: int = 1,
    linked: bool = False,
) -> Iterator[tuple[Any, ...]]:
    """Rows for the ``events`` table, seq ``first_seq`` onwards, chained from ``prev`` (the
    genesis hash, or the hash of the event before ``first_seq``).

    If ``hashes`` (an export file's claims for a whole game) are given, each is checked as
    the rows are made: the first that differs, or a count that differs, raises ChainBroken.
    Rows: game, seq, event_id, type, type_version, actor, payload, recorded_at, hash (the
    fields of a ``StoredEvent``; ``envelope.db_rows`` makes the stored rows of them).
    The hash is ``event_hash``'s, computed inline with one packer (the bulk import's hot path).

    ``linked``: the caller has already checked that each of ``hashes`` is ``event_hash`` of
    its event and the hash before it, from ``prev`` (``replay.jsonl``'s reader does, line
    by line): the hashes are taken as they are instead of computed a second time. The
    counts are still compared, and an event without a recorded time (which no checked
    hash can cover) has the whole chain computed.
    """
    if hashes is not None and first_seq != 1:
        raise ValueError("claimed hashes are checked for whole games only (first_seq 1)")
    if linked and hashes is not None:
        events = list(events)
        if len(events) == len(hashes) and all(e.recorded_at is not None for e in events):
            return _linked_rows(game, events, hashes)
    return _chained_rows(game, prev, events, hashes, first_seq)


def _linked_rows(
    game: int, events: Sequence[NewEvent], hashes: Sequence[bytes]
) -> Iterator[tuple[Any, ...]]:
    """``chain_rows`` of a whole game whose hashes the caller checked link by link."""
    for seq, (e, h) in enumerate(zip(events, hashes, strict=True), 1):
        yield (game, seq, e.event_id, e.type, e.type_version, e.actor, e.payload, e.recorded_at, h)


def _chained_rows(
    game: int,
    prev: bytes,
    events: Iterable[NewEvent],
    hashes: Sequence[bytes] | None,
    first_seq: int,
) -> Iterator[tuple[Any, ...]]:
    """``chain_rows`` with every hash computed (and checked against ``hashes``)."""
    pack = msgpack.Packer(use_bin_type=True, autoreset=True).pack
    sha256 = _sha256
    now: str | None = None
    claimed = iter(()) if hashes is None else iter(hashes)
    seq = first_seq - 1
    for seq, e in enumerate(events, first_seq):
        at = e.recorded_at
        if at is None:
            at = now = now or utc_now()
        fields = [seq, e.event_id, e.type, e.type_version, e.actor, e.payload, at]
        h = sha256(prev + pack(fields)).digest()
        if hashes is not None and next(claimed, None) != h:
            raise ChainBroken(seq, _import_mismatch(seq, hashes))
        yield (game, seq, e.event_id, e.type, e.type_version, e.actor, e.payload, at, h)
        prev = h
    if hashes is not None and len(hashes) != seq:
        raise ChainBroken(
            seq + 1,
            f"the export file lists a hash for event {seq + 1} but no such event"
            f" ({len(hashes)} hashes for {seq} events): it was edited after it was exported;"
            " nothing was imported",
        )


def _import_mismatch(seq: int, hashes: Sequence[bytes]) -> str:
    if seq > len(hashes):
        return (
            f"the export file has no hash for event {seq}: it lists {len(hashes)} hashes for"
            " more events; it was edited after it was exported, and nothing was imported"
        )
    return (
        f"event {seq} does not match the hash in the export file: the file was"
        " edited after it was exported; nothing was imported"
    )


def verify_records(
    genesis: bytes, records: Iterable[ChainedRecord], seqs: Iterable[int] | None = None
) -> list[ChainProblem]:
    """Recompute a game's chain from ``genesis`` over ``records`` in the order they were written.

    Returns the problems in that order (empty when the chain is sound); the first one is
    what a user should be shown. ``seqs``, the events' numbers in the same order, lets the
    records stream through once (a store reads the small numbers first); without it the
    records are held to count them.

    The order tells what was removed, inserted or moved (the numbers are contiguous and
    unique per game: a gap, a repeat or a number out of place); each event's hash is then
    checked against the event numbered before it (``_Links``), wherever that one stands.
    """
    rows: Iterable[ChainedRecord]
    if seqs is None:
        rows = list(records)
        remaining = Counter(r.seq for r in rows)
    else:
        rows = records
        remaining = Counter(seqs)
    problems: list[ChainProblem] = []
    seen: set[int] = set()
    reported_late: set[int] = set()
    links = _Links(genesis)
    expected = 1
    highest = 0
    for r in rows:
        seq = r.seq
        remaining[seq] -= 1
        if seq in seen:
            problems.append(ChainProblem(seq, f"event {seq} appears twice in the log"))
        elif seq < expected:
            if seq not in reported_late:
                problems.append(_late(seq, highest))
        elif seq > expected:
            problems.extend(_jump(expected, seq, remaining, reported_late))
        problems.extend(links.see(r))
        seen.add(seq)
        expected = max(expected, seq + 1)
        highest = max(highest, seq)
    return problems


class _Links:
    """Each event's hash checked from the hash of the event numbered before it.

    ``known[seq]`` holds two candidates for that event's hash: the stored one and the one
    recomputed from its contents. They differ only at an altered event: when its contents
    were edited, the next event follows from the stored hash; when its hash was overwritten,
    from the recomputed one; so an edit is named at the edited event alone. The hash of the
    row written just before is a third candidate (after renumbered events, the next one
    still follows from the row before it). An event whose predecessor has not been seen
    (moved later, or removed: the order names it) waits for it, and the events after it are
    checked from its stored hash meanwhile. Only those entries and the last event's are
    held: memory stays bounded on a sound log.
    """

    def __init__(self, genesis: bytes) -> None:
        self.known: dict[int, tuple[bytes, ...]] = {0: (genesis,)}
        self.waiting: dict[int, ChainedRecord] = {}
        self.last = genesis

    def see(self, r: ChainedRecord) -> list[ChainProblem]:
        before = self.known.get(r.seq - 1)
        problems: list[ChainProblem] = []
        if before is None:  # its predecessor is missing or comes later
            self.waiting[r.seq] = r
            self.known[r.seq] = (r.hash,)
        else:
            problems = self._check(r, (*before, self.last))
        follower = self.waiting.pop(r.seq + 1, None)
        while follower is not None:  # a moved event's successors, now checkable
            before = self.known.get(follower.seq - 1)
            if before is None:  # a repeated number took its predecessor's place: wait on
                self.waiting[follower.seq] = follower
                break
            problems.extend(self._check(follower, before, keep=False))
            follower = self.waiting.pop(follower.seq + 1, None)
        self.last = r.hash
        return problems

    def _check(
        self, r: ChainedRecord, candidates: tuple[bytes, ...], keep: bool = True
    ) -> list[ChainProblem]:
        fields = (r.event_id, r.type, r.type_version, r.actor, r.payload, r.recorded_at)
        first = _safe_hash(candidates[0], r.seq, fields)
        matched = first == r.hash
        for prev in dict.fromkeys(candidates[1:]):
            if matched or prev == candidates[0]:
                continue
            matched = _safe_hash(prev, r.seq, fields) == r.hash
        self.known.pop(r.seq - 1, None)
        if keep:
            self.known[r.seq] = (r.hash,) if matched else (r.hash, first)
        if matched:
            return []
        rewritten = f"event {r.seq - 1} was" if r.seq > 1 else "the game's header was"
        return [
            ChainProblem(
                r.seq,
                f"event {r.seq} was altered after it was recorded: its hash does not match"
                f" its contents (or {rewritten} rewritten and given a new hash)",
            )
        ]


def _safe_hash(prev: bytes, seq: int, fields: tuple[Any, ...]) -> bytes:
    """``event_hash``, or an empty digest for values an edit made unhashable."""
    try:
        return event_hash(prev, seq, *fields)
    except (TypeError, ValueError, OverflowError):
        return b""


def _late(seq: int, after: int) -> ChainProblem:
    return ChainProblem(
        seq, f"event {seq} comes after event {after}: the log was reordered after it was recorded"
    )


def _jump(
    expected: int, seq: int, remaining: Counter[int], reported_late: set[int]
) -> list[ChainProblem]:
    """Problems for a log that jumps from ``expected - 1`` to ``seq``: each skipped event
    is either missing or written later (reordered)."""
    if seq - expected <= len(remaining):
        late = [s for s in range(expected, seq) if remaining[s] > 0]
    else:
        late = sorted(s for s, n in remaining.items() if n > 0 and expected <= s < seq)
    problems: list[ChainProblem] = []
    cursor = expected
    for s in [*late, seq]:
        if s > cursor:
            problems.append(ChainProblem(cursor, _missing(cursor, s)))
        if s < seq:
            problems.append(_late(s, seq))
            reported_late.add(s)
        cursor = s + 1
    return problems


def _missing(first: int, next_seq: int) -> str:
    last = next_seq - 1
    what = f"event {first} is" if first == last else f"events {first} to {last} are"
    return f"{what} missing: the log jumps from {first - 1} to {next_seq}"


def chain_intact(genesis: bytes, records: Iterable[ChainedRecord], first: int = 1) -> bool:
    """Whether ``records`` (in seq order) are exactly 1, 2, 3... each linked to the one
    before and matching its hash: the fast yes/no that reading a game pays for; when it is
    no, ``verify_records`` says what is wrong. With ``first`` N, the records are N, N+1...
    and ``genesis`` is the hash of event N-1 (the events added to a game held in memory)."""
    pack = msgpack.Packer(use_bin_type=True, autoreset=True).pack
    sha256 = _sha256
    prev = genesis
    for expected, r in enumerate(records, first):
        if r.seq != expected:
            return False
        fields = [r.seq, r.event_id, r.type, r.type_version, r.actor, r.payload, r.recorded_at]
        try:
            digest = sha256(prev + pack(fields)).digest()
        except (TypeError, ValueError, OverflowError):  # a value an edit made unpackable
            return False
        if digest != r.hash:
            return False
        prev = r.hash
    return True


def recomputed_heads(rows: Iterable[StoredEvent], geneses: Mapping[int, bytes]) -> dict[int, bytes]:
    """Each game's head as its events' contents give it: the chain recomputed from its
    genesis over ``rows`` (ordered by game, then seq), whatever the stored hashes say.
    A schema upgrade compares these before and after: equal heads mean every field the
    hashes cover reads back exactly (an altered game stays exactly as altered)."""
    heads = dict(geneses)
    for r in rows:
        game = r.game
        fields = (r.event_id, r.type, r.type_version, r.actor, r.payload, r.recorded_at)
        heads[game] = _safe_hash(heads.get(game, b""), r.seq, fields)
    return heads
