"""The JSON Lines reader's shortcuts give what the full path gives.

Reading a file, simple payloads are packed and decoded once per distinct payload
(``replay.jsonlpayloads``), the envelope is taken out of the line instead of copied, each
hash is computed with a packer made once (``ledger.event_hasher``), and an import stores
the hashes the reader checked instead of computing the chain again (``linked``). On every
event of seeded and physical random games of every game, each record's bytes, payload and
hash equal the full path's; bad input gets the sentence it always got.
"""

from __future__ import annotations

import json
from typing import Any

import pytest

from tablelog.ledger import ChainBroken, Ledger, LedgerError, event_hash, pack, unpack
from tablelog.ledger.hashing import chain_rows, event_hasher, genesis_hash
from tablelog.replay.codec import codec, encode_event, encode_header
from tablelog.replay.jsonl import ENVELOPE, MalformedFile, export_lines, parse_lines
from tablelog.replay.jsonlpayloads import LIMIT, Payloads, simple_key
from tablelog.rules import registry
from tests.replay.dealer_games import CONFIGS, header, played


def _lines(name: str, options: dict[str, Any], n: int, seed: int, mode: str) -> list[str]:
    """One random game of ``name`` written as JSON Lines by the exporter."""
    rules = registry.get(name)
    hdr = header(name, options, n, seed, mode)
    events = [event for _, _, event in played(rules, hdr, seed, mode)]
    with Ledger(":memory:") as ledger:
        records = [encode_event(rules, e) for e in events]
        game = ledger.import_game(rules.name, rules.version, encode_header(hdr), records)
        return list(export_lines(ledger, game.id))


@pytest.mark.parametrize(("name", "options", "n", "modes"), CONFIGS)
def test_every_event_read_as_the_full_path_reads_it(
    name: str, options: dict[str, Any], n: int, modes: tuple[str, ...]
) -> None:
    rules = registry.get(name)
    full = codec(rules)
    files = [_lines(name, options, n, seed, mode) for seed in (1, 2) for mode in modes]
    games = parse_lines([line for lines in files for line in lines])  # one file, one cache
    checked = 0
    for lines, game in zip(files, games, strict=True):
        assert game.linked
        genesis = genesis_hash(game.uid, encode_header(game.header))
        prev = genesis
        for line, record, digest, event in zip(
            lines[1:], game.records, game.hashes, game.events, strict=True
        ):
            data = json.loads(line)
            fields = {k: v for k, v in data.items() if k not in ENVELOPE}
            blob = pack(fields)  # the full path: pack, then decode the bytes
            assert record.payload == blob
            assert event.payload == full.decode(data["type"], data["type_version"], blob)
            assert digest.hex() == data["hash"]
            assert digest == event_hash(
                prev, data["seq"], data["id"], data["type"], data["type_version"],
                data["actor"], blob, data["recorded_at"],
            )  # fmt: skip
            assert (event.seq, event.actor, event.id, event.recorded_at) == (
                data["seq"], data["actor"], data["id"], data["recorded_at"],
            )  # fmt: skip
            prev = digest
            checked += 1
        fast = list(chain_rows(1, genesis, game.records, game.hashes, linked=True))
        assert fast == list(chain_rows(1, genesis, game.records, game.hashes))
    assert checked > 100
    events = [e for game in games for e in game.events]
    shared = len(events) - len({id(e.payload) for e in events})
    assert shared > 10  # the shortcut was taken: payloads seen before were not decoded again


def test_the_hasher_is_event_hash() -> None:
    hashed = event_hasher()
    for args in [
        (b"\x00" * 32, 1, "e1", "deal", 1, None, b"\x81", "2026-01-01T00:00:00.000000+00:00"),
        (b"\x01" * 32, 7, "x" * 40, "play", 2, 3, b"", ""),
    ]:
        assert hashed(*args) == event_hash(*args)


def test_simple_keys_tell_every_json_value_apart() -> None:
    values: list[Any] = [1, True, "1", 0, False, None, "", [], ["a", "b"], "ab", ["ab"], 2]
    keys = [simple_key("play", 1, {"card": v}) for v in values]
    assert None not in keys
    assert len(set(keys)) == len(values)
    assert simple_key("play", 1, {"a": 1, "b": 2}) != simple_key("play", 1, {"b": 2, "a": 1})
    assert simple_key("play", 1, {"a": 1}) != simple_key("play", 2, {"a": 1})
    assert simple_key("play", 1, {"a": 1}) != simple_key("pass", 1, {"a": 1})
    # not simple: decimals (0.0 and -0.0 are equal in Python, not in msgpack), objects,
    # lists holding anything but text
    for odd in (0.0, -0.0, {"card": "7H"}, [1], [["7H"]], ["7H", None]):
        assert simple_key("play", 1, {"card": odd}) is None


def test_a_payload_seen_again_is_the_same_packed_payload() -> None:
    rules = registry.get("karnoffel")
    payloads = Payloads(codec(rules))
    first = payloads.packed("play", 1, {"card": "7H"})
    again = payloads.packed("play", 1, {"card": "7H"})
    assert again is first and first.blob == pack({"card": "7H"})
    body = payloads.body("play", 1, first)
    assert body == codec(rules).decode("play", 1, first.blob)
    assert payloads.body("play", 1, again) is body
    other = payloads.packed("play", 1, {"card": "8H"})
    assert other is not first and payloads.body("play", 1, other) != body


def test_a_bad_payload_is_refused_each_time_with_the_full_paths_sentence() -> None:
    rules = registry.get("karnoffel")
    full = codec(rules)
    payloads = Payloads(full)
    blob = pack({"card": "1Z"})
    with pytest.raises(LedgerError) as expected:
        full.decode("play", 1, blob)
    for _ in range(3):
        packed = payloads.packed("play", 1, {"card": "1Z"})
        with pytest.raises(LedgerError) as raised:
            payloads.body("play", 1, packed)
        assert str(raised.value) == str(expected.value)
    assert not payloads.known  # a payload that does not decode is not kept
    with pytest.raises(LedgerError) as newer:
        payloads.body("play", 99, payloads.packed("play", 99, {"card": "7H"}))
    assert "newer than this tablelog knows" in str(newer.value)


def test_the_cache_stays_bounded() -> None:
    payloads = Payloads(codec(registry.get("karnoffel")))
    for i in range(LIMIT + 10):
        payloads.packed("note", 1, {"text": f"note {i}"})
    assert 0 < len(payloads.known) <= LIMIT


def _file(name: str = "karnoffel") -> list[str]:
    return _lines(name, {}, 4, 1, "seeded")


def test_a_bad_card_in_a_file_is_named_as_before_even_when_seen_twice() -> None:
    lines = _file()
    plays = [i for i, line in enumerate(lines) if json.loads(line).get("type") == "karnoffel.play"]
    # the same bad card in two events; the first is refused, whatever the cache holds
    rules = registry.get("karnoffel")
    for index in plays[:2]:
        data = json.loads(lines[index])
        data["card"] = "1Z"
        fields = {k: v for k, v in data.items() if k not in ENVELOPE}
        prev = bytes.fromhex(json.loads(lines[index - 1])["hash"]) if index > 1 else None
        assert prev is not None
        data["hash"] = event_hash(
            prev, data["seq"], data["id"], data["type"], data["type_version"], data["actor"],
            pack(fields), data["recorded_at"],
        ).hex()  # fmt: skip
        lines[index] = json.dumps(data, separators=(",", ":"))
    first = json.loads(lines[plays[0]])
    with pytest.raises(LedgerError) as why:
        codec(rules).decode("karnoffel.play", 1, pack({"card": "1Z"}))
    with pytest.raises(MalformedFile) as refused:
        parse_lines(lines)
    assert str(refused.value) == (
        f"line {plays[0] + 1} (event {first['seq']}): not a valid 'karnoffel.play' event:"
        f" {why.value}"
    )


def test_fields_that_cannot_be_stored_are_named_as_before() -> None:
    lines = _file()
    data = json.loads(lines[3])
    data["huge"] = -(10**19 - 1)  # 19 digits, as a line may hold; below any int64
    lines[3] = json.dumps(data, separators=(",", ":"))
    fields = {k: v for k, v in data.items() if k not in ENVELOPE}
    with pytest.raises(LedgerError) as why:
        pack(fields)
    with pytest.raises(MalformedFile) as refused:
        parse_lines(lines)
    assert str(refused.value) == (
        f"line 4 (event {data['seq']}): the event's fields cannot be stored: {why.value}"
    )


def test_an_envelope_field_missing_or_wrong_is_named_as_before() -> None:
    lines = _file()
    data = json.loads(lines[2])
    del data["recorded_at"], data["id"]
    with pytest.raises(MalformedFile, match=r"^line 3: the event lacks recorded_at, id$"):
        parse_lines([*lines[:2], json.dumps(data), *lines[3:]])
    data = json.loads(lines[2])
    data["actor"] = "2"
    with pytest.raises(MalformedFile) as refused:
        parse_lines([*lines[:2], json.dumps(data), *lines[3:]])
    assert str(refused.value) == (
        f"line 3 (event {data['seq']}): the field 'actor' must be a seat number, or null, not \"2\""
    )


def test_an_altered_payload_is_read_undecoded_and_the_chain_unlinked() -> None:
    lines = _file()
    plays = (i for i, line in enumerate(lines) if json.loads(line).get("type") == "karnoffel.play")
    index = next(plays)
    data = json.loads(lines[index])
    data["card"] = "AS" if data["card"] != "AS" else "KS"  # the hash no longer holds
    lines[index] = json.dumps(data, separators=(",", ":"))
    (game,) = parse_lines(lines)
    assert not game.linked
    assert game.events[index - 1].payload is None
    assert unpack(game.records[index - 1].payload) == {"card": data["card"]}
    with pytest.raises(ChainBroken):
        list(chain_rows(1, genesis_hash(game.uid, encode_header(game.header)),
                        game.records, game.hashes))  # fmt: skip


def test_linked_rows_fall_back_to_the_whole_check_when_the_counts_differ() -> None:
    (game,) = parse_lines(_file())
    genesis = genesis_hash(game.uid, encode_header(game.header))
    short = game.hashes[:-1]
    for linked in (False, True):
        with pytest.raises(ChainBroken) as broken:
            list(chain_rows(1, genesis, game.records, short, linked=linked))
        assert "has no hash for event" in str(broken.value)
