"""The hash chain: genesis and event hashes, short hashes, and finding what broke a chain."""

from __future__ import annotations

import hashlib
from typing import Any

import msgpack
import pytest
from hypothesis import given
from hypothesis import strategies as st

from tablelog.ledger import (
    ChainBroken,
    ChainProblem,
    NewEvent,
    StoredEvent,
    event_hash,
    genesis_hash,
    short_hash,
    verify_records,
)
from tablelog.ledger.hashing import chain_rows

GENESIS = genesis_hash("uid-1", b"header")
FIELDS = (3, "ev-3", "play", 1, 2, b"\x81\xa4card\xa27H", "2024-01-01T00:00:00+00:00")


def make_chain(count: int) -> list[StoredEvent]:
    """A sound chain of ``count`` events."""
    events = [
        NewEvent(f"ev-{n}", "note", 1, n % 3, bytes([n % 256]), f"2024-01-01T00:00:{n:02}")
        for n in range(1, count + 1)
    ]
    return [StoredEvent(*row) for row in chain_rows(1, GENESIS, events)]


def test_genesis_covers_uid_and_header() -> None:
    assert len(GENESIS) == 32
    assert genesis_hash("uid-1", b"header") == GENESIS
    assert genesis_hash("uid-2", b"header") != GENESIS
    assert genesis_hash("uid-1", b"header!") != GENESIS
    # no ambiguity from plain concatenation
    assert genesis_hash("ab", b"c") != genesis_hash("a", b"bc")


def test_event_hash_is_sha256_of_prev_and_canonical_msgpack() -> None:
    expected = hashlib.sha256(GENESIS + msgpack.packb(list(FIELDS), use_bin_type=True)).digest()
    assert event_hash(GENESIS, *FIELDS) == expected


@pytest.mark.parametrize("index", range(len(FIELDS)))
def test_every_field_changes_the_event_hash(index: int) -> None:
    changed: list[Any] = list(FIELDS)
    original = changed[index]
    changed[index] = None if original is not None else 0
    if isinstance(original, int):
        changed[index] = original + 1
    assert event_hash(GENESIS, *changed) != event_hash(GENESIS, *FIELDS)
    assert event_hash(b"\x00" * 32, *FIELDS) != event_hash(GENESIS, *FIELDS)


def test_short_hash_is_the_first_ten_hex_digits() -> None:
    assert short_hash(bytes.fromhex("0123456789abcdef" * 4)) == "0123456789"


def test_a_sound_chain_has_no_problems() -> None:
    chain = make_chain(20)
    assert verify_records(GENESIS, chain) == []
    assert chain[0].hash == event_hash(GENESIS, 1, *tuple(chain[0])[2:8])
    assert verify_records(GENESIS, []) == []


def test_a_chain_from_another_genesis_is_reported_at_event_1() -> None:
    problems = verify_records(genesis_hash("other", b""), make_chain(3))
    assert [p.seq for p in problems] == [1]
    assert problems[0].reason.startswith("event 1 was altered")  # or its genesis: see jsonl


def test_several_missing_events_are_one_problem() -> None:
    chain = make_chain(10)
    problems = verify_records(GENESIS, chain[:3] + chain[6:])
    assert problems == [ChainProblem(4, "events 4 to 6 are missing: the log jumps from 3 to 7")]


def test_a_moved_event_is_reported_where_it_belongs() -> None:
    chain = make_chain(8)
    moved = chain[:2] + chain[3:6] + [chain[2]] + chain[6:]
    problems = verify_records(GENESIS, moved)
    assert problems[0] == ChainProblem(
        3, "event 3 comes after event 4: the log was reordered after it was recorded"
    )
    assert [p.seq for p in problems].count(3) == 1


def test_a_duplicated_event_is_reported() -> None:
    chain = make_chain(4)
    problems = verify_records(GENESIS, [*chain, chain[1]])
    assert problems == [ChainProblem(2, "event 2 appears twice in the log")]


def test_a_rehashed_event_is_reported_at_the_next_one_and_a_lone_hash_edit_at_its_own():
    chain = make_chain(5)
    # event 3 rewritten with a freshly computed hash: event 4 no longer follows from it
    rehashed = chain[2]._replace(payload=b"forged")
    rehashed = rehashed._replace(hash=event_hash(chain[1].hash, *_fields(rehashed)))
    problems = verify_records(GENESIS, [*chain[:2], rehashed, *chain[3:]])
    assert [p.seq for p in problems] == [4]
    assert problems[0].reason.endswith("(or event 3 was rewritten and given a new hash)")
    # only event 3's stored hash overwritten: named at event 3 alone
    overwritten = chain[2]._replace(hash=b"\0" * 32)
    problems = verify_records(GENESIS, [*chain[:2], overwritten, *chain[3:]])
    assert [p.seq for p in problems] == [3]


def _fields(r: StoredEvent) -> tuple[Any, ...]:
    return (r.seq, r.event_id, r.type, r.type_version, r.actor, r.payload, r.recorded_at)


@given(size=st.integers(2, 12), data=st.data())
def test_any_shuffle_with_repeats_is_reported_and_never_crashes(
    size: int, data: st.DataObject
) -> None:
    chain = make_chain(size)
    picks = data.draw(st.lists(st.integers(0, size - 1), min_size=1, max_size=2 * size))
    damaged = [chain[i] for i in picks]
    problems = verify_records(GENESIS, damaged)
    streamed = verify_records(GENESIS, iter(damaged), [r.seq for r in damaged])
    assert problems == streamed
    seqs = [r.seq for r in damaged]
    if seqs != list(range(1, len(seqs) + 1)):
        assert problems  # anything but a start of the log, in order, is reported
    else:
        assert not problems  # (events cut off the end are found by the head hash)


def test_a_repeated_event_out_of_order_is_reported_not_a_crash() -> None:
    chain = make_chain(7)
    problems = verify_records(GENESIS, [chain[i - 1] for i in (1, 2, 5, 4, 5, 3, 6, 7)])
    late = "comes after event 5: the log was reordered after it was recorded"
    assert problems == [
        ChainProblem(3, f"event 3 {late}"),
        ChainProblem(4, f"event 4 {late}"),
        ChainProblem(5, "event 5 appears twice in the log"),
    ]


@given(
    size=st.integers(2, 30),
    data=st.data(),
    field=st.sampled_from(["event_id", "type", "type_version", "actor", "payload", "recorded_at"]),
)
def test_any_edit_is_found_at_the_edited_event(size: int, data: st.DataObject, field: str) -> None:
    chain = make_chain(size)
    index = data.draw(st.integers(0, size - 1))
    value = getattr(chain[index], field)
    new = {
        str: lambda v: v + "x",
        int: lambda v: v + 1,
        bytes: lambda v: v + b"x",
    }[type(value)](value)
    chain[index] = chain[index]._replace(**{field: new})
    problems = verify_records(GENESIS, chain)
    before = f"event {index}" if index else "the game's header"
    assert problems == [
        ChainProblem(
            index + 1,
            f"event {index + 1} was altered after it was recorded: its hash does not match"
            f" its contents (or {before} was rewritten and given a new hash)",
        )
    ]


@given(size=st.integers(3, 30), data=st.data())
def test_any_deletion_but_the_last_is_found(size: int, data: st.DataObject) -> None:
    chain = make_chain(size)
    index = data.draw(st.integers(0, size - 2))
    del chain[index]
    problems = verify_records(GENESIS, chain)
    assert problems[0].seq == index + 1
    assert problems[0].reason.startswith(f"event {index + 1} is missing")


@given(size=st.integers(2, 30), data=st.data())
def test_any_swap_of_neighbours_is_found(size: int, data: st.DataObject) -> None:
    chain = make_chain(size)
    index = data.draw(st.integers(0, size - 2))
    chain[index], chain[index + 1] = chain[index + 1], chain[index]
    problems = verify_records(GENESIS, chain)
    assert problems[0].seq == index + 1
    assert problems[0].reason.startswith(f"event {index + 1} comes after event {index + 2}")


def test_chain_rows_checks_claimed_hashes() -> None:
    chain = make_chain(3)
    events = [
        NewEvent(e.event_id, e.type, e.type_version, e.actor, e.payload, e.recorded_at)
        for e in chain
    ]
    hashes = [e.hash for e in chain]
    rows = list(chain_rows(1, GENESIS, events, hashes))
    assert [row[-1] for row in rows] == hashes
    prevs = [GENESIS, *hashes[:-1]]
    assert all(
        row[-1] == event_hash(prev, *row[1:8]) for prev, row in zip(prevs, rows, strict=True)
    )
    tail = list(chain_rows(1, hashes[0], events[1:], first_seq=2))
    assert [row[1] for row in tail] == [2, 3]
    assert [row[-1] for row in tail] == hashes[1:]
    with pytest.raises(ChainBroken) as info:
        list(chain_rows(1, GENESIS, events, [hashes[0], hashes[2], hashes[1]]))
    assert info.value.seq == 2
    with pytest.raises(ChainBroken, match="no hash for event 3") as info:
        list(chain_rows(1, GENESIS, events, hashes[:2]))
    assert info.value.seq == 3


@pytest.mark.parametrize(
    "damage",
    [
        lambda rows: rows[:4] + rows[5:],  # a middle event deleted
        lambda rows: [*rows[:3], rows[7], *rows[3:7], *rows[8:]],  # one moved
        lambda rows: [*rows[:5], rows[5], *rows[5:]],  # one twice
        lambda rows: rows,  # sound
    ],
    ids=["deleted", "moved", "twice", "sound"],
)
def test_streaming_with_the_numbers_first_finds_the_same_problems(damage: Any) -> None:
    rows = damage(make_chain(12))
    streamed = verify_records(GENESIS, iter(rows), [r.seq for r in rows])
    assert streamed == verify_records(GENESIS, rows)
