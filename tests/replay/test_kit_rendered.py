"""The kit reads what the outputs print (``replay.kit.rendered``): a renderer that skips
the privacy gate is caught, like a leaking view, in a seeded game and a physical one."""

from __future__ import annotations

import itertools
import random

import pytest

from tablelog.replay.dealer import sample
from tablelog.replay.gate import Gate
from tablelog.replay.kit import History
from tablelog.replay.kit.rendered import RENDERERS, Renderer, log_line
from tablelog.replay.kit.sample import SAMPLED
from tablelog.replay.kit.views import views_probe
from tablelog.replay.kit.walk import InvariantViolation, Step, walk
from tablelog.replay.notation import format_event_move
from tablelog.rules import registry
from tablelog.rules.events import Event
from tablelog.rules.protocol import Header
from tests.rules.playout_walk import random_events

GAMES = ["karnoffel", "nordekasino", "speahx", "vriddiot", "narrespillet"]


def leaking_log_line(gate: Gate, step: Step) -> str:
    """The log line written straight from the event, as the page wrote it before the gate."""
    if step.event is None:
        return ""
    return format_event_move(gate.rules, step.event.move, step.before, gate.header.players)


def dealt(name: str, seed: int | None) -> History:
    """A game of ``name`` for four, just dealt with every card entered (a seeded deal, or a
    physical one whose recorder typed every card)."""
    rules = registry.get(name)
    players = ("Anna", "Bo", "Cai", "Dina")
    header = Header(name, rules.version, players, rules.options_for({}, 4), 0, seed)
    step = rules.chance(rules.start(header))
    assert step is not None
    move = sample(step, random.Random(1))
    return History(header, (Event(1, move.actor, move.payload),))


def walk_with(name: str, history: History, renderers: tuple[Renderer, ...]) -> None:
    rules = registry.get(name)
    probe = views_probe(rules, history, SAMPLED, renderers)
    for step in walk(rules, history):
        probe.step(step, ())


@pytest.mark.parametrize("seed", [7, None], ids=["seeded", "physical"])
@pytest.mark.parametrize("name", GAMES)
def test_a_renderer_that_skips_the_gate_is_caught(name: str, seed: int | None):
    history = dealt(name, seed)
    walk_with(name, history, RENDERERS)  # the outputs as they are made hold
    with pytest.raises(InvariantViolation, match=r"leaking_log_line for \w+ names"):
        walk_with(name, history, (log_line, leaking_log_line))


@pytest.mark.parametrize("name", GAMES)
def test_card_names_are_found_as_the_look_behind_pattern_finds_them(name: str):
    """``_found`` keeps the names no letter precedes, exactly as a pattern opening with
    ``(?<![\\w♠♥♦♣])`` would find them: in words, glued to letters, digits or suits."""
    import re

    from tablelog.replay.kit.rendered import _found, _reader

    rules = registry.get(name)
    players = ("Anna", "Bo", "Cai", "Dina")
    header = Header(name, rules.version, players, rules.options_for({}, 4), 0, 1)
    deck = tuple(rules.deck(header))
    names, pattern = _reader(deck, rules.vocabulary.describe)
    slow = re.compile(r"(?<![\w♠♥♦♣])(?:" + pattern.pattern[3:])
    forms = sorted(names)[:40]
    glue = ["", " ", "1", "x", "♥", ",", "\n", "(", "of "]
    text = "".join(glue[i % len(glue)] + form for i, form in enumerate(forms * 3))
    found = [m.group() for m in _found(pattern, text)]
    assert found == [m.group() for m in slow.finditer(text)] and found


def leaking_jsonl_event(gate: Gate, step: Step) -> str:
    """A viewer's JSON Lines line written from the stored payload, skipping the gate."""
    from tablelog.rules.serial import converter

    if step.event is None:
        return ""
    return str(converter.unstructure(step.event.move.payload))


@pytest.mark.parametrize("name", GAMES)
def test_a_viewers_jsonl_line_that_skips_the_gate_is_caught(name: str):
    history = dealt(name, 7)
    with pytest.raises(InvariantViolation, match=r"leaking_jsonl_event for \w+ names"):
        walk_with(name, history, (leaking_jsonl_event,))


def played(name: str, seed: int | None, events: int = 80) -> History:
    """A game of ``name`` for four (seeded, or physical with every card entered), random
    legal moves and the dealer's steps for up to ``events`` events."""
    rules = registry.get(name)
    header = dealt(name, seed).header
    moves = itertools.islice(random_events(rules, header, 1 if seed is None else seed), events)
    return History(header, tuple(event for event, _ in moves))


@pytest.mark.parametrize("seed", [7, None], ids=["seeded", "physical"])
@pytest.mark.parametrize("name", GAMES)
def test_the_page_text_is_the_pages_json_and_its_names_those_read_whole(name, seed):
    """``page_moment`` writes its seats and places once each (``Printed``): the text is
    ``json.dumps`` of the page's data, and the names read part by part are those
    ``findall`` reads in the whole text."""
    import json

    from tablelog.replay.gate import Viewer
    from tablelog.replay.kit.rendered import Printed, _names_in, _reader, page_moment
    from tablelog.replay.page.frames import page_table

    rules = registry.get(name)
    history = played(name, seed)
    _, pattern = _reader(tuple(rules.deck(history.header)), rules.vocabulary.describe)
    printed = 0
    for step in walk(rules, history):
        for seat in (None, 0, 1):
            gate = Gate(rules, history.header, Viewer(seat))
            text = page_moment(gate, step)
            data = {"view": page_table(gate.view(step.state))}
            if step.event is not None:
                data["event"] = gate.text(step.before, step.event, step.state)
            assert text == json.dumps(data, ensure_ascii=False)
            assert _names_in(text, pattern) == set(pattern.findall(str(text)))
            printed += type(text) is Printed
    assert printed


def test_a_page_text_holding_a_mark_is_written_whole():
    """A text of the page's own that starts with ``MARK`` would be taken for a part: the
    page is then written as plain JSON, its names read whole."""
    import json

    from tablelog.replay.kit.rendered import MARK, Printed, _printed
    from tablelog.replay.page.frames import remembered

    rules = registry.get("speahx")
    history = dealt("speahx", 7)
    last = list(walk(rules, history))[-1]
    view = dict(page_table_of(rules, last.state))
    assert any(remembered(part) for part in view["seats"])
    for text, whole in ((f"{MARK}0", True), (f"{MARK}9", True), (f"x{MARK}1", False)):
        data = {"view": {**view, "facts": [["odd", text]]}}
        out = _printed(data)
        assert out == json.dumps(data, ensure_ascii=False)
        assert (type(out) is not Printed) == whole  # a mark inside a text is no mark


def page_table_of(rules, state, seat=None):
    from tablelog.replay.page.frames import page_table

    return page_table(rules.view(state, seat))


def leaking_page_moment(gate: Gate, step: Step) -> str:
    """The page's data of the first seat's view, whoever looks (written as ``Printed``)."""
    from tablelog.replay.kit.rendered import _printed

    return _printed({"view": page_table_of(gate.rules, step.state, 0)})


@pytest.mark.parametrize("name", GAMES)
def test_a_page_that_shows_another_seats_cards_is_caught_in_its_parts(name: str):
    history = dealt(name, 7)
    with pytest.raises(InvariantViolation, match=r"leaking_page_moment for \w+ names"):
        walk_with(name, history, (leaking_page_moment,))


@pytest.mark.parametrize("name", GAMES)
def test_a_text_is_known_exactly_when_every_name_read_in_it_is(name):
    """``_Reading.all_known`` (each part's cards found once, each text read whole once per
    state) answers as reading every name of the whole text and asking each of its cards."""
    from tablelog.replay.gate import Viewer
    from tablelog.replay.kit.rendered import _reader, _reading, page_moment

    rules = registry.get(name)
    history = played(name, 7)
    deck = tuple(rules.deck(history.header))
    names, pattern = _reader(deck, rules.vocabulary.describe)
    reading = _reading(deck, rules.vocabulary.describe)
    rng = random.Random(name)
    answers = set()
    for step in walk(rules, history):
        met: dict = {}
        for seat in (None, 0, 1):
            gate = Gate(rules, history.header, Viewer(seat))
            for text in (page_moment(gate, step), log_line(gate, step)):
                written = set(pattern.findall(str(text)))
                known = set(rng.sample(deck, rng.randrange(len(deck) + 1)))
                if rng.random() < 0.5:  # most of what is written known: a near miss
                    known |= {card for f in written for card in names[f]} - {rng.choice(deck)}
                expected = all(names[f] <= known for f in written)
                assert reading.all_known(text, known, met) == expected
                answers.add(expected)
    assert answers == {True, False}
