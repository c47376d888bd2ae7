"""The codec: payloads to msgpack and back, upcasting old versions, and clear failures."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, ClassVar

import attrs
import cattrs
import pytest
from hypothesis import given
from hypothesis import strategies as st

from tablelog.ledger import Codec, CodecError, pack, unpack


@attrs.frozen
class Spec:
    """A registry entry as ``rules.events.EventType`` has it."""

    cls: type
    version: int
    upcasters: dict[int, Callable[[dict[str, Any]], dict[str, Any]]] = attrs.field(factory=dict)


@attrs.frozen
class Bid:
    TYPE: ClassVar[str] = "bid"
    VERSION: ClassVar[int] = 1

    points: int
    suits: tuple[str, ...]


@attrs.frozen
class Seen:
    TYPE: ClassVar[str] = "seen"
    VERSION: ClassVar[int] = 1

    cards: frozenset[str]


@attrs.frozen
class PlayV1:
    """Version 1 of ``play``: the card as one text."""

    TYPE: ClassVar[str] = "play"
    VERSION: ClassVar[int] = 1

    card: str


@attrs.frozen
class PlayV2:
    """Version 2 of ``play``: rank and suit apart."""

    TYPE: ClassVar[str] = "play"
    VERSION: ClassVar[int] = 2

    rank: str
    suit: str


@attrs.frozen
class PlayV3:
    """Version 3 of ``play``: and whether it was played face down."""

    TYPE: ClassVar[str] = "play"
    VERSION: ClassVar[int] = 3

    rank: str
    suit: str
    face_down: bool


def split_card(fields: dict[str, Any]) -> dict[str, Any]:
    card = fields.pop("card")
    return {**fields, "rank": card[:-1], "suit": card[-1]}


def add_face_down(fields: dict[str, Any]) -> dict[str, Any]:
    return {**fields, "face_down": False}


def make_codec(play: Any = PlayV2, upcasters: dict[int, Any] | None = None) -> Codec:
    types = {
        "bid": Spec(Bid, 1),
        "seen": Spec(Seen, 1),
        "play": Spec(play, play.VERSION, upcasters if upcasters is not None else {1: split_card}),
    }
    return Codec(cattrs.Converter(), types)


def test_round_trip() -> None:
    codec = make_codec()
    bid = Bid(points=120, suits=("H", "S"))
    type_name, version, data = codec.encode(bid)
    assert (type_name, version) == ("bid", 1)
    assert isinstance(data, bytes)
    assert unpack(data) == {"points": 120, "suits": ["H", "S"]}
    assert codec.decode(type_name, version, data) == bid
    play = PlayV2("10", "H")
    assert codec.decode(*codec.encode(play)) == play
    seen = Seen(frozenset({"QS", "7H", "10D", "AC"}))
    encoded = codec.encode(seen)
    assert unpack(encoded[2]) == {"cards": ["10D", "7H", "AC", "QS"]}
    assert codec.decode(*encoded) == seen


def test_version_1_is_upcast_to_2_on_read() -> None:
    _, version, old = make_codec(PlayV1, {}).encode(PlayV1("10H"))
    assert version == 1
    assert make_codec().decode("play", 1, old) == PlayV2("10", "H")


def test_upcasts_go_step_by_step() -> None:
    codec = make_codec(PlayV3, {1: split_card, 2: add_face_down})
    assert codec.decode("play", 1, pack({"card": "QS"})) == PlayV3("Q", "S", False)
    assert codec.decode("play", 2, pack({"rank": "7", "suit": "D"})) == PlayV3("7", "D", False)


def test_a_missing_upcaster_is_a_codec_error() -> None:
    codec = make_codec(PlayV3, {2: add_face_down})
    with pytest.raises(CodecError, match="no upcaster from version 1 to 2"):
        codec.decode("play", 1, pack({"card": "QS"}))


def test_a_failing_upcaster_is_a_codec_error() -> None:
    with pytest.raises(CodecError, match="could not be upcast from version 1"):
        make_codec().decode("play", 1, pack({"rank": "Q"}))


def test_unknown_type_is_a_codec_error() -> None:
    with pytest.raises(CodecError, match="'trump' are not known to any installed rule set"):
        make_codec().decode("trump", 1, pack({}))


def test_newer_version_is_a_codec_error() -> None:
    with pytest.raises(CodecError, match="version 3, newer than this tablelog knows"):
        make_codec().decode("play", 3, pack({"rank": "Q", "suit": "S", "face_down": True}))


@pytest.mark.parametrize("data", [b"", b"\xc1", b"\x92\x01"], ids=["empty", "reserved", "short"])
def test_bad_bytes_are_a_codec_error(data: bytes) -> None:
    with pytest.raises(CodecError, match="not valid msgpack"):
        make_codec().decode("bid", 1, data)


def test_a_payload_that_does_not_fit_is_a_codec_error_naming_the_field() -> None:
    with pytest.raises(CodecError, match="do not fit Bid") as caught:
        make_codec().decode("bid", 1, pack({"points": "many"}))
    assert "(at points)" in str(caught.value)
    assert "sub-exception" not in str(caught.value)


def test_encoding_a_non_payload_is_a_codec_error() -> None:
    codec = make_codec()
    with pytest.raises(CodecError, match="no TYPE class variable"):
        codec.encode({"points": 1})
    with pytest.raises(CodecError, match="registered for PlayV2, not PlayV1"):
        codec.encode(PlayV1("QS"))


def test_types_registered_later_are_found() -> None:
    types: dict[str, Spec] = {}
    codec = Codec(cattrs.Converter(), types)
    with pytest.raises(CodecError):
        codec.encode(Bid(1, ()))
    types["bid"] = Spec(Bid, 1)
    assert codec.decode(*codec.encode(Bid(1, ()))) == Bid(1, ())


def test_pack_is_deterministic_whatever_the_key_order() -> None:
    one = pack({"b": 1, "a": {"y": [1, {"q": 1, "p": 2}], "x": None}})
    two = pack({"a": {"x": None, "y": [1, {"p": 2, "q": 1}]}, "b": 1})
    assert one == two
    assert unpack(one) == {"a": {"x": None, "y": [1, {"p": 2, "q": 1}]}, "b": 1}
    assert pack({1: "a", "1": "b"}) == pack({"1": "b", 1: "a"})


def test_sets_are_packed_as_sorted_lists() -> None:
    assert pack(frozenset({"b", "c", "a"})) == pack(["a", "b", "c"])
    assert pack({"s": {3, 1, 2}}) == pack({"s": [1, 2, 3]})


def test_pack_and_unpack_refuse_what_they_cannot_handle() -> None:
    with pytest.raises(CodecError, match="cannot encode object"):
        pack(object())
    with pytest.raises(CodecError, match="not valid msgpack"):
        unpack(b"\xc1")


plain = st.recursive(
    st.none() | st.booleans() | st.integers(-(2**63), 2**64 - 1) | st.text() | st.binary(),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(), inner, max_size=4),
    max_leaves=20,
)


@given(plain)
def test_unpack_inverts_pack(value: Any) -> None:
    assert unpack(pack(value)) == value


@pytest.mark.parametrize(
    "data",
    [
        b"\x91" * 100_000 + b"\xc0",  # arrays nested a hundred thousand deep
        b"\xdd\xff\xff\xff\xff",  # an array that claims four billion items
        b"\xdb\xff\xff\xff\xff" + b"x" * 10,  # a string that claims four gigabytes
        b"\x81\xa4card\xcf" + b"\xff" * 8,  # a 64-bit integer where a card belongs
        b"\x81\xa4card\xa3\xed\xa0\x80",  # a lone surrogate encoded as UTF-8
    ],
    ids=["deep", "huge-array", "huge-string", "huge-int", "surrogate"],
)
def test_hostile_bytes_are_a_codec_error(data: bytes) -> None:
    with pytest.raises(CodecError):
        make_codec().decode("play", 2, data)
    if not data.startswith(b"\x81\xa4card\xcf"):  # that one is valid msgpack, of no payload
        with pytest.raises(CodecError):
            unpack(data)
