"""Options, headers, events and the payload registry."""

from __future__ import annotations

from types import ModuleType

import attrs
import pytest

from tablelog.rules import karnoffel, registry
from tablelog.rules.cards import parse_card
from tablelog.rules.errors import IllegalEvent, OptionError
from tablelog.rules.events import Deal, Event, Undo, chance_payload, move_payload, payload
from tablelog.rules.karnoffel.events import Play
from tablelog.rules.options import Computed, option, read_options, specs_of
from tablelog.rules.protocol import Header, OptionSpec, Outcome, gather, resolve_options
from tablelog.rules.serial import converter

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
    assert str(error.with_label("Kari 7H")).startswith("event 14 (Kari 7H): the Devil")
    assert isinstance(error, ValueError)


def test_events_know_their_type_and_family():
    event = Event(1, 0, Play(parse_card("7H")))
    assert event.type == "karnoffel.play" and event.family == "move"
    assert event.move.kind == "play"
    assert Deal.FAMILY == "chance" and Undo.FAMILY == "meta"


def test_a_game_reads_its_old_type_names_and_no_other_game_does():
    karnoffel = registry.get("karnoffel").event_types()
    nordekasino = registry.get("nordekasino").event_types()
    assert karnoffel["play"].cls is Play and karnoffel["karnoffel.play"].cls is Play
    assert "play" not in nordekasino and "capture" in nordekasino
    assert nordekasino["capture"].cls is nordekasino["nordekasino.capture"].cls


def test_two_games_may_each_have_a_class_called_play():
    """The old global registry let a new game's ``Play`` replace the shared one."""

    @payload("other.play", family="move")
    @attrs.frozen
    class Play2:
        card: str

    Play2.__qualname__ = "Play"
    other = attrs.evolve(registry.get("karnoffel"), name="other", payloads=(Play2,))
    assert other.event_types()["other.play"].cls is Play2
    assert registry.get("karnoffel").event_types()["karnoffel.play"].cls is Play


def test_a_game_must_namespace_its_types_and_claim_each_name_once():
    karnoffel = registry.get("karnoffel")

    @payload("lead", family="move")
    @attrs.frozen
    class Bare:
        card: str

    with pytest.raises(ValueError, match="namespaced"):
        attrs.evolve(karnoffel, payloads=(*karnoffel.payloads, Bare))

    @payload("karnoffel.other", family="move", aliases=("play",))
    @attrs.frozen
    class Clash:
        card: str

    with pytest.raises(ValueError, match="claimed by both"):
        attrs.evolve(karnoffel, payloads=(*karnoffel.payloads, Clash))


def test_payload_fields_may_not_take_the_envelope_names():
    with pytest.raises(ValueError, match="reserved"):

        @payload("x.bad", family="move")
        @attrs.frozen
        class Bad:
            seq: int


def test_option_defaults_may_depend_on_the_seat_count():
    decks = OptionSpec("decks", Computed(lambda n: 1 + n // 5, "1 + players // 5"), "decks",
                       minimum=1, kind=int)  # fmt: skip
    assert resolve_options((decks,), {}, players=4) == {"decks": 1}
    assert resolve_options((decks,), {}, players=9) == {"decks": 2}
    assert resolve_options((decks,), {"decks": "3"}, players=4) == {"decks": 3}


@attrs.frozen
class _Declared:
    fast: bool = option(False, "play fast")
    decks: int = option(Computed(lambda n: 1 + n // 5, "1 + players // 5"), "decks", minimum=1)
    mode: str = option("a", "which mode", choices=("a", "b"))


def test_an_option_is_declared_once_as_a_field_and_its_spec_follows():
    fast, decks, mode = specs_of(_Declared)
    assert (fast.name, fast.type, fast.default, fast.help) == ("fast", bool, False, "play fast")
    assert (decks.name, decks.type, decks.minimum, str(decks.default)) == (
        "decks",
        int,
        1,
        "1 + players // 5",
    )
    assert (mode.name, mode.type, mode.choices) == ("mode", str, ("a", "b"))
    assert _Declared() == _Declared(fast=False, decks=1, mode="a")  # the unknown table's
    chosen = read_options(_Declared, specs_of(_Declared), {"mode": "b"}, players=10)
    assert chosen == _Declared(fast=False, decks=3, mode="b")


def test_an_option_of_another_type_is_refused_with_its_name():
    @attrs.frozen
    class Odd:
        ratio: float = option(0, "a ratio")

    with pytest.raises(TypeError, match=r"option Odd.ratio must be a bool, an int or a str"):
        specs_of(Odd)


def test_outcome_ranks_sides_with_ties():
    ranking = Outcome.by_score({0: (0, 2), 1: (1, 3), 2: (4,)}, {0: 5, 1: 7, 2: 5})
    assert ranking == ((1, 3), (0, 2, 4))
    outcome = Outcome(ranking, {"a": 7})
    assert outcome.winners == (1, 3)


def test_a_game_record_is_gathered_by_the_protocol_names():
    rules = karnoffel.RULES
    assert (rules.start, rules.parse, rules.format) == (
        karnoffel.initial_state,
        karnoffel.parse_move,
        karnoffel.format_move,
    )
    assert rules.payloads == karnoffel.PAYLOADS and rules.count is karnoffel.count
    assert rules.claims is None and rules.kinds is None  # optional, and Karnöffel names none
    assert (rules.title, rules.version) == ("Karnöffel", 1)
    names = dict(vars(karnoffel), count=ModuleType("count"))  # a submodule is no function
    again = gather(names, karnoffel.State, name="karnoffel", seats=(4, 4), view=karnoffel.shown)
    assert again.count is None and again.view is karnoffel.shown  # given words win
    assert (again.title, again.version) == ("Karnoffel", 1)  # the defaults


def test_a_game_lacking_a_protocol_function_is_refused_by_name():
    names = {k: v for k, v in vars(karnoffel).items() if k not in ("apply", "parse_move")}
    with pytest.raises(ValueError, match="karnoffel's rules lack apply, parse: the module"):
        gather(names, karnoffel.State, name="karnoffel", seats=(4, 4))


def test_a_payload_decorator_makes_the_frozen_attrs_class():
    @move_payload("x.lay", aliases=("lay",))
    class Lay:
        card: str
        count: int = 1

    @chance_payload("x.turned")
    class Turned:
        pass

    assert attrs.has(Lay) and Lay("7H") == Lay("7H", 1) and hash(Lay("7H")) == hash(Lay("7H"))
    with pytest.raises(attrs.exceptions.FrozenInstanceError):
        Lay("7H").card = "8H"
    assert (Lay.TYPE, Lay.FAMILY, Lay.ALIASES) == ("x.lay", "move", ("lay",))
    assert Turned.FAMILY == "chance"
    assert converter.structure(converter.unstructure(Lay("7H", 2)), Lay) == Lay("7H", 2)
