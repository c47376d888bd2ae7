"""Options, headers, events and the payload registry."""

from __future__ import annotations

import attrs
import pytest

from rules.cards import parse_card
from rules.errors import IllegalEvent, OptionError
from rules.events import EVENT_TYPES, Event, Play, event_type
from rules.protocol import Header, OptionSpec, resolve_options
from rules.serial import converter

SPECS = (
    OptionSpec("fast", False, "play fast"),
    OptionSpec("target", 1, "points to win", minimum=1, maximum=9),
    OptionSpec("mode", "a", "which mode", choices=("a", "b")),
)


def test_options_are_read_from_text_and_defaults_fill_the_rest():
    assert resolve_options(SPECS, {"fast": "yes", "target": "3"}) == {
        "fast": True,
        "target": 3,
        "mode": "a",
    }


@pytest.mark.parametrize(
    ("given", "message"),
    [
        ({"speed": "1"}, "unknown option 'speed'"),
        ({"fast": "maybe"}, "takes true or false"),
        ({"target": "x"}, "takes a whole number"),
        ({"target": "0"}, "at least 1"),
        ({"target": "10"}, "at most 9"),
        ({"mode": "c"}, "one of a, b"),
    ],
)
def test_bad_options_are_refused_with_a_sentence(given, message):
    with pytest.raises(OptionError, match=message):
        resolve_options(SPECS, given)


def test_header_finds_seats_by_name_and_round_trips():
    header = Header("x", 1, ("Anna", "Bo"), {"fast": True}, dealer=1, seed=3)
    assert header.seat_of("bo") == 1
    with pytest.raises(KeyError):
        header.seat_of("Cai")
    assert converter.structure(converter.unstructure(header), Header) == header


def test_illegal_event_names_the_event_and_the_rule():
    event = Event(14, 0, Play(parse_card("7H")))
    error = IllegalEvent(event, "the Devil may not lead the first trick")
    assert str(error) == "event 14: the Devil may not lead the first trick"
    assert str(error.with_label("7H by Kari")).startswith("event 14 (7H by Kari): the Devil")
    assert isinstance(error, ValueError)


def test_events_know_their_type_and_family():
    event = Event(1, 0, Play(parse_card("7H")))
    assert event.type == "play" and event.family == "move"
    assert EVENT_TYPES["deal"].family == "chance" and EVENT_TYPES["undo"].family == "meta"


def test_payload_types_register_once_and_reserve_the_envelope_names():
    with pytest.raises(ValueError, match="already registered"):

        @event_type("play", family="move")
        @attrs.frozen
        class OtherPlay:
            card: str

    with pytest.raises(ValueError, match="reserved"):

        @event_type("bad-move", family="move")
        @attrs.frozen
        class Bad:
            seq: int

    assert "bad-move" not in EVENT_TYPES
