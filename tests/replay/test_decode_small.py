"""``Codec.decode`` remembers the objects of small payloads: what it answers is what a
decode of those bytes answers, on every event of seeded and physical random games of
every game, and a payload that does not decode is refused each time with its sentence."""

from __future__ import annotations

from typing import Any

import pytest

from tablelog.ledger import Codec, LedgerError, pack
from tablelog.ledger.codec import KEPT, SMALL
from tablelog.replay.codec import codec, encode_event
from tablelog.rules import registry
from tablelog.rules.serial import converter
from tests.replay.dealer_games import CONFIGS, header, played


@pytest.mark.parametrize(("name", "options", "n", "modes"), CONFIGS)
def test_every_event_decodes_as_a_fresh_codec_decodes_it(
    name: str, options: dict[str, Any], n: int, modes: tuple[str, ...]
) -> None:
    rules = registry.get(name)
    kept = codec(rules)
    remembered = small = 0
    for seed in (1, 2):
        for mode in modes:
            for _, _, event in played(rules, header(name, options, n, seed, mode), seed, mode):
                record = encode_event(rules, event)
                fresh = Codec(converter, rules.event_types())  # nothing remembered
                once = fresh.decode(record.type, record.type_version, record.payload)
                got = kept.decode(record.type, record.type_version, record.payload)
                assert got == once == event.payload
                assert type(got) is type(once)
                if len(record.payload) <= SMALL:
                    small += 1
                    again = kept.decode(record.type, record.type_version, bytes(record.payload))
                    remembered += again is got
    assert small > 50 and remembered == small


def test_a_small_payload_that_does_not_decode_is_refused_each_time() -> None:
    rules = registry.get("karnoffel")
    kept = Codec(converter, rules.event_types())
    bad = pack({"card": "1Z"})
    messages = set()
    for _ in range(3):
        with pytest.raises(LedgerError) as refused:
            kept.decode("karnoffel.play", 1, bad)
        messages.add(str(refused.value))
    assert len(messages) == 1 and "1Z" in messages.pop()
    with pytest.raises(LedgerError, match="not valid msgpack"):
        kept.decode("karnoffel.play", 1, b"\xc1")
    with pytest.raises(LedgerError, match="not known to any installed rule set"):
        kept.decode("nosuch.play", 1, pack({"card": "7H"}))
    assert not kept._small  # nothing that failed is remembered


def test_the_small_payloads_remembered_stay_bounded_and_big_ones_are_not() -> None:
    rules = registry.get("karnoffel")
    kept = Codec(converter, rules.event_types())
    for i in range(KEPT + 5):
        kept.decode("note", 1, pack({"text": f"{i}"}))
    assert 0 < len(kept._small) <= KEPT
    long_note = pack({"text": "x" * (SMALL + 1)})
    first = kept.decode("note", 1, long_note)
    assert kept.decode("note", 1, long_note) == first
    assert all(len(key[2]) <= SMALL for key in kept._small)
